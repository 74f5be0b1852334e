// SPDX-License-Identifier: GPL-2.0
/*
 * fred_tc.c - tc syntax of the "fred" qdisc (Flow Random Early Drop); the
 * RED words are tc-red's, in packets as FRED counts:
 *
 *   fred [ limit PACKETS ] [ min PACKETS ] [ max PACKETS ] [ probability P ]
 *        [ burst PACKETS ] [ avpkt BYTES ] [ bandwidth RATE ]
 *        [ minq PACKETS ] [ maxq PACKETS ] [ flows N ] [ timeout TIME ]
 *        [ ecn ] [ seed N ]
 *
 * ecn is always sent (as tc-red sends its flags): a change without it
 * turns it off. Everything else only when given. Range and consistency
 * checks are the kernel's (extack).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tcopt.h"
#include "fred.h"

static const char fred_usage[] =
	"Usage: ... fred [ limit PACKETS ] [ min PACKETS ] [ max PACKETS ] [ probability P ]\n"
	"                [ burst PACKETS ] [ avpkt BYTES ] [ bandwidth RATE ]\n"
	"                [ minq PACKETS ] [ maxq PACKETS ] [ flows N ] [ timeout TIME ]\n"
	"                [ ecn ] [ seed N ]\n"
	"  limit        packets in the qdisc (default: txqueuelen)\n"
	"  min max      RED thresholds on the average queue, packets (default 5 15)\n"
	"  probability  RED's max_p (default 0.02)\n"
	"  burst        derives the average's weight, as tc-red (default from min, max)\n"
	"  avpkt bandwidth  the average's decay while idle (default 1000 10mbit)\n"
	"  minq         packets a flow may queue without early drop (default 2)\n"
	"  maxq         packets one flow may queue (default 0: the min threshold)\n"
	"  flows        size of the flow table (default 1024; fixed once created)\n"
	"  timeout      how long a drained flow keeps its strikes (default 0)\n"
	"  ecn          CE-mark ECT packets instead of RED's early drops\n"
	"  seed         seed of the random decisions and the flow hash (default: random)\n";

/* "0.02" -> parts of 2^32 (1 is 0xffffffff) */
static int fred_get_prob(const char *s, uint32_t *v)
{
	char *end;
	double p = strtod(s, &end);

	if (end == s || *end || !(p >= 0.0 && p <= 1.0))
		return -1;
	p = p * 4294967296.0 + 0.5;
	*v = p >= 4294967295.0 ? UINT32_MAX : (uint32_t)p;
	return 0;
}

enum fred_arg { ARG_U32, ARG_SIZE, ARG_RATE, ARG_TIME_US, ARG_PROB };

static const struct {
	const char *word;
	uint16_t type;
	enum fred_arg arg;
} fred_words[] = {
	{ "limit", TCA_FRED_LIMIT, ARG_U32 },
	{ "min", TCA_FRED_QTH_MIN, ARG_U32 },
	{ "max", TCA_FRED_QTH_MAX, ARG_U32 },
	{ "probability", TCA_FRED_PROBABILITY, ARG_PROB },
	{ "burst", TCA_FRED_BURST, ARG_U32 },
	{ "avpkt", TCA_FRED_AVPKT, ARG_SIZE },
	{ "bandwidth", TCA_FRED_BANDWIDTH, ARG_RATE },
	{ "minq", TCA_FRED_MINQ, ARG_U32 },
	{ "maxq", TCA_FRED_MAXQ, ARG_U32 },
	{ "flows", TCA_FRED_FLOWS, ARG_U32 },
	{ "timeout", TCA_FRED_TIMEOUT, ARG_TIME_US },
	{ "seed", TCA_FRED_SEED, ARG_U32 },
};

#define NWORDS (sizeof(fred_words) / sizeof(fred_words[0]))

static int fred_value(const char *s, enum fred_arg arg, uint32_t *v)
{
	uint64_t x;

	switch (arg) {
	case ARG_U32:
		return tcopt_get_u32(s, v);
	case ARG_PROB:
		return fred_get_prob(s, v);
	case ARG_SIZE:
		if (tcopt_get_size(s, &x))
			return -1;
		break;
	case ARG_RATE:
		if (tcopt_get_rate(s, &x))
			return -1;
		break;
	case ARG_TIME_US:
		if (tcopt_get_time(s, &x))
			return -1;
		x /= 1000;
		break;
	}
	if (x > UINT32_MAX)
		return -1;
	*v = (uint32_t)x;
	return 0;
}

static int fred_parse(int argc, char **argv, struct tcopt_buf *b,
		      struct tcopt_err *e)
{
	uint32_t ecn = 0;

	for (int i = 0; i < argc; i++) {
		const char *w = argv[i];
		uint32_t v;
		size_t k;

		if (strcmp(w, "ecn") == 0) {
			ecn = 1;
			continue;
		}
		for (k = 0; k < NWORDS; k++)
			if (strcmp(w, fred_words[k].word) == 0)
				break;
		if (k == NWORDS)
			return tcopt_fail(e, "What is \"%s\"?", w);
		if (++i >= argc)
			return tcopt_fail(e, "\"%s\" needs a value", w);
		if (fred_value(argv[i], fred_words[k].arg, &v))
			return tcopt_fail(e, "Illegal \"%s\"", w);
		tcopt_put_u32(b, fred_words[k].type, v);
	}
	tcopt_put_u32(b, TCA_FRED_ECN, ecn);
	return 0;
}

static void fred_print(const void *opt, size_t len, struct tcopt_out *o)
{
	static const enum tcopt_unit units[] = {
		[ARG_U32] = TCOPT_PLAIN, [ARG_SIZE] = TCOPT_BYTES,
		[ARG_RATE] = TCOPT_RATE, [ARG_TIME_US] = TCOPT_TIME_NS,
	};
	struct tcopt_attr tb[TCA_FRED_MAX + 1];
	char buf[32];

	if (tcopt_parse_attrs(tb, TCA_FRED_MAX, opt, len) < 0)
		return;
	for (size_t k = 0; k < NWORDS; k++) {
		const struct tcopt_attr *a = &tb[fred_words[k].type];
		uint64_t v;

		if (!a->data || a->len < sizeof(uint32_t))
			continue;
		v = tcopt_attr_u32(a);
		if (fred_words[k].arg == ARG_PROB) {
			if (!o->str)
				continue;
			snprintf(buf, sizeof(buf), "%g", v / 4294967296.0);
			o->str(o, fred_words[k].word, buf);
			continue;
		}
		if (fred_words[k].arg == ARG_TIME_US)
			v *= 1000;
		o->uint(o, fred_words[k].word, v, units[fred_words[k].arg]);
	}
	if (tb[TCA_FRED_ECN].data && tb[TCA_FRED_ECN].len >= sizeof(uint32_t) &&
	    tcopt_attr_u32(&tb[TCA_FRED_ECN]) && o->flag)
		o->flag(o, "ecn");
}

/* Is field f of the xstats struct inside the len bytes the kernel sent? */
#define XSTATS_HAS(len, f) \
	((len) >= offsetof(struct tc_fred_xstats, f) + \
		  sizeof(((struct tc_fred_xstats *)0)->f))

#define XSTAT(f) \
	do { \
		if (XSTATS_HAS(len, f)) \
			o->uint(o, #f, st.f, TCOPT_PLAIN); \
	} while (0)

static void fred_print_xstats(const void *xstats, size_t len,
			      struct tcopt_out *o)
{
	struct tc_fred_xstats st;

	/* An older kernel may send a shorter struct: print what is there. */
	memset(&st, 0, sizeof(st));
	memcpy(&st, xstats, len < sizeof(st) ? len : sizeof(st));

	XSTAT(maxq_drops);
	XSTAT(fair_drops);
	XSTAT(strike_drops);
	XSTAT(prob_drops);
	XSTAT(prob_marks);
	XSTAT(forced_drops);
	XSTAT(limit_drops);
	XSTAT(qavg_milli);
	XSTAT(active_flows);
	XSTAT(flows);
	XSTAT(evictions);
	XSTAT(overflows);
}

static const struct tcopt_kind fred_tcopt = {
	.kind = "fred",
	.usage = fred_usage,
	.parse = fred_parse,
	.print = fred_print,
	.print_xstats = fred_print_xstats,
	.nested = true,
};

TCOPT_REGISTER(fred_tcopt)
