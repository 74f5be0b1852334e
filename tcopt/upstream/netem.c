// SPDX-License-Identifier: GPL-2.0
/*
 * netem.c - tc options of the upstream netem qdisc (net/sched/sch_netem.c):
 * TCA_OPTIONS is a struct tc_netem_qopt (times in psched ticks) followed by
 * attributes, exactly as Debian's tc 6.1 sends them (checked byte for byte
 * with tcopt/test/tc-bytes.sh): correlations, reorder, ecn, corrupt, rate.
 *
 * Not supported here (give the trace's tca bytes instead): delay
 * distributions (tc reads them from files), the state/gemodel loss models
 * and slots.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/pkt_sched.h>

#include "tcopt.h"

#define TICK_IN_USEC (1000.0 / 64.0)	/* /proc/net/psched, as in tbf.c */

/* tc's matches(): a non-empty prefix of the word. */
static bool matches(const char *arg, const char *word)
{
	size_t n = strlen(arg);

	return n && strncmp(arg, word, n) == 0;
}

/* get_percent(): "P" or "P%", 0..100, scaled to 0..UINT32_MAX. */
static int percent(const char *s, uint32_t *v)
{
	char *p;
	double x = strtod(s, &p) / 100.0;

	if (p == s || x > 1.0 || x < 0.0 || (*p && strcmp(p, "%")))
		return -1;
	*v = (uint32_t)rint(x * UINT32_MAX);
	return 0;
}

/* get_ticks(): a tc time (whole usecs) in ticks, refusing what overflows. */
static int ticks(const char *s, uint32_t *v)
{
	uint64_t ns, us;

	if (tcopt_get_time(s, &ns))
		return -1;
	us = ns / 1000;
	if (us > UINT32_MAX || us * TICK_IN_USEC > UINT32_MAX)
		return -1;
	*v = (uint32_t)(us * TICK_IN_USEC);
	return 0;
}

static bool next_is_number(int argc, char **argv)
{
	return argc > 1 && isdigit((unsigned char)argv[1][0]);
}

static bool next_is_signed(int argc, char **argv)
{
	return argc > 1 && (isdigit((unsigned char)argv[1][0]) || argv[1][0] == '-');
}

static int get_s32(const char *s, int32_t *v)
{
	char *end;
	long x = strtol(s, &end, 0);

	if (!*s || *end || x < INT32_MIN || x > INT32_MAX)
		return -1;
	*v = (int32_t)x;
	return 0;
}

/* An optional correlation after a probability. */
static int corr(int *argc, char ***argv, uint32_t *v, bool *present, const char *what,
		struct tcopt_err *e)
{
	if (!next_is_number(*argc, *argv))
		return 0;
	(*argc)--, (*argv)++;
	if (present)
		*present = true;
	if (percent(**argv, v))
		return tcopt_fail(e, "Illegal \"%s\"", what);
	return 0;
}

static int netem_parse(int argc, char **argv, struct tcopt_buf *b, struct tcopt_err *e)
{
	struct tc_netem_qopt opt = { .limit = 1000 };
	struct tc_netem_corr cor = { 0 };
	struct tc_netem_reorder reorder = { 0 };
	struct tc_netem_corrupt corrupt = { 0 };
	struct tc_netem_rate rate = { 0 };
	bool has_corr = false, has_reorder = false, has_corrupt = false, has_rate = false;
	bool ecn = false, loss_given = false;
	uint64_t rate64 = 0;
	uint64_t v;

	for (; argc > 0; argc--, argv++) {
		const char *w = *argv;

#define NEXT()								\
		do {							\
			if (argc < 2)					\
				return tcopt_fail(e, "\"%s\" needs a value", w); \
			argc--, argv++;					\
		} while (0)
		if (matches(w, "limit")) {
			NEXT();
			if (tcopt_get_size(*argv, &v) || v > UINT32_MAX)
				return tcopt_fail(e, "Illegal \"limit\"");
			opt.limit = (uint32_t)v;
		} else if (matches(w, "latency") || matches(w, "delay")) {
			NEXT();
			if (ticks(*argv, &opt.latency))
				return tcopt_fail(e, "Illegal \"latency\"");
			if (next_is_number(argc, argv)) {
				argc--, argv++;
				if (ticks(*argv, &opt.jitter))
					return tcopt_fail(e, "Illegal \"latency\"");
				if (corr(&argc, &argv, &cor.delay_corr, &has_corr, "latency", e))
					return -1;
			}
		} else if (matches(w, "loss") || matches(w, "drop")) {
			if (loss_given)
				return tcopt_fail(e, "Illegal \"duplicate loss argument\"");
			NEXT();
			if (strcmp(*argv, "random") == 0)
				NEXT();
			else if (!isdigit((unsigned char)argv[0][0]))
				return tcopt_fail(e, "netem: loss model \"%s\" is not supported by qdk's "
						  "parser (give the tca bytes)", *argv);
			if (percent(*argv, &opt.loss))
				return tcopt_fail(e, "Illegal \"loss percent\"");
			loss_given = true;
			if (corr(&argc, &argv, &cor.loss_corr, &has_corr, "loss correllation", e))
				return -1;
		} else if (matches(w, "ecn")) {
			ecn = true;
		} else if (matches(w, "reorder")) {
			NEXT();
			has_reorder = true;
			if (percent(*argv, &reorder.probability))
				return tcopt_fail(e, "Illegal \"reorder\"");
			if (corr(&argc, &argv, &reorder.correlation, &has_corr, "reorder", e))
				return -1;
		} else if (matches(w, "corrupt")) {
			NEXT();
			has_corrupt = true;
			if (percent(*argv, &corrupt.probability))
				return tcopt_fail(e, "Illegal \"corrupt\"");
			if (corr(&argc, &argv, &corrupt.correlation, &has_corr, "corrupt", e))
				return -1;
		} else if (matches(w, "gap")) {
			NEXT();
			if (tcopt_get_u32(*argv, &opt.gap))
				return tcopt_fail(e, "Illegal \"gap\"");
		} else if (matches(w, "duplicate")) {
			NEXT();
			if (percent(*argv, &opt.duplicate))
				return tcopt_fail(e, "Illegal \"duplicate\"");
			/* tc reads the correlation but does not send CORR for it alone */
			if (corr(&argc, &argv, &cor.dup_corr, NULL, "duplicate", e))
				return -1;
		} else if (matches(w, "distribution") || matches(w, "slot")) {
			return tcopt_fail(e, "netem: \"%s\" is not supported by qdk's parser (give the "
					  "tca bytes)", w);
		} else if (matches(w, "rate")) {
			NEXT();
			has_rate = true;
			if (tcopt_get_rate(*argv, &rate64))
				return tcopt_fail(e, "Illegal \"rate\"");
			if (next_is_signed(argc, argv)) {
				argc--, argv++;
				if (get_s32(*argv, &rate.packet_overhead))
					return tcopt_fail(e, "Illegal \"rate\"");
			}
			if (next_is_number(argc, argv)) {
				argc--, argv++;
				if (tcopt_get_u32(*argv, &rate.cell_size))
					return tcopt_fail(e, "Illegal \"rate\"");
			}
			if (next_is_signed(argc, argv)) {
				argc--, argv++;
				if (get_s32(*argv, &rate.cell_overhead))
					return tcopt_fail(e, "Illegal \"rate\"");
			}
		} else {
			return tcopt_fail(e, "What is \"%s\"?", w);
		}
#undef NEXT
	}
	if (reorder.probability) {
		if (!opt.latency)
			return tcopt_fail(e, "reordering not possible without specifying some delay");
		if (!opt.gap)
			opt.gap = 1;
	} else if (opt.gap > 0) {
		return tcopt_fail(e, "gap specified without reorder probability");
	}
	if (ecn && !opt.loss)
		return tcopt_fail(e, "ecn requested without loss model");

	tcopt_put_raw(b, &opt, sizeof(opt));
	if (has_corr)
		tcopt_put(b, TCA_NETEM_CORR, &cor, sizeof(cor));
	if (has_reorder)
		tcopt_put(b, TCA_NETEM_REORDER, &reorder, sizeof(reorder));
	if (ecn)
		tcopt_put_u32(b, TCA_NETEM_ECN, 1);
	if (has_corrupt)
		tcopt_put(b, TCA_NETEM_CORRUPT, &corrupt, sizeof(corrupt));
	if (has_rate) {
		if (rate64 >= (1ull << 32)) {
			tcopt_put_u64(b, TCA_NETEM_RATE64, rate64);
			rate.rate = ~0u;
		} else {
			rate.rate = (uint32_t)rate64;
		}
		tcopt_put(b, TCA_NETEM_RATE, &rate, sizeof(rate));
	}
	return 0;
}

static void netem_print(const void *data, size_t len, struct tcopt_out *o)
{
	struct tc_netem_qopt q;
	struct tcopt_attr tb[TCA_NETEM_MAX + 1];
	char pct[32];

	if (len < sizeof(q))
		return;
	memcpy(&q, data, sizeof(q));
	o->uint(o, "limit", q.limit, TCOPT_PLAIN);
	if (q.latency)
		o->uint(o, "delay", (uint64_t)(q.latency / TICK_IN_USEC) * 1000, TCOPT_TIME_NS);
	if (q.jitter)
		o->uint(o, "jitter", (uint64_t)(q.jitter / TICK_IN_USEC) * 1000, TCOPT_TIME_NS);
	if (q.loss) {
		snprintf(pct, sizeof(pct), "%g%%", 100.0 * q.loss / UINT32_MAX);
		o->str(o, "loss", pct);
	}
	if (q.duplicate) {
		snprintf(pct, sizeof(pct), "%g%%", 100.0 * q.duplicate / UINT32_MAX);
		o->str(o, "duplicate", pct);
	}
	if (q.gap)
		o->uint(o, "gap", q.gap, TCOPT_PLAIN);
	if (tcopt_parse_attrs(tb, TCA_NETEM_MAX, (const uint8_t *)data + sizeof(q),
			      len - sizeof(q)))
		return;
	if (tb[TCA_NETEM_ECN].data)
		o->flag(o, "ecn");
	if (tb[TCA_NETEM_RATE].len >= sizeof(struct tc_netem_rate)) {
		struct tc_netem_rate r;
		uint64_t rate;

		memcpy(&r, tb[TCA_NETEM_RATE].data, sizeof(r));
		rate = tb[TCA_NETEM_RATE64].len >= 8 ? tcopt_attr_u64(&tb[TCA_NETEM_RATE64]) : r.rate;
		o->uint(o, "rate", rate, TCOPT_RATE);
	}
}

static const struct tcopt_kind netem_kind = {
	.kind = "netem",
	.usage = "Usage: ... netem [ limit PACKETS ]\n"
		 "                 [ delay TIME [ JITTER [CORRELATION]]]\n"
		 "                 [ loss [random] PERCENT [CORRELATION]]\n"
		 "                 [ corrupt PERCENT [CORRELATION]]\n"
		 "                 [ duplicate PERCENT [CORRELATION]]\n"
		 "                 [ ecn ]\n"
		 "                 [ reorder PERCENT [CORRELATION] [ gap DISTANCE ]]\n"
		 "                 [ rate RATE [PACKETOVERHEAD] [CELLSIZE] [CELLOVERHEAD]]\n"
		 "  (distribution, slot and the state/gemodel loss models: give tca bytes)\n",
	.parse = netem_parse,
	.print = netem_print,
	.nested = false,
};
TCOPT_REGISTER(netem_kind)
