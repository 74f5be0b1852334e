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
/* called with each WARNING's site, after it is printed (qdk_warnings_watch()) */
extern void (*qdk_warn_hook)(const char *file, int line, const char *cond);

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

/* a constant condition breaks the build, another one BUG()s at run time */
#define MAYBE_BUILD_BUG_ON(cond)			\
	do {						\
		if (__builtin_constant_p((cond)))	\
			BUILD_BUG_ON(cond);		\
		else					\
			BUG_ON(cond);			\
	} while (0)

enum bug_trap_type {
	BUG_TRAP_TYPE_NONE = 0,
	BUG_TRAP_TYPE_WARN = 1,
	BUG_TRAP_TYPE_BUG = 2,
};

#define BUGFLAG_WARNING		(1 << 0)
#define BUGFLAG_ONCE		(1 << 1)
#define BUGFLAG_DONE		(1 << 2)
#define BUGFLAG_NO_CUT_HERE	(1 << 3)

/* the bug table's entry (asm-generic/bug.h); the shim keeps no table */
struct bug_entry {
	signed int	bug_addr_disp;
	signed int	file_disp;
	unsigned short	line;
	unsigned short	flags;
};

static inline int is_warning_bug(const struct bug_entry *bug)
{
	return bug->flags & BUGFLAG_WARNING;
}

/*
 * Without CONFIG_BUG_ON_DATA_CORRUPTION (the series' configs): a corruption
 * warns; the result is whether it was one.
 */
static inline __must_check bool check_data_corruption(bool v)
{
	return v;
}

#define CHECK_DATA_CORRUPTION(condition, fmt, ...)			\
	check_data_corruption(({					\
		bool corruption = unlikely(condition);			\
		if (corruption)						\
			WARN(1, fmt, ##__VA_ARGS__);			\
		corruption;						\
	}))
#define VM_BUG_ON(cond) BUG_ON_INVALID(cond)

#endif
