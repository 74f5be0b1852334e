// SPDX-License-Identifier: GPL-2.0
/*
 * gen.c - `qdk-replay gen`: arrival-only traces (verdict "?") from simple,
 * seeded flow models, for drive, the demo, the benchmark and the tests.
 *
 *   bulk     TCP-like: a window of back-to-back segments once per RTT, the
 *            window growing by one per RTT and halving when it exceeds what
 *            the rate allows (a sawtooth without feedback)
 *   cbr      UDP constant bit rate
 *   poisson  UDP with exponential gaps (mean from the rate)
 *   onoff    UDP at the peak rate during ON periods; ON and OFF lengths are
 *            Pareto distributed (heavy tails give self-similar aggregates)
 *
 * Same options and seed -> byte-identical output.
 */
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "tcopt.h"
#include "util.h"
#include "write.h"

/* a bulk flow's window, packets: far beyond any rate times RTT a link has */
#define GEN_MAX_CWND (1u << 20)
#define GEN_MAX_DURATION (1ull << 53)

enum model { M_BULK, M_CBR, M_POISSON, M_ONOFF };

struct gflow {
	enum model model;
	uint64_t rate;		/* bytes/s (peak rate for onoff) */
	uint32_t size;		/* qdisc_pkt_len of every packet */
	uint8_t tos;
	uint32_t prio;		/* skb->priority */
	bool v6;
	double gap;		/* ns between packets at the rate */
	double next;		/* time of the next packet, ns from the start */
	uint64_t rng;
	/* onoff */
	double alpha, on_mean, off_mean, period_end;
	/* bulk */
	double rtt, burst_start;
	uint32_t cwnd, cwnd_max, left;
};

/* splitmix64: small, fast, and good enough for traffic models. */
static uint64_t rnd(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* Uniform in (0, 1]. */
static double unif(uint64_t *s)
{
	return ((double)(rnd(s) >> 11) + 1.0) / 9007199254740992.0;
}

static double pareto(uint64_t *s, double mean, double alpha)
{
	double xm = mean * (alpha - 1) / alpha;

	return xm / pow(unif(s), 1.0 / alpha);
}

static void parse_flow(const char *spec, struct gflow *f, unsigned int idx, uint64_t seed)
{
	char *copy = xstrdup(spec), *colon = strchr(copy, ':'), *save = NULL, *kv;
	uint64_t v;

	memset(f, 0, sizeof(*f));
	if (colon)
		*colon = '\0';
	if (strcmp(copy, "bulk") == 0)
		f->model = M_BULK;
	else if (strcmp(copy, "cbr") == 0)
		f->model = M_CBR;
	else if (strcmp(copy, "poisson") == 0)
		f->model = M_POISSON;
	else if (strcmp(copy, "onoff") == 0)
		f->model = M_ONOFF;
	else
		die(2, "unknown flow model \"%s\" (bulk, cbr, poisson, onoff)", copy);
	f->rate = 1250000;	/* 10mbit */
	f->size = f->model == M_BULK ? 1514 : 1000;
	f->alpha = 1.5;
	f->on_mean = 10e6;
	f->off_mean = 10e6;
	f->rtt = 20e6;
	for (kv = colon ? strtok_r(colon + 1, ",", &save) : NULL; kv;
	     kv = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(kv, '=');
		const char *val = eq ? eq + 1 : "";

		if (eq)
			*eq = '\0';
		if (strcmp(kv, "rate") == 0 && !tcopt_get_rate(val, &v) && v)
			f->rate = v;
		else if (strcmp(kv, "size") == 0 && !tcopt_get_size(val, &v) && v >= 60 && v <= 65535)
			f->size = (uint32_t)v;
		else if (strcmp(kv, "on") == 0 && !tcopt_get_time(val, &v) && v)
			f->on_mean = (double)v;
		else if (strcmp(kv, "off") == 0 && !tcopt_get_time(val, &v) && v)
			f->off_mean = (double)v;
		else if (strcmp(kv, "rtt") == 0 && !tcopt_get_time(val, &v) && v)
			f->rtt = (double)v;
		else if (strcmp(kv, "alpha") == 0 && atof(val) > 1.0 && atof(val) < 10)
			f->alpha = atof(val);
		else if (strcmp(kv, "tos") == 0 && !tcopt_get_u64(val, &v) && v < 256)
			f->tos = (uint8_t)v;
		else if (strcmp(kv, "prio") == 0 && !tcopt_get_u64(val, &v) && v <= UINT32_MAX)
			f->prio = (uint32_t)v;
		else if (strcmp(kv, "ecn") == 0 && !eq)
			f->tos |= 2;	/* ECT(0) */
		else if (strcmp(kv, "v6") == 0 && !eq)
			f->v6 = true;
		else
			die(2, "bad flow option \"%s%s%s\" in \"%s\"", kv, eq ? "=" : "", val, spec);
	}
	f->rng = seed * 0x2545f4914f6cdd1dull + idx + 1;
	f->gap = (double)f->size * 1e9 / (double)f->rate;
	/* a trace's clock counts ns: closer packets would share a timestamp */
	if (f->gap < 1)
		die(2, "flow \"%s\": %u-byte packets at that rate are less than 1 ns apart "
		    "(the trace's clock counts ns)", spec, f->size);
	switch (f->model) {
	case M_CBR:
		f->next = unif(&f->rng) * f->gap;	/* flows do not start in lockstep */
		break;
	case M_POISSON:
		f->next = -log(unif(&f->rng)) * f->gap;
		break;
	case M_ONOFF:
		f->next = unif(&f->rng) * f->off_mean;
		f->period_end = f->next + pareto(&f->rng, f->on_mean, f->alpha);
		break;
	case M_BULK: {
		/* a window in packets; beyond GEN_MAX_CWND no link needs it */
		double w = (double)f->rate * f->rtt / 1e9 / f->size;

		f->cwnd_max = w < 2 ? 2 : w > GEN_MAX_CWND ? GEN_MAX_CWND : (uint32_t)w;
		f->cwnd = f->cwnd_max < 10 ? f->cwnd_max : 10;
		f->burst_start = unif(&f->rng) * f->rtt;
		f->next = f->burst_start;
		f->left = f->cwnd - 1;
		break;
	}
	}
	free(copy);
}

static void advance(struct gflow *f)
{
	double was = f->next;

	switch (f->model) {
	case M_CBR:
		f->next += f->gap;
		break;
	case M_POISSON:
		f->next += -log(unif(&f->rng)) * f->gap;
		break;
	case M_ONOFF:
		f->next += f->gap;
		if (f->next >= f->period_end) {
			f->next = f->period_end + pareto(&f->rng, f->off_mean, f->alpha);
			f->period_end = f->next + pareto(&f->rng, f->on_mean, f->alpha);
		}
		break;
	case M_BULK:
		if (f->left) {
			/* segments of a window leave at ten times the average rate */
			f->next += f->gap / 10;
			f->left--;
		} else {
			f->burst_start += f->rtt;
			f->next = f->burst_start;
			if (++f->cwnd > f->cwnd_max)
				f->cwnd /= 2;
			f->left = f->cwnd - 1;
		}
		break;
	}
	/* time moves on, even where a step is below a double's resolution */
	if (!(f->next > was))
		f->next = nextafter(was, INFINITY);
}

static void usage(FILE *f)
{
	fputs("usage: qdk-replay gen [--seed N] [--duration TIME] [--start NS] [--qdisc \"KIND OPTS\"]\n"
	      "                      --flow MODEL[:KEY=VAL,...]... -o OUT.qtr\n"
	      "  MODEL: bulk (TCP-like windows), cbr, poisson, onoff (Pareto ON/OFF)\n"
	      "  keys: rate=RATE size=BYTES tos=N prio=N ecn v6, onoff: on=TIME off=TIME alpha=A,\n"
	      "        bulk: rtt=TIME. Defaults: rate=10mbit, size 1514 (bulk) or 1000.\n"
	      "  Writes arrivals only (verdict ?): the input of `qdk-replay drive`.\n", f);
}

int gen_parse(int argc, char **argv, struct gen_run *g)
{
	static const struct option lo[] = {
		{ "seed", required_argument, NULL, 's' },
		{ "duration", required_argument, NULL, 'd' },
		{ "start", required_argument, NULL, 'b' },
		{ "flow", required_argument, NULL, 'f' },
		{ "qdisc", required_argument, NULL, 'Q' },
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	unsigned int i;
	int c;

	memset(g, 0, sizeof(*g));
	g->seed = 1;
	g->duration = 1000000000ull;
	g->start = 1000000000ull;
	optind = 0;	/* getopt from scratch, for each command line */
	while ((c = getopt_long(argc, argv, "o:h", lo, NULL)) != -1) {
		switch (c) {
		case 's':
			if (tcopt_get_u64(optarg, &g->seed))
				die(2, "bad --seed \"%s\"", optarg);
			break;
		case 'd':
			if (tcopt_get_time(optarg, &g->duration))
				die(2, "bad --duration \"%s\"", optarg);
			break;
		case 'b':
			if (tcopt_get_u64(optarg, &g->start))
				die(2, "bad --start \"%s\" (ns)", optarg);
			break;
		case 'f':
			if (g->nspecs == GEN_MAX_FLOWS)
				die(2, "at most %u flows", GEN_MAX_FLOWS);
			g->specs[g->nspecs++] = optarg;
			break;
		case 'Q':
			g->qdisc = optarg;
			break;
		case 'o':
			g->out = optarg;
			break;
		case 'h':
			usage(stdout);
			return 1;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind != argc || !g->out || !g->nspecs) {
		usage(stderr);
		return 2;
	}
	/* the model's times are doubles, exact to the ns up to 2^53 */
	if (g->duration > GEN_MAX_DURATION)
		die(2, "--duration over 2^53 ns (104 days): the models' clock is exact to 1 ns "
		    "only that far");
	if (g->start > UINT64_MAX - g->duration)
		die(2, "--start %llu ns plus --duration passes the trace's last time (2^64 - 1 ns)",
		    (unsigned long long)g->start);
	/* what is written into the trace's lines must be one line */
	for (i = 0; i < g->nspecs; i++)
		check_one_line("--flow", g->specs[i]);
	if (g->qdisc) {
		check_one_line("--qdisc", g->qdisc);
		if (!g->qdisc[strspn(g->qdisc, " ")])
			die(2, "--qdisc needs a KIND");
	}
	g->fl = xcalloc(g->nspecs, sizeof(*g->fl));
	for (i = 0; i < g->nspecs; i++)
		parse_flow(g->specs[i], &g->fl[i], i, g->seed);
	return 0;
}

uint64_t gen_write(struct gen_run *g, struct trace_w *w, uint64_t max)
{
	struct gflow *fl = g->fl;
	unsigned int nspecs = g->nspecs, i;
	uint64_t id = 0;

	trace_w_magic(w, 1);
	trace_w_str(w, "source qdk-replay gen");
	trace_w_printf(w, " --seed %llu --duration %llu", (unsigned long long)g->seed,
		   (unsigned long long)g->duration);
	for (i = 0; i < nspecs; i++)
		trace_w_printf(w, " --flow %s", g->specs[i]);
	trace_w_char(w, '\n');
	if (g->qdisc)
		trace_w_printf(w, "qdisc %s\n", g->qdisc);
	trace_w_printf(w, "seed %llu\n", (unsigned long long)g->seed);
	for (i = 0; i < nspecs; i++) {
		unsigned int h = i + 1;
		bool tcp = fl[i].model == M_BULK;

		if (fl[i].v6)
			trace_w_printf(w, "flow %u %s [2001:db8::%x]:%u [2001:db8:1::1]:%u", h,
				   tcp ? "tcp" : "udp", h, 40000 + h, tcp ? 5201 : 6000);
		else
			trace_w_printf(w, "flow %u %s 10.0.%u.%u:%u 10.1.0.1:%u", h,
				   tcp ? "tcp" : "udp", h / 250, h % 250 + 1, 40000 + h,
				   tcp ? 5201 : 6000);
		if (fl[i].tos)
			trace_w_printf(w, " tos=%u", fl[i].tos);
		if (fl[i].prio)
			trace_w_printf(w, " prio=%u", fl[i].prio);
		trace_w_char(w, '\n');
	}
	while (!max || id < max) {
		unsigned int best = 0;
		uint64_t ts;

		for (i = 1; i < nspecs; i++)
			if (fl[i].next < fl[best].next)
				best = i;
		if (fl[best].next >= (double)g->duration)
			break;
		ts = g->start + (uint64_t)fl[best].next;
		/* an arrival: no verdict yet ("?") */
		trace_w_ts_op(w, ts, 'e');
		trace_w_char(w, ' ');
		trace_w_u64(w, ++id);
		trace_w_char(w, ' ');
		trace_w_u64(w, best + 1);
		trace_w_char(w, ' ');
		trace_w_u64(w, fl[best].size);
		trace_w_str(w, " ?\n");
		advance(&fl[best]);
	}
	return id;
}

void gen_free(struct gen_run *g)
{
	free(g->fl);
	g->fl = NULL;
}

int cmd_gen(int argc, char **argv)
{
	struct gen_run g;
	struct outfile o;
	int rc = gen_parse(argc, argv, &g);

	if (rc)
		return rc == 1 ? 0 : rc;
	out_open(&o, g.out);
	gen_write(&g, &o.w, 0);
	out_commit(&o);
	gen_free(&g);
	return 0;
}
