/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _NET_IPV6_H
#define _NET_IPV6_H
#include <linux/ipv6.h>
#include <linux/in6.h>
#endif
