// SPDX-License-Identifier: GPL-2.0
/*
 * af_inet6.c - what net/ipv6/af_inet6.c tells modules about IPv6 itself:
 * it is there and enabled (Debian builds it in; the shim is never booted
 * with ipv6.disable=1).
 */
#include <linux/export.h>
#include <linux/ipv6.h>
#include <linux/version.h>

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
int disable_ipv6_mod;
EXPORT_SYMBOL(disable_ipv6_mod);
#else
static int disable_ipv6_mod;

bool ipv6_mod_enabled(void)
{
	return disable_ipv6_mod == 0;
}
EXPORT_SYMBOL_GPL(ipv6_mod_enabled);
#endif
