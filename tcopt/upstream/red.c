// SPDX-License-Identifier: GPL-2.0
/*
 * red.c - tc options of the upstream red and choke qdiscs
 * (net/sched/sch_red.c, sch_choke.c): struct tc_red_qopt, the 256-byte idle
 * damping table and max_P, computed with iproute2's RED arithmetic
 * (tc_red.c) so the bytes are the stock tc's (tcopt/test/tc-bytes.sh).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <linux/pkt_sched.h>

#include "tcopt.h"

#define TICK_IN_USEC (1000.0 / 64.0)	/* /proc/net/psched, as in tbf.c */
#define QDK_TC_RED_FLAGS_SELECTOR 0xf	/* historic flags | TC_RED_NODROP */

/* tc_red_eval_ewma(): the smallest Wlog whose EWMA absorbs burst packets. */
static int red_eval_ewma(uint32_t qmin, uint32_t burst, uint32_t avpkt)
{
	double w = 0.5;
	double a = (double)burst + 1 - (double)qmin / avpkt;
	int wlog;

	if (a < 1.0)
		return -1;
	for (wlog = 1; wlog < 32; wlog++, w /= 2)
		if (a <= (1 - pow(1 - w, burst)) / w)
			return wlog;
	return -1;
}

/* tc_red_eval_P(): Plog for max_P over the thresholds' range. */
static int red_eval_p(uint32_t qmin, uint32_t qmax, double prob)
{
	int i = (int)(qmax - qmin);

	if (qmax == qmin)
		return 0;
	if (qmax < qmin)
		return -1;
	prob /= i;
	for (i = 0; i < 32; i++) {
		if (prob > 1.0)
			break;
		prob *= 2;
	}
	return i >= 32 ? -1 : i;
}

/* tc_red_eval_idle(): Scell_log and the idle damping table. */
static int red_eval_idle(uint32_t bps, uint32_t avpkt, int wlog, uint8_t *sbuf)
{
	double xmit = (uint32_t)((uint32_t)(1000000.0 * ((double)avpkt / bps)) * TICK_IN_USEC);
	double lw = -log(1.0 - 1.0 / (1u << wlog)) / xmit;
	double maxtime = 31 / lw;
	int clog, i;

	for (clog = 0; clog < 32; clog++)
		if (maxtime / (1u << clog) < 512)
			break;
	if (clog >= 32)
		return -1;
	sbuf[0] = 0;
	for (i = 1; i < 255; i++) {
		double v = (double)((unsigned int)i << clog) * lw;

		sbuf[i] = v > 31 ? 31 : (uint8_t)v;
	}
	sbuf[255] = 31;
	return clog;
}

struct red_words {
	uint32_t limit, qmin, qmax, avpkt, burst;
	uint64_t rate;
	double prob;
	uint32_t flags;
};

static int red_words(bool choke, int argc, char **argv, struct red_words *w,
		     struct tcopt_err *e)
{
	w->prob = 0.02;
	for (; argc > 0; argc--, argv++) {
		const char *name = *argv;
		uint64_t v;

		if (strcmp(name, "ecn") == 0) {
			w->flags |= TC_RED_ECN;
			continue;
		}
		if (!choke && strcmp(name, "harddrop") == 0) {
			w->flags |= TC_RED_HARDDROP;
			continue;
		}
		if (!choke && strcmp(name, "adaptative") == 0) {
			w->flags |= TC_RED_ADAPTATIVE;
			continue;
		}
		if (!choke && strcmp(name, "adaptive") == 0) {
			w->flags |= TC_RED_ADAPTATIVE;
			continue;
		}
		if (!choke && strcmp(name, "nodrop") == 0) {
			w->flags |= TC_RED_NODROP;
			continue;
		}
		if (argc < 2)
			return tcopt_fail(e, "\"%s\" needs a value", name);
		argc--, argv++;
		if (strcmp(name, "limit") == 0 || strcmp(name, "min") == 0 ||
		    strcmp(name, "max") == 0 || strcmp(name, "avpkt") == 0) {
			/* red's are sizes; choke counts packets except avpkt */
			bool size = !choke || strcmp(name, "avpkt") == 0;
			uint32_t u;

			if (size ? tcopt_get_size(*argv, &v) || v > UINT32_MAX
				 : tcopt_get_u32(*argv, &u))
				return tcopt_fail(e, "Illegal \"%s\"", name);
			if (!size)
				v = u;
			if (name[0] == 'l')
				w->limit = (uint32_t)v;
			else if (name[1] == 'i')
				w->qmin = (uint32_t)v;
			else if (name[1] == 'a')
				w->qmax = (uint32_t)v;
			else
				w->avpkt = (uint32_t)v;
		} else if (strcmp(name, "burst") == 0) {
			if (tcopt_get_u32(*argv, &w->burst))
				return tcopt_fail(e, "Illegal \"burst\"");
		} else if (strcmp(name, "bandwidth") == 0) {
			if (tcopt_get_rate(*argv, &w->rate) || w->rate > UINT32_MAX)
				return tcopt_fail(e, "Illegal \"bandwidth\"");
		} else if (strcmp(name, "probability") == 0) {
			char *end;

			w->prob = strtod(*argv, &end);
			if (end == *argv || *end)
				return tcopt_fail(e, "Illegal \"probability\"");
		} else {
			return tcopt_fail(e, "What is \"%s\"?", name);
		}
	}
	return 0;
}

/* Thresholds, Wlog, Plog, Scell_log and the table; units of bytes for RED. */
static int red_compute(struct red_words *w, uint32_t scale, struct tc_red_qopt *opt,
		       uint8_t *sbuf, struct tcopt_err *e)
{
	int parm;

	if (!w->rate)
		w->rate = 1250000;	/* tc: "set bandwidth to 10Mbit" */
	if (!w->qmax)
		w->qmax = w->qmin ? w->qmin * 3 : w->limit / 4;
	if (!w->qmin)
		w->qmin = w->qmax / 3;
	if (!w->burst)
		w->burst = (2 * w->qmin * scale + w->qmax * scale) / (3 * w->avpkt);
	memset(opt, 0, sizeof(*opt));
	opt->limit = w->limit;
	opt->qth_min = w->qmin;
	opt->qth_max = w->qmax;
	parm = red_eval_ewma(w->qmin * scale, w->burst, w->avpkt);
	if (parm < 0)
		return tcopt_fail(e, "failed to calculate EWMA constant.");
	opt->Wlog = (unsigned char)parm;
	parm = red_eval_p(w->qmin * scale, w->qmax * scale, w->prob);
	if (parm < 0)
		return tcopt_fail(e, "failed to calculate probability.");
	opt->Plog = (unsigned char)parm;
	parm = red_eval_idle((uint32_t)w->rate, w->avpkt, opt->Wlog, sbuf);
	if (parm < 0)
		return tcopt_fail(e, "failed to calculate idle damping table.");
	opt->Scell_log = (unsigned char)parm;
	return 0;
}

static int red_parse(int argc, char **argv, struct tcopt_buf *b, struct tcopt_err *e)
{
	struct red_words w = { 0 };
	struct tc_red_qopt opt;
	uint8_t sbuf[256];
	uint32_t max_p;
	struct {
		uint32_t value, selector;
	} bf;

	if (red_words(false, argc, argv, &w, e))
		return -1;
	if (!w.limit || !w.avpkt)
		return tcopt_fail(e, "RED: Required parameter (limit, avpkt) is missing");
	if (red_compute(&w, 1, &opt, sbuf, e))
		return tcopt_fail(e, "RED: %s", e->msg);
	max_p = (uint32_t)(w.prob * pow(2, 32));
	bf.value = w.flags;
	bf.selector = QDK_TC_RED_FLAGS_SELECTOR;
	tcopt_put(b, TCA_RED_PARMS, &opt, sizeof(opt));
	tcopt_put(b, TCA_RED_STAB, sbuf, sizeof(sbuf));
	tcopt_put_u32(b, TCA_RED_MAX_P, max_p);
	tcopt_put(b, TCA_RED_FLAGS, &bf, sizeof(bf));
	return 0;
}

static int choke_parse(int argc, char **argv, struct tcopt_buf *b, struct tcopt_err *e)
{
	struct red_words w = { 0 };
	struct tc_red_qopt opt;
	uint8_t sbuf[256];

	if (red_words(true, argc, argv, &w, e))
		return -1;
	if (!w.rate || !w.limit)
		return tcopt_fail(e, "Required parameter (bandwidth, limit) is missing");
	if (!w.avpkt)
		w.avpkt = 1000;
	if (red_compute(&w, w.avpkt, &opt, sbuf, e))
		return tcopt_fail(e, "CHOKE: %s", e->msg);
	opt.flags = (unsigned char)w.flags;
	tcopt_put(b, TCA_CHOKE_PARMS, &opt, sizeof(opt));
	tcopt_put(b, TCA_CHOKE_STAB, sbuf, sizeof(sbuf));
	tcopt_put_u32(b, TCA_CHOKE_MAX_P, (uint32_t)(w.prob * pow(2, 32)));
	return 0;
}

static void red_print(const void *data, size_t len, struct tcopt_out *o)
{
	struct tcopt_attr tb[TCA_RED_MAX + 1];
	struct tc_red_qopt q;

	if (tcopt_parse_attrs(tb, TCA_RED_MAX, data, len) || tb[TCA_RED_PARMS].len < sizeof(q))
		return;
	memcpy(&q, tb[TCA_RED_PARMS].data, sizeof(q));
	o->uint(o, "limit", q.limit, TCOPT_BYTES);
	o->uint(o, "min", q.qth_min, TCOPT_BYTES);
	o->uint(o, "max", q.qth_max, TCOPT_BYTES);
	if (q.flags & TC_RED_ECN)
		o->flag(o, "ecn");
	if (q.flags & TC_RED_HARDDROP)
		o->flag(o, "harddrop");
	if (q.flags & TC_RED_ADAPTATIVE)
		o->flag(o, "adaptive");
	o->uint(o, "Wlog", q.Wlog, TCOPT_PLAIN);
	o->uint(o, "Plog", q.Plog, TCOPT_PLAIN);
	o->uint(o, "Scell_log", q.Scell_log, TCOPT_PLAIN);
}

static const struct tcopt_kind red_kind = {
	.kind = "red",
	.usage = "Usage: ... red limit BYTES [min BYTES] [max BYTES] avpkt BYTES [burst PACKETS]\n"
		 "               [adaptive] [probability PROBABILITY] [bandwidth KBPS]\n"
		 "               [ecn] [harddrop] [nodrop]\n",
	.parse = red_parse,
	.print = red_print,
	.nested = true,
};
TCOPT_REGISTER(red_kind)

static const struct tcopt_kind choke_kind = {
	.kind = "choke",
	.usage = "Usage: ... choke limit PACKETS bandwidth KBPS [ecn]\n"
		 "                 [ min PACKETS ] [ max PACKETS ] [ burst PACKETS ]\n",
	.parse = choke_parse,
	.print = red_print,	/* TCA_CHOKE_PARMS has red's number and struct */
	.nested = true,
};
TCOPT_REGISTER(choke_kind)
