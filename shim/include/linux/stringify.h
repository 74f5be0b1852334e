/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __LINUX_STRINGIFY_H
#define __LINUX_STRINGIFY_H
#include <linux/compiler_types.h>
#include <linux/version.h>

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* "file.c:123": where the macro is expanded */
#define FILE_LINE	__FILE__ ":" __stringify(__LINE__)
#endif
#endif
