/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _QDK_SHIM_LINUX_IN_H
#define _QDK_SHIM_LINUX_IN_H

#include <linux/errno.h>
#include_next <linux/in.h>

#endif
