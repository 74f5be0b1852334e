/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_TIME_H
#define _LINUX_TIME_H
#include <linux/time64.h>

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/cache.h>
#include <linux/math64.h>
#endif
