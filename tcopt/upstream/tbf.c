// SPDX-License-Identifier: GPL-2.0
/*
 * tbf.c - tc options of the upstream tbf qdisc (net/sched/sch_tbf.c):
 * TCA_TBF_PARMS (struct tc_tbf_qopt with times in psched ticks), the burst
 * in bytes, 64-bit rates when they do not fit, and tc's 256-entry rate
 * tables, computed as iproute2's q_tbf.c and tc_core.c do.
 *
 * tc reads the tick length from /proc/net/psched; every kernel since
 * high-resolution timers reports t2us=1000 us2t=64 clock_res=1000000
 * (checked on this machine), so a tick is 1000/64 = 15.625 usec... of
 * the 64-ns psched clock: PSCHED_TICKS2NS(t) = t << 6.
 */
#include <string.h>
#include <linux/pkt_sched.h>

#include "tcopt.h"

#define TICK_IN_USEC (1000.0 / 64.0)	/* /proc/net/psched: t2us / us2t */
#define ATM_CELL_PAYLOAD 48
#define ATM_CELL_SIZE 53

/* tc_core_time2tick(): the time is truncated to whole usecs first. */
static uint32_t time2tick(uint32_t usecs)
{
	return (uint32_t)(usecs * TICK_IN_USEC);
}

/* tc_calc_xmittime(): ticks to send size bytes at rate bytes/s. */
static uint32_t xmittime(uint64_t rate, uint32_t size)
{
	return time2tick((uint32_t)(1000000.0 * ((double)size / (double)rate)));
}

/* tc_calc_xmitsize(): bytes sent at rate during ticks (for printing). */
static uint64_t xmitsize(uint64_t rate, uint32_t ticks)
{
	return (uint64_t)((double)rate * (ticks / TICK_IN_USEC) / 1000000.0);
}

static uint32_t adjust_size(uint32_t sz, uint32_t mpu, unsigned int linklayer)
{
	if (sz < mpu)
		sz = mpu;
	if (linklayer == TC_LINKLAYER_ATM) {
		uint32_t cells = sz / ATM_CELL_PAYLOAD + (sz % ATM_CELL_PAYLOAD != 0);

		return cells * ATM_CELL_SIZE;
	}
	return sz;
}

/* tc_calc_rtable(): the time of (i+1) cells of 1 << cell_log bytes each. */
static void calc_rtable(struct tc_ratespec *r, uint32_t *rtab, int cell_log, uint32_t mtu,
			unsigned int linklayer)
{
	int i;

	if (mtu == 0)
		mtu = 2047;
	if (cell_log < 0) {
		cell_log = 0;
		while ((mtu >> cell_log) > 255)
			cell_log++;
	}
	for (i = 0; i < 256; i++)
		rtab[i] = xmittime(r->rate, adjust_size((uint32_t)(i + 1) << cell_log, r->mpu,
							 linklayer));
	r->cell_align = -1;
	r->cell_log = (unsigned char)cell_log;
	r->linklayer = linklayer & TC_LINKLAYER_MASK;
}

/* get_size_and_cell(): "SIZE[/CELL]" with CELL a power of two. */
static int size_and_cell(const char *s, uint32_t *size, int *cell_log)
{
	char word[64];
	char *slash;
	uint64_t v;
	uint32_t cell;
	int i;

	if (strlen(s) >= sizeof(word))
		return -1;
	strcpy(word, s);
	slash = strchr(word, '/');
	if (slash)
		*slash = '\0';
	if (tcopt_get_size(word, &v) || v > UINT32_MAX)
		return -1;
	*size = (uint32_t)v;
	if (slash) {
		if (tcopt_get_u32(slash + 1, &cell))
			return -1;
		for (i = 0; i < 32; i++)
			if ((1u << i) == cell)
				break;
		if (i == 32)
			return -1;
		*cell_log = i;
	}
	return 0;
}

struct tbf_words {
	uint32_t limit, latency, buffer, mtu, mpu;
	uint16_t overhead;
	unsigned int linklayer;
	int rcell_log, pcell_log;
	uint64_t rate64, prate64;
};

static int tbf_word(int *argc, char ***argv, struct tbf_words *w, struct tcopt_err *e)
{
	const char *name = **argv, *val;
	uint64_t v;

	if (strcmp(name, "help") == 0)
		return tcopt_fail(e, "tbf: help");
	if (*argc < 2)
		return tcopt_fail(e, "tbf: \"%s\" needs a value", name);
	(*argc)--, (*argv)++;
	val = **argv;
	if (strcmp(name, "limit") == 0) {
		if (w->limit)
			return tcopt_fail(e, "tbf: duplicate \"limit\" specification");
		if (w->latency)
			return tcopt_fail(e, "tbf: specifying both \"latency\" and \"limit\" is not allowed");
		if (tcopt_get_size(val, &v) || v > UINT32_MAX || v == 0)
			goto bad;
		w->limit = (uint32_t)v;
	} else if (strcmp(name, "latency") == 0) {
		if (w->latency)
			return tcopt_fail(e, "tbf: duplicate \"latency\" specification");
		if (w->limit)
			return tcopt_fail(e, "tbf: specifying both \"limit\" and \"/latency\" is not allowed");
		if (tcopt_get_time(val, &v) || v / 1000 > UINT32_MAX || v < 1000)
			goto bad;
		w->latency = (uint32_t)(v / 1000);
	} else if (strcmp(name, "burst") == 0 || strcmp(name, "buffer") == 0 ||
		   strcmp(name, "maxburst") == 0) {
		if (w->buffer)
			return tcopt_fail(e, "tbf: duplicate \"buffer/burst/maxburst\" specification");
		if (size_and_cell(val, &w->buffer, &w->rcell_log) || !w->buffer)
			goto bad;
	} else if (strcmp(name, "mtu") == 0 || strcmp(name, "minburst") == 0) {
		if (w->mtu)
			return tcopt_fail(e, "tbf: duplicate \"mtu/minburst\" specification");
		if (size_and_cell(val, &w->mtu, &w->pcell_log) || !w->mtu)
			goto bad;
	} else if (strcmp(name, "mpu") == 0) {
		if (w->mpu)
			return tcopt_fail(e, "tbf: duplicate \"mpu\" specification");
		if (tcopt_get_size(val, &v) || v > UINT32_MAX)
			goto bad;
		w->mpu = (uint32_t)v;
	} else if (strcmp(name, "rate") == 0) {
		if (w->rate64)
			return tcopt_fail(e, "tbf: duplicate \"rate\" specification");
		if (tcopt_get_rate(val, &w->rate64) || !w->rate64)
			goto bad;
	} else if (strcmp(name, "peakrate") == 0) {
		if (w->prate64)
			return tcopt_fail(e, "tbf: duplicate \"peakrate\" specification");
		if (tcopt_get_rate(val, &w->prate64) || !w->prate64)
			goto bad;
	} else if (strcmp(name, "overhead") == 0) {
		uint32_t o;

		if (w->overhead)
			return tcopt_fail(e, "tbf: duplicate \"overhead\" specification");
		if (tcopt_get_u32(val, &o) || o > 0xffff)
			goto bad;
		w->overhead = (uint16_t)o;
	} else if (strcmp(name, "linklayer") == 0) {
		if (strcmp(val, "ethernet") == 0 || strcmp(val, "eth") == 0)
			w->linklayer = TC_LINKLAYER_ETHERNET;
		else if (strcmp(val, "atm") == 0 || strcmp(val, "adsl") == 0)
			w->linklayer = TC_LINKLAYER_ATM;
		else
			goto bad;
	} else {
		return tcopt_fail(e, "tbf: unknown parameter \"%s\"", name);
	}
	return 0;
bad:
	return tcopt_fail(e, "tbf: illegal value for \"%s\": \"%s\"", name, val);
}

static int tbf_parse(int argc, char **argv, struct tcopt_buf *b, struct tcopt_err *e)
{
	struct tbf_words w = { .linklayer = TC_LINKLAYER_ETHERNET, .rcell_log = -1,
			       .pcell_log = -1 };
	struct tc_tbf_qopt opt;
	uint32_t rtab[256], ptab[256];

	if (argc == 0)
		return 0;	/* tc sends nothing; sch_tbf then refuses (EINVAL) */
	for (; argc > 0; argc--, argv++)
		if (tbf_word(&argc, &argv, &w, e))
			return -1;
	if (!w.rate64)
		return tcopt_fail(e, "tbf: the \"rate\" parameter is mandatory.");
	if (!w.buffer)
		return tcopt_fail(e, "tbf: the \"burst\" parameter is mandatory.");
	if (w.prate64 && !w.mtu)
		return tcopt_fail(e, "tbf: when \"peakrate\" is specified, \"mtu\" must also be specified.");
	if (!w.limit && !w.latency)
		return tcopt_fail(e, "tbf: either \"limit\" or \"latency\" is required.");

	memset(&opt, 0, sizeof(opt));
	opt.rate.rate = w.rate64 >= (1ull << 32) ? ~0u : (uint32_t)w.rate64;
	opt.peakrate.rate = w.prate64 >= (1ull << 32) ? ~0u : (uint32_t)w.prate64;
	opt.limit = w.limit;
	if (!opt.limit) {
		double lim = (double)w.rate64 * w.latency / 1000000 + w.buffer;

		if (w.prate64) {
			double lim2 = (double)w.prate64 * w.latency / 1000000 + w.mtu;

			if (lim2 < lim)
				lim = lim2;
		}
		opt.limit = (uint32_t)lim;
	}
	opt.rate.mpu = (uint16_t)w.mpu;
	opt.rate.overhead = w.overhead;
	calc_rtable(&opt.rate, rtab, w.rcell_log, w.mtu, w.linklayer);
	opt.buffer = xmittime(opt.rate.rate, w.buffer);
	if (opt.peakrate.rate) {
		opt.peakrate.mpu = (uint16_t)w.mpu;
		opt.peakrate.overhead = w.overhead;
		calc_rtable(&opt.peakrate, ptab, w.pcell_log, w.mtu, w.linklayer);
		opt.mtu = xmittime(opt.peakrate.rate, w.mtu);
	}
	tcopt_put(b, TCA_TBF_PARMS, &opt, sizeof(opt));
	tcopt_put_u32(b, TCA_TBF_BURST, w.buffer);
	if (w.rate64 >= (1ull << 32))
		tcopt_put_u64(b, TCA_TBF_RATE64, w.rate64);
	tcopt_put(b, TCA_TBF_RTAB, rtab, sizeof(rtab));
	if (opt.peakrate.rate) {
		if (w.prate64 >= (1ull << 32))
			tcopt_put_u64(b, TCA_TBF_PRATE64, w.prate64);
		tcopt_put_u32(b, TCA_TBF_PBURST, w.mtu);
		tcopt_put(b, TCA_TBF_PTAB, ptab, sizeof(ptab));
	}
	return 0;
}

static void tbf_print(const void *data, size_t len, struct tcopt_out *o)
{
	struct tcopt_attr tb[TCA_TBF_MAX + 1];
	struct tc_tbf_qopt q;
	uint64_t rate, prate;

	if (tcopt_parse_attrs(tb, TCA_TBF_MAX, data, len) || !tb[TCA_TBF_PARMS].data ||
	    tb[TCA_TBF_PARMS].len < sizeof(q))
		return;
	memcpy(&q, tb[TCA_TBF_PARMS].data, sizeof(q));
	rate = tb[TCA_TBF_RATE64].len >= 8 ? tcopt_attr_u64(&tb[TCA_TBF_RATE64]) : q.rate.rate;
	prate = tb[TCA_TBF_PRATE64].len >= 8 ? tcopt_attr_u64(&tb[TCA_TBF_PRATE64])
					     : q.peakrate.rate;
	o->uint(o, "rate", rate, TCOPT_RATE);
	o->uint(o, "burst", xmitsize(rate, q.buffer), TCOPT_BYTES);
	if (prate) {
		o->uint(o, "peakrate", prate, TCOPT_RATE);
		o->uint(o, "minburst", xmitsize(prate, q.mtu), TCOPT_BYTES);
	}
	o->uint(o, "limit", q.limit, TCOPT_BYTES);
}

static const struct tcopt_kind tbf_kind = {
	.kind = "tbf",
	.usage = "Usage: ... tbf limit BYTES burst BYTES[/BYTES] rate KBPS [ mtu BYTES[/BYTES] ]\n"
		 "        [ peakrate KBPS ] [ latency TIME ] [ overhead BYTES ] [ linklayer TYPE ]\n",
	.parse = tbf_parse,
	.print = tbf_print,
	.nested = true,
};
TCOPT_REGISTER(tbf_kind)
