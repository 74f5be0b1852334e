/* SPDX-License-Identifier: GPL-2.0 */
/*
 * 6.12+: the GSO segmentation helpers have their own header (6.1 declares
 * them in linux/netdevice.h, where the shim keeps them for every series).
 */
#ifndef _QDK_SHIM_NET_GSO_H
#define _QDK_SHIM_NET_GSO_H

#include <linux/netdevice.h>

#endif
