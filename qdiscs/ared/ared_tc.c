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
 * The words with values, in the order they are printed: the first
 * ARED_WORDS_BEFORE_FLAGS, then the flags, then the rest.
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
	{ "target", TCA_ARED_TARGET_LO, TCOPT_RED_BAND },	/* and _HI */
	{ "seed", TCA_ARED_SEED, TCOPT_RED_U32 },
};

static const struct tcopt_red_flag ared_flags[] = {
	{ "ecn", ARED_F_ECN, 0 },
	{ "dropfront", ARED_F_DROPFRONT, 0 },
	{ "nogentle", 0, ARED_F_GENTLE },
	{ "noadapt", 0, ARED_F_ADAPT },
};

static const struct tcopt_red_xstat ared_xstats[] = {
	TCOPT_RED_XSTAT_PROB(struct tc_ared_xstats, max_p, "max_p"),
	TCOPT_RED_XSTAT(struct tc_ared_xstats, qavg, "qavg", TCOPT_BYTES),
	TCOPT_RED_XSTAT(struct tc_ared_xstats, ewma, "ewma", TCOPT_PLAIN),
	TCOPT_RED_XSTAT(struct tc_ared_xstats, prob_drop, "prob_drop", TCOPT_PLAIN),
	TCOPT_RED_XSTAT(struct tc_ared_xstats, prob_mark, "prob_mark", TCOPT_PLAIN),
	TCOPT_RED_XSTAT(struct tc_ared_xstats, forced_drop, "forced_drop", TCOPT_PLAIN),
	TCOPT_RED_XSTAT(struct tc_ared_xstats, pdrop, "pdrop", TCOPT_PLAIN),
	TCOPT_RED_XSTAT(struct tc_ared_xstats, head_drop, "head_drop", TCOPT_PLAIN),
	TCOPT_RED_XSTAT(struct tc_ared_xstats, adapt_up, "adapt_up", TCOPT_PLAIN),
	TCOPT_RED_XSTAT(struct tc_ared_xstats, adapt_down, "adapt_down", TCOPT_PLAIN),
};

#define NWORDS TCOPT_RED_COUNT(ared_words)

static int ared_parse(int argc, char **argv, struct tcopt_buf *b,
		      struct tcopt_err *e)
{
	uint32_t flags = ARED_F_DEFAULT;

	if (tcopt_red_parse(ared_words, NWORDS, ared_flags,
			    TCOPT_RED_COUNT(ared_flags), &flags, argc, argv, b, e))
		return -1;
	tcopt_put_u32(b, TCA_ARED_FLAGS, flags);
	return 0;
}

static void ared_print(const void *opt, size_t len, struct tcopt_out *o)
{
	struct tcopt_attr tb[TCA_ARED_MAX + 1];

	if (tcopt_parse_attrs(tb, TCA_ARED_MAX, opt, len) < 0)
		return;
	tcopt_red_print(ared_words, ARED_WORDS_BEFORE_FLAGS, tb, o);
	if (tcopt_attr_has_u32(&tb[TCA_ARED_FLAGS]))
		tcopt_red_print_flags(ared_flags, TCOPT_RED_COUNT(ared_flags),
				      tcopt_attr_u32(&tb[TCA_ARED_FLAGS]), o);
	tcopt_red_print(ared_words + ARED_WORDS_BEFORE_FLAGS,
			NWORDS - ARED_WORDS_BEFORE_FLAGS, tb, o);
}

static void ared_print_xstats(const void *xstats, size_t len,
			      struct tcopt_out *o)
{
	tcopt_red_print_xstats(ared_xstats, TCOPT_RED_COUNT(ared_xstats),
			       xstats, len, o);
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
