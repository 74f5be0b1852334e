/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _QDK_SHIM_LINUX_CONST_H
#define _QDK_SHIM_LINUX_CONST_H

#include_next <linux/const.h>

#define UL(x)		(_UL(x))
#define ULL(x)		(_ULL(x))

#endif
