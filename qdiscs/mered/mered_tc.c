// SPDX-License-Identifier: GPL-2.0
/*
 * mered_tc.c - tc syntax of the "mered" qdisc (Mice and Elephants over
 * adaptive RED); the RED words are tc-red's and ared's:
 *
 *   mered [ limit PACKETS ] [ mice BYTES ] [ timeout TIME ] [ flows N ]
 *         [ min BYTES ] [ max BYTES ] [ probability P ] [ burst PACKETS ]
 *         [ avpkt BYTES ] [ bandwidth RATE ] [ ecn ] [ dropfront ]
 *         [ seed N ]
 *
 * ecn and dropfront are always sent (as tc-red sends its flags): a change
 * without them turns them off. Everything else only when given. Range and
 * consistency checks are the kernel's (extack).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tcopt.h"
#include "mered.h"

static const char mered_usage[] =
	"Usage: ... mered [ limit PACKETS ] [ mice BYTES ] [ timeout TIME ] [ flows N ]\n"
	"                 [ min BYTES ] [ max BYTES ] [ probability P ] [ burst PACKETS ]\n"
	"                 [ avpkt BYTES ] [ bandwidth RATE ] [ ecn ] [ dropfront ] [ seed N ]\n"
	"  limit        packets in the qdisc, mice and elephants (default: txqueuelen)\n"
	"  mice         bytes a flow sends as a mouse, with priority (default 15000)\n"
	"  timeout      idle time after which a flow starts over as a mouse (default 1s)\n"
	"  flows        size of the flow table (default 1024; fixed once created)\n"
	"  min max      RED thresholds on the average backlog, bytes (default 15000 45000)\n"
	"  probability  initial max_p of adaptive RED for elephants (default 0.02)\n"
	"  burst avpkt  the RED average's weight, as tc-red (avpkt default 1000)\n"
	"  bandwidth    link rate, for the decay of the average while idle (default 10mbit)\n"
	"  ecn          CE-mark ECT elephants instead of early drops\n"
	"  dropfront    RED drops the oldest queued elephant instead of the arrival\n"
	"  seed         seed of the random decisions and the flow hash (default: random)\n";

/* "0.02" -> parts of 2^32 (1 is 0xffffffff) */
static int mered_get_prob(const char *s, uint32_t *v)
{
	char *end;
	double p = strtod(s, &end);

	if (end == s || *end || !(p >= 0.0 && p <= 1.0))
		return -1;
	p = p * 4294967296.0 + 0.5;
	*v = p >= 4294967295.0 ? UINT32_MAX : (uint32_t)p;
	return 0;
}

enum mered_arg { ARG_U32, ARG_SIZE, ARG_RATE, ARG_TIME_US, ARG_PROB };

static const struct {
	const char *word;
	uint16_t type;
	enum mered_arg arg;
} mered_words[] = {
	{ "limit", TCA_MERED_LIMIT, ARG_U32 },
	{ "mice", TCA_MERED_MICE, ARG_SIZE },
	{ "timeout", TCA_MERED_TIMEOUT, ARG_TIME_US },
	{ "flows", TCA_MERED_FLOWS, ARG_U32 },
	{ "min", TCA_MERED_QTH_MIN, ARG_SIZE },
	{ "max", TCA_MERED_QTH_MAX, ARG_SIZE },
	{ "probability", TCA_MERED_PROBABILITY, ARG_PROB },
	{ "burst", TCA_MERED_BURST, ARG_U32 },
	{ "avpkt", TCA_MERED_AVPKT, ARG_SIZE },
	{ "bandwidth", TCA_MERED_BANDWIDTH, ARG_RATE },
	{ "seed", TCA_MERED_SEED, ARG_U32 },
};

static int mered_value(const char *s, enum mered_arg arg, uint32_t *v)
{
	uint64_t x;

	switch (arg) {
	case ARG_U32:
		return tcopt_get_u32(s, v);
	case ARG_PROB:
		return mered_get_prob(s, v);
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

static int mered_parse(int argc, char **argv, struct tcopt_buf *b,
		       struct tcopt_err *e)
{
	uint32_t ecn = 0, dropfront = 0;

	for (int i = 0; i < argc; i++) {
		const char *w = argv[i];
		size_t k;

		if (strcmp(w, "ecn") == 0) {
			ecn = 1;
			continue;
		}
		if (strcmp(w, "dropfront") == 0) {
			dropfront = 1;
			continue;
		}
		for (k = 0; k < sizeof(mered_words) / sizeof(mered_words[0]); k++)
			if (strcmp(w, mered_words[k].word) == 0)
				break;
		if (k == sizeof(mered_words) / sizeof(mered_words[0]))
			return tcopt_fail(e, "What is \"%s\"?", w);
		{
			uint32_t v;

			if (++i >= argc)
				return tcopt_fail(e, "\"%s\" needs a value", w);
			if (mered_value(argv[i], mered_words[k].arg, &v))
				return tcopt_fail(e, "Illegal \"%s\"", w);
			tcopt_put_u32(b, mered_words[k].type, v);
		}
	}
	tcopt_put_u32(b, TCA_MERED_ECN, ecn);
	tcopt_put_u32(b, TCA_MERED_DROPFRONT, dropfront);
	return 0;
}

static bool has_u32(const struct tcopt_attr *a)
{
	return a->data && a->len >= sizeof(uint32_t);
}

static void mered_print(const void *opt, size_t len, struct tcopt_out *o)
{
	struct tcopt_attr tb[TCA_MERED_MAX + 1];
	char buf[32];

	if (tcopt_parse_attrs(tb, TCA_MERED_MAX, opt, len) < 0)
		return;
	if (has_u32(&tb[TCA_MERED_LIMIT]))
		o->uint(o, "limit", tcopt_attr_u32(&tb[TCA_MERED_LIMIT]), TCOPT_PLAIN);
	if (has_u32(&tb[TCA_MERED_MICE]))
		o->uint(o, "mice", tcopt_attr_u32(&tb[TCA_MERED_MICE]), TCOPT_BYTES);
	if (has_u32(&tb[TCA_MERED_TIMEOUT]))
		o->uint(o, "timeout",
			tcopt_attr_u32(&tb[TCA_MERED_TIMEOUT]) * 1000ULL,
			TCOPT_TIME_NS);
	if (has_u32(&tb[TCA_MERED_FLOWS]))
		o->uint(o, "flows", tcopt_attr_u32(&tb[TCA_MERED_FLOWS]), TCOPT_PLAIN);
	if (has_u32(&tb[TCA_MERED_QTH_MIN]))
		o->uint(o, "min", tcopt_attr_u32(&tb[TCA_MERED_QTH_MIN]), TCOPT_BYTES);
	if (has_u32(&tb[TCA_MERED_QTH_MAX]))
		o->uint(o, "max", tcopt_attr_u32(&tb[TCA_MERED_QTH_MAX]), TCOPT_BYTES);
	if (has_u32(&tb[TCA_MERED_PROBABILITY]) && o->str) {
		snprintf(buf, sizeof(buf), "%g",
			 tcopt_attr_u32(&tb[TCA_MERED_PROBABILITY]) / 4294967296.0);
		o->str(o, "probability", buf);
	}
	if (has_u32(&tb[TCA_MERED_BURST]))
		o->uint(o, "burst", tcopt_attr_u32(&tb[TCA_MERED_BURST]), TCOPT_PLAIN);
	if (has_u32(&tb[TCA_MERED_AVPKT]))
		o->uint(o, "avpkt", tcopt_attr_u32(&tb[TCA_MERED_AVPKT]), TCOPT_BYTES);
	if (has_u32(&tb[TCA_MERED_BANDWIDTH]))
		o->uint(o, "bandwidth", tcopt_attr_u32(&tb[TCA_MERED_BANDWIDTH]),
			TCOPT_RATE);
	if (has_u32(&tb[TCA_MERED_ECN]) && tcopt_attr_u32(&tb[TCA_MERED_ECN]) &&
	    o->flag)
		o->flag(o, "ecn");
	if (has_u32(&tb[TCA_MERED_DROPFRONT]) &&
	    tcopt_attr_u32(&tb[TCA_MERED_DROPFRONT]) && o->flag)
		o->flag(o, "dropfront");
	if (has_u32(&tb[TCA_MERED_SEED]))
		o->uint(o, "seed", tcopt_attr_u32(&tb[TCA_MERED_SEED]), TCOPT_PLAIN);
}

/* Is field f of the xstats struct inside the len bytes the kernel sent? */
#define XSTATS_HAS(len, f) \
	((len) >= offsetof(struct tc_mered_xstats, f) + \
		  sizeof(((struct tc_mered_xstats *)0)->f))

#define XSTAT(f, unit) \
	do { \
		if (XSTATS_HAS(len, f)) \
			o->uint(o, #f, st.f, unit); \
	} while (0)

static void mered_print_xstats(const void *xstats, size_t len,
			       struct tcopt_out *o)
{
	struct tc_mered_xstats st;

	/* An older kernel may send a shorter struct: print what is there. */
	memset(&st, 0, sizeof(st));
	memcpy(&st, xstats, len < sizeof(st) ? len : sizeof(st));

	XSTAT(mice_pkts, TCOPT_PLAIN);
	XSTAT(elephant_pkts, TCOPT_PLAIN);
	XSTAT(mice_drops, TCOPT_PLAIN);
	XSTAT(limit_drops, TCOPT_PLAIN);
	XSTAT(prob_drops, TCOPT_PLAIN);
	XSTAT(prob_marks, TCOPT_PLAIN);
	XSTAT(forced_drops, TCOPT_PLAIN);
	XSTAT(mice_qlen, TCOPT_PLAIN);
	XSTAT(elephant_qlen, TCOPT_PLAIN);
	XSTAT(qavg, TCOPT_BYTES);
	XSTAT(max_p, TCOPT_PLAIN);
	XSTAT(flows, TCOPT_PLAIN);
	XSTAT(evictions, TCOPT_PLAIN);
	XSTAT(overflows, TCOPT_PLAIN);
	XSTAT(busy_flows, TCOPT_PLAIN);
}

static const struct tcopt_kind mered_tcopt = {
	.kind = "mered",
	.usage = mered_usage,
	.parse = mered_parse,
	.print = mered_print,
	.print_xstats = mered_print_xstats,
	.nested = true,
};

TCOPT_REGISTER(mered_tcopt)
