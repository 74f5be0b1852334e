// SPDX-License-Identifier: GPL-2.0
/*
 * cls_template.c - a tc classifier that steers small packets, written to be
 * read.
 *
 * A packet of at most "maxlen" bytes (qdisc_pkt_len()) matches: the filter
 * answers TC_ACT_OK with res.classid = "classid", and a classful qdisc
 * (prio, htb, drr, ...) puts it into that class. A larger packet does not
 * match: TC_ACT_UNSPEC, and the qdisc asks its next filter or uses its
 * default (prio: the priomap). That is all the algorithm there is;
 * everything else in this file is the contract between a classifier and
 * the kernel's filter core, explained for someone who has never written
 * one. Start a new classifier from this file with
 * `make new NAME=yourname TYPE=classifier` and replace the algorithm in
 * classify(), keeping the contract.
 *
 * The same source builds as a kernel module (kbuild) and against qdk's shim
 * in user space (qdk-replay runs classify() for a trace's `classifier`
 * line), with no #ifdef.
 *
 * How the filter core uses a classifier (Linux 6.1, net/sched/cls_api.c):
 *
 *   - Datapath. A classful qdisc's enqueue calls tcf_classify() on its
 *     block; it walks the block's tcf_proto list (one per priority and
 *     protocol) and calls each one's ->classify() until one answers other
 *     than TC_ACT_UNSPEC. On egress that runs under the root qdisc lock; on
 *     ingress and clsact it runs without any qdisc lock, on several CPUs at
 *     once. Always with BH disabled, inside rcu_read_lock_bh(): classify()
 *     must never sleep, never allocate, and may only read what RCU keeps
 *     alive (tp->root below).
 *
 *   - Control path. `tc filter add/change/replace/del/show` arrive over
 *     rtnetlink: ->init(), ->get(), ->change(), ->delete(), ->walk(),
 *     ->dump() and ->destroy() run in process context with RTNL held (this
 *     classifier does not set TCF_PROTO_OPS_DOIT_UNLOCKED). They may sleep
 *     and use GFP_KERNEL, but the datapath may run concurrently: what it
 *     reads is replaced, never changed in place, and the old copy is freed
 *     only after an RCU grace period.
 *
 * A tcf_proto is one (priority, protocol) slot of a block; a classifier may
 * hold many filters (handles) in it, like u32, or one, like matchall. This
 * one holds a single filter, handle 1 unless tc gives another.
 */

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/skbuff.h>
#include <linux/slab.h>
#include <linux/types.h>
#include <linux/workqueue.h>
#include <net/netlink.h>
#include <net/pkt_cls.h>
#include <net/sch_generic.h>

#include "cls_template.h"

/*
 * One filter: its options, fixed for its life (a change makes a new one).
 * tp->root points at it; classify() reads it under RCU.
 */
struct template_filter {
	u32 handle;
	u32 classid;		/* res.classid of a match, 0: never matches */
	u32 maxlen;		/* bytes */
	struct rcu_work rwork;	/* freed after the readers left */
};

/*
 * Netlink policy of the attributes nested in TCA_OPTIONS, checked by the
 * netlink core before change() reads a value: wrong lengths, unknown types
 * and out-of-range values come back to tc as extack messages.
 */
static struct netlink_range_validation template_maxlen_range = {
	.min = 1, .max = U32_MAX,
};

static const struct nla_policy template_policy[TCA_CLS_TEMPLATE_MAX + 1] = {
	[TCA_CLS_TEMPLATE_CLASSID] = { .type = NLA_U32 },
	[TCA_CLS_TEMPLATE_MAXLEN] = NLA_POLICY_FULL_RANGE(NLA_U32,
							  &template_maxlen_range),
};

/*
 * ->classify(): decide for one packet. Return a TC_ACT_* verdict and, for
 * TC_ACT_OK, fill res.
 *
 * Context: datapath, BH disabled, rcu_read_lock_bh() held by the caller,
 * possibly on several CPUs at once; may not sleep or allocate, and should
 * be O(1): it runs for every packet.
 *
 * TC_ACT_UNSPEC: no match, the next tcf_proto is asked. TC_ACT_OK: res
 * holds the answer; res.classid is the class (MAJ:MIN), res.class 0 lets
 * the qdisc find the class by its id (a classifier that bound the class in
 * ->bind_class() may give it directly). TC_ACT_SHOT drops the packet (a
 * policer). The skb may be read, never changed or freed here.
 */
static int template_classify(struct sk_buff *skb, const struct tcf_proto *tp,
			     struct tcf_result *res)
{
	struct template_filter *f = rcu_dereference_bh(tp->root);

	if (unlikely(!f) || !f->classid || qdisc_pkt_len(skb) > f->maxlen)
		return TC_ACT_UNSPEC;
	res->classid = f->classid;
	res->class = 0;
	return TC_ACT_OK;
}

/*
 * ->init(): a new tcf_proto (the first `tc filter add` at this priority and
 * protocol), before any filter is in it. Process context, RTNL held; the
 * datapath may already see the tcf_proto, so tp->root must be valid (NULL:
 * classify() answers unspec).
 */
static int template_init(struct tcf_proto *tp)
{
	RCU_INIT_POINTER(tp->root, NULL);
	return 0;
}

static void template_free_work(struct work_struct *work)
{
	kfree(container_of(to_rcu_work(work), struct template_filter, rwork));
}

/*
 * Free f once no classify() can still see it: tcf_queue_work() runs the
 * free after an RCU grace period, in process context (where a classifier
 * with more state may also sleep to release it).
 */
static void template_free_rcu(struct template_filter *f)
{
	tcf_queue_work(&f->rwork, template_free_work);
}

/*
 * ->destroy(): the tcf_proto goes away (its last filter deleted, the
 * qdisc or chain destroyed). Process context, RTNL held. Free every filter
 * after the readers left; the tcf_proto itself is the core's.
 */
static void template_destroy(struct tcf_proto *tp, bool rtnl_held,
			     struct netlink_ext_ack *extack)
{
	struct template_filter *f = rtnl_dereference(tp->root);

	if (f)
		template_free_rcu(f);
}

/*
 * ->get(): the filter of this handle, or NULL. Process context, RTNL
 * held. What it returns is the "arg" that change() and delete() get.
 */
static void *template_get(struct tcf_proto *tp, u32 handle)
{
	struct template_filter *f = rtnl_dereference(tp->root);

	return f && f->handle == handle ? f : NULL;
}

/*
 * ->change(): `tc filter add` (*arg NULL: a new filter) or `tc filter
 * change/replace` (*arg: the filter get() found). tca[TCA_OPTIONS] holds
 * the options; absent ones keep the old filter's values (or the defaults).
 * Process context, RTNL held.
 *
 * Return 0 and set *arg to the filter, or a negative errno with an extack
 * message; on error nothing may have changed. The datapath reads tp->root
 * at any time, so the new filter is built complete, published with
 * rcu_assign_pointer() and the old one freed after a grace period.
 */
static int template_change(struct net *net, struct sk_buff *in_skb,
			   struct tcf_proto *tp, unsigned long base, u32 handle,
			   struct nlattr **tca, void **arg, u32 flags,
			   struct netlink_ext_ack *extack)
{
	struct template_filter *old = rtnl_dereference(tp->root);
	struct nlattr *tb[TCA_CLS_TEMPLATE_MAX + 1] = { NULL };
	struct template_filter *f;
	int err;

	if (old && !*arg) {
		NL_SET_ERR_MSG_MOD(extack,
				   "one template filter per priority: change it or use another prio");
		return -EEXIST;
	}
	if (tca[TCA_OPTIONS]) {
		err = nla_parse_nested(tb, TCA_CLS_TEMPLATE_MAX,
				       tca[TCA_OPTIONS], template_policy, extack);
		if (err < 0)
			return err;
	}
	if (old && handle && handle != old->handle) {
		NL_SET_ERR_MSG_MOD(extack, "the filter's handle cannot change");
		return -EINVAL;
	}

	f = kzalloc(sizeof(*f), GFP_KERNEL);
	if (!f)
		return -ENOBUFS;
	if (old) {
		f->handle = old->handle;
		f->classid = old->classid;
		f->maxlen = old->maxlen;
	} else {
		f->handle = handle ? handle : 1;
		f->maxlen = CLS_TEMPLATE_DEF_MAXLEN;
	}
	if (tb[TCA_CLS_TEMPLATE_CLASSID])
		f->classid = nla_get_u32(tb[TCA_CLS_TEMPLATE_CLASSID]);
	if (tb[TCA_CLS_TEMPLATE_MAXLEN])
		f->maxlen = nla_get_u32(tb[TCA_CLS_TEMPLATE_MAXLEN]);

	rcu_assign_pointer(tp->root, f);
	if (old)
		template_free_rcu(old);
	*arg = f;
	return 0;
}

/*
 * ->delete(): `tc filter del` of the filter get() found. Process context,
 * RTNL held. Unpublish it, free it after the readers left, and set *last
 * when the tcf_proto is now empty (the core then destroys it).
 */
static int template_delete(struct tcf_proto *tp, void *arg, bool *last,
			   bool rtnl_held, struct netlink_ext_ack *extack)
{
	struct template_filter *f = rtnl_dereference(tp->root);

	if (!f || f != arg)
		return -ENOENT;
	RCU_INIT_POINTER(tp->root, NULL);
	template_free_rcu(f);
	*last = true;
	return 0;
}

/*
 * ->walk(): call arg->fn for every filter, for `tc filter show` and when
 * the core (un)binds classes. Process context, RTNL held. Honour
 * arg->skip (filters already dumped), count every filter in arg->count
 * and stop when fn returns < 0.
 */
static void template_walk(struct tcf_proto *tp, struct tcf_walker *arg,
			  bool rtnl_held)
{
	struct template_filter *f = rtnl_dereference(tp->root);

	if (!f)
		return;
	if (arg->count >= arg->skip && arg->fn(tp, f, arg) < 0)
		arg->stop = 1;
	arg->count++;
}

/*
 * ->dump(): one filter (fh, from walk() or get()) for `tc filter show`:
 * its handle in t->tcm_handle and its options as TCA_OPTIONS, in the form
 * change() accepts, so a dump fed back to change() changes nothing.
 * Process context, RTNL held. Return skb->len, or -1 when the message is
 * full (cancel the nest: the core retries with a larger buffer).
 */
static int template_dump(struct net *net, struct tcf_proto *tp, void *fh,
			 struct sk_buff *skb, struct tcmsg *t, bool rtnl_held)
{
	struct template_filter *f = fh;
	struct nlattr *nest;

	if (!f)
		return skb->len;
	t->tcm_handle = f->handle;
	nest = nla_nest_start(skb, TCA_OPTIONS);
	if (!nest)
		goto nla_put_failure;
	if ((f->classid &&
	     nla_put_u32(skb, TCA_CLS_TEMPLATE_CLASSID, f->classid)) ||
	    nla_put_u32(skb, TCA_CLS_TEMPLATE_MAXLEN, f->maxlen))
		goto nla_put_failure;
	return nla_nest_end(skb, nest);

nla_put_failure:
	nla_nest_cancel(skb, nest);
	return -1;
}

/*
 * The classifier's operations, registered under its kind: `tc filter add
 * ... template ...` finds it by .kind (the kernel loads the module by its
 * alias "cls_template" when none is registered yet).
 */
static struct tcf_proto_ops cls_template_ops __read_mostly = {
	.kind		= "template",
	.classify	= template_classify,
	.init		= template_init,
	.destroy	= template_destroy,
	.get		= template_get,
	.change		= template_change,
	.delete		= template_delete,
	.walk		= template_walk,
	.dump		= template_dump,
	.owner		= THIS_MODULE,
};

static int __init cls_template_module_init(void)
{
	return register_tcf_proto_ops(&cls_template_ops);
}

static void __exit cls_template_module_exit(void)
{
	unregister_tcf_proto_ops(&cls_template_ops);
}

module_init(cls_template_module_init);
module_exit(cls_template_module_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("template classifier: small packets to one class");
#ifdef MODULE_ALIAS_NET_CLS
MODULE_ALIAS_NET_CLS("template");
#endif
