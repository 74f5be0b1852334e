/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_BUILD_BUG_H
#define _LINUX_BUILD_BUG_H

#include <linux/compiler.h>

#define BUILD_BUG_ON_ZERO(e) ((int)(sizeof(struct { int:(-!!(e)); })))
#define BUILD_BUG_ON_MSG(cond, msg) _Static_assert(!(cond), msg)
/* a negative array size when the condition is a true constant */
#define BUILD_BUG_ON(condition) ((void)sizeof(char[1 - 2 * !!(condition)]))
#define BUILD_BUG_ON_NOT_POWER_OF_2(n) BUILD_BUG_ON((n) == 0 || (((n) & ((n) - 1)) != 0))
#define BUILD_BUG() BUILD_BUG_ON_MSG(1, "BUILD_BUG failed")

/* e is type-checked, never evaluated */
#define BUILD_BUG_ON_INVALID(e) ((void)(sizeof((__force long)(e))))

/* member m of struct type sits at offset off */
#define ASSERT_STRUCT_OFFSET(type, member, offset) \
	BUILD_BUG_ON_MSG(offsetof(type, member) != (offset), \
			 "Offset of " #member " in " #type " has changed.")
#define static_assert(expr, ...) __static_assert(expr, ##__VA_ARGS__, #expr)
#define __static_assert(expr, msg, ...) _Static_assert(expr, msg)


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/stddef.h>
#include <linux/types.h>
#endif
