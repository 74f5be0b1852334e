// SPDX-License-Identifier: GPL-2.0
/*
 * plug.c - tc options of the upstream plug qdisc (net/sched/sch_plug.c):
 * TCA_OPTIONS is a struct tc_plug_qopt whose action says what to do.
 * sch_plug has no dump, so there is nothing to print.
 */
#include <string.h>
#include <linux/pkt_sched.h>

#include "tcopt.h"

static int plug_parse(int argc, char **argv, struct tcopt_buf *b, struct tcopt_err *e)
{
	struct tc_plug_qopt opt = { 0 };
	int ok = 0;

	for (; argc > 0; argc--, argv++) {
		uint64_t v;

		if (strcmp(*argv, "block") == 0) {
			opt.action = TCQ_PLUG_BUFFER;
		} else if (strcmp(*argv, "release") == 0) {
			opt.action = TCQ_PLUG_RELEASE_ONE;
		} else if (strcmp(*argv, "release_indefinite") == 0) {
			opt.action = TCQ_PLUG_RELEASE_INDEFINITE;
		} else if (strcmp(*argv, "limit") == 0) {
			opt.action = TCQ_PLUG_LIMIT;
			if (argc < 2)
				return tcopt_fail(e, "plug: \"limit\" needs a value");
			argc--, argv++;
			if (tcopt_get_size(*argv, &v) || v > UINT32_MAX)
				return tcopt_fail(e, "Illegal value for \"limit\": \"%s\"", *argv);
			opt.limit = (uint32_t)v;
		} else {
			return tcopt_fail(e, "plug: unknown parameter \"%s\"", *argv);
		}
		ok++;
	}
	if (ok)
		tcopt_put_raw(b, &opt, sizeof(opt));
	return 0;
}

static const struct tcopt_kind plug_kind = {
	.kind = "plug",
	.usage = "Usage: ... plug [block | release | release_indefinite | limit NUMBER]\n",
	.parse = plug_parse,
	.nested = false,
};
TCOPT_REGISTER(plug_kind)
