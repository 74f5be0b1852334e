/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_SIPHASH_H
#define _LINUX_SIPHASH_H

#include <linux/types.h>

typedef struct {
	u64 key[2];
} siphash_key_t;

u64 siphash(const void *data, size_t len, const siphash_key_t *key);

#endif
