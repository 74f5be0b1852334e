/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_NET_H
#define _LINUX_NET_H

#include <linux/stringify.h>
#include <linux/random.h>
#include <linux/once.h>
#include <linux/rcupdate.h>
#include <linux/mm.h>

#define net_get_random_once(buf, nbytes) get_random_once((buf), (nbytes))

enum sock_type {
	SOCK_STREAM	= 1,
	SOCK_DGRAM	= 2,
	SOCK_RAW	= 3,
};


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/wait.h>
#include <linux/fcntl.h>
#include <linux/fs.h>
#endif
