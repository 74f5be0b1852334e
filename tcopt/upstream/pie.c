// SPDX-License-Identifier: GPL-2.0
/*
 * pie.c - tc options of the upstream pie and fq_pie qdiscs
 * (net/sched/sch_pie.c, sch_fq_pie.c): nested attributes with iproute2's
 * words, ranges, error messages and order (q_pie.c, q_fq_pie.c).
 */
#include <string.h>
#include <linux/pkt_sched.h>

#include "words.h"

/* ---- pie ----------------------------------------------------------------- */

static const struct word pie_words[] = {
	{ "limit", W_U32, TCA_PIE_LIMIT, 0, 0 },
	{ "target", W_TIME_US, TCA_PIE_TARGET, 0, 0 },
	{ "tupdate", W_TIME_US, TCA_PIE_TUPDATE, 0, 0 },
	{ "alpha", W_U32, TCA_PIE_ALPHA, 0, 32 },
	{ "beta", W_U32, TCA_PIE_BETA, 0, 32 },
	{ "ecn", W_SET, TCA_PIE_ECN, 1, 0 },
	{ "noecn", W_SET, TCA_PIE_ECN, 0, 0 },
	{ "bytemode", W_SET, TCA_PIE_BYTEMODE, 1, 0 },
	{ "nobytemode", W_SET, TCA_PIE_BYTEMODE, 0, 0 },
	{ "dq_rate_estimator", W_SET, TCA_PIE_DQ_RATE_ESTIMATOR, 1, 0 },
	{ "no_dq_rate_estimator", W_SET, TCA_PIE_DQ_RATE_ESTIMATOR, 0, 0 },
	{ NULL, 0, 0, 0, 0 }
};

static const struct emit pie_order[] = {
	{ TCA_PIE_LIMIT, 4, E_IF_NONZERO, 0 },
	{ TCA_PIE_TUPDATE, 4, E_IF_NONZERO, 0 },
	{ TCA_PIE_TARGET, 4, E_IF_NONZERO, 0 },
	{ TCA_PIE_ALPHA, 4, E_IF_NONZERO, 0 },
	{ TCA_PIE_BETA, 4, E_IF_NONZERO, 0 },
	{ TCA_PIE_ECN, 4, E_IF_SET, 0 },
	{ TCA_PIE_BYTEMODE, 4, E_IF_SET, 0 },
	{ TCA_PIE_DQ_RATE_ESTIMATOR, 4, E_IF_SET, 0 },
};

static int pie_parse(int argc, char **argv, struct tcopt_buf *b, struct tcopt_err *e)
{
	return words_parse(pie_words, pie_order, sizeof(pie_order) / sizeof(pie_order[0]),
			   argc, argv, b, e);
}

static void pie_print(const void *opt, size_t len, struct tcopt_out *o)
{
	struct tcopt_attr tb[TCA_PIE_MAX + 1];

	if (tcopt_parse_attrs(tb, TCA_PIE_MAX, opt, len) == 0)
		words_print(pie_words, tb, o);
}

static void pie_print_xstats(const void *xstats, size_t len, struct tcopt_out *o)
{
	struct tc_pie_xstats st;

	memset(&st, 0, sizeof(st));
	memcpy(&st, xstats, len < sizeof(st) ? len : sizeof(st));
	o->uint(o, "prob", st.prob, TCOPT_PLAIN);
	o->uint(o, "delay", (uint64_t)st.delay * 1000, TCOPT_TIME_NS);
	if (st.dq_rate_estimating)
		o->uint(o, "avg_dq_rate", st.avg_dq_rate, TCOPT_PLAIN);
	o->newline(o);
	o->uint(o, "pkts_in", st.packets_in, TCOPT_PLAIN);
	o->uint(o, "overlimit", st.overlimit, TCOPT_PLAIN);
	o->uint(o, "dropped", st.dropped, TCOPT_PLAIN);
	o->uint(o, "maxq", st.maxq, TCOPT_PLAIN);
	o->uint(o, "ecn_mark", st.ecn_mark, TCOPT_PLAIN);
}

static const struct tcopt_kind pie_kind = {
	.kind = "pie",
	.usage = "Usage: ... pie [ limit PACKETS ] [ target TIME ]\n"
		 "               [ tupdate TIME ] [ alpha ALPHA ] [ beta BETA ]\n"
		 "               [ bytemode | nobytemode ] [ ecn | noecn ]\n"
		 "               [ dq_rate_estimator | no_dq_rate_estimator ]\n",
	.parse = pie_parse,
	.print = pie_print,
	.print_xstats = pie_print_xstats,
	.nested = true,
};
TCOPT_REGISTER(pie_kind)

/* ---- fq_pie -------------------------------------------------------------- */

static const struct word fq_pie_words[] = {
	{ "limit", W_U32, TCA_FQ_PIE_LIMIT, 0, 0 },
	{ "flows", W_U32, TCA_FQ_PIE_FLOWS, 0, 0 },
	{ "target", W_TIME_US, TCA_FQ_PIE_TARGET, 0, 0 },
	{ "tupdate", W_TIME_US, TCA_FQ_PIE_TUPDATE, 0, 0 },
	{ "alpha", W_U32, TCA_FQ_PIE_ALPHA, 0, 32 },
	{ "beta", W_U32, TCA_FQ_PIE_BETA, 0, 32 },
	{ "quantum", W_SIZE, TCA_FQ_PIE_QUANTUM, 0, 0 },
	{ "memory_limit", W_SIZE, TCA_FQ_PIE_MEMORY_LIMIT, 0, 0 },
	{ "ecn_prob", W_U32, TCA_FQ_PIE_ECN_PROB, 0, 99 },
	{ "ecn", W_SET, TCA_FQ_PIE_ECN, 1, 0 },
	{ "noecn", W_SET, TCA_FQ_PIE_ECN, 0, 0 },
	{ "bytemode", W_SET, TCA_FQ_PIE_BYTEMODE, 1, 0 },
	{ "nobytemode", W_SET, TCA_FQ_PIE_BYTEMODE, 0, 0 },
	{ "dq_rate_estimator", W_SET, TCA_FQ_PIE_DQ_RATE_ESTIMATOR, 1, 0 },
	{ "no_dq_rate_estimator", W_SET, TCA_FQ_PIE_DQ_RATE_ESTIMATOR, 0, 0 },
	{ NULL, 0, 0, 0, 0 }
};

static const struct emit fq_pie_order[] = {
	{ TCA_FQ_PIE_LIMIT, 4, E_IF_NONZERO, 0 },
	{ TCA_FQ_PIE_FLOWS, 4, E_IF_NONZERO, 0 },
	{ TCA_FQ_PIE_TARGET, 4, E_IF_NONZERO, 0 },
	{ TCA_FQ_PIE_TUPDATE, 4, E_IF_NONZERO, 0 },
	{ TCA_FQ_PIE_ALPHA, 4, E_IF_NONZERO, 0 },
	{ TCA_FQ_PIE_BETA, 4, E_IF_NONZERO, 0 },
	{ TCA_FQ_PIE_QUANTUM, 4, E_IF_NONZERO, 0 },
	{ TCA_FQ_PIE_MEMORY_LIMIT, 4, E_IF_NONZERO, 0 },
	{ TCA_FQ_PIE_ECN_PROB, 4, E_IF_NONZERO, 0 },
	{ TCA_FQ_PIE_ECN, 4, E_IF_SET, 0 },
	{ TCA_FQ_PIE_BYTEMODE, 4, E_IF_SET, 0 },
	{ TCA_FQ_PIE_DQ_RATE_ESTIMATOR, 4, E_IF_SET, 0 },
};

static int fq_pie_parse(int argc, char **argv, struct tcopt_buf *b, struct tcopt_err *e)
{
	return words_parse(fq_pie_words, fq_pie_order,
			   sizeof(fq_pie_order) / sizeof(fq_pie_order[0]), argc, argv, b, e);
}

static void fq_pie_print(const void *opt, size_t len, struct tcopt_out *o)
{
	struct tcopt_attr tb[TCA_FQ_PIE_MAX + 1];

	if (tcopt_parse_attrs(tb, TCA_FQ_PIE_MAX, opt, len) == 0)
		words_print(fq_pie_words, tb, o);
}

static void fq_pie_print_xstats(const void *xstats, size_t len, struct tcopt_out *o)
{
	struct tc_fq_pie_xstats st;

	memset(&st, 0, sizeof(st));
	memcpy(&st, xstats, len < sizeof(st) ? len : sizeof(st));
	o->uint(o, "pkts_in", st.packets_in, TCOPT_PLAIN);
	o->uint(o, "overlimit", st.overlimit, TCOPT_PLAIN);
	o->uint(o, "overmemory", st.overmemory, TCOPT_PLAIN);
	o->uint(o, "dropped", st.dropped, TCOPT_PLAIN);
	o->uint(o, "ecn_mark", st.ecn_mark, TCOPT_PLAIN);
	o->newline(o);
	o->uint(o, "new_flow_count", st.new_flow_count, TCOPT_PLAIN);
	o->uint(o, "new_flows_len", st.new_flows_len, TCOPT_PLAIN);
	o->uint(o, "old_flows_len", st.old_flows_len, TCOPT_PLAIN);
	o->uint(o, "memory_used", st.memory_usage, TCOPT_BYTES);
}

static const struct tcopt_kind fq_pie_kind = {
	.kind = "fq_pie",
	.usage = "Usage: ... fq_pie [ limit PACKETS ] [ flows NUMBER ]\n"
		 "                  [ target TIME ] [ tupdate TIME ]\n"
		 "                  [ alpha NUMBER ] [ beta NUMBER ]\n"
		 "                  [ quantum BYTES ] [ memory_limit BYTES ]\n"
		 "                  [ ecn_prob PERCENTAGE ] [ [no]ecn ]\n"
		 "                  [ [no]bytemode ] [ [no_]dq_rate_estimator ]\n",
	.parse = fq_pie_parse,
	.print = fq_pie_print,
	.print_xstats = fq_pie_print_xstats,
	.nested = true,
};
TCOPT_REGISTER(fq_pie_kind)
