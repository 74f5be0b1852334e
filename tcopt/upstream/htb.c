// SPDX-License-Identifier: GPL-2.0
/*
 * htb.c - tc options of the upstream htb and drr qdiscs (the root qdisc
 * only: tcopt has no class options, so htb sends every packet to its direct
 * queue unless a trace's tca bytes say more). htb: TCA_HTB_INIT always,
 * "default" in hex as tc reads it (q_htb.c). drr has no qdisc options.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/pkt_sched.h>

#include "tcopt.h"

static int u32_base(const char *s, int base, uint32_t *v)
{
	char *end;
	unsigned long long x;

	if (!*s || *s == '-')
		return -1;
	x = strtoull(s, &end, base);
	if (*end || x > UINT32_MAX)
		return -1;
	*v = (uint32_t)x;
	return 0;
}

static int htb_parse(int argc, char **argv, struct tcopt_buf *b, struct tcopt_err *e)
{
	struct tc_htb_glob opt = { .version = 3, .rate2quantum = 10 };
	uint32_t direct_qlen = 0;
	bool has_qlen = false, offload = false;

	for (; argc > 0; argc--, argv++) {
		const char *w = *argv;

		if (strcmp(w, "offload") == 0) {
			offload = true;
			continue;
		}
		if (strcmp(w, "r2q") && strcmp(w, "default") && strcmp(w, "debug") &&
		    strcmp(w, "direct_qlen"))
			return tcopt_fail(e, "What is \"%s\"?", w);
		if (argc < 2)
			return tcopt_fail(e, "\"%s\" needs a value", w);
		argc--, argv++;
		if (strcmp(w, "r2q") == 0) {
			if (u32_base(*argv, 10, &opt.rate2quantum))
				return tcopt_fail(e, "Illegal \"r2q\"");
		} else if (strcmp(w, "default") == 0) {
			if (u32_base(*argv, 16, &opt.defcls))
				return tcopt_fail(e, "Illegal \"default\"");
		} else if (strcmp(w, "debug") == 0) {
			if (u32_base(*argv, 10, &opt.debug))
				return tcopt_fail(e, "Illegal \"debug\"");
		} else {
			if (u32_base(*argv, 10, &direct_qlen))
				return tcopt_fail(e, "Illegal \"direct_qlen\"");
			has_qlen = true;
		}
	}
	tcopt_put(b, TCA_HTB_INIT, &opt, sizeof(opt));
	if (has_qlen)
		tcopt_put_u32(b, TCA_HTB_DIRECT_QLEN, direct_qlen);
	if (offload)
		tcopt_put_flag(b, TCA_HTB_OFFLOAD);
	return 0;
}

static void htb_print(const void *data, size_t len, struct tcopt_out *o)
{
	struct tcopt_attr tb[TCA_HTB_MAX + 1];
	struct tc_htb_glob g;
	char def[16];

	if (tcopt_parse_attrs(tb, TCA_HTB_MAX, data, len) || tb[TCA_HTB_INIT].len < sizeof(g))
		return;
	memcpy(&g, tb[TCA_HTB_INIT].data, sizeof(g));
	o->uint(o, "r2q", g.rate2quantum, TCOPT_PLAIN);
	snprintf(def, sizeof(def), "%x", g.defcls);
	o->str(o, "default", def);
	o->uint(o, "direct_packets_stat", g.direct_pkts, TCOPT_PLAIN);
	if (tb[TCA_HTB_DIRECT_QLEN].len >= 4)
		o->uint(o, "direct_qlen", tcopt_attr_u32(&tb[TCA_HTB_DIRECT_QLEN]), TCOPT_PLAIN);
}

static const struct tcopt_kind htb_kind = {
	.kind = "htb",
	.usage = "Usage: ... qdisc add ... htb [default N] [r2q N]\n"
		 "                      [direct_qlen P] [offload]\n"
		 "  (classes: give the tca bytes of a recorded setup)\n",
	.parse = htb_parse,
	.print = htb_print,
	.nested = true,
};
TCOPT_REGISTER(htb_kind)

static int drr_parse(int argc, char **argv, struct tcopt_buf *b, struct tcopt_err *e)
{
	if (argc > 0)
		return tcopt_fail(e, "What is \"%s\"?", *argv);
	return 0;
}

static const struct tcopt_kind drr_kind = {
	.kind = "drr",
	.usage = "Usage: ... drr\n",
	.parse = drr_parse,
	.nested = false,
};
TCOPT_REGISTER(drr_kind)
