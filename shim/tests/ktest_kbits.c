// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_kbits.c - small kernel.h-level helpers: fixed-type masks and bits,
 * 64-bit rounding divisions, unaligned stores, class interfaces and probe
 * error logging.
 */
#include <linux/bits.h>
#include <linux/device.h>
#include <linux/kernel.h>
#include <linux/limits.h>
#include <linux/math64.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/unaligned/packed_struct.h>

#include "ktest.h"
#include "shim.h"

KTEST(kbits, masks_and_sizes)
{
	KT_EQ(GENMASK_U8(7, 4), 0xf0);
	KT_EQ(GENMASK_U16(15, 0), 0xffff);
	KT_EQ(GENMASK_U32(31, 31), 0x80000000u);
	KT_EQ(GENMASK_U64(40, 8), 0x1ffffffff00ull);
	KT_EQ(sizeof(GENMASK_U8(3, 0)), 1);
	KT_EQ(BIT_U16(15), 0x8000);
	KT_EQ(sizeof(BIT_U32(3)), 4);
	KT_EQ(BITS_PER_TYPE(u16), 16);
	KT_EQ(SZ_8G, 8ull << 30);
	KT_EQ(SZ_128T, 128ull << 40);
	KT_EQ(SZ_24K, 24 * 1024);
	KT_EQ(SSIZE_MAX, 0x7fffffffffffffffll);
	return 0;
}

KTEST(kbits, math64_rounding)
{
	u64 rem;

	KT_EQ(DIV_S64_ROUND_CLOSEST(7, 2), 4);
	KT_EQ(DIV_S64_ROUND_CLOSEST(-7, 2), -4);	/* halves away from zero */
	KT_EQ(DIV_S64_ROUND_CLOSEST(-5, 3), -2);
	KT_EQ(DIV_S64_ROUND_CLOSEST(5, -3), -2);
	KT_EQ(DIV_U64_ROUND_UP(10, 3), 4);
	KT_EQ(roundup_u64(10, 4), 12);
	KT_EQ(roundup_u64(12, 4), 12);
	KT_EQ(mul_s64_u64_shr(-(1ll << 40), 3, 8), -(3ll << 32));
	KT_EQ(mul_s64_u64_shr(1ll << 40, 3, 8), 3ll << 32);
	KT_EQ(add_u64_u32(U64_MAX - 1, 1), U64_MAX);
	KT_EQ(iter_div_u64_rem(1000000007ull, 1000000000u, &rem), 1);
	KT_EQ(rem, 7);
	KT_EQ(iter_div_u64_rem(5, 7, &rem), 0);
	KT_EQ(rem, 5);
	return 0;
}

KTEST(kbits, unaligned_stores)
{
	u8 buf[11] = { 0 };

	__put_unaligned_cpu16(0x1234, buf + 1);
	__put_unaligned_cpu32(0xa1b2c3d4, buf + 3);
	__put_unaligned_cpu64(0x0102030405060708ull, buf + 3);
	KT_EQ(__get_unaligned_cpu16(buf + 1), 0x1234);
	KT_EQ(__get_unaligned_cpu64(buf + 3), 0x0102030405060708ull);
	KT_EQ(buf[3], 0x08);	/* little-endian x86 */
	return 0;
}

static int intf_adds, intf_removes;

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static int kt_intf_add(struct device *dev)
{
	intf_adds++;
	return 0;
}

static void kt_intf_remove(struct device *dev)
{
	intf_removes++;
}
#else
static int kt_intf_add(struct device *dev, struct class_interface *intf)
{
	intf_adds++;
	return 0;
}

static void kt_intf_remove(struct device *dev, struct class_interface *intf)
{
	intf_removes++;
}
#endif

KTEST(kbits, class_interfaces_and_probe_errors)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	struct class *cls = class_create("ktintf");
#else
	struct class *cls = class_create(THIS_MODULE, "ktintf");
#endif
	struct class_interface intf = {
		.add_dev = kt_intf_add,
		.remove_dev = kt_intf_remove,
	};
	struct device *a, *b;

	KT_ASSERT(!IS_ERR(cls), "class");
	intf.class = cls;
	a = device_create(cls, NULL, 0, NULL, "kti0");
	KT_ASSERT(!IS_ERR(a), "device");
	KT_EQ(class_interface_register(&intf), 0);
	KT_EQ(intf_adds, 1);			/* the device already there */
	b = device_create(cls, NULL, 0, NULL, "kti1");
	KT_EQ(intf_adds, 2);			/* and the one added since */
	device_unregister(b);
	KT_EQ(intf_removes, 1);
	class_interface_unregister(&intf);
	KT_EQ(intf_removes, 2);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	KT_ASSERT(class_is_registered(cls), "registered");
#endif
	KT_ASSERT(!class_find_device_by_fwnode(cls, NULL), "no firmware nodes");

	KT_EQ(dev_err_probe(a, -EINVAL, "bad %s\n", "thing"), -EINVAL);
	KT_EQ(dev_warn_probe(a, -EPROBE_DEFER, "later\n"), -EPROBE_DEFER);
	KT_EQ(PTR_ERR(dev_err_ptr_probe(a, -ENOMEM, "quiet\n")), -ENOMEM);
	device_unregister(a);
	class_destroy(cls);
	return 0;
}
