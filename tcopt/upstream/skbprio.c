// SPDX-License-Identifier: GPL-2.0
/*
 * skbprio.c - tc options of the upstream skbprio qdisc
 * (net/sched/sch_skbprio.c): TCA_OPTIONS is a struct tc_skbprio_qopt.
 */
#include <string.h>
#include <linux/pkt_sched.h>

#include "tcopt.h"

static int skbprio_parse(int argc, char **argv, struct tcopt_buf *b, struct tcopt_err *e)
{
	struct tc_skbprio_qopt opt = { 0 };
	int ok = 0;

	for (; argc > 0; argc--, argv++) {
		uint64_t v;

		if (strcmp(*argv, "limit") == 0) {
			if (argc < 2)
				return tcopt_fail(e, "skbprio: \"limit\" needs a value");
			argc--, argv++;
			if (tcopt_get_size(*argv, &v) || v > UINT32_MAX)
				return tcopt_fail(e, "skbprio: Illegal \"limit\" value:\"%s\"", *argv);
			opt.limit = (uint32_t)v;
			ok++;
		} else {
			return tcopt_fail(e, "skbprio: unknown parameter \"%s\"", *argv);
		}
	}
	if (ok)
		tcopt_put_raw(b, &opt, sizeof(opt));
	return 0;
}

static void skbprio_print(const void *data, size_t len, struct tcopt_out *o)
{
	struct tc_skbprio_qopt opt;

	if (len < sizeof(opt))
		return;
	memcpy(&opt, data, sizeof(opt));
	o->uint(o, "limit", opt.limit, TCOPT_PLAIN);
}

static const struct tcopt_kind skbprio_kind = {
	.kind = "skbprio",
	.usage = "Usage: ... <skbprio> [ limit NUMBER ]\n",
	.parse = skbprio_parse,
	.print = skbprio_print,
	.nested = false,
};
TCOPT_REGISTER(skbprio_kind)
