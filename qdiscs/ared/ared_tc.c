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
#include <string.h>

#include "tcopt.h"
#include "red_words.h"
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

/*
 * The one-value words, in the order they are printed: the first
 * ARED_WORDS_BEFORE_FLAGS, the flags, interval, the target band, seed.
 */
#define ARED_WORDS_BEFORE_FLAGS 8

static const struct tcopt_red_word ared_words[] = {
	{ "limit", TCA_ARED_LIMIT, TCOPT_RED_SIZE },
	{ "min", TCA_ARED_QTH_MIN, TCOPT_RED_SIZE },
	{ "max", TCA_ARED_QTH_MAX, TCOPT_RED_SIZE },
	{ "probability", TCA_ARED_MAX_P, TCOPT_RED_PROB },
	{ "avpkt", TCA_ARED_AVPKT, TCOPT_RED_SIZE },
	{ "burst", TCA_ARED_BURST, TCOPT_RED_U32 },
	{ "ewma", TCA_ARED_EWMA, TCOPT_RED_U32 },
	{ "bandwidth", TCA_ARED_BANDWIDTH, TCOPT_RED_RATE },
	{ "interval", TCA_ARED_INTERVAL, TCOPT_RED_TIME_US },
	{ "seed", TCA_ARED_SEED, TCOPT_RED_U32 },
};

#define NWORDS TCOPT_RED_NWORDS(ared_words)

static int ared_parse(int argc, char **argv, struct tcopt_buf *b,
		      struct tcopt_err *e)
{
	uint32_t flags = ARED_F_DEFAULT;

	for (int i = 0; i < argc; i++) {
		const char *w = argv[i];
		int err;

		if (strcmp(w, "target") == 0) {
			uint32_t lo, hi;

			if (i + 2 >= argc)
				return tcopt_fail(e, "\"target\" needs LOW and HIGH");
			if (tcopt_red_value(argv[i + 1], TCOPT_RED_SIZE, &lo) ||
			    tcopt_red_value(argv[i + 2], TCOPT_RED_SIZE, &hi))
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
			err = tcopt_red_parse_word(ared_words, NWORDS, argc, argv,
						   &i, b, e);
			if (err > 0)
				return tcopt_fail(e, "What is \"%s\"?", w);
			if (err)
				return err;
		}
	}
	tcopt_put_u32(b, TCA_ARED_FLAGS, flags);
	return 0;
}

static void ared_print(const void *opt, size_t len, struct tcopt_out *o)
{
	struct tcopt_attr tb[TCA_ARED_MAX + 1];
	uint32_t flags;

	if (tcopt_parse_attrs(tb, TCA_ARED_MAX, opt, len) < 0)
		return;
	tcopt_red_print(ared_words, ARED_WORDS_BEFORE_FLAGS, tb, o);
	if (tcopt_attr_has_u32(&tb[TCA_ARED_FLAGS])) {
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
	tcopt_red_print(ared_words + ARED_WORDS_BEFORE_FLAGS, 1, tb, o);
	if (tcopt_attr_has_u32(&tb[TCA_ARED_TARGET_LO]) &&
	    tcopt_attr_has_u32(&tb[TCA_ARED_TARGET_HI]) &&
	    (tcopt_attr_u32(&tb[TCA_ARED_TARGET_LO]) ||
	     tcopt_attr_u32(&tb[TCA_ARED_TARGET_HI]))) {
		o->uint(o, "target_low", tcopt_attr_u32(&tb[TCA_ARED_TARGET_LO]),
			TCOPT_BYTES);
		o->uint(o, "target_high", tcopt_attr_u32(&tb[TCA_ARED_TARGET_HI]),
			TCOPT_BYTES);
	}
	tcopt_red_print(ared_words + NWORDS - 1, 1, tb, o);
}

#define XSTATS_HAS(len, f) TCOPT_XSTATS_HAS(struct tc_ared_xstats, len, f)

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
