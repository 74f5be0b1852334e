// SPDX-License-Identifier: GPL-2.0
/*
 * verify.c - `qdk-replay verify TRACE...`: replay every call of a trace at
 * its timestamp and check every answer (verdicts, dequeued ids, drops and
 * marks per call, statistics snapshots of the root and of a tree's classes
 * and children, watchdog fires) and, in a version-2 trace, that each call
 * drew exactly the random values of its R lines (version 3: and asked its
 * filters for exactly the classifications of its C lines and made exactly
 * the packets of its n lines). The first
 * difference stops the replay with the line, the expected and actual
 * answers and the qdisc's state (exit 1); a malformed trace exits 2.
 *
 * Each trace is replayed in a process of its own: the virtual clock only
 * moves forward and module_init() runs once, so traces must not share one.
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"
#include "replay.h"
#include "trace.h"
#include "outfile.h"
#include "util.h"

#define NONE UINT64_MAX
/* the Ethernet header a driver pulls before the ingress hook (i lines) */
#define ETH_HLEN_BYTES 14

struct verifier {
	struct trace t;
	struct replay rp;	/* t's packets, draws and tree into the shim */
	struct qdk_qdisc *q;
	const struct qdisc_spec *qs;	/* how it was configured, for the report */
	uint64_t now;
	/* The call whose consequences (x, m lines) are being collected. */
	bool pending;
	uint32_t call_line, call_len;
	const char *call_text;
	struct qdk_effect *exp;
	size_t nexp, capexp;
	/* When the watchdog last fired on the way to an event (NONE: not). */
	uint64_t wd_fired;
	uint64_t events, enqueues, dequeues, hooked;
	bool exact;		/* version 2: each call draws its R lines, no more */
	bool classify;		/* a filter: each call classifies by its C lines, no more */
	uint64_t results;	/* C results handed out */
	bool made_exact;	/* version 3: each packet a call makes is an n line */
	uint64_t made;		/* n lines */
	uint64_t devcalls;	/* u lines */
	uint64_t draws;		/* R values handed out */
	bool quiet;
	/* how the replay was seeded, for the re-run that explains a snapshot */
	bool have_seed;
	uint64_t seed;
	/*
	 * The re-run (--parted-at): replay up to snapshot line parted_line
	 * knowing its expected counters part_exp (keys part_mask), following
	 * on which side of them each replayed counter is, since which call.
	 */
	uint32_t parted_line, part_mask;
	uint64_t part_exp[ST_NKEYS];
	int part_side[ST_NKEYS];
	uint32_t part_since[ST_NKEYS], part_since_len[ST_NKEYS];
	char *part_since_text[ST_NKEYS];	/* copies: the reader's buffer moves on */
	char part_since_op[ST_NKEYS];
	uint64_t max_id;	/* the largest packet id enqueued so far */
};

/* What a call line is, in words. */
static const char *call_name(char op)
{
	switch (op) {
	case 'e': return "enqueue";
	case 'i': return "ingress hook";
	case 'o': return "egress hook";
	case 'd': return "dequeue";
	case 'p': return "peek";
	case 'r': return "reset";
	case 'c': return "change";
	case 't': return "timer";
	case 'u': return "device call";
	default: return "call";
	}
}

/*
 * Line n of the trace, read again from its file for a report; a trace read
 * from a pipe ("-") cannot be read again, and says so instead.
 */
static char *line_text(const struct trace *t, uint32_t n)
{
	struct stat st;

	if (t->fd >= 0 && (fstat(t->fd, &st) || !S_ISREG(st.st_mode)))
		return xstrdup("(not kept: the trace came through a pipe)");
	return trace_line_text(t, n);
}

/*
 * "FILE:LINE: divergence at RECORD: WHAT": RECORD says in words which kind
 * of trace record the replay parted from (an enqueue verdict, a statistics
 * snapshot, the drops and marks during a call, ...).
 */
static void diverge_at(struct verifier *v, uint32_t line, const char *text, uint32_t len,
		       const char *record, const char *what)
{
	/* a binary trace's fixed-size record has no text of its own: its line's */
	if (!text) {
		text = line_text(&v->t, line);
		len = (uint32_t)strlen(text);
	}
	fflush(stdout);
	fprintf(stderr, trace_is_binary(&v->t) ? "%s:record %u: divergence at %s: %s\n  event: %.*s\n" :
		"%s:%u: divergence at %s: %s\n  event: %.*s\n", v->t.path, line, record,
		what, (int)len, text);
}

static void diverge_head(struct verifier *v, const struct trace_event *ev, const char *record,
			 const char *what)
{
	diverge_at(v, ev->line, ev->text, ev->text_len, record, what);
}

static void __attribute__((noreturn)) diverge_tail(struct verifier *v)
{
	/* the report's own qdisc (tc shows it) draws apart from the replay */
	qdk_random_exact(0);
	qdisc_print_state(stderr, v->q, v->qs, &v->t.hdr);
	exit(1);
}

/*
 * A version-2 call is about to run: only its R lines' draws answer it, and
 * with filters in the tree only its C lines answer its classifications,
 * in version 3 its n lines name the packets it makes.
 */
static inline void draws_begin(struct verifier *v, const struct trace_event *ev)
{
	if (v->exact)
		qdk_random_exact(ev->line);
	if (v->classify)
		qdk_classify_exact(ev->line);
	if (v->made_exact)
		qdk_made_exact(ev->line);
}

/* A call's queue (R, C or n lines) not used up as recorded: diverge at line tag. */
static void queue_check(struct verifier *v, size_t left, uint32_t tag, const char *msg,
			const char *record)
{
	char *text;

	if (__builtin_expect(left == 0, 1))
		return;
	text = line_text(&v->t, tag);
	diverge_at(v, tag, text, (uint32_t)strlen(text), record, msg);
	diverge_tail(v);
}

/* ... it asked for exactly its C lines' results, else a divergence there */
static void classify_end(struct verifier *v)
{
	uint32_t tag = 0;
	char msg[300];
	size_t left = qdk_classify_status(&tag, msg, sizeof(msg));

	queue_check(v, left, tag, msg, "the classifications of a call (its C lines)");
	qdk_classify_exact(0);
}

/*
 * ... and has returned: it drew each of them, with the getter and width
 * the kernel used, and nothing else; else a divergence at the R line (or
 * at the call, for a draw beyond them).
 */
static void draws_end(struct verifier *v)
{
	uint32_t tag = 0;
	char msg[200];
	size_t left;

	if (v->classify)
		classify_end(v);
	if (v->made_exact) {
		left = qdk_made_status(&tag, msg, sizeof(msg));
		queue_check(v, left, tag, msg, "the packets a call made (its n lines)");
		qdk_made_exact(0);
	}
	if (!v->exact)
		return;
	left = qdk_random_status(&tag, msg, sizeof(msg));
	queue_check(v, left, tag, msg, "the random draws of a call (its R lines)");
	qdk_random_exact(0);
}

static void print_id(FILE *f, uint64_t id)
{
	if (id)
		fprintf(f, "%llu", (unsigned long long)id);
	else
		fputs("none", f);
}

static void print_effects(FILE *f, const struct qdk_effect *e, size_t n)
{
	size_t i;

	if (!n)
		fputs(" (none)", f);
	for (i = 0; i < n; i++)
		fprintf(f, " %c %llu", e[i].kind == QDK_EFFECT_DROP ? 'x' : 'm',
			(unsigned long long)e[i].id);
	fputc('\n', f);
}

/* Compare the x/m lines collected for the pending call with what happened. */
static void check_effects(struct verifier *v)
{
	const struct qdk_effect *act;
	size_t n = qdk_effects(&act), nexp = v->nexp, i, j;
	bool ok = n == nexp;

	v->pending = false;
	if (n == 0 && v->nexp == 0)
		return;
	/* Sets: every expected effect occurs, and (same count) nothing else. */
	for (i = 0; ok && i < v->nexp; i++) {
		for (j = 0; j < n; j++)
			if (act[j].kind == v->exp[i].kind && act[j].id == v->exp[i].id)
				break;
		ok = j < n;
	}
	for (i = 0; ok && i < n; i++) {
		for (j = 0; j < v->nexp; j++)
			if (act[i].kind == v->exp[j].kind && act[i].id == v->exp[j].id)
				break;
		ok = j < v->nexp;
	}
	v->nexp = 0;
	if (ok)
		return;
	diverge_at(v, v->call_line, v->call_text, v->call_len,
		   "the drops and marks during the call (its x/m lines)",
		   "drops/marks during the call differ");
	fputs("  expected:", stderr);
	print_effects(stderr, v->exp, nexp);
	fputs("  actual:  ", stderr);
	print_effects(stderr, act, n);
	diverge_tail(v);
}

static void expect_effect(struct verifier *v, const struct trace_event *ev)
{
	if (!v->pending)
		trace_fail(&v->t, ev->line, "\"%c\" line does not follow a call", ev->op);
	if (v->nexp == v->capexp) {
		v->capexp = v->capexp ? v->capexp * 2 : 16;
		v->exp = xrealloc(v->exp, v->capexp * sizeof(*v->exp));
	}
	v->exp[v->nexp].kind = ev->op == 'x' ? QDK_EFFECT_DROP : QDK_EFFECT_MARK;
	v->exp[v->nexp].id = ev->id;
	v->nexp++;
}

/*
 * Ids are unique within a trace. Producers hand them out increasing, so
 * only an id at or below the largest one so far can be a reuse: then ask
 * the shim whether a packet with it is still live, and refuse the line here
 * instead of diverging lines later.
 */
static void new_id(struct verifier *v, const struct trace_event *ev)
{
	uint64_t at;

	if (__builtin_expect(ev->id > v->max_id, 1)) {
		v->max_id = ev->id;
		return;
	}
	if (qdk_skb_id_live(ev->id, &at))
		trace_fail(&v->t, ev->line, "packet id %llu is still in the qdisc (enqueued "
			   "at line %llu): packet ids are unique within a trace",
			   (unsigned long long)ev->id, (unsigned long long)at);
}

static void do_enqueue(struct verifier *v, const struct trace_event *ev)
{
	struct qdk_skb *skb;
	char a[32], b[32];
	int ret;

	if (ev->verdict == VERDICT_UNKNOWN)
		trace_fail(&v->t, ev->line, "this is an arrival-only trace (verdict \"?\"): "
			   "nothing to verify; replay it with `qdk-replay drive`");
	new_id(v, ev);
	skb = replay_skb(&v->rp, ev);
	draws_begin(v, ev);
	ret = qdk_enqueue(v->q, skb);
	draws_end(v);
	v->enqueues++;
	if (__builtin_expect(ret != ev->verdict, 0)) {
		const char *va = verdict_text(ret, a, sizeof(a));

		diverge_head(v, ev, "an enqueue's verdict (e line)", "enqueue verdict differs");
		fprintf(stderr, "  expected: %s\n  actual:   %s (0x%x)\n",
			verdict_text(ev->verdict, b, sizeof(b)), va ? va : "?", ret);
		diverge_tail(v);
	}
}

/*
 * A packet through the device's ingress (i) or egress (o) tc hook. Its
 * length is skb->len there: at ingress behind the Ethernet header, which
 * the shim builds and pulls; its drops are x lines after it.
 */
static void do_hook(struct verifier *v, const struct trace_event *ev)
{
	struct trace_event at = *ev;

	new_id(v, ev);
	if (ev->op == 'i' && !(ev->ov & OV_LEN))
		at.pkt_len += ETH_HLEN_BYTES;
	draws_begin(v, ev);
	qdk_hook(v->q, replay_skb(&v->rp, &at), ev->op == 'i');
	draws_end(v);
	v->hooked++;
}

static void do_dequeue(struct verifier *v, const struct trace_event *ev, bool peek)
{
	struct qdk_skb *skb;
	uint64_t got;

	draws_begin(v, ev);
	skb = peek ? qdk_peek(v->q) : qdk_dequeue(v->q);
	draws_end(v);
	got = skb ? qdk_skb_id(skb) : 0;

	v->dequeues += !peek;
	if (__builtin_expect(got != ev->id, 0)) {
		if (peek)
			diverge_head(v, ev, "the packet a peek returned (p line)",
				     "peeked packet differs");
		else
			diverge_head(v, ev, "the packet a dequeue returned (d line)",
				     "dequeued packet differs");
		fputs("  expected: ", stderr);
		print_id(stderr, ev->id);
		fputs("\n  actual:   ", stderr);
		print_id(stderr, got);
		fputc('\n', stderr);
		if (skb && !peek)
			qdk_skb_free(skb);
		diverge_tail(v);
	}
	if (skb && !peek)
		qdk_skb_free(skb);
}

/* Counters indexed by ST_*. */
static void counters_of(const struct qdk_stats *st, uint64_t *act)
{
	act[ST_QLEN] = st->qlen;
	act[ST_BACKLOG] = st->backlog;
	act[ST_DROPS] = st->drops;
	act[ST_OVERLIMITS] = st->overlimits;
	act[ST_REQUEUES] = st->requeues;
	act[ST_PACKETS] = st->packets;
	act[ST_BYTES] = st->bytes;
}

/* The replayed qdisc's counters, indexed by ST_*. */
static void read_counters(struct verifier *v, uint64_t *act)
{
	struct qdk_stats st;

	qdk_qdisc_stats(v->q, &st);
	counters_of(&st, act);
}

/*
 * The re-run, after a call (or at the snapshot, for timers that fired just
 * before it): note the call at which each watched counter moved to the
 * side of its expected value it is on now.
 */
static void parted_track(struct verifier *v, const struct trace_event *ev)
{
	uint64_t act[ST_NKEYS];
	int i, side;

	read_counters(v, act);
	for (i = 0; i < ST_NKEYS; i++) {
		if (!(v->part_mask & (1u << i)))
			continue;
		side = (act[i] > v->part_exp[i]) - (act[i] < v->part_exp[i]);
		if (side == v->part_side[i])
			continue;
		v->part_side[i] = side;
		v->part_since[i] = ev ? ev->line : 0;
		free(v->part_since_text[i]);
		v->part_since_text[i] = NULL;
		v->part_since_len[i] = 0;
		if (ev) {
			char buf[128];
			const char *text = trace_event_text(ev, buf, &v->part_since_len[i]);

			v->part_since_text[i] = xstrndup(text, v->part_since_len[i]);
		}
		v->part_since_op[i] = ev ? ev->op : 0;
	}
}

/* The re-run reached the snapshot: say where each differing counter parted. */
static void __attribute__((noreturn)) parted_report(struct verifier *v)
{
	int i;

	for (i = 0; i < ST_NKEYS; i++) {
		const char *cmp = v->part_side[i] > 0 ? "above" : "below";

		if (!(v->part_mask & (1u << i)) || !v->part_side[i])
			continue;
		if (!v->part_since[i]) {
			fprintf(stderr, "  %s: the replayed counter was %s the expected %llu before "
				"the first call\n", trace_stat_names[i], cmp,
				(unsigned long long)v->part_exp[i]);
		} else if (v->part_since[i] == v->parted_line) {
			fprintf(stderr, "  %s: went %s the expected %llu in timers that fired just "
				"before the snapshot\n", trace_stat_names[i], cmp,
				(unsigned long long)v->part_exp[i]);
		} else {
			fprintf(stderr, "  %s: counters first parted after line %u (%s: %.*s): from "
				"that call on the replayed value stayed %s the expected %llu\n",
				trace_stat_names[i], v->part_since[i], call_name(v->part_since_op[i]),
				(int)v->part_since_len[i], v->part_since_text[i], cmp,
				(unsigned long long)v->part_exp[i]);
		}
	}
	fflush(stderr);
	exit(0);
}

/*
 * Replay the trace again in a new process (the clock and module_init() run
 * once per process) up to snapshot ev, knowing the counters it expects:
 * its report says after which call each differing counter parted.
 */
static void explain_snapshot(struct verifier *v, const struct trace_event *ev,
			     const uint64_t *act)
{
	char spec[512], seed[32];
	char *argv[8 + replay_n_param_args];
	size_t off;
	int i, n = 0, status;
	pid_t pid;

	off = (size_t)snprintf(spec, sizeof(spec), "%u:", ev->line);
	for (i = 0; i < ST_NKEYS && off < sizeof(spec); i++)
		if ((ev->stat_mask & (1u << i)) && ev->stat[i] != act[i])
			off += (size_t)snprintf(spec + off, sizeof(spec) - off, "%s=%llu,",
						trace_stat_names[i],
						(unsigned long long)ev->stat[i]);
	argv[n++] = "qdk-replay";
	for (i = 0; i < replay_n_param_args; i++)
		argv[n++] = replay_param_args[i];
	argv[n++] = "verify";
	if (v->have_seed) {
		snprintf(seed, sizeof(seed), "%llu", (unsigned long long)v->seed);
		argv[n++] = "--seed";
		argv[n++] = seed;
	}
	argv[n++] = "--parted-at";
	argv[n++] = spec;
	argv[n++] = (char *)v->t.path;
	argv[n] = NULL;
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid == 0) {
		execv("/proc/self/exe", argv);
		_exit(127);
	}
	if (pid > 0)
		waitpid(pid, &status, 0);
}

/* The counters of the class or child qdisc a snapshot names (cl=, q=). */
static void read_node_counters(struct verifier *v, const struct trace_event *ev, uint64_t *act)
{
	struct qdk_stats st;

	if (qdk_tree_stats(v->q, ev->stat_of == 'c', ev->stat_id, &st)) {
		diverge_head(v, ev, "a statistics snapshot (s line)", "");
		fprintf(stderr, "  the replayed tree has no %s %x:%x\n",
			ev->stat_of == 'c' ? "class" : "qdisc", ev->stat_id >> 16,
			ev->stat_id & 0xffff);
		diverge_tail(v);
	}
	counters_of(&st, act);
}

static void do_stats(struct verifier *v, const struct trace_event *ev)
{
	uint64_t act[ST_NKEYS];
	int i;
	bool ok = true;

	if (__builtin_expect(v->parted_line != 0, 0) && ev->line == v->parted_line) {
		parted_track(v, ev);
		parted_report(v);
	}
	if (ev->stat_of)
		read_node_counters(v, ev, act);
	else
		read_counters(v, act);
	for (i = 0; i < ST_NKEYS; i++)
		if ((ev->stat_mask & (1u << i)) && ev->stat[i] != act[i])
			ok = false;
	if (ok)
		return;
	diverge_head(v, ev, "a statistics snapshot (s line)", "statistics differ");
	for (i = 0; i < ST_NKEYS; i++)
		if (ev->stat_mask & (1u << i))
			fprintf(stderr, "  %-10s expected %llu, actual %llu%s\n", trace_stat_names[i],
				(unsigned long long)ev->stat[i], (unsigned long long)act[i],
				ev->stat[i] != act[i] ? "  <--" : "");
	/* the re-run follows the root's counters only */
	if (!v->parted_line && !ev->stat_of)
		explain_snapshot(v, ev, act);
	diverge_tail(v);
}

static void do_change(struct verifier *v, const struct trace_event *ev)
{
	uint8_t *tca = NULL;
	size_t len = 0;
	char msg[512];
	int ret;

	if (ev->hex && trace_hex(ev->hex, ev->hex_len, &tca, &len))
		trace_fail(&v->t, ev->line, "bad options hex \"%.*s\"", (int)ev->hex_len, ev->hex);
	if (tca && len < 4)
		trace_fail(&v->t, ev->line, "options are shorter than an attribute header");
	msg[0] = '\0';
	draws_begin(v, ev);
	ret = qdk_qdisc_change(v->q, tca, len, msg, sizeof(msg));
	draws_end(v);
	free(tca);
	if (ret != ev->ret) {
		diverge_head(v, ev, "a change's result (c line)", "change result differs");
		fprintf(stderr, "  expected: %d\n  actual:   %d%s%s\n", ev->ret, ret,
			msg[0] ? " " : "", msg);
		diverge_tail(v);
	}
}

/* Up to n bytes as a C string literal's body (\\n, \\xNN), cut with "..." to fit. */
static const char *escaped(const uint8_t *b, size_t n, char *out, size_t size)
{
	size_t i, o = 0;

	for (i = 0; i < n && o + 8 < size; i++)
		o += (size_t)(b[i] == '\n' ? snprintf(out + o, size - o, "\\n") :
			      b[i] == '"' || b[i] == '\\' ? snprintf(out + o, size - o, "\\%c", b[i]) :
			      b[i] >= 0x20 && b[i] < 0x7f ? snprintf(out + o, size - o, "%c", b[i]) :
			      snprintf(out + o, size - o, "\\x%02x", b[i]));
	if (i < n)
		snprintf(out + o, size - o, "...");
	return out;
}

/*
 * A u line: user space wrote to or read from the qdisc's device here. The
 * handler gets the recorded bytes (a write) at the recorded position and
 * must answer as the kernel's did; a read must return the same bytes.
 */
static void do_device(struct verifier *v, const struct trace_event *ev)
{
	char name[32], what[512];
	uint8_t *buf;
	long ret;
	int err;

	if (ev->blost)
		trace_fail(&v->t, ev->line, "the recorder lost %zu of the %zu bytes of this device "
			   "%s: the replay cannot hand the handler what it got", ev->blost,
			   ev->nbytes, ev->dev_write ? "write" : "read");
	snprintf(name, sizeof(name), "%.*s", (int)ev->dev_len, ev->dev);
	buf = xmalloc(ev->count + 1);
	if (ev->dev_write)
		memcpy(buf, ev->bytes, ev->nbytes);
	err = qdk_dev_call(name, ev->dev_write, buf, ev->count, (int64_t)ev->pos, &ret);
	if (err)
		trace_fail(&v->t, ev->line, "%s \"%s\" in the replayed modules",
			   err == -ENOENT ? "no device" : ev->dev_write ?
			   "no write handler for the device" : "no read handler for the device", name);
	v->devcalls++;
	if (ret == ev->dev_ret &&
	    (ev->dev_write || ret <= 0 || !memcmp(buf, ev->bytes, (size_t)ret))) {
		free(buf);
		return;
	}
	snprintf(what, sizeof(what), "the device's %s handler answered otherwise",
		 ev->dev_write ? "write" : "read");
	diverge_head(v, ev, "a device call (u line)", what);
	if (ret != ev->dev_ret)
		fprintf(stderr, "  expected: %lld\n  actual:   %ld\n", (long long)ev->dev_ret, ret);
	else
		fprintf(stderr, "  expected: \"%s\"\n  actual:   \"%s\"\n",
			escaped(ev->bytes, (size_t)ret, what, sizeof(what) / 2),
			escaped(buf, (size_t)ret, what + sizeof(what) / 2, sizeof(what) / 2));
	free(buf);
	diverge_tail(v);
}

/*
 * A t line: a timer of the tree fired here in the recorded run, the one it
 * names (qdisc and offset), or the timer_list due first.
 */
static void do_timer(struct verifier *v, const struct trace_event *ev)
{
	char why[160];
	int ret;

	draws_begin(v, ev);
	ret = ev->timer_of ? qdk_fire_timer_of(v->q, ev->timer_of, ev->timer_off) :
			     qdk_fire_timer();
	draws_end(v);
	if (!ret)
		return;
	if (!ev->timer_of)
		snprintf(why, sizeof(why),
			 "the recorded qdisc's timer fired, the replayed one had none pending");
	else if (ret == -ENOENT)
		snprintf(why, sizeof(why), "the replayed tree has no qdisc %x:",
			 ev->timer_of >> 16);
	else if (ret == -ERANGE)
		snprintf(why, sizeof(why),
			 "offset %u is not inside qdisc %x:'s private data, and none of its timers is pending",
			 ev->timer_off, ev->timer_of >> 16);
	else if (ret == -EEXIST)
		snprintf(why, sizeof(why),
			 "no timer of qdisc %x: is pending at offset %u, and several are elsewhere in it",
			 ev->timer_of >> 16, ev->timer_off);
	else
		snprintf(why, sizeof(why),
			 "the recorded timer at offset %u of qdisc %x: fired, the replayed one was not pending",
			 ev->timer_off, ev->timer_of >> 16);
	diverge_head(v, ev, "a timer fire (t line)", why);
	diverge_tail(v);
}

static void do_watchdog(struct verifier *v, const struct trace_event *ev)
{
	if (v->wd_fired != NONE && v->wd_fired <= ev->ts) {
		v->wd_fired = NONE;
		return;
	}
	diverge_head(v, ev, "a watchdog fire (w line)",
		     "the recorded watchdog fired, the replayed one did not");
	diverge_tail(v);
}

/*
 * What is still allocated after the qdisc was destroyed, one line each: a
 * packet with the trace line of the call that last handed it to the qdisc
 * (the replay makes that line the bridge's call cookie).
 */
static void report_leaks(const struct trace *t, long leaked)
{
	struct qdk_leak l[16];
	size_t n = qdk_mem_leaks(0, l, 16), i;
	char text[512];

	fprintf(stderr, "%s: %ld allocation%s leaked after the qdisc was destroyed:\n", t->path,
		leaked, leaked == 1 ? "" : "s");
	for (i = 0; i < n && i < 16; i++) {
		qdk_leak_text(&l[i], text, sizeof(text));
		fprintf(stderr, "  %s", text);
		if (l[i].handed && l[i].cookie) {
			char *lt = line_text(t, (uint32_t)l[i].cookie);

			fprintf(stderr, " at %s:%llu (%s)", t->path, (unsigned long long)l[i].cookie,
				lt);
			free(lt);
		}
		fputc('\n', stderr);
	}
	if (n > 16)
		fprintf(stderr, "  ... and %zu more\n", n - 16);
}

/*
 * Say once that time jumped further than the timers could follow period by
 * period (qdk_clock_advance), at the line that jumped: the decisions after
 * it are the ones a stalled kernel would make.
 */
static void note_stall(const struct verifier *v, uint32_t line, bool stalled)
{
	static bool said;

	if (!stalled || said)
		return;
	said = true;
	fprintf(stderr, "%s:%u: note: time jumps too far for the qdisc's timers to fire every "
		"period (over 2^20 firings): they fire once at this line's time, as on a stalled "
		"machine\n", v->t.path, line);
}

/* Move the clock to ts, noting whether the qdisc's watchdog fires on the way. */
static inline void advance(struct verifier *v, uint64_t ts, uint32_t line)
{
	uint64_t exp;

	/*
	 * Also at the same timestamp: a timer armed in the past during the
	 * previous call fires before the next event, as the kernel's would.
	 */
	if (qdk_next_timer() > ts) {
		/* No timer (so not the watchdog) fires: just move the clock. */
		if (ts > v->now) {
			qdk_clock_advance(ts);
			v->now = ts;
		}
		return;
	}
	if (qdk_qdisc_watchdog(v->q, &exp) && exp <= ts)
		v->wd_fired = exp;
	note_stall(v, line, qdk_clock_advance(ts));
	if (ts > v->now)
		v->now = ts;
}

/*
 * The --parted-at argument "LINE:KEY=VALUE,...": the snapshot line and the
 * counters it expects that the first replay found different.
 */
static void parse_parted(struct verifier *v, const char *spec)
{
	const char *p = spec;
	char *end;
	int i;

	v->parted_line = (uint32_t)strtoul(p, &end, 10);
	if (end == p || *end != ':' || !v->parted_line)
		die(2, "bad --parted-at \"%s\"", spec);
	p = end + 1;
	while (*p) {
		size_t kl = strcspn(p, "=");

		for (i = 0; i < ST_NKEYS; i++)
			if (strlen(trace_stat_names[i]) == kl && !strncmp(p, trace_stat_names[i], kl))
				break;
		if (i == ST_NKEYS || p[kl] != '=')
			die(2, "bad --parted-at \"%s\"", spec);
		v->part_exp[i] = strtoull(p + kl + 1, &end, 10);
		v->part_mask |= 1u << i;
		if (end == p + kl + 1 || (*end && *end != ','))
			die(2, "bad --parted-at \"%s\"", spec);
		p = *end ? end + 1 : end;
	}
}

static int verify_one(const char *path, bool have_seed, uint64_t seed, bool quiet,
		      const char *parted)
{
	struct verifier v;
	struct qdisc_spec qs;
	struct trace_event ev;
	char where[600];
	uint64_t t0, t1, c0, c1, first_ts = 0, last_ts = 0;
	long leaked;
	unsigned long warnings = qdk_warnings();
	size_t i;
	int rc = 0;

	memset(&v, 0, sizeof(v));
	v.wd_fired = NONE;
	v.have_seed = have_seed;
	v.seed = seed;
	if (parted)
		parse_parted(&v, parted);
	trace_open(&v.t, in_path(path));
	replay_init(&v.rp, &v.t);
	qdk_call_trace(v.t.path);
	if (v.t.have_first && v.t.first.op == 'e' && v.t.first.verdict == VERDICT_UNKNOWN)
		trace_fail(&v.t, v.t.first.line, "this is an arrival-only trace (verdict \"?\"): "
			   "nothing to verify; replay it with `qdk-replay drive`");
	if (!v.t.hdr.qdisc)
		trace_fail(&v.t, v.t.have_first ? v.t.first.line : v.t.line,
			   "missing \"qdisc KIND [OPTIONS]\" line before the first event");
	snprintf(where, sizeof(where), "%s:%u", path, v.t.hdr.qdisc_line);
	spec_from_trace(&v.t.hdr, where, &qs);
	/* the recorded module's parameters, as it was loaded (--param wins) */
	replay_params_set(&v.t);
	replay_params_again();
	qdk_init(have_seed ? seed : v.t.hdr.seed);
	qdk_seed(have_seed ? seed : v.t.hdr.seed);
	replay_random_queue(&v.t, true);
	v.exact = v.t.version >= 2;
	v.made_exact = v.t.version >= 3;
	qdk_set_hz(v.t.hdr.hz);
	qdk_set_tai(v.t.hdr.has_tai, v.t.hdr.tai);
	/* the kernel's jiffies, as they were at each call */
	if (v.t.hdr.jiffies_recorded)
		qdk_jiffies_set(v.t.hdr.jiffies);
	/* the trace says when the qdisc's timers fired: only there */
	qdk_timers_driven(v.t.hdr.timers_recorded);
	spec_check_kind(&qs, where);
	/* The qdisc is created when the kernel made it, or at the first event's time, as drive does. */
	if (v.t.have_first) {
		first_ts = v.t.first.ts;
		v.now = replay_created_at(&v.t.hdr, first_ts);
		qdk_clock_advance(v.now);
	}
	v.q = spec_create(&qs, &v.t.hdr, where);
	v.qs = &qs;
	/* init made exactly the kernel's draws, or the replay starts elsewhere */
	replay_random_check(&v.t);
	/* "KIND OPTS; KIND OPTS2": the configuration's tc qdisc change steps */
	for (i = 0; i < qs.nchanges; i++)
		spec_change(&qs, i, v.q, where);
	/* the classes and children, through the shim's rtnetlink, as tc added them */
	replay_tree_build(&v.t, v.q, true);
	v.classify = v.t.hdr.has_filter;
	v.quiet = quiet;
	if (v.parted_line)
		parted_track(&v, NULL);
	trace_pin(&v.t, &v.call_text);

	t0 = wall_ns();
	c0 = cpu_ns();
	while (trace_next(&v.t, &ev)) {
		v.events++;
		/* enqueues and dequeues, most lines, skip the tests of the others */
		if (ev.op == 'e' || ev.op == 'd')
			goto call;
		if (ev.op == 'x' || ev.op == 'm') {
			expect_effect(&v, &ev);
			continue;
		}
		if (ev.op == 'C') {
			/* held for the call it precedes */
			if (qdk_classify_queue(ev.cls_action, ev.cls_classid, ev.line))
				trace_fail(&v.t, ev.line, "more C lines before one call than the "
					   "shim holds (256)");
			v.results++;
			continue;
		}
		if (ev.op == 'R') {
			if (ev.rlost)
				trace_fail(&v.t, ev.line, "the recorder missed %llu of the qdisc's "
					   "random draws during calls here: the replay cannot give it "
					   "the same values", (unsigned long long)ev.rlost);
			/* held for the call it precedes (timers on the way draw apart) */
			replay_random_queue_event(&v.t, &ev);
			v.draws += ev.nrv;
			continue;
		}
		if (ev.op == 'j') {
			qdk_jiffies_set(ev.jiffies);
			continue;
		}
		if (ev.op == 'n') {
			/* named for the call it precedes, in the order it makes them */
			if (qdk_made_queue(ev.id, ev.from, ev.truesize, ev.line))
				trace_fail(&v.t, ev.line, "more than 256 n lines before one call");
			v.made++;
			continue;
		}
		/*
		 * Events are missing from here on, maybe the pending call's own
		 * x/m lines: nothing after this line can be trusted.
		 */
		if (ev.op == 'l')
			trace_fail(&v.t, ev.line, "the recorder lost %llu events here: a trace with "
				   "gaps cannot be verified (drive can still use its arrivals)",
				   (unsigned long long)ev.lost);
call:
		if (v.pending) {
			const struct qdk_effect *e;

			/* The common case, nothing expected and nothing happened, inline. */
			if (v.nexp || qdk_effects(&e))
				check_effects(&v);
			v.pending = false;
		}
		/* before the clock moves: the timers due by this line report it */
		qdk_call_cookie(ev.line);
		advance(&v, ev.ts, ev.line);
		switch (ev.op) {
		case 'e':
			do_enqueue(&v, &ev);
			break;
		case 'i':
		case 'o':
			do_hook(&v, &ev);
			break;
		case 'd':
			do_dequeue(&v, &ev, false);
			break;
		case 'p':
			do_dequeue(&v, &ev, true);
			break;
		case 'r':
			draws_begin(&v, &ev);
			qdk_qdisc_reset(v.q);
			draws_end(&v);
			break;
		case 'c':
			do_change(&v, &ev);
			break;
		case 't':
			do_timer(&v, &ev);
			break;
		case 'u':
			do_device(&v, &ev);
			break;
		case 's':
			do_stats(&v, &ev);
			continue;
		case 'w':
			do_watchdog(&v, &ev);
			continue;
		}
		if (__builtin_expect(v.parted_line != 0, 0))
			parted_track(&v, &ev);
		/* A call: its x/m lines follow. */
		v.pending = true;
		v.call_line = ev.line;
		v.call_text = ev.text;
		v.call_len = ev.text_len;
		last_ts = ev.ts;
	}
	if (v.pending)
		check_effects(&v);
	c1 = cpu_ns();
	t1 = wall_ns();

	qdk_qdisc_destroy(v.q);
	warnings = qdk_warnings() - warnings;
	leaked = qdk_exit();
	if (warnings) {
		fprintf(stderr, "%s: the qdisc hit %lu kernel WARNING%s (printed above): the kernel "
			"would have logged %s\n", path, warnings, warnings == 1 ? "" : "s",
			warnings == 1 ? "it" : "them");
		rc = 1;
	} else if (leaked) {
		report_leaks(&v.t, leaked);
		rc = 1;
	} else if (!quiet) {
		double wall = (double)(t1 - t0) / 1e9, cpu = (double)(c1 - c0) / 1e9;

		printf("verify: %s: OK, %llu events (%llu enqueues, %llu dequeues", path,
		       (unsigned long long)v.events, (unsigned long long)v.enqueues,
		       (unsigned long long)v.dequeues);
		if (v.hooked)
			printf(", %llu through a tc hook", (unsigned long long)v.hooked);
		if (v.exact)
			printf(", %llu random draws", (unsigned long long)v.draws);
		if (v.classify)
			printf(", %llu classifications", (unsigned long long)v.results);
		if (v.made)
			printf(", %llu packets made", (unsigned long long)v.made);
		if (v.devcalls)
			printf(", %llu device calls", (unsigned long long)v.devcalls);
		printf("), virtual %.6f s, wall %.3f s, cpu %.3f s, %.2f M events/s\n",
		       (double)(last_ts - first_ts) / 1e9, wall, cpu,
		       cpu > 0 ? (double)v.events / cpu / 1e6 : 0.0);
	}
	free(v.exp);
	spec_free(&qs);
	replay_free(&v.rp);
	trace_close(&v.t);
	return rc;
}

static void usage(FILE *f)
{
	fputs("usage: qdk-replay verify [--seed N] [-q] TRACE...\n", f);
}

int cmd_verify(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "seed", required_argument, NULL, 's' },
		{ "quiet", no_argument, NULL, 'q' },
		/* internal: the re-run that explains a statistics divergence */
		{ "parted-at", required_argument, NULL, 'P' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	bool have_seed = false, quiet = false;
	const char *parted = NULL;
	uint64_t seed = 0;
	int c, i, worst = 0, nfail = 0;

	while ((c = getopt_long(argc, argv, "qh", lo, NULL)) != -1) {
		switch (c) {
		case 's':
			seed = seed_arg(optarg);
			have_seed = true;
			break;
		case 'q':
			quiet = true;
			break;
		case 'P':
			parted = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind >= argc) {
		usage(stderr);
		return 2;
	}
	if (argc - optind == 1)
		return verify_one(argv[optind], have_seed, seed, quiet, parted);
	for (i = optind; i < argc; i++) {
		int status, rc;
		pid_t pid;

		fflush(stdout);
		pid = fork();
		if (pid < 0)
			die(3, "fork failed");
		if (pid == 0)
			exit(verify_one(argv[i], have_seed, seed, quiet, NULL));
		if (waitpid(pid, &status, 0) < 0)
			die(3, "waitpid failed");
		if (WIFEXITED(status)) {
			rc = WEXITSTATUS(status);
		} else {
			fprintf(stderr, "%s: replay crashed (signal %d)\n", argv[i], WTERMSIG(status));
			rc = 1;
		}
		if (rc > worst)
			worst = rc;
		nfail += rc != 0;
	}
	if (!quiet || nfail)
		printf("verify: %d traces, %d failed\n", argc - optind, nfail);
	return worst;
}
