/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __ASM_UNALIGNED_H
#define __ASM_UNALIGNED_H
#include <linux/unaligned.h>
#endif
