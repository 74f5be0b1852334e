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
#include <string.h>

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

/* The one-value words, in the order they are printed (flags before seed). */
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

#define NWORDS TCOPT_RED_NWORDS(dsred_words)

static int dsred_parse(int argc, char **argv, struct tcopt_buf *b,
		       struct tcopt_err *e)
{
	uint32_t flags = 0;

	for (int i = 0; i < argc; i++) {
		const char *w = argv[i];
		int err;

		if (strcmp(w, "ecn") == 0) {
			flags |= DSRED_F_ECN;
			continue;
		}
		if (strcmp(w, "dropfront") == 0) {
			flags |= DSRED_F_DROPFRONT;
			continue;
		}
		err = tcopt_red_parse_word(dsred_words, NWORDS, argc, argv, &i, b, e);
		if (err > 0)
			return tcopt_fail(e, "What is \"%s\"?", w);
		if (err)
			return err;
	}
	tcopt_put_u32(b, TCA_DSRED_FLAGS, flags);
	return 0;
}

static void dsred_print(const void *opt, size_t len, struct tcopt_out *o)
{
	struct tcopt_attr tb[TCA_DSRED_MAX + 1];
	uint32_t flags;

	if (tcopt_parse_attrs(tb, TCA_DSRED_MAX, opt, len) < 0)
		return;
	tcopt_red_print(dsred_words, NWORDS - 1, tb, o);
	if (tcopt_attr_has_u32(&tb[TCA_DSRED_FLAGS])) {
		flags = tcopt_attr_u32(&tb[TCA_DSRED_FLAGS]);
		if (flags & DSRED_F_ECN)
			o->flag(o, "ecn");
		if (flags & DSRED_F_DROPFRONT)
			o->flag(o, "dropfront");
	}
	tcopt_red_print(dsred_words + NWORDS - 1, 1, tb, o);
}

#define XSTATS_HAS(len, f) TCOPT_XSTATS_HAS(struct tc_dsred_xstats, len, f)

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
