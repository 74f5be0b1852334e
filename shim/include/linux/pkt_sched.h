/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _QDK_SHIM_LINUX_PKT_SCHED_H
#define _QDK_SHIM_LINUX_PKT_SCHED_H
#include <linux/types.h>
#include_next <linux/pkt_sched.h>
#endif
