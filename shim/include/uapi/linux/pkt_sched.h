/* SPDX-License-Identifier: GPL-2.0 */
/* The kernel tree's <uapi/linux/...> spelling: the system's uapi header. */
#include <linux/pkt_sched.h>
