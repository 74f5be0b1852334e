/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _QDK_SHIM_LINUX_IN6_H
#define _QDK_SHIM_LINUX_IN6_H

#include_next <linux/in6.h>

#endif
