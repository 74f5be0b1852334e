/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _QDK_SHIM_ASM_BYTEORDER_H
#define _QDK_SHIM_ASM_BYTEORDER_H

#include_next <asm/byteorder.h>

#endif
