/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_PREFETCH_H
#define _LINUX_PREFETCH_H

#define prefetch(x)	__builtin_prefetch(x)
#define prefetchw(x)	__builtin_prefetch(x, 1)


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/types.h>
#endif
