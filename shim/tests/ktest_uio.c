// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_uio.c - iov_iter (lib/iov_iter.c): copies over user and kernel
 * buffers and pages, where a walk stops, advance/revert/restore, the
 * alignment and page counts, importing a user iovec array.
 */
#include <linux/bvec.h>
#include <linux/err.h>
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/uio.h>
#include <linux/version.h>
#include <net/checksum.h>

#include "ktest.h"
#include "../api/qdk_api.h"

/* the current segment of an iovec or kvec iterator */
#define cur_kvec(i)	((i)->kvec)

KTEST(uio, iovec_copy_walks_segments)
{
	char *ubuf = kzalloc(64, GFP_KERNEL);
	struct iovec iov[4];
	struct iov_iter it;

	KT_ASSERT(ubuf, "alloc");
	iov[0] = (struct iovec){ ubuf, 3 };
	iov[1] = (struct iovec){ ubuf + 10, 0 };
	iov[2] = (struct iovec){ ubuf + 20, 4 };
	iov[3] = (struct iovec){ ubuf + 30, 5 };
	iov_iter_init(&it, READ, iov, 4, 12);
	KT_ASSERT(iter_is_iovec(&it) && user_backed_iter(&it), "a user iovec");
	KT_EQ(iov_iter_rw(&it), READ);
	KT_EQ(iov_iter_count(&it), 12);

	/* 5 bytes: all of the first, the empty one skipped, 2 into the third */
	KT_EQ(copy_to_iter("abcdefgh", 5, &it), 5);
	KT_ASSERT(!memcmp(ubuf, "abc", 3) && !memcmp(ubuf + 20, "de", 2), "data");
	KT_EQ(ubuf[22], 0);
	KT_EQ(iov_iter_count(&it), 7);
	KT_EQ(it.nr_segs, 2);
	KT_ASSERT(cur_kvec(&it) == (const struct kvec *)&iov[2], "in the third segment");
	KT_EQ(it.iov_offset, 2);
	KT_EQ(iov_iter_single_seg_count(&it), 2);

	/* ending exactly at a segment's end moves past it */
	KT_EQ(copy_to_iter("fg", 2, &it), 2);
	KT_EQ(it.nr_segs, 1);
	KT_EQ(it.iov_offset, 0);
	/* more than is left: the count caps it */
	KT_EQ(copy_to_iter("0123456789", 10, &it), 5);
	KT_ASSERT(!memcmp(ubuf + 30, "01234", 5), "last segment");
	KT_EQ(iov_iter_count(&it), 0);
	KT_EQ(it.nr_segs, 0);
	KT_EQ(copy_to_iter("x", 1, &it), 0);

	/* back over everything: the first segment again, from its start */
	iov_iter_revert(&it, 12);
	KT_EQ(iov_iter_count(&it), 12);
	KT_EQ(it.nr_segs, 4);
	KT_ASSERT(cur_kvec(&it) == (const struct kvec *)&iov[0], "first segment");
	KT_EQ(it.iov_offset, 0);
	kfree(ubuf);
	return 0;
}

KTEST(uio, user_fault_stops_the_copy)
{
	char *ubuf = kzalloc(32, GFP_KERNEL);
	char dst[16];
	struct iov_iter it;
	struct iovec iov[2];

	KT_ASSERT(ubuf, "alloc");
	memcpy(ubuf, "0123456789abcdef", 16);
	iov[0] = (struct iovec){ ubuf, 4 };
	iov[1] = (struct iovec){ ubuf + 4, 12 };
	iov_iter_init(&it, WRITE, iov, 2, 16);
	/* user memory ends 7 bytes in: 4 + 3 copied, the walk stays in the second */
	qdk_user_fault_at(ubuf + 7);
	memset(dst, 'x', sizeof(dst));
	KT_EQ(copy_from_iter(dst, 16, &it), 7);
	KT_ASSERT(!memcmp(dst, "0123456", 7), "copied part");
	KT_EQ(dst[7], 'x');		/* the rest of the destination untouched */
	KT_EQ(iov_iter_count(&it), 9);
	KT_EQ(it.nr_segs, 1);
	KT_EQ(it.iov_offset, 3);
	KT_EQ(fault_in_iov_iter_readable(&it, 9), 9);
	iov_iter_revert(&it, 7);
	KT_EQ(fault_in_iov_iter_readable(&it, 16), 9);
	KT_EQ(fault_in_iov_iter_writeable(&it, 5), 0);
	/* all or nothing: a short copy is undone */
	KT_ASSERT(!copy_from_iter_full(dst, 16, &it), "short");
	KT_EQ(iov_iter_count(&it), 16);
	KT_EQ(it.nr_segs, 2);
	qdk_user_fault_at(NULL);
	KT_ASSERT(copy_from_iter_full(dst, 16, &it), "whole");
	KT_ASSERT(!memcmp(dst, "0123456789abcdef", 16), "data");

	/* one user buffer: iov_iter_ubuf(), its zeroing and a fault in it */
	iov_iter_ubuf(&it, READ, ubuf, 10);
	KT_ASSERT(iter_is_ubuf(&it) && user_backed_iter(&it), "ubuf");
	qdk_user_fault_at(ubuf + 6);
	KT_EQ(iov_iter_zero(10, &it), 6);
	KT_EQ(ubuf[5], 0);
	KT_EQ(ubuf[6], '6');
	KT_EQ(it.iov_offset, 6);
	KT_EQ(iov_iter_count(&it), 4);
	qdk_user_fault_at(NULL);
	kfree(ubuf);
	return 0;
}

KTEST(uio, kvec_discard_advance_restore)
{
	char a[4] = "abcd", b[6] = "efghij", out[10];
	struct kvec vec[2] = { { a, 4 }, { b, 6 } };
	struct iov_iter_state st;
	struct iov_iter it, d;

	iov_iter_kvec(&it, ITER_SOURCE, vec, 2, 10);
	KT_ASSERT(iov_iter_is_kvec(&it) && !user_backed_iter(&it), "kvec");
	KT_EQ(iov_iter_rw(&it), WRITE);
	iov_iter_save_state(&it, &st);
	iov_iter_advance(&it, 5);
	KT_EQ(it.nr_segs, 1);
	KT_EQ(it.iov_offset, 1);
	KT_EQ(copy_from_iter(out, 10, &it), 5);
	KT_ASSERT(!memcmp(out, "fghij", 5), "after advance");
	iov_iter_restore(&it, &st);
	KT_EQ(iov_iter_count(&it), 10);
	KT_EQ(it.nr_segs, 2);
	KT_ASSERT(cur_kvec(&it) == vec, "restored");
	iov_iter_truncate(&it, 3);
	KT_EQ(iov_iter_count(&it), 3);
	iov_iter_truncate(&it, 100);
	KT_EQ(iov_iter_count(&it), 3);
	iov_iter_reexpand(&it, 10);
	KT_EQ(copy_from_iter(out, 10, &it), 10);
	KT_ASSERT(!memcmp(out, "abcdefghij", 10), "whole");

	/* a discarding destination counts and keeps nothing */
	iov_iter_discard(&d, READ, 8);
	KT_ASSERT(iov_iter_is_discard(&d), "discard");
	KT_EQ(copy_to_iter(out, 5, &d), 5);
	KT_EQ(iov_iter_count(&d), 3);
	iov_iter_revert(&d, 5);
	KT_EQ(iov_iter_count(&d), 8);
	KT_EQ(iov_iter_npages(&d, 16), 0);
	return 0;
}

KTEST(uio, bvec_pages_and_copy_page)
{
	struct page *pages = alloc_pages(GFP_KERNEL | __GFP_COMP, 1);
	struct bio_vec bv[2];
	struct iov_iter it;
	char buf[PAGE_SIZE + 8], *p;
	size_t i;

	KT_ASSERT(pages, "alloc");
	p = page_address(pages);
	for (i = 0; i < 2 * PAGE_SIZE; i++)
		p[i] = (char)(i % 251);
	/* 8 bytes from the end of the first page on, then 4 of the second's start */
	bvec_set_page(&bv[0], pages, 16, PAGE_SIZE - 8);
	bvec_set_virt(&bv[1], p + PAGE_SIZE, 4);
	KT_ASSERT(bv[1].bv_page == pages + 1 && bv[1].bv_offset == 0, "virt");
	iov_iter_bvec(&it, ITER_SOURCE, bv, 2, 20);
	KT_EQ(iov_iter_npages(&it, 16), 3);
	KT_EQ(iov_iter_npages(&it, 2), 2);
	KT_EQ(copy_from_iter(buf, 20, &it), 20);
	for (i = 0; i < 16; i++)
		KT_EQ(buf[i], (char)((PAGE_SIZE - 8 + i) % 251));
	for (i = 0; i < 4; i++)
		KT_EQ(buf[16 + i], (char)((PAGE_SIZE + i) % 251));
	/* back 6: over the second piece into the first */
	iov_iter_revert(&it, 6);
	KT_EQ(it.nr_segs, 2);
	KT_EQ(it.iov_offset, 14);

	/* a page's bytes into a kernel buffer, across the compound page's boundary */
	{
		struct kvec kv = { buf, sizeof(buf) };

		iov_iter_kvec(&it, ITER_DEST, &kv, 1, sizeof(buf));
		KT_EQ(copy_page_to_iter(pages, PAGE_SIZE - 4, 8, &it), 8);
		for (i = 0; i < 8; i++)
			KT_EQ(buf[i], (char)((PAGE_SIZE - 4 + i) % 251));
		/* past the allocation: refused with a warning */
		KT_EQ(copy_page_to_iter(pages, PAGE_SIZE, 2 * PAGE_SIZE, &it), 0);
		/* a page that is not compound is one page long */
		{
			struct page *one = alloc_pages(GFP_KERNEL, 1);

			KT_ASSERT(one, "alloc");
			KT_EQ(copy_page_to_iter(one, PAGE_SIZE - 4, 8, &it), 0);
			__free_pages(one, 1);
		}
		KT_EQ(iov_iter_count(&it), sizeof(buf) - 8);
	}
	__free_pages(pages, 1);
	return 0;
}

KTEST(uio, alignment_and_npages)
{
	char *ubuf = kmalloc(4 * PAGE_SIZE, GFP_KERNEL);
	struct iovec iov[3];
	struct iov_iter it;
	unsigned long base;

	KT_ASSERT(ubuf, "alloc");
	/* 512-aligned, not 1024-aligned */
	base = ALIGN((unsigned long)ubuf, 1024) + 512;
	iov[0] = (struct iovec){ (void *)base, 512 };
	iov[1] = (struct iovec){ (void *)(base + 1024), 1024 };
	iov[2] = (struct iovec){ (void *)(base + 2048 + 8), 100 };
	iov_iter_init(&it, READ, iov, 2, 1536);
	KT_EQ(iov_iter_alignment(&it) & 511, 0);
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	KT_ASSERT(iov_iter_is_aligned(&it, 511, 511), "512-aligned");
	KT_ASSERT(!iov_iter_is_aligned(&it, 1023, 0), "not 1024-aligned");
#endif
	/* the gap between the first's end and the second's start */
	KT_EQ(iov_iter_gap_alignment(&it), (base + 1024) | (base + 512));
	iov_iter_init(&it, READ, iov, 3, 1636);
	KT_EQ(iov_iter_alignment(&it) & 7, 4);	/* 100 bytes: 4-aligned */
	KT_EQ(iov_iter_npages(&it, 100),
	      DIV_ROUND_UP(offset_in_page(base) + 512, PAGE_SIZE) +
	      DIV_ROUND_UP(offset_in_page(base + 1024) + 1024, PAGE_SIZE) +
	      DIV_ROUND_UP(offset_in_page(base + 2056) + 100, PAGE_SIZE));
	KT_EQ(iov_iter_npages_cap(&it, 100, 0), 0);
	KT_EQ(iov_iter_count(&it), 1636);
	kfree(ubuf);
	return 0;
}

KTEST(uio, import_iovec_from_user)
{
	struct iovec *uvec = kmalloc_array(3, sizeof(*uvec), GFP_KERNEL);
	struct iovec fast[2], *iov = fast;
	char *data = kmalloc(64, GFP_KERNEL);
	struct iov_iter it;
	const void *dup;

	KT_ASSERT(uvec && data, "alloc");
	uvec[0] = (struct iovec){ data, 8 };
	uvec[1] = (struct iovec){ data + 8, 0 };
	uvec[2] = (struct iovec){ data + 16, 16 };
	/* three do not fit two: a kmalloc'ed array comes back to kfree() */
	KT_EQ(import_iovec(WRITE, uvec, 3, 2, &iov, &it), 24);
	KT_ASSERT(iov && iov != fast, "allocated");
	KT_EQ(it.nr_segs, 3);
	dup = dup_iter(&it, &it, GFP_KERNEL);
	KT_ASSERT(dup && dup != iov, "dup");
	kfree(dup);
	kfree(iov);

	/* two fit: *iovp is NULL */
	iov = fast;
	KT_EQ(import_iovec(READ, uvec, 2, 2, &iov, &it), 8);
	KT_ASSERT(!iov, "on the fast array");
	/* a negative length, too many segments, an unreadable array */
	uvec[1].iov_len = (size_t)-1;
	iov = fast;
	KT_EQ(import_iovec(READ, uvec, 2, 2, &iov, &it), -EINVAL);
	KT_ASSERT(!iov, "NULL on error");
	iov = fast;
	KT_EQ(import_iovec(READ, uvec, UIO_MAXIOV + 1, 2, &iov, &it), -EINVAL);
	iov = fast;
	KT_EQ(import_iovec(READ, NULL, 2, 2, &iov, &it), -EFAULT);
	KT_ASSERT(IS_ERR(iovec_from_user(NULL, 1, 1, fast, false)), "fault");
	KT_ASSERT(iovec_from_user(NULL, 0, 1, fast, false) == fast, "no segments");

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	KT_EQ(import_single_range(READ, data, 12, fast, &it), 0);
	KT_ASSERT(iter_is_iovec(&it) && fast[0].iov_len == 12, "single range");
	KT_EQ(import_single_range(READ, (void *)(1UL << 62), 12, fast, &it), -EFAULT);
#else
	KT_EQ(import_ubuf(READ, data, 12, &it), 0);
	KT_ASSERT(iter_is_ubuf(&it) && it.nr_segs == 1, "ubuf");
	KT_ASSERT(iter_iov(&it)->iov_base == data && iter_iov(&it)->iov_len == 12, "iter_iov");
	KT_EQ(import_ubuf(READ, (void *)(1UL << 62), 12, &it), -EFAULT);
#endif
	kfree(uvec);
	kfree(data);
	return 0;
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
KTEST(uio, csum_and_copy)
{
	char src[6] = { 1, 2, 3, 4, 5, 6 }, dst[6];
	struct kvec kv[2] = { { src, 3 }, { src + 3, 3 } };
	struct iov_iter it;
	__wsum sum = 0;

	iov_iter_kvec(&it, WRITE, kv, 2, 6);
	KT_EQ(csum_and_copy_from_iter(dst, 6, &sum, &it), 6);
	KT_ASSERT(!memcmp(src, dst, 6), "copied");
	/* the same folded checksum as one pass over the bytes */
	KT_EQ(csum_fold(sum), csum_fold(csum_partial(src, 6, 0)));
	return 0;
}
#endif
