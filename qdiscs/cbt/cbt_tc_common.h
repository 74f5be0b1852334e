/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cbt_tc_common.h - the tc words cbt and dcbt share (their attributes 1-7
 * and 10-16 have the same numbers, dcbt.h): RED's queue, the multimedia
 * tag and the seed. Included by cbt_tc.c and dcbt_tc.c only; plain C11.
 *
 *   limit PACKETS  min PACKETS  max PACKETS  probability P  ewma WLOG
 *   bandwidth RATE  avpkt BYTES  seed N
 *   tag { none | dscp N | mark VALUE[/MASK] | src A.B.C.D/LEN }
 */
#ifndef QDK_CBT_TC_COMMON_H
#define QDK_CBT_TC_COMMON_H

#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tcopt.h"
#include "cbt.h"

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif

#define CBT_TC_COMMON_USAGE \
	"  limit        hard limit, packets (default: the device's txqueuelen)\n" \
	"  min, max     RED thresholds of the average queue, packets (default 5, 15)\n" \
	"  probability  RED's max_p (default 0.1)\n" \
	"  ewma         the averages' weight is 2^-WLOG (default 4)\n" \
	"  bandwidth    link rate, for the decay of the averages while idle\n" \
	"  avpkt        average packet size for that decay (default 1000)\n" \
	"  tag          what makes a UDP packet multimedia: a DSCP, an skb mark\n" \
	"               (VALUE/MASK), an IPv4 source prefix, or none (default)\n" \
	"  seed         seed of RED's decisions (default: random, always shown)\n"

/* "0.02" -> parts of 2^32, 1 -> 0xffffffff */
static int cbt_tc_prob(const char *s, uint32_t *v)
{
	char *end;
	double p;

	if (!*s)
		return -1;
	p = strtod(s, &end);
	if (*end || !(p >= 0.0 && p <= 1.0))
		return -1;
	p = p * 4294967296.0 + 0.5;
	*v = p >= 4294967295.0 ? 0xffffffffU : (uint32_t)p;
	return 0;
}

static int cbt_tc_tag(int argc, char **argv, int *i, struct tcopt_buf *b,
		      struct tcopt_err *e)
{
	const char *how, *val;
	uint32_t v, m;
	char *end;

	if (++*i >= argc)
		return tcopt_fail(e, "\"tag\" needs dscp, mark, src or none");
	how = argv[*i];
	if (strcmp(how, "none") == 0) {
		tcopt_put_u32(b, TCA_CBT_TAG_MODE, CBT_TAG_MODE_NONE);
		return 0;
	}
	if (++*i >= argc)
		return tcopt_fail(e, "\"tag %s\" needs a value", how);
	val = argv[*i];
	if (strcmp(how, "dscp") == 0) {
		if (tcopt_get_u32(val, &v))
			return tcopt_fail(e, "Illegal \"tag dscp\"");
		tcopt_put_u32(b, TCA_CBT_TAG_MODE, CBT_TAG_MODE_DSCP);
		tcopt_put_u32(b, TCA_CBT_TAG_DSCP, v);
	} else if (strcmp(how, "mark") == 0) {
		char word[64];
		char *slash;

		snprintf(word, sizeof(word), "%s", val);
		slash = strchr(word, '/');
		if (slash)
			*slash++ = 0;
		if (tcopt_get_u32(word, &v) || (slash && tcopt_get_u32(slash, &m)))
			return tcopt_fail(e, "Illegal \"tag mark\"");
		tcopt_put_u32(b, TCA_CBT_TAG_MODE, CBT_TAG_MODE_MARK);
		tcopt_put_u32(b, TCA_CBT_TAG_MARK, v);
		tcopt_put_u32(b, TCA_CBT_TAG_MASK, slash ? m : 0xffffffffU);
	} else if (strcmp(how, "src") == 0) {
		char word[64];
		struct in_addr a;
		char *slash;
		unsigned long len = 32;

		snprintf(word, sizeof(word), "%s", val);
		slash = strchr(word, '/');
		if (slash) {
			*slash++ = 0;
			len = strtoul(slash, &end, 10);
			if (!*slash || *end || len > 32)
				return tcopt_fail(e, "Illegal \"tag src\"");
		}
		if (inet_pton(AF_INET, word, &a) != 1)
			return tcopt_fail(e, "Illegal \"tag src\"");
		tcopt_put_u32(b, TCA_CBT_TAG_MODE, CBT_TAG_MODE_SRC);
		tcopt_put_u32(b, TCA_CBT_TAG_SRC, a.s_addr);
		tcopt_put_u32(b, TCA_CBT_TAG_SRCLEN, (uint32_t)len);
	} else {
		return tcopt_fail(e, "\"tag\" needs dscp, mark, src or none");
	}
	return 0;
}

/*
 * Parse the shared word at argv[*i]: 1 when it was one (*i moved past its
 * value), 0 when it is not a shared word, -1 on error (e set).
 */
static int cbt_tc_common(int argc, char **argv, int *i, struct tcopt_buf *b,
			 struct tcopt_err *e)
{
	static const struct {
		const char *word;
		uint16_t type;
	} u32s[] = {
		{ "limit", TCA_CBT_LIMIT }, { "min", TCA_CBT_QTH_MIN },
		{ "max", TCA_CBT_QTH_MAX }, { "ewma", TCA_CBT_EWMA },
		{ "avpkt", TCA_CBT_AVPKT }, { "seed", TCA_CBT_SEED },
	};
	const char *w = argv[*i];
	uint32_t v;

	if (strcmp(w, "tag") == 0)
		return cbt_tc_tag(argc, argv, i, b, e) ? -1 : 1;
	for (size_t k = 0; k < ARRAY_SIZE(u32s); k++) {
		if (strcmp(w, u32s[k].word))
			continue;
		if (++*i >= argc)
			return tcopt_fail(e, "\"%s\" needs a value", w);
		if (tcopt_get_u32(argv[*i], &v))
			return tcopt_fail(e, "Illegal \"%s\"", w);
		tcopt_put_u32(b, u32s[k].type, v);
		return 1;
	}
	if (strcmp(w, "probability") == 0) {
		if (++*i >= argc)
			return tcopt_fail(e, "\"%s\" needs a value", w);
		if (cbt_tc_prob(argv[*i], &v))
			return tcopt_fail(e, "Illegal \"probability\"");
		tcopt_put_u32(b, TCA_CBT_MAX_P, v);
		return 1;
	}
	if (strcmp(w, "bandwidth") == 0) {
		uint64_t rate;

		if (++*i >= argc)
			return tcopt_fail(e, "\"%s\" needs a value", w);
		if (tcopt_get_rate(argv[*i], &rate) || rate > UINT32_MAX)
			return tcopt_fail(e, "Illegal \"bandwidth\"");
		tcopt_put_u32(b, TCA_CBT_BANDWIDTH, (uint32_t)rate);
		return 1;
	}
	return 0;
}

static bool cbt_tc_has(const struct tcopt_attr *tb, int t)
{
	return tb[t].data && tb[t].len >= sizeof(uint32_t);
}

static void cbt_tc_print_prob(struct tcopt_out *o, const char *key, uint32_t v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%.6g", v / 4294967296.0);
	o->str(o, key, buf);
}

/* The shared options of a dump, tb indexed by cbt's attribute numbers. */
static void cbt_tc_print_common(const struct tcopt_attr *tb,
				struct tcopt_out *o)
{
	static const struct {
		const char *key;
		int type;
	} u32s[] = {
		{ "limit", TCA_CBT_LIMIT }, { "min", TCA_CBT_QTH_MIN },
		{ "max", TCA_CBT_QTH_MAX },
	};

	for (size_t k = 0; k < ARRAY_SIZE(u32s); k++)
		if (cbt_tc_has(tb, u32s[k].type))
			o->uint(o, u32s[k].key, tcopt_attr_u32(&tb[u32s[k].type]),
				TCOPT_PLAIN);
	if (cbt_tc_has(tb, TCA_CBT_MAX_P))
		cbt_tc_print_prob(o, "probability", tcopt_attr_u32(&tb[TCA_CBT_MAX_P]));
	if (cbt_tc_has(tb, TCA_CBT_EWMA))
		o->uint(o, "ewma", tcopt_attr_u32(&tb[TCA_CBT_EWMA]), TCOPT_PLAIN);
	if (cbt_tc_has(tb, TCA_CBT_BANDWIDTH) && tcopt_attr_u32(&tb[TCA_CBT_BANDWIDTH]))
		o->uint(o, "bandwidth", tcopt_attr_u32(&tb[TCA_CBT_BANDWIDTH]),
			TCOPT_RATE);
	if (cbt_tc_has(tb, TCA_CBT_AVPKT))
		o->uint(o, "avpkt", tcopt_attr_u32(&tb[TCA_CBT_AVPKT]), TCOPT_BYTES);
	if (cbt_tc_has(tb, TCA_CBT_TAG_MODE)) {
		uint32_t mode = tcopt_attr_u32(&tb[TCA_CBT_TAG_MODE]);
		char buf[64] = "none";

		if (mode == CBT_TAG_MODE_DSCP && cbt_tc_has(tb, TCA_CBT_TAG_DSCP)) {
			snprintf(buf, sizeof(buf), "dscp %u",
				 tcopt_attr_u32(&tb[TCA_CBT_TAG_DSCP]));
		} else if (mode == CBT_TAG_MODE_MARK && cbt_tc_has(tb, TCA_CBT_TAG_MARK) &&
			   cbt_tc_has(tb, TCA_CBT_TAG_MASK)) {
			snprintf(buf, sizeof(buf), "mark 0x%x/0x%x",
				 tcopt_attr_u32(&tb[TCA_CBT_TAG_MARK]),
				 tcopt_attr_u32(&tb[TCA_CBT_TAG_MASK]));
		} else if (mode == CBT_TAG_MODE_SRC && cbt_tc_has(tb, TCA_CBT_TAG_SRC) &&
			   cbt_tc_has(tb, TCA_CBT_TAG_SRCLEN)) {
			struct in_addr a = { .s_addr = tcopt_attr_u32(&tb[TCA_CBT_TAG_SRC]) };
			char ip[INET_ADDRSTRLEN];

			inet_ntop(AF_INET, &a, ip, sizeof(ip));
			snprintf(buf, sizeof(buf), "src %s/%u", ip,
				 tcopt_attr_u32(&tb[TCA_CBT_TAG_SRCLEN]));
		}
		o->str(o, "tag", buf);
	}
}

#endif /* QDK_CBT_TC_COMMON_H */
