/* SPDX-License-Identifier: GPL-2.0 */
/*
 * poll(2)'s side of a driver: poll_table and poll_wait(), the EPOLL* event
 * bits (uapi linux/eventpoll.h). The shim's poller (qdk_file_poll(),
 * shim/lib/fs.c) passes a table whose queueing function adds one entry per
 * wait queue the handler names; a wake_up*() on one of them counts as the
 * wake that would end the process's sleep. A file without a poll handler
 * polls as DEFAULT_POLLMASK, as vfs_poll() has it.
 */
#ifndef _LINUX_POLL_H
#define _LINUX_POLL_H

#include <linux/fs.h>
#include <linux/types.h>
#include <linux/wait.h>
#include <linux/eventpoll.h>	/* uapi: EPOLL* */

#define DEFAULT_POLLMASK (EPOLLIN | EPOLLOUT | EPOLLRDNORM | EPOLLWRNORM)

struct poll_table_struct;
typedef void (*poll_queue_proc)(struct file *, wait_queue_head_t *, struct poll_table_struct *);

typedef struct poll_table_struct {
	poll_queue_proc _qproc;
	__poll_t _key;
} poll_table;

static inline void poll_wait(struct file *filp, wait_queue_head_t *wait_address, poll_table *p)
{
	if (p && p->_qproc && wait_address)
		p->_qproc(filp, wait_address, p);
}

static inline bool poll_does_not_wait(const poll_table *p)
{
	return !p || !p->_qproc;
}

static inline __poll_t poll_requested_events(const poll_table *p)
{
	return p ? p->_key : ~(__poll_t)0;
}

static inline void init_poll_funcptr(poll_table *pt, poll_queue_proc qproc)
{
	pt->_qproc = qproc;
	pt->_key = ~(__poll_t)0;
}


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/compiler.h>
#include <linux/ktime.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#endif
