/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_NETDEV_FEATURES_H
#define _LINUX_NETDEV_FEATURES_H

#include <linux/types.h>
#include <linux/bitops.h>

typedef u64 netdev_features_t;

#define NETIF_F_SG		BIT_ULL(0)
#define NETIF_F_IP_CSUM		BIT_ULL(1)
#define NETIF_F_HW_CSUM		BIT_ULL(3)
#define NETIF_F_FRAGLIST	BIT_ULL(6)
#define NETIF_F_HW_TC		BIT_ULL(56)
#define NETIF_F_GSO_SHIFT	16
#define NETIF_F_GSO_LAST	(NETIF_F_GSO_SHIFT + 22)
#define NETIF_F_GSO_MASK	(GENMASK_ULL(NETIF_F_GSO_LAST, NETIF_F_GSO_SHIFT))
#define NETIF_F_CSUM_MASK	(NETIF_F_IP_CSUM | NETIF_F_HW_CSUM)


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <asm/byteorder.h>
#endif
