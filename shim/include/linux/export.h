/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_EXPORT_H
#define _LINUX_EXPORT_H

#include <linux/version.h>

struct module;
#define THIS_MODULE ((struct module *)0)
#define EXPORT_SYMBOL(sym)
#define EXPORT_SYMBOL_GPL(sym)
#define EXPORT_SYMBOL_NS(sym, ns)
#define EXPORT_SYMBOL_NS_GPL(sym, ns)
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define EXPORT_SYMBOL_FOR_MODULES(sym, mods)
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define EXPORT_SYMBOL_GPL_FOR_MODULES(sym, mods)
#endif

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
/* a ksymtab entry (CONFIG_HAVE_ARCH_PREL32_RELOCATIONS: offsets) */
struct kernel_symbol {
	int value_offset;
	int name_offset;
	int namespace_offset;
};
#endif


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/stddef.h>
#include <linux/types.h>
#include <linux/stringify.h>
#include <linux/compiler.h>
#endif
