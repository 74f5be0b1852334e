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

#define subsys_initcall(fn)	__qdk_initcall(fn, 4)
#define device_initcall(fn)	__qdk_initcall(fn, 6)
#define module_init(fn)		__qdk_initcall(fn, 6)
#define late_initcall(fn)	__qdk_initcall(fn, 7)
#define module_exit(fn)		__qdk_exitcall(fn)

#endif
