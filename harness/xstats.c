// SPDX-License-Identifier: GPL-2.0
/*
 * xstats.c - decoding a dump_stats blob by its kind's uapi struct.
 *
 * The tables name each field of the structs the upstream kinds hand to
 * gnet_stats_copy_app() in their dump_stats (qdisc) or class ops'
 * dump_stats (class); the offsets and sizes are the compiler's, from
 * <linux/pkt_sched.h>. fq_codel's blob is a union told apart by its first
 * word (TCA_FQ_CODEL_XSTATS_QDISC or _CLASS). cake's is nested netlink
 * attributes, not a struct: it is given as hex, as every unknown kind's.
 * The series' own <linux/pkt_sched.h> (build/upstream[-SERIES]/include/uapi,
 * harness.mk) names the structs of kinds only newer series have: dualpi2's
 * (7.x) is decoded where the series declares it.
 */
#include <linux/pkt_sched.h>
#include <stdint.h>
#include <string.h>

#include "xstats.h"

static const struct xfield red_f[] = {
	XF(tc_red_xstats, early, 0), XF(tc_red_xstats, pdrop, 0),
	XF(tc_red_xstats, other, 0), XF(tc_red_xstats, marked, 0),
};
static const struct xfield choke_f[] = {
	XF(tc_choke_xstats, early, 0), XF(tc_choke_xstats, pdrop, 0),
	XF(tc_choke_xstats, other, 0), XF(tc_choke_xstats, marked, 0),
	XF(tc_choke_xstats, matched, 0),
};
static const struct xfield sfb_f[] = {
	XF(tc_sfb_xstats, earlydrop, 0), XF(tc_sfb_xstats, penaltydrop, 0),
	XF(tc_sfb_xstats, bucketdrop, 0), XF(tc_sfb_xstats, queuedrop, 0),
	XF(tc_sfb_xstats, childdrop, 0), XF(tc_sfb_xstats, marked, 0),
	XF(tc_sfb_xstats, maxqlen, 0), XF(tc_sfb_xstats, maxprob, 0),
	XF(tc_sfb_xstats, avgprob, 0),
};
static const struct xfield codel_f[] = {
	XF(tc_codel_xstats, maxpacket, 0), XF(tc_codel_xstats, count, 0),
	XF(tc_codel_xstats, lastcount, 0), XF(tc_codel_xstats, ldelay, 0),
	XF(tc_codel_xstats, drop_next, 1), XF(tc_codel_xstats, drop_overlimit, 0),
	XF(tc_codel_xstats, ecn_mark, 0), XF(tc_codel_xstats, dropping, 0),
	XF(tc_codel_xstats, ce_mark, 0),
};
/* fq_codel's union members, at their offset in struct tc_fq_codel_xstats */
#define FQC(m, f, s) { #f, offsetof(struct tc_fq_codel_xstats, m.f), \
	sizeof(((struct tc_fq_codel_xstats *)0)->m.f), s }
static const struct xfield fq_codel_qd_f[] = {
	FQC(qdisc_stats, maxpacket, 0), FQC(qdisc_stats, drop_overlimit, 0),
	FQC(qdisc_stats, ecn_mark, 0), FQC(qdisc_stats, new_flow_count, 0),
	FQC(qdisc_stats, new_flows_len, 0), FQC(qdisc_stats, old_flows_len, 0),
	FQC(qdisc_stats, ce_mark, 0), FQC(qdisc_stats, memory_usage, 0),
	FQC(qdisc_stats, drop_overmemory, 0),
};
static const struct xfield fq_codel_cl_f[] = {
	FQC(class_stats, deficit, 1), FQC(class_stats, ldelay, 0),
	FQC(class_stats, count, 0), FQC(class_stats, lastcount, 0),
	FQC(class_stats, dropping, 0), FQC(class_stats, drop_next, 1),
};
static const struct xfield fq_f[] = {
	XF(tc_fq_qd_stats, gc_flows, 0), XF(tc_fq_qd_stats, highprio_packets, 0),
	XF(tc_fq_qd_stats, tcp_retrans, 0), XF(tc_fq_qd_stats, throttled, 0),
	XF(tc_fq_qd_stats, flows_plimit, 0), XF(tc_fq_qd_stats, pkts_too_long, 0),
	XF(tc_fq_qd_stats, allocation_errors, 0), XF(tc_fq_qd_stats, time_next_delayed_flow, 1),
	XF(tc_fq_qd_stats, flows, 0), XF(tc_fq_qd_stats, inactive_flows, 0),
	XF(tc_fq_qd_stats, throttled_flows, 0), XF(tc_fq_qd_stats, unthrottle_latency_ns, 0),
	XF(tc_fq_qd_stats, ce_mark, 0), XF(tc_fq_qd_stats, horizon_drops, 0),
	XF(tc_fq_qd_stats, horizon_caps, 0),
};
static const struct xfield hhf_f[] = {
	XF(tc_hhf_xstats, drop_overlimit, 0), XF(tc_hhf_xstats, hh_overlimit, 0),
	XF(tc_hhf_xstats, hh_tot_count, 0), XF(tc_hhf_xstats, hh_cur_count, 0),
};
static const struct xfield pie_f[] = {
	XF(tc_pie_xstats, prob, 0), XF(tc_pie_xstats, delay, 0),
	XF(tc_pie_xstats, avg_dq_rate, 0), XF(tc_pie_xstats, dq_rate_estimating, 0),
	XF(tc_pie_xstats, packets_in, 0), XF(tc_pie_xstats, dropped, 0),
	XF(tc_pie_xstats, overlimit, 0), XF(tc_pie_xstats, maxq, 0),
	XF(tc_pie_xstats, ecn_mark, 0),
};
static const struct xfield fq_pie_f[] = {
	XF(tc_fq_pie_xstats, packets_in, 0), XF(tc_fq_pie_xstats, dropped, 0),
	XF(tc_fq_pie_xstats, overlimit, 0), XF(tc_fq_pie_xstats, overmemory, 0),
	XF(tc_fq_pie_xstats, ecn_mark, 0), XF(tc_fq_pie_xstats, new_flow_count, 0),
	XF(tc_fq_pie_xstats, new_flows_len, 0), XF(tc_fq_pie_xstats, old_flows_len, 0),
	XF(tc_fq_pie_xstats, memory_usage, 0),
};
#ifdef TCA_DUALPI2_MAX
/* its two queues (delay_c, packets_in_c; delay_l, packets_in_l, step_marks)
 * and the PI probability they share: the C queue's is prob squared, the L
 * queue's prob times the coupling factor */
static const struct xfield dualpi2_f[] = {
	XF(tc_dualpi2_xstats, prob, 0), XF(tc_dualpi2_xstats, delay_c, 0),
	XF(tc_dualpi2_xstats, delay_l, 0), XF(tc_dualpi2_xstats, packets_in_c, 0),
	XF(tc_dualpi2_xstats, packets_in_l, 0), XF(tc_dualpi2_xstats, maxq, 0),
	XF(tc_dualpi2_xstats, ecn_mark, 0), XF(tc_dualpi2_xstats, step_marks, 0),
	XF(tc_dualpi2_xstats, credit, 1), XF(tc_dualpi2_xstats, memory_used, 0),
	XF(tc_dualpi2_xstats, max_memory_used, 0), XF(tc_dualpi2_xstats, memory_limit, 0),
};
#endif
/* classes */
static const struct xfield htb_f[] = {
	XF(tc_htb_xstats, lends, 0), XF(tc_htb_xstats, borrows, 0),
	XF(tc_htb_xstats, giants, 0), XF(tc_htb_xstats, tokens, 1),
	XF(tc_htb_xstats, ctokens, 1),
};
static const struct xfield hfsc_f[] = {
	XF(tc_hfsc_stats, work, 0), XF(tc_hfsc_stats, rtwork, 0),
	XF(tc_hfsc_stats, period, 0), XF(tc_hfsc_stats, level, 0),
};
static const struct xfield drr_f[] = { XF(tc_drr_stats, deficit, 0) };
static const struct xfield qfq_f[] = { XF(tc_qfq_stats, weight, 0), XF(tc_qfq_stats, lmax, 0) };
static const struct xfield sfq_f[] = { XF(tc_sfq_xstats, allot, 1) };

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define KIND(k, T, a) { k, #T, sizeof(struct T), a, N(a) }

static const struct xkind qdisc_kinds[] = {
	KIND("red", tc_red_xstats, red_f),
	KIND("choke", tc_choke_xstats, choke_f),
	KIND("sfb", tc_sfb_xstats, sfb_f),
	KIND("codel", tc_codel_xstats, codel_f),
	KIND("fq", tc_fq_qd_stats, fq_f),
	KIND("hhf", tc_hhf_xstats, hhf_f),
	KIND("pie", tc_pie_xstats, pie_f),
	KIND("fq_pie", tc_fq_pie_xstats, fq_pie_f),
#ifdef TCA_DUALPI2_MAX
	KIND("dualpi2", tc_dualpi2_xstats, dualpi2_f),
#endif
};

static const struct xkind class_kinds[] = {
	KIND("htb", tc_htb_xstats, htb_f),
	KIND("hfsc", tc_hfsc_stats, hfsc_f),
	KIND("drr", tc_drr_stats, drr_f),
	KIND("qfq", tc_qfq_stats, qfq_f),
	KIND("sfq", tc_sfq_xstats, sfq_f),
};

static const struct xkind fq_codel_qd = KIND("fq_codel", tc_fq_codel_xstats, fq_codel_qd_f);
static const struct xkind fq_codel_cl = KIND("fq_codel", tc_fq_codel_xstats, fq_codel_cl_f);

static const struct xkind *find(const char *kind, bool cls, const unsigned char *b, size_t len)
{
	size_t i;

	if (!strcmp(kind, "fq_codel") && len >= 4) {
		uint32_t type;

		memcpy(&type, b, 4);
		if (type == TCA_FQ_CODEL_XSTATS_QDISC)
			return &fq_codel_qd;
		if (type == TCA_FQ_CODEL_XSTATS_CLASS)
			return &fq_codel_cl;
		return NULL;
	}
	if (cls) {
		for (i = 0; i < N(class_kinds); i++)
			if (!strcmp(kind, class_kinds[i].kind))
				return &class_kinds[i];
		return NULL;
	}
	for (i = 0; i < N(qdisc_kinds); i++)
		if (!strcmp(kind, qdisc_kinds[i].kind))
			return &qdisc_kinds[i];
	for (i = 0; kit_xkinds[i].kind; i++)
		if (!strcmp(kind, kit_xkinds[i].kind))
			return &kit_xkinds[i];
	return NULL;
}

static void hex(struct outfile *o, const unsigned char *b, size_t len)
{
	size_t i;

	out_str(o, "\"hex\": \"");
	for (i = 0; i < len; i++)
		out_printf(o, "%02x", b[i]);
	out_char(o, '"');
}

void xstats_json(struct outfile *o, const char *kind, bool cls, const void *buf, size_t len)
{
	const unsigned char *b = buf;
	const struct xkind *k = find(kind, cls, b, len);
	size_t i;

	out_char(o, '{');
	if (!k) {
		hex(o, b, len);
		out_char(o, '}');
		return;
	}
	out_printf(o, "\"struct\": \"%s\"", k->type);
	for (i = 0; i < k->nf; i++) {
		const struct xfield *f = &k->f[i];
		uint64_t u = 0;

		if (f->off + f->size > len)
			break;
		/* little-endian host: the low bytes first, as the kernel wrote them */
		memcpy(&u, b + f->off, f->size);
		if (f->sgn && f->size < 8 && (u >> (f->size * 8 - 1)) & 1)
			u |= ~0ull << (f->size * 8);
		if (f->sgn)
			out_printf(o, ", \"%s\": %lld", f->name, (long long)u);
		else
			out_printf(o, ", \"%s\": %llu", f->name, (unsigned long long)u);
	}
	if (len != k->len) {
		out_str(o, ", ");
		hex(o, b, len);
	}
	out_char(o, '}');
}
