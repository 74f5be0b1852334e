// SPDX-License-Identifier: GPL-2.0
/*
 * socket.c - what net/socket.c keeps for modules: the hook the 8021q
 * module installs for SIOCGIFVLAN/SIOCSIFVLAN. The shim has no ioctl
 * sockets, so nothing calls it; it is kept as the kernel keeps it.
 */
#include <linux/if_vlan.h>
#include <linux/export.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(vlan_ioctl_mutex);
static int (*vlan_ioctl_hook)(struct net *net, void __user *arg);

void vlan_ioctl_set(int (*hook)(struct net *, void __user *))
{
	mutex_lock(&vlan_ioctl_mutex);
	vlan_ioctl_hook = hook;
	mutex_unlock(&vlan_ioctl_mutex);
}
EXPORT_SYMBOL(vlan_ioctl_set);
