// SPDX-License-Identifier: GPL-2.0
/*
 * The recorder attached in place at a device's root, for the kinds that
 * must be the root (taprio, sch_teql's slaves), and what tc sent to make
 * the roots it may be asked to attach to.
 */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/nsproxy.h>
#include <linux/rtnetlink.h>
#include <linux/sched.h>
#include <net/netlink.h>
#include <net/pkt_sched.h>
#include <net/sch_generic.h>

#include "rec_sched.h"

/*
 * What tc sent for the root qdiscs it made, a slot a device (the last
 * REC_ROOTREQ_SLOTS devices): a root attached in place later (rec_root_set)
 * was made before the recorder saw it, and its dump is not always a
 * request init() takes back (taprio dumps a schedule not yet running as
 * its admin schedule, which init() does not read: "There should be at
 * least one entry in the schedule"). Under rtnl.
 */
#define REC_ROOTREQ_SLOTS	4

struct rec_rootreq {
	const struct net *net;	/* compared, never followed */
	int ifindex;
	u64 ts;			/* when it came */
	struct rec_gopt g;
};

static struct rec_rootreq rec_rootreqs[REC_ROOTREQ_SLOTS];
static unsigned int rec_rootreq_next;

static struct rec_rootreq *rec_rootreq_of(const struct net *net, int ifindex)
{
	int i;

	for (i = 0; i < REC_ROOTREQ_SLOTS; i++)
		if (rec_rootreqs[i].net == net && rec_rootreqs[i].ifindex == ifindex)
			return &rec_rootreqs[i];
	return NULL;
}

/*
 * A request for a device's root: one that names the root there now, or no
 * handle, changes it or cannot be matched to what it makes (the dump tells
 * then); any other makes a new root, with these options.
 */
void rec_root_request(const struct net *net, const struct tcmsg *tcm,
			     const struct nlattr *kind, const struct nlattr *opt)
{
	struct rec_rootreq *r = rec_rootreq_of(net, tcm->tcm_ifindex);
	struct net_device *dev;
	struct Qdisc *root;

	dev = __dev_get_by_index((struct net *)net, tcm->tcm_ifindex);
	if (!dev)
		return;
	if (!r) {
		r = &rec_rootreqs[rec_rootreq_next++ % REC_ROOTREQ_SLOTS];
		r->net = net;
		r->ifindex = tcm->tcm_ifindex;
	}
	root = rtnl_dereference(dev->qdisc);
	r->g.handle = tcm->tcm_handle;
	r->g.valid = tcm->tcm_handle && (!root || root->handle != tcm->tcm_handle) &&
		     rec_tc_request_fits(kind, opt);
	if (!r->g.valid)
		return;
	nla_strscpy(r->g.kind, kind, sizeof(r->g.kind));
	r->g.len = rec_opt_copy(r->g.opt, opt);
	r->ts = ktime_get_ns();
}

/* ... what made root (of dev), into q's request, if that was seen */
static void rec_root_take_request(struct rec_sched *q, struct net_device *dev,
				  const struct Qdisc *root)
{
	const struct rec_rootreq *r = rec_rootreq_of(dev_net(dev), dev->ifindex);

	q->req_valid = r && r->g.valid && r->g.handle == root->handle &&
		       !strcmp(r->g.kind, root->ops->id) && q->req_opt;
	if (!q->req_valid)
		return;
	strscpy(q->req_kind, r->g.kind, sizeof(q->req_kind));
	q->req_handle = r->g.handle;
	q->req_ts = r->ts;
	q->req_len = r->g.len;
	memcpy(q->req_opt, r->g.opt, r->g.len);
}

/* ---- attached in place at a device's root --------------------------------- */

/*
 * Some kinds must be the root and refuse any parent (taprio; sch_teql's
 * slaves): they cannot be our child. For them the recorder attaches to
 * the device's root qdisc in place, `echo DEV >
 * /sys/module/sch_recorder/parameters/root` once tc has made it and
 * before traffic: the qdisc gets a copy of its own ops whose datapath
 * calls (the Qdisc's enqueue and dequeue pointers too, which the core
 * calls) record and pass on to its own, as the wrapper does for its child.
 * The instance is the qdisc itself (sch == child), so its records are its
 * own with parent root. What the wrapper cannot do here: hold arrivals
 * while a change runs (no parent of ours would count them), so a change
 * is a gap (a lost line: verify refuses the trace from there); and the
 * core's bypass of an empty TCQ_F_CAN_BYPASS root is the kind's own
 * business, as without the recorder. Attaching records the qdisc as it
 * is (CONF fresh when it holds nothing), so a capture attaches before the
 * first packet. Destroyed, the qdisc drops out of the capture; module
 * exit gives every attached qdisc its ops back. Both copies (ops and
 * instance) are kept until then: the core still reads the ops it called
 * destroy through (qdisc_destroy()'s module_put(ops->owner)), and a CPU
 * may be in a datapath call when the ops are given back.
 */
static LIST_HEAD(rec_roots_retired);
/* ingress and clsact qdiscs attached (rtnl): tcf_classify() is followed outside calls */
int rec_hooks_on;

static int rec_root_enqueue(struct sk_buff *skb, struct Qdisc *sch,
			    struct sk_buff **to_free)
{
	return rec_enqueue_child(skb, rec_of_child(sch), to_free);
}

static struct sk_buff *rec_root_take(struct Qdisc *sch, bool peek)
{
	struct rec_sched *q = rec_of_child(sch);
	struct sk_buff *skb;

	if (!rec_call_on(q))
		return rec_take_child(q, peek);
	skb = rec_take(q, peek);
	rec_call_off(q);
	return skb;
}

static struct sk_buff *rec_root_dequeue(struct Qdisc *sch)
{
	return rec_root_take(sch, false);
}

static struct sk_buff *rec_root_peek(struct Qdisc *sch)
{
	return rec_root_take(sch, true);
}

static void rec_root_reset(struct Qdisc *sch)
{
	rec_reset_child(rec_of_child(sch));
}

/* The qdisc's own ops back (rtnl held); the copies retire (above). */
static void rec_root_detach(struct rec_sched *q)
{
	struct rec_ops *ro = q->child_ops;
	struct Qdisc *sch = q->sch;

	ASSERT_RTNL();
	list_del(&q->node);
	rec_tslot_put(q);
	rec_dev_follow(q->inst, q->gen, NULL);
	sch_tree_lock(sch);
	if (!(sch->flags & TCQ_F_INGRESS)) {
		WRITE_ONCE(sch->enqueue, ro->orig->enqueue);
		WRITE_ONCE(sch->dequeue, ro->orig->dequeue);
	} else {
		rec_hooks_on--;
	}
	sch->ops = ro->orig;
	sch_tree_unlock(sch);
	list_add_tail(&q->node, &rec_roots_retired);
}

static void rec_root_destroy(struct Qdisc *sch)
{
	struct rec_sched *q = rec_of_child(sch);
	const struct Qdisc_ops *orig = q->child_ops->orig;
	struct qdk_rec r;

	if (READ_ONCE(rec_capturing) && q->session == READ_ONCE(rec_session)) {
		rec_head(&r, q, QDK_REC_DESTROY);
		rec_emit(&r);
	}
	rec_root_detach(q);
	if (orig->destroy)
		orig->destroy(sch);
}

/* A change of an attached root: not recorded, a gap in the trace (above). */
static int rec_root_change(struct Qdisc *sch, struct nlattr *opt,
			   struct netlink_ext_ack *extack)
{
	struct rec_sched *q = rec_of_child(sch);
	struct qdk_rec r;

	ASSERT_RTNL();
	if (READ_ONCE(rec_capturing) && q->session == READ_ONCE(rec_session)) {
		sch_tree_lock(sch);
		rec_head(&r, q, QDK_REC_CHANGE);
		r.flags |= QDK_RF_NOREC;
		rec_emit(&r);
		q->session = 0;
		sch_tree_unlock(sch);
	}
	q->req_valid = false;	/* its dump tells from here on */
	return q->child_ops->orig->change(sch, opt, extack);
}

static int rec_root_attach(struct Qdisc *root)
{
	struct rec_sched *q;
	struct rec_ops *ro;

	ASSERT_RTNL();
	q = kzalloc(sizeof(*q), GFP_KERNEL);
	ro = kmalloc(sizeof(*ro), GFP_KERNEL);
	if (!q || !ro) {
		kfree(q);
		kfree(ro);
		return -ENOMEM;
	}
	INIT_LIST_HEAD(&q->node);
	INIT_LIST_HEAD(&q->fopts);
	q->sch = root;
	q->child = root;
	q->root = true;
	/* no room: its dump stands for the request */
	q->req_opt = kmalloc(REC_REQ_MAX, GFP_KERNEL);
	rec_root_take_request(q, qdisc_dev(root), root);
	q->inst = ++rec_next_inst;
	ro->ops = *root->ops;
	ro->orig = root->ops;
	ro->q = q;
	/* an ingress or clsact qdisc is never enqueued to: its hooks' filters record */
	if (!(root->flags & TCQ_F_INGRESS)) {
		ro->ops.enqueue = rec_root_enqueue;
		ro->ops.dequeue = rec_root_dequeue;
		ro->ops.peek = rec_root_peek;
	}
	ro->ops.reset = rec_root_reset;
	ro->ops.destroy = rec_root_destroy;
	if (ro->orig->change)
		ro->ops.change = rec_root_change;
	if (ro->orig->cl_ops)
		rec_cl_wrap(ro);
	q->child_ops = ro;
	spin_lock_init(&q->hook_lock);
	sch_tree_lock(root);
	root->ops = &ro->ops;
	if (!(root->flags & TCQ_F_INGRESS)) {
		WRITE_ONCE(root->dequeue, rec_root_dequeue);
		WRITE_ONCE(root->enqueue, rec_root_enqueue);
	} else {
		rec_hooks_on++;
	}
	sch_tree_unlock(root);
	list_add_tail(&q->node, &rec_instances);
	rec_tslot_update(q);
	rec_arm_q(q, !root->q.qlen);
	return 0;
}

/*
 * Can the recorder attach in place to sch, DEV's root (ingress false) or
 * its ingress or clsact qdisc? 0, or why not.
 */
static int rec_attachable(const struct Qdisc *sch, bool ingress)
{
	if (ingress)
		/* no ingress or clsact qdisc there */
		return sch && (sch->flags & TCQ_F_INGRESS) ? 0 : -EINVAL;
	/*
	 * noop; noqueue and mq (no enqueue: nothing queued there);
	 * pfifo_fast, whose calls take no lock our swap could order them by;
	 * ours
	 */
	if (!sch || (sch->flags & (TCQ_F_BUILTIN | TCQ_F_NOLOCK)) ||
	    !sch->enqueue || sch->ops == &rec_qdisc_ops)
		return -EINVAL;
	return 0;
}

/* `echo DEV > .../parameters/root` or `.../ingress`: attach to that qdisc of DEV */
static int rec_attach_set(const char *val, bool ingress)
{
	struct netdev_queue *nq;
	char name[IFNAMSIZ];
	struct net_device *dev;
	struct Qdisc *sch = NULL;
	int err;

	if (strscpy(name, strim((char *)val), sizeof(name)) <= 0)
		return -EINVAL;
	rtnl_lock();
	/* DEV of the writer's network namespace (`ip netns exec NS ...`) */
	dev = __dev_get_by_name(current->nsproxy->net_ns, name);
	if (dev && !ingress) {
		sch = rtnl_dereference(dev->qdisc);
	} else if (dev) {
		nq = dev_ingress_queue(dev);
		sch = nq ? rtnl_dereference(nq->qdisc_sleeping) : NULL;
	}
	err = dev ? rec_attachable(sch, ingress) : -ENODEV;
	if (!err && sch->ops->destroy == rec_root_destroy)
		err = -EBUSY;		/* attached already */
	if (!err)
		err = rec_root_attach(sch);
	rtnl_unlock();
	return err;
}

static int rec_root_set(const char *val, const struct kernel_param *kp)
{
	return rec_attach_set(val, false);
}

static const struct kernel_param_ops rec_root_param_ops = {
	.set = rec_root_set,
};
module_param_cb(root, &rec_root_param_ops, NULL, 0200);
MODULE_PARM_DESC(root, "attach to this device's root qdisc in place, for kinds that must be the root (write a device's name)");

/*
 * `echo DEV > .../parameters/ingress`: attach in place to DEV's ingress or
 * clsact qdisc. It is never enqueued to: the device's hooks run its
 * blocks' filters on each packet, and those classifications are its
 * calls (rec_hook.c).
 */
static int rec_ingress_set(const char *val, const struct kernel_param *kp)
{
	return rec_attach_set(val, true);
}

static const struct kernel_param_ops rec_ingress_param_ops = {
	.set = rec_ingress_set,
};
module_param_cb(ingress, &rec_ingress_param_ops, NULL, 0200);
MODULE_PARM_DESC(ingress, "attach to this device's ingress or clsact qdisc in place (write a device's name)");

/* The instance attached in place to sch, an ingress or clsact qdisc, or NULL. */
struct rec_sched *rec_hook_of(const struct Qdisc *sch)
{
	if (!sch || !(sch->flags & TCQ_F_INGRESS) ||
	    sch->ops->destroy != rec_root_destroy)
		return NULL;
	return container_of(sch->ops, struct rec_ops, ops)->q;
}

/* module exit: every attached root gets its ops back, then the copies go */
void rec_roots_exit(void)
{
	struct rec_sched *q, *n;

	rtnl_lock();
	list_for_each_entry_safe(q, n, &rec_instances, node)
		if (q->root)
			rec_root_detach(q);
	rtnl_unlock();
	synchronize_net();
	list_for_each_entry_safe(q, n, &rec_roots_retired, node) {
		list_del(&q->node);
		kfree(q->child_ops);
		kfree(q->req_opt);
		kfree(q);
	}
}
