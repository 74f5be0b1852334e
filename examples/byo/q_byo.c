// SPDX-License-Identifier: GPL-2.0
/*
 * q_byo.c - tc's parser and printer for the byo qdisc, written as an
 * out-of-tree qdisc's q_*.c is: against iproute2's own headers, built into
 * a plugin the stock tc loads (q_byo.so, symbol byo_qdisc_util).
 *
 *	tc qdisc add dev DEV ... byo [ rate BYTES_PER_SEC ] [ delay USEC ]
 *				     [ limit PACKETS ]
 */
#include <stdio.h>
#include <string.h>

#include "utils.h"
#include "tc_util.h"

#include "byo_uapi.h"

static void byo_explain(void)
{
	fprintf(stderr,
		"Usage: ... byo [ rate BYTES_PER_SEC ] [ delay USEC ] [ limit PACKETS ]\n"
		"  rate   bytes per second, 0: unlimited (default: the module parameter default_rate)\n"
		"  delay  microseconds added to every packet (default 0)\n"
		"  limit  queue length in packets (default 1000)\n");
}

/* The u32 after the keyword at *argv, or an explanation and -1. */
static int byo_u32(int *argc, char ***argv, const char *what, __u32 *val)
{
	if (--*argc <= 0) {
		fprintf(stderr, "byo: \"%s\" needs a value\n", what);
		byo_explain();
		return -1;
	}
	++*argv;
	if (get_u32(val, **argv, 0)) {
		fprintf(stderr, "Illegal \"%s\"\n", what);
		byo_explain();
		return -1;
	}
	return 0;
}

static int byo_parse_opt(struct qdisc_util *qu, int argc, char **argv,
			 struct nlmsghdr *n, const char *dev)
{
	static const char *const names[TCA_BYO_MAX + 1] = {
		[TCA_BYO_RATE] = "rate",
		[TCA_BYO_DELAY] = "delay",
		[TCA_BYO_LIMIT] = "limit",
	};
	__u32 val[TCA_BYO_MAX + 1];
	bool set[TCA_BYO_MAX + 1] = { false };
	struct rtattr *opts;
	int i;

	for (; argc > 0; argc--, argv++) {
		for (i = 1; i <= TCA_BYO_MAX; i++)
			if (strcmp(*argv, names[i]) == 0)
				break;
		if (i > TCA_BYO_MAX) {
			if (strcmp(*argv, "help") != 0)
				fprintf(stderr, "byo: unknown option \"%s\"\n", *argv);
			byo_explain();
			return -1;
		}
		if (byo_u32(&argc, &argv, names[i], &val[i]))
			return -1;
		set[i] = true;
	}
	/* the options as nested attributes, in the order of byo_uapi.h */
	opts = addattr_nest(n, 1024, TCA_OPTIONS | NLA_F_NESTED);
	for (i = 1; i <= TCA_BYO_MAX; i++)
		if (set[i])
			addattr_l(n, 1024, i, &val[i], sizeof(val[i]));
	addattr_nest_end(n, opts);
	return 0;
}

static int byo_print_opt(struct qdisc_util *qu, FILE *f, struct rtattr *opt)
{
	struct rtattr *tb[TCA_BYO_MAX + 1];

	if (!opt)
		return 0;
	parse_rtattr_nested(tb, TCA_BYO_MAX, opt);
	if (tb[TCA_BYO_RATE] && RTA_PAYLOAD(tb[TCA_BYO_RATE]) >= sizeof(__u32))
		print_uint(PRINT_ANY, "rate", "rate %u ", rta_getattr_u32(tb[TCA_BYO_RATE]));
	if (tb[TCA_BYO_DELAY] && RTA_PAYLOAD(tb[TCA_BYO_DELAY]) >= sizeof(__u32))
		print_uint(PRINT_ANY, "delay", "delay %uus ", rta_getattr_u32(tb[TCA_BYO_DELAY]));
	if (tb[TCA_BYO_LIMIT] && RTA_PAYLOAD(tb[TCA_BYO_LIMIT]) >= sizeof(__u32))
		print_uint(PRINT_ANY, "limit", "limit %up ", rta_getattr_u32(tb[TCA_BYO_LIMIT]));
	return 0;
}

struct qdisc_util byo_qdisc_util = {
	.id		= "byo",
	.parse_qopt	= byo_parse_opt,
	.print_qopt	= byo_print_opt,
};
