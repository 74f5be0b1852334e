/* SPDX-License-Identifier: GPL-2.0 */
/* Linkage annotations; linux/kernel.h reaches linux/export.h through it. */
#ifndef _LINUX_LINKAGE_H
#define _LINUX_LINKAGE_H

#include <linux/compiler_types.h>
#include <linux/stringify.h>
#include <linux/export.h>

#define CPP_ASMLINKAGE
#define asmlinkage CPP_ASMLINKAGE
#define asmlinkage_protect(n, ret, args...)	do { } while (0)

/* the separator between two instructions on one line of inline assembly */
#define ASM_NL			;

/* alias: another global name for the function name (both x86-64 symbols) */
#define SYSCALL_ALIAS(alias, name)					\
	asm(".globl " __stringify(alias) "\n\t"				\
	    ".set " __stringify(alias) ", " __stringify(name))

#endif
