/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _QDK_SHIM_LINUX_GEN_STATS_H
#define _QDK_SHIM_LINUX_GEN_STATS_H
#include <linux/types.h>
#include_next <linux/gen_stats.h>
#endif
