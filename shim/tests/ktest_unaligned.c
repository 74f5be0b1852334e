// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_unaligned.c - linux/unaligned.h: loads and stores of every width and
 * byte order at odd addresses, with the byte layouts the kernel documents
 * (be: most significant byte first).
 */
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include "ktest.h"

KTEST(unaligned, stores_lay_out_bytes)
{
	u8 buf[16];
	static const u8 be64[] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	static const u8 le64[] = { 8, 7, 6, 5, 4, 3, 2, 1 };

	memset(buf, 0xee, sizeof(buf));
	put_unaligned_be64(0x0102030405060708ULL, buf + 1);
	KT_ASSERT(!memcmp(buf + 1, be64, 8), "be64 layout");
	KT_EQ(buf[0], 0xee);
	KT_EQ(buf[9], 0xee);
	KT_ASSERT(get_unaligned_be64(buf + 1) == 0x0102030405060708ULL, "be64 back");
	KT_ASSERT(get_unaligned_le64(buf + 1) == 0x0807060504030201ULL, "le64 of be");

	put_unaligned_le64(0x0102030405060708ULL, buf + 3);
	KT_ASSERT(!memcmp(buf + 3, le64, 8), "le64 layout");

	put_unaligned_be32(0xa1b2c3d4, buf + 1);
	KT_EQ(buf[1], 0xa1);
	KT_EQ(buf[4], 0xd4);
	put_unaligned_le32(0xa1b2c3d4, buf + 5);
	KT_EQ(buf[5], 0xd4);
	KT_EQ(buf[8], 0xa1);
	KT_EQ(get_unaligned_le32(buf + 5), 0xa1b2c3d4);

	put_unaligned_be16(0xbeef, buf + 7);
	KT_EQ(buf[7], 0xbe);
	KT_EQ(buf[8], 0xef);
	put_unaligned_le16(0xbeef, buf + 9);
	KT_EQ(buf[9], 0xef);
	KT_EQ(buf[10], 0xbe);
	KT_EQ(get_unaligned_be16(buf + 9), 0xefbe);
	return 0;
}

KTEST(unaligned, odd_widths)
{
	u8 buf[8];
	static const u8 be48[] = { 0x8a, 0x9b, 0xac, 0xbd, 0xce, 0xdf };

	memset(buf, 0, sizeof(buf));
	put_unaligned_be24(0xfedcba98, buf + 1);	/* the top byte is dropped */
	KT_EQ(buf[1], 0xdc);
	KT_EQ(buf[2], 0xba);
	KT_EQ(buf[3], 0x98);
	KT_EQ(buf[4], 0);
	KT_EQ(get_unaligned_be24(buf + 1), 0xdcba98);
	KT_EQ(get_unaligned_le24(buf + 1), 0x98badc);

	put_unaligned_le24(0x123456, buf + 3);
	KT_EQ(buf[3], 0x56);
	KT_EQ(buf[5], 0x12);
	KT_EQ(__get_unaligned_le24(buf + 3), 0x123456);

	memset(buf, 0, sizeof(buf));
	put_unaligned_be48(0xffff8a9bacbdcedfULL, buf + 1);
	KT_ASSERT(!memcmp(buf + 1, be48, 6), "be48 layout");
	KT_EQ(buf[7], 0);
	/* every byte with its top bit set: no sign extension on the way back */
	KT_ASSERT(get_unaligned_be48(buf + 1) == 0x8a9bacbdcedfULL, "be48 %llx",
		  (unsigned long long)get_unaligned_be48(buf + 1));
	__put_unaligned_be24(0x800000, buf);
	KT_EQ(__get_unaligned_be24(buf), 0x800000);
	return 0;
}
