/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_EXPORT_H
#define _LINUX_EXPORT_H

struct module;
#define THIS_MODULE ((struct module *)0)
#define EXPORT_SYMBOL(sym)
#define EXPORT_SYMBOL_GPL(sym)
#define EXPORT_SYMBOL_NS(sym, ns)
#define EXPORT_SYMBOL_NS_GPL(sym, ns)


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/stringify.h>
#include <linux/compiler.h>
#endif
