// SPDX-License-Identifier: GPL-2.0
/*
 * tcopt_test.c - unit tests of the tc-option library the kit's own kinds'
 * parsers (their tc plugins) are built on: unit words against the values
 * iproute2 gives them, attribute building and parsing, the registry and
 * tcopt_build(). Prints "N passed, M failed".
 */
#include <stdio.h>
#include <string.h>

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

	CHECK(tcopt_get_classid("10:3", &u) == 0 && u == 0x100003, "classid 10:3");
	CHECK(tcopt_get_classid("ffff:", &u) == 0 && u == 0xffff0000, "classid ffff:");
	CHECK(tcopt_get_classid("10000:1", &u) != 0, "classid major over 16 bits must fail");
	CHECK(tcopt_get_classid("1:1x", &u) != 0, "classid junk must fail");
	CHECK(tcopt_get_classid("12", &u) != 0, "classid without ':' must fail");
	{
		char buf[16];

		tcopt_fmt_classid(buf, sizeof(buf), 0x100003);
		CHECK(strcmp(buf, "10:3") == 0, "fmt classid: got %s, want 10:3", buf);
	}

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

/* A struct-payload kind: TCA_OPTIONS only when an option was given. */
static int struct_parse(int argc, char **argv, struct tcopt_buf *b, struct tcopt_err *e)
{
	uint32_t v;

	if (argc == 2 && strcmp(argv[0], "limit") == 0 && tcopt_get_u32(argv[1], &v) == 0)
		tcopt_put_raw(b, &v, sizeof(v));
	else if (argc)
		return tcopt_fail(e, "structtest: unknown parameter \"%s\"", argv[0]);
	return 0;
}

static const struct tcopt_kind struct_kind = {
	.kind = "structtest", .usage = "", .parse = struct_parse,
};

static void registry(void)
{
	uint32_t v = 100;

	tcopt_register(&struct_kind);
	build_ok("structtest limit 100", &v, sizeof(v));
	build_ok("structtest  limit 100 ", &v, sizeof(v));
	build_ok("structtest", NULL, 0);
	build_err("structtest speed 1", "structtest: unknown parameter \"speed\"");
	build_err("nosuch limit 5", "Unknown qdisc \"nosuch\", hence option \"limit\" is unparsable");
	build_err("nosuch", "Unknown qdisc \"nosuch\"");
	build_err("   ", "no qdisc kind given");
	CHECK(tcopt_find("structtest") && !tcopt_find("pfifo"),
	      "the registry holds the kinds registered, and no upstream kind");
}

int main(void)
{
	units();
	attrs();
	registry();
	nested();
	printf("tcopt: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
