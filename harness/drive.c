// SPDX-License-Identifier: GPL-2.0
/*
 * drive.c - `qdk-replay drive`: feed a trace's arrivals to a qdisc in front
 * of a simulated link and write what happened as a full trace.
 *
 * The link model is the kernel's transmit path reduced to its timing: the
 * link dequeues whenever it is idle (after each arrival, when a packet has
 * finished, when the qdisc's watchdog fires, when another timer of the
 * qdisc's kicks the device with __netif_schedule(), as taprio's gate
 * schedule does); a packet occupies the link for qdisc_pkt_len * 8 / rate
 * seconds (truncated to whole ns); when dequeue returns nothing the link
 * sleeps until the next arrival, watchdog or kick. With
 * --service geometric:mu=P,slot=T instead of a rate, a packet occupies the
 * link for a geometric number of slots (each slot ends its service with
 * probability P: the discrete-time server of Domanska et al.), drawn from
 * drive's own generator seeded by --seed, never the qdisc's. Every
 * call is written with its answer and consequences, and the random values
 * it drew as R lines before it (a version-2 trace), so the output verifies.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "replay.h"
#include "summary.h"
#include "tcopt.h"
#include "trace.h"
#include "outfile.h"
#include "util.h"
#include "write.h"

#define NEVER UINT64_MAX
/*
 * Packets wait with no watchdog armed: the link keeps stepping to the
 * qdisc's timers while one of them kicked the device this recently (a
 * gate schedule's cycle is far shorter); a qdisc that holds packets and
 * never kicks (plug) ends the run at the last arrival, as before.
 */
#define QDK_DRIVE_KICK_WAIT	(10ULL * 1000000000ULL)

struct driver {
	struct trace in;
	struct replay rp;	/* in's packets, draws and tree into the shim */
	/* what the output declared so far: flows by index, sockets by id */
	bool *flow_out;
	uint32_t nflow_out;
	struct trace_sk *sk_out;	/* id 0: not declared */
	uint32_t nsk_out;
	struct qdk_qdisc *q;
	struct outfile out;
	struct trace_w *w;	/* out's writer: the trace's text */
	struct summary sum;
	struct outfile sumout;	/* the summary's JSON, committed with out */
	bool summary;
	bool rand_used;		/* the input's "random" draws fed this init */
	bool tree;		/* the input's classes and children are built */
	bool params;		/* the input's param lines were set */
	uint64_t rate;		/* bytes per second; 0: geometric service */
	double mu;		/* geometric service: P(the service ends in a slot) */
	uint64_t slot;		/* its slot, ns */
	uint64_t svc_rng;	/* its generator */
	uint64_t now;
	uint64_t interval;	/* snapshots and samples, ns */
	bool stall_said;	/* the note that time jumped was printed */
	uint64_t last_kick;	/* when a timer of the qdisc's last kicked the device */
	uint64_t next_snap;
	struct trace_event arr;
	bool have_arr;
	bool busy;
	uint64_t busy_until;
	uint64_t calls, lines;
};

/* *a (of *n elements of size sz) grown to hold index i, the new ones zero. */
static void grow_zeroed(void **a, uint32_t *n, uint32_t i, size_t sz)
{
	uint32_t m = *n ? *n : 64;

	if (i < *n)
		return;
	while (m <= i)
		m *= 2;
	*a = xrealloc(*a, (size_t)m * sz);
	memset((char *)*a + (size_t)*n * sz, 0, (size_t)(m - *n) * sz);
	*n = m;
}

/* The next enqueue of the input; everything else in it is ignored. */
static void next_arrival(struct driver *d)
{
	while ((d->have_arr = trace_next(&d->in, &d->arr)))
		if (d->arr.op == 'e')
			return;
}

static void write_ts_op(struct driver *d, char op)
{
	trace_w_ts_op(d->w, d->now, op);
	d->lines++;
}

/* The call's drops and marks as x/m lines; the summary learns them too. */
static void write_effects(struct driver *d)
{
	const struct qdk_effect *e;
	size_t n = qdk_effects(&e), i;

	for (i = 0; i < n; i++) {
		trace_w_id_line(d->w, d->now, e[i].kind == QDK_EFFECT_DROP ? 'x' : 'm', e[i].id);
		d->lines++;
		if (d->summary) {
			if (e[i].kind == QDK_EFFECT_DROP)
				sum_drop(&d->sum, e[i].id, e[i].reason);
			else
				sum_mark(&d->sum, e[i].id);
		}
	}
}

/* The next call's draws are logged ... */
static void call_begin(void)
{
	qdk_random_log(true);
}

/* ... and written as its R lines, one per run of a getter, before its line. */
static void write_draws(struct driver *d)
{
	const struct qdk_draw *dr;
	size_t n, i, j;

	if (qdk_random_logged(&dr, &n))
		die(1, "at %llu ns the qdisc made more random draws in one call than the shim "
		    "logs", (unsigned long long)d->now);
	qdk_random_log(false);
	for (i = 0; i < n; i = j) {
		trace_w_rand(d->w, &d->now, dr[i].width);
		d->lines++;
		for (j = i; j < n && dr[j].width == dr[i].width && j - i < 32; j++)
			trace_w_draw(d->w, dr[j].width, dr[j].val, dr[j].bytes, dr[j].len);
		trace_w_char(d->w, '\n');
	}
}

static void write_stats(struct driver *d, const struct qdk_stats *st)
{
	trace_w_printf(d->w, " qlen=%u backlog=%u drops=%u overlimits=%u requeues=%u "
		   "packets=%llu bytes=%llu\n", st->qlen, st->backlog, st->drops, st->overlimits,
		   st->requeues, (unsigned long long)st->packets, (unsigned long long)st->bytes);
}

/* a snapshot of the root, then of each class and child qdisc of the tree */
static void after_call(struct driver *d)
{
	const struct trace_hdr *h = &d->in.hdr;
	struct qdk_stats st;
	size_t i;

	d->calls++;
	if (d->now < d->next_snap)
		return;
	qdk_qdisc_stats(d->q, &st);
	write_ts_op(d, 's');
	write_stats(d, &st);
	for (i = 0; d->tree && i < h->ntree; i++) {
		const struct trace_node *nd = &h->tree[i];

		if (nd->what == 'f' || nd->what == 'k' ||
		    qdk_tree_stats(d->q, nd->what == 'c', nd->handle, &st))
			continue;
		write_ts_op(d, 's');
		trace_w_str(d->w, nd->what == 'c' ? " cl=" : " q=");
		trace_w_handle(d->w, nd->handle);
		write_stats(d, &st);
	}
	d->next_snap = (d->now / d->interval + 1) * d->interval;
}

static void try_dequeue(struct driver *d)
{
	struct qdk_skb *skb;

	call_begin();
	skb = qdk_dequeue(d->q);
	write_draws(d);
	d->lines++;
	if (skb) {
		uint64_t id = qdk_skb_id(skb);
		uint64_t bits = (uint64_t)qdk_skb_pkt_len(skb) * 8;

		/*
		 * A packet the qdisc made itself (netem's duplicates, GSO
		 * segments) carries no trace id, and FORMAT.md v1 has no way
		 * to name it: stop rather than write a trace nobody can read.
		 */
		if (id == 0)
			die(1, "at %llu ns the qdisc dequeued a packet it created itself (a clone "
			    "or segment, no trace id): trace format v1 cannot express it",
			    (unsigned long long)d->now);

		trace_w_id_line(d->w, d->now, 'd', id);
		write_effects(d);
		if (d->summary)
			sum_dequeue(&d->sum, id, d->now);
		/* ns = bits / (bytes/s * 8) * 1e9, in integers without overflow */
		if (d->rate)
			d->busy_until = d->now + (uint64_t)((unsigned __int128)bits * 1000000000u /
							    ((unsigned __int128)d->rate * 8));
		else
			d->busy_until = d->now + rng_geom(&d->svc_rng, d->mu) * d->slot;
		d->busy = true;
		qdk_skb_free(skb);
	} else {
		trace_w_id_line(d->w, d->now, 'd', 0);
		write_effects(d);
	}
	after_call(d);
}

static void enqueue_arrival(struct driver *d)
{
	struct trace_event *ev = &d->arr;
	const struct trace_flow *f = trace_flow(&d->in, ev);
	struct qdk_skb *skb = replay_flow_skb(&d->rp, f, ev);
	int ret;

	if (f->index >= d->nflow_out || !d->flow_out[f->index]) {
		grow_zeroed((void **)&d->flow_out, &d->nflow_out, f->index, sizeof(*d->flow_out));
		trace_w_printf(d->w, "flow %u %s\n", ev->fid, f->decl);
		d->flow_out[f->index] = true;
	}
	if (ev->ov & OV_SK) {
		/* the socket as the input states it now, before its packet */
		const struct trace_sk *s = trace_sock(&d->in, ev);
		struct trace_sk *o;

		grow_zeroed((void **)&d->sk_out, &d->nsk_out, ev->sk, sizeof(*d->sk_out));
		o = &d->sk_out[ev->sk];
		if (!o->id || !trace_sk_same(s, o)) {
			trace_w_sock(d->w, s, o->id ? o : NULL);
			*o = *s;
		}
	}
	if (d->summary)
		sum_arrival(&d->sum, ev->fid, f->decl, ev->id, d->now, ev->pkt_len);
	call_begin();
	/* a report of the shim's checks names the arrival's line; later calls have none */
	qdk_call_cookie(ev->line);
	ret = qdk_enqueue(d->q, skb);
	qdk_call_cookie(0);
	write_draws(d);
	if (!trace_w_enqueue(d->w, d->now, ev->id, ev->fid, ev->pkt_len, (uint32_t)ret))
		die(1, "%s:%u: enqueue returned 0x%x, which a trace cannot express",
		    d->in.path, ev->line, ret);
	d->lines++;
	if (ev->keys_len) {
		trace_w_char(d->w, ' ');
		trace_w_mem(d->w, ev->keys, ev->keys_len);
	}
	trace_w_char(d->w, '\n');
	write_effects(d);
	after_call(d);
}

/* The input's recorded random draws, which this init consumed: one line per run of a width. */
static void write_random(struct driver *d)
{
	const struct trace_hdr *h = &d->in.hdr;
	size_t i, j;

	for (i = 0; i < h->nrand; i = j) {
		trace_w_rand(d->w, NULL, h->rand[i].width);
		for (j = i; j < h->nrand && h->rand[j].width == h->rand[i].width && j - i < 32; j++) {
			const struct trace_rand *r = &h->rand[j];

			trace_w_draw(d->w, r->width, r->val, r->bytes, r->len);
		}
		trace_w_char(d->w, '\n');
	}
}

/* KIND is the first word of the trace's "KIND OPTS..." (NULL: none) */
static bool same_kind(const char *kind, const char *text)
{
	size_t n = text ? strcspn(text, " \t") : 0;

	return text && strlen(kind) == n && !strncmp(kind, text, n);
}

/*
 * The module parameters the run had: the input's (when set) and then
 * --param's, which verify sets in this order, so the later one wins there too.
 */
static void write_params(struct driver *d)
{
	const struct trace_hdr *h = &d->in.hdr;
	size_t i;

	for (i = 0; d->params && i < h->nparams; i++)
		trace_w_printf(d->w, "param %s %s\n", h->params[i].name, h->params[i].value);
	for (i = 1; i < (size_t)replay_n_param_args; i += 2) {
		const char *arg = replay_param_args[i];
		size_t n = strcspn(arg, "=");

		trace_w_printf(d->w, "param %.*s %s\n", (int)n, arg, arg + n + 1);
	}
}

static void write_header(struct driver *d, const struct qdisc_spec *qs, const char *rate_word,
			 uint64_t seed)
{
	const struct trace_hdr *h = &d->in.hdr;
	size_t i;
	char iv[32];

	/* param lines and trees are version 3 */
	trace_w_magic(d->w, d->tree || (d->params && h->nparams) || replay_n_param_args ? 3 : 2);
	tcopt_fmt_time(iv, sizeof(iv), d->interval);
	trace_w_printf(d->w, "source qdk-replay drive %s %s --interval %s\n",
		       d->rate ? "--rate" : "--service", rate_word, iv);
	write_params(d);
	trace_w_printf(d->w, "qdisc %s\n", qs->text);
	trace_w_str(d->w, "tca ");
	if (!qs->tca)
		trace_w_char(d->w, '-');
	if (qs->tca)
		trace_w_hex(d->w, qs->tca, qs->tca_len);
	trace_w_char(d->w, '\n');
	trace_w_printf(d->w, "dev name=%s mtu=%u txqlen=%u txqs=%u", h->devname,
		   h->dev.mtu ? h->dev.mtu : 1500, h->dev.tx_queue_len ? h->dev.tx_queue_len : 1000,
		   h->dev.num_tx_queues ? h->dev.num_tx_queues : 1);
	if (h->dev.speed == UINT32_MAX)
		trace_w_str(d->w, " speed=unknown");
	else if (h->dev.speed)
		trace_w_printf(d->w, " speed=%u", h->dev.speed);
	trace_w_char(d->w, '\n');
	/* the input's clocks: its qdisc's TAI times and the moment it was made */
	if (h->has_tai)
		trace_w_printf(d->w, "clock tai=%lld\n", (long long)h->tai);
	if (h->has_created)
		trace_w_printf(d->w, "created %llu\n", (unsigned long long)h->created);
	trace_w_str(d->w, "handle ");
	trace_w_handle(d->w, h->handle);
	trace_w_char(d->w, '\n');
	if (h->parent == 0xffffffffu)
		trace_w_str(d->w, "parent root\n");
	else
		trace_w_printf(d->w, "parent %x:%x\n", h->parent >> 16, h->parent & 0xffff);
	trace_w_printf(d->w, "seed %llu\nhz %u\n", (unsigned long long)seed, h->hz);
	if (d->rand_used)
		write_random(d);
	/* the tree as the input states it; its filters are the recorder's, not drive's */
	for (i = 0; d->tree && i < h->ntree; i++)
		if (h->tree[i].what != 'f' && h->tree[i].what != 'k')
			trace_w_printf(d->w, "%s\n", h->tree[i].text);
}

/*
 * "KIND OPTS; KIND OPTS2": tc's change requests after the add, applied at
 * the qdisc's creation time and written as c lines (with their draws), so
 * that verify makes the same calls.
 */
static void write_changes(struct driver *d, const struct qdisc_spec *qs, const char *where)
{
	size_t i;

	for (i = 0; i < qs->nchanges; i++) {
		const struct qdisc_change *c = &qs->changes[i];

		call_begin();
		spec_change(qs, i, d->q, where);
		write_draws(d);
		write_ts_op(d, 'c');
		trace_w_str(d->w, " 0 ");
		if (!c->tca)
			trace_w_char(d->w, '-');
		if (c->tca)
			trace_w_hex(d->w, c->tca, c->tca_len);
		trace_w_printf(d->w, " %s\n", c->text);
		write_effects(d);
	}
}

/* Nothing queued, the link free and no watchdog armed. */
static bool link_idle(const struct driver *d)
{
	struct qdk_stats st;
	uint64_t exp;

	if (d->busy || qdk_qdisc_watchdog(d->q, &exp))
		return false;
	qdk_qdisc_stats(d->q, &st);
	return st.qlen == 0;
}

static void run(struct driver *d)
{
	uint64_t spin = 0, last = 0, nudges = 0;
	bool wd_fired = false;

	for (;;) {
		uint64_t t_arr = d->have_arr ? d->arr.ts : NEVER;
		uint64_t t_done = d->busy ? d->busy_until : NEVER;
		uint64_t t_tmr = qdk_next_timer();
		uint64_t t, exp, kicks;
		bool wd, kicked;

		if (!d->have_arr && !d->busy) {
			struct qdk_stats st;

			/*
			 * Drained, or nothing left that could wake the link: no
			 * watchdog, and no timer of the qdisc's own that kicked
			 * the device within the last QDK_DRIVE_KICK_WAIT (taprio's
			 * gates open from its schedule's timer).
			 */
			qdk_qdisc_stats(d->q, &st);
			if (st.qlen == 0 ||
			    (!qdk_qdisc_watchdog(d->q, &exp) &&
			     (t_tmr == NEVER || t_tmr > d->last_kick + QDK_DRIVE_KICK_WAIT)))
				break;
		}
		t = t_arr < t_done ? t_arr : t_done;
		/*
		 * A timer is a step of the link only while packets wait or the
		 * watchdog is armed. An idle qdisc's own timers (pie's tupdate)
		 * fire inside the clock's move to the next arrival, bounded there
		 * however long the gap (qdk_clock_advance).
		 */
		if (t_tmr < t && !link_idle(d))
			t = t_tmr;
		if (t < d->now)
			t = d->now;
		/*
		 * The watchdog fired at this very time, the dequeue it woke sent
		 * nothing and armed it for this time again (etf sends a packet
		 * only after its launch time less delta, and arms the watchdog
		 * for that instant): in the kernel the hrtimer fires and the
		 * dequeue runs a little later, so the time moves 1 ns, at most
		 * 1000 times in a row (then the spin below is reported).
		 */
		if (t == last && wd_fired && nudges < 1000 &&
		    qdk_qdisc_watchdog(d->q, &exp) && exp <= t) {
			t++;
			nudges++;
		} else if (!wd_fired) {
			nudges = 0;
		}
		if (d->summary) {
			struct qdk_stats st;

			qdk_qdisc_stats(d->q, &st);
			sum_sample_until(&d->sum, t, st.qlen, st.backlog);
		}
		wd = qdk_qdisc_watchdog(d->q, &exp) && exp <= t;
		kicks = qdk_netif_kicks();
		if (qdk_clock_advance(t) && !d->stall_said) {
			d->stall_said = true;
			/* the gap ends at an arrival: the link was idle across it */
			fprintf(stderr, "%s:%u: note: time jumps too far for the qdisc's timers to fire "
				"every period (over 2^20 firings): they fire once at this line's time, as "
				"on a stalled machine\n", d->in.path, d->arr.line);
		}
		/* a timer of the qdisc's own asked for the device (not its watchdog) */
		kicked = !wd && qdk_netif_kicks() != kicks;
		if (kicked)
			d->last_kick = t;
		d->now = t;
		if (t == last && ++spin > 10000000)
			die(1, "the simulation makes no progress at %llu ns (a qdisc that arms its "
			    "watchdog in the past and never dequeues?)", (unsigned long long)t);
		else if (t != last)
			spin = 0;
		last = t;
		wd_fired = wd;
		if (wd) {
			write_ts_op(d, 'w');
			trace_w_char(d->w, '\n');
		}
		if (t_arr == t) {
			enqueue_arrival(d);
			next_arrival(d);
			if (!d->busy)
				try_dequeue(d);
		} else if (t_done == t) {
			d->busy = false;
			try_dequeue(d);
		} else if ((wd || kicked) && !d->busy) {
			try_dequeue(d);
		}
	}
}

static void usage(FILE *f)
{
	fputs("usage: qdk-replay drive [--qdisc \"KIND OPTIONS\"] --rate RATE [--seed N]\n"
	      "                        [--interval TIME] TRACE -o OUT.qtr [--summary OUT.json]\n"
	      "  Replays TRACE's arrivals (its e lines) through the qdisc in front of a link\n"
	      "  of RATE (tc units: 10mbit, 1gbit) and writes the full trace of what the\n"
	      "  qdisc did. --qdisc defaults to TRACE's qdisc line; --interval (default 1ms)\n"
	      "  spaces the statistics snapshots and the summary's time series.\n"
	      "  --service geometric:mu=P,slot=TIME instead of --rate: each packet's service\n"
	      "  lasts a geometric number of slots (P: the chance a slot ends it).\n", f);
}

/* "geometric:mu=P,slot=TIME" (slot defaults to 1us, as gen's). */
static void parse_service(struct drive_args *d, const char *arg)
{
	char *copy = xstrdup(arg), *save = NULL, *kv, *end;

	d->slot = 1000;
	d->mu = 0;
	if (strncmp(copy, "geometric:", 10) != 0)
		die(2, "bad --service \"%s\" (geometric:mu=P[,slot=TIME])", arg);
	for (kv = strtok_r(copy + 10, ",", &save); kv; kv = strtok_r(NULL, ",", &save)) {
		if (strncmp(kv, "mu=", 3) == 0) {
			d->mu = strtod(kv + 3, &end);
			if (*end || !(d->mu > 0) || d->mu > 1)
				die(2, "bad mu in --service \"%s\" (0 < mu <= 1)", arg);
		} else if (strncmp(kv, "slot=", 5) != 0 || tcopt_get_time(kv + 5, &d->slot) ||
			   !d->slot) {
			die(2, "bad \"%s\" in --service \"%s\" (geometric:mu=P[,slot=TIME])", kv, arg);
		}
	}
	if (!d->mu)
		die(2, "--service \"%s\" needs mu=P", arg);
	free(copy);
}

int drive_parse(int argc, char **argv, struct drive_args *a)
{
	static const struct option lo[] = {
		{ "qdisc", required_argument, NULL, 'Q' },
		{ "rate", required_argument, NULL, 'r' },
		{ "service", required_argument, NULL, 'G' },
		{ "seed", required_argument, NULL, 's' },
		{ "interval", required_argument, NULL, 'i' },
		{ "summary", required_argument, NULL, 'S' },
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	memset(a, 0, sizeof(*a));
	a->interval = 1000000;
	optind = 0;	/* getopt from scratch, for each command line */
	while ((c = getopt_long(argc, argv, "o:h", lo, NULL)) != -1) {
		switch (c) {
		case 'Q':
			a->qdisc = optarg;
			break;
		case 'r':
			if (a->mu)
				die(2, "--rate and --service: give one link model");
			a->rate_word = optarg;
			if (tcopt_get_rate(optarg, &a->rate) || a->rate == 0)
				die(2, "bad --rate \"%s\" (tc units: 10mbit, 1gbit, 100kbps)", optarg);
			break;
		case 'G':
			if (a->rate)
				die(2, "--rate and --service: give one link model");
			a->rate_word = optarg;
			parse_service(a, optarg);
			break;
		case 's':
			a->seed = seed_arg(optarg);
			a->have_seed = true;
			break;
		case 'i':
			if (tcopt_get_time(optarg, &a->interval) || a->interval == 0)
				die(2, "bad --interval \"%s\" (tc times: 1ms, 100us)", optarg);
			break;
		case 'S':
			a->sum_path = optarg;
			break;
		case 'o':
			a->out = optarg;
			break;
		case 'h':
			usage(stdout);
			return 1;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind != argc - 1 || !a->out || !a->rate_word) {
		usage(stderr);
		return 2;
	}
	a->in = argv[optind];
	if (a->sum_path && strcmp(a->sum_path, a->out) == 0)
		die(2, "--summary and -o name the same file");
	/* the --qdisc text is written into the output's qdisc line */
	if (a->qdisc)
		check_one_line("--qdisc", a->qdisc);
	return 0;
}

int cmd_drive(int argc, char **argv)
{
	struct drive_args a;
	const char *qdisc, *rate_word, *out, *sum_path, *in;
	struct driver d;
	struct qdisc_spec qs;
	char where[600];
	uint64_t seed;
	bool have_seed;
	int rc = drive_parse(argc, argv, &a);

	if (rc)
		return rc == 1 ? 0 : rc;
	qdisc = a.qdisc;
	rate_word = a.rate_word;
	out = a.out;
	sum_path = a.sum_path;
	seed = a.seed;
	have_seed = a.have_seed;
	memset(&d, 0, sizeof(d));
	d.rate = a.rate;
	d.mu = a.mu;
	d.slot = a.slot;
	d.interval = a.interval;
	in = a.in;
	refuse_same_file(out, in);
	if (sum_path)
		refuse_same_file(sum_path, in);
	trace_open(&d.in, in_path(in));
	replay_init(&d.rp, &d.in);
	qdk_call_trace(d.in.path);
	if (qdisc) {
		spec_parse(qdisc, NULL, &d.in.hdr, &qs);
		snprintf(where, sizeof(where), "--qdisc \"%s\"", qdisc);
	} else if (d.in.hdr.qdisc) {
		/* the input's tca bytes when it has them, as verify takes them */
		snprintf(where, sizeof(where), "%s:%u", in, d.in.hdr.qdisc_line);
		spec_from_trace(&d.in.hdr, where, &qs);
	} else {
		die(2, "%s has no qdisc line: say which qdisc with --qdisc", in);
	}
	if (!have_seed)
		seed = d.in.hdr.seed;
	/*
	 * The input's module parameters, as verify sets them, unless --qdisc
	 * names another kind (they were its module's); --param wins.
	 */
	d.params = !qdisc || same_kind(qs.kind, d.in.hdr.qdisc);
	if (d.params)
		replay_params_set(&d.in);
	replay_params_again();
	qdk_init(seed);
	qdk_seed(seed);
	d.svc_rng = seed ^ 0x5eed5e41ce000000ull;
	/* the recorded draws belong to the input's qdisc, not to --qdisc's */
	d.rand_used = !qdisc && d.in.hdr.nrand;
	if (d.rand_used)
		replay_random_queue(&d.in, false);
	qdk_set_hz(d.in.hdr.hz);
	qdk_set_tai(d.in.hdr.has_tai, d.in.hdr.tai);
	spec_check_kind(&qs, where);
	next_arrival(&d);
	if (d.have_arr) {
		d.now = replay_created_at(&d.in.hdr, d.arr.ts);
		qdk_clock_advance(d.now);
	}
	d.q = spec_create(&qs, &d.in.hdr, where);
	if (d.rand_used)
		replay_random_check(&d.in);
	/* the input's classes and children hang under its own qdisc, not --qdisc's */
	d.tree = !qdisc && d.in.hdr.ntree;
	if (d.tree)
		replay_tree_build(&d.in, d.q, false);
	d.next_snap = d.now;
	d.summary = sum_path != NULL;
	if (d.summary)
		sum_init(&d.sum, d.now, d.interval);
	out_open(&d.out, out);
	if (d.summary)
		out_open(&d.sumout, sum_path);
	d.w = &d.out.w;
	write_header(&d, &qs, rate_word, seed);
	write_changes(&d, &qs, where);
	run(&d);
	if (d.summary) {
		struct qdk_stats st;

		qdk_qdisc_stats(d.q, &st);
		sum_sample_until(&d.sum, d.now + 1, st.qlen, st.backlog);
		sum_final(&d.sum, d.q, d.in.hdr.handle);
	}
	/* A qdisc that warned would have left a WARNING in the kernel's log:
	 * fail before anything is written. */
	qdk_qdisc_destroy(d.q);
	if (qdk_warnings())
		die(1, "the qdisc hit %lu kernel WARNING(s), printed above", qdk_warnings());
	if (d.summary) {
		struct outfile *both[] = { &d.out, &d.sumout };

		sum_write(&d.sum, &d.sumout, qs.text, d.rate, seed, in);
		sum_free(&d.sum);
		out_commit_all(both, 2);
	} else {
		out_commit(&d.out);
	}
	if (qdk_exit())
		die(1, "memory leaked after the qdisc was destroyed");
	spec_free(&qs);
	free(d.flow_out);
	free(d.sk_out);
	replay_free(&d.rp);
	trace_close(&d.in);
	return 0;
}
