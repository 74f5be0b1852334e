// SPDX-License-Identifier: GPL-2.0
/*
 * blue_tc.c - tc syntax of the "blue" qdisc:
 *
 *   blue [ limit PACKETS ] [ d1 PROB ] [ d2 PROB ] [ freeze TIME ]
 *        [ ecn | noecn ] [ seed N ]
 *
 * PROB is a probability written as a decimal fraction (0.02); on the wire
 * it is a u32 fixed-point value v / 2^32 (blue.h). Range checks are the
 * kernel's (the qdisc's netlink policy); the parser only rejects words that
 * are not numbers of the right shape.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tcopt.h"
#include "blue.h"

static const char blue_usage[] =
	"Usage: ... blue [ limit PACKETS ] [ d1 PROB ] [ d2 PROB ] [ freeze TIME ]\n"
	"                [ ecn | noecn ] [ seed N ]\n"
	"  limit   queue length in packets (default: the device's txqueuelen)\n"
	"  d1      marking probability increment on buffer overflow (default 0.02)\n"
	"  d2      marking probability decrement on an idle link (default 0.002)\n"
	"  freeze  minimum time between two changes of the probability (default 10ms)\n"
	"  ecn     mark ECN-capable packets instead of dropping them\n"
	"  seed    seed of the marking generator (default: random, always shown)\n";

/* "0.02" -> round(0.02 * 2^32), capped at BLUE_PROB_ONE; 0 <= p <= 1. */
static int blue_get_prob(const char *s, uint32_t *v)
{
	char *end;
	double p;

	if (!*s)
		return -1;
	p = strtod(s, &end);
	if (*end || !(p >= 0.0 && p <= 1.0))
		return -1;
	p = p * 4294967296.0 + 0.5;
	*v = p >= (double)BLUE_PROB_ONE ? BLUE_PROB_ONE : (uint32_t)p;
	return 0;
}

static int blue_parse(int argc, char **argv, struct tcopt_buf *b,
		      struct tcopt_err *e)
{
	for (int i = 0; i < argc; i++) {
		const char *w = argv[i];
		uint32_t v;

		if (strcmp(w, "ecn") == 0) {
			tcopt_put_u8(b, TCA_BLUE_ECN, 1);
			continue;
		}
		if (strcmp(w, "noecn") == 0) {
			tcopt_put_u8(b, TCA_BLUE_ECN, 0);
			continue;
		}
		if (strcmp(w, "limit") && strcmp(w, "d1") && strcmp(w, "d2") &&
		    strcmp(w, "freeze") && strcmp(w, "seed"))
			return tcopt_fail(e, "What is \"%s\"?", w);
		if (++i >= argc)
			return tcopt_fail(e, "\"%s\" needs a value", w);

		if (strcmp(w, "limit") == 0) {
			if (tcopt_get_u32(argv[i], &v))
				return tcopt_fail(e, "Illegal \"limit\"");
			tcopt_put_u32(b, TCA_BLUE_LIMIT, v);
		} else if (strcmp(w, "d1") == 0 || strcmp(w, "d2") == 0) {
			if (blue_get_prob(argv[i], &v))
				return tcopt_fail(e, "Illegal \"%s\" (a probability, 0..1)", w);
			tcopt_put_u32(b, w[1] == '1' ? TCA_BLUE_D1 : TCA_BLUE_D2, v);
		} else if (strcmp(w, "freeze") == 0) {
			uint64_t ns;

			if (tcopt_get_time(argv[i], &ns) || ns % 1000 ||
			    ns / 1000 > UINT32_MAX)
				return tcopt_fail(e, "Illegal \"freeze\"");
			tcopt_put_u32(b, TCA_BLUE_FREEZE, (uint32_t)(ns / 1000));
		} else {
			if (tcopt_get_u32(argv[i], &v))
				return tcopt_fail(e, "Illegal \"seed\"");
			tcopt_put_u32(b, TCA_BLUE_SEED, v);
		}
	}
	return 0;
}

static bool has_u32(const struct tcopt_attr *a)
{
	return a->data && a->len >= sizeof(uint32_t);
}

static void blue_print_prob(struct tcopt_out *o, const char *key, uint32_t v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%.6g", v / 4294967296.0);
	o->str(o, key, buf);
}

static void blue_print(const void *opt, size_t len, struct tcopt_out *o)
{
	struct tcopt_attr tb[TCA_BLUE_MAX + 1];

	if (tcopt_parse_attrs(tb, TCA_BLUE_MAX, opt, len) < 0)
		return;
	if (has_u32(&tb[TCA_BLUE_LIMIT]))
		o->uint(o, "limit", tcopt_attr_u32(&tb[TCA_BLUE_LIMIT]), TCOPT_PLAIN);
	if (has_u32(&tb[TCA_BLUE_D1]))
		blue_print_prob(o, "d1", tcopt_attr_u32(&tb[TCA_BLUE_D1]));
	if (has_u32(&tb[TCA_BLUE_D2]))
		blue_print_prob(o, "d2", tcopt_attr_u32(&tb[TCA_BLUE_D2]));
	if (has_u32(&tb[TCA_BLUE_FREEZE]))
		o->uint(o, "freeze",
			(uint64_t)tcopt_attr_u32(&tb[TCA_BLUE_FREEZE]) * 1000,
			TCOPT_TIME_NS);
	if (tb[TCA_BLUE_ECN].data && tb[TCA_BLUE_ECN].len >= 1 &&
	    *(const uint8_t *)tb[TCA_BLUE_ECN].data)
		o->flag(o, "ecn");
	if (has_u32(&tb[TCA_BLUE_SEED]))
		o->uint(o, "seed", tcopt_attr_u32(&tb[TCA_BLUE_SEED]), TCOPT_PLAIN);
}

#define XSTATS_HAS(len, f) \
	((len) >= offsetof(struct tc_blue_xstats, f) + \
		  sizeof(((struct tc_blue_xstats *)0)->f))

static void blue_print_xstats(const void *xstats, size_t len,
			      struct tcopt_out *o)
{
	struct tc_blue_xstats st;

	memset(&st, 0, sizeof(st));
	memcpy(&st, xstats, len < sizeof(st) ? len : sizeof(st));

	if (XSTATS_HAS(len, prob))
		blue_print_prob(o, "prob", st.prob);
	if (XSTATS_HAS(len, overflow_drops))
		o->uint(o, "overflow_drops", st.overflow_drops, TCOPT_PLAIN);
	if (XSTATS_HAS(len, early_drops))
		o->uint(o, "early_drops", st.early_drops, TCOPT_PLAIN);
	if (XSTATS_HAS(len, marks))
		o->uint(o, "marks", st.marks, TCOPT_PLAIN);
	if (XSTATS_HAS(len, increments))
		o->uint(o, "increments", st.increments, TCOPT_PLAIN);
	if (XSTATS_HAS(len, decrements))
		o->uint(o, "decrements", st.decrements, TCOPT_PLAIN);
	if (XSTATS_HAS(len, change_drops))
		o->uint(o, "change_drops", st.change_drops, TCOPT_PLAIN);
	if (XSTATS_HAS(len, qlen_max))
		o->uint(o, "qlen_max", st.qlen_max, TCOPT_PLAIN);
}

static const struct tcopt_kind blue_tcopt = {
	.kind = "blue",
	.usage = blue_usage,
	.parse = blue_parse,
	.print = blue_print,
	.print_xstats = blue_print_xstats,
	.nested = true,
};

TCOPT_REGISTER(blue_tcopt)
