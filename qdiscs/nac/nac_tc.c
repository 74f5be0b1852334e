// SPDX-License-Identifier: GPL-2.0
/*
 * nac_tc.c - tc syntax of the "nac" qdisc:
 *
 *   nac [ limit PACKETS ] [ syn_free PERCENT ]
 *
 * Range checks are the kernel's (the qdisc's netlink policy).
 */
#include <string.h>

#include "tcopt.h"
#include "nac.h"

static const char nac_usage[] =
	"Usage: ... nac [ limit PACKETS ] [ syn_free PERCENT ]\n"
	"  limit     queue length in packets (default: the device's txqueuelen)\n"
	"  syn_free  drop TCP SYNs while less than PERCENT of the queue is free\n"
	"            (default 30; 0 never drops them)\n";

static int nac_parse(int argc, char **argv, struct tcopt_buf *b,
		     struct tcopt_err *e)
{
	for (int i = 0; i < argc; i++) {
		const char *w = argv[i];
		uint32_t v;
		uint16_t type;

		if (strcmp(w, "limit") == 0)
			type = TCA_NAC_LIMIT;
		else if (strcmp(w, "syn_free") == 0)
			type = TCA_NAC_SYN_FREE;
		else
			return tcopt_fail(e, "What is \"%s\"?", w);
		if (++i >= argc)
			return tcopt_fail(e, "\"%s\" needs a value", w);
		if (tcopt_get_u32(argv[i], &v))
			return tcopt_fail(e, "Illegal \"%s\"", w);
		tcopt_put_u32(b, type, v);
	}
	return 0;
}

static void nac_print(const void *opt, size_t len, struct tcopt_out *o)
{
	struct tcopt_attr tb[TCA_NAC_MAX + 1];

	if (tcopt_parse_attrs(tb, TCA_NAC_MAX, opt, len) < 0)
		return;
	if (tb[TCA_NAC_LIMIT].data && tb[TCA_NAC_LIMIT].len >= sizeof(uint32_t))
		o->uint(o, "limit", tcopt_attr_u32(&tb[TCA_NAC_LIMIT]), TCOPT_PLAIN);
	if (tb[TCA_NAC_SYN_FREE].data && tb[TCA_NAC_SYN_FREE].len >= sizeof(uint32_t))
		o->uint(o, "syn_free", tcopt_attr_u32(&tb[TCA_NAC_SYN_FREE]),
			TCOPT_PLAIN);
}

#define XSTATS_HAS(len, f) \
	((len) >= offsetof(struct tc_nac_xstats, f) + \
		  sizeof(((struct tc_nac_xstats *)0)->f))

static void nac_print_xstats(const void *xstats, size_t len, struct tcopt_out *o)
{
	struct tc_nac_xstats st;

	memset(&st, 0, sizeof(st));
	memcpy(&st, xstats, len < sizeof(st) ? len : sizeof(st));

	if (XSTATS_HAS(len, stamped))
		o->uint(o, "stamped", st.stamped, TCOPT_PLAIN);
	if (XSTATS_HAS(len, kept))
		o->uint(o, "kept", st.kept, TCOPT_PLAIN);
	if (XSTATS_HAS(len, unwritable))
		o->uint(o, "unwritable", st.unwritable, TCOPT_PLAIN);
	if (XSTATS_HAS(len, bad_options))
		o->uint(o, "bad_options", st.bad_options, TCOPT_PLAIN);
	if (XSTATS_HAS(len, syn_drops))
		o->uint(o, "syn_drops", st.syn_drops, TCOPT_PLAIN);
	if (XSTATS_HAS(len, limit_drops))
		o->uint(o, "limit_drops", st.limit_drops, TCOPT_PLAIN);
	if (XSTATS_HAS(len, change_drops))
		o->uint(o, "change_drops", st.change_drops, TCOPT_PLAIN);
	if (XSTATS_HAS(len, free_min))
		o->uint(o, "free_min", st.free_min, TCOPT_PLAIN);
}

static const struct tcopt_kind nac_tcopt = {
	.kind = "nac",
	.usage = nac_usage,
	.parse = nac_parse,
	.print = nac_print,
	.print_xstats = nac_print_xstats,
	.nested = true,
};

TCOPT_REGISTER(nac_tcopt)
