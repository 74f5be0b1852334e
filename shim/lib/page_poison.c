// SPDX-License-Identifier: GPL-2.0
/*
 * page_poison.c - the kernel's mm/page_poison.c: the page_poison= switch,
 * off unless given at boot (the shim boots with none).
 */
#include <linux/mm.h>

bool _page_poisoning_enabled_early;
