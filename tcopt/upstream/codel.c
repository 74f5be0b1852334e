// SPDX-License-Identifier: GPL-2.0
/*
 * codel.c - tc options of the upstream codel and fq_codel qdiscs
 * (net/sched/sch_codel.c, sch_fq_codel.c): nested attributes, times in
 * microseconds as tc sends them (get_time: a bare number is usecs).
 *
 * Both kinds share the table-driven parser below: each word names one
 * attribute and how its value is read, as in iproute2's q_codel.c and
 * q_fq_codel.c (same words, same error messages).
 */
#include <string.h>
#include <linux/pkt_sched.h>

#include "tcopt.h"

enum word_type { W_U32, W_TIME_US, W_SIZE, W_ON, W_OFF };

struct word {
	const char *name;
	enum word_type type;
	uint16_t attr;
};

static int parse_words(const struct word *words, int argc, char **argv,
		       struct tcopt_buf *b, struct tcopt_err *e)
{
	for (; argc > 0; argc--, argv++) {
		const struct word *w;
		uint64_t v;
		uint32_t x = 0;

		for (w = words; w->name; w++)
			if (strcmp(w->name, *argv) == 0)
				break;
		if (!w->name)
			return tcopt_fail(e, "What is \"%s\"?", *argv);
		if (w->type == W_ON || w->type == W_OFF) {
			tcopt_put_u32(b, w->attr, w->type == W_ON);
			continue;
		}
		if (argc < 2)
			return tcopt_fail(e, "\"%s\" needs a value", w->name);
		argc--, argv++;
		switch (w->type) {
		case W_U32:
			if (tcopt_get_u32(*argv, &x))
				goto bad;
			break;
		case W_TIME_US:
			if (tcopt_get_time(*argv, &v) || v / 1000 > UINT32_MAX)
				goto bad;
			x = (uint32_t)(v / 1000);
			break;
		case W_SIZE:
			if (tcopt_get_size(*argv, &v) || v > UINT32_MAX)
				goto bad;
			x = (uint32_t)v;
			break;
		default:
			break;
		}
		tcopt_put_u32(b, w->attr, x);
		continue;
bad:
		return tcopt_fail(e, "Illegal \"%s\"", w->name);
	}
	return 0;
}

/* Print one u32 attribute per word, in table order, like tc's printers. */
static void print_words(const struct word *words, const struct tcopt_attr *tb,
			struct tcopt_out *o)
{
	const struct word *w;

	for (w = words; w->name; w++) {
		const struct tcopt_attr *a = &tb[w->attr];
		uint32_t v;

		if (!a->data || a->len < sizeof(uint32_t) || w->type == W_OFF)
			continue;
		v = tcopt_attr_u32(a);
		if (w->type == W_ON) {
			if (v)
				o->flag(o, w->name);
		} else if (w->type == W_TIME_US) {
			o->uint(o, w->name, (uint64_t)v * 1000, TCOPT_TIME_NS);
		} else {
			o->uint(o, w->name, v, w->type == W_SIZE ? TCOPT_BYTES : TCOPT_PLAIN);
		}
	}
}

/* ---- codel --------------------------------------------------------------- */

static const struct word codel_words[] = {
	{ "limit", W_U32, TCA_CODEL_LIMIT },
	{ "target", W_TIME_US, TCA_CODEL_TARGET },
	{ "ce_threshold", W_TIME_US, TCA_CODEL_CE_THRESHOLD },
	{ "interval", W_TIME_US, TCA_CODEL_INTERVAL },
	{ "ecn", W_ON, TCA_CODEL_ECN },
	{ "noecn", W_OFF, TCA_CODEL_ECN },
	{ NULL, 0, 0 }
};

static int codel_parse(int argc, char **argv, struct tcopt_buf *b, struct tcopt_err *e)
{
	return parse_words(codel_words, argc, argv, b, e);
}

static void codel_print(const void *opt, size_t len, struct tcopt_out *o)
{
	struct tcopt_attr tb[TCA_CODEL_MAX + 1];

	if (tcopt_parse_attrs(tb, TCA_CODEL_MAX, opt, len) == 0)
		print_words(codel_words, tb, o);
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
	{ "limit", W_U32, TCA_FQ_CODEL_LIMIT },
	{ "flows", W_U32, TCA_FQ_CODEL_FLOWS },
	{ "quantum", W_U32, TCA_FQ_CODEL_QUANTUM },
	{ "target", W_TIME_US, TCA_FQ_CODEL_TARGET },
	{ "ce_threshold", W_TIME_US, TCA_FQ_CODEL_CE_THRESHOLD },
	{ "interval", W_TIME_US, TCA_FQ_CODEL_INTERVAL },
	{ "memory_limit", W_SIZE, TCA_FQ_CODEL_MEMORY_LIMIT },
	{ "drop_batch", W_U32, TCA_FQ_CODEL_DROP_BATCH_SIZE },
	{ "ecn", W_ON, TCA_FQ_CODEL_ECN },
	{ "noecn", W_OFF, TCA_FQ_CODEL_ECN },
	{ NULL, 0, 0 }
};

static int fq_codel_parse(int argc, char **argv, struct tcopt_buf *b, struct tcopt_err *e)
{
	return parse_words(fq_codel_words, argc, argv, b, e);
}

static void fq_codel_print(const void *opt, size_t len, struct tcopt_out *o)
{
	struct tcopt_attr tb[TCA_FQ_CODEL_MAX + 1];

	if (tcopt_parse_attrs(tb, TCA_FQ_CODEL_MAX, opt, len) == 0)
		print_words(fq_codel_words, tb, o);
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
