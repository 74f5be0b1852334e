// SPDX-License-Identifier: GPL-2.0
/*
 * net/core/datagram.c: a packet's bytes to and from an iov_iter, head
 * first, then the paged fragments (skb_copy_bits()/skb_store_bits() walk
 * them), through a small bounce buffer. The receive queue's waiting
 * (skb_recv_datagram() ...) needs a real socket and is not here.
 */
#include <linux/kernel.h>
#include <linux/skbuff.h>
#include <linux/uio.h>
#include <linux/socket.h>

#define DGRAM_CHUNK	256

/*
 * size bytes from offset into to. An iterator that fills up first ends
 * the copy with 0 (the reader's buffer was short); bytes the packet lacks
 * give -EFAULT, with the iterator moved back to where it was.
 */
int skb_copy_datagram_iter(const struct sk_buff *skb, int offset, struct iov_iter *to,
			   int size)
{
	u8 buf[DGRAM_CHUNK];
	size_t done = 0;

	while (size > 0) {
		int n = min_t(int, size, DGRAM_CHUNK);
		size_t c;

		if (offset < 0 || skb_copy_bits(skb, offset, buf, n) < 0)
			goto fault;
		c = copy_to_iter(buf, n, to);
		done += c;
		if (c < (size_t)n) {
			if (iov_iter_count(to))
				goto fault;
			return 0;
		}
		offset += n;
		size -= n;
	}
	return 0;
fault:
	iov_iter_revert(to, done);
	return -EFAULT;
}

/* len bytes of from written at offset of the packet's data (head, then fragments) */
int skb_copy_datagram_from_iter(struct sk_buff *skb, int offset, struct iov_iter *from,
				int len)
{
	u8 buf[DGRAM_CHUNK];

	while (len > 0) {
		int n = min_t(int, len, DGRAM_CHUNK);

		if (offset < 0 || offset > (int)skb->len - n)
			return -EFAULT;
		if (copy_from_iter(buf, n, from) != (size_t)n)
			return -EFAULT;
		if (skb_store_bits(skb, offset, buf, n) < 0)
			return -EFAULT;
		offset += n;
		len -= n;
	}
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* as above, all or nothing taken from the iterator */
int skb_copy_datagram_from_iter_full(struct sk_buff *skb, int offset,
				     struct iov_iter *from, int len)
{
	struct iov_iter_state state;
	int ret;

	iov_iter_save_state(from, &state);
	ret = skb_copy_datagram_from_iter(skb, offset, from, len);
	if (ret)
		iov_iter_restore(from, &state);
	return ret;
}
#endif
