// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_rcu.c - RCU on the shim's model (callbacks and frees at once),
 * RCU lists, srcu, seqcounts and seqlocks, and the list API beyond the basics.
 */
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/rculist.h>
#include <linux/rcupdate.h>
#include <linux/seqlock.h>
#include <linux/slab.h>
#include <linux/srcu.h>
#include <linux/version.h>

#include "ktest.h"

struct kt_obj {
	int v;
	struct list_head node;
	struct hlist_node hnode;
	struct rcu_head rcu;
};

static int kt_cb_ran;


static void kt_cb(struct rcu_head *h)
{
	kt_cb_ran = container_of(h, struct kt_obj, rcu)->v;
}

KTEST(rcu, callbacks_and_frees)
{
	struct kt_obj o = { .v = 7 }, *p, *q;
	struct kt_obj __rcu *gp = NULL;
	unsigned long cookie;

	rcu_head_init(&o.rcu);
	KT_ASSERT(!rcu_head_after_call_rcu(&o.rcu, kt_cb), "before call_rcu");
	call_rcu(&o.rcu, kt_cb);
	KT_EQ(kt_cb_ran, 7);		/* the grace period is already over */
	KT_ASSERT(rcu_head_after_call_rcu(&o.rcu, kt_cb), "after call_rcu");

	p = kzalloc(sizeof(*p), GFP_KERNEL);
	rcu_assign_pointer(gp, p);
	rcu_read_lock();
	KT_ASSERT(rcu_dereference(gp) == p, "deref");
	rcu_read_unlock();
	q = rcu_replace_pointer(gp, NULL, true);
	KT_ASSERT(q == p && !rcu_access_pointer(gp), "replace");
	synchronize_rcu();
	kfree_rcu(q, rcu);		/* freed now: the case checks for leaks */
	p = kzalloc(sizeof(*p), GFP_KERNEL);
	kvfree_rcu_mightsleep(p);
	p = kzalloc(sizeof(*p), GFP_KERNEL);
	kvfree_rcu(p);
	cookie = get_state_synchronize_rcu();
	KT_ASSERT(poll_state_synchronize_rcu(cookie), "grace period not over");
	KT_ASSERT(ULONG_CMP_LT(ULONG_MAX, 1UL) && ULONG_CMP_GE(1UL, ULONG_MAX), "wrapping compare");
	{
		guard(rcu)();
		KT_ASSERT(rcu_read_lock_held(), "guard(rcu)");
	}
	return 0;
}

KTEST(rcu, lists)
{
	struct kt_obj a = { .v = 1 }, b = { .v = 2 }, c = { .v = 3 }, *pos;
	LIST_HEAD(head);
	LIST_HEAD(other);
	HLIST_HEAD(hh);
	int sum = 0;

	list_add_tail_rcu(&a.node, &head);
	list_add_tail_rcu(&c.node, &head);
	list_add_rcu(&b.node, &a.node);
	list_for_each_entry_rcu(pos, &head, node)
		sum = sum * 10 + pos->v;
	KT_EQ(sum, 123);
	list_del_rcu(&b.node);
	/* a reader standing on b can still go forward */
	KT_ASSERT(b.node.next == &c.node && b.node.prev == LIST_POISON2, "del_rcu pointers");
	KT_ASSERT(list_first_or_null_rcu(&head, struct kt_obj, node) == &a, "first");
	KT_ASSERT(!list_next_or_null_rcu(&head, &c.node, struct kt_obj, node), "next at end");
	list_replace_rcu(&c.node, &b.node);
	KT_EQ(list_last_entry(&head, struct kt_obj, node)->v, 2);
	list_splice_init_rcu(&head, &other, synchronize_rcu);
	KT_ASSERT(list_empty(&head) && list_count_nodes(&other) == 2, "splice_init_rcu");

	hlist_add_head_rcu(&a.hnode, &hh);
	hlist_add_tail_rcu(&c.hnode, &hh);
	hlist_add_before_rcu(&b.hnode, &c.hnode);
	sum = 0;
	hlist_for_each_entry_rcu(pos, &hh, hnode)
		sum = sum * 10 + pos->v;
	KT_EQ(sum, 123);
	hlist_del_rcu(&b.hnode);
	KT_ASSERT(b.hnode.pprev == LIST_POISON2, "hlist_del_rcu");
	sum = 0;
	hlist_for_each_entry_rcu(pos, &hh, hnode)
		sum = sum * 10 + pos->v;
	KT_EQ(sum, 13);
	return 0;
}

KTEST(rcu, srcu)
{
	DEFINE_SRCU(ss);
	struct kt_obj o = { .v = 9 };
	int idx;

	idx = srcu_read_lock(&ss);
	KT_ASSERT(srcu_read_lock_held(&ss), "held");
	srcu_read_unlock(&ss, idx);
	KT_ASSERT(!srcu_read_lock_held(&ss), "released");
	kt_cb_ran = 0;
	call_srcu(&ss, &o.rcu, kt_cb);
	KT_EQ(kt_cb_ran, 9);
	synchronize_srcu(&ss);
	cleanup_srcu_struct(&ss);
	return 0;
}

KTEST(seqlock, seqcount)
{
	seqcount_t s;
	spinlock_t l;
	seqcount_spinlock_t ss;
	unsigned int seq;

	seqcount_init(&s);
	seq = read_seqcount_begin(&s);
	KT_ASSERT(!read_seqcount_retry(&s, seq), "no writer");
	write_seqcount_begin(&s);
	KT_EQ(raw_seqcount_begin(&s), 0);	/* odd count, low bit cleared */
	write_seqcount_end(&s);
	KT_ASSERT(read_seqcount_retry(&s, seq), "a write happened");
	seq = raw_read_seqcount_begin(&s);
	KT_EQ(seq, 2);
	write_seqcount_invalidate(&s);
	KT_ASSERT(read_seqcount_retry(&s, seq), "invalidated");
	raw_write_seqcount_barrier(&s);
	KT_EQ(s.sequence, 6);

	spin_lock_init(&l);
	seqcount_spinlock_init(&ss, &l);
	KT_ASSERT(ss.lock == &l, "assoc lock");
	spin_lock(&l);
	write_seqcount_begin(&ss);
	write_seqcount_end(&ss);
	spin_unlock(&l);
	KT_EQ(read_seqcount_begin(&ss), 2);
	return 0;
}

static DEFINE_SEQLOCK(kt_sl);

KTEST(seqlock, seqlock)
{
	seqlock_t sl;
	unsigned long flags;
	unsigned int seq;
	int s = 0;

	seqlock_init(&sl);
	seq = read_seqbegin(&sl);
	write_seqlock(&sl);
	KT_ASSERT(spin_is_locked(&sl.lock), "writer holds the lock");
	write_sequnlock(&sl);
	KT_ASSERT(read_seqretry(&sl, seq), "retry after a write");
	write_seqlock_irqsave(&kt_sl, flags);
	write_sequnlock_irqrestore(&kt_sl, flags);
	write_seqlock_bh(&kt_sl);
	write_sequnlock_bh(&kt_sl);
	KT_EQ(read_seqbegin(&kt_sl), 4);
	/* the lockless pass first, then (odd) the locked one */
	read_seqbegin_or_lock(&sl, &s);
	KT_ASSERT(!need_seqretry(&sl, s), "no write since");
	done_seqretry(&sl, s);
	s = 1;
	read_seqbegin_or_lock(&sl, &s);
	KT_ASSERT(spin_is_locked(&sl.lock), "locked pass");
	KT_ASSERT(!need_seqretry(&sl, s), "locked pass never retries");
	done_seqretry(&sl, s);
	KT_ASSERT(!spin_is_locked(&sl.lock), "unlocked");
	return 0;
}

KTEST(list, more_ops)
{
	struct kt_obj o[5], *pos, *n;
	LIST_HEAD(h);
	LIST_HEAD(cut);
	int i, sum = 0;

	for (i = 0; i < 5; i++) {
		o[i].v = i + 1;
		list_add_tail(&o[i].node, &h);
	}
	list_rotate_left(&h);				/* 2 3 4 5 1 */
	KT_EQ(list_first_entry(&h, struct kt_obj, node)->v, 2);
	list_swap(&o[1].node, &o[4].node);		/* 5 3 4 2 1 */
	list_for_each_entry(pos, &h, node)
		sum = sum * 10 + pos->v;
	KT_EQ(sum, 53421);
	list_cut_position(&cut, &h, &o[2].node);	/* cut: 5 3; h: 4 2 1 */
	KT_EQ(list_count_nodes(&cut), 2);
	KT_EQ(list_count_nodes(&h), 3);
	list_splice_tail(&cut, &h);			/* 4 2 1 5 3 */
	INIT_LIST_HEAD(&cut);
	list_cut_before(&cut, &h, &o[0].node);		/* cut: 4 2; h: 1 5 3 */
	KT_EQ(list_first_entry(&cut, struct kt_obj, node)->v, 4);
	list_splice(&cut, &h);				/* 4 2 1 5 3 */
	sum = 0;
	list_for_each_entry_safe_reverse(pos, n, &h, node)
		sum = sum * 10 + pos->v;
	KT_EQ(sum, 35124);
	pos = &o[0];
	KT_EQ(list_next_entry_circular(&o[2], &h, node)->v, 4);
	KT_EQ(list_prev_entry_circular(&o[3], &h, node)->v, 3);
	sum = 0;
	list_for_each_entry_from(pos, &h, node)
		sum = sum * 10 + pos->v;
	KT_EQ(sum, 153);
	list_bulk_move_tail(&h, &o[3].node, &o[1].node);	/* 1 5 3 4 2 */
	KT_EQ(list_first_entry(&h, struct kt_obj, node)->v, 1);
	KT_EQ(list_last_entry(&h, struct kt_obj, node)->v, 2);
	list_del_init_careful(&o[4].node);
	KT_ASSERT(list_empty_careful(&o[4].node), "careful");
	return 0;
}

KTEST(list, hlist_more)
{
	struct kt_obj o[3], *pos;
	HLIST_HEAD(h);
	HLIST_HEAD(h2);
	struct hlist_node *p, *n;
	int i = 0, sum = 0;

	for (i = 0; i < 3; i++)
		o[i].v = i + 1;
	hlist_add_head(&o[0].hnode, &h);
	hlist_add_behind(&o[2].hnode, &o[0].hnode);
	hlist_add_before(&o[1].hnode, &o[2].hnode);
	hlist_for_each_entry(pos, &h, hnode)
		sum = sum * 10 + pos->v;
	KT_EQ(sum, 123);
	KT_ASSERT(!hlist_is_singular_node(&o[0].hnode, &h), "three nodes");
	hlist_move_list(&h, &h2);
	KT_ASSERT(hlist_empty(&h) && h2.first == &o[0].hnode, "move_list");
	hlist_for_each_safe(p, n, &h2)
		hlist_del_init(p);
	KT_ASSERT(hlist_empty(&h2), "emptied");
	hlist_add_fake(&o[0].hnode);
	KT_ASSERT(hlist_fake(&o[0].hnode), "fake");
	return 0;
}

KTEST(seqlock, props_and_latch)
{
	spinlock_t l;
	seqcount_spinlock_t ss;
	seqcount_latch_t latch;
	seqlock_t sl;
	unsigned long flags;
	unsigned int seq;

	spin_lock_init(&l);
	seqcount_LOCKNAME_init(&ss, &l, spinlock);
	KT_ASSERT(seqprop_ptr(&ss) == &ss.seqcount, "ptr");
	KT_ASSERT(!seqprop_preemptible(&ss), "spinlock writers are not preempted");
	do_write_seqcount_begin(seqprop_ptr(&ss));
	KT_EQ(seqprop_sequence(&ss), 1);
	do_write_seqcount_end(seqprop_ptr(&ss));
	KT_ASSERT(!do___read_seqcount_retry(&ss.seqcount, 2), "even again");
	seqcount_latch_init(&latch);
	seq = raw_read_seqcount_latch(&latch);
	write_seqcount_latch_begin(&latch);	/* readers now use the other copy */
	KT_EQ(raw_read_seqcount_latch(&latch) & 1, 1);
	write_seqcount_latch(&latch);
	write_seqcount_latch_end(&latch);
	KT_ASSERT(read_seqcount_latch_retry(&latch, seq), "latch moved");
	seqlock_init(&sl);
	flags = __write_seqlock_irqsave(&sl);
	KT_ASSERT(spin_is_locked(&sl.lock), "irqsave write");
	write_sequnlock_irqrestore(&sl, flags);
	flags = __read_seqlock_excl_irqsave(&sl);
	read_sequnlock_excl_irqrestore(&sl, flags);
	KT_ASSERT(!spin_is_locked(&sl.lock), "unlocked");
	return 0;
}

KTEST(rcu, srcu_guard_and_polling)
{
	DEFINE_SRCU(ss);
	unsigned long cookie = start_poll_synchronize_srcu(&ss);

	{
		guard(srcu)(&ss);
		KT_ASSERT(srcu_read_lock_held(&ss), "guard(srcu)");
	}
	KT_ASSERT(!srcu_read_lock_held(&ss), "guard released");
	KT_ASSERT(poll_state_synchronize_srcu(&ss, cookie), "grace period over");
	return 0;
}

KTEST(rcu, srcu_down_up_and_sync_in_reader)
{
	struct srcu_struct ss;
	unsigned long w0 = qdk_warn_count;
	int idx;

	KT_EQ(init_srcu_struct(&ss), 0);
	/* a down_read counts a reader without a read section of this task */
	idx = srcu_down_read(&ss);
	KT_ASSERT(srcu_read_lock_held(&ss), "a reader");
	srcu_up_read(&ss, idx);
	KT_ASSERT(!srcu_read_lock_held(&ss), "none");
	synchronize_srcu(&ss);
	KT_EQ(qdk_warn_count, w0);
	/* an updater inside a read section of its own srcu_struct would never return */
	idx = srcu_read_lock(&ss);
	synchronize_srcu(&ss);
	KT_EQ(qdk_warn_count, w0 + 1);
	srcu_read_unlock(&ss, idx);
	KT_EQ(get_state_synchronize_srcu(&ss), get_completed_synchronize_srcu());
	KT_ASSERT(same_state_synchronize_srcu(SRCU_GET_STATE_COMPLETED,
					      start_poll_synchronize_srcu(&ss)), "same");
	cleanup_srcu_struct(&ss);
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
KTEST(rcu, srcu_fast_readers_and_flavors)
{
	struct srcu_struct ss, sn;
	struct srcu_ctr __percpu *scp, *scp2;
	unsigned long w0 = qdk_warn_count;

	KT_EQ(init_srcu_struct_fast(&ss), 0);
	KT_EQ(ss.srcu_reader_flavor, SRCU_READ_FLAVOR_FAST);
	scp = srcu_read_lock_fast(&ss);
	scp2 = srcu_read_lock_fast(&ss);
	KT_ASSERT(scp == scp2, "one CPU, one counter pair");
	KT_EQ(atomic_long_read(&scp->srcu_locks), 2);
	srcu_read_unlock_fast(&ss, scp2);
	srcu_read_unlock_fast(&ss, scp);
	KT_EQ(atomic_long_read(&scp->srcu_unlocks), 2);
	KT_ASSERT(!srcu_read_lock_held(&ss), "all out");
	scoped_guard(srcu_fast, &ss)
		KT_ASSERT(srcu_read_lock_held(&ss), "guard(srcu_fast)");
	KT_EQ(qdk_warn_count, w0);
	/* a normal reader on a fast srcu_struct: the debug kernel's warning */
	srcu_read_unlock(&ss, srcu_read_lock(&ss));
	KT_EQ(qdk_warn_count, w0 + 1);

	KT_EQ(init_srcu_struct_fast_updown(&sn), 0);
	scp = srcu_down_read_fast(&sn);
	KT_ASSERT(srcu_read_lock_held(&sn), "a reader");
	srcu_up_read_fast(&sn, scp);
	KT_ASSERT(!srcu_read_lock_held(&sn), "none");
	KT_EQ(SRCU_READ_FLAVOR_ALL, 0xf);
	KT_EQ(SRCU_READ_FLAVOR_SLOWGP, 0xc);
	cleanup_srcu_struct(&ss);
	cleanup_srcu_struct(&sn);
	return 0;
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0) && LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
KTEST(rcu, list_splice_init_srcu)
{
	DEFINE_SRCU(ss);
	struct kt_obj a = { .v = 1 }, b = { .v = 2 }, c = { .v = 3 };
	struct kt_obj *pos;
	LIST_HEAD(src);
	LIST_HEAD(dst);
	int sum = 0;

	list_add_tail(&a.node, &src);
	list_add_tail(&b.node, &src);
	list_add_tail(&c.node, &dst);
	list_splice_init_srcu(&src, &dst, &ss);
	KT_ASSERT(list_empty(&src), "emptied");
	list_for_each_entry(pos, &dst, node)
		sum = sum * 10 + pos->v;
	KT_EQ(sum, 123);
	list_splice_init_srcu(&src, &dst, &ss);		/* empty: nothing */
	KT_ASSERT(list_is_last(&c.node, &dst), "unchanged");
	return 0;
}
#endif

KTEST(rcu, polled_full_state_and_nocb)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	struct rcu_gp_seq a, b = { .norm = 4, .exp = 8 };
#else
	struct rcu_gp_oldstate a, b = { .rgos_norm = 4, .rgos_exp = 8 };
#endif

	get_completed_synchronize_rcu_full(&a);
	KT_ASSERT(poll_state_synchronize_rcu_full(&a), "completed");
	KT_ASSERT(!same_state_synchronize_rcu_full(&a, &b), "differs");
	get_state_synchronize_rcu_full(&b);
	KT_ASSERT(same_state_synchronize_rcu_full(&a, &b), "both completed");
	KT_EQ(rcu_scheduler_active, 2);
	/* the one CPU is online and was not offloaded at boot */
	KT_EQ(rcu_nocb_cpu_offload(0), -EINVAL);
	KT_EQ(rcu_nocb_cpu_deoffload(0), 0);
	KT_EQ(debug_lockdep_rcu_enabled(), 0);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	KT_EQ(RCU_SEQ_STATE_MASK, 3);
	rcu_read_lock_dont_migrate();
	rcu_read_unlock_migrate();
#endif
	return 0;
}

KTEST(seqlock, scoped_seqlock_read_retries_under_the_lock)
{
	DEFINE_SEQLOCK(sl);
	int passes = 0, locked = 0;
	seqcount_spinlock_t sc;
	spinlock_t l;

	/* no writer: one lockless pass */
	scoped_seqlock_read(&sl, ss_lock)
		passes++;
	KT_EQ(passes, 1);
	/* a writer during the first pass: a second one, under the lock */
	passes = 0;
	scoped_seqlock_read(&sl, ss_lock) {
		if (!passes++) {
			write_seqlock(&sl);
			write_sequnlock(&sl);
		} else {
			locked = spin_is_locked(&sl.lock);
		}
	}
	KT_EQ(passes, 2);
	KT_EQ(locked, 1);
	KT_ASSERT(!spin_is_locked(&sl.lock), "dropped at the end of the scope");
	/* ss_lockless: retried without the lock until no writer raced */
	passes = 0;
	scoped_seqlock_read(&sl, ss_lockless) {
		if (passes++ < 2) {
			write_seqlock(&sl);
			write_sequnlock(&sl);
		}
		locked = spin_is_locked(&sl.lock);
	}
	KT_EQ(passes, 3);
	KT_EQ(locked, 0);
	spin_lock_init(&l);
	seqcount_spinlock_init(&sc, &l);
	KT_ASSERT(seqprop_const_ptr(&sc) == &sc.seqcount, "const_ptr");
	return 0;
}
