/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Misc character devices (shim/lib/misc.c): misc_register() gives a
 * MISC_DYNAMIC_MINOR device a free minor and makes it a device of the class
 * "misc" with the node /dev/NAME (two devices of one name or minor:
 * -EBUSY); an open sets file->private_data to the miscdevice, as the
 * kernel's misc_open() does. misc_deregister() removes it.
 * qdk_misc_find() gives the harness a device by name.
 */
#ifndef _LINUX_MISCDEVICE_H
#define _LINUX_MISCDEVICE_H

#include <linux/fs.h>
#include <linux/list.h>
#include <linux/major.h>	/* MISC_MAJOR (uapi) */
#include <linux/types.h>
#include <linux/version.h>

/*
 * The fixed minors of major 10 (MISC_MAJOR) the kernel hands out; a driver
 * passes one in miscdevice.minor, or MISC_DYNAMIC_MINOR for any free one.
 */
#define PSMOUSE_MINOR		1
#define MS_BUSMOUSE_MINOR	2
#define ATIXL_BUSMOUSE_MINOR	3
#define ATARIMOUSE_MINOR	5
#define SUN_MOUSE_MINOR		6
#define APOLLO_MOUSE_MINOR	7
#define PC110PAD_MINOR		9
#define WATCHDOG_MINOR		130
#define TEMP_MINOR		131
#define APM_MINOR_DEV		134
#define RTC_MINOR		135
#define VHCI_MINOR		137
#define SUN_OPENPROM_MINOR	139
#define DMAPI_MINOR		140
#define NVRAM_MINOR		144
#define SBUS_FLASH_MINOR	152
#define SGI_MMTIMER		153
#define PMU_MINOR		154
#define STORE_QUEUE_MINOR	155
#define LCD_MINOR		156
#define AC_MINOR		157
#define BUTTON_MINOR		158
#define NWFLASH_MINOR		160
#define ENVCTRL_MINOR		162
#define I2O_MINOR		166
#define UCTRL_MINOR		174
#define AGPGART_MINOR		175
#define TOSH_MINOR_DEV		181
#define HWRNG_MINOR		183
#define KEYPAD_MINOR		185
#define IRNET_MINOR		187
#define D7S_MINOR		193
#define VFIO_MINOR		196
#define PXA3XX_GCU_MINOR	197
#define TUN_MINOR		200
#define CUSE_MINOR		203
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
#define MWAVE_MINOR		219	/* its driver went after 6.12 */
#endif
#define MPT_MINOR		220
#define MPT2SAS_MINOR		221
#define MPT3SAS_MINOR		222
#define UINPUT_MINOR		223
#define MISC_MCELOG_MINOR	227
#define HPET_MINOR		228
#define FUSE_MINOR		229
#define SNAPSHOT_MINOR		231
#define KVM_MINOR		232
#define BTRFS_MINOR		234
#define AUTOFS_MINOR		235
#define MAPPER_CTRL_MINOR	236
#define LOOP_CTRL_MINOR		237
#define VHOST_NET_MINOR		238
#define UHID_MINOR		239
#define USERIO_MINOR		240
#define VHOST_VSOCK_MINOR	241
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 18, 0)
#define EISA_EEPROM_MINOR	241
#endif
#define RFKILL_MINOR		242
#define MISC_DYNAMIC_MINOR	255

struct device;
struct attribute_group;

struct miscdevice {
	int minor;
	const char *name;
	const struct file_operations *fops;
	struct list_head list;
	struct device *parent;
	struct device *this_device;
	const struct attribute_group **groups;
	const char *nodename;
	umode_t mode;
};

int misc_register(struct miscdevice *misc);
void misc_deregister(struct miscdevice *misc);
struct miscdevice *qdk_misc_find(const char *name);

/*
 * A module whose init and exit only register and deregister one misc
 * device (the kernel builds these on module_driver()/builtin_driver()).
 */
#define module_misc_device(__misc_device)					\
static int __init __misc_device##_init(void)					\
{										\
	return misc_register(&(__misc_device));					\
}										\
module_init(__misc_device##_init);						\
static void __exit __misc_device##_exit(void)					\
{										\
	misc_deregister(&(__misc_device));					\
}										\
module_exit(__misc_device##_exit)

#define builtin_misc_device(__misc_device)					\
static int __init __misc_device##_init(void)					\
{										\
	return misc_register(&(__misc_device));					\
}										\
device_initcall(__misc_device##_init)

/* the module alias that loads a module on an open of 10:minor */
#define MODULE_ALIAS_MISCDEV(minor)						\
	MODULE_ALIAS("char-major-" __stringify(MISC_MAJOR) "-" __stringify(minor))


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/device.h>
#include <linux/kconfig.h>
#endif
