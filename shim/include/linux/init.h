/* SPDX-License-Identifier: GPL-2.0 */
/*
 * module_init()/module_exit(): each registers its function in a table that
 * qdk_init() runs in link order (like do_initcalls) and qdk_exit() runs in
 * reverse. Registration happens from an ELF constructor, before main().
 */
#ifndef _LINUX_INIT_H
#define _LINUX_INIT_H

#include <linux/compiler.h>
#include <linux/types.h>

typedef int (*initcall_t)(void);
typedef void (*exitcall_t)(void);

/* level: 4 subsys, 6 device (module_init), 7 late, like do_initcalls */
void qdk_register_initcall(initcall_t fn, const char *name, int level);
void qdk_register_exitcall(exitcall_t fn, const char *name);

#define __qdk_initcall(fn, level)					\
	static void __attribute__((constructor))			\
	__PASTE(__qdk_initcall_, fn)(void)				\
	{ qdk_register_initcall(fn, #fn, level); }

#define __qdk_exitcall(fn)						\
	static void __attribute__((constructor))			\
	__PASTE(__qdk_exitcall_, fn)(void)				\
	{ qdk_register_exitcall(fn, #fn); }

/*
 * The built-in kernel's levels: early and console initcalls run before the
 * numbered levels, so level 0 here; a _sync one runs with its level.
 */
#define early_initcall(fn)		__qdk_initcall(fn, 0)
#define console_initcall(fn)		__qdk_initcall(fn, 0)
#define core_initcall(fn)		__qdk_initcall(fn, 1)
#define core_initcall_sync(fn)		__qdk_initcall(fn, 1)
#define postcore_initcall(fn)		__qdk_initcall(fn, 2)
#define postcore_initcall_sync(fn)	__qdk_initcall(fn, 2)
#define arch_initcall(fn)		__qdk_initcall(fn, 3)
#define subsys_initcall(fn)		__qdk_initcall(fn, 4)
#define subsys_initcall_sync(fn)	__qdk_initcall(fn, 4)
#define fs_initcall(fn)			__qdk_initcall(fn, 5)
#define fs_initcall_sync(fn)		__qdk_initcall(fn, 5)
#define rootfs_initcall(fn)		__qdk_initcall(fn, 5)
#define device_initcall(fn)		__qdk_initcall(fn, 6)
#define device_initcall_sync(fn)	__qdk_initcall(fn, 6)
#define module_init(fn)			__qdk_initcall(fn, 6)
#define late_initcall(fn)		__qdk_initcall(fn, 7)
#define late_initcall_sync(fn)		__qdk_initcall(fn, 7)
#define module_exit(fn)			__qdk_exitcall(fn)

/*
 * An initcall section's entry: x86-64 keeps a 32-bit offset to the function
 * (CONFIG_HAVE_ARCH_PREL32_RELOCATIONS).
 */
typedef int initcall_entry_t;

static inline initcall_t initcall_from_entry(initcall_entry_t *entry)
{
	return offset_to_ptr(entry);
}

/* a constructor of a module (CONFIG_CONSTRUCTORS) */
typedef void (*ctor_fn_t)(void);

/* "reset_devices" on the command line (a kdump kernel): never, in the shim */
extern unsigned int reset_devices;

/* code built into the kernel has no module: the shim's modules are built in */
#ifndef THIS_MODULE
#define THIS_MODULE ((struct module *)0)
#endif


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/build_bug.h>
#include <linux/stringify.h>
#endif
