// SPDX-License-Identifier: GPL-2.0
/*
 * ared_tc.c - tc syntax of the "ared" qdisc (Adaptive RED), in tc-red's
 * words where tc-red has them:
 *
 *   ared [ limit BYTES ] [ min BYTES ] [ max BYTES ] [ probability P ]
 *        [ avpkt BYTES ] [ burst PACKETS | ewma WLOG ] [ bandwidth RATE ]
 *        [ ecn ] [ dropfront ] [ nogentle ] [ noadapt ]
 *        [ interval TIME ] [ target LOW HIGH ] [ seed N ]
 *
 * The flags attribute is always sent (like tc-red): a change without `ecn`
 * turns ECN off. Everything else is sent only when given. Range and
 * consistency checks are the kernel's (extack).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tcopt.h"
#include "ared.h"

static const char ared_usage[] =
	"Usage: ... ared [ limit BYTES ] [ min BYTES ] [ max BYTES ] [ probability P ]\n"
	"                [ avpkt BYTES ] [ burst PACKETS | ewma WLOG ] [ bandwidth RATE ]\n"
	"                [ ecn ] [ dropfront ] [ nogentle ] [ noadapt ]\n"
	"                [ interval TIME ] [ target LOW HIGH ] [ seed N ]\n"
	"  probability  initial max_p, within [0.01, 0.5] while adaptive\n"
	"  burst        derives the EWMA weight (as tc-red); ewma gives it as 2^-WLOG\n"
	"  bandwidth    link rate, for the decay of the average while idle\n"
	"  ecn          mark ECT packets instead of early drops\n"
	"  dropfront    congestion drops take the head of the queue\n"
	"  nogentle     drop everything past max (default: gentle up to 2 max)\n"
	"  noadapt      keep max_p fixed (classic RED)\n"
	"  interval     adaptation interval (default 500ms)\n"
	"  target       the band the average is steered into (default 40%..60% of min..max)\n"
	"  seed         seed of the drop decisions (default: random, always shown)\n";

/* "0.02" -> parts of 2^32; 1 maps to 0xffffffff. */
static int ared_get_prob(const char *s, uint32_t *v)
{
	char *end;
	double p = strtod(s, &end);

	if (end == s || *end || !(p >= 0.0 && p <= 1.0))
		return -1;
	p = p * 4294967296.0 + 0.5;
	*v = p >= 4294967295.0 ? UINT32_MAX : (uint32_t)p;
	return 0;
}

static int ared_get_size32(const char *s, uint32_t *v)
{
	uint64_t b;

	if (tcopt_get_size(s, &b) || b > UINT32_MAX)
		return -1;
	*v = (uint32_t)b;
	return 0;
}

/* A keyword followed by a size: put it, or fail with tc's message. */
static int ared_size_arg(int argc, char **argv, int *i, uint16_t type,
			 struct tcopt_buf *b, struct tcopt_err *e)
{
	const char *key = argv[*i];
	uint32_t v;

	if (++*i >= argc)
		return tcopt_fail(e, "\"%s\" needs a value", key);
	if (ared_get_size32(argv[*i], &v))
		return tcopt_fail(e, "Illegal \"%s\"", key);
	tcopt_put_u32(b, type, v);
	return 0;
}

static int ared_u32_arg(int argc, char **argv, int *i, uint16_t type,
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

static int ared_parse(int argc, char **argv, struct tcopt_buf *b,
		      struct tcopt_err *e)
{
	uint32_t flags = ARED_F_DEFAULT;

	for (int i = 0; i < argc; i++) {
		const char *w = argv[i];
		int err = 0;

		if (strcmp(w, "limit") == 0) {
			err = ared_size_arg(argc, argv, &i, TCA_ARED_LIMIT, b, e);
		} else if (strcmp(w, "min") == 0) {
			err = ared_size_arg(argc, argv, &i, TCA_ARED_QTH_MIN, b, e);
		} else if (strcmp(w, "max") == 0) {
			err = ared_size_arg(argc, argv, &i, TCA_ARED_QTH_MAX, b, e);
		} else if (strcmp(w, "avpkt") == 0) {
			err = ared_size_arg(argc, argv, &i, TCA_ARED_AVPKT, b, e);
		} else if (strcmp(w, "burst") == 0) {
			err = ared_u32_arg(argc, argv, &i, TCA_ARED_BURST, b, e);
		} else if (strcmp(w, "ewma") == 0) {
			err = ared_u32_arg(argc, argv, &i, TCA_ARED_EWMA, b, e);
		} else if (strcmp(w, "seed") == 0) {
			err = ared_u32_arg(argc, argv, &i, TCA_ARED_SEED, b, e);
		} else if (strcmp(w, "probability") == 0) {
			uint32_t p;

			if (++i >= argc)
				return tcopt_fail(e, "\"probability\" needs a value");
			if (ared_get_prob(argv[i], &p))
				return tcopt_fail(e, "Illegal \"probability\"");
			tcopt_put_u32(b, TCA_ARED_MAX_P, p);
		} else if (strcmp(w, "bandwidth") == 0) {
			uint64_t rate;

			if (++i >= argc)
				return tcopt_fail(e, "\"bandwidth\" needs a value");
			if (tcopt_get_rate(argv[i], &rate) || rate > UINT32_MAX)
				return tcopt_fail(e, "Illegal \"bandwidth\"");
			tcopt_put_u32(b, TCA_ARED_BANDWIDTH, (uint32_t)rate);
		} else if (strcmp(w, "interval") == 0) {
			uint64_t ns;

			if (++i >= argc)
				return tcopt_fail(e, "\"interval\" needs a value");
			if (tcopt_get_time(argv[i], &ns) || ns / 1000 > UINT32_MAX)
				return tcopt_fail(e, "Illegal \"interval\"");
			tcopt_put_u32(b, TCA_ARED_INTERVAL, (uint32_t)(ns / 1000));
		} else if (strcmp(w, "target") == 0) {
			uint32_t lo, hi;

			if (i + 2 >= argc)
				return tcopt_fail(e, "\"target\" needs LOW and HIGH");
			if (ared_get_size32(argv[i + 1], &lo) ||
			    ared_get_size32(argv[i + 2], &hi))
				return tcopt_fail(e, "Illegal \"target\"");
			tcopt_put_u32(b, TCA_ARED_TARGET_LO, lo);
			tcopt_put_u32(b, TCA_ARED_TARGET_HI, hi);
			i += 2;
		} else if (strcmp(w, "ecn") == 0) {
			flags |= ARED_F_ECN;
		} else if (strcmp(w, "dropfront") == 0) {
			flags |= ARED_F_DROPFRONT;
		} else if (strcmp(w, "nogentle") == 0) {
			flags &= ~ARED_F_GENTLE;
		} else if (strcmp(w, "noadapt") == 0) {
			flags &= ~ARED_F_ADAPT;
		} else {
			return tcopt_fail(e, "What is \"%s\"?", w);
		}
		if (err)
			return err;
	}
	tcopt_put_u32(b, TCA_ARED_FLAGS, flags);
	return 0;
}

static bool has_u32(const struct tcopt_attr *a)
{
	return a->data && a->len >= sizeof(uint32_t);
}

static void ared_print(const void *opt, size_t len, struct tcopt_out *o)
{
	struct tcopt_attr tb[TCA_ARED_MAX + 1];
	char buf[32];
	uint32_t flags;

	if (tcopt_parse_attrs(tb, TCA_ARED_MAX, opt, len) < 0)
		return;
	if (has_u32(&tb[TCA_ARED_LIMIT]))
		o->uint(o, "limit", tcopt_attr_u32(&tb[TCA_ARED_LIMIT]), TCOPT_BYTES);
	if (has_u32(&tb[TCA_ARED_QTH_MIN]))
		o->uint(o, "min", tcopt_attr_u32(&tb[TCA_ARED_QTH_MIN]), TCOPT_BYTES);
	if (has_u32(&tb[TCA_ARED_QTH_MAX]))
		o->uint(o, "max", tcopt_attr_u32(&tb[TCA_ARED_QTH_MAX]), TCOPT_BYTES);
	if (has_u32(&tb[TCA_ARED_MAX_P])) {
		snprintf(buf, sizeof(buf), "%.6g",
			 tcopt_attr_u32(&tb[TCA_ARED_MAX_P]) / 4294967296.0);
		o->str(o, "probability", buf);
	}
	if (has_u32(&tb[TCA_ARED_AVPKT]))
		o->uint(o, "avpkt", tcopt_attr_u32(&tb[TCA_ARED_AVPKT]), TCOPT_BYTES);
	if (has_u32(&tb[TCA_ARED_BURST]))
		o->uint(o, "burst", tcopt_attr_u32(&tb[TCA_ARED_BURST]), TCOPT_PLAIN);
	if (has_u32(&tb[TCA_ARED_EWMA]))
		o->uint(o, "ewma", tcopt_attr_u32(&tb[TCA_ARED_EWMA]), TCOPT_PLAIN);
	if (has_u32(&tb[TCA_ARED_BANDWIDTH]))
		o->uint(o, "bandwidth", tcopt_attr_u32(&tb[TCA_ARED_BANDWIDTH]),
			TCOPT_RATE);
	if (has_u32(&tb[TCA_ARED_FLAGS])) {
		flags = tcopt_attr_u32(&tb[TCA_ARED_FLAGS]);
		if (flags & ARED_F_ECN)
			o->flag(o, "ecn");
		if (flags & ARED_F_DROPFRONT)
			o->flag(o, "dropfront");
		if (!(flags & ARED_F_GENTLE))
			o->flag(o, "nogentle");
		if (!(flags & ARED_F_ADAPT))
			o->flag(o, "noadapt");
	}
	if (has_u32(&tb[TCA_ARED_INTERVAL]))
		o->uint(o, "interval",
			(uint64_t)tcopt_attr_u32(&tb[TCA_ARED_INTERVAL]) * 1000,
			TCOPT_TIME_NS);
	if (has_u32(&tb[TCA_ARED_TARGET_LO]) && has_u32(&tb[TCA_ARED_TARGET_HI]) &&
	    (tcopt_attr_u32(&tb[TCA_ARED_TARGET_LO]) ||
	     tcopt_attr_u32(&tb[TCA_ARED_TARGET_HI]))) {
		o->uint(o, "target_low", tcopt_attr_u32(&tb[TCA_ARED_TARGET_LO]),
			TCOPT_BYTES);
		o->uint(o, "target_high", tcopt_attr_u32(&tb[TCA_ARED_TARGET_HI]),
			TCOPT_BYTES);
	}
	if (has_u32(&tb[TCA_ARED_SEED]))
		o->uint(o, "seed", tcopt_attr_u32(&tb[TCA_ARED_SEED]), TCOPT_PLAIN);
}

#define XSTATS_HAS(len, f) \
	((len) >= offsetof(struct tc_ared_xstats, f) + \
		  sizeof(((struct tc_ared_xstats *)0)->f))

static void ared_print_xstats(const void *xstats, size_t len,
			      struct tcopt_out *o)
{
	struct tc_ared_xstats st;
	char buf[32];

	memset(&st, 0, sizeof(st));
	memcpy(&st, xstats, len < sizeof(st) ? len : sizeof(st));

	if (XSTATS_HAS(len, max_p)) {
		snprintf(buf, sizeof(buf), "%.6g", st.max_p / 4294967296.0);
		o->str(o, "max_p", buf);
	}
	if (XSTATS_HAS(len, qavg))
		o->uint(o, "qavg", st.qavg, TCOPT_BYTES);
	if (XSTATS_HAS(len, ewma))
		o->uint(o, "ewma", st.ewma, TCOPT_PLAIN);
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
	if (XSTATS_HAS(len, adapt_up))
		o->uint(o, "adapt_up", st.adapt_up, TCOPT_PLAIN);
	if (XSTATS_HAS(len, adapt_down))
		o->uint(o, "adapt_down", st.adapt_down, TCOPT_PLAIN);
}

static const struct tcopt_kind ared_tcopt = {
	.kind = "ared",
	.usage = ared_usage,
	.parse = ared_parse,
	.print = ared_print,
	.print_xstats = ared_print_xstats,
	.nested = true,
};

TCOPT_REGISTER(ared_tcopt)
