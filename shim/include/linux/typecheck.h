/* SPDX-License-Identifier: GPL-2.0 */
/* Compile-time type checks: a mismatch warns, as in the kernel. */
#ifndef TYPECHECK_H_INCLUDED
#define TYPECHECK_H_INCLUDED

/* evaluates to 1; comparing pointers of distinct types warns */
#define typecheck(type, x) \
({	type __dummy; \
	typeof(x) __dummy2; \
	(void)(&__dummy == &__dummy2); \
	1; \
})

#define typecheck_fn(type, function) \
({	typeof(type) __tmp = function; \
	(void)__tmp; \
})

#define typecheck_pointer(x) \
({	typeof(x) __dummy; \
	(void)sizeof(*__dummy); \
	1; \
})

#endif
