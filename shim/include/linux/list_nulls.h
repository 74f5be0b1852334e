/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Hash chains ended by a "nulls" marker instead of NULL: an odd pointer
 * whose other bits carry a value (the chain's bucket, say), so a lockless
 * reader that followed an entry onto another chain sees at the end that it
 * did not finish where it began and restarts (sockets' established hash).
 */
#ifndef _LINUX_LIST_NULLS_H
#define _LINUX_LIST_NULLS_H

#include <linux/compiler.h>
#include <linux/container_of.h>
#include <linux/list.h>	/* LIST_POISON2 (the kernel has it in linux/poison.h) */
#include <linux/version.h>

struct hlist_nulls_head {
	struct hlist_nulls_node *first;
};

struct hlist_nulls_node {
	struct hlist_nulls_node *next, **pprev;
};

/* the end marker of a chain: bit 0 set, value in the bits above */
#define NULLS_MARKER(value) (1UL | (((long)value) << 1))
#define INIT_HLIST_NULLS_HEAD(ptr, nulls) \
	((ptr)->first = (struct hlist_nulls_node *)NULLS_MARKER(nulls))
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define HLIST_NULLS_HEAD_INIT(nulls) {.first = (struct hlist_nulls_node *)NULLS_MARKER(nulls)}
#endif

#define hlist_nulls_entry(ptr, type, member) container_of(ptr, type, member)

/* the entry, or NULL at the end marker */
#define hlist_nulls_entry_safe(ptr, type, member) \
	({ typeof(ptr) ____ptr = (ptr); \
	   !is_a_nulls(____ptr) ? hlist_nulls_entry(____ptr, type, member) : NULL; \
	})

/* the end of a chain, not an entry */
static inline int is_a_nulls(const struct hlist_nulls_node *ptr)
{
	return ((unsigned long)ptr & 1);
}

/* the value an end marker carries */
static inline unsigned long get_nulls_value(const struct hlist_nulls_node *ptr)
{
	return ((unsigned long)ptr) >> 1;
}

/* not on a chain (never added, or deleted with the _init variants) */
static inline int hlist_nulls_unhashed(const struct hlist_nulls_node *h)
{
	return !h->pprev;
}

static inline int hlist_nulls_unhashed_lockless(const struct hlist_nulls_node *h)
{
	return !READ_ONCE(h->pprev);
}

static inline int hlist_nulls_empty(const struct hlist_nulls_head *h)
{
	return is_a_nulls(READ_ONCE(h->first));
}

static inline void hlist_nulls_add_head(struct hlist_nulls_node *n, struct hlist_nulls_head *h)
{
	struct hlist_nulls_node *first = h->first;

	n->next = first;
	WRITE_ONCE(n->pprev, &h->first);
	h->first = n;
	if (!is_a_nulls(first))
		WRITE_ONCE(first->pprev, &n->next);
}

/* unlinked; n's own pointers kept (a reader standing on it may go on) */
static inline void __hlist_nulls_del(struct hlist_nulls_node *n)
{
	struct hlist_nulls_node *next = n->next;
	struct hlist_nulls_node **pprev = n->pprev;

	WRITE_ONCE(*pprev, next);
	if (!is_a_nulls(next))
		WRITE_ONCE(next->pprev, pprev);
}

/* unlinked, pprev poisoned (LIST_POISON2): hlist_nulls_unhashed() stays false */
static inline void hlist_nulls_del(struct hlist_nulls_node *n)
{
	__hlist_nulls_del(n);
	WRITE_ONCE(n->pprev, LIST_POISON2);
}

/* every entry of a chain, pos on its node, tpos on the entry */
#define hlist_nulls_for_each_entry(tpos, pos, head, member)			\
	for (pos = (head)->first;						\
	     (!is_a_nulls(pos)) &&						\
		({ tpos = hlist_nulls_entry(pos, typeof(*tpos), member); 1; });	\
	     pos = pos->next)

/* the entries from pos on (pos itself first) */
#define hlist_nulls_for_each_entry_from(tpos, pos, member)			\
	for (; (!is_a_nulls(pos)) &&						\
		({ tpos = hlist_nulls_entry(pos, typeof(*tpos), member); 1; });	\
	     pos = pos->next)

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/const.h>
#endif
