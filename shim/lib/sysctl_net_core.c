// SPDX-License-Identifier: GPL-2.0
/*
 * sysctl_net_core.c - net/core/sysctl_net_core.c's knobs that modules read,
 * at the kernel's defaults (no /proc/sys here to change them).
 */
#include <linux/export.h>
#include <linux/netdevice.h>

/* net.core.fb_tunnels_only_for_init_net: 0, fallback tunnels everywhere */
int sysctl_fb_tunnels_only_for_init_net __read_mostly;
EXPORT_SYMBOL(sysctl_fb_tunnels_only_for_init_net);

/* net.core.devconf_inherit_init_net: 0, new namespaces get the defaults */
int sysctl_devconf_inherit_init_net __read_mostly;
EXPORT_SYMBOL(sysctl_devconf_inherit_init_net);
