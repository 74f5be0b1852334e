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

#include "tcopt.h"
#include "red_words.h"
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

static const struct tcopt_red_word mered_words[] = {
	{ "limit", TCA_MERED_LIMIT, TCOPT_RED_U32 },
	{ "mice", TCA_MERED_MICE, TCOPT_RED_SIZE },
	{ "timeout", TCA_MERED_TIMEOUT, TCOPT_RED_TIME_US },
	{ "flows", TCA_MERED_FLOWS, TCOPT_RED_U32 },
	{ "min", TCA_MERED_QTH_MIN, TCOPT_RED_SIZE },
	{ "max", TCA_MERED_QTH_MAX, TCOPT_RED_SIZE },
	{ "probability", TCA_MERED_PROBABILITY, TCOPT_RED_PROB },
	{ "burst", TCA_MERED_BURST, TCOPT_RED_U32 },
	{ "avpkt", TCA_MERED_AVPKT, TCOPT_RED_SIZE },
	{ "bandwidth", TCA_MERED_BANDWIDTH, TCOPT_RED_RATE },
	/* printed after ecn and dropfront */
	{ "seed", TCA_MERED_SEED, TCOPT_RED_U32 },
};

#define NWORDS TCOPT_RED_COUNT(mered_words)

/* ecn and dropfront travel as attributes of their own (0/1) */
#define MERED_TC_ECN		0x1
#define MERED_TC_DROPFRONT	0x2

static const struct tcopt_red_flag mered_flags[] = {
	{ "ecn", MERED_TC_ECN, 0 },
	{ "dropfront", MERED_TC_DROPFRONT, 0 },
};

#define NFLAGS TCOPT_RED_COUNT(mered_flags)

#define XSTAT(f, unit) TCOPT_RED_XSTAT(struct tc_mered_xstats, f, #f, unit)

static const struct tcopt_red_xstat mered_xstats[] = {
	XSTAT(mice_pkts, TCOPT_PLAIN),
	XSTAT(elephant_pkts, TCOPT_PLAIN),
	XSTAT(mice_drops, TCOPT_PLAIN),
	XSTAT(limit_drops, TCOPT_PLAIN),
	XSTAT(prob_drops, TCOPT_PLAIN),
	XSTAT(prob_marks, TCOPT_PLAIN),
	XSTAT(forced_drops, TCOPT_PLAIN),
	XSTAT(mice_qlen, TCOPT_PLAIN),
	XSTAT(elephant_qlen, TCOPT_PLAIN),
	XSTAT(qavg, TCOPT_BYTES),
	XSTAT(max_p, TCOPT_PLAIN),
	XSTAT(flows, TCOPT_PLAIN),
	XSTAT(evictions, TCOPT_PLAIN),
	XSTAT(overflows, TCOPT_PLAIN),
	XSTAT(busy_flows, TCOPT_PLAIN),
};

static int mered_parse(int argc, char **argv, struct tcopt_buf *b,
		       struct tcopt_err *e)
{
	uint32_t flags = 0;

	if (tcopt_red_parse(mered_words, NWORDS, mered_flags, NFLAGS, &flags,
			    argc, argv, b, e))
		return -1;
	tcopt_put_u32(b, TCA_MERED_ECN, !!(flags & MERED_TC_ECN));
	tcopt_put_u32(b, TCA_MERED_DROPFRONT, !!(flags & MERED_TC_DROPFRONT));
	return 0;
}

/* A 0/1 attribute as a flag bit. */
static uint32_t mered_bit(const struct tcopt_attr *a, uint32_t bit)
{
	return tcopt_attr_has_u32(a) && tcopt_attr_u32(a) ? bit : 0;
}

static void mered_print(const void *opt, size_t len, struct tcopt_out *o)
{
	struct tcopt_attr tb[TCA_MERED_MAX + 1];

	if (tcopt_parse_attrs(tb, TCA_MERED_MAX, opt, len) < 0)
		return;
	tcopt_red_print(mered_words, NWORDS - 1, tb, o);
	tcopt_red_print_flags(mered_flags, NFLAGS,
			      mered_bit(&tb[TCA_MERED_ECN], MERED_TC_ECN) |
			      mered_bit(&tb[TCA_MERED_DROPFRONT],
					MERED_TC_DROPFRONT), o);
	tcopt_red_print(mered_words + NWORDS - 1, 1, tb, o);
}

static void mered_print_xstats(const void *xstats, size_t len,
			       struct tcopt_out *o)
{
	tcopt_red_print_xstats(mered_xstats, TCOPT_RED_COUNT(mered_xstats),
			       xstats, len, o);
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
