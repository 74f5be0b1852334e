// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_random.c - the kernel's recorded draws handed out before the
 * seeded generator (qdk_random_queue_*), in order and width, stepping it;
 * a call's draws held until the call and handed out exactly; the draw log;
 * and the 6.1 routing of get_random_u32_below() through the getters.
 */
#include <linux/kernel.h>
#include <linux/version.h>
#include <linux/random.h>
#include <linux/prandom.h>
#include <linux/string.h>

#include "ktest.h"
#include "shim.h"
#include "../api/qdk_api.h"

KTEST(random, queued_draws_first_then_generator)
{
	static const u8 key[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };
	u8 buf[16];
	u32 after, ref;
	char why[128];
	u32 tag = 0;

	qdk_random_seed(5);
	/* what the generator gives after the five draws queued below */
	get_random_u32();
	get_random_bytes(buf, sizeof(buf));
	get_random_u8();
	get_random_u64();
	get_random_u16();
	ref = get_random_u32();
	qdk_random_seed(5);
	KT_EQ(qdk_random_queue_u(4, 0xdeadbeef, 10), 0);
	KT_EQ(qdk_random_queue_bytes(key, sizeof(key), 11), 0);
	KT_EQ(qdk_random_queue_u(1, 0x1ff, 12), 0);	/* kept to its width */
	KT_EQ(qdk_random_queue_u(8, 0x0123456789abcdefULL, 13), 0);
	KT_EQ(qdk_random_queue_u(2, 0xbeef, 14), 0);
	KT_EQ(qdk_random_queue_u(3, 1, 15), -EINVAL);
	KT_EQ(qdk_random_status(&tag, why, sizeof(why)), 5);
	KT_EQ(tag, 10);
	KT_EQ(get_random_u32(), 0xdeadbeef);
	get_random_bytes(buf, sizeof(buf));
	KT_ASSERT(!memcmp(buf, key, sizeof(key)), "bytes as queued");
	KT_EQ(get_random_u8(), 0xff);
	KT_EQ(get_random_u64(), 0x0123456789abcdefULL);
	KT_EQ(get_random_u16(), 0xbeef);
	KT_EQ(qdk_random_status(&tag, why, sizeof(why)), 0);
	/* the generator takes over as if it had made the queued draws */
	after = get_random_u32();
	KT_EQ(after, ref);
	return 0;
}

KTEST(random, width_mismatch_abandons_queue)
{
	char why[128];
	u32 tag = 0, ref;
	u8 ref8;

	qdk_random_seed(9);
	ref = get_random_u32();
	ref8 = get_random_u8();
	qdk_random_seed(9);
	KT_EQ(qdk_random_queue_u(1, 7, 21), 0);
	KT_EQ(qdk_random_queue_u(4, 8, 22), 0);
	/* the kernel drew a u8 here; asking a u32 is a divergence */
	KT_EQ(get_random_u32(), ref);
	/* abandoned: later draws come from the generator too */
	KT_EQ(get_random_u8(), ref8);
	KT_EQ(qdk_random_status(&tag, why, sizeof(why)), 2);
	KT_EQ(tag, 21);
	KT_ASSERT(strstr(why, "get_random_u32()") && strstr(why, "get_random_u8()"),
		  "message names both: %s", why);
	qdk_random_seed(9);
	KT_EQ(qdk_random_status(&tag, why, sizeof(why)), 0);
	return 0;
}

KTEST(random, bytes_length_must_match)
{
	u8 four[4] = { 1, 2, 3, 4 }, buf[8];
	char why[128];
	u32 tag = 0;

	qdk_random_seed(3);
	KT_EQ(qdk_random_queue_bytes(four, sizeof(four), 31), 0);
	get_random_bytes(buf, sizeof(buf));
	KT_EQ(qdk_random_status(&tag, why, sizeof(why)), 1);
	KT_EQ(tag, 31);
	KT_ASSERT(strstr(why, "8 bytes") && strstr(why, "4 bytes"), "%s", why);
	qdk_random_seed(1);
	return 0;
}

KTEST(random, never_drawn_is_reported)
{
	char why[128];
	u32 tag = 0;

	qdk_random_seed(1);
	KT_EQ(qdk_random_queue_u(4, 1, 41), 0);
	KT_EQ(qdk_random_queue_u(4, 2, 42), 0);
	KT_EQ(get_random_u32(), 1);
	KT_EQ(qdk_random_status(&tag, why, sizeof(why)), 1);
	KT_EQ(tag, 42);
	KT_ASSERT(strstr(why, "never"), "%s", why);
	qdk_random_seed(1);
	return 0;
}

/* A call's draws wait for it; then it gets them and nothing else. */
KTEST(random, exact_call_draws)
{
	char why[128];
	u32 tag = 0, ref[3];

	qdk_random_seed(2);
	ref[0] = get_random_u32();
	ref[1] = get_random_u32();
	ref[2] = get_random_u32();
	qdk_random_seed(2);
	KT_EQ(qdk_random_queue_u(4, 77, 61), 0);
	qdk_random_hold();
	/* a timer on the way: the generator answers, the queue waits */
	KT_EQ(get_random_u32(), ref[0]);
	qdk_random_exact(70);
	KT_EQ(get_random_u32(), 77);
	KT_EQ(qdk_random_status(&tag, why, sizeof(why)), 0);
	qdk_random_exact(0);
	/* the next call drew once more than its R lines: at the call's tag */
	qdk_random_exact(80);
	KT_EQ(get_random_u32(), ref[2]);
	KT_EQ(qdk_random_status(&tag, why, sizeof(why)), 1);
	KT_EQ(tag, 80);
	KT_ASSERT(strstr(why, "beyond") && strstr(why, "get_random_u32()"), "%s", why);
	qdk_random_seed(1);
	KT_EQ(qdk_random_status(&tag, why, sizeof(why)), 0);
	return 0;
}

/* The log keeps every draw made while it is on, queued or not. */
KTEST(random, log_keeps_the_draws)
{
	const struct qdk_draw *d;
	u8 buf[3];
	size_t n;

	qdk_random_seed(4);
	qdk_random_log(true);
	KT_EQ(qdk_random_queue_u(2, 513, 91), 0);
	KT_EQ(get_random_u16(), 513);
	get_random_bytes(buf, sizeof(buf));
	KT_EQ(qdk_random_logged(&d, &n), 0);
	KT_EQ(n, 2);
	KT_EQ(d[0].width, 2);
	KT_EQ(d[0].val, 513);
	KT_EQ(d[1].width, 0);
	KT_EQ(d[1].len, 3);
	KT_ASSERT(!memcmp(d[1].bytes, buf, 3), "bytes as drawn");
	qdk_random_log(false);
	get_random_u8();
	KT_EQ(qdk_random_logged(&d, &n), 0);
	KT_EQ(n, 0);
	qdk_random_seed(1);
	return 0;
}

/* 6.1's routing: constant ceilings draw the narrowest getter inline */
KTEST(random, below_routes_like_the_kernel)
{
	volatile u32 ceil = 1000;
	char why[128];

	qdk_random_seed(1);
	/* 200 * 0x81 = 0x64c8: 0x64 = 100, kept as 0xc8 >= 256 % 200 */
	KT_EQ(qdk_random_queue_u(1, 0x81, 51), 0);
	KT_EQ(get_random_u32_below(200), 100);
	/* 1000 is not constant here: __get_random_u32_below, one u32 */
	KT_EQ(qdk_random_queue_u(4, 0x80000001, 52), 0);
	KT_EQ(get_random_u32_below(ceil), 500);
	/* 60000 needs a u16: 60000 * 0x8001 >> 16 = 30000 */
	KT_EQ(qdk_random_queue_u(2, 0x8001, 53), 0);
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	KT_EQ(prandom_u32_max(60000), 30000);	/* 6.1's alias routes the same */
#else
	KT_EQ(get_random_u32_below(60000), 30000);
#endif
	/* the kernel's slow path draws even for ceil 0 and 1 */
	KT_EQ(qdk_random_queue_u(4, 77, 54), 0);
	KT_EQ(__get_random_u32_below(1), 0);
	KT_EQ(qdk_random_status(NULL, why, sizeof(why)), 0);
	qdk_random_seed(1);
	return 0;
}
