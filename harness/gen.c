// SPDX-License-Identifier: GPL-2.0
/*
 * gen.c - `qdk-replay gen`: arrival-only traces (verdict "?") from simple,
 * seeded flow models, for drive, the demo, the benchmark, the tests and the
 * reproductions (harness/README.md, "gen's models", says what each one is).
 *
 *   bulk     TCP-like: a window of back-to-back segments once per RTT, the
 *            window growing by one per RTT and halving when it exceeds what
 *            the rate allows (a sawtooth without feedback)
 *   cbr      UDP constant bit rate
 *   poisson  UDP with exponential gaps (mean from the rate)
 *   onoff    UDP at the peak rate during ON periods; ON and OFF lengths are
 *            Pareto distributed (heavy tails give self-similar aggregates)
 *   geo      the discrete-time slot model: time in slots of `slot` ns, at
 *            most one arrival per slot, with probability alpha (Bernoulli)
 *   robert   the same slots, arrivals modulated by S. Robert's 5-state
 *            Markov chain, fitted to a mean (alpha) and a Hurst parameter
 *   flows    flow arrivals (Poisson, `arrivals` a second), each flow a train
 *            of packets at `rate` whose size is Pareto or from a CDF file:
 *            mice and elephants, each flow a flow of the trace
 *
 * Same options and seed -> byte-identical output.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "tcopt.h"
#include "outfile.h"
#include "util.h"
#include "write.h"

/*
 * Flows a trace may get from gen (a spec's count=, and every train of a
 * flows model): the addresses 10.0.0.1.. then 11.0.0.1.. name them all, and
 * the trace library keeps one small record per flow.
 */
#define GEN_MAX_FLOWS 100000u
/* a bulk flow's window, packets: far beyond any rate times RTT a link has */
#define GEN_MAX_CWND (1u << 20)
/* the models' times are doubles, exact to the ns up to 2^53 */
#define GEN_MAX_DURATION (1ull << 53)
#define GEN_MAX_SIZES 16	/* sizes=S:W/S:W/... entries */
#define ROBERT_STATES 5		/* the modulator's states: 0 (arrivals) and 4 others */

enum model { M_BULK, M_CBR, M_POISSON, M_ONOFF, M_GEO, M_ROBERT, M_FLOWS, M_TRAIN };

/* An empirical CDF of flow sizes: size[i] bytes with P(X <= size[i]) = cum[i]. */
struct cdf {
	size_t n;
	double *size, *cum;
};

/*
 * What the flows of one spec (count= of them) share and never change once
 * parsed: its sizes= table and Robert's matrix. Kept once a spec, so a
 * flow's own state stays small when a spec asks for many.
 */
struct gshape {
	unsigned int nsizes;	/* sizes=: a packet's length drawn per packet */
	uint32_t sizes[GEN_MAX_SIZES];
	double size_cum[GEN_MAX_SIZES];
	double p0j[ROBERT_STATES], pj0[ROBERT_STATES];
};

struct gflow {
	enum model model;
	struct gshape *sh;	/* the spec's (gen_run.shapes) */
	unsigned int fid;	/* 0: a flows model, which sends nothing itself */
	uint64_t rate;		/* bytes/s (peak rate for onoff, train rate for flows) */
	uint32_t size;		/* qdisc_pkt_len of every packet (mean of sizes=) */
	uint8_t tos;
	uint32_t prio;
	bool v6;
	double gap;		/* ns between packets at the rate */
	double next;		/* time of the next packet, ns from the start */
	uint64_t rng;
	/* onoff (Pareto shape), geo and robert (arrival probability a slot) */
	double alpha, on_mean, off_mean, period_end;
	/* bulk */
	double rtt, burst_start;
	uint32_t cwnd, cwnd_max, left;
	/* geo, robert: the slot of the next arrival */
	uint64_t slot_ns, slot;
	double hurst;
	double rob_a, rob_q;	/* Robert's a and q (fitted or given) */
	/* flows: flow arrivals a second, size model; train: packets left */
	double arrivals, mean_bytes, shape;
	struct cdf *cdf;	/* owned by the flows model, shared by its trains */
	uint64_t train_left;
};

static double pareto(uint64_t *s, double mean, double alpha)
{
	double xm = mean * (alpha - 1) / alpha;

	return xm / pow(rng_unif(s), 1.0 / alpha);
}

/* ---- S. Robert's modulated source --------------------------------------- */

/*
 * The modulator (Domanska et al., after S. Robert): states 0..4, one arrival
 * in each slot spent in state 0, p_0j = a^-j, p_j0 = (q/a)^j, p_jj = 1 -
 * (q/a)^j (j = 1..4), p_00 = 1 - sum a^-j. Its stationary law is pi_j =
 * pi_0 q^-j, so the mean rate pi_0 = 1 / (1 + sum q^-j) fixes q; a sets the
 * time scales (a/q)^j of the excursions and thereby the Hurst parameter.
 */
static void robert_set(struct gflow *f, double a, double q)
{
	int j;

	f->rob_a = a;
	f->rob_q = q;
	f->sh->p0j[0] = 1;
	for (j = 1; j < ROBERT_STATES; j++) {
		f->sh->p0j[j] = pow(a, -j);
		f->sh->pj0[j] = pow(q / a, j);
		f->sh->p0j[0] -= f->sh->p0j[j];
	}
}

static double robert_mean(double q)
{
	double s = 1;
	int j;

	for (j = 1; j < ROBERT_STATES; j++)
		s += pow(q, -j);
	return 1 / s;
}

/*
 * Hurst parameter of the modulated arrivals by the aggregated-variance
 * method on the exact autocovariance: var of the mean of m slots for m =
 * 4, 8, ..., 1024 (the scales the four excursion states cover), H = 1 +
 * slope / 2 of log var against log m (least squares). The test of gen
 * estimates H the same way from generated slots.
 */
#define ROBERT_M_LO 2	/* m from 2^2 */
/*
 * to 2^10; the args fuzz target (fuzz/fuzz.mk) fits to 2^6, the same code
 * sixteen times cheaper: it runs gen on thousands of fitted flows a second,
 * and only that the fit ends and what gen writes reads back matter there.
 */
#ifndef ROBERT_M_HI
#define ROBERT_M_HI 10
#endif
static double robert_hurst(const struct gflow *f)
{
	double v[ROBERT_STATES] = { 1 }, nv[ROBERT_STATES];
	double pi0 = robert_mean(f->rob_q), c, s1 = 0, s2 = 0;
	double sx = 0, sy = 0, sxx = 0, sxy = 0;
	unsigned int k, n = 0;
	int j;

	for (k = 1; k < (1u << ROBERT_M_HI); k++) {
		/* v = e_0 P^k: the law of the state k slots after one in state 0 */
		memset(nv, 0, sizeof(nv));
		nv[0] = v[0] * f->sh->p0j[0];
		for (j = 1; j < ROBERT_STATES; j++) {
			nv[j] = v[0] * f->sh->p0j[j] + v[j] * (1 - f->sh->pj0[j]);
			nv[0] += v[j] * f->sh->pj0[j];
		}
		memcpy(v, nv, sizeof(v));
		c = pi0 * v[0] - pi0 * pi0;
		s1 += c;
		s2 += k * c;
		/* a point of the fit at each m = k + 1 = 2^i, i from ROBERT_M_LO */
		if (((k + 1) & k) == 0 && k + 1 >= (1u << ROBERT_M_LO)) {
			double m = (double)(k + 1), var, x, y;

			var = (pi0 - pi0 * pi0 + 2 * (s1 - s2 / m)) / m;
			x = log(m);
			y = log(var);
			sx += x;
			sy += y;
			sxx += x * x;
			sxy += x * y;
			n++;
		}
	}
	return 1 + (n * sxy - sx * sy) / (n * sxx - sx * sx) / 2;
}

/*
 * The last fits, by (alpha, hurst): a fit runs the 1023-step autocovariance
 * some hundred times, and many flows of one command (or many command lines
 * of the args fuzz target) ask for the same one. It is a pure function of
 * its key, so a hit gives the same bits.
 */
#define ROBERT_FITS 8
static struct robert_fitted {
	bool used, ok;
	double alpha, hurst;
	double a, q;		/* ok */
	double h_lo, h_hi;	/* !ok: the range that mean allows */
} robert_fits[ROBERT_FITS];
static unsigned int robert_fits_next;

static void robert_fit_search(struct gflow *f, struct robert_fitted *r);

/* q for the mean alpha, then a for the Hurst parameter, by bisection. */
static void robert_fit(struct gflow *f, const char *spec)
{
	struct robert_fitted *r = NULL;
	unsigned int i;

	for (i = 0; i < ROBERT_FITS; i++)
		if (robert_fits[i].used && robert_fits[i].alpha == f->alpha &&
		    robert_fits[i].hurst == f->hurst)
			r = &robert_fits[i];
	if (!r) {
		r = &robert_fits[robert_fits_next++ % ROBERT_FITS];
		r->alpha = f->alpha;
		r->hurst = f->hurst;
		robert_fit_search(f, r);
		r->used = true;
	}
	if (!r->ok)
		die(2, "robert: no modulator has mean %g and hurst %g (with that mean, hurst %.3f..%.3f) in \"%s\"",
		    f->alpha, f->hurst, r->h_lo, r->h_hi, spec);
	robert_set(f, r->a, r->q);
}

static void robert_fit_search(struct gflow *f, struct robert_fitted *r)
{
	double lo = log(1e-3), hi = log(1e6), q, amin, h_lo, h_hi;
	int i;

	for (i = 0; i < 200; i++) {
		double mid = (lo + hi) / 2;

		if (robert_mean(exp(mid)) > f->alpha)
			hi = mid;
		else
			lo = mid;
	}
	q = exp((lo + hi) / 2);
	/* a >= q (p_j0 <= 1) and sum a^-j <= 1 (p_00 >= 0) */
	lo = 0;
	hi = log(1e6);
	for (i = 0; i < 200; i++) {
		double mid = (lo + hi) / 2, s = 0;
		int j;

		for (j = 1; j < ROBERT_STATES; j++)
			s += exp(-j * mid);
		if (s > 1)
			lo = mid;
		else
			hi = mid;
	}
	amin = fmax(q, exp(hi)) * 1.001;	/* off the edge, where p_00 = 0 */
	robert_set(f, amin, q);
	h_lo = robert_hurst(f);
	robert_set(f, 1e4, q);
	h_hi = robert_hurst(f);
	r->ok = !(f->hurst < h_lo || f->hurst > h_hi);
	r->h_lo = h_lo;
	r->h_hi = h_hi;
	if (!r->ok)
		return;
	lo = log(amin);
	hi = log(1e4);
	for (i = 0; i < 100; i++) {
		double mid = (lo + hi) / 2;

		/* lo and hi adjacent doubles: later steps change nothing (one of
		 * them may become the other, the midpoint stays) */
		if (mid <= lo || mid >= hi)
			break;
		robert_set(f, exp(mid), q);
		if (robert_hurst(f) < f->hurst)
			lo = mid;
		else
			hi = mid;
	}
	r->a = exp((lo + hi) / 2);
	r->q = q;
}

/* After an arrival slot (state 0): the next slot in state 0. */
static void robert_next(struct gflow *f)
{
	double u;
	int j;

	/* leave state 0 for state j with p_0j, or stay */
	u = rng_unif(&f->rng);
	for (j = 1; j < ROBERT_STATES; j++) {
		if (u <= f->sh->p0j[j]) {
			/* j's sojourn is geometric with p_j0, then back to 0 */
			f->slot += rng_geom(&f->rng, f->sh->pj0[j]);
			break;
		}
		u -= f->sh->p0j[j];
	}
	f->slot++;
}

/* The stationary state at slot 0, so no warm-up is needed: pi_j = pi_0 q^-j. */
static void robert_start(struct gflow *f)
{
	double u = rng_unif(&f->rng), pi0 = robert_mean(f->rob_q);
	int j;

	f->slot = 0;
	u -= pi0;
	for (j = 1; j < ROBERT_STATES && u > 0; j++) {
		double pj = pi0 * pow(f->rob_q, -j);

		if (u <= pj) {
			/* in state j now: the remaining sojourn is geometric too */
			f->slot += rng_geom(&f->rng, f->sh->pj0[j]);
			break;
		}
		u -= pj;
	}
}

/* ---- flow sizes ----------------------------------------------------------- */

/* "FILE": lines "BYTES P" with P = P(size <= BYTES), both increasing, the last P 1. */
static struct cdf *cdf_load(const char *path)
{
	struct cdf *c = xcalloc(1, sizeof(*c));
	FILE *fp = fopen(in_path(path), "r");
	char line[256];
	unsigned int ln = 0;
	size_t cap = 0;

	if (!fp)
		die(2, "%s: %s", path, strerror(errno));
	while (fgets(line, sizeof(line), fp)) {
		double b, p;
		char *s = line, extra;

		ln++;
		s += strspn(s, " \t");
		if (*s == '#' || *s == '\n' || !*s)
			continue;
		if (sscanf(s, "%lf %lf %c", &b, &p, &extra) != 2 || !(b >= 1) || !(p > 0) || p > 1)
			die(2, "%s:%u: want \"BYTES PROBABILITY\" (bytes >= 1, 0 < probability <= 1)",
			    path, ln);
		if (c->n && (b <= c->size[c->n - 1] || p <= c->cum[c->n - 1]))
			die(2, "%s:%u: sizes and probabilities must both increase", path, ln);
		if (c->n == cap) {
			cap = cap ? 2 * cap : 16;
			c->size = xrealloc(c->size, cap * sizeof(double));
			c->cum = xrealloc(c->cum, cap * sizeof(double));
		}
		c->size[c->n] = b;
		c->cum[c->n++] = p;
	}
	fclose(fp);
	if (!c->n || c->cum[c->n - 1] != 1.0)
		die(2, "%s:%u: the last probability must be 1", path, ln);
	return c;
}

static void cdf_free(struct cdf *c)
{
	free(c->size);
	free(c->cum);
	free(c);
}

/* Inverse of the CDF, linear between its points; the first point's mass at its size. */
static double cdf_draw(const struct cdf *c, uint64_t *rng)
{
	double u = rng_unif(rng);
	size_t i = 0;

	while (c->cum[i] < u)
		i++;
	if (i == 0)
		return c->size[0];
	return c->size[i - 1] + (c->size[i] - c->size[i - 1]) *
		(u - c->cum[i - 1]) / (c->cum[i] - c->cum[i - 1]);
}

/* "S:W/S:W/...": packet lengths with relative weights. */
static void parse_sizes(struct gflow *f, const char *val, const char *spec)
{
	char *copy = xstrdup(val), *save = NULL, *e;
	double total = 0, mean = 0;
	unsigned int i;

	f->sh->nsizes = 0;
	for (e = strtok_r(copy, "/", &save); e; e = strtok_r(NULL, "/", &save)) {
		char *colon = strchr(e, ':'), *end;
		uint64_t sz;
		double w = 1;

		if (colon) {
			*colon = '\0';
			w = strtod(colon + 1, &end);
			if (*end || !(w > 0))
				die(2, "bad weight \"%s\" in sizes of \"%s\"", colon + 1, spec);
		}
		if (f->sh->nsizes == GEN_MAX_SIZES || tcopt_get_size(e, &sz) || sz < 60 || sz > 65535)
			die(2, "bad sizes \"%s\" in \"%s\" (at most %u of SIZE[:WEIGHT], 60..65535 bytes)",
			    val, spec, GEN_MAX_SIZES);
		f->sh->sizes[f->sh->nsizes] = (uint32_t)sz;
		total += w;
		f->sh->size_cum[f->sh->nsizes++] = total;
		mean += w * (double)sz;
	}
	if (!f->sh->nsizes)
		die(2, "empty sizes in \"%s\"", spec);
	for (i = 0; i < f->sh->nsizes; i++)
		f->sh->size_cum[i] /= total;
	f->size = (uint32_t)(mean / total + 0.5);
	free(copy);
}

static uint32_t pkt_size(struct gflow *f)
{
	double u;
	unsigned int i;

	if (!f->sh->nsizes)
		return f->size;
	u = rng_unif(&f->rng);
	for (i = 0; i + 1 < f->sh->nsizes && f->sh->size_cum[i] < u; i++)
		;
	return f->sh->sizes[i];
}

/* ---- parsing -------------------------------------------------------------- */

static const char *const model_names[] = {
	[M_BULK] = "bulk", [M_CBR] = "cbr", [M_POISSON] = "poisson", [M_ONOFF] = "onoff",
	[M_GEO] = "geo", [M_ROBERT] = "robert", [M_FLOWS] = "flows",
};

static bool slotted(const struct gflow *f)
{
	return f->model == M_GEO || f->model == M_ROBERT;
}

/* One spec into f; returns its count= (the number of flows it stands for). */
static unsigned int parse_flow(const char *spec, struct gflow *f, struct gshape *sh)
{
	char *copy = xstrdup(spec), *colon = strchr(copy, ':'), *save = NULL, *kv;
	unsigned int count = 1, m;
	bool have_alpha = false, have_a = false, have_q = false;
	int dscp = -1, ecn = -1;
	uint64_t v;

	memset(f, 0, sizeof(*f));
	memset(sh, 0, sizeof(*sh));
	f->sh = sh;
	if (colon)
		*colon = '\0';
	for (m = 0; m < M_TRAIN; m++)
		if (strcmp(copy, model_names[m]) == 0)
			break;
	if (m == M_TRAIN)
		die(2, "unknown flow model \"%s\" (bulk, cbr, poisson, onoff, geo, robert, flows)",
		    copy);
	f->model = m;
	f->rate = 1250000;	/* 10mbit */
	f->size = f->model == M_BULK ? 1514 : 1000;
	f->alpha = slotted(f) ? 0.5 : 1.5;
	f->on_mean = 10e6;
	f->off_mean = 10e6;
	f->rtt = 20e6;
	f->slot_ns = 1000;
	f->hurst = 0.78;
	f->arrivals = 10;
	f->mean_bytes = 50000;
	f->shape = 1.2;
	for (kv = colon ? strtok_r(colon + 1, ",", &save) : NULL; kv;
	     kv = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(kv, '='), *end;
		const char *val = eq ? eq + 1 : "";
		double x = strtod(val, &end);
		bool num = eq && *val && !*end;

		if (eq)
			*eq = '\0';
		if (strcmp(kv, "rate") == 0 && !tcopt_get_rate(val, &v) && v)
			f->rate = v;
		else if (strcmp(kv, "size") == 0 && !tcopt_get_size(val, &v) && v >= 60 && v <= 65535)
			f->size = (uint32_t)v;
		else if (strcmp(kv, "sizes") == 0 && eq)
			parse_sizes(f, val, spec);
		else if (strcmp(kv, "on") == 0 && !tcopt_get_time(val, &v) && v)
			f->on_mean = (double)v;
		else if (strcmp(kv, "off") == 0 && !tcopt_get_time(val, &v) && v)
			f->off_mean = (double)v;
		else if (strcmp(kv, "rtt") == 0 && !tcopt_get_time(val, &v) && v)
			f->rtt = (double)v;
		else if (strcmp(kv, "alpha") == 0 && num && slotted(f) && x > 0 && x < 1)
			f->alpha = x, have_alpha = true;
		else if (strcmp(kv, "alpha") == 0 && num && !slotted(f) && x > 1.0 && x < 10)
			f->alpha = x;
		else if (strcmp(kv, "slot") == 0 && slotted(f) && !tcopt_get_time(val, &v) && v)
			f->slot_ns = v;
		else if (strcmp(kv, "hurst") == 0 && f->model == M_ROBERT && num && x > 0.5 && x < 1)
			f->hurst = x;
		else if (strcmp(kv, "a") == 0 && f->model == M_ROBERT && num && x > 1)
			f->rob_a = x, have_a = true;
		else if (strcmp(kv, "q") == 0 && f->model == M_ROBERT && num && x > 0)
			f->rob_q = x, have_q = true;
		else if (strcmp(kv, "arrivals") == 0 && f->model == M_FLOWS && num && x > 0 && x <= 1e6)
			f->arrivals = x;
		else if (strcmp(kv, "mean") == 0 && f->model == M_FLOWS && !tcopt_get_size(val, &v) && v)
			f->mean_bytes = (double)v;
		else if (strcmp(kv, "pareto") == 0 && f->model == M_FLOWS && num && x > 1 && x < 10)
			f->shape = x;
		else if (strcmp(kv, "cdf") == 0 && f->model == M_FLOWS && *val)
			f->cdf = cdf_load(val);
		else if (strcmp(kv, "tos") == 0 && !tcopt_get_u64(val, &v) && v < 256)
			f->tos = (uint8_t)v;
		else if (strcmp(kv, "dscp") == 0 && !tcopt_get_u64(val, &v) && v < 64)
			dscp = (int)v;
		else if (strcmp(kv, "prio") == 0 && !tcopt_get_u64(val, &v) && v <= UINT32_MAX)
			f->prio = (uint32_t)v;
		else if (strcmp(kv, "ecn") == 0 && !eq)
			ecn = 2;	/* ECT(0) */
		else if (strcmp(kv, "ecn") == 0 && (!strcmp(val, "ect0") || !strcmp(val, "ect1") ||
						   !strcmp(val, "ce") || !strcmp(val, "not")))
			ecn = !strcmp(val, "ect0") ? 2 : !strcmp(val, "ect1") ? 1 :
			      !strcmp(val, "ce") ? 3 : 0;
		else if (strcmp(kv, "count") == 0 && f->model != M_FLOWS &&
			 !tcopt_get_u64(val, &v) && v >= 1 && v <= GEN_MAX_FLOWS)
			count = (unsigned int)v;
		else if (strcmp(kv, "v6") == 0 && !eq)
			f->v6 = true;
		else
			die(2, "bad flow option \"%s%s%s\" in \"%s\"", kv, eq ? "=" : "", val, spec);
	}
	if (dscp >= 0)
		f->tos = (uint8_t)((f->tos & 3) | dscp << 2);
	if (ecn >= 0)
		f->tos = (uint8_t)((f->tos & ~3) | ecn);
	if (f->model == M_ROBERT) {
		if (have_a != have_q)
			die(2, "robert: give both a= and q=, or neither (then alpha= and hurst= are fitted) in \"%s\"",
			    spec);
		if (have_a && have_alpha)
			die(2, "robert: alpha= is fitted from a= and q=, give one or the other in \"%s\"",
			    spec);
		if (have_a) {
			robert_set(f, f->rob_a, f->rob_q);
			if (f->sh->p0j[0] < 0 || f->rob_q > f->rob_a)
				die(2, "robert: a=%g q=%g is no Markov chain (want q <= a, sum a^-j <= 1) in \"%s\"",
				    f->rob_a, f->rob_q, spec);
			f->alpha = robert_mean(f->rob_q);
		} else {
			robert_fit(f, spec);
		}
	}
	free(copy);
	return count;
}

/* Time to the next flow of a flows model: exponential, arrivals a second. */
static double flow_gap(struct gflow *f)
{
	return -log(rng_unif(&f->rng)) * 1e9 / f->arrivals;
}

/* The flow's first packet time; its own random stream from the seed and its index. */
static void start_flow(struct gflow *f, unsigned int idx, uint64_t seed)
{
	f->rng = seed * 0x2545f4914f6cdd1dull + idx + 1;
	f->gap = (double)f->size * 1e9 / (double)f->rate;
	/* a trace's clock counts ns: closer packets would share a timestamp */
	if (f->gap < 1 && !slotted(f))
		die(2, "%u-byte packets at %llu B/s are less than 1 ns apart (the trace's clock counts ns)",
		    f->size, (unsigned long long)f->rate);
	switch (f->model) {
	case M_CBR:
		f->next = rng_unif(&f->rng) * f->gap;	/* flows do not start in lockstep */
		break;
	case M_POISSON:
		f->next = -log(rng_unif(&f->rng)) * f->gap;
		break;
	case M_ONOFF:
		f->next = rng_unif(&f->rng) * f->off_mean;
		f->period_end = f->next + pareto(&f->rng, f->on_mean, f->alpha);
		break;
	case M_BULK: {
		/* a window in packets; beyond GEN_MAX_CWND no link needs it */
		double w = (double)f->rate * f->rtt / 1e9 / f->size;

		f->cwnd_max = w < 2 ? 2 : w > GEN_MAX_CWND ? GEN_MAX_CWND : (uint32_t)w;
		f->cwnd = f->cwnd_max < 10 ? f->cwnd_max : 10;
		f->burst_start = rng_unif(&f->rng) * f->rtt;
		f->next = f->burst_start;
		f->left = f->cwnd - 1;
		break;
	}
	case M_GEO:
		f->slot = rng_geom(&f->rng, f->alpha) - 1;
		break;
	case M_ROBERT:
		robert_start(f);
		break;
	case M_FLOWS:
		f->next = flow_gap(f);
		break;
	case M_TRAIN:
		break;
	}
	if (slotted(f))
		f->next = (double)f->slot * (double)f->slot_ns;
}

static void advance(struct gflow *f)
{
	double was = f->next;

	switch (f->model) {
	case M_CBR:
		f->next += f->gap;
		break;
	case M_POISSON:
		f->next += -log(rng_unif(&f->rng)) * f->gap;
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
	case M_GEO:
		f->slot += rng_geom(&f->rng, f->alpha);
		break;
	case M_ROBERT:
		robert_next(f);
		break;
	case M_FLOWS:
		f->next += flow_gap(f);
		break;
	case M_TRAIN:
		f->next += f->gap;
		break;
	}
	if (slotted(f))
		f->next = (double)f->slot * (double)f->slot_ns;
	/* time moves on, even where a step is below a double's resolution */
	if (!(f->next > was))
		f->next = nextafter(was, INFINITY);
}

/* ---- the event order: a binary heap on (next, index) -------------------- */

struct heap {
	unsigned int *idx;
	size_t n, cap;
	const struct gflow *fl;
};

static bool before(const struct heap *h, unsigned int a, unsigned int b)
{
	/* ties go to the lower index: the order of the flows on the command line */
	return h->fl[a].next < h->fl[b].next || (h->fl[a].next == h->fl[b].next && a < b);
}

static void heap_push(struct heap *h, unsigned int i)
{
	size_t k;

	if (h->n == h->cap) {
		h->cap = h->cap ? 2 * h->cap : 64;
		h->idx = xrealloc(h->idx, h->cap * sizeof(*h->idx));
	}
	for (k = h->n++; k && before(h, i, h->idx[(k - 1) / 2]); k = (k - 1) / 2)
		h->idx[k] = h->idx[(k - 1) / 2];
	h->idx[k] = i;
}

static unsigned int heap_pop(struct heap *h)
{
	unsigned int top = h->idx[0], last = h->idx[--h->n];
	size_t k = 0;

	for (;;) {
		size_t c = 2 * k + 1;

		if (c >= h->n)
			break;
		if (c + 1 < h->n && before(h, h->idx[c + 1], h->idx[c]))
			c++;
		if (!before(h, h->idx[c], last))
			break;
		h->idx[k] = h->idx[c];
		k = c;
	}
	if (h->n)
		h->idx[k] = last;
	return top;
}

/* ---- output --------------------------------------------------------------- */

/*
 * The flow's declaration: IPv4 sources 10.0.0.1 .. 10.249.249.250, then
 * 11.x.y.z on; IPv6 2001:db8::1 .. 2001:db8::ffff, then 2001:db8::1:0 on (a
 * group holds 16 bits); tcp to port 5201, udp to 6000.
 */
static void write_flow(struct trace_w *w, const struct gflow *f)
{
	unsigned int h = f->fid;
	bool tcp = f->model == M_BULK || f->model == M_TRAIN;
	struct trace_pkt p;

	trace_pkt_defaults(&p);
	p.l4proto = tcp ? 6 : 17;
	p.sport = (uint16_t)(40000 + h % 20000);
	p.dport = tcp ? 5201 : 6000;
	if (f->v6) {
		static const uint8_t db8[4] = { 0x20, 0x01, 0x0d, 0xb8 };

		p.family = TRACE_AF_INET6;
		p.ethertype = 0x86dd;
		memcpy(p.saddr, db8, 4);
		p.saddr[12] = (uint8_t)(h >> 24);
		p.saddr[13] = (uint8_t)(h >> 16);
		p.saddr[14] = (uint8_t)(h >> 8);
		p.saddr[15] = (uint8_t)h;
		memcpy(p.daddr, db8, 4);
		p.daddr[5] = 1;
		p.daddr[15] = 1;
	} else {
		p.family = TRACE_AF_INET;
		p.ethertype = 0x0800;
		p.saddr[0] = (uint8_t)(10 + h / 62500);
		p.saddr[2] = (uint8_t)(h / 250 % 250);
		p.saddr[3] = (uint8_t)(h % 250 + 1);
		p.daddr[0] = 10;
		p.daddr[1] = 1;
		p.daddr[3] = 1;
	}
	p.tos = f->tos;
	p.priority = f->prio;
	trace_w_flow(w, h, &p, true);
}

static void usage(FILE *f)
{
	fputs("usage: qdk-replay gen [--seed N] [--duration TIME] [--start NS] [--qdisc \"KIND OPTS\"]\n"
	      "                      --flow MODEL[:KEY=VAL,...]... -o OUT.qtr\n"
	      "  MODEL: bulk (TCP-like windows), cbr, poisson, onoff (Pareto ON/OFF),\n"
	      "         geo and robert (slots: Bernoulli, Robert's 5-state modulator),\n"
	      "         flows (Poisson flow arrivals, Pareto or CDF sizes, each a train)\n"
	      "  keys: rate=RATE size=BYTES sizes=S:W/S:W... tos=N dscp=N ecn[=ect0|ect1|ce|not]\n"
	      "        prio=N v6 count=N, onoff: on=TIME off=TIME alpha=A, bulk: rtt=TIME,\n"
	      "        geo/robert: slot=TIME alpha=P, robert: hurst=H (or a=A,q=Q),\n"
	      "        flows: arrivals=PER_S mean=BYTES pareto=SHAPE cdf=FILE.\n"
	      "  Defaults: rate=10mbit, size 1514 (bulk) or 1000, slot=1us, alpha=0.5, hurst=0.78.\n"
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
	struct gflow *proto;
	unsigned int *count, fids = 0;
	size_t total = 0;
	unsigned int i, k;
	int c;

	memset(g, 0, sizeof(*g));
	g->specs = xcalloc((size_t)argc + 1, sizeof(*g->specs));
	g->seed = 1;
	g->duration = 1000000000ull;
	g->start = 1000000000ull;
	optind = 0;	/* getopt from scratch, for each command line */
	while ((c = getopt_long(argc, argv, "o:h", lo, NULL)) != -1) {
		switch (c) {
		case 's':
			g->seed = seed_arg(optarg);
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
	/*
	 * Each spec's prototype first, then the table of every flow at once:
	 * count= may ask for many. Until then g->fl holds the prototypes
	 * (nfl of them), so gen_free() frees a flows model's CDF after a
	 * refusal too.
	 */
	g->fl = xcalloc(g->nspecs, sizeof(*g->fl));
	g->shapes = xcalloc(g->nspecs, sizeof(*g->shapes));
	count = xcalloc(g->nspecs, sizeof(*count));
	for (i = 0; i < g->nspecs; i++) {
		count[i] = parse_flow(g->specs[i], &g->fl[i], &g->shapes[i]);
		g->nfl = i + 1;
		if (g->fl[i].model == M_FLOWS)
			continue;	/* its flows come as it runs: gen_write() */
		if (count[i] > GEN_MAX_FLOWS - fids) {
			free(count);
			die(2, "at most %u flows (--flow ... count=)", GEN_MAX_FLOWS);
		}
		fids += count[i];
		total += count[i];
	}
	proto = g->fl;
	g->cap = total + g->nspecs;	/* a flows model is one flow here */
	g->fl = xcalloc(g->cap, sizeof(*g->fl));
	g->nfl = 0;
	for (i = 0; i < g->nspecs; i++) {
		for (k = 0; k < count[i]; k++) {
			g->fl[g->nfl] = proto[i];
			if (proto[i].model != M_FLOWS)
				g->fl[g->nfl].fid = ++g->fid;
			start_flow(&g->fl[g->nfl], g->nfl, g->seed);
			g->nfl++;
		}
	}
	free(proto);
	free(count);
	return 0;
}

uint64_t gen_write(struct gen_run *g, struct trace_w *w, uint64_t max)
{
	struct gflow *fl = g->fl;
	struct heap h = { 0 };
	uint64_t id = 0;
	unsigned int i;

	trace_w_magic(w, 1);
	trace_w_str(w, "source qdk-replay gen");
	trace_w_printf(w, " --seed %llu --duration %llu", (unsigned long long)g->seed,
		   (unsigned long long)g->duration);
	for (i = 0; i < g->nspecs; i++)
		trace_w_printf(w, " --flow %s", g->specs[i]);
	trace_w_char(w, '\n');
	if (g->qdisc)
		trace_w_printf(w, "qdisc %s\n", g->qdisc);
	trace_w_printf(w, "seed %llu\n", (unsigned long long)g->seed);
	for (i = 0; i < g->nfl; i++)
		if (fl[i].fid)
			write_flow(w, &fl[i]);
	h.fl = fl;
	for (i = 0; i < g->nfl; i++)
		heap_push(&h, i);
	while (h.n && (!max || id < max)) {
		unsigned int best = heap_pop(&h);
		struct gflow *f = &fl[best];
		uint32_t len;

		if (f->next >= (double)g->duration)
			continue;	/* this flow is done; the others may still send */
		if (f->model == M_FLOWS) {
			/* a new flow: a train of ceil(bytes / size) packets at the rate */
			struct gflow t = *f;
			double bytes = f->cdf ? cdf_draw(f->cdf, &f->rng) :
				pareto(&f->rng, f->mean_bytes, f->shape);

			if (g->fid == GEN_MAX_FLOWS)
				die(2, "the flows model needs more than %u flows: shorten --duration or "
				    "lower arrivals=", GEN_MAX_FLOWS);
			t.model = M_TRAIN;
			t.fid = ++g->fid;
			t.train_left = (uint64_t)ceil(fmin(bytes, 1e15) / t.size);
			if (!t.train_left)
				t.train_left = 1;
			if (g->nfl == g->cap) {
				g->cap *= 2;
				fl = g->fl = xrealloc(g->fl, g->cap * sizeof(*g->fl));
				h.fl = fl;
				f = &fl[best];
			}
			start_flow(&t, g->nfl, g->seed);
			t.next = f->next;
			fl[g->nfl] = t;
			write_flow(w, &t);
			heap_push(&h, g->nfl++);
			advance(f);
			heap_push(&h, best);
			continue;
		}
		len = pkt_size(f);
		/* an arrival: no verdict yet ("?") */
		trace_w_ts_op(w, g->start + (uint64_t)f->next, 'e');
		trace_w_char(w, ' ');
		trace_w_u64(w, ++id);
		trace_w_char(w, ' ');
		trace_w_u64(w, f->fid);
		trace_w_char(w, ' ');
		trace_w_u64(w, len);
		trace_w_str(w, " ?\n");
		if (f->model == M_TRAIN && !--f->train_left)
			continue;	/* the train is over */
		advance(f);
		heap_push(&h, best);
	}
	free(h.idx);
	return id;
}

void gen_free(struct gen_run *g)
{
	unsigned int i;

	for (i = 0; i < g->nfl; i++)
		if (g->fl[i].model == M_FLOWS && g->fl[i].cdf)
			cdf_free(g->fl[i].cdf);
	free(g->fl);
	free(g->shapes);
	free(g->specs);
	g->fl = NULL;
	g->shapes = NULL;
	g->specs = NULL;
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
