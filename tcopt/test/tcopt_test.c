// SPDX-License-Identifier: GPL-2.0
/*
 * tcopt_test.c - unit tests of the tc-option library: unit words against
 * the values iproute2 gives them, attribute building and parsing, and the
 * upstream parsers' bytes and errors. Prints "N passed, M failed".
 */
#include <stdio.h>
#include <string.h>
#include <linux/pkt_sched.h>

#include "tcopt.h"

static int passed, failed;

#define CHECK(cond, ...)						\
	do {								\
		if (cond) {						\
			passed++;					\
		} else {						\
			failed++;					\
			printf("FAIL %s:%d: ", __FILE__, __LINE__);	\
			printf(__VA_ARGS__);				\
			printf("\n");					\
		}							\
	} while (0)

static void size_ok(const char *s, uint64_t want)
{
	uint64_t v = 0;
	int r = tcopt_get_size(s, &v);

	CHECK(r == 0 && v == want, "size \"%s\" -> r=%d %llu, want %llu", s, r,
	      (unsigned long long)v, (unsigned long long)want);
}

static void rate_ok(const char *s, uint64_t want)
{
	uint64_t v = 0;
	int r = tcopt_get_rate(s, &v);

	CHECK(r == 0 && v == want, "rate \"%s\" -> r=%d %llu, want %llu", s, r,
	      (unsigned long long)v, (unsigned long long)want);
}

static void time_ok(const char *s, uint64_t want)
{
	uint64_t v = 0;
	int r = tcopt_get_time(s, &v);

	CHECK(r == 0 && v == want, "time \"%s\" -> r=%d %llu, want %llu", s, r,
	      (unsigned long long)v, (unsigned long long)want);
}

static void fmt_ok(void (*fmt)(char *, size_t, uint64_t), uint64_t v, const char *want)
{
	char buf[64];

	fmt(buf, sizeof(buf), v);
	CHECK(strcmp(buf, want) == 0, "format %llu -> \"%s\", want \"%s\"",
	      (unsigned long long)v, buf, want);
}

static void units(void)
{
	uint64_t v;
	uint32_t u;

	size_ok("1500", 1500);
	size_ok("64kb", 65536);
	size_ok("64K", 65536);
	size_ok("1mb", 1048576);
	size_ok("2g", 2147483648ull);
	size_ok("10kbit", 1280);
	size_ok("8mbit", 1048576);
	size_ok("100b", 100);
	CHECK(tcopt_get_size("1.5", &v) != 0, "fractional size must fail");
	CHECK(tcopt_get_size("10xb", &v) != 0, "unknown size unit must fail");
	CHECK(tcopt_get_size("", &v) != 0, "empty size must fail");
	CHECK(tcopt_get_size("-1", &v) != 0, "negative size must fail");

	rate_ok("10mbit", 1250000);
	rate_ok("1gbit", 125000000);
	rate_ok("100kbps", 100000);
	rate_ok("12500Bps", 12500);
	rate_ok("1kibit", 128);
	rate_ok("8000", 1000);
	rate_ok("1MiBps", 1048576);
	CHECK(tcopt_get_rate("10mbits", &v) != 0, "unknown rate unit must fail");
	CHECK(tcopt_get_rate("fast", &v) != 0, "word rate must fail");

	time_ok("5ms", 5000000);
	time_ok("100us", 100000);
	time_ok("1s", 1000000000);
	time_ok("250ns", 250);
	time_ok("7", 7000);
	time_ok("1.5ms", 1500000);
	time_ok("2secs", 2000000000);
	CHECK(tcopt_get_time("5min", &v) != 0, "unknown time unit must fail");

	CHECK(tcopt_get_u32("0x10", &u) == 0 && u == 16, "u32 hex");
	CHECK(tcopt_get_u32("4294967296", &u) != 0, "u32 overflow must fail");
	CHECK(tcopt_get_u32("12a", &u) != 0, "u32 junk must fail");
	CHECK(tcopt_get_u64("18446744073709551615", &v) == 0 && v == UINT64_MAX, "u64 max");

	fmt_ok(tcopt_fmt_size, 1514, "1514b");
	fmt_ok(tcopt_fmt_size, 65536, "64Kb");
	fmt_ok(tcopt_fmt_size, 3 * 1048576, "3Mb");
	fmt_ok(tcopt_fmt_rate, 1250000, "10Mbit");
	fmt_ok(tcopt_fmt_rate, 125000000, "1Gbit");
	fmt_ok(tcopt_fmt_rate, 1000, "8Kbit");
	fmt_ok(tcopt_fmt_rate, 12, "96bit");
	fmt_ok(tcopt_fmt_time, 5000000, "5ms");
	fmt_ok(tcopt_fmt_time, 100000, "100us");
	fmt_ok(tcopt_fmt_time, 250, "250ns");
	fmt_ok(tcopt_fmt_time, 1500000000, "1.5s");
}

static void attrs(void)
{
	struct tcopt_buf b;
	struct tcopt_attr tb[5];
	size_t nest;
	static const uint8_t want[] = {
		0x0c, 0x00, 0x02, 0x00, 0x08, 0x00, 0x01, 0x00, 0x02, 0x00, 0x00, 0x00,
	};

	tcopt_buf_init(&b);
	nest = tcopt_nest_start(&b, 2);
	tcopt_put_u32(&b, 1, 2);
	tcopt_nest_end(&b, nest);
	CHECK(b.len == sizeof(want) && memcmp(b.data, want, sizeof(want)) == 0,
	      "nest of one u32 matches FORMAT.md's example bytes");
	CHECK(tcopt_parse_attrs(tb, 4, b.data + 4, b.len - 4) == 0 &&
	      tcopt_attr_u32(&tb[1]) == 2 && tb[1].len == 4, "parse back the nest");

	tcopt_buf_free(&b);
	tcopt_put_u8(&b, 1, 7);
	tcopt_put_u16(&b, 2, 0x1234);
	tcopt_put_u64(&b, 3, 0x1122334455667788ull);
	tcopt_put_flag(&b, 4);
	CHECK(b.len == 8 + 8 + 12 + 4, "padded lengths: got %zu", b.len);
	CHECK(tcopt_parse_attrs(tb, 4, b.data, b.len) == 0 && tb[1].len == 1 &&
	      *(const uint8_t *)tb[1].data == 7 &&
	      tcopt_attr_u64(&tb[3]) == 0x1122334455667788ull &&
	      tb[4].data && tb[4].len == 0, "parse mixed attributes");
	b.data[0] = 200;	/* length beyond the stream */
	CHECK(tcopt_parse_attrs(tb, 4, b.data, b.len) == -1, "malformed stream detected");
	tcopt_buf_free(&b);
}

static void build_ok(const char *spec, const void *payload, size_t plen)
{
	struct tcopt_buf b;
	struct tcopt_err e;
	char kind[32];
	int r;

	tcopt_buf_init(&b);
	r = tcopt_build(spec, kind, sizeof(kind), &b, &e);
	if (!payload) {
		CHECK(r == 0 && b.len == 0, "\"%s\": want no TCA_OPTIONS (r=%d len=%zu %s)",
		      spec, r, b.len, e.msg);
	} else {
		uint16_t hdr[2] = { 0, 0 };

		if (b.len >= 4)
			memcpy(hdr, b.data, 4);
		CHECK(r == 0 && b.len == 4 + ((plen + 3) & ~3u) && hdr[0] == 4 + plen &&
		      hdr[1] == 2 && memcmp(b.data + 4, payload, plen) == 0,
		      "\"%s\": TCA_OPTIONS bytes (r=%d len=%zu %s)", spec, r, b.len, e.msg);
	}
	tcopt_buf_free(&b);
}

static void build_err(const char *spec, const char *want)
{
	struct tcopt_buf b;
	struct tcopt_err e;
	char kind[32];
	int r;

	tcopt_buf_init(&b);
	r = tcopt_build(spec, kind, sizeof(kind), &b, &e);
	CHECK(r == -1 && strcmp(e.msg, want) == 0, "\"%s\": got r=%d \"%s\", want \"%s\"",
	      spec, r, e.msg, want);
	tcopt_buf_free(&b);
}

/* A nested kind like the template's, to check the TCA_OPTIONS wrapping. */
static int nest_parse(int argc, char **argv, struct tcopt_buf *b, struct tcopt_err *e)
{
	uint32_t v;

	if (argc == 2 && strcmp(argv[0], "limit") == 0 && tcopt_get_u32(argv[1], &v) == 0)
		tcopt_put_u32(b, 1, v);
	else if (argc)
		return tcopt_fail(e, "nesttest: unknown parameter \"%s\"", argv[0]);
	return 0;
}

static const struct tcopt_kind nest_kind = {
	.kind = "nesttest", .usage = "", .parse = nest_parse, .nested = true,
};

static void nested(void)
{
	static const uint8_t want[] = {
		0x0c, 0x00, 0x02, 0x80, 0x08, 0x00, 0x01, 0x00, 0x02, 0x00, 0x00, 0x00,
	};
	static const uint8_t empty[] = { 0x04, 0x00, 0x02, 0x80 };
	struct tcopt_buf b;
	struct tcopt_err e;
	int r;

	tcopt_register(&nest_kind);
	tcopt_buf_init(&b);
	r = tcopt_build("nesttest limit 2", NULL, 0, &b, &e);
	CHECK(r == 0 && b.len == sizeof(want) && memcmp(b.data, want, sizeof(want)) == 0,
	      "nested kind: TCA_OPTIONS|NLA_F_NESTED as in FORMAT.md's example");
	tcopt_buf_free(&b);
	r = tcopt_build("nesttest", NULL, 0, &b, &e);
	CHECK(r == 0 && b.len == sizeof(empty) && memcmp(b.data, empty, sizeof(empty)) == 0,
	      "nested kind without options: an empty nest");
	tcopt_buf_free(&b);
}

static void parsers(void)
{
	struct tc_fifo_qopt f = { .limit = 100 };
	struct tc_fifo_qopt fb = { .limit = 65536 };
	struct tc_plug_qopt p1 = { .action = TCQ_PLUG_BUFFER };
	struct tc_plug_qopt p2 = { .action = TCQ_PLUG_LIMIT, .limit = 10000 };
	struct tc_plug_qopt p3 = { .action = TCQ_PLUG_RELEASE_INDEFINITE };
	struct tc_skbprio_qopt s = { .limit = 64 };

	build_ok("pfifo limit 100", &f, sizeof(f));
	build_ok("bfifo limit 64kb", &fb, sizeof(fb));
	build_ok("pfifo_head_drop  limit 100 ", &f, sizeof(f));
	build_ok("pfifo", NULL, 0);
	build_ok("plug block", &p1, sizeof(p1));
	build_ok("plug limit 10000", &p2, sizeof(p2));
	build_ok("plug release_indefinite", &p3, sizeof(p3));
	build_ok("skbprio limit 64", &s, sizeof(s));
	build_ok("skbprio", NULL, 0);

	build_err("pfifo limit many", "pfifo: Illegal value for \"limit\": \"many\"");
	build_err("bfifo speed 1", "bfifo: unknown parameter \"speed\"");
	build_err("pfifo limit", "pfifo: \"limit\" needs a value");
	build_err("plug limit 5x", "Illegal value for \"limit\": \"5x\"");
	build_err("skbprio limit -3", "skbprio: Illegal \"limit\" value:\"-3\"");
	build_err("nosuch limit 5", "Unknown qdisc \"nosuch\", hence option \"limit\" is unparsable");
	build_err("nosuch", "Unknown qdisc \"nosuch\"");
	build_err("   ", "no qdisc kind given");
	CHECK(tcopt_find("pfifo") && tcopt_find("plug") && tcopt_find("skbprio") &&
	      tcopt_find("bfifo") && tcopt_find("pfifo_head_drop") && tcopt_find("codel") &&
	      tcopt_find("fq_codel") && tcopt_find("fq") && tcopt_find("pie") &&
	      tcopt_find("fq_pie") && tcopt_find("tbf") && tcopt_find("netem") &&
	      tcopt_find("sfq") && tcopt_find("prio") && tcopt_find("multiq") &&
	      tcopt_find("hhf") && tcopt_find("sfb") && tcopt_find("red") &&
	      tcopt_find("choke") && tcopt_find("htb") && tcopt_find("drr") &&
	      !tcopt_find("fifo"),
	      "registry lists the upstream kinds");
}

/* codel/fq_codel: times in usecs as tc sends them, flags as u32 attributes */
static void codel(void)
{
	static const uint8_t want[] = {
		0x24, 0x00, 0x02, 0x80,
		/* tc's order: limit, interval, target, ecn */
		0x08, 0x00, TCA_CODEL_LIMIT, 0x00, 0x64, 0x00, 0x00, 0x00,
		0x08, 0x00, TCA_CODEL_INTERVAL, 0x00, 0xa0, 0x86, 0x01, 0x00,	/* 100000us */
		0x08, 0x00, TCA_CODEL_TARGET, 0x00, 0x88, 0x13, 0x00, 0x00,	/* 5000us */
		0x08, 0x00, TCA_CODEL_ECN, 0x00, 0x00, 0x00, 0x00, 0x00,
	};
	struct tcopt_buf b;
	struct tcopt_err e;
	int r;

	tcopt_buf_init(&b);
	r = tcopt_build("codel target 5ms interval 100ms limit 100 noecn", NULL, 0, &b, &e);
	CHECK(r == 0 && b.len == sizeof(want) && memcmp(b.data, want, sizeof(want)) == 0,
	      "codel attributes (r=%d len=%zu %s)", r, b.len, e.msg);
	tcopt_buf_free(&b);
	/* "if (limit)": a zero limit is not sent; a later word wins */
	r = tcopt_build("codel limit 0 ecn noecn", NULL, 0, &b, &e);
	CHECK(r == 0 && b.len == 12 && b.data[6] == TCA_CODEL_ECN && b.data[8] == 0,
	      "codel: limit 0 not sent, noecn after ecn wins (len=%zu)", b.len);
	tcopt_buf_free(&b);
	r = tcopt_build("fq buckets 1000 maxrate 8mbit nopacing timer_slack 20us horizon_drop",
			NULL, 0, &b, &e);
	CHECK(r == 0 && b.len == 4 + 8 + 8 + 8 + 8 + 8, "fq attributes (r=%d len=%zu %s)", r,
	      b.len, e.msg);
	if (r == 0 && b.len >= 12) {
		struct tcopt_attr tb[TCA_FQ_MAX + 1];

		CHECK(tcopt_parse_attrs(tb, TCA_FQ_MAX, b.data + 4, b.len - 4) == 0 &&
		      tcopt_attr_u32(&tb[TCA_FQ_BUCKETS_LOG]) == 10 &&
		      tcopt_attr_u32(&tb[TCA_FQ_FLOW_MAX_RATE]) == 1000000 &&
		      tcopt_attr_u32(&tb[TCA_FQ_RATE_ENABLE]) == 0 &&
		      tcopt_attr_u32(&tb[TCA_FQ_TIMER_SLACK]) == 20000 &&
		      tb[TCA_FQ_HORIZON_DROP].len == 1 &&
		      *(const uint8_t *)tb[TCA_FQ_HORIZON_DROP].data == 1 &&
		      b.data[4 + 2] == TCA_FQ_BUCKETS_LOG,
		      "fq: buckets as log2 first, maxrate in bytes/s, timer_slack in ns, u8 horizon_drop");
	}
	tcopt_buf_free(&b);
	build_err("fq maxrate fast", "Illegal \"maxrate\"");
	build_err("pie alpha 33", "Illegal \"alpha\"");
	build_err("fq_pie ecn_prob 100", "Illegal \"ecn_prob\"");
	{
		static const uint8_t pie_want[] = {
			0x1c, 0x00, 0x02, 0x80,
			/* tc's order: limit, tupdate, target, then ecn */
			0x08, 0x00, TCA_PIE_LIMIT, 0x00, 0x64, 0x00, 0x00, 0x00,
			0x08, 0x00, TCA_PIE_TUPDATE, 0x00, 0x98, 0x3a, 0x00, 0x00,	/* 15000us */
			0x08, 0x00, TCA_PIE_TARGET, 0x00, 0x88, 0x13, 0x00, 0x00,	/* 5000us */
		};

		r = tcopt_build("pie target 5ms tupdate 15ms limit 100", NULL, 0, &b, &e);
		CHECK(r == 0 && b.len == sizeof(pie_want) &&
		      memcmp(b.data, pie_want, sizeof(pie_want)) == 0, "pie attributes in tc's order");
		tcopt_buf_free(&b);
	}
	build_err("codel target soon", "Illegal \"target\"");
	build_err("fq_codel flows", "\"flows\" needs a value");
	build_err("fq_codel fair", "What is \"fair\"?");
	r = tcopt_build("fq_codel memory_limit 32mb ecn", NULL, 0, &b, &e);
	{
		struct tcopt_attr tb[TCA_FQ_CODEL_MAX + 1];

		CHECK(r == 0 && b.len == 4 + 8 + 8 &&
		      tcopt_parse_attrs(tb, TCA_FQ_CODEL_MAX, b.data + 4, b.len - 4) == 0 &&
		      tcopt_attr_u32(&tb[TCA_FQ_CODEL_MEMORY_LIMIT]) == 32u << 20 &&
		      b.data[4 + 2] == TCA_FQ_CODEL_ECN, "fq_codel: ecn before memory_limit (a size)");
	}
	tcopt_buf_free(&b);
}

int main(void)
{
	units();
	attrs();
	parsers();
	nested();
	codel();
	printf("tcopt: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
