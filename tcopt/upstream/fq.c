// SPDX-License-Identifier: GPL-2.0
/*
 * fq.c - tc options of the upstream fq qdisc (net/sched/sch_fq.c): nested
 * attributes with iproute2's words, units and order (q_fq.c); rates are
 * 32-bit bytes per second, buckets travel as their log2.
 */
#include <string.h>
#include <linux/pkt_sched.h>

#include "words.h"

static const struct word fq_words[] = {
	{ "limit", W_U32, TCA_FQ_PLIMIT, 0 },
	{ "flow_limit", W_U32, TCA_FQ_FLOW_PLIMIT, 0 },
	{ "buckets", W_LOG2, TCA_FQ_BUCKETS_LOG, 0 },
	{ "maxrate", W_RATE32, TCA_FQ_FLOW_MAX_RATE, 0 },
	{ "low_rate_threshold", W_RATE32, TCA_FQ_LOW_RATE_THRESHOLD, 0 },
	{ "ce_threshold", W_TIME_US, TCA_FQ_CE_THRESHOLD, 0 },
	{ "timer_slack", W_TIME_NS, TCA_FQ_TIMER_SLACK, 0 },
	{ "defrate", W_RATE32, TCA_FQ_FLOW_DEFAULT_RATE, 0 },
	{ "quantum", W_U32, TCA_FQ_QUANTUM, 0 },
	{ "initial_quantum", W_U32, TCA_FQ_INITIAL_QUANTUM, 0 },
	{ "orphan_mask", W_U32, TCA_FQ_ORPHAN_MASK, 0 },
	{ "refill_delay", W_TIME_US, TCA_FQ_FLOW_REFILL_DELAY, 0 },
	{ "horizon", W_TIME_US, TCA_FQ_HORIZON, 0 },
	{ "horizon_cap", W_SET, TCA_FQ_HORIZON_DROP, 0 },
	{ "horizon_drop", W_SET, TCA_FQ_HORIZON_DROP, 1 },
	{ "pacing", W_SET, TCA_FQ_RATE_ENABLE, 1 },
	{ "nopacing", W_SET, TCA_FQ_RATE_ENABLE, 0 },
	{ NULL, 0, 0, 0 }
};

static const struct emit fq_order[] = {
	{ TCA_FQ_BUCKETS_LOG, 4, E_IF_NONZERO, 0 },
	{ TCA_FQ_PLIMIT, 4, E_IF_SET, 0 },
	{ TCA_FQ_FLOW_PLIMIT, 4, E_IF_SET, 0 },
	{ TCA_FQ_QUANTUM, 4, E_IF_SET, 0 },
	{ TCA_FQ_INITIAL_QUANTUM, 4, E_IF_SET, 0 },
	{ TCA_FQ_RATE_ENABLE, 4, E_IF_SET, 0 },
	{ TCA_FQ_FLOW_MAX_RATE, 4, E_IF_SET, 0 },
	{ TCA_FQ_LOW_RATE_THRESHOLD, 4, E_IF_SET, 0 },
	{ TCA_FQ_FLOW_DEFAULT_RATE, 4, E_IF_SET, 0 },
	{ TCA_FQ_FLOW_REFILL_DELAY, 4, E_IF_SET, 0 },
	{ TCA_FQ_ORPHAN_MASK, 4, E_IF_SET, 0 },
	{ TCA_FQ_CE_THRESHOLD, 4, E_IF_SET, 0 },
	{ TCA_FQ_TIMER_SLACK, 4, E_IF_SET, 0 },
	{ TCA_FQ_HORIZON, 4, E_IF_SET, 0 },
	{ TCA_FQ_HORIZON_DROP, 1, E_IF_SET, 0 },
};

static int fq_parse(int argc, char **argv, struct tcopt_buf *b, struct tcopt_err *e)
{
	return words_parse(fq_words, fq_order, sizeof(fq_order) / sizeof(fq_order[0]),
			   argc, argv, b, e);
}

static bool u32_attr(const struct tcopt_attr *tb, int type, uint32_t *v)
{
	if (!tb[type].data || tb[type].len < sizeof(uint32_t))
		return false;
	*v = tcopt_attr_u32(&tb[type]);
	return true;
}

static void fq_print(const void *opt, size_t len, struct tcopt_out *o)
{
	struct tcopt_attr tb[TCA_FQ_MAX + 1];
	uint32_t v;

	if (tcopt_parse_attrs(tb, TCA_FQ_MAX, opt, len))
		return;
	if (u32_attr(tb, TCA_FQ_PLIMIT, &v))
		o->uint(o, "limit", v, TCOPT_PLAIN);
	if (u32_attr(tb, TCA_FQ_FLOW_PLIMIT, &v))
		o->uint(o, "flow_limit", v, TCOPT_PLAIN);
	if (u32_attr(tb, TCA_FQ_BUCKETS_LOG, &v) && v < 32)
		o->uint(o, "buckets", 1u << v, TCOPT_PLAIN);
	if (u32_attr(tb, TCA_FQ_ORPHAN_MASK, &v))
		o->uint(o, "orphan_mask", v, TCOPT_PLAIN);
	if (u32_attr(tb, TCA_FQ_RATE_ENABLE, &v) && v == 0)
		o->flag(o, "nopacing");
	if (u32_attr(tb, TCA_FQ_QUANTUM, &v))
		o->uint(o, "quantum", v, TCOPT_BYTES);
	if (u32_attr(tb, TCA_FQ_INITIAL_QUANTUM, &v))
		o->uint(o, "initial_quantum", v, TCOPT_BYTES);
	if (u32_attr(tb, TCA_FQ_FLOW_MAX_RATE, &v) && v != ~0u)
		o->uint(o, "maxrate", v, TCOPT_RATE);
	if (u32_attr(tb, TCA_FQ_LOW_RATE_THRESHOLD, &v) && v)
		o->uint(o, "low_rate_threshold", v, TCOPT_RATE);
	if (u32_attr(tb, TCA_FQ_FLOW_REFILL_DELAY, &v))
		o->uint(o, "refill_delay", (uint64_t)v * 1000, TCOPT_TIME_NS);
	if (u32_attr(tb, TCA_FQ_CE_THRESHOLD, &v) && v != ~0u)
		o->uint(o, "ce_threshold", (uint64_t)v * 1000, TCOPT_TIME_NS);
	if (u32_attr(tb, TCA_FQ_TIMER_SLACK, &v))
		o->uint(o, "timer_slack", v, TCOPT_TIME_NS);
	if (u32_attr(tb, TCA_FQ_HORIZON, &v))
		o->uint(o, "horizon", (uint64_t)v * 1000, TCOPT_TIME_NS);
	if (tb[TCA_FQ_HORIZON_DROP].data && tb[TCA_FQ_HORIZON_DROP].len >= 1)
		o->flag(o, *(const uint8_t *)tb[TCA_FQ_HORIZON_DROP].data ? "horizon_drop"
									      : "horizon_cap");
}

static void fq_print_xstats(const void *xstats, size_t len, struct tcopt_out *o)
{
	struct tc_fq_qd_stats st;

	memset(&st, 0, sizeof(st));
	memcpy(&st, xstats, len < sizeof(st) ? len : sizeof(st));
	o->uint(o, "flows", st.flows, TCOPT_PLAIN);
	o->uint(o, "inactive", st.inactive_flows, TCOPT_PLAIN);
	o->uint(o, "throttled_flows", st.throttled_flows, TCOPT_PLAIN);
	if (st.time_next_delayed_flow > 0)
		o->uint(o, "next_packet_delay", (uint64_t)st.time_next_delayed_flow,
			TCOPT_TIME_NS);
	o->newline(o);
	o->uint(o, "gc", st.gc_flows, TCOPT_PLAIN);
	o->uint(o, "highprio", st.highprio_packets, TCOPT_PLAIN);
	o->uint(o, "throttled", st.throttled, TCOPT_PLAIN);
	if (st.unthrottle_latency_ns)
		o->uint(o, "latency", st.unthrottle_latency_ns, TCOPT_TIME_NS);
	if (st.ce_mark)
		o->uint(o, "ce_mark", st.ce_mark, TCOPT_PLAIN);
	if (st.flows_plimit)
		o->uint(o, "flows_plimit", st.flows_plimit, TCOPT_PLAIN);
	if (st.horizon_drops)
		o->uint(o, "horizon_drops", st.horizon_drops, TCOPT_PLAIN);
	if (st.horizon_caps)
		o->uint(o, "horizon_caps", st.horizon_caps, TCOPT_PLAIN);
}

static const struct tcopt_kind fq_kind = {
	.kind = "fq",
	.usage = "Usage: ... fq [ limit PACKETS ] [ flow_limit PACKETS ]\n"
		 "              [ quantum BYTES ] [ initial_quantum BYTES ]\n"
		 "              [ maxrate RATE ] [ buckets NUMBER ]\n"
		 "              [ [no]pacing ] [ refill_delay TIME ]\n"
		 "              [ low_rate_threshold RATE ]\n"
		 "              [ orphan_mask MASK]\n"
		 "              [ timer_slack TIME]\n"
		 "              [ ce_threshold TIME ]\n"
		 "              [ horizon TIME ]\n"
		 "              [ horizon_{cap|drop} ]\n",
	.parse = fq_parse,
	.print = fq_print,
	.print_xstats = fq_print_xstats,
	.nested = true,
};
TCOPT_REGISTER(fq_kind)
