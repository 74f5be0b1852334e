// SPDX-License-Identifier: GPL-2.0
/*
 * qsetup.c - turning "KIND OPTS" or a trace header into a live qdisc, and
 * printing a qdisc's state (through the kind's tcopt printers) when a
 * replay diverges.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "tcopt.h"
#include "trace.h"
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

void spec_parse(const char *text, const char *where, struct qdisc_spec *qs)
{
	char *copy = xstrdup(text), *save = NULL, *w;
	const struct tcopt_kind *k;
	struct tcopt_buf b;
	struct tcopt_err e;
	bool help = false, opts = false;
	int n = 0;

	memset(qs, 0, sizeof(*qs));
	qs->text = xstrdup(text);
	for (w = strtok_r(copy, " \t", &save); w; w = strtok_r(NULL, " \t", &save), n++) {
		if (n == 0)
			snprintf(qs->kind, sizeof(qs->kind), "%s", w);
		else
			opts = true;
		if (n > 0 && strcmp(w, "help") == 0)
			help = true;
	}
	free(copy);
	if (n == 0)
		fail_at(where, 2, "no qdisc kind given%s%s", "", "");
	k = tcopt_find(qs->kind);
	if (help) {
		if (!k)
			fail_at(where, 2, "qdisc \"%s\" has no tc-option parser%s", qs->kind, "");
		fputs(k->usage, stdout);
		exit(0);
	}
	/* A kind with no parser still attaches without options, as with tc. */
	if (!k && !opts)
		return;
	tcopt_buf_init(&b);
	if (tcopt_build(text, NULL, 0, &b, &e)) {
		fflush(stdout);
		if (where)
			fprintf(stderr, "%s: ", where);
		fprintf(stderr, "%s\n", e.msg);
		if (k)
			fputs(k->usage, stderr);
		exit(2);
	}
	if (b.len) {
		qs->tca = b.data;
		qs->tca_len = b.len;
	} else {
		tcopt_buf_free(&b);
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
	free(qs->text);
	free(qs->tca);
	memset(qs, 0, sizeof(*qs));
}

struct qdk_qdisc *spec_create(const struct qdisc_spec *qs, const struct trace_hdr *h,
			      const char *where)
{
	struct qdk_qdisc *q;
	char msg[512];
	int err = 0;

	msg[0] = '\0';
	q = qdk_qdisc_create(qs->kind, &h->dev, h->handle, h->parent, qs->tca, qs->tca_len,
			     &err, msg, sizeof(msg));
	if (!q) {
		char full[700];

		snprintf(full, sizeof(full), "%s%s(%s)", msg, msg[0] ? " " : "", strerror(-err));
		fail_at(where, 2, "qdisc %s: %s", qs->kind, full);
	}
	return q;
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

/* ---- printing options and xstats through the kind's printers ----------- */

static void t_uint(struct tcopt_out *o, const char *key, uint64_t v, enum tcopt_unit unit)
{
	char buf[64];

	switch (unit) {
	case TCOPT_BYTES:
		tcopt_fmt_size(buf, sizeof(buf), v);
		break;
	case TCOPT_RATE:
		tcopt_fmt_rate(buf, sizeof(buf), v);
		break;
	case TCOPT_TIME_NS:
		tcopt_fmt_time(buf, sizeof(buf), v);
		break;
	default:
		snprintf(buf, sizeof(buf), "%llu", (unsigned long long)v);
	}
	fprintf(o->priv, "%s %s ", key, buf);
}

static void t_sint(struct tcopt_out *o, const char *key, int64_t v)
{
	fprintf(o->priv, "%s %lld ", key, (long long)v);
}

static void t_str(struct tcopt_out *o, const char *key, const char *v)
{
	fprintf(o->priv, "%s %s ", key, v);
}

static void t_flag(struct tcopt_out *o, const char *key)
{
	fprintf(o->priv, "%s ", key);
}

static void t_newline(struct tcopt_out *o)
{
	fputs("\n    ", o->priv);
}

void qdisc_print_state(FILE *f, struct qdk_qdisc *q)
{
	struct tcopt_out o = {
		.uint = t_uint, .sint = t_sint, .str = t_str, .flag = t_flag,
		.newline = t_newline, .priv = f,
	};
	const struct tcopt_kind *k = tcopt_find(qdk_qdisc_kind(q));
	struct qdk_stats st;
	uint8_t buf[4096];
	uint64_t exp;
	int n;

	qdk_qdisc_stats(q, &st);
	fprintf(f, "  qdisc %s: qlen %u backlog %ub drops %u overlimits %u requeues %u "
		"sent %llu bytes %llu pkt\n", qdk_qdisc_kind(q), st.qlen, st.backlog, st.drops,
		st.overlimits, st.requeues, (unsigned long long)st.bytes,
		(unsigned long long)st.packets);
	n = qdk_qdisc_dump(q, buf, sizeof(buf));
	fputs("  options: ", f);
	if (n > 4 && k && k->print)
		k->print(buf + 4, (size_t)n - 4, &o);
	else if (n > 0)
		fprintf(f, "(%d bytes, no printer)", n);
	else
		fputs(n == 0 ? "(none)" : "(dump failed)", f);
	fputc('\n', f);
	n = qdk_qdisc_dump_xstats(q, buf, sizeof(buf));
	if (n > 0) {
		fputs("  xstats: ", f);
		if (k && k->print_xstats)
			k->print_xstats(buf, (size_t)n, &o);
		else
			fprintf(f, "(%d bytes, no printer)", n);
		fputc('\n', f);
	}
	if (qdk_qdisc_watchdog(q, &exp))
		fprintf(f, "  watchdog: armed, expires at %llu\n", (unsigned long long)exp);
	else
		fputs("  watchdog: not armed\n", f);
	fprintf(f, "  clock: %llu\n", (unsigned long long)qdk_now());
}
