// SPDX-License-Identifier: GPL-2.0
/*
 * bpf_dynptr.c - a packet's bytes as a BPF qdisc program reads them
 * (kernel/bpf/helpers.c, net/core/filter.c): bpf_dynptr_from_skb() (a
 * qdisc kfunc, bpf_qdisc.c) makes a dynptr over the skb's bytes from
 * skb->data on; bpf_dynptr_slice() gives a pointer to LEN of them (into the
 * packet, or the caller's buffer when they are not linear),
 * bpf_dynptr_read() copies them, bpf_dynptr_adjust() narrows the window,
 * bpf_dynptr_size(), _is_null() and _is_rdonly() say what it is.
 *
 * A qdisc's dynptr is read-only: struct_ops programs may not write packet
 * data, so the verifier gives them bpf_dynptr_from_skb_rdonly() in its
 * place; bpf_dynptr_slice_rdwr() and bpf_dynptr_write() refuse it.
 */
#include <linux/errno.h>
#include <linux/skbuff.h>
#include <linux/string.h>
#include "bpf_rt.h"

/* the bytes of a dynptr: [offset, offset + size) of the skb's */
static u64 dyn_size(const struct qdk_bpf_dynptr *p)
{
	return p->size & QDK_BPF_DYNPTR_SIZE_MASK;
}

static int dyn_check(const struct qdk_bpf_dynptr *p, u64 offset, u64 len)
{
	u64 size = dyn_size(p);

	if (len > size || offset > size - len)
		return -E2BIG;
	return 0;
}

void qdk_bpf_dynptr_skb(struct bpf_dynptr *ptr, struct sk_buff *skb)
{
	struct qdk_bpf_dynptr *p = (struct qdk_bpf_dynptr *)ptr;

	p->data = skb;
	p->size = (skb->len & QDK_BPF_DYNPTR_SIZE_MASK) | QDK_BPF_DYNPTR_RDONLY;
	p->offset = 0;
}

void qdk_bpf_dynptr_null(struct bpf_dynptr *ptr)
{
	memset(ptr, 0, sizeof(*ptr));
}

void *bpf_dynptr_slice(const struct bpf_dynptr *ptr, u64 offset, void *buffer, u64 buffer__szk)
{
	const struct qdk_bpf_dynptr *p = (const struct qdk_bpf_dynptr *)ptr;

	qdk_bpf_no_lock("bpf_dynptr_slice", QDK_BPF_CALLER);
	if (!p->data || dyn_check(p, offset, buffer__szk))
		return NULL;
	return skb_header_pointer(p->data, p->offset + offset, buffer__szk, buffer);
}

void *bpf_dynptr_slice_rdwr(const struct bpf_dynptr *ptr, u64 offset, void *buffer,
			    u64 buffer__szk)
{
	const struct qdk_bpf_dynptr *p = (const struct qdk_bpf_dynptr *)ptr;

	qdk_bpf_no_lock("bpf_dynptr_slice_rdwr", QDK_BPF_CALLER);
	if (!p->data || (p->size & QDK_BPF_DYNPTR_RDONLY))
		return NULL;
	return bpf_dynptr_slice(ptr, offset, buffer, buffer__szk);
}

long bpf_dynptr_read(void *dst, u32 len, const struct bpf_dynptr *src, u32 offset, u64 flags)
{
	const struct qdk_bpf_dynptr *p = (const struct qdk_bpf_dynptr *)src;
	int err;

	qdk_bpf_no_lock("bpf_dynptr_read", QDK_BPF_CALLER);
	if (!p->data || flags)
		return -EINVAL;
	err = dyn_check(p, offset, len);
	if (err)
		return err;
	return skb_copy_bits(p->data, p->offset + offset, dst, len);
}

long bpf_dynptr_write(const struct bpf_dynptr *dst, u32 offset, void *src, u32 len, u64 flags)
{
	const struct qdk_bpf_dynptr *p = (const struct qdk_bpf_dynptr *)dst;

	qdk_bpf_no_lock("bpf_dynptr_write", QDK_BPF_CALLER);
	/* a null one, or read-only: every dynptr a qdisc program makes */
	if (!p->data || (p->size & QDK_BPF_DYNPTR_RDONLY))
		return -EINVAL;
	return skb_store_bits(p->data, p->offset + offset, src, len);
}

int bpf_dynptr_adjust(struct bpf_dynptr *ptr, u64 start, u64 end)
{
	struct qdk_bpf_dynptr *p = (struct qdk_bpf_dynptr *)ptr;
	u64 size;

	if (!p->data)
		return -EINVAL;
	size = dyn_size(p);
	if (start > end)
		return -EINVAL;
	if (end > size)
		return -ERANGE;
	p->offset += start;
	p->size = (p->size & ~QDK_BPF_DYNPTR_SIZE_MASK) | (u32)(end - start);
	return 0;
}

u64 bpf_dynptr_size(const struct bpf_dynptr *ptr)
{
	const struct qdk_bpf_dynptr *p = (const struct qdk_bpf_dynptr *)ptr;

	return p->data ? dyn_size(p) : 0;
}

bool bpf_dynptr_is_null(const struct bpf_dynptr *ptr)
{
	return !((const struct qdk_bpf_dynptr *)ptr)->data;
}

bool bpf_dynptr_is_rdonly(const struct bpf_dynptr *ptr)
{
	const struct qdk_bpf_dynptr *p = (const struct qdk_bpf_dynptr *)ptr;

	return p->data && (p->size & QDK_BPF_DYNPTR_RDONLY);
}
