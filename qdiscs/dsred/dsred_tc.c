// SPDX-License-Identifier: GPL-2.0
/*
 * dsred_tc.c - tc syntax of the "dsred" qdisc (double-slope RED), in
 * tc-red's words where tc-red has them, 001's names for the thresholds:
 *
 *   dsred [ limit BYTES ] [ kl BYTES ] [ km BYTES ] [ kh BYTES ] [ gamma G ]
 *         [ avpkt BYTES ] [ burst PACKETS | ewma WLOG ] [ bandwidth RATE ]
 *         [ ecn ] [ dropfront ] [ seed N ]
 *
 * The flags attribute is always sent (like tc-red): a change without `ecn`
 * turns ECN off. Everything else is sent only when given. Range and
 * consistency checks are the kernel's (extack).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tcopt.h"
#include "dsred.h"

static const char dsred_usage[] =
	"Usage: ... dsred [ limit BYTES ] [ kl BYTES ] [ km BYTES ] [ kh BYTES ] [ gamma G ]\n"
	"                 [ avpkt BYTES ] [ burst PACKETS | ewma WLOG ] [ bandwidth RATE ]\n"
	"                 [ ecn ] [ dropfront ] [ seed N ]\n"
	"  kl kh      drops start at kl; every arrival is dropped from kh (bytes)\n"
	"  km         where the two slopes meet (default: the midpoint; 0 = midpoint)\n"
	"  gamma      0..1: the drop probability at km is 1 - gamma (default 0.5)\n"
	"  burst      derives the EWMA weight (as tc-red); ewma gives it as 2^-WLOG\n"
	"  bandwidth  link rate, for the decay of the average while idle\n"
	"  ecn        mark ECT packets instead of early drops\n"
	"  dropfront  drops take the head of the queue (drop-from-front)\n"
	"  seed       seed of the drop decisions (default: random, always shown)\n";

/* "0.5" -> parts of 2^32; 1 maps to 0xffffffff. */
static int dsred_get_prob(const char *s, uint32_t *v)
{
	char *end;
	double p = strtod(s, &end);

	if (end == s || *end || !(p >= 0.0 && p <= 1.0))
		return -1;
	p = p * 4294967296.0 + 0.5;
	*v = p >= 4294967295.0 ? UINT32_MAX : (uint32_t)p;
	return 0;
}

static int dsred_get_size32(const char *s, uint32_t *v)
{
	uint64_t b;

	if (tcopt_get_size(s, &b) || b > UINT32_MAX)
		return -1;
	*v = (uint32_t)b;
	return 0;
}

/* A keyword followed by a size: put it, or fail with tc's message. */
static int dsred_size_arg(int argc, char **argv, int *i, uint16_t type,
			 struct tcopt_buf *b, struct tcopt_err *e)
{
	const char *key = argv[*i];
	uint32_t v;

	if (++*i >= argc)
		return tcopt_fail(e, "\"%s\" needs a value", key);
	if (dsred_get_size32(argv[*i], &v))
		return tcopt_fail(e, "Illegal \"%s\"", key);
	tcopt_put_u32(b, type, v);
	return 0;
}

static int dsred_u32_arg(int argc, char **argv, int *i, uint16_t type,
			struct tcopt_buf *b, struct tcopt_err *e)
{
	const char *key = argv[*i];
	uint32_t v;

	if (++*i >= argc)
		return tcopt_fail(e, "\"%s\" needs a value", key);
	if (tcopt_get_u32(argv[*i], &v))
		return tcopt_fail(e, "Illegal \"%s\"", key);
	tcopt_put_u32(b, type, v);
	return 0;
}

static int dsred_parse(int argc, char **argv, struct tcopt_buf *b,
		       struct tcopt_err *e)
{
	uint32_t flags = 0;

	for (int i = 0; i < argc; i++) {
		const char *w = argv[i];
		int err = 0;

		if (strcmp(w, "limit") == 0) {
			err = dsred_size_arg(argc, argv, &i, TCA_DSRED_LIMIT, b, e);
		} else if (strcmp(w, "kl") == 0) {
			err = dsred_size_arg(argc, argv, &i, TCA_DSRED_KL, b, e);
		} else if (strcmp(w, "km") == 0) {
			err = dsred_size_arg(argc, argv, &i, TCA_DSRED_KM, b, e);
		} else if (strcmp(w, "kh") == 0) {
			err = dsred_size_arg(argc, argv, &i, TCA_DSRED_KH, b, e);
		} else if (strcmp(w, "avpkt") == 0) {
			err = dsred_size_arg(argc, argv, &i, TCA_DSRED_AVPKT, b, e);
		} else if (strcmp(w, "burst") == 0) {
			err = dsred_u32_arg(argc, argv, &i, TCA_DSRED_BURST, b, e);
		} else if (strcmp(w, "ewma") == 0) {
			err = dsred_u32_arg(argc, argv, &i, TCA_DSRED_EWMA, b, e);
		} else if (strcmp(w, "seed") == 0) {
			err = dsred_u32_arg(argc, argv, &i, TCA_DSRED_SEED, b, e);
		} else if (strcmp(w, "gamma") == 0) {
			uint32_t g;

			if (++i >= argc)
				return tcopt_fail(e, "\"gamma\" needs a value");
			if (dsred_get_prob(argv[i], &g))
				return tcopt_fail(e, "Illegal \"gamma\"");
			tcopt_put_u32(b, TCA_DSRED_GAMMA, g);
		} else if (strcmp(w, "bandwidth") == 0) {
			uint64_t rate;

			if (++i >= argc)
				return tcopt_fail(e, "\"bandwidth\" needs a value");
			if (tcopt_get_rate(argv[i], &rate) || rate > UINT32_MAX)
				return tcopt_fail(e, "Illegal \"bandwidth\"");
			tcopt_put_u32(b, TCA_DSRED_BANDWIDTH, (uint32_t)rate);
		} else if (strcmp(w, "ecn") == 0) {
			flags |= DSRED_F_ECN;
		} else if (strcmp(w, "dropfront") == 0) {
			flags |= DSRED_F_DROPFRONT;
		} else {
			return tcopt_fail(e, "What is \"%s\"?", w);
		}
		if (err)
			return err;
	}
	tcopt_put_u32(b, TCA_DSRED_FLAGS, flags);
	return 0;
}

static bool has_u32(const struct tcopt_attr *a)
{
	return a->data && a->len >= sizeof(uint32_t);
}

static void dsred_print(const void *opt, size_t len, struct tcopt_out *o)
{
	struct tcopt_attr tb[TCA_DSRED_MAX + 1];
	char buf[32];
	uint32_t flags;

	if (tcopt_parse_attrs(tb, TCA_DSRED_MAX, opt, len) < 0)
		return;
	if (has_u32(&tb[TCA_DSRED_LIMIT]))
		o->uint(o, "limit", tcopt_attr_u32(&tb[TCA_DSRED_LIMIT]), TCOPT_BYTES);
	if (has_u32(&tb[TCA_DSRED_KL]))
		o->uint(o, "kl", tcopt_attr_u32(&tb[TCA_DSRED_KL]), TCOPT_BYTES);
	if (has_u32(&tb[TCA_DSRED_KM]) && tcopt_attr_u32(&tb[TCA_DSRED_KM]))
		o->uint(o, "km", tcopt_attr_u32(&tb[TCA_DSRED_KM]), TCOPT_BYTES);
	if (has_u32(&tb[TCA_DSRED_KH]))
		o->uint(o, "kh", tcopt_attr_u32(&tb[TCA_DSRED_KH]), TCOPT_BYTES);
	if (has_u32(&tb[TCA_DSRED_GAMMA])) {
		snprintf(buf, sizeof(buf), "%.6g",
			 tcopt_attr_u32(&tb[TCA_DSRED_GAMMA]) / 4294967296.0);
		o->str(o, "gamma", buf);
	}
	if (has_u32(&tb[TCA_DSRED_AVPKT]))
		o->uint(o, "avpkt", tcopt_attr_u32(&tb[TCA_DSRED_AVPKT]), TCOPT_BYTES);
	if (has_u32(&tb[TCA_DSRED_BURST]))
		o->uint(o, "burst", tcopt_attr_u32(&tb[TCA_DSRED_BURST]), TCOPT_PLAIN);
	if (has_u32(&tb[TCA_DSRED_EWMA]))
		o->uint(o, "ewma", tcopt_attr_u32(&tb[TCA_DSRED_EWMA]), TCOPT_PLAIN);
	if (has_u32(&tb[TCA_DSRED_BANDWIDTH]))
		o->uint(o, "bandwidth", tcopt_attr_u32(&tb[TCA_DSRED_BANDWIDTH]),
			TCOPT_RATE);
	if (has_u32(&tb[TCA_DSRED_FLAGS])) {
		flags = tcopt_attr_u32(&tb[TCA_DSRED_FLAGS]);
		if (flags & DSRED_F_ECN)
			o->flag(o, "ecn");
		if (flags & DSRED_F_DROPFRONT)
			o->flag(o, "dropfront");
	}
	if (has_u32(&tb[TCA_DSRED_SEED]))
		o->uint(o, "seed", tcopt_attr_u32(&tb[TCA_DSRED_SEED]), TCOPT_PLAIN);
}

#define XSTATS_HAS(len, f) \
	((len) >= offsetof(struct tc_dsred_xstats, f) + \
		  sizeof(((struct tc_dsred_xstats *)0)->f))

static void dsred_print_xstats(const void *xstats, size_t len,
			       struct tcopt_out *o)
{
	struct tc_dsred_xstats st;

	memset(&st, 0, sizeof(st));
	memcpy(&st, xstats, len < sizeof(st) ? len : sizeof(st));

	if (XSTATS_HAS(len, qavg))
		o->uint(o, "qavg", st.qavg, TCOPT_BYTES);
	if (XSTATS_HAS(len, ewma))
		o->uint(o, "ewma", st.ewma, TCOPT_PLAIN);
	if (XSTATS_HAS(len, km))
		o->uint(o, "km_used", st.km, TCOPT_BYTES);
	if (XSTATS_HAS(len, prob_drop))
		o->uint(o, "prob_drop", st.prob_drop, TCOPT_PLAIN);
	if (XSTATS_HAS(len, prob_mark))
		o->uint(o, "prob_mark", st.prob_mark, TCOPT_PLAIN);
	if (XSTATS_HAS(len, forced_drop))
		o->uint(o, "forced_drop", st.forced_drop, TCOPT_PLAIN);
	if (XSTATS_HAS(len, pdrop))
		o->uint(o, "pdrop", st.pdrop, TCOPT_PLAIN);
	if (XSTATS_HAS(len, head_drop))
		o->uint(o, "head_drop", st.head_drop, TCOPT_PLAIN);
}

static const struct tcopt_kind dsred_tcopt = {
	.kind = "dsred",
	.usage = dsred_usage,
	.parse = dsred_parse,
	.print = dsred_print,
	.print_xstats = dsred_print_xstats,
	.nested = true,
};

TCOPT_REGISTER(dsred_tcopt)
