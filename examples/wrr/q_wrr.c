// SPDX-License-Identifier: GPL-2.0
/*
 * q_wrr.c - tc's parser and printer for the wrr qdisc (iproute2's form: a
 * plugin the stock tc loads, q_wrr.so, symbol wrr_qdisc_util). It shares
 * the qdisc's uapi header, by a path relative to this file.
 *
 *	tc qdisc add dev DEV ... wrr [ bands 1-8 ] [ limit PACKETS ]
 */
#include <stdio.h>
#include <string.h>

#include "utils.h"
#include "tc_util.h"

#include "include/uapi/linux/pkt_sched_wrr.h"

static void wrr_explain(void)
{
	fprintf(stderr,
		"Usage: ... wrr [ bands 1-8 ] [ limit PACKETS ]\n"
		"  bands  DSCP class selector bands (default: the module parameter default_bands)\n"
		"  limit  packets queued in all bands (default 1000)\n"
		"  The bands' weights are set through /dev/wrr.\n");
}

static int wrr_parse_opt(struct qdisc_util *qu, int argc, char **argv,
			 struct nlmsghdr *n, const char *dev)
{
	__u32 bands = 0, limit = 0;
	struct rtattr *opts;

	for (; argc > 0; argc--, argv++) {
		__u32 *val;

		if (strcmp(*argv, "bands") == 0) {
			val = &bands;
		} else if (strcmp(*argv, "limit") == 0) {
			val = &limit;
		} else {
			if (strcmp(*argv, "help") != 0)
				fprintf(stderr, "wrr: unknown option \"%s\"\n", *argv);
			wrr_explain();
			return -1;
		}
		if (argc < 2 || get_u32(val, argv[1], 0) || !*val) {
			fprintf(stderr, "Illegal \"%s\"\n", *argv);
			wrr_explain();
			return -1;
		}
		argc--, argv++;
	}
	opts = addattr_nest(n, 1024, TCA_OPTIONS | NLA_F_NESTED);
	if (bands)
		addattr32(n, 1024, TCA_WRR_BANDS, bands);
	if (limit)
		addattr32(n, 1024, TCA_WRR_LIMIT, limit);
	addattr_nest_end(n, opts);
	return 0;
}

static int wrr_print_opt(struct qdisc_util *qu, FILE *f, struct rtattr *opt)
{
	struct rtattr *tb[TCA_WRR_MAX + 1];

	if (!opt)
		return 0;
	parse_rtattr_nested(tb, TCA_WRR_MAX, opt);
	if (tb[TCA_WRR_BANDS] && RTA_PAYLOAD(tb[TCA_WRR_BANDS]) >= sizeof(__u32))
		print_uint(PRINT_ANY, "bands", "bands %u ", rta_getattr_u32(tb[TCA_WRR_BANDS]));
	if (tb[TCA_WRR_LIMIT] && RTA_PAYLOAD(tb[TCA_WRR_LIMIT]) >= sizeof(__u32))
		print_uint(PRINT_ANY, "limit", "limit %up ", rta_getattr_u32(tb[TCA_WRR_LIMIT]));
	return 0;
}

static int wrr_print_xstats(struct qdisc_util *qu, FILE *f, struct rtattr *xstats)
{
	const struct tc_wrr_xstats *st;
	int i;

	if (!xstats || RTA_PAYLOAD(xstats) < sizeof(*st))
		return 0;
	st = RTA_DATA(xstats);
	print_uint(PRINT_ANY, "rounds", " rounds %u weights", st->rounds);
	open_json_array(PRINT_JSON, "weights");
	for (i = 0; i < TC_WRR_MAX_BANDS; i++)
		print_uint(PRINT_ANY, NULL, " %u", st->weight[i]);
	close_json_array(PRINT_JSON, NULL);
	return 0;
}

struct qdisc_util wrr_qdisc_util = {
	.id		= "wrr",
	.parse_qopt	= wrr_parse_opt,
	.print_qopt	= wrr_print_opt,
	.print_xstats	= wrr_print_xstats,
};
