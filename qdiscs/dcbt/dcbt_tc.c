// SPDX-License-Identifier: GPL-2.0
/*
 * dcbt_tc.c - tc syntax of the "dcbt" qdisc: RED's queue, the multimedia
 * tag and the seed as for cbt (../cbt/cbt_tc_common.h: the attributes have
 * the same numbers), and the flow counting and ChIPS:
 *
 *   dcbt [ limit PACKETS ] [ min PACKETS ] [ max PACKETS ] [ probability P ]
 *        [ ewma WLOG ] [ bandwidth RATE ] [ avpkt BYTES ]
 *        [ flows N ] [ timeout TIME ] [ collect TIME ] [ chips | nochips ]
 *        [ tag { none | dscp N | mark VALUE[/MASK] | src PREFIX/LEN } ] [ seed N ]
 */
#include "../cbt/cbt_tc_common.h"
#include "dcbt.h"

_Static_assert((int)TCA_DCBT_LIMIT == (int)TCA_CBT_LIMIT &&
	       (int)TCA_DCBT_AVPKT == (int)TCA_CBT_AVPKT &&
	       (int)TCA_DCBT_TAG_MODE == (int)TCA_CBT_TAG_MODE &&
	       (int)TCA_DCBT_SEED == (int)TCA_CBT_SEED,
	       "dcbt shares cbt's attribute numbers");

static const char dcbt_usage[] =
	"Usage: ... dcbt [ limit PACKETS ] [ min PACKETS ] [ max PACKETS ] [ probability P ]\n"
	"                [ ewma WLOG ] [ bandwidth RATE ] [ avpkt BYTES ]\n"
	"                [ flows N ] [ timeout TIME ] [ collect TIME ] [ chips | nochips ]\n"
	"                [ tag { none | dscp N | mark VALUE[/MASK] | src PREFIX/LEN } ] [ seed N ]\n"
	CBT_TC_COMMON_USAGE
	"  flows        size of the flow table (default 1024; set at creation only)\n"
	"  timeout      a flow with nothing queued for this long ends (default 1s)\n"
	"  collect      period of the expiry collector (default 250ms)\n"
	"  chips        tagged UDP cuts in at the average queue length (ChIPS)\n";

static int dcbt_time(const char *s, uint32_t *us)
{
	uint64_t ns;

	if (tcopt_get_time(s, &ns) || ns % 1000 || ns / 1000 > UINT32_MAX)
		return -1;
	*us = (uint32_t)(ns / 1000);
	return 0;
}

static int dcbt_parse(int argc, char **argv, struct tcopt_buf *b,
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
		if (strcmp(w, "chips") == 0 || strcmp(w, "nochips") == 0) {
			tcopt_put_u32(b, TCA_DCBT_CHIPS, w[0] == 'c');
			continue;
		}
		if (strcmp(w, "flows") && strcmp(w, "timeout") && strcmp(w, "collect"))
			return tcopt_fail(e, "What is \"%s\"?", w);
		if (++i >= argc)
			return tcopt_fail(e, "\"%s\" needs a value", w);
		if (strcmp(w, "flows") == 0) {
			if (tcopt_get_u32(argv[i], &v))
				return tcopt_fail(e, "Illegal \"flows\"");
			tcopt_put_u32(b, TCA_DCBT_FLOWS, v);
		} else {
			if (dcbt_time(argv[i], &v))
				return tcopt_fail(e, "Illegal \"%s\"", w);
			tcopt_put_u32(b, w[0] == 't' ? TCA_DCBT_TIMEOUT : TCA_DCBT_COLLECT, v);
		}
	}
	return 0;
}

static void dcbt_print(const void *opt, size_t len, struct tcopt_out *o)
{
	struct tcopt_attr tb[TCA_DCBT_MAX + 1];

	if (tcopt_parse_attrs(tb, TCA_DCBT_MAX, opt, len) < 0)
		return;
	cbt_tc_print_common(tb, o);
	if (cbt_tc_has(tb, TCA_DCBT_FLOWS))
		o->uint(o, "flows", tcopt_attr_u32(&tb[TCA_DCBT_FLOWS]), TCOPT_PLAIN);
	if (cbt_tc_has(tb, TCA_DCBT_TIMEOUT))
		o->uint(o, "timeout", (uint64_t)tcopt_attr_u32(&tb[TCA_DCBT_TIMEOUT]) * 1000,
			TCOPT_TIME_NS);
	if (cbt_tc_has(tb, TCA_DCBT_COLLECT))
		o->uint(o, "collect", (uint64_t)tcopt_attr_u32(&tb[TCA_DCBT_COLLECT]) * 1000,
			TCOPT_TIME_NS);
	if (cbt_tc_has(tb, TCA_DCBT_CHIPS) && tcopt_attr_u32(&tb[TCA_DCBT_CHIPS]))
		o->flag(o, "chips");
	if (cbt_tc_has(tb, TCA_DCBT_SEED))
		o->uint(o, "seed", tcopt_attr_u32(&tb[TCA_DCBT_SEED]), TCOPT_PLAIN);
}

static void dcbt_print_xstats(const void *xstats, size_t len, struct tcopt_out *o)
{
	static const char *const keys[] = {
		"qavg", "tcp_avg", "mm_avg", "udp_avg", "mm_thresh", "udp_thresh",
		"tcp_flows", "mm_flows", "udp_flows", "tcp_qlen", "mm_qlen", "udp_qlen",
		"mm_drops", "udp_drops", "prob_drops", "forced_drops", "limit_drops",
		"change_drops", "cutins", "collected", "evictions", "overflows",
	};
	uint32_t v[sizeof(struct tc_dcbt_xstats) / sizeof(uint32_t)];

	_Static_assert(sizeof(keys) / sizeof(keys[0]) == sizeof(v) / sizeof(v[0]),
		       "a key per xstats field");
	memset(v, 0, sizeof(v));
	memcpy(v, xstats, len < sizeof(v) ? len : sizeof(v));
	/* averages and thresholds are milli-packets */
	for (size_t k = 0; k < sizeof(v) / sizeof(v[0]) && (k + 1) * 4 <= len; k++) {
		if (k < 6) {
			char buf[32];

			snprintf(buf, sizeof(buf), "%u.%03u", v[k] / 1000, v[k] % 1000);
			o->str(o, keys[k], buf);
		} else {
			o->uint(o, keys[k], v[k], TCOPT_PLAIN);
		}
	}
}

static const struct tcopt_kind dcbt_tcopt = {
	.kind = "dcbt",
	.usage = dcbt_usage,
	.parse = dcbt_parse,
	.print = dcbt_print,
	.print_xstats = dcbt_print_xstats,
	.nested = true,
};

TCOPT_REGISTER(dcbt_tcopt)
