/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _INET_SOCK_H
#define _INET_SOCK_H
#include <linux/skbuff.h>
#endif
