// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_kernel.c - linux/kernel.h's helpers (hex, command-line parsers,
 * mac_pton), printk.h's levels, hex dumps and timed ratelimit, bug.h's
 * data-corruption check, compiler.h's helpers.
 */
#include <linux/bug.h>
#include <linux/compiler.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/string.h>

#include "ktest.h"
#include "shim.h"

KTEST(kernel, hex_helpers)
{
	u8 bin[4];
	char buf[16];

	KT_EQ(hex_to_bin('7'), 7);
	KT_EQ(hex_to_bin('B'), 11);
	KT_EQ(hex_to_bin('f'), 15);
	KT_EQ(hex_to_bin('g'), -1);
	KT_EQ(hex2bin(bin, "dEaDbeef", 4), 0);
	KT_ASSERT(bin[0] == 0xde && bin[3] == 0xef, "hex2bin");
	*bin2hex(buf, bin, 4) = '\0';
	KT_STREQ(buf, "deadbeef");
	/* the bytes before the bad digit are written, as in the kernel */
	KT_EQ(hex2bin(bin, "12x4", 2), -EINVAL);
	KT_EQ(bin[0], 0x12);
	*hex_byte_pack_upper(buf, 0xa5) = '\0';
	KT_STREQ(buf, "A5");
	KT_EQ(hex_asc_hi(0x3c), '3');
	KT_EQ(hex_asc_upper_lo(0x3c), 'C');
	return 0;
}

KTEST(kernel, cmdline_parsers)
{
	char s1[] = "12,-3,0x10";
	char *p = s1;
	int v, ints[8];
	char line[] = "foo=bar \"baz=q x\"  last";
	char *param, *val, *rest;
	u8 mac[6] = { 0 };

	KT_EQ(get_option(&p, &v), 2);
	KT_EQ(v, 12);
	KT_EQ(get_option(&p, &v), 2);
	KT_EQ(v, -3);
	KT_EQ(get_option(&p, &v), 1);
	KT_EQ(v, 16);
	KT_EQ(get_option(&p, &v), 0);
	/* ranges expand; ints[0] is the count */
	p = get_options("1,4-6,9", 8, ints);
	KT_EQ(ints[0], 5);
	KT_ASSERT(ints[1] == 1 && ints[2] == 4 && ints[3] == 5 && ints[4] == 6 && ints[5] == 9,
		  "ranges %d %d %d %d %d", ints[1], ints[2], ints[3], ints[4], ints[5]);
	KT_EQ(*p, '\0');
	p = get_options("1,2,3", 3, ints);		/* room for two */
	KT_EQ(ints[0], 2);
	KT_STREQ(p, "3");
	get_options("7-9", 0, ints);			/* only count */
	KT_EQ(ints[0], 3);
	KT_EQ(memparse("4k", NULL), 4096);
	KT_EQ(memparse("0x10M", &p), 16ULL << 20);
	KT_EQ(*p, '\0');
	KT_EQ(memparse("3G", NULL), 3ULL << 30);
	KT_EQ(memparse("7x", &p), 7);
	KT_EQ(*p, 'x');
	rest = next_arg(line, &param, &val);
	KT_STREQ(param, "foo");
	KT_STREQ(val, "bar");
	rest = next_arg(rest, &param, &val);
	KT_STREQ(param, "baz");
	KT_STREQ(val, "q x");
	rest = next_arg(rest, &param, &val);
	KT_STREQ(param, "last");
	KT_ASSERT(!val && !*rest, "no value, end");
	KT_ASSERT(!mac_pton("00:11:22:33:44", mac), "short");
	KT_ASSERT(!mac_pton("00-11-22-33-44-55", mac) && !mac[0], "separator");
	KT_ASSERT(mac_pton("00:1a:2B:33:44:ff", mac), "valid");
	KT_ASSERT(mac[1] == 0x1a && mac[2] == 0x2b && mac[5] == 0xff, "mac bytes");
	return 0;
}

KTEST(kernel, hex_dump_to_buffer)
{
	static const u8 data[] = "0123456789abcdef\x01\xff";
	char line[128];

	KT_EQ(hex_dump_to_buffer(data, 4, 16, 1, line, sizeof(line), false), 11);
	KT_STREQ(line, "30 31 32 33");
	hex_dump_to_buffer(data, 4, 16, 1, line, sizeof(line), true);
	/* the ASCII column: 16 * 2 + 16 + 1 = 49 */
	KT_EQ(strlen(line), 53);
	KT_STREQ(line + 49, "0123");
	hex_dump_to_buffer(data, 8, 16, 4, line, sizeof(line), false);
	KT_STREQ(line, "33323130 37363534");	/* little-endian groups */
	hex_dump_to_buffer(data + 16, 2, 16, 2, line, sizeof(line), true);
	KT_EQ(strlen(line), 16 * 2 + 8 + 1 + 2);
	KT_STREQ(line + 41, "..");
	/* groupsize that does not divide len: bytes */
	hex_dump_to_buffer(data, 3, 16, 2, line, sizeof(line), false);
	KT_STREQ(line, "30 31 32");
	/* too small: what a whole line would take */
	KT_EQ(hex_dump_to_buffer(data, 16, 16, 1, line, 10, false), 47);
	KT_EQ(strlen(line), 9);		/* as far as it fitted */
	KT_EQ(hex_dump_to_buffer(data, 16, 16, 1, line, 0, true), 65);
	print_hex_dump(KERN_DEBUG, "kt: ", DUMP_PREFIX_OFFSET, 16, 1, data, sizeof(data), true);
	print_hex_dump_bytes("kt: ", DUMP_PREFIX_NONE, data, 4);
	return 0;
}

KTEST(kernel, printk_levels_and_ratelimit)
{
	unsigned long stamp = 0;
	int old = console_loglevel;

	KT_EQ(printk_get_level(KERN_WARNING "x"), '4');
	KT_EQ(printk_get_level("x"), 0);
	KT_STREQ(printk_skip_headers(KERN_CONT KERN_INFO "msg"), "msg");
	KT_EQ(default_message_loglevel, MESSAGE_LOGLEVEL_DEFAULT);
	console_verbose();
	KT_EQ(console_loglevel, CONSOLE_LOGLEVEL_MOTORMOUTH);
	console_loglevel = old;
	pr_info_once("kt: once\n");
	KT_ASSERT(printk_ratelimit(), "ratelimit");
	/* the first call, then nothing until 100 ms of jiffies have passed */
	KT_ASSERT(printk_timed_ratelimit(&stamp, 100), "first");
	KT_ASSERT(!printk_timed_ratelimit(&stamp, 100), "too soon");
	qdk_time_advance(100 * NSEC_PER_MSEC);
	KT_ASSERT(!printk_timed_ratelimit(&stamp, 100), "at 100 ms exactly");
	qdk_time_advance(104 * NSEC_PER_MSEC);
	KT_ASSERT(printk_timed_ratelimit(&stamp, 100), "after 100 ms");
	KT_EQ(system_state, SYSTEM_RUNNING);
	return 0;
}

KTEST(kernel, bug_and_compiler)
{
	unsigned long w0 = qdk_warn_count;
	int off_target = 42, offs[1];
	struct bug_entry be = { .flags = BUGFLAG_WARNING };

	KT_ASSERT(!CHECK_DATA_CORRUPTION(0, "kt: fine\n"), "no corruption");
	KT_ASSERT(CHECK_DATA_CORRUPTION(1, "kt: list corrupted %d\n", 7), "corruption");
	KT_EQ(qdk_warn_count, w0 + 1);
	qdk_warn_count = w0;
	KT_ASSERT(is_warning_bug(&be), "warning bug");
	MAYBE_BUILD_BUG_ON(sizeof(int) != 4);
	KT_ASSERT(is_signed_type(int) && !is_signed_type(unsigned int), "signedness");
	KT_ASSERT(statically_true(1 + 1 == 2), "statically true");
	offs[0] = (int)((long)&off_target - (long)&offs[0]);
	KT_EQ(*(int *)offset_to_ptr(&offs[0]), 42);
	KT_EQ(COUNT_ARGS(a, b, c), 3);
	KT_EQ(COUNT_ARGS(), 0);
	KT_ASSERT(PTR_IF(0, &off_target) == NULL, "PTR_IF");
	might_sleep();
	might_sleep_if(1);
	KT_EQ(cond_resched(), 0);
	return 0;
}

#include <linux/ratelimit.h>

KTEST(kernel, ratelimit_on_the_clock)
{
	DEFINE_RATELIMIT_STATE(rs, HZ, 3);
	struct ratelimit_state off;
	unsigned long w0 = qdk_warn_count;
	int i, ok = 0;

	for (i = 0; i < 5; i++)
		ok += __ratelimit(&rs);
	KT_EQ(ok, 3);
	KT_EQ(rs.missed, 2);
	/* a second later (past begin + interval): a new burst, the misses reported */
	qdk_time_advance(NSEC_PER_SEC + 4 * NSEC_PER_MSEC);
	KT_EQ(__ratelimit(&rs), 1);
	KT_EQ(rs.missed, 0);
	KT_EQ(rs.printed, 1);
	ratelimit_state_init(&off, 0, 0);		/* no interval: never limited */
	KT_EQ(__ratelimit(&off), 1);
	ratelimit_default_init(&off);
	ratelimit_set_flags(&off, RATELIMIT_MSG_ON_RELEASE);
	for (i = 0; i < 12; i++)
		__ratelimit(&off);
	KT_EQ(off.missed, 2);
	ratelimit_state_exit(&off);
	KT_EQ(off.missed, 0);
	KT_ASSERT(WARN_ON_RATELIMIT(1, &rs), "condition returned");
	KT_EQ(qdk_warn_count, w0 + 1);
	qdk_warn_count = w0;
	return 0;
}
