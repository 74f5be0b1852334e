// SPDX-License-Identifier: GPL-2.0
/*
 * sfb.c - tc options of the upstream sfb qdisc (net/sched/sch_sfb.c): one
 * nested TCA_SFB_PARMS struct, with tc's defaults (q_sfb.c): target 20,
 * max = (5 * target + 1) / 4 when not given (what tc sends for every target
 * tried), probabilities as fractions of SFB_MAX_PROB rounded to nearest.
 */
#include <stdlib.h>
#include <string.h>
#include <linux/pkt_sched.h>

#include "tcopt.h"

static int prob(const char *s, uint32_t *v)
{
	char *end;
	double d = strtod(s, &end);

	if (end == s || *end || d < 0 || d > 1)
		return -1;
	*v = (uint32_t)(d * SFB_MAX_PROB + 0.5);
	return 0;
}

static int sfb_parse(int argc, char **argv, struct tcopt_buf *b, struct tcopt_err *e)
{
	struct tc_sfb_qopt opt = {
		.rehash_interval = 600 * 1000,
		.warmup_time = 60 * 1000,
		.penalty_rate = 10,
		.penalty_burst = 20,
		.increment = (SFB_MAX_PROB + 1000) / 2000,
		.decrement = (SFB_MAX_PROB + 10000) / 20000,
	};
	static const struct {
		const char *name;
		size_t off;
		bool prob;
	} words[] = {
		{ "rehash", offsetof(struct tc_sfb_qopt, rehash_interval), false },
		{ "db", offsetof(struct tc_sfb_qopt, warmup_time), false },
		{ "limit", offsetof(struct tc_sfb_qopt, limit), false },
		{ "max", offsetof(struct tc_sfb_qopt, max), false },
		{ "target", offsetof(struct tc_sfb_qopt, bin_size), false },
		{ "increment", offsetof(struct tc_sfb_qopt, increment), true },
		{ "decrement", offsetof(struct tc_sfb_qopt, decrement), true },
		{ "penalty_rate", offsetof(struct tc_sfb_qopt, penalty_rate), false },
		{ "penalty_burst", offsetof(struct tc_sfb_qopt, penalty_burst), false },
	};
	size_t nest, i;

	for (; argc > 0; argc--, argv++) {
		uint32_t v;

		for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
			if (strcmp(words[i].name, *argv) == 0)
				break;
		if (i == sizeof(words) / sizeof(words[0]))
			return tcopt_fail(e, "sfb: unknown parameter \"%s\"", *argv);
		if (argc < 2)
			return tcopt_fail(e, "\"%s\" needs a value", *argv);
		argc--, argv++;
		if (words[i].prob ? prob(*argv, &v) : tcopt_get_u32(*argv, &v))
			return tcopt_fail(e, "Illegal \"%s\"", words[i].name);
		memcpy((uint8_t *)&opt + words[i].off, &v, sizeof(v));
	}
	if (opt.bin_size == 0)
		opt.bin_size = 20;
	if (opt.max == 0)
		opt.max = (uint32_t)(((uint64_t)opt.bin_size * 5 + 1) / 4);
	nest = tcopt_nest_start(b, TCA_SFB_PARMS);
	tcopt_put_raw(b, &opt, sizeof(opt));
	tcopt_nest_end(b, nest);
	return 0;
}

static void sfb_print(const void *data, size_t len, struct tcopt_out *o)
{
	struct tcopt_attr tb[TCA_SFB_MAX + 1];
	struct tc_sfb_qopt q;

	if (tcopt_parse_attrs(tb, TCA_SFB_MAX, data, len) || tb[TCA_SFB_PARMS].len < sizeof(q))
		return;
	memcpy(&q, tb[TCA_SFB_PARMS].data, sizeof(q));
	o->uint(o, "limit", q.limit, TCOPT_PLAIN);
	o->uint(o, "max", q.max, TCOPT_PLAIN);
	o->uint(o, "target", q.bin_size, TCOPT_PLAIN);
	o->uint(o, "increment_per_65535", q.increment, TCOPT_PLAIN);
	o->uint(o, "decrement_per_65535", q.decrement, TCOPT_PLAIN);
	o->uint(o, "penalty_rate", q.penalty_rate, TCOPT_PLAIN);
	o->uint(o, "penalty_burst", q.penalty_burst, TCOPT_PLAIN);
	o->uint(o, "rehash_ms", q.rehash_interval, TCOPT_PLAIN);
	o->uint(o, "db_ms", q.warmup_time, TCOPT_PLAIN);
}

static const struct tcopt_kind sfb_kind = {
	.kind = "sfb",
	.usage = "Usage: ... sfb [ rehash SECS ] [ db SECS ]\n"
		 "\t    [ limit PACKETS ] [ max PACKETS ] [ target PACKETS ]\n"
		 "\t    [ increment FLOAT ] [ decrement FLOAT ]\n"
		 "\t    [ penalty_rate PPS ] [ penalty_burst PACKETS ]\n",
	.parse = sfb_parse,
	.print = sfb_print,
	.nested = true,
};
TCOPT_REGISTER(sfb_kind)
