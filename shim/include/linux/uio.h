/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's iterator over a message's data (struct iov_iter), as far as
 * struct msghdr needs it: a socket message carries one, and msg_data_left()
 * reads its count. User space's struct iovec comes from the uapi header.
 */
#ifndef _QDK_SHIM_LINUX_UIO_H
#define _QDK_SHIM_LINUX_UIO_H

#include_next <linux/uio.h>
#include <linux/types.h>

/* a kernel buffer, the kernel-space twin of struct iovec */
struct kvec {
	void	*iov_base;
	size_t	iov_len;
};

#define ITER_SOURCE	1	/* the data is read from the iterator (a send) */
#define ITER_DEST	0	/* the data is written into it (a receive) */

/* only the count is modelled: the shim moves no data through an iterator */
struct iov_iter {
	u8	iter_type;
	bool	nofault;
	bool	data_source;
	size_t	iov_offset;
	union {
		const struct iovec	*__iov;
		const struct kvec	*kvec;
		void __user		*ubuf;
	};
	size_t	count;
	unsigned long nr_segs;
};

static inline size_t iov_iter_count(const struct iov_iter *i)
{
	return i->count;
}

#endif
