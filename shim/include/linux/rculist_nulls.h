/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hlist_nulls chains changed under a lock while readers walk them under
 * RCU: a reader may step onto a freed-and-reused entry (SLAB_TYPESAFE_BY_RCU)
 * and so onto another chain, which the end marker's value tells it.
 */
#ifndef _LINUX_RCULIST_NULLS_H
#define _LINUX_RCULIST_NULLS_H

#include <linux/list_nulls.h>
#include <linux/rcupdate.h>

/* unlinked and marked unhashed; the node's next kept for readers on it */
static inline void hlist_nulls_del_init_rcu(struct hlist_nulls_node *n)
{
	if (!hlist_nulls_unhashed(n)) {
		__hlist_nulls_del(n);
		WRITE_ONCE(n->pprev, NULL);
	}
}

/* the chain's links as RCU pointers */
#define hlist_nulls_first_rcu(head) \
	(*((struct hlist_nulls_node __rcu __force **)&(head)->first))

#define hlist_nulls_next_rcu(node) \
	(*((struct hlist_nulls_node __rcu __force **)&(node)->next))

#define hlist_nulls_pprev_rcu(node) \
	(*((struct hlist_nulls_node __rcu __force **)(node)->pprev))

/* unlinked, pprev poisoned; next kept for readers on the node */
static inline void hlist_nulls_del_rcu(struct hlist_nulls_node *n)
{
	__hlist_nulls_del(n);
	WRITE_ONCE(n->pprev, LIST_POISON2);
}

/* at the head, published after its own links are set */
static inline void hlist_nulls_add_head_rcu(struct hlist_nulls_node *n,
					    struct hlist_nulls_head *h)
{
	struct hlist_nulls_node *first = h->first;

	WRITE_ONCE(n->next, first);
	WRITE_ONCE(n->pprev, &h->first);
	rcu_assign_pointer(hlist_nulls_first_rcu(h), n);
	if (!is_a_nulls(first))
		WRITE_ONCE(first->pprev, &n->next);
}

/* at the tail: after the last entry, or at the head of an empty chain */
static inline void hlist_nulls_add_tail_rcu(struct hlist_nulls_node *n,
					    struct hlist_nulls_head *h)
{
	struct hlist_nulls_node *i, *last = NULL;

	for (i = h->first; !is_a_nulls(i); i = i->next)
		last = i;

	if (last) {
		WRITE_ONCE(n->next, last->next);
		n->pprev = &last->next;
		rcu_assign_pointer(hlist_nulls_next_rcu(last), n);
	} else {
		hlist_nulls_add_head_rcu(n, h);
	}
}

/* on no chain but deletable: hlist_nulls_del() of it changes only itself */
static inline void hlist_nulls_add_fake(struct hlist_nulls_node *n)
{
	n->pprev = &n->next;
	n->next = (struct hlist_nulls_node *)NULLS_MARKER(NULL);
}

/* new takes old's place; readers on old still reach the rest of the chain */
static inline void hlist_nulls_replace_rcu(struct hlist_nulls_node *old,
					   struct hlist_nulls_node *new)
{
	struct hlist_nulls_node *next = old->next;

	WRITE_ONCE(new->next, next);
	WRITE_ONCE(new->pprev, old->pprev);
	rcu_assign_pointer(hlist_nulls_pprev_rcu(new), new);
	if (!is_a_nulls(next))
		WRITE_ONCE(next->pprev, &new->next);
}

/* ... and old marked unhashed */
static inline void hlist_nulls_replace_init_rcu(struct hlist_nulls_node *old,
						struct hlist_nulls_node *new)
{
	hlist_nulls_replace_rcu(old, new);
	WRITE_ONCE(old->pprev, NULL);
}

/* every entry, read under RCU (the first pointer reloaded on a restart) */
#define hlist_nulls_for_each_entry_rcu(tpos, pos, head, member)			\
	for (({barrier(); }),							\
	     pos = rcu_dereference_raw(hlist_nulls_first_rcu(head));		\
	     (!is_a_nulls(pos)) &&						\
		({ tpos = hlist_nulls_entry(pos, typeof(*tpos), member); 1; });	\
	     pos = rcu_dereference_raw(hlist_nulls_next_rcu(pos)))

/* every entry, the next one read before the body may delete this one */
#define hlist_nulls_for_each_entry_safe(tpos, pos, head, member)		\
	for (({barrier(); }),							\
	     pos = rcu_dereference_raw(hlist_nulls_first_rcu(head));		\
	     (!is_a_nulls(pos)) &&						\
		({ tpos = hlist_nulls_entry(pos, typeof(*tpos), member);	\
		   pos = rcu_dereference_raw(hlist_nulls_next_rcu(pos)); 1; });)

#endif
