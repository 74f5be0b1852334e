// SPDX-License-Identifier: GPL-2.0
/* ktest_xarray.c - the XArray, IDR and IDA with the kernel's semantics. */
#include <linux/idr.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/version.h>
#include <linux/xarray.h>

#include "ktest.h"
#include "shim.h"

static int kt_a, kt_b, kt_c;

KTEST(xarray, store_load_erase)
{
	DEFINE_XARRAY(xa);
	unsigned long index;
	void *entry;
	int n = 0;

	KT_ASSERT(xa_empty(&xa), "fresh");
	KT_ASSERT(xa_store(&xa, 5, &kt_a, GFP_KERNEL) == NULL, "no old entry");
	KT_ASSERT(xa_store(&xa, 5, &kt_b, GFP_KERNEL) == &kt_a, "old entry");
	xa_store(&xa, ULONG_MAX, &kt_c, GFP_KERNEL);
	xa_store(&xa, 1, xa_mk_value(42), GFP_KERNEL);
	KT_ASSERT(xa_load(&xa, 5) == &kt_b && !xa_load(&xa, 6), "load");
	KT_ASSERT(xa_is_value(xa_load(&xa, 1)) && xa_to_value(xa_load(&xa, 1)) == 42, "value");
	xa_for_each(&xa, index, entry)
		n = n * 10 + (index == 1 ? 1 : index == 5 ? 5 : 9);
	KT_EQ(n, 159);
	/* storing NULL erases */
	KT_ASSERT(xa_store(&xa, 1, NULL, GFP_KERNEL) == xa_mk_value(42), "store NULL");
	KT_ASSERT(!xa_load(&xa, 1), "erased");
	KT_ASSERT(xa_erase(&xa, ULONG_MAX) == &kt_c, "erase");
	KT_ASSERT(xa_erase(&xa, 5) == &kt_b && xa_empty(&xa), "emptied");
	KT_ASSERT(!xa.xa_head, "memory given back");
	/* internal entries cannot be stored */
	KT_EQ(xa_err(xa_store(&xa, 1, XA_RETRY_ENTRY, GFP_KERNEL)), -EINVAL);
	KT_ASSERT(xa_is_err(xa_store(&xa, 1, xa_mk_internal(3), GFP_KERNEL)), "internal");
	/* tagged pointers come back with their tag */
	xa_store(&xa, 2, xa_tag_pointer(&kt_a, 1), GFP_KERNEL);
	KT_EQ(xa_pointer_tag(xa_load(&xa, 2)), 1);
	KT_ASSERT(xa_untag_pointer(xa_load(&xa, 2)) == &kt_a, "untag");
	xa_destroy(&xa);
	KT_ASSERT(xa_empty(&xa), "destroyed");
	return 0;
}

KTEST(xarray, insert_cmpxchg_reserve)
{
	struct xarray xa;

	xa_init(&xa);
	KT_EQ(xa_insert(&xa, 3, &kt_a, GFP_KERNEL), 0);
	KT_EQ(xa_insert(&xa, 3, &kt_b, GFP_KERNEL), -EBUSY);
	KT_ASSERT(xa_cmpxchg(&xa, 3, &kt_b, &kt_c, GFP_KERNEL) == &kt_a, "cmpxchg no match");
	KT_ASSERT(xa_load(&xa, 3) == &kt_a, "unchanged");
	KT_ASSERT(xa_cmpxchg(&xa, 3, &kt_a, &kt_c, GFP_KERNEL) == &kt_a, "cmpxchg match");
	KT_ASSERT(xa_load(&xa, 3) == &kt_c, "changed");
	/* a reserved index loads NULL, is skipped by walks, blocks inserts */
	KT_EQ(xa_reserve(&xa, 7, GFP_KERNEL), 0);
	KT_ASSERT(!xa_load(&xa, 7) && !xa_empty(&xa), "reserved");
	KT_EQ(xa_insert(&xa, 7, &kt_a, GFP_KERNEL), -EBUSY);
	{
		unsigned long index = 4;

		KT_ASSERT(!xa_find(&xa, &index, ULONG_MAX, XA_PRESENT), "find skips reserved");
	}
	xa_release(&xa, 7);
	KT_EQ(xa_insert(&xa, 7, NULL, GFP_KERNEL), 0);	/* inserting NULL reserves */
	KT_ASSERT(!xa_load(&xa, 7), "reserved by insert");
	KT_ASSERT(xa_store(&xa, 7, &kt_b, GFP_KERNEL) == NULL, "store over reserved");
	xa_erase(&xa, 7);
	xa_erase(&xa, 3);
	KT_ASSERT(xa_empty(&xa), "empty");
	/* memory failure: XA_ERROR(-ENOMEM), nothing stored */
	qdk_alloc_fail_arm(1);
	KT_EQ(xa_err(xa_store(&xa, 9, &kt_a, GFP_KERNEL)), -ENOMEM);
	KT_ASSERT(!xa_load(&xa, 9), "not stored");
	return 0;
}

KTEST(xarray, marks_and_find)
{
	DEFINE_XARRAY(xa);
	unsigned long index;
	void *entry, *dst[4];
	int n = 0;

	xa_store(&xa, 10, &kt_a, GFP_KERNEL);
	xa_store(&xa, 20, &kt_b, GFP_KERNEL);
	xa_store(&xa, 30, &kt_c, GFP_KERNEL);
	KT_ASSERT(!xa_marked(&xa, XA_MARK_1), "no mark yet");
	xa_set_mark(&xa, 20, XA_MARK_1);
	xa_set_mark(&xa, 30, XA_MARK_1);
	xa_set_mark(&xa, 40, XA_MARK_1);	/* no entry: nothing */
	KT_ASSERT(xa_marked(&xa, XA_MARK_1) && xa_get_mark(&xa, 20, XA_MARK_1), "marked");
	KT_ASSERT(!xa_get_mark(&xa, 40, XA_MARK_1), "no entry, no mark");
	xa_for_each_marked(&xa, index, entry, XA_MARK_1)
		n += index;
	KT_EQ(n, 50);
	index = 11;
	KT_ASSERT(xa_find(&xa, &index, 25, XA_PRESENT) == &kt_b && index == 20, "find");
	KT_ASSERT(!xa_find_after(&xa, &index, 25, XA_PRESENT), "nothing after within max");
	n = 0;
	xa_for_each_range(&xa, index, entry, 15, 30)
		n++;
	KT_EQ(n, 2);
	KT_EQ(xa_extract(&xa, dst, 0, ULONG_MAX, 4, XA_MARK_1), 2);
	KT_ASSERT(dst[0] == &kt_b && dst[1] == &kt_c, "extract");
	/* a store keeps the marks; an erase takes them */
	xa_store(&xa, 20, &kt_a, GFP_KERNEL);
	KT_ASSERT(xa_get_mark(&xa, 20, XA_MARK_1), "mark kept");
	xa_clear_mark(&xa, 20, XA_MARK_1);
	xa_erase(&xa, 30);
	KT_ASSERT(!xa_marked(&xa, XA_MARK_1), "no mark left");
	xa_destroy(&xa);
	return 0;
}

KTEST(xarray, alloc)
{
	DEFINE_XARRAY_ALLOC(xa);
	DEFINE_XARRAY_ALLOC1(xa1);
	u32 id, next = 0;
	int i;

	KT_EQ(xa_alloc(&xa, &id, &kt_a, xa_limit_32b, GFP_KERNEL), 0);
	KT_EQ(id, 0);
	KT_EQ(xa_alloc(&xa, &id, &kt_b, xa_limit_32b, GFP_KERNEL), 0);
	KT_EQ(id, 1);
	xa_erase(&xa, 0);
	KT_EQ(xa_alloc(&xa, &id, &kt_c, xa_limit_32b, GFP_KERNEL), 0);
	KT_EQ(id, 0);				/* the lowest free */
	KT_EQ(xa_alloc(&xa, &id, NULL, XA_LIMIT(5, 6), GFP_KERNEL), 0);
	KT_ASSERT(id == 5 && !xa_load(&xa, 5), "NULL allocation reserves");
	KT_EQ(xa_alloc(&xa, &id, &kt_a, XA_LIMIT(5, 6), GFP_KERNEL), 0);
	KT_EQ(id, 6);
	KT_EQ(xa_alloc(&xa, &id, &kt_a, XA_LIMIT(5, 6), GFP_KERNEL), -EBUSY);
	xa_destroy(&xa);
	/* ALLOC1 starts at 1; storing NULL keeps the index busy */
	KT_EQ(xa_alloc(&xa1, &id, &kt_a, xa_limit_31b, GFP_KERNEL), 0);
	KT_EQ(id, 1);
	xa_store(&xa1, 1, NULL, GFP_KERNEL);
	KT_ASSERT(!xa_empty(&xa1), "zero busy");
	KT_EQ(xa_alloc(&xa1, &id, &kt_a, xa_limit_31b, GFP_KERNEL), 0);
	KT_EQ(id, 2);
	xa_destroy(&xa1);
	/* cyclic: on from next, wrapping to the start with 1 */
	for (i = 0; i < 3; i++)
		KT_EQ(xa_alloc_cyclic(&xa, &id, &kt_a, XA_LIMIT(1, 3), &next, GFP_KERNEL), 0);
	KT_EQ(id, 3);
	xa_erase(&xa, 2);
	/* 7.x's xa_alloc_cyclic() says 0 for a wrapped allocation too */
	KT_EQ(xa_alloc_cyclic(&xa, &id, &kt_a, XA_LIMIT(1, 3), &next, GFP_KERNEL),
	      LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0) ? 0 : 1);
	KT_EQ(id, 2);
	KT_EQ(next, 3);
	KT_EQ(xa_alloc_cyclic(&xa, &id, &kt_a, XA_LIMIT(1, 3), &next, GFP_KERNEL), -EBUSY);
	xa_destroy(&xa);
	/* not an allocating array */
	{
		DEFINE_XARRAY(plain);
		unsigned long w0 = qdk_warn_count;

		KT_EQ(xa_alloc(&plain, &id, &kt_a, xa_limit_32b, GFP_KERNEL), -EINVAL);
		qdk_warn_count = w0;
	}
	return 0;
}

KTEST(xarray, lock_flavours)
{
	struct xarray xa;
	u32 id;

	xa_init_flags(&xa, XA_FLAGS_ALLOC | XA_FLAGS_LOCK_BH);
	KT_ASSERT(!xa_store_bh(&xa, 1, &kt_a, GFP_KERNEL), "store_bh");
	KT_EQ(xa_insert_irq(&xa, 2, &kt_b, GFP_KERNEL), 0);
	KT_EQ(xa_alloc_bh(&xa, &id, &kt_c, xa_limit_32b, GFP_KERNEL), 0);
	KT_EQ(id, 0);
	xa_lock(&xa);
	KT_ASSERT(__xa_erase(&xa, 0) == &kt_c, "__xa_erase under the lock");
	xa_unlock(&xa);
	KT_ASSERT(xa_erase_irq(&xa, 1) == &kt_a && xa_erase_bh(&xa, 2) == &kt_b, "erase");
	KT_ASSERT(!spin_is_locked(&xa.xa_lock), "lock left held");
	return 0;
}

static int kt_sum(int id, void *p, void *data)
{
	*(int *)data += id;
	return 0;
}

KTEST(idr, alloc_find_remove)
{
	DEFINE_IDR(idr);
	int id, sum = 0;
	void *p;

	KT_ASSERT(idr_is_empty(&idr), "empty");
	KT_EQ(idr_alloc(&idr, &kt_a, 0, 0, GFP_KERNEL), 0);
	KT_EQ(idr_alloc(&idr, &kt_b, 0, 0, GFP_KERNEL), 1);
	KT_EQ(idr_alloc(&idr, NULL, 0, 0, GFP_KERNEL), 2);	/* NULL keeps id 2 */
	KT_EQ(idr_alloc(&idr, &kt_c, 10, 12, GFP_KERNEL), 10);
	KT_EQ(idr_alloc(&idr, &kt_c, 10, 11, GFP_KERNEL), -ENOSPC);
	KT_EQ(idr_alloc(&idr, &kt_c, -1, 0, GFP_KERNEL), -EINVAL);
	KT_ASSERT(idr_find(&idr, 1) == &kt_b && !idr_find(&idr, 2) && !idr_find(&idr, 3), "find");
	idr_for_each(&idr, kt_sum, &sum);
	KT_EQ(sum, 0 + 1 + 10);			/* the NULL one skipped */
	sum = 0;
	idr_for_each_entry(&idr, p, id)
		sum += id;
	KT_EQ(sum, 11);
	id = 2;
	KT_ASSERT(idr_get_next(&idr, &id) == &kt_c && id == 10, "get_next");
	KT_ASSERT(idr_replace(&idr, &kt_a, 2) == NULL, "replace the NULL one");
	KT_ASSERT(idr_find(&idr, 2) == &kt_a, "replaced");
	KT_EQ(PTR_ERR(idr_replace(&idr, &kt_a, 3)), -ENOENT);
	KT_ASSERT(idr_remove(&idr, 1) == &kt_b, "remove");
	KT_ASSERT(!idr_remove(&idr, 1), "removed twice");
	KT_EQ(idr_alloc(&idr, &kt_b, 0, 0, GFP_KERNEL), 1);	/* the lowest free again */
	idr_destroy(&idr);
	KT_ASSERT(idr_is_empty(&idr), "destroyed");
	return 0;
}

KTEST(idr, base_and_cyclic)
{
	struct idr idr;
	u32 id = 0;

	idr_init_base(&idr, 1);
	KT_EQ(idr_alloc(&idr, &kt_a, 0, 0, GFP_KERNEL), 1);
	KT_ASSERT(idr_find(&idr, 1) == &kt_a && !idr_find(&idr, 0), "ids from base");
	KT_EQ(idr_alloc_u32(&idr, &kt_b, &id, 5, GFP_KERNEL), 0);
	KT_EQ(id, 2);
	idr_destroy(&idr);

	idr_init(&idr);
	KT_EQ(idr_alloc_cyclic(&idr, &kt_a, 0, 3, GFP_KERNEL), 0);
	KT_EQ(idr_alloc_cyclic(&idr, &kt_a, 0, 3, GFP_KERNEL), 1);
	idr_remove(&idr, 0);
	KT_EQ(idr_alloc_cyclic(&idr, &kt_a, 0, 3, GFP_KERNEL), 2);
	KT_EQ(idr_get_cursor(&idr), 3);
	/* past the end: around to the start, where 0 is free */
	KT_EQ(idr_alloc_cyclic(&idr, &kt_a, 0, 3, GFP_KERNEL), 0);
	KT_EQ(idr_alloc_cyclic(&idr, &kt_a, 0, 3, GFP_KERNEL), -ENOSPC);
	idr_destroy(&idr);
	return 0;
}

KTEST(idr, ida)
{
	DEFINE_IDA(ida);
	unsigned long w0 = qdk_warn_count;

	KT_EQ(ida_alloc(&ida, GFP_KERNEL), 0);
	KT_EQ(ida_alloc(&ida, GFP_KERNEL), 1);
	KT_EQ(ida_alloc_min(&ida, 5, GFP_KERNEL), 5);
	KT_EQ(ida_alloc_range(&ida, 5, 5, GFP_KERNEL), -ENOSPC);
	KT_EQ(ida_alloc_max(&ida, 1, GFP_KERNEL), -ENOSPC);
	ida_free(&ida, 0);
	KT_EQ(ida_simple_get(&ida, 0, 0, GFP_KERNEL), 0);
	ida_simple_remove(&ida, 0);
	ida_free(&ida, 0);		/* not allocated: the kernel's warning */
	KT_EQ(qdk_warn_count, w0 + 1);
	qdk_warn_count = w0;
	KT_ASSERT(!ida_is_empty(&ida), "two left");
	ida_destroy(&ida);
	KT_ASSERT(ida_is_empty(&ida), "destroyed");
	return 0;
}
