/* SPDX-License-Identifier: GPL-2.0 */
/* Module boilerplate: metadata vanishes, init/exit go to qdk_init/exit. */
#ifndef _LINUX_MODULE_H
#define _LINUX_MODULE_H

#include <linux/list.h>
#include <linux/stat.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/export.h>
#include <linux/stringify.h>
#include <linux/moduleparam.h>

struct module {
	int qdk_unused;
};

#define MODULE_LICENSE(x)
#define MODULE_AUTHOR(x)
#define MODULE_DESCRIPTION(x)
#define MODULE_ALIAS(x)
#define MODULE_ALIAS_NET_SCH(x)
#define MODULE_VERSION(x)
#define MODULE_INFO(tag, info)
#define MODULE_SOFTDEP(x)
#define MODULE_IMPORT_NS(ns)

static inline bool try_module_get(struct module *module)
{
	return true;
}

static inline void module_put(struct module *module)
{
}

static inline void __module_get(struct module *module)
{
}

/*
 * Another module's symbol, if it is there: the shim links every module into
 * one program, as a kernel built without CONFIG_MODULES has them built in,
 * so these are that kernel's forms (a weak reference: NULL when no module
 * defines the symbol; nothing to put back).
 */
#define symbol_get(x) ({ extern typeof(x) x __attribute__((weak, visibility("hidden"))); &(x); })
#define symbol_put(x) do { } while (0)
#define symbol_put_addr(p) do { } while (0)


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/compiler.h>
#include <linux/cache.h>
#include <linux/kobject.h>
#include <linux/srcu.h>
#include <linux/percpu.h>
#endif
