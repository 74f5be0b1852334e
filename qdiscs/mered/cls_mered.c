// SPDX-License-Identifier: GPL-2.0
/*
 * cls_mered.c - Mice and Elephants as a tc filter: steer or police by flow
 * length.
 *
 * After Braithwaite, "Implementation of AQMs on Linux made Easy" (USQ,
 * 2005; docs/references.md), whose mice-and-elephants ingress filter this
 * is. The filter classifies each packet with the mered qdisc's rule
 * (algo/mice.h over algo/flowtable.h): a flow is a mouse while the bytes it
 * sent, the packet included, are at most `mice`, then an elephant until it
 * stays idle for `timeout`. What it answers:
 *
 *   - policer (ingress, clsact or egress): with a `rate`, elephants share
 *     one token bucket of `rate` bytes/s and `burst` bytes; an elephant
 *     finding too few tokens is dropped: TC_ACT_SHOT, which the ingress
 *     hook, clsact and classful qdiscs (prio, htb, ...) all honour;
 *   - steering (egress, a classful qdisc's filter): a mouse gets
 *     res.classid = mice_classid, an elephant elephant_classid, returned
 *     with TC_ACT_OK (res.class 0: the qdisc finds the class by its id);
 *   - a packet whose class has no id given (and which is not dropped) does
 *     not match: TC_ACT_UNSPEC, the next filter or the qdisc's default.
 *
 * No actions (tcf_exts): the verdicts above are the filter's own. One
 * filter per tcf_proto (as matchall), handle 1 unless given. A change
 * builds a new filter with the given options over the old ones (the flow
 * table starts empty) and swaps it in under RCU.
 *
 * Context: classify() runs with BH disabled, possibly on several CPUs at
 * once (clsact is lockless): the flow table and the bucket are under the
 * filter's spinlock; it never allocates. Everything else runs under RTNL.
 */

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/random.h>
#include <linux/rcupdate.h>
#include <linux/skbuff.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/workqueue.h>
#include <net/netlink.h>
#include <net/pkt_cls.h>
#include <net/sch_generic.h>

#include <algo/flowtable.h>
#include <algo/mice.h>

#include "mered.h"
#include "cls_mered.h"

struct mered_filter {
	/* configuration, fixed for the filter's life */
	u32 handle;
	u32 mice;
	u32 timeout_us;
	u32 flows;
	u32 seed;
	u32 mice_classid;
	u32 elephant_classid;
	u32 rate;		/* bytes/s, 0: no policing */
	u32 burst;		/* bytes */
	u64 fill_max;		/* ns of refill that fill an empty bucket */

	/* state, under lock */
	spinlock_t lock;
	struct flowtable ft;
	u64 tokens;		/* bytes * NSEC_PER_SEC */
	u64 t_last;		/* ns: last refill */
	struct tc_cls_mered_stats st;

	struct rcu_work rwork;	/* freed after the readers left */
};

static struct netlink_range_validation mered_timeout_range = {
	.min = 0, .max = MERED_TIMEOUT_MAX,
};

static struct netlink_range_validation mered_flows_range = {
	.min = FLOWTABLE_SIZE_MIN, .max = FLOWTABLE_SIZE_MAX,
};

static struct netlink_range_validation mered_burst_range = {
	.min = 1, .max = U32_MAX,
};

static const struct nla_policy mered_policy[TCA_CLS_MERED_MAX + 1] = {
	[TCA_CLS_MERED_MICE] = { .type = NLA_U32 },
	[TCA_CLS_MERED_TIMEOUT] = NLA_POLICY_FULL_RANGE(NLA_U32,
							&mered_timeout_range),
	[TCA_CLS_MERED_FLOWS] = NLA_POLICY_FULL_RANGE(NLA_U32,
						      &mered_flows_range),
	[TCA_CLS_MERED_SEED] = { .type = NLA_U32 },
	[TCA_CLS_MERED_MICE_CLASSID] = { .type = NLA_U32 },
	[TCA_CLS_MERED_ELEPHANT_CLASSID] = { .type = NLA_U32 },
	[TCA_CLS_MERED_RATE] = { .type = NLA_U32 },
	[TCA_CLS_MERED_BURST] = NLA_POLICY_FULL_RANGE(NLA_U32,
						      &mered_burst_range),
	[TCA_CLS_MERED_STATS] = { .type = NLA_REJECT },
};

/*
 * The elephants' bucket: may an elephant of len bytes pass at now? Tokens
 * are kept in bytes times NSEC_PER_SEC so that a refill is rate * ns, with
 * no division in the datapath; fill_max caps the elapsed time so the
 * product cannot overflow (burst * NSEC_PER_SEC < 2^63).
 */
static bool mered_conform(struct mered_filter *f, u32 len, u64 now)
{
	u64 full = (u64)f->burst * NSEC_PER_SEC;
	u64 need = (u64)len * NSEC_PER_SEC;
	u64 dt = now > f->t_last ? now - f->t_last : 0;

	f->t_last = now;
	f->tokens += min(dt, f->fill_max) * f->rate;
	if (f->tokens > full)
		f->tokens = full;
	if (f->tokens < need)
		return false;
	f->tokens -= need;
	return true;
}

static int mered_classify(struct sk_buff *skb, const struct tcf_proto *tp,
			  struct tcf_result *res)
{
	struct mered_filter *f = rcu_dereference_bh(tp->root);
	u32 len = qdisc_pkt_len(skb);
	struct flowtable_entry *e;
	u64 now = ktime_get_ns();
	u32 classid;
	bool created;

	if (unlikely(!f))
		return TC_ACT_UNSPEC;

	spin_lock(&f->lock);
	e = flowtable_get(&f->ft, skb, now, &created);
	if (mice_arrival(&f->ft, e, len, f->mice)) {
		f->st.mice_pkts++;
		classid = f->mice_classid;
	} else {
		f->st.elephant_pkts++;
		if (f->rate && !mered_conform(f, len, now)) {
			f->st.policed++;
			spin_unlock(&f->lock);
			return TC_ACT_SHOT;
		}
		classid = f->elephant_classid;
	}
	spin_unlock(&f->lock);

	if (!classid)
		return TC_ACT_UNSPEC;
	res->classid = classid;
	res->class = 0;
	return TC_ACT_OK;
}

static int mered_init(struct tcf_proto *tp)
{
	RCU_INIT_POINTER(tp->root, NULL);
	return 0;
}

static void mered_free(struct mered_filter *f)
{
	flowtable_free(&f->ft);
	kfree(f);
}

static void mered_free_work(struct work_struct *work)
{
	mered_free(container_of(to_rcu_work(work), struct mered_filter,
				rwork));
}

/* Free f once no classify() can still see it. */
static void mered_free_rcu(struct mered_filter *f)
{
	tcf_queue_work(&f->rwork, mered_free_work);
}

static void mered_destroy(struct tcf_proto *tp, bool rtnl_held,
			  struct netlink_ext_ack *extack)
{
	struct mered_filter *f = rtnl_dereference(tp->root);

	if (f)
		mered_free_rcu(f);
}

static void *mered_get(struct tcf_proto *tp, u32 handle)
{
	struct mered_filter *f = rtnl_dereference(tp->root);

	return f && f->handle == handle ? f : NULL;
}

/* Read the attributes of tb into f; what is absent keeps f's value. */
static void mered_apply(struct mered_filter *f, struct nlattr **tb)
{
	if (tb[TCA_CLS_MERED_MICE])
		f->mice = nla_get_u32(tb[TCA_CLS_MERED_MICE]);
	if (tb[TCA_CLS_MERED_TIMEOUT])
		f->timeout_us = nla_get_u32(tb[TCA_CLS_MERED_TIMEOUT]);
	if (tb[TCA_CLS_MERED_FLOWS])
		f->flows = nla_get_u32(tb[TCA_CLS_MERED_FLOWS]);
	if (tb[TCA_CLS_MERED_SEED])
		f->seed = nla_get_u32(tb[TCA_CLS_MERED_SEED]);
	if (tb[TCA_CLS_MERED_MICE_CLASSID])
		f->mice_classid = nla_get_u32(tb[TCA_CLS_MERED_MICE_CLASSID]);
	if (tb[TCA_CLS_MERED_ELEPHANT_CLASSID])
		f->elephant_classid =
			nla_get_u32(tb[TCA_CLS_MERED_ELEPHANT_CLASSID]);
	if (tb[TCA_CLS_MERED_RATE])
		f->rate = nla_get_u32(tb[TCA_CLS_MERED_RATE]);
	if (tb[TCA_CLS_MERED_BURST])
		f->burst = nla_get_u32(tb[TCA_CLS_MERED_BURST]);
}

/*
 * Add the filter (*arg NULL) or change it (*arg: the one mered_get()
 * found): a new filter, the old one's options overridden by the given
 * ones, replaces it under RCU. Process context, RTNL held.
 */
static int mered_change(struct net *net, struct sk_buff *in_skb,
			struct tcf_proto *tp, unsigned long base, u32 handle,
			struct nlattr **tca, void **arg, u32 flags,
			struct netlink_ext_ack *extack)
{
	struct mered_filter *old = rtnl_dereference(tp->root);
	struct nlattr *tb[TCA_CLS_MERED_MAX + 1] = { NULL };
	struct mered_filter *f;
	int err;

	if (old && !*arg) {
		NL_SET_ERR_MSG_MOD(extack,
				   "one mered filter per priority: change it or use another prio");
		return -EEXIST;
	}
	if (tca[TCA_OPTIONS]) {
		err = nla_parse_nested(tb, TCA_CLS_MERED_MAX, tca[TCA_OPTIONS],
				       mered_policy, extack);
		if (err < 0)
			return err;
	}

	f = kzalloc(sizeof(*f), GFP_KERNEL);
	if (!f)
		return -ENOBUFS;
	if (old) {
		*f = *old;
	} else {
		f->handle = handle ? handle : 1;
		f->mice = MERED_DEF_MICE;
		f->timeout_us = MERED_DEF_TIMEOUT;
		f->flows = MERED_DEF_FLOWS;
		f->burst = CLS_MERED_DEF_BURST;
		f->seed = get_random_u32();
	}
	if (handle && handle != f->handle) {
		NL_SET_ERR_MSG_MOD(extack, "the filter's handle cannot change");
		kfree(f);
		return -EINVAL;
	}
	mered_apply(f, tb);
	f->fill_max = f->rate ? div_u64((u64)f->burst * NSEC_PER_SEC,
					f->rate) : 0;

	/* The copy took none of the old one's state. */
	spin_lock_init(&f->lock);
	memset(&f->st, 0, sizeof(f->st));
	f->t_last = ktime_get_ns();
	f->tokens = (u64)f->burst * NSEC_PER_SEC;
	err = flowtable_init(&f->ft, f->flows, (u64)f->timeout_us * NSEC_PER_USEC,
			     f->seed);
	if (err) {
		mered_free(f);
		return err;
	}

	rcu_assign_pointer(tp->root, f);
	if (old)
		mered_free_rcu(old);
	*arg = f;
	return 0;
}

static int mered_delete(struct tcf_proto *tp, void *arg, bool *last,
			bool rtnl_held, struct netlink_ext_ack *extack)
{
	struct mered_filter *f = rtnl_dereference(tp->root);

	if (!f || f != arg)
		return -ENOENT;
	RCU_INIT_POINTER(tp->root, NULL);
	mered_free_rcu(f);
	*last = true;
	return 0;
}

static void mered_walk(struct tcf_proto *tp, struct tcf_walker *arg,
		       bool rtnl_held)
{
	struct mered_filter *f = rtnl_dereference(tp->root);

	if (!f)
		return;
	if (arg->count >= arg->skip && arg->fn(tp, f, arg) < 0)
		arg->stop = 1;
	arg->count++;
}

static int mered_dump(struct net *net, struct tcf_proto *tp, void *fh,
		      struct sk_buff *skb, struct tcmsg *t, bool rtnl_held)
{
	struct mered_filter *f = fh;
	struct tc_cls_mered_stats st;
	struct nlattr *nest;

	if (!f)
		return skb->len;
	t->tcm_handle = f->handle;

	spin_lock_bh(&f->lock);
	st = f->st;
	st.flows = f->ft.stats.flows;
	st.evictions = f->ft.stats.evictions;
	spin_unlock_bh(&f->lock);

	nest = nla_nest_start(skb, TCA_OPTIONS);
	if (!nest)
		goto nla_put_failure;
	if (nla_put_u32(skb, TCA_CLS_MERED_MICE, f->mice) ||
	    nla_put_u32(skb, TCA_CLS_MERED_TIMEOUT, f->timeout_us) ||
	    nla_put_u32(skb, TCA_CLS_MERED_FLOWS, f->flows) ||
	    nla_put_u32(skb, TCA_CLS_MERED_SEED, f->seed) ||
	    (f->mice_classid &&
	     nla_put_u32(skb, TCA_CLS_MERED_MICE_CLASSID, f->mice_classid)) ||
	    (f->elephant_classid &&
	     nla_put_u32(skb, TCA_CLS_MERED_ELEPHANT_CLASSID,
			 f->elephant_classid)) ||
	    (f->rate &&
	     (nla_put_u32(skb, TCA_CLS_MERED_RATE, f->rate) ||
	      nla_put_u32(skb, TCA_CLS_MERED_BURST, f->burst))) ||
	    nla_put(skb, TCA_CLS_MERED_STATS, sizeof(st), &st))
		goto nla_put_failure;
	return nla_nest_end(skb, nest);

nla_put_failure:
	nla_nest_cancel(skb, nest);
	return -1;
}

static struct tcf_proto_ops cls_mered_ops __read_mostly = {
	.kind		= "mered",
	.classify	= mered_classify,
	.init		= mered_init,
	.destroy	= mered_destroy,
	.get		= mered_get,
	.change		= mered_change,
	.delete		= mered_delete,
	.walk		= mered_walk,
	.dump		= mered_dump,
	.owner		= THIS_MODULE,
};

static int __init cls_mered_module_init(void)
{
	return register_tcf_proto_ops(&cls_mered_ops);
}

static void __exit cls_mered_module_exit(void)
{
	unregister_tcf_proto_ops(&cls_mered_ops);
}

module_init(cls_mered_module_init);
module_exit(cls_mered_module_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Mice and Elephants classifier: steer or police by flow length");
#ifdef MODULE_ALIAS_NET_CLS
MODULE_ALIAS_NET_CLS("mered");
#endif
