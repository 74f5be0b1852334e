// SPDX-License-Identifier: GPL-2.0
/*
 * prio.c - tc options of the upstream prio and multiq qdiscs
 * (net/sched/sch_prio.c, sch_multiq.c): struct payloads. prio's follows
 * tc's "nest compat" layout: the struct, then an attribute of type
 * TCA_OPTIONS holding TCA_PRIO_MQ when "multiqueue" is given.
 */
#include <stdio.h>
#include <string.h>
#include <linux/pkt_sched.h>

#include "tcopt.h"

#define QDK_TCA_OPTIONS 2	/* <linux/rtnetlink.h> */
#define QDK_TCA_PRIO_MQ 1	/* gone from the uapi headers, still what tc sends */

static const uint8_t default_priomap[TC_PRIO_MAX + 1] = {
	1, 2, 2, 2, 1, 2, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1
};

static int prio_parse(int argc, char **argv, struct tcopt_buf *b, struct tcopt_err *e)
{
	struct tc_prio_qopt opt;
	bool mq = false;
	int idx = 0;
	size_t nest;

	memset(&opt, 0, sizeof(opt));
	opt.bands = 3;
	memcpy(opt.priomap, default_priomap, sizeof(opt.priomap));
	for (; argc > 0; argc--, argv++) {
		uint32_t v;

		if (strcmp(*argv, "bands") == 0) {
			if (argc < 2)
				return tcopt_fail(e, "\"bands\" needs a value");
			argc--, argv++;
			if (tcopt_get_u32(*argv, &v) || v > INT32_MAX)
				return tcopt_fail(e, "Illegal \"bands\"");
			opt.bands = (int)v;
		} else if (strcmp(*argv, "priomap") == 0) {
			/* the numbers that follow, up to 16 */
			while (argc > 1 && idx <= TC_PRIO_MAX &&
			       tcopt_get_u32(argv[1], &v) == 0) {
				if (v >= (uint32_t)opt.bands)
					return tcopt_fail(e, "\"priomap\" element is out of bands");
				opt.priomap[idx++] = (uint8_t)v;
				argc--, argv++;
			}
		} else if (strcmp(*argv, "multiqueue") == 0) {
			mq = true;
		} else {
			return tcopt_fail(e, "What is \"%s\"?", *argv);
		}
	}
	tcopt_put_raw(b, &opt, sizeof(opt));
	nest = tcopt_nest_start(b, QDK_TCA_OPTIONS);
	if (mq)
		tcopt_put_flag(b, QDK_TCA_PRIO_MQ);
	tcopt_nest_end(b, nest);
	return 0;
}

static void prio_print(const void *data, size_t len, struct tcopt_out *o)
{
	struct tc_prio_qopt opt;
	char map[64];
	int i, n = 0;

	if (len < sizeof(opt))
		return;
	memcpy(&opt, data, sizeof(opt));
	o->uint(o, "bands", (uint64_t)opt.bands, TCOPT_PLAIN);
	for (i = 0; i <= TC_PRIO_MAX; i++)
		n += snprintf(map + n, sizeof(map) - (size_t)n, "%s%u", i ? " " : "",
			      opt.priomap[i]);
	o->str(o, "priomap", map);
}

static const struct tcopt_kind prio_kind = {
	.kind = "prio",
	.usage = "Usage: ... prio bands NUMBER priomap P1 P2...[multiqueue]\n",
	.parse = prio_parse,
	.print = prio_print,
	.nested = false,
};
TCOPT_REGISTER(prio_kind)

static int multiq_parse(int argc, char **argv, struct tcopt_buf *b, struct tcopt_err *e)
{
	struct tc_multiq_qopt opt = { 0 };

	if (argc > 0)
		return tcopt_fail(e, "What is \"%s\"?", *argv);
	tcopt_put_raw(b, &opt, sizeof(opt));
	return 0;
}

static void multiq_print(const void *data, size_t len, struct tcopt_out *o)
{
	struct tc_multiq_qopt opt;

	if (len < sizeof(opt))
		return;
	memcpy(&opt, data, sizeof(opt));
	o->uint(o, "bands", opt.bands, TCOPT_PLAIN);
	o->uint(o, "max_bands", opt.max_bands, TCOPT_PLAIN);
}

static const struct tcopt_kind multiq_kind = {
	.kind = "multiq",
	.usage = "Usage: ... multiq [help]\n",
	.parse = multiq_parse,
	.print = multiq_print,
	.nested = false,
};
TCOPT_REGISTER(multiq_kind)
