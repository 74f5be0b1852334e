// SPDX-License-Identifier: GPL-2.0
/*
 * summary.c - collecting drive's measurements and writing them as JSON.
 *
 * Queue length is sampled every `interval` ns of virtual time from the first
 * arrival: sample k is the qdisc's qlen/backlog just before start+k*interval
 * (the state left by the last call before that instant). Sojourn times per
 * interval are the mean and max of the packets dequeued in
 * [start+k*interval, start+(k+1)*interval). Percentiles are nearest-rank.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "summary.h"
#include "util.h"
#include "xstats.h"

void sum_init(struct summary *s, uint64_t start, uint64_t interval)
{
	memset(s, 0, sizeof(*s));
	s->start = start;
	s->end = start;
	s->interval = interval;
	s->mapmask = 1023;
	s->map = xcalloc(s->mapmask + 1, sizeof(*s->map));
}

static inline uint64_t hash_id(uint64_t id)
{
	id ^= id >> 33;
	id *= 0xff51afd7ed558ccdull;
	id ^= id >> 33;
	return id;
}

static void map_put(struct summary *s, uint64_t id, uint64_t ts, uint32_t flow, uint32_t bytes);

static void map_grow(struct summary *s)
{
	struct sum_slot *old = s->map;
	uint64_t n = s->mapmask + 1, i;

	s->mapmask = n * 2 - 1;
	s->map = xcalloc(n * 2, sizeof(*s->map));
	s->inmap = 0;
	for (i = 0; i < n; i++)
		if (old[i].id)
			map_put(s, old[i].id, old[i].ts, old[i].flow, old[i].bytes);
	free(old);
}

static void map_put(struct summary *s, uint64_t id, uint64_t ts, uint32_t flow, uint32_t bytes)
{
	uint64_t i;

	if ((s->inmap + 1) * 2 > s->mapmask + 1)
		map_grow(s);
	for (i = hash_id(id) & s->mapmask; s->map[i].id; i = (i + 1) & s->mapmask)
		if (s->map[i].id == id)
			break;
	if (!s->map[i].id)
		s->inmap++;
	s->map[i] = (struct sum_slot){ .id = id, .ts = ts, .flow = flow, .bytes = bytes };
}

/* Remove id and return its slot's contents; false when it is not there. */
static bool map_take(struct summary *s, uint64_t id, struct sum_slot *out)
{
	uint64_t i, j;

	for (i = hash_id(id) & s->mapmask; s->map[i].id; i = (i + 1) & s->mapmask)
		if (s->map[i].id == id)
			break;
	if (!s->map[i].id)
		return false;
	*out = s->map[i];
	/* Backward-shift deletion keeps every probe chain unbroken. */
	j = i;
	for (;;) {
		uint64_t home;

		j = (j + 1) & s->mapmask;
		if (!s->map[j].id)
			break;
		home = hash_id(s->map[j].id) & s->mapmask;
		if (((j - home) & s->mapmask) >= ((j - i) & s->mapmask)) {
			s->map[i] = s->map[j];
			i = j;
		}
	}
	s->map[i].id = 0;
	s->inmap--;
	return true;
}

/* fid's flow, added at its first arrival: memory follows the flows, not the FIDs */
static uint32_t flow_of(struct summary *s, uint32_t fid, const char *decl)
{
	struct sum_flow *f;
	uint32_t i;

	if (idx_get(&s->fidx, fid, &i))
		return i;
	if (s->nflows == s->capflows) {
		s->capflows = s->capflows ? 2 * s->capflows : 16;
		s->flows = xrealloc(s->flows, s->capflows * sizeof(*s->flows));
	}
	f = &s->flows[s->nflows];
	memset(f, 0, sizeof(*f));
	f->fid = fid;
	f->decl = xstrdup(decl ? decl : "");
	idx_put(&s->fidx, fid, s->nflows);
	return s->nflows++;
}

void sum_arrival(struct summary *s, uint32_t fid, const char *decl, uint64_t id, uint64_t ts,
		 uint32_t bytes)
{
	uint32_t i = flow_of(s, fid, decl);
	struct sum_flow *f = &s->flows[i];

	f->arrived_pkts++;
	f->arrived_bytes += bytes;
	map_put(s, id, ts, i, bytes);
}

void sum_drop(struct summary *s, uint64_t id, uint32_t reason)
{
	struct sum_slot sl;
	uint32_t i;

	if (!map_take(s, id, &sl))
		return;
	s->flows[sl.flow].drops++;
	for (i = 0; i < s->nreasons && s->reasons[i].reason != reason; i++)
		;
	if (i == s->nreasons) {
		s->reasons = xrealloc(s->reasons, (s->nreasons + 1) * sizeof(*s->reasons));
		s->reasons[s->nreasons++] = (struct sum_reason){ .reason = reason };
	}
	s->reasons[i].n++;
}

void sum_final(struct summary *s, struct qdk_qdisc *q, uint32_t handle)
{
	size_t n;

	s->final = true;
	snprintf(s->kind, sizeof(s->kind), "%s", qdk_qdisc_kind(q));
	s->handle = handle;
	qdk_qdisc_stats(q, &s->st);
	s->xlen = qdk_qdisc_dump_xstats(q, s->xstats, sizeof(s->xstats));
	n = qdk_tree_classes(q, NULL, 0);
	s->classes = xcalloc(n ? n : 1, sizeof(*s->classes));
	n = qdk_tree_classes(q, s->classes, n);
	s->nclasses = n;
}

void sum_mark(struct summary *s, uint64_t id)
{
	uint64_t i;

	for (i = hash_id(id) & s->mapmask; s->map[i].id; i = (i + 1) & s->mapmask) {
		if (s->map[i].id == id) {
			s->flows[s->map[i].flow].marks++;
			return;
		}
	}
}

/*
 * The time series is sized by the trace's span over --interval: bounded, so
 * a trace spanning years (or one huge timestamp) is refused, not allowed to
 * eat the machine. 2^22 samples are 70 minutes at the default 1ms, 128 MiB.
 */
#define SUM_MAX_SAMPLES (1u << 22)

/* The sample ts falls in; refused past the bound. */
static uint64_t sample_of(const struct summary *s, uint64_t ts)
{
	uint64_t span = ts - s->start, k = span / s->interval;

	if (k >= SUM_MAX_SAMPLES)
		die(2, "--summary: the trace spans %llu s, %llu samples at --interval %llu ns, over "
		    "the %u the summary keeps: use --interval %llu ns or more",
		    (unsigned long long)(span / 1000000000), (unsigned long long)k + 1,
		    (unsigned long long)s->interval, SUM_MAX_SAMPLES,
		    (unsigned long long)(span / SUM_MAX_SAMPLES + 1));
	return k;
}

static void grow_samples(struct summary *s, uint64_t k)
{
	uint64_t n = s->capsamples ? s->capsamples : 1024;

	while (n <= k)
		n *= 2;
	s->qlen = xrealloc(s->qlen, n * sizeof(*s->qlen));
	s->backlog = xrealloc(s->backlog, n * sizeof(*s->backlog));
	s->soj_sum = xrealloc(s->soj_sum, n * sizeof(*s->soj_sum));
	s->soj_max = xrealloc(s->soj_max, n * sizeof(*s->soj_max));
	s->soj_n = xrealloc(s->soj_n, n * sizeof(*s->soj_n));
	memset(s->soj_sum + s->capsamples, 0, (n - s->capsamples) * sizeof(uint64_t));
	memset(s->soj_max + s->capsamples, 0, (n - s->capsamples) * sizeof(uint64_t));
	memset(s->soj_n + s->capsamples, 0, (n - s->capsamples) * sizeof(uint64_t));
	s->capsamples = n;
}

void sum_dequeue(struct summary *s, uint64_t id, uint64_t ts)
{
	struct sum_slot sl;
	struct sum_flow *f;
	uint64_t soj, k;

	if (!map_take(s, id, &sl))
		return;
	f = &s->flows[sl.flow];
	soj = ts - sl.ts;
	f->sent_pkts++;
	f->sent_bytes += sl.bytes;
	if (f->nsoj == f->capsoj) {
		f->capsoj = f->capsoj ? f->capsoj * 2 : 256;
		f->sojourn = xrealloc(f->sojourn, f->capsoj * sizeof(*f->sojourn));
	}
	f->sojourn[f->nsoj++] = soj;
	k = sample_of(s, ts);
	if (k >= s->capsamples)
		grow_samples(s, k);
	s->soj_sum[k] += soj;
	s->soj_n[k]++;
	if (soj > s->soj_max[k])
		s->soj_max[k] = soj;
}

void sum_sample_until(struct summary *s, uint64_t ts, uint32_t qlen, uint32_t backlog)
{
	if (ts > s->start)
		sample_of(s, ts - 1);
	while (s->start + s->nsamples * s->interval < ts) {
		if (s->nsamples >= s->capsamples)
			grow_samples(s, s->nsamples);
		s->qlen[s->nsamples] = qlen;
		s->backlog[s->nsamples] = backlog;
		s->nsamples++;
	}
	if (ts > s->end)
		s->end = ts;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Nearest-rank percentile of sorted v[0..n). */
static uint64_t pct(const uint64_t *v, uint64_t n, unsigned int p)
{
	uint64_t r = (n * p + 99) / 100;

	return n ? v[r ? r - 1 : 0] : 0;
}

static void write_sojourn(struct outfile *o, uint64_t *v, uint64_t n)
{
	long double sum = 0;
	uint64_t i;

	if (n)	/* a flow with no samples may have no array at all */
		qsort(v, n, sizeof(*v), cmp_u64);
	for (i = 0; i < n; i++)
		sum += v[i];
	out_printf(o, "{\"count\": %llu, \"mean\": %.1f, \"p50\": %llu, \"p99\": %llu, \"max\": %llu}",
		   (unsigned long long)n, n ? (double)(sum / n) : 0.0,
		   (unsigned long long)pct(v, n, 50), (unsigned long long)pct(v, n, 99),
		   (unsigned long long)(n ? v[n - 1] : 0));
}

static void json_str(struct outfile *o, const char *s)
{
	out_char(o, '"');
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			out_char(o, '\\');
		if ((unsigned char)*s < 0x20)
			out_printf(o, "\\u%04x", *s);
		else
			out_char(o, *s);
	}
	out_char(o, '"');
}

static void series_u32(struct outfile *o, const char *name, const uint32_t *v, uint64_t n)
{
	uint64_t i;

	out_printf(o, "    \"%s\": [", name);
	for (i = 0; i < n; i++) {
		if (i)
			out_str(o, i % 20 ? ", " : ",\n      ");
		out_u64(o, v[i]);
	}
	out_str(o, "]");
}

static int cmp_fid(const void *a, const void *b)
{
	const struct sum_flow *x = *(const struct sum_flow *const *)a;
	const struct sum_flow *y = *(const struct sum_flow *const *)b;

	return x->fid < y->fid ? -1 : x->fid > y->fid;
}

/* A reason's name: the kernel's, or its number when this series has no name for it. */
static void reason_name(uint32_t reason, char *buf, size_t len)
{
	const char *name = qdk_drop_reason_name(reason);

	if (name)
		snprintf(buf, len, "%s", name);
	else
		snprintf(buf, len, "reason %u", reason);
}

static int cmp_reason(const void *a, const void *b)
{
	char x[64], y[64];

	reason_name(((const struct sum_reason *)a)->reason, x, sizeof(x));
	reason_name(((const struct sum_reason *)b)->reason, y, sizeof(y));
	return strcmp(x, y);
}

/* {"NAME": count, ...} in the order of the names */
static void write_reasons(struct summary *s, struct outfile *o)
{
	uint32_t i;

	if (s->nreasons)
		qsort(s->reasons, s->nreasons, sizeof(*s->reasons), cmp_reason);
	out_char(o, '{');
	for (i = 0; i < s->nreasons; i++) {
		char name[64];

		reason_name(s->reasons[i].reason, name, sizeof(name));
		out_printf(o, "%s\"%s\": %llu", i ? ", " : "", name,
			   (unsigned long long)s->reasons[i].n);
	}
	out_char(o, '}');
}

static void write_handle(struct outfile *o, uint32_t h, bool cls)
{
	if (cls)
		out_printf(o, "\"%x:%x\"", h >> 16, h & 0xffff);
	else
		out_printf(o, "\"%x:\"", h >> 16);
}

static void write_counters(struct outfile *o, const struct qdk_stats *st)
{
	out_printf(o, "\"packets\": %llu, \"bytes\": %llu, \"drops\": %u, \"overlimits\": %u, "
		   "\"requeues\": %u, \"qlen\": %u, \"backlog\": %u",
		   (unsigned long long)st->packets, (unsigned long long)st->bytes, st->drops,
		   st->overlimits, st->requeues, st->qlen, st->backlog);
}

/* the xstats member, when the qdisc or class gave any */
static void write_xstats(struct outfile *o, const char *kind, bool cls, const void *x, int xlen)
{
	if (xlen < 0)
		out_printf(o, ",\n     \"xstats\": {\"error\": %d}", xlen);
	else if (xlen > 0) {
		out_str(o, ",\n     \"xstats\": ");
		xstats_json(o, kind, cls, x, (size_t)xlen);
	}
}

/* "qdisc_stats" and "classes": the tree at the end of the run */
static void write_final(struct summary *s, struct outfile *o)
{
	size_t i;

	if (!s->final)
		return;
	out_str(o, "  \"qdisc_stats\": {\"kind\": ");
	json_str(o, s->kind);
	out_str(o, ", \"handle\": ");
	write_handle(o, s->handle, false);
	out_str(o, ",\n     ");
	write_counters(o, &s->st);
	write_xstats(o, s->kind, false, s->xstats, s->xlen);
	out_str(o, "},\n  \"classes\": [");
	for (i = 0; i < s->nclasses; i++) {
		const struct qdk_class *c = &s->classes[i];

		out_str(o, i ? ",\n    {\"class\": " : "\n    {\"class\": ");
		write_handle(o, c->classid, true);
		out_str(o, ", \"qdisc\": ");
		write_handle(o, c->qdisc, false);
		out_str(o, ", \"kind\": ");
		json_str(o, c->kind);
		if (c->leaf_kind[0]) {
			out_str(o, ", \"leaf\": ");
			write_handle(o, c->leaf, false);
			out_str(o, ", \"leaf_kind\": ");
			json_str(o, c->leaf_kind);
		}
		out_str(o, ",\n     ");
		write_counters(o, &c->st);
		write_xstats(o, c->kind, true, c->xstats, c->xlen);
		out_char(o, '}');
	}
	out_str(o, i ? "\n  ],\n" : "],\n");
}

void sum_write(struct summary *s, struct outfile *o, const char *qdisc, uint64_t rate_Bps,
	       uint64_t seed, const char *input)
{
	uint64_t i, n = 0, tot[6] = { 0 };
	struct sum_flow **by_fid;
	uint64_t *all;
	uint32_t k;

	out_str(o, "{\n  \"input\": ");
	json_str(o, input);
	out_str(o, ",\n  \"qdisc\": ");
	json_str(o, qdisc);
	out_printf(o, ",\n  \"rate_bit_per_s\": %llu,\n  \"seed\": %llu,\n",
		   (unsigned long long)rate_Bps * 8, (unsigned long long)seed);
	out_printf(o, "  \"start_ns\": %llu,\n  \"end_ns\": %llu,\n  \"duration_ns\": %llu,\n",
		   (unsigned long long)s->start, (unsigned long long)s->end,
		   (unsigned long long)(s->end - s->start));
	/* the flows in FID order, as the trace numbers them */
	by_fid = xmalloc((s->nflows ? s->nflows : 1) * sizeof(*by_fid));
	for (k = 0; k < s->nflows; k++) {
		by_fid[k] = &s->flows[k];
		n += s->flows[k].nsoj;
	}
	qsort(by_fid, s->nflows, sizeof(*by_fid), cmp_fid);
	all = xmalloc((n ? n : 1) * sizeof(*all));
	n = 0;
	out_str(o, "  \"flows\": [");
	for (k = 0, i = 0; k < s->nflows; k++) {
		struct sum_flow *f = by_fid[k];

		if (f->nsoj)	/* every packet dropped: no samples, no array */
			memcpy(all + n, f->sojourn, f->nsoj * sizeof(*all));
		n += f->nsoj;
		tot[0] += f->arrived_pkts;
		tot[1] += f->arrived_bytes;
		tot[2] += f->sent_pkts;
		tot[3] += f->sent_bytes;
		tot[4] += f->drops;
		tot[5] += f->marks;
		out_printf(o, "%s\n    {\"flow\": %u, \"decl\": ", i++ ? "," : "", f->fid);
		json_str(o, f->decl);
		out_printf(o, ", \"arrived_packets\": %llu, \"arrived_bytes\": %llu, "
			   "\"sent_packets\": %llu, \"sent_bytes\": %llu, \"drops\": %llu, "
			   "\"marks\": %llu,\n     \"sojourn_ns\": ",
			   (unsigned long long)f->arrived_pkts, (unsigned long long)f->arrived_bytes,
			   (unsigned long long)f->sent_pkts, (unsigned long long)f->sent_bytes,
			   (unsigned long long)f->drops, (unsigned long long)f->marks);
		write_sojourn(o, f->sojourn, f->nsoj);
		out_str(o, "}");
	}
	out_str(o, "\n  ],\n");
	out_printf(o, "  \"total\": {\"arrived_packets\": %llu, \"arrived_bytes\": %llu, "
		   "\"sent_packets\": %llu, \"sent_bytes\": %llu, \"drops\": %llu, \"marks\": %llu, "
		   "\"left_in_qdisc\": %llu,\n    \"sojourn_ns\": ",
		   (unsigned long long)tot[0], (unsigned long long)tot[1],
		   (unsigned long long)tot[2], (unsigned long long)tot[3],
		   (unsigned long long)tot[4], (unsigned long long)tot[5],
		   (unsigned long long)s->inmap);
	write_sojourn(o, all, n);
	free(all);
	free(by_fid);
	out_str(o, ",\n    \"drop_reasons\": ");
	write_reasons(s, o);
	out_str(o, "},\n");
	write_final(s, o);
	out_printf(o, "  \"timeseries\": {\n    \"interval_ns\": %llu,\n"
		   "    \"about\": \"sample k: qdisc state just before start_ns + k*interval_ns; "
		   "dequeued: packets dequeued in [k, k+1) intervals, and their mean and max sojourn "
		   "(0 when none)\",\n",
		   (unsigned long long)s->interval);
	series_u32(o, "qlen", s->qlen, s->nsamples);
	out_str(o, ",\n");
	series_u32(o, "backlog", s->backlog, s->nsamples);
	out_str(o, ",\n    \"dequeued\": [");
	for (i = 0; i < s->nsamples; i++) {
		if (i)
			out_str(o, i % 20 ? ", " : ",\n      ");
		out_u64(o, i < s->capsamples ? s->soj_n[i] : 0);
	}
	out_str(o, "],\n    \"sojourn_mean_ns\": [");
	for (i = 0; i < s->nsamples; i++) {
		uint64_t m = i < s->capsamples && s->soj_n[i] ? s->soj_sum[i] / s->soj_n[i] : 0;

		if (i)
			out_str(o, i % 20 ? ", " : ",\n      ");
		out_u64(o, m);
	}
	out_str(o, "],\n    \"sojourn_max_ns\": [");
	for (i = 0; i < s->nsamples; i++) {
		if (i)
			out_str(o, i % 20 ? ", " : ",\n      ");
		out_u64(o, i < s->capsamples ? s->soj_max[i] : 0);
	}
	out_str(o, "]\n  }\n}\n");
}

void sum_free(struct summary *s)
{
	uint32_t i;

	for (i = 0; i < s->nflows; i++) {
		free(s->flows[i].decl);
		free(s->flows[i].sojourn);
	}
	free(s->flows);
	idx_free(&s->fidx);
	free(s->map);
	free(s->qlen);
	free(s->backlog);
	free(s->soj_sum);
	free(s->soj_max);
	free(s->soj_n);
	free(s->reasons);
	free(s->classes);
	memset(s, 0, sizeof(*s));
}
