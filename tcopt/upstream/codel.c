// SPDX-License-Identifier: GPL-2.0
/*
 * codel.c - tc options of the upstream codel and fq_codel qdiscs
 * (net/sched/sch_codel.c, sch_fq_codel.c): nested attributes, times in
 * microseconds as tc sends them (get_time: a bare number is usecs).
 *
 * Both use the table-driven parser of words.c with iproute2's words, error
 * messages and attribute order (q_codel.c, q_fq_codel.c).
 */
#include <string.h>
#include <linux/pkt_sched.h>

#include "words.h"

/* ---- codel --------------------------------------------------------------- */

static const struct word codel_words[] = {
	{ "limit", W_U32, TCA_CODEL_LIMIT, 0 },
	{ "target", W_TIME_US, TCA_CODEL_TARGET, 0 },
	{ "ce_threshold", W_TIME_US, TCA_CODEL_CE_THRESHOLD, 0 },
	{ "interval", W_TIME_US, TCA_CODEL_INTERVAL, 0 },
	{ "ecn", W_SET, TCA_CODEL_ECN, 1 },
	{ "noecn", W_SET, TCA_CODEL_ECN, 0 },
	{ NULL, 0, 0, 0 }
};

static const struct emit codel_order[] = {
	{ TCA_CODEL_LIMIT, 4, E_IF_NONZERO, 0 },
	{ TCA_CODEL_INTERVAL, 4, E_IF_NONZERO, 0 },
	{ TCA_CODEL_TARGET, 4, E_IF_NONZERO, 0 },
	{ TCA_CODEL_ECN, 4, E_IF_SET, 0 },
	{ TCA_CODEL_CE_THRESHOLD, 4, E_UNLESS, ~0u },
};

static int codel_parse(int argc, char **argv, struct tcopt_buf *b, struct tcopt_err *e)
{
	return words_parse(codel_words, codel_order, sizeof(codel_order) / sizeof(codel_order[0]),
			   argc, argv, b, e);
}

static void codel_print(const void *opt, size_t len, struct tcopt_out *o)
{
	struct tcopt_attr tb[TCA_CODEL_MAX + 1];

	if (tcopt_parse_attrs(tb, TCA_CODEL_MAX, opt, len) == 0)
		words_print(codel_words, tb, o);
}

static void codel_print_xstats(const void *xstats, size_t len, struct tcopt_out *o)
{
	struct tc_codel_xstats st;

	memset(&st, 0, sizeof(st));
	memcpy(&st, xstats, len < sizeof(st) ? len : sizeof(st));
	o->uint(o, "count", st.count, TCOPT_PLAIN);
	o->uint(o, "lastcount", st.lastcount, TCOPT_PLAIN);
	o->uint(o, "ldelay", (uint64_t)st.ldelay * 1000, TCOPT_TIME_NS);
	if (st.dropping) {
		o->flag(o, "dropping");
		o->sint(o, "drop_next_us", st.drop_next);
	}
	o->newline(o);
	o->uint(o, "maxpacket", st.maxpacket, TCOPT_PLAIN);
	o->uint(o, "ecn_mark", st.ecn_mark, TCOPT_PLAIN);
	o->uint(o, "drop_overlimit", st.drop_overlimit, TCOPT_PLAIN);
	if (st.ce_mark)
		o->uint(o, "ce_mark", st.ce_mark, TCOPT_PLAIN);
}

static const struct tcopt_kind codel_kind = {
	.kind = "codel",
	.usage = "Usage: ... codel [ limit PACKETS ] [ target TIME ]\n"
		 "                 [ interval TIME ] [ ecn | noecn ]\n"
		 "                 [ ce_threshold TIME ]\n",
	.parse = codel_parse,
	.print = codel_print,
	.print_xstats = codel_print_xstats,
	.nested = true,
};
TCOPT_REGISTER(codel_kind)

/* ---- fq_codel ------------------------------------------------------------ */

static const struct word fq_codel_words[] = {
	{ "limit", W_U32, TCA_FQ_CODEL_LIMIT, 0 },
	{ "flows", W_U32, TCA_FQ_CODEL_FLOWS, 0 },
	{ "quantum", W_U32, TCA_FQ_CODEL_QUANTUM, 0 },
	{ "target", W_TIME_US, TCA_FQ_CODEL_TARGET, 0 },
	{ "ce_threshold", W_TIME_US, TCA_FQ_CODEL_CE_THRESHOLD, 0 },
	{ "interval", W_TIME_US, TCA_FQ_CODEL_INTERVAL, 0 },
	{ "memory_limit", W_SIZE, TCA_FQ_CODEL_MEMORY_LIMIT, 0 },
	{ "drop_batch", W_U32, TCA_FQ_CODEL_DROP_BATCH_SIZE, 0 },
	{ "ecn", W_SET, TCA_FQ_CODEL_ECN, 1 },
	{ "noecn", W_SET, TCA_FQ_CODEL_ECN, 0 },
	{ NULL, 0, 0, 0 }
};

static const struct emit fq_codel_order[] = {
	{ TCA_FQ_CODEL_LIMIT, 4, E_IF_NONZERO, 0 },
	{ TCA_FQ_CODEL_FLOWS, 4, E_IF_NONZERO, 0 },
	{ TCA_FQ_CODEL_QUANTUM, 4, E_IF_NONZERO, 0 },
	{ TCA_FQ_CODEL_INTERVAL, 4, E_IF_NONZERO, 0 },
	{ TCA_FQ_CODEL_TARGET, 4, E_IF_NONZERO, 0 },
	{ TCA_FQ_CODEL_ECN, 4, E_IF_SET, 0 },
	{ TCA_FQ_CODEL_CE_THRESHOLD, 4, E_UNLESS, ~0u },
	{ TCA_FQ_CODEL_MEMORY_LIMIT, 4, E_UNLESS, ~0u },
	{ TCA_FQ_CODEL_DROP_BATCH_SIZE, 4, E_IF_NONZERO, 0 },
};

static int fq_codel_parse(int argc, char **argv, struct tcopt_buf *b, struct tcopt_err *e)
{
	return words_parse(fq_codel_words, fq_codel_order,
			   sizeof(fq_codel_order) / sizeof(fq_codel_order[0]), argc, argv, b, e);
}

static void fq_codel_print(const void *opt, size_t len, struct tcopt_out *o)
{
	struct tcopt_attr tb[TCA_FQ_CODEL_MAX + 1];

	if (tcopt_parse_attrs(tb, TCA_FQ_CODEL_MAX, opt, len) == 0)
		words_print(fq_codel_words, tb, o);
}

static void fq_codel_print_xstats(const void *xstats, size_t len, struct tcopt_out *o)
{
	struct tc_fq_codel_xstats st;

	memset(&st, 0, sizeof(st));
	memcpy(&st, xstats, len < sizeof(st) ? len : sizeof(st));
	if (st.type != TCA_FQ_CODEL_XSTATS_QDISC)
		return;
	o->uint(o, "maxpacket", st.qdisc_stats.maxpacket, TCOPT_PLAIN);
	o->uint(o, "drop_overlimit", st.qdisc_stats.drop_overlimit, TCOPT_PLAIN);
	o->uint(o, "new_flow_count", st.qdisc_stats.new_flow_count, TCOPT_PLAIN);
	o->uint(o, "ecn_mark", st.qdisc_stats.ecn_mark, TCOPT_PLAIN);
	if (st.qdisc_stats.ce_mark)
		o->uint(o, "ce_mark", st.qdisc_stats.ce_mark, TCOPT_PLAIN);
	if (st.qdisc_stats.memory_usage)
		o->uint(o, "memory_used", st.qdisc_stats.memory_usage, TCOPT_BYTES);
	if (st.qdisc_stats.drop_overmemory)
		o->uint(o, "drop_overmemory", st.qdisc_stats.drop_overmemory, TCOPT_PLAIN);
	o->newline(o);
	o->uint(o, "new_flows_len", st.qdisc_stats.new_flows_len, TCOPT_PLAIN);
	o->uint(o, "old_flows_len", st.qdisc_stats.old_flows_len, TCOPT_PLAIN);
}

static const struct tcopt_kind fq_codel_kind = {
	.kind = "fq_codel",
	.usage = "Usage: ... fq_codel   [ limit PACKETS ] [ flows NUMBER ]\n"
		 "                      [ memory_limit BYTES ]\n"
		 "                      [ target TIME ] [ interval TIME ]\n"
		 "                      [ quantum BYTES ] [ [no]ecn ]\n"
		 "                      [ ce_threshold TIME ]\n"
		 "                      [ drop_batch SIZE ]\n",
	.parse = fq_codel_parse,
	.print = fq_codel_print,
	.print_xstats = fq_codel_print_xstats,
	.nested = true,
};
TCOPT_REGISTER(fq_codel_kind)
