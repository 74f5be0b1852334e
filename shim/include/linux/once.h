/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_ONCE_H
#define _LINUX_ONCE_H

#include <linux/types.h>

#define DO_ONCE(func, ...)						\
	({								\
		static bool ___done;					\
		bool ___ret = false;					\
		if (unlikely(!___done)) {				\
			func(__VA_ARGS__);				\
			___done = true;					\
			___ret = true;					\
		}							\
		___ret;							\
	})

#endif
