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

#include "tcopt.h"
#include "red_words.h"
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

static const struct tcopt_red_word fred_words[] = {
	{ "limit", TCA_FRED_LIMIT, TCOPT_RED_U32 },
	{ "min", TCA_FRED_QTH_MIN, TCOPT_RED_U32 },
	{ "max", TCA_FRED_QTH_MAX, TCOPT_RED_U32 },
	{ "probability", TCA_FRED_PROBABILITY, TCOPT_RED_PROB },
	{ "burst", TCA_FRED_BURST, TCOPT_RED_U32 },
	{ "avpkt", TCA_FRED_AVPKT, TCOPT_RED_SIZE },
	{ "bandwidth", TCA_FRED_BANDWIDTH, TCOPT_RED_RATE },
	{ "minq", TCA_FRED_MINQ, TCOPT_RED_U32 },
	{ "maxq", TCA_FRED_MAXQ, TCOPT_RED_U32 },
	{ "flows", TCA_FRED_FLOWS, TCOPT_RED_U32 },
	{ "timeout", TCA_FRED_TIMEOUT, TCOPT_RED_TIME_US },
	{ "seed", TCA_FRED_SEED, TCOPT_RED_U32 },
};

#define NWORDS TCOPT_RED_COUNT(fred_words)

static const struct tcopt_red_flag fred_flags[] = {
	{ "ecn", 1, 0 },	/* sent as TCA_FRED_ECN 0/1 */
};

#define XSTAT(f) TCOPT_RED_XSTAT(struct tc_fred_xstats, f, #f, TCOPT_PLAIN)

static const struct tcopt_red_xstat fred_xstats[] = {
	XSTAT(maxq_drops),
	XSTAT(fair_drops),
	XSTAT(strike_drops),
	XSTAT(prob_drops),
	XSTAT(prob_marks),
	XSTAT(forced_drops),
	XSTAT(limit_drops),
	XSTAT(qavg_milli),
	XSTAT(active_flows),
	XSTAT(flows),
	XSTAT(evictions),
	XSTAT(overflows),
};

static int fred_parse(int argc, char **argv, struct tcopt_buf *b,
		      struct tcopt_err *e)
{
	uint32_t ecn = 0;

	if (tcopt_red_parse(fred_words, NWORDS, fred_flags, 1, &ecn,
			    argc, argv, b, e))
		return -1;
	tcopt_put_u32(b, TCA_FRED_ECN, ecn);
	return 0;
}

static void fred_print(const void *opt, size_t len, struct tcopt_out *o)
{
	struct tcopt_attr tb[TCA_FRED_MAX + 1];

	if (tcopt_parse_attrs(tb, TCA_FRED_MAX, opt, len) < 0)
		return;
	tcopt_red_print(fred_words, NWORDS, tb, o);
	if (tcopt_attr_has_u32(&tb[TCA_FRED_ECN]) &&
	    tcopt_attr_u32(&tb[TCA_FRED_ECN]))
		tcopt_red_print_flags(fred_flags, 1, 1, o);
}

static void fred_print_xstats(const void *xstats, size_t len,
			      struct tcopt_out *o)
{
	tcopt_red_print_xstats(fred_xstats, TCOPT_RED_COUNT(fred_xstats),
			       xstats, len, o);
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
