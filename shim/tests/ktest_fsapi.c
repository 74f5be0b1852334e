// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_fsapi.c - the newer series' user-access helpers (scoped windows,
 * bounce buffers, the pagefault guard), IDA look-ups and the idr_alloc
 * class, and the file-system helpers of linux/fs.h the shim computes.
 */
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/idr.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/version.h>

#include "ktest.h"
#include "../api/qdk_api.h"

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 17, 0)
KTEST(uaccess_cov, bounce_buffers)
{
	struct { u32 a, b; } k = { 1, 2 };
	u32 wide[4] = { 7, 8, 0, 0 };
	u32 out[4];
	bool trailing = true;

	KT_EQ(copy_struct_from_bounce_buffer(&k, sizeof(k), wide, sizeof(wide)), 0);
	KT_EQ(k.a, 7);
	KT_EQ(k.b, 8);
	wide[2] = 5;
	KT_EQ(copy_struct_from_bounce_buffer(&k, sizeof(k), wide, sizeof(wide)), -E2BIG);
	/* a shorter source: the rest of dst is cleared */
	KT_EQ(copy_struct_from_bounce_buffer(&k, sizeof(k), wide, 4), 0);
	KT_EQ(k.a, 7);
	KT_EQ(k.b, 0);
	/* to a larger buffer: extra bytes cleared, nothing ignored */
	memset(out, 0xff, sizeof(out));
	KT_EQ(copy_struct_to_bounce_buffer(out, sizeof(out), &k, sizeof(k), &trailing), 0);
	KT_EQ(out[0], 7);
	KT_EQ(out[2], 0);
	KT_ASSERT(!trailing, "nothing dropped");
	/* to a smaller one: a nonzero dropped part is reported */
	k.b = 3;
	KT_EQ(copy_struct_to_bounce_buffer(out, 4, &k, sizeof(k), &trailing), 0);
	KT_ASSERT(trailing, "b dropped");
	return 0;
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 15, 0)
KTEST(uaccess_cov, pagefault_guard)
{
	KT_ASSERT(!pagefault_disabled(), "on at start");
	{
		guard(pagefault)();
		KT_ASSERT(pagefault_disabled(), "off in the scope");
	}
	KT_ASSERT(!pagefault_disabled(), "on again");
	return 0;
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 19, 0)
static int cov_sum_user(const u32 __user *p, u32 *sum)
{
	u32 a, b;

	scoped_user_read_access_size(p, 2 * sizeof(*p), efault) {
		unsafe_get_user(a, p, efault);
		unsafe_get_user(b, p + 1, efault);
	}
	*sum = a + b;
	return 0;
efault:
	return -EFAULT;
}

KTEST(uaccess_cov, scoped_and_inline)
{
	u32 *page = kmalloc(16, GFP_KERNEL);
	u32 v = 0, sum = 0;

	KT_ASSERT(page, "alloc");
	page[0] = 40;
	page[1] = 2;
	KT_EQ(cov_sum_user(page, &sum), 0);
	KT_EQ(sum, 42);
	/* the second word faults */
	qdk_user_fault_at(page + 1);
	KT_EQ(cov_sum_user(page, &sum), -EFAULT);
	KT_EQ(get_user_inline(v, page), 0);
	KT_EQ(v, 40);
	KT_EQ(put_user_inline(9u, page + 1), -EFAULT);
	KT_EQ(put_user_inline(9u, page), 0);
	KT_EQ(page[0], 9);
	qdk_user_fault_at(NULL);
	/* beyond user space: access_ok() refuses the window */
	KT_EQ(get_user_inline(v, (u32 __user *)~0UL), -EFAULT);
	kfree(page);
	return 0;
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 16, 0)
KTEST(idr_cov, ida_find_first)
{
	DEFINE_IDA(ida);

	KT_EQ(ida_find_first(&ida), -ENOENT);
	KT_EQ(ida_alloc_range(&ida, 5, 5, GFP_KERNEL), 5);
	KT_EQ(ida_alloc_range(&ida, 2000, 2000, GFP_KERNEL), 2000);
	KT_EQ(ida_find_first(&ida), 5);
	KT_ASSERT(ida_exists(&ida, 5), "5");
	KT_ASSERT(!ida_exists(&ida, 6), "6");
	KT_EQ(ida_find_first_range(&ida, 6, 3000), -ENOENT);	/* the kernel's chunk quirk */
	KT_EQ(ida_find_first_range(&ida, 1024, 3000), 2000);
	KT_EQ(ida_find_first_range(&ida, 1024, 1999), -ENOENT);
	KT_EQ(ida_find_first_range(&ida, 0x80000000u, ~0u), -EINVAL);
	ida_destroy(&ida);
	return 0;
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 19, 0)
static int cov_idr_keep(struct idr *idr, void *p, bool keep)
{
	CLASS(idr_alloc, id)(idr, p, 1, 0, GFP_KERNEL);

	if (id.id < 0)
		return id.id;
	if (!keep)
		return -EAGAIN;	/* id removed on the way out */
	return take_idr_id(id).id;
}

KTEST(idr_cov, alloc_class)
{
	DEFINE_IDR(idr);
	int x;

	KT_EQ(cov_idr_keep(&idr, &x, false), -EAGAIN);
	KT_ASSERT(idr_is_empty(&idr), "removed");
	KT_EQ(cov_idr_keep(&idr, &x, true), 1);
	KT_ASSERT(idr_find(&idr, 1) == &x, "kept");
	idr_destroy(&idr);
	return 0;
}
#endif
