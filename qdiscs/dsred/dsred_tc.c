// SPDX-License-Identifier: GPL-2.0
/*
 * dsred_tc.c - tc syntax of the "dsred" qdisc (double-slope RED), in tc-red's
 * words where tc-red has them, the names of Domanska et al.
 * (docs/references.md) for the thresholds:
 *
 *   dsred [ limit BYTES ] [ kl BYTES ] [ km BYTES ] [ kh BYTES ] [ gamma G ]
 *         [ avpkt BYTES ] [ burst PACKETS | ewma WLOG ] [ bandwidth RATE ]
 *         [ ecn ] [ dropfront ] [ seed N ]
 *
 * The flags attribute is always sent (like tc-red): a change without `ecn`
 * turns ECN off. Everything else is sent only when given. Range and
 * consistency checks are the kernel's (extack).
 */

#include "tcopt.h"
#include "red_words.h"
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

/* The words with values, in the order they are printed (flags before seed). */
static const struct tcopt_red_word dsred_words[] = {
	{ "limit", TCA_DSRED_LIMIT, TCOPT_RED_SIZE },
	{ "kl", TCA_DSRED_KL, TCOPT_RED_SIZE },
	{ "km", TCA_DSRED_KM, TCOPT_RED_SIZE, .nonzero = true },
	{ "kh", TCA_DSRED_KH, TCOPT_RED_SIZE },
	{ "gamma", TCA_DSRED_GAMMA, TCOPT_RED_PROB },
	{ "avpkt", TCA_DSRED_AVPKT, TCOPT_RED_SIZE },
	{ "burst", TCA_DSRED_BURST, TCOPT_RED_U32 },
	{ "ewma", TCA_DSRED_EWMA, TCOPT_RED_U32 },
	{ "bandwidth", TCA_DSRED_BANDWIDTH, TCOPT_RED_RATE },
	{ "seed", TCA_DSRED_SEED, TCOPT_RED_U32 },
};

static const struct tcopt_red_flag dsred_flags[] = {
	{ "ecn", DSRED_F_ECN, 0 },
	{ "dropfront", DSRED_F_DROPFRONT, 0 },
};

static const struct tcopt_red_xstat dsred_xstats[] = {
	TCOPT_RED_XSTAT(struct tc_dsred_xstats, qavg, "qavg", TCOPT_BYTES),
	TCOPT_RED_XSTAT(struct tc_dsred_xstats, ewma, "ewma", TCOPT_PLAIN),
	TCOPT_RED_XSTAT(struct tc_dsred_xstats, km, "km_used", TCOPT_BYTES),
	TCOPT_RED_XSTAT(struct tc_dsred_xstats, prob_drop, "prob_drop", TCOPT_PLAIN),
	TCOPT_RED_XSTAT(struct tc_dsred_xstats, prob_mark, "prob_mark", TCOPT_PLAIN),
	TCOPT_RED_XSTAT(struct tc_dsred_xstats, forced_drop, "forced_drop", TCOPT_PLAIN),
	TCOPT_RED_XSTAT(struct tc_dsred_xstats, pdrop, "pdrop", TCOPT_PLAIN),
	TCOPT_RED_XSTAT(struct tc_dsred_xstats, head_drop, "head_drop", TCOPT_PLAIN),
};

#define NWORDS TCOPT_RED_COUNT(dsred_words)
#define NFLAGS TCOPT_RED_COUNT(dsred_flags)

static int dsred_parse(int argc, char **argv, struct tcopt_buf *b,
		       struct tcopt_err *e)
{
	uint32_t flags = 0;

	if (tcopt_red_parse(dsred_words, NWORDS, dsred_flags, NFLAGS, &flags,
			    argc, argv, b, e))
		return -1;
	tcopt_put_u32(b, TCA_DSRED_FLAGS, flags);
	return 0;
}

static void dsred_print(const void *opt, size_t len, struct tcopt_out *o)
{
	struct tcopt_attr tb[TCA_DSRED_MAX + 1];

	if (tcopt_parse_attrs(tb, TCA_DSRED_MAX, opt, len) < 0)
		return;
	tcopt_red_print(dsred_words, NWORDS - 1, tb, o);
	if (tcopt_attr_has_u32(&tb[TCA_DSRED_FLAGS]))
		tcopt_red_print_flags(dsred_flags, NFLAGS,
				      tcopt_attr_u32(&tb[TCA_DSRED_FLAGS]), o);
	tcopt_red_print(dsred_words + NWORDS - 1, 1, tb, o);
}

static void dsred_print_xstats(const void *xstats, size_t len,
			       struct tcopt_out *o)
{
	tcopt_red_print_xstats(dsred_xstats, TCOPT_RED_COUNT(dsred_xstats),
			       xstats, len, o);
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
