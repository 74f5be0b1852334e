// SPDX-License-Identifier: GPL-2.0
/*
 * q_plugin.c - the glue that turns one kind's tcopt parser into a plugin for
 * the stock tc. Built once per kind with -DQDK_KIND=<kind> into q_<kind>.so,
 * linked with that kind's *_tc.c and the tcopt library; nothing here knows
 * any qdisc's options.
 *
 *   tc qdisc add dev eth0 root template limit 50   -> parse_qopt
 *   tc [-s] [-j] qdisc show dev eth0                -> print_qopt, print_xstats
 *
 * With -DQDK_FILTER too it is a kind's classifier plugin, f_<kind>.so
 * exporting <kind>_filter_util, over the tcopt parser "cls_<kind>"
 * (cls_<kind>_tc.c):
 *
 *   tc filter add dev eth0 parent 1: mered mice 20k   -> parse_fopt
 *   tc [-j] filter show dev eth0                      -> print_fopt
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tc_abi.h"
#include "tcopt.h"

#ifndef QDK_KIND
#error "build with -DQDK_KIND=<kind>"
#endif
#define QDK_STR2(x) #x
#define QDK_STR(x) QDK_STR2(x)
#define QDK_CAT2(a, b) a##b
#define QDK_CAT(a, b) QDK_CAT2(a, b)

#define KIND QDK_STR(QDK_KIND)
/* the tcopt parser this plugin forwards to */
#ifdef QDK_FILTER
#define PARSER "cls_" KIND
#define PLUGIN "f_" KIND ".so"
#else
#define PARSER KIND
#define PLUGIN "q_" KIND ".so"
#endif

/* ---- tcopt_out that forwards to tc's JSON-aware printers ---------------- */

static void fmt_unit(char *buf, size_t len, uint64_t v, enum tcopt_unit unit)
{
	switch (unit) {
	case TCOPT_BYTES:
		tcopt_fmt_size(buf, len, v);
		break;
	case TCOPT_RATE:
		tcopt_fmt_rate(buf, len, v);
		break;
	case TCOPT_TIME_NS:
		tcopt_fmt_time(buf, len, v);
		break;
	default:
		snprintf(buf, len, "%llu", (unsigned long long)v);
		break;
	}
}

/* JSON gets raw numbers (bytes, bytes/s, ns); text gets tc's human units. */
static void tc_uint(struct tcopt_out *o, const char *key, uint64_t v, enum tcopt_unit unit)
{
	char buf[64], fmt[96];

	if (is_json_context()) {
		print_color_u64(PRINT_JSON, TC_COLOR_NONE, key, NULL, v);
		return;
	}
	fmt_unit(buf, sizeof(buf), v, unit);
	snprintf(fmt, sizeof(fmt), "%s %%s ", key);
	print_color_string(PRINT_FP, TC_COLOR_NONE, NULL, fmt, buf);
}

static void tc_sint(struct tcopt_out *o, const char *key, int64_t v)
{
	char fmt[96];

	snprintf(fmt, sizeof(fmt), "%s %%lld ", key);
	print_color_s64(PRINT_ANY, TC_COLOR_NONE, key, fmt, v);
}

static void tc_str(struct tcopt_out *o, const char *key, const char *v)
{
	char fmt[96];

	snprintf(fmt, sizeof(fmt), "%s %%s ", key);
	print_color_string(PRINT_ANY, TC_COLOR_NONE, key, fmt, v);
}

static void tc_flag(struct tcopt_out *o, const char *key)
{
	char fmt[96];

	snprintf(fmt, sizeof(fmt), "%s ", key);
	print_color_bool(PRINT_ANY, TC_COLOR_NONE, key, fmt, true);
}

/*
 * tc prints a qdisc's extended statistics on lines of their own, indented by
 * two spaces (fq_codel's "  maxpacket 1514 drop_overlimit 0 ..."); priv is
 * non-NULL while printing xstats so a continuation line is indented too.
 */
static void tc_indent(struct tcopt_out *o)
{
	if (o->priv)
		print_color_string(PRINT_FP, TC_COLOR_NONE, NULL, "%s", "  ");
}

static void tc_newline(struct tcopt_out *o)
{
	print_nl();
	tc_indent(o);
}

#define TC_OUT_INIT { .uint = tc_uint, .sint = tc_sint, .str = tc_str, \
		      .flag = tc_flag, .newline = tc_newline }

/* ---- the qdisc_util callbacks ----------------------------------------- */

/*
 * The kind's *_tc.c registered its parser from a constructor when tc
 * dlopen()ed us; the registry is private to this object (hidden symbols,
 * -Bsymbolic), so only this kind is in it.
 */
static const struct tcopt_kind *kind(void)
{
	const struct tcopt_kind *k = tcopt_find(PARSER);

	if (!k)
		fprintf(stderr, "%s: no tc-option parser for \"%s\" registered\n",
			PLUGIN, PARSER);
	return k;
}

static void usage(const struct tcopt_kind *k)
{
	fputs(k->usage, stderr);
	if (k->usage[0] && k->usage[strlen(k->usage) - 1] != '\n')
		fputc('\n', stderr);
}

/*
 * Parse argv with the kind's parser and append the result to n (whose
 * buffer holds maxlen bytes) as TCA_OPTIONS. 0, or -1 after printing why.
 */
static int put_options(int argc, char **argv, struct nlmsghdr *n, int maxlen)
{
	const struct tcopt_kind *k = kind();
	struct tcopt_buf b;
	struct tcopt_err e = { { 0 } };
	int type = TCA_OPTIONS;
	int i, ret = 0;

	if (!k)
		return -1;
	/*
	 * "help" anywhere asks for the usage, as tc's built-in qdiscs do; the
	 * tcopt contract keeps it out of the parser. A non-zero return makes
	 * tc exit with status 1 without sending anything.
	 */
	for (i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "help")) {
			usage(k);
			return -1;
		}
	}
	tcopt_buf_init(&b);
	if (k->parse(argc, argv, &b, &e) < 0) {
		fprintf(stderr, "%s\n", e.msg[0] ? e.msg : "bad options");
		usage(k);
		ret = -1;
	} else if (b.oom) {
		fprintf(stderr, "%s: out of memory\n", KIND);
		ret = -1;
	} else {
		/*
		 * Nested payloads carry NLA_F_NESTED as tc's own qdiscs send
		 * them (addattr_nest); the kernel's strict parsing wants it.
		 */
		if (k->nested)
			type |= NLA_F_NESTED;
		if (b.len > (size_t)maxlen - 64)
			fprintf(stderr, "%s: options too long\n", KIND);
		ret = b.len > (size_t)maxlen - 64 ? -1 :
		      addattr_l(n, maxlen, type, b.len ? (const void *)b.data : "", (int)b.len);
	}
	tcopt_buf_free(&b);
	return ret;
}

#ifndef QDK_FILTER
/* 1024 is the request buffer tc gives qdisc parsers. */
static int parse_qopt(struct qdisc_util *qu, int argc, char **argv,
		      struct nlmsghdr *n, const char *dev)
{
	return put_options(argc, argv, n, 1024);
}

static int print_qopt(struct qdisc_util *qu, FILE *f, struct rtattr *opt)
{
	const struct tcopt_kind *k = kind();
	struct tcopt_out out = TC_OUT_INIT;

	if (!opt || !k || !k->print)
		return 0;
	k->print(RTA_DATA(opt), RTA_PAYLOAD(opt), &out);
	return 0;
}

static int print_xstats(struct qdisc_util *qu, FILE *f, struct rtattr *xstats)
{
	const struct tcopt_kind *k = kind();
	struct tcopt_out out = TC_OUT_INIT;

	if (!xstats || !k || !k->print_xstats)
		return 0;
	/*
	 * Text: on tc's line after the generic counters, indented. JSON: the
	 * keys go straight into the qdisc's object, as fq_codel's do.
	 */
	out.priv = &out;
	tc_indent(&out);
	k->print_xstats(RTA_DATA(xstats), RTA_PAYLOAD(xstats), &out);
	return 0;
}

__attribute__((visibility("default")))
struct qdisc_util QDK_CAT(QDK_KIND, _qdisc_util) = {
	.id = KIND,
	.parse_qopt = parse_qopt,
	.print_qopt = print_qopt,
	.print_xstats = print_xstats,
};

#else /* QDK_FILTER */

/* The filter's handle word (tc's `handle H`), a number in any base. */
static int parse_fopt(struct filter_util *fu, char *fhandle, int argc,
		      char **argv, struct nlmsghdr *n)
{
	struct tcmsg *t = NLMSG_DATA(n);

	if (fhandle) {
		unsigned long h;
		char *end;

		h = strtoul(fhandle, &end, 0);
		if (!*fhandle || *end || h > 0xffffffffUL) {
			fprintf(stderr, "Illegal \"handle\"\n");
			return -1;
		}
		t->tcm_handle = (__u32)h;
	}
	return put_options(argc, argv, n, TC_MAX_MSG);
}

static int print_fopt(struct filter_util *fu, FILE *f, struct rtattr *opt,
		      __u32 fhandle)
{
	const struct tcopt_kind *k = kind();
	struct tcopt_out out = TC_OUT_INIT;
	char buf[16];

	if (!opt || !k || !k->print)
		return 0;
	if (is_json_context()) {
		print_color_u64(PRINT_JSON, TC_COLOR_NONE, "handle", NULL, fhandle);
	} else {
		snprintf(buf, sizeof(buf), "%#x", fhandle);
		print_color_string(PRINT_FP, TC_COLOR_NONE, NULL, "handle %s ", buf);
	}
	k->print(RTA_DATA(opt), RTA_PAYLOAD(opt), &out);
	return 0;
}

__attribute__((visibility("default")))
struct filter_util QDK_CAT(QDK_KIND, _filter_util) = {
	.id = KIND,
	.parse_fopt = parse_fopt,
	.print_fopt = print_fopt,
};

#endif /* QDK_FILTER */
