/* SPDX-License-Identifier: GPL-2.0 */
/*
 * BUG() aborts (a kernel oops); WARN*() print to stderr with the location
 * and evaluate to the condition, as the kernel's do.
 */
#ifndef _LINUX_BUG_H
#define _LINUX_BUG_H

#include <linux/compiler.h>
#include <linux/build_bug.h>
#include <linux/printk.h>

void __noreturn qdk_bug(const char *file, int line);
void qdk_warn(const char *file, int line, const char *cond);
/* WARNINGs so far: a replay that would have warned in the kernel fails. */
extern unsigned long qdk_warn_count;

#define BUG() qdk_bug(__FILE__, __LINE__)
#define BUG_ON(condition) do { if (unlikely(condition)) BUG(); } while (0)

#define WARN_ON(condition) ({						\
	int __ret_warn_on = !!(condition);				\
	if (unlikely(__ret_warn_on))					\
		qdk_warn(__FILE__, __LINE__, #condition);		\
	unlikely(__ret_warn_on);					\
})

#define WARN(condition, format...) ({					\
	int __ret_warn_on = !!(condition);				\
	if (unlikely(__ret_warn_on)) {					\
		printk(format);						\
		qdk_warn(__FILE__, __LINE__, #condition);		\
	}								\
	unlikely(__ret_warn_on);					\
})

#define WARN_ON_ONCE(condition) ({					\
	static bool __warned;						\
	int __ret_warn_once = !!(condition);				\
	if (unlikely(__ret_warn_once && !__warned)) {			\
		__warned = true;					\
		qdk_warn(__FILE__, __LINE__, #condition);		\
	}								\
	unlikely(__ret_warn_once);					\
})

#define WARN_ONCE(condition, format...) ({				\
	static bool __warned;						\
	int __ret_warn_once = !!(condition);				\
	if (unlikely(__ret_warn_once && !__warned)) {			\
		__warned = true;					\
		printk(format);						\
		qdk_warn(__FILE__, __LINE__, #condition);		\
	}								\
	unlikely(__ret_warn_once);					\
})

#define BUG_ON_INVALID(e) ((void)(sizeof((long)(e))))
#define VM_BUG_ON(cond) BUG_ON_INVALID(cond)

#endif
