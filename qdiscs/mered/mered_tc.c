// SPDX-License-Identifier: GPL-2.0
/*
 * mered_tc.c - tc syntax of the "mered" qdisc: "limit PACKETS".
 *
 * The one parser and printer of this kind's options, shared by qdk-replay
 * (--qdisc "mered limit 50", a trace's qdisc line) and the tc plugin
 * q_mered.so. Plain C11 against tcopt/tcopt.h and the qdisc's ABI header.
 *
 * Range checks are the kernel's job (the qdisc's netlink policy): the parser
 * only rejects words that are not numbers, so users see the same extack
 * message whichever tool they use.
 */
#include <string.h>

#include "tcopt.h"
#include "mered.h"

static const char mered_usage[] =
	"Usage: ... mered [ limit PACKETS ]\n"
	"  limit  queue length in packets (default: the device's txqueuelen)\n";

static int mered_parse(int argc, char **argv, struct tcopt_buf *b,
			  struct tcopt_err *e)
{
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "limit") == 0) {
			uint32_t limit;

			if (++i >= argc)
				return tcopt_fail(e, "\"limit\" needs a value");
			if (tcopt_get_u32(argv[i], &limit))
				return tcopt_fail(e, "Illegal \"limit\"");
			tcopt_put_u32(b, TCA_MERED_LIMIT, limit);
		} else {
			return tcopt_fail(e, "What is \"%s\"?", argv[i]);
		}
	}
	return 0;
}

static void mered_print(const void *opt, size_t len, struct tcopt_out *o)
{
	struct tcopt_attr tb[TCA_MERED_MAX + 1];

	if (tcopt_parse_attrs(tb, TCA_MERED_MAX, opt, len) < 0)
		return;
	if (tb[TCA_MERED_LIMIT].data &&
	    tb[TCA_MERED_LIMIT].len >= sizeof(uint32_t))
		o->uint(o, "limit", tcopt_attr_u32(&tb[TCA_MERED_LIMIT]),
			TCOPT_PLAIN);
}

/* Is field f of the xstats struct inside the len bytes the kernel sent? */
#define XSTATS_HAS(len, f) \
	((len) >= offsetof(struct tc_mered_xstats, f) + \
		  sizeof(((struct tc_mered_xstats *)0)->f))

static void mered_print_xstats(const void *xstats, size_t len,
				  struct tcopt_out *o)
{
	struct tc_mered_xstats st;

	/* An older kernel may send a shorter struct: print what is there. */
	memset(&st, 0, sizeof(st));
	memcpy(&st, xstats, len < sizeof(st) ? len : sizeof(st));

	if (XSTATS_HAS(len, limit_drops))
		o->uint(o, "limit_drops", st.limit_drops, TCOPT_PLAIN);
	if (XSTATS_HAS(len, change_drops))
		o->uint(o, "change_drops", st.change_drops, TCOPT_PLAIN);
	if (XSTATS_HAS(len, qlen_max))
		o->uint(o, "qlen_max", st.qlen_max, TCOPT_PLAIN);
	if (XSTATS_HAS(len, backlog_max))
		o->uint(o, "backlog_max", st.backlog_max, TCOPT_BYTES);
}

static const struct tcopt_kind mered_tcopt = {
	.kind = "mered",
	.usage = mered_usage,
	.parse = mered_parse,
	.print = mered_print,
	.print_xstats = mered_print_xstats,
	.nested = true,
};

TCOPT_REGISTER(mered_tcopt)
