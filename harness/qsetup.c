// SPDX-License-Identifier: GPL-2.0
/*
 * qsetup.c - turning "KIND OPTS" or a trace header into a live qdisc (the
 * options go to the stock tc, tcns.c), and showing the qdisc as tc shows
 * it when a replay diverges or `qdk-replay show` asks.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "replay.h"
#include "tcns.h"
#include "trace.h"
#include "outfile.h"
#include "util.h"

static void fail_at(const char *where, int status, const char *fmt, const char *a,
		    const char *b)
{
	fflush(stdout);
	if (where)
		fprintf(stderr, "%s: ", where);
	else
		fputs("qdk-replay: ", stderr);
	fprintf(stderr, fmt, a, b);
	fputc('\n', stderr);
	exit(status);
}

/* "where: " in front of tc's own message, its usage lines as tc printed them. */
static void __attribute__((noreturn)) fail_tc(const char *where, const char *cmd,
					      const struct tcns_run *run)
{
	const char *text = run->err[0] ? run->err : run->out;

	fflush(stdout);
	fprintf(stderr, "%s: ", where ? where : "qdk-replay");
	if (cmd)
		fprintf(stderr, "\"%s\": ", cmd);
	if (text[0])
		fputs(text, stderr);
	else
		fprintf(stderr, "tc failed (exit status %d) without a message\n", run->status);
	if (text[0] && text[strlen(text) - 1] != '\n')
		fputc('\n', stderr);
	exit(2);
}

/* The words of one tc command, split on blanks; returns how many. */
static size_t split_words(char *cmd, const char **w, size_t max)
{
	char *save = NULL, *t;
	size_t n = 0;

	for (t = strtok_r(cmd, " \t", &save); t; t = strtok_r(NULL, " \t", &save)) {
		if (n == max)
			return max + 1;
		w[n++] = t;
	}
	return n;
}

#define MAX_WORDS 120
#define TC_FIXED 7	/* qdisc add dev DEV root handle H: */

void spec_parse(const char *text, const char *where, const struct trace_hdr *h,
		struct qdisc_spec *qs)
{
	char *copy = xstrdup(text), *save = NULL, *cmd;
	const char *devname = h && h->devname[0] ? h->devname : "qdk0";
	struct qdk_dev_cfg dev = { 0 };
	char hbuf[16];
	struct tcns *ns = NULL;
	size_t ncmd = 0;

	memset(qs, 0, sizeof(*qs));
	qs->text = xstrdup(text);
	if (h)
		dev = replay_dev(h);
	snprintf(hbuf, sizeof(hbuf), "%x:", (h ? h->handle : 0x80010000u) >> 16);
	/* "KIND OPTS; KIND OPTS2; ...": tc qdisc add, then tc qdisc change */
	for (cmd = strtok_r(copy, ";", &save); cmd; cmd = strtok_r(NULL, ";", &save), ncmd++) {
		const char *args[TC_FIXED + MAX_WORDS + 1] = {
			"qdisc", ncmd ? "change" : "add", "dev", devname, "root", "handle", hbuf,
		};
		char *words = xstrdup(cmd);
		size_t n = split_words(words, args + TC_FIXED, MAX_WORDS), i;
		struct tcns_run run;
		bool help = false;

		if (n == 0)
			fail_at(where, 2, "%s", ncmd ? "an empty tc command after \";\""
					  : "no qdisc kind given", NULL);
		if (n > MAX_WORDS)
			fail_at(where, 2, "more than %s words in \"%s\"", "120", cmd);
		args[TC_FIXED + n] = NULL;
		if (!ncmd)
			snprintf(qs->kind, sizeof(qs->kind), "%s", args[TC_FIXED]);
		for (i = 1; i < n; i++)
			help |= !strcmp(args[TC_FIXED + i], "help");
		if (!ns) {
			qdk_init(1);
			ns = tcns_open(devname, &dev);
		}
		tcns_tc(ns, args, &run);
		if (help) {
			/* tc prints the kind's usage and fails: the usage is the answer */
			fputs(run.err, stdout);
			exit(0);
		}
		if (run.status)
			fail_tc(where, strchr(text, ';') ? cmd + strspn(cmd, " \t") : NULL, &run);
		if (run.nreqs != 1)
			fail_at(where, 2, "tc did not send one qdisc request for \"%s\"%s", cmd, "");
		if (!ncmd) {
			qs->tca = run.reqs[0].tca;
			qs->tca_len = run.reqs[0].tca_len;
		} else {
			struct qdisc_change *c;

			qs->changes = xrealloc(qs->changes, ncmd * sizeof(*qs->changes));
			c = &qs->changes[ncmd - 1];
			c->tca = run.reqs[0].tca;
			c->tca_len = run.reqs[0].tca_len;
			c->text = xstrdup(cmd + strspn(cmd, " \t"));
			qs->nchanges = ncmd;
		}
		run.reqs[0].tca = NULL;
		tcns_run_free(&run);
		free(words);
	}
	if (!ncmd)
		fail_at(where, 2, "no qdisc kind given%s%s", "", "");
	tcns_close(ns);
	free(copy);
}

void spec_from_trace(const struct trace_hdr *h, const char *where, struct qdisc_spec *qs)
{
	if (!h->has_tca) {
		spec_parse(h->qdisc, where, h, qs);
		return;
	}
	/* The recorded bytes win; the words are only for people. */
	memset(qs, 0, sizeof(*qs));
	sscanf(h->qdisc, "%63s", qs->kind);
	qs->text = xstrdup(h->qdisc);
	if (h->tca) {
		qs->tca = xmalloc(h->tca_len);
		memcpy(qs->tca, h->tca, h->tca_len);
		qs->tca_len = h->tca_len;
	}
}

void spec_check_kind(const struct qdisc_spec *qs, const char *where)
{
	if (!qdk_kind_known(qs->kind))
		fail_at(where, 2, "unknown qdisc kind \"%s\" (qdk-replay kinds lists them)%s",
			qs->kind, "");
}

void spec_free(struct qdisc_spec *qs)
{
	size_t i;

	for (i = 0; i < qs->nchanges; i++) {
		free(qs->changes[i].tca);
		free(qs->changes[i].text);
	}
	free(qs->changes);
	free(qs->text);
	free(qs->tca);
	memset(qs, 0, sizeof(*qs));
}

struct qdk_qdisc *spec_create(const struct qdisc_spec *qs, const struct trace_hdr *h,
			      const char *where)
{
	struct qdk_qdisc *q;
	struct qdk_dev_cfg dev;
	struct qdk_leak leaks[8];
	size_t n, i;
	uint64_t mark;
	char msg[512];
	int err = 0;

	msg[0] = '\0';
	fail_alloc_arm();
	mark = qdk_mem_mark();
	dev = replay_dev(h);
	q = qdk_qdisc_create(qs->kind, &dev, h->handle, h->parent, qs->tca, qs->tca_len,
			     &err, msg, sizeof(msg));
	if (!q) {
		char full[700];

		/* a failed init must give back all it took, as qdisc_create()'s
		 * error path frees the qdisc after ->destroy() */
		n = qdk_mem_leaks(mark, leaks, 8);
		for (i = 0; i < n && i < 8; i++) {
			qdk_leak_text(&leaks[i], full, sizeof(full));
			fprintf(stderr, "%s: qdisc %s: its failed init leaked: %s\n",
				where ? where : "qdk-replay", qs->kind, full);
		}
		if (n)
			exit(1);

		/* the shim gives strerror() itself when the qdisc set no extack */
		if (strcmp(msg, strerror(-err)) == 0)
			snprintf(full, sizeof(full), "%s", msg);
		else
			snprintf(full, sizeof(full), "%s%s(%s)", msg, msg[0] ? " " : "", strerror(-err));
		fail_at(where, 2, "qdisc %s: %s", qs->kind, full);
	}
	if (!qdk_qdisc_queues(q))
		fail_at(where, 2, "qdisc %s queues nothing (the kernel sends packets past it)%s",
			qs->kind, ": no calls to replay");
	return q;
}

void spec_change(const struct qdisc_spec *qs, size_t i, struct qdk_qdisc *q, const char *where)
{
	const struct qdisc_change *c = &qs->changes[i];
	char msg[512] = "";
	int err = qdk_qdisc_change(q, c->tca, c->tca_len, msg, sizeof(msg));

	if (err)
		fail_at(where, 2, "\"%s\": %s", c->text, msg);
}

const char *verdict_text(int v, char *buf, size_t len)
{
	static const char *const base[] = { "ok", "drop", "cn" };
	int b = v & QDK_XMIT_MASK;

	if (v & ~(QDK_XMIT_MASK | QDK_XMIT_STOLEN | QDK_XMIT_BYPASS) || b > 2)
		return NULL;
	snprintf(buf, len, "%s%s%s", base[b], v & QDK_XMIT_STOLEN ? "+stolen" : "",
		 v & QDK_XMIT_BYPASS ? "+bypass" : "");
	return buf;
}

/* ---- the qdisc as tc shows it ----------------------------------------------- */

/*
 * A namespace with h's device gets qdisc kind with tca and changes; tc
 * prints it, each line behind indent. 0, or the namespace's refusal (-errno,
 * msg) with nothing printed.
 */
static int ns_show(FILE *f, const char *kind, const uint8_t *tca, size_t tca_len,
		   const struct qdisc_change *ch, size_t nch, const struct trace_hdr *h,
		   const char *indent, char *msg, size_t msglen)
{
	static const char *const show[] = { "-d", "qdisc", "show", "dev", NULL, NULL };
	const char *devname = h->devname[0] ? h->devname : "qdk0";
	const char *args[6];
	struct tcns_run run;
	struct qdk_dev_cfg dev = replay_dev(h);
	struct tcns *ns = tcns_open(devname, &dev);
	const char *p;
	size_t i;
	int err;

	err = tcns_qdisc_add(ns, kind, h->parent, h->handle, tca, tca_len, msg, msglen);
	for (i = 0; !err && i < nch; i++)
		err = tcns_qdisc_change(ns, kind, h->parent, h->handle, ch[i].tca,
					ch[i].tca_len, msg, msglen);
	if (err) {
		tcns_close(ns);
		return err;
	}
	memcpy(args, show, sizeof(args));
	args[4] = devname;
	tcns_tc(ns, args, &run);
	tcns_close(ns);
	for (p = run.out; *p; ) {
		size_t n = strcspn(p, "\n");

		fprintf(f, "%s%.*s\n", indent, (int)n, p);
		p += n + (p[n] == '\n');
	}
	if (run.status || run.err[0])
		fprintf(f, "%stc -d qdisc show failed: %s", indent,
			run.err[0] ? run.err : "no message\n");
	tcns_run_free(&run);
	return 0;
}

bool spec_show(FILE *f, const struct qdisc_spec *qs, const struct trace_hdr *h,
	       const char *indent, const char *where)
{
	char msg[512];

	if (!ns_show(f, qs->kind, qs->tca, qs->tca_len, qs->changes, qs->nchanges, h, indent,
		     msg, sizeof(msg)))
		return true;
	if (where)
		fail_at(where, 2, "qdisc %s: %s", qs->kind, msg);
	fprintf(f, "%sthe namespace refused the qdisc: %s\n", indent, msg);
	return false;
}

void qdisc_print_state(FILE *f, struct qdk_qdisc *q, const struct qdisc_spec *qs,
		       const struct trace_hdr *h)
{
	static uint8_t buf[65536];
	struct qdk_stats st;
	char msg[512] = "";
	uint64_t exp;
	int n;

	qdk_qdisc_stats(q, &st);
	fprintf(f, "  qdisc %s: qlen %u backlog %ub drops %u overlimits %u requeues %u "
		"sent %llu bytes %llu pkt\n", qdk_qdisc_kind(q), st.qlen, st.backlog, st.drops,
		st.overlimits, st.requeues, (unsigned long long)st.bytes,
		(unsigned long long)st.packets);
	/*
	 * Its options now: its own dump handed to a new qdisc that tc shows.
	 * A dump init() does not take (gred's virtual queues) leaves the
	 * trace's configuration to show instead.
	 */
	n = qdk_qdisc_dump(q, buf, sizeof(buf));
	if (n < 0 || ns_show(f, qdk_qdisc_kind(q), n > 0 ? buf : NULL, (size_t)n, NULL, 0, h,
			     "  now: ", msg, sizeof(msg))) {
		fprintf(f, "  (its dump is not what init() takes: %s)\n",
			n < 0 ? "the dump failed" : msg);
		spec_show(f, qs, h, "  configured: ", NULL);
	}
	if (qdk_qdisc_watchdog(q, &exp))
		fprintf(f, "  watchdog: armed, expires at %llu\n", (unsigned long long)exp);
	else
		fputs("  watchdog: not armed\n", f);
	fprintf(f, "  clock: %llu\n", (unsigned long long)qdk_now());
}

/*
 * The successful c lines a trace opens with (R lines aside), before any
 * other event: the configuration's change steps, as drive writes gred's
 * virtual queues. show applies them after the add.
 */
static void take_first_changes(struct trace *t, struct qdisc_spec *qs)
{
	struct trace_event ev;

	while (trace_next(t, &ev) && (ev.op == 'R' || (ev.op == 'c' && ev.ret == 0))) {
		struct qdisc_change *c;

		if (ev.op == 'R')
			continue;
		qs->changes = xrealloc(qs->changes, (qs->nchanges + 1) * sizeof(*qs->changes));
		c = &qs->changes[qs->nchanges++];
		memset(c, 0, sizeof(*c));
		if (ev.hex && trace_hex(ev.hex, ev.hex_len, &c->tca, &c->tca_len))
			trace_fail(t, ev.line, "bad options hex \"%.*s\"", (int)ev.hex_len, ev.hex);
		c->text = xstrndup(ev.opts ? ev.opts : "", ev.opts ? ev.opts_len : 0);
	}
}

/* `qdk-replay show TRACE`: the trace's qdisc as `tc -d qdisc show` prints it. */
int cmd_show(int argc, char **argv)
{
	struct qdisc_spec qs;
	struct trace t;
	char where[600];
	bool ok;

	if (argc != 2) {
		fputs("usage: qdk-replay show TRACE\n", stderr);
		return 2;
	}
	trace_open(&t, in_path(argv[1]));
	if (!t.hdr.qdisc)
		trace_fail(&t, t.have_first ? t.first.line : t.line,
			   "missing \"qdisc KIND [OPTIONS]\" line before the first event");
	snprintf(where, sizeof(where), "%s:%u", argv[1], t.hdr.has_tca ? t.hdr.tca_line :
		 t.hdr.qdisc_line);
	spec_from_trace(&t.hdr, where, &qs);
	take_first_changes(&t, &qs);
	qdk_init(1);
	spec_check_kind(&qs, where);
	ok = spec_show(stdout, &qs, &t.hdr, "", where);
	spec_free(&qs);
	trace_close(&t);
	qdk_exit();
	return ok ? 0 : 2;
}
