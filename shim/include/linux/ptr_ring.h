/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ptr_ring: the kernel's fixed-size ring of non-NULL pointers, one producer
 * and one consumer, each side with its own lock. A slot is free when it
 * holds NULL; the consumer frees the slots it has read in batches (of two
 * cache lines' worth of pointers), so the producer sees a full ring for a
 * while after the consumer took an entry, exactly as in the kernel.
 *
 * Locks compile to nothing here (one thread), so every _irq/_bh/_any
 * variant is the plain operation. As in the series: 6.1 and 6.12 refuse a
 * produce into a zero-sized ring with -ENOSPC, 7.x with -EINVAL; 6.12
 * renamed ptr_ring_resize_multiple() (irqsave) to ..._bh(); 6.12 and 7.x
 * have the _noprof allocators behind alloc_hooks(). The shim routes the
 * 6.1 names through the same hooks so a leak names the caller's line.
 */
#ifndef _LINUX_PTR_RING_H
#define _LINUX_PTR_RING_H 1

#include <linux/spinlock.h>
#include <linux/cache.h>
#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/slab.h>
#include <linux/mm.h>
#include <linux/errno.h>
#include <linux/version.h>

struct ptr_ring {
	int producer ____cacheline_aligned_in_smp;
	spinlock_t producer_lock;
	int consumer_head ____cacheline_aligned_in_smp;	/* next to read */
	int consumer_tail;				/* next to clear */
	spinlock_t consumer_lock;
	int size ____cacheline_aligned_in_smp;		/* slots */
	int batch;					/* slots cleared at once */
	void **queue;
};

/* The variants take the side's lock in four ways; one thread: no lock. */
#define __QDK_PTR_RING_LOCKED(ret, name, lock, call, ...)		\
static inline ret name(struct ptr_ring *r, ##__VA_ARGS__)		\
{									\
	ret v;								\
									\
	(void)&r->lock;							\
	v = call;							\
	return v;							\
}

static inline bool __ptr_ring_full(struct ptr_ring *r)
{
	return r->queue[r->producer];
}

__QDK_PTR_RING_LOCKED(bool, ptr_ring_full, producer_lock, __ptr_ring_full(r))
__QDK_PTR_RING_LOCKED(bool, ptr_ring_full_irq, producer_lock, __ptr_ring_full(r))
__QDK_PTR_RING_LOCKED(bool, ptr_ring_full_any, producer_lock, __ptr_ring_full(r))
__QDK_PTR_RING_LOCKED(bool, ptr_ring_full_bh, producer_lock, __ptr_ring_full(r))

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* 0 when the next slot is free; -EINVAL for a ring of no slots */
static inline int __ptr_ring_check_produce(struct ptr_ring *r)
{
	if (unlikely(!r->size))
		return -EINVAL;
	return data_race(r->queue[r->producer]) ? -ENOSPC : 0;
}
#endif

/* 0, or -ENOSPC when the slot is still taken (or, before 7.x, no slots) */
static inline int __ptr_ring_produce(struct ptr_ring *r, void *ptr)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	int err = __ptr_ring_check_produce(r);

	if (err)
		return err;
#else
	if (unlikely(!r->size) || r->queue[r->producer])
		return -ENOSPC;
#endif
	smp_wmb();
	WRITE_ONCE(r->queue[r->producer], ptr);
	if (unlikely(++r->producer >= r->size))
		r->producer = 0;
	return 0;
}

__QDK_PTR_RING_LOCKED(int, ptr_ring_produce, producer_lock, __ptr_ring_produce(r, ptr), void *ptr)
__QDK_PTR_RING_LOCKED(int, ptr_ring_produce_irq, producer_lock, __ptr_ring_produce(r, ptr), void *ptr)
__QDK_PTR_RING_LOCKED(int, ptr_ring_produce_any, producer_lock, __ptr_ring_produce(r, ptr), void *ptr)
__QDK_PTR_RING_LOCKED(int, ptr_ring_produce_bh, producer_lock, __ptr_ring_produce(r, ptr), void *ptr)

static inline void *__ptr_ring_peek(struct ptr_ring *r)
{
	return likely(r->size) ? READ_ONCE(r->queue[r->consumer_head]) : NULL;
}

static inline bool __ptr_ring_empty(struct ptr_ring *r)
{
	return likely(r->size) ? !r->queue[READ_ONCE(r->consumer_head)] : true;
}

__QDK_PTR_RING_LOCKED(bool, ptr_ring_empty, consumer_lock, __ptr_ring_empty(r))
__QDK_PTR_RING_LOCKED(bool, ptr_ring_empty_irq, consumer_lock, __ptr_ring_empty(r))
__QDK_PTR_RING_LOCKED(bool, ptr_ring_empty_any, consumer_lock, __ptr_ring_empty(r))
__QDK_PTR_RING_LOCKED(bool, ptr_ring_empty_bh, consumer_lock, __ptr_ring_empty(r))

/* clear the slots read so far, from consumer_head - 1 down to the tail */
static inline void __qdk_ptr_ring_clear_read(struct ptr_ring *r, int consumer_head)
{
	int slot = consumer_head;

	while (likely(slot > r->consumer_tail))
		data_race(r->queue[--slot] = NULL);
	r->consumer_tail = consumer_head;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
static inline void __ptr_ring_zero_tail(struct ptr_ring *r, int consumer_head)
{
	__qdk_ptr_ring_clear_read(r, consumer_head);
}
#endif

/*
 * Step past the entry at consumer_head. Its slot stays taken until a whole
 * batch was read or the end of the array is reached: the producer then
 * finds every cleared slot at once.
 */
static inline void __ptr_ring_discard_one(struct ptr_ring *r)
{
	int next = r->consumer_head + 1;

	if (unlikely(next - r->consumer_tail >= r->batch || next >= r->size))
		__qdk_ptr_ring_clear_read(r, next);
	if (unlikely(next >= r->size)) {
		next = 0;
		r->consumer_tail = 0;
	}
	WRITE_ONCE(r->consumer_head, next);
}

static inline void *__ptr_ring_consume(struct ptr_ring *r)
{
	void *ptr = __ptr_ring_peek(r);

	if (ptr)
		__ptr_ring_discard_one(r);
	return ptr;
}

static inline int __ptr_ring_consume_batched(struct ptr_ring *r, void **array, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		void *ptr = __ptr_ring_consume(r);

		if (!ptr)
			break;
		array[i] = ptr;
	}
	return i;
}

__QDK_PTR_RING_LOCKED(void *, ptr_ring_consume, consumer_lock, __ptr_ring_consume(r))
__QDK_PTR_RING_LOCKED(void *, ptr_ring_consume_irq, consumer_lock, __ptr_ring_consume(r))
__QDK_PTR_RING_LOCKED(void *, ptr_ring_consume_any, consumer_lock, __ptr_ring_consume(r))
__QDK_PTR_RING_LOCKED(void *, ptr_ring_consume_bh, consumer_lock, __ptr_ring_consume(r))
__QDK_PTR_RING_LOCKED(int, ptr_ring_consume_batched, consumer_lock,
		      __ptr_ring_consume_batched(r, array, n), void **array, int n)
__QDK_PTR_RING_LOCKED(int, ptr_ring_consume_batched_irq, consumer_lock,
		      __ptr_ring_consume_batched(r, array, n), void **array, int n)
__QDK_PTR_RING_LOCKED(int, ptr_ring_consume_batched_any, consumer_lock,
		      __ptr_ring_consume_batched(r, array, n), void **array, int n)
__QDK_PTR_RING_LOCKED(int, ptr_ring_consume_batched_bh, consumer_lock,
		      __ptr_ring_consume_batched(r, array, n), void **array, int n)

/* f applied to the entry at the head (NULL when empty), under the lock */
#define __PTR_RING_PEEK_CALL(r, f)	((f)(__ptr_ring_peek(r)))
#define PTR_RING_PEEK_CALL(r, f)	__PTR_RING_PEEK_CALL(r, f)
#define PTR_RING_PEEK_CALL_IRQ(r, f)	__PTR_RING_PEEK_CALL(r, f)
#define PTR_RING_PEEK_CALL_BH(r, f)	__PTR_RING_PEEK_CALL(r, f)
#define PTR_RING_PEEK_CALL_ANY(r, f)	__PTR_RING_PEEK_CALL(r, f)

static inline void **__ptr_ring_init_queue_alloc_noprof(unsigned int size, gfp_t gfp)
{
	if (size > KMALLOC_MAX_SIZE / sizeof(void *))
		return NULL;
	return kvmalloc_array_noprof(size, sizeof(void *), gfp | __GFP_ZERO);
}
#define __ptr_ring_init_queue_alloc(...) \
	alloc_hooks(__ptr_ring_init_queue_alloc_noprof(__VA_ARGS__))

static inline void __ptr_ring_set_size(struct ptr_ring *r, int size)
{
	r->size = size;
	/* two cache lines of pointers, at most half the ring, at least 1 */
	r->batch = SMP_CACHE_BYTES * 2 / sizeof(*(r->queue));
	if (r->batch > r->size / 2 || !r->batch)
		r->batch = 1;
}

static inline int ptr_ring_init_noprof(struct ptr_ring *r, int size, gfp_t gfp)
{
	r->queue = __ptr_ring_init_queue_alloc_noprof(size, gfp);
	if (!r->queue)
		return -ENOMEM;
	__ptr_ring_set_size(r, size);
	r->producer = 0;
	r->consumer_head = 0;
	r->consumer_tail = 0;
	spin_lock_init(&r->producer_lock);
	spin_lock_init(&r->consumer_lock);
	return 0;
}
#define ptr_ring_init(...)	alloc_hooks(ptr_ring_init_noprof(__VA_ARGS__))

/*
 * Put n entries just read (batch[0] first) back before the head, last one
 * first, while slots before the head are free; what does not fit goes to
 * destroy().
 */
static inline void ptr_ring_unconsume(struct ptr_ring *r, void **batch, int n,
				      void (*destroy)(void *))
{
	if (r->size) {
		__qdk_ptr_ring_clear_read(r, r->consumer_head);
		while (n) {
			int slot = r->consumer_head ? r->consumer_head - 1 : r->size - 1;

			if (r->queue[slot])
				break;
			r->queue[slot] = batch[--n];
			r->consumer_tail = slot;
			WRITE_ONCE(r->consumer_head, slot);
		}
	}
	while (n)
		destroy(batch[--n]);
}

/* move the entries into queue (size slots); the rest to destroy() */
static inline void **__ptr_ring_swap_queue(struct ptr_ring *r, void **queue,
					   int size, gfp_t gfp,
					   void (*destroy)(void *))
{
	void **old = r->queue;
	int producer = 0;
	void *ptr;

	while ((ptr = __ptr_ring_consume(r))) {
		if (producer < size)
			queue[producer++] = ptr;
		else if (destroy)
			destroy(ptr);
	}
	if (producer >= size)
		producer = 0;
	__ptr_ring_set_size(r, size);
	r->producer = producer;
	r->consumer_head = 0;
	r->consumer_tail = 0;
	r->queue = queue;
	return old;
}

static inline int ptr_ring_resize_noprof(struct ptr_ring *r, int size, gfp_t gfp,
					 void (*destroy)(void *))
{
	void **queue = __ptr_ring_init_queue_alloc_noprof(size, gfp);

	if (!queue)
		return -ENOMEM;
	kvfree(__ptr_ring_swap_queue(r, queue, size, gfp, destroy));
	return 0;
}
#define ptr_ring_resize(...)	alloc_hooks(ptr_ring_resize_noprof(__VA_ARGS__))

/* every ring gets its new array, or none does (-ENOMEM) */
static inline int __qdk_ptr_ring_resize_multiple(struct ptr_ring **rings,
						 unsigned int nrings, int size,
						 gfp_t gfp, void (*destroy)(void *))
{
	void ***queues = kmalloc_array_noprof(nrings, sizeof(*queues), gfp);
	int i;

	if (!queues)
		return -ENOMEM;
	for (i = 0; i < (int)nrings; i++) {
		queues[i] = __ptr_ring_init_queue_alloc_noprof(size, gfp);
		if (!queues[i]) {
			while (--i >= 0)
				kvfree(queues[i]);
			kfree(queues);
			return -ENOMEM;
		}
	}
	for (i = 0; i < (int)nrings; i++)
		queues[i] = __ptr_ring_swap_queue(rings[i], queues[i], size, gfp, destroy);
	for (i = 0; i < (int)nrings; i++)
		kvfree(queues[i]);
	kfree(queues);
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline int ptr_ring_resize_multiple_bh_noprof(struct ptr_ring **rings,
						     unsigned int nrings, int size,
						     gfp_t gfp, void (*destroy)(void *))
{
	return __qdk_ptr_ring_resize_multiple(rings, nrings, size, gfp, destroy);
}
#define ptr_ring_resize_multiple_bh(...) \
	alloc_hooks(ptr_ring_resize_multiple_bh_noprof(__VA_ARGS__))
#else
static inline int ptr_ring_resize_multiple_noprof(struct ptr_ring **rings,
						  unsigned int nrings, int size,
						  gfp_t gfp, void (*destroy)(void *))
{
	return __qdk_ptr_ring_resize_multiple(rings, nrings, size, gfp, destroy);
}
#define ptr_ring_resize_multiple(...) \
	alloc_hooks(ptr_ring_resize_multiple_noprof(__VA_ARGS__))
#endif

static inline void ptr_ring_cleanup(struct ptr_ring *r, void (*destroy)(void *))
{
	void *ptr;

	if (destroy)
		while ((ptr = ptr_ring_consume(r)))
			destroy(ptr);
	kvfree(r->queue);
}

#endif /* _LINUX_PTR_RING_H */
