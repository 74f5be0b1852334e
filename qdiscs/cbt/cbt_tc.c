// SPDX-License-Identifier: GPL-2.0
/*
 * cbt_tc.c - tc syntax of the "cbt" qdisc: RED's queue, the multimedia tag
 * and the seed (cbt_tc_common.h, shared with dcbt), and the two fixed class
 * thresholds:
 *
 *   cbt [ limit PACKETS ] [ min PACKETS ] [ max PACKETS ] [ probability P ]
 *       [ ewma WLOG ] [ bandwidth RATE ] [ avpkt BYTES ]
 *       [ mm_thresh PACKETS ] [ udp_thresh PACKETS ]
 *       [ tag { none | dscp N | mark VALUE[/MASK] | src PREFIX/LEN } ] [ seed N ]
 */
#include "cbt_tc_common.h"

static const char cbt_usage[] =
	"Usage: ... cbt [ limit PACKETS ] [ min PACKETS ] [ max PACKETS ] [ probability P ]\n"
	"               [ ewma WLOG ] [ bandwidth RATE ] [ avpkt BYTES ]\n"
	"               [ mm_thresh PACKETS ] [ udp_thresh PACKETS ]\n"
	"               [ tag { none | dscp N | mark VALUE[/MASK] | src PREFIX/LEN } ] [ seed N ]\n"
	CBT_TC_COMMON_USAGE
	"  mm_thresh    cap of the tagged UDP class's average, packets (default 10)\n"
	"  udp_thresh   cap of the other UDP class's average, packets (default 2)\n";

static int cbt_parse(int argc, char **argv, struct tcopt_buf *b,
		     struct tcopt_err *e)
{
	for (int i = 0; i < argc; i++) {
		const char *w = argv[i];
		uint32_t v;
		int r = cbt_tc_common(argc, argv, &i, b, e);

		if (r < 0)
			return -1;
		if (r > 0)
			continue;
		if (strcmp(w, "mm_thresh") && strcmp(w, "udp_thresh"))
			return tcopt_fail(e, "What is \"%s\"?", w);
		if (++i >= argc)
			return tcopt_fail(e, "\"%s\" needs a value", w);
		if (tcopt_get_u32(argv[i], &v))
			return tcopt_fail(e, "Illegal \"%s\"", w);
		tcopt_put_u32(b, w[0] == 'm' ? TCA_CBT_MM_THRESH : TCA_CBT_UDP_THRESH, v);
	}
	return 0;
}

static void cbt_print(const void *opt, size_t len, struct tcopt_out *o)
{
	struct tcopt_attr tb[TCA_CBT_MAX + 1];

	if (tcopt_parse_attrs(tb, TCA_CBT_MAX, opt, len) < 0)
		return;
	cbt_tc_print_common(tb, o);
	if (cbt_tc_has(tb, TCA_CBT_MM_THRESH))
		o->uint(o, "mm_thresh", tcopt_attr_u32(&tb[TCA_CBT_MM_THRESH]), TCOPT_PLAIN);
	if (cbt_tc_has(tb, TCA_CBT_UDP_THRESH))
		o->uint(o, "udp_thresh", tcopt_attr_u32(&tb[TCA_CBT_UDP_THRESH]), TCOPT_PLAIN);
	if (cbt_tc_has(tb, TCA_CBT_SEED))
		o->uint(o, "seed", tcopt_attr_u32(&tb[TCA_CBT_SEED]), TCOPT_PLAIN);
}

static void cbt_print_xstats(const void *xstats, size_t len, struct tcopt_out *o)
{
	static const char *const keys[] = {
		"qavg", "tcp_avg", "mm_avg", "udp_avg", "tcp_qlen", "mm_qlen",
		"udp_qlen", "mm_drops", "udp_drops", "prob_drops", "forced_drops",
		"limit_drops", "change_drops",
	};
	uint32_t v[sizeof(struct tc_cbt_xstats) / sizeof(uint32_t)];

	_Static_assert(sizeof(keys) / sizeof(keys[0]) == sizeof(v) / sizeof(v[0]),
		       "a key per xstats field");
	memset(v, 0, sizeof(v));
	memcpy(v, xstats, len < sizeof(v) ? len : sizeof(v));
	/* averages are milli-packets: printed as packets with 3 decimals */
	for (size_t k = 0; k < sizeof(v) / sizeof(v[0]) && (k + 1) * 4 <= len; k++) {
		if (k < 4) {
			char buf[32];

			snprintf(buf, sizeof(buf), "%u.%03u", v[k] / 1000, v[k] % 1000);
			o->str(o, keys[k], buf);
		} else {
			o->uint(o, keys[k], v[k], TCOPT_PLAIN);
		}
	}
}

static const struct tcopt_kind cbt_tcopt = {
	.kind = "cbt",
	.usage = cbt_usage,
	.parse = cbt_parse,
	.print = cbt_print,
	.print_xstats = cbt_print_xstats,
	.nested = true,
};

TCOPT_REGISTER(cbt_tcopt)
