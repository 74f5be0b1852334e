// SPDX-License-Identifier: GPL-2.0
/*
 * net_namespace.c - pernet operations (net/core/net_namespace.c). The list
 * of namespaces holds init_net alone (lib/dev.c), which lives as long as the
 * program, so a registration runs the operations' init for it at once and
 * an unregistration their exits, in the kernel's order: pre_exit, exit,
 * the RTNL exits, exit_batch, then the generic block is freed. An id is
 * allocated from MIN_PERNET_OPS_ID up as the kernel's ida does, and a size
 * gets a zeroed block per namespace, net_generic(net, *id).
 */
#include <linux/errno.h>
#include <linux/idr.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/rtnetlink.h>
#include <linux/slab.h>
#include <net/net_namespace.h>
#include <net/netns/generic.h>
#include <qdk/unmodelled.h>

/* init_net is in it from the start (lib/dev.c points its list here) */
struct list_head net_namespace_list = LIST_HEAD_INIT(init_net.list);
EXPORT_SYMBOL_GPL(net_namespace_list);

/* the first ids fall on net_generic's own header (len, rcu) */
#define MIN_PERNET_OPS_ID	\
	((sizeof(struct net_generic) + sizeof(void *) - 1) / sizeof(void *))

DECLARE_RWSEM(pernet_ops_rwsem);
EXPORT_SYMBOL_GPL(pernet_ops_rwsem);
DECLARE_RWSEM(net_rwsem);
EXPORT_SYMBOL_GPL(net_rwsem);
static LIST_HEAD(pernet_list);		/* subsystems, then devices */
static struct list_head *first_device = &pernet_list;
static DEFINE_IDA(net_generic_ids);
static unsigned int max_gen_ptrs = MIN_PERNET_OPS_ID;
static unsigned int gen_users;		/* registered operations with an id */

/*
 * The kernel keeps a namespace's generic array as long as the namespace;
 * init_net lives as long as the program, so the shim frees the array once
 * no operations with an id are left, and the leak accounting of a run or
 * a test sees what the operations themselves leave.
 */
static void net_generic_put(void)
{
	struct net *net;

	if (--gen_users)
		return;
	for_each_net(net) {
		kfree(net->gen);
		RCU_INIT_POINTER(net->gen, NULL);
	}
}

/* ptr[id] of net's generic array, grown to max_gen_ptrs slots if need be */
static int net_assign_generic(struct net *net, unsigned int id, void *data)
{
	struct net_generic *ng = net->gen, *old = ng;

	if (!old || old->s.len <= id) {
		ng = kzalloc(struct_size(ng, ptr, max_gen_ptrs), GFP_KERNEL);
		if (!ng)
			return -ENOMEM;
		ng->s.len = max_gen_ptrs;
		if (old)
			memcpy(&ng->ptr[MIN_PERNET_OPS_ID], &old->ptr[MIN_PERNET_OPS_ID],
			       (old->s.len - MIN_PERNET_OPS_ID) * sizeof(void *));
		rcu_assign_pointer(net->gen, ng);
		kfree(old);		/* every grace period is already over */
	}
	ng->ptr[id] = data;
	return 0;
}

static int ops_init(const struct pernet_operations *ops, struct net *net)
{
	void *data = NULL;
	int err = -ENOMEM;

	if (ops->id && ops->size) {
		data = kzalloc(ops->size, GFP_KERNEL);
		if (!data)
			return err;
		err = net_assign_generic(net, *ops->id, data);
		if (err) {
			kfree(data);
			return err;
		}
	}
	err = ops->init ? ops->init(net) : 0;
	if (err && data) {
		net->gen->ptr[*ops->id] = NULL;
		kfree(data);
	}
	return err;
}

/* the exits for the namespaces of net_exit_list (the ones init ran for) */
static void ops_undo(const struct pernet_operations *ops, struct list_head *net_exit_list)
{
	struct net *net;

	if (ops->pre_exit)
		list_for_each_entry(net, net_exit_list, exit_list)
			ops->pre_exit(net);
	/* here the kernel waits for an RCU grace period: already over */
	if (ops->exit)
		list_for_each_entry(net, net_exit_list, exit_list)
			ops->exit(net);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	if (ops->exit_rtnl) {
		LIST_HEAD(dev_kill_list);

		rtnl_lock();
		list_for_each_entry(net, net_exit_list, exit_list)
			ops->exit_rtnl(net, &dev_kill_list);
		/* unregister_netdevice_many() of what it queued: no such exit yet */
		WARN_ON_ONCE(!list_empty(&dev_kill_list));
		rtnl_unlock();
	}
#endif
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	if (ops->exit_batch_rtnl) {
		LIST_HEAD(dev_kill_list);

		rtnl_lock();
		ops->exit_batch_rtnl(net_exit_list, &dev_kill_list);
		WARN_ON_ONCE(!list_empty(&dev_kill_list));
		rtnl_unlock();
	}
#endif
	if (ops->exit_batch)
		ops->exit_batch(net_exit_list);
	if (ops->id && ops->size)
		list_for_each_entry(net, net_exit_list, exit_list) {
			kfree(net->gen->ptr[*ops->id]);
			net->gen->ptr[*ops->id] = NULL;
		}
}

static int register_pernet_operations(struct list_head *list,
				      struct pernet_operations *ops)
{
	LIST_HEAD(net_exit_list);
	struct net *net;
	int err;

	if (ops->id) {
		err = ida_alloc_min(&net_generic_ids, MIN_PERNET_OPS_ID, GFP_KERNEL);
		if (err < 0)
			return err;
		*ops->id = err;
		max_gen_ptrs = max(max_gen_ptrs, *ops->id + 1);
		gen_users++;
	}
	list_add_tail(&ops->list, list);
	for_each_net(net) {
		err = ops_init(ops, net);
		if (err)
			goto out_undo;
		list_add_tail(&net->exit_list, &net_exit_list);
	}
	return 0;

out_undo:
	list_del(&ops->list);
	ops_undo(ops, &net_exit_list);
	if (ops->id) {
		ida_free(&net_generic_ids, *ops->id);
		net_generic_put();
	}
	return err;
}

static void unregister_pernet_operations(struct pernet_operations *ops)
{
	LIST_HEAD(net_exit_list);
	struct net *net;

	list_del(&ops->list);
	for_each_net(net)
		list_add_tail(&net->exit_list, &net_exit_list);
	ops_undo(ops, &net_exit_list);
	if (ops->id) {
		ida_free(&net_generic_ids, *ops->id);
		net_generic_put();
	}
}

/* a subsystem: before every device's operations (inited first, exited last) */
int register_pernet_subsys(struct pernet_operations *ops)
{
	int err;

	down_write(&pernet_ops_rwsem);
	err = register_pernet_operations(first_device, ops);
	up_write(&pernet_ops_rwsem);
	return err;
}
EXPORT_SYMBOL_GPL(register_pernet_subsys);

void unregister_pernet_subsys(struct pernet_operations *ops)
{
	down_write(&pernet_ops_rwsem);
	unregister_pernet_operations(ops);
	up_write(&pernet_ops_rwsem);
}
EXPORT_SYMBOL_GPL(unregister_pernet_subsys);

/* a device's: at the end of the list */
int register_pernet_device(struct pernet_operations *ops)
{
	int err;

	down_write(&pernet_ops_rwsem);
	err = register_pernet_operations(&pernet_list, ops);
	if (!err && first_device == &pernet_list)
		first_device = &ops->list;
	up_write(&pernet_ops_rwsem);
	return err;
}
EXPORT_SYMBOL_GPL(register_pernet_device);

void unregister_pernet_device(struct pernet_operations *ops)
{
	down_write(&pernet_ops_rwsem);
	if (&ops->list == first_device)
		first_device = first_device->next;
	unregister_pernet_operations(ops);
	up_write(&pernet_ops_rwsem);
}
EXPORT_SYMBOL_GPL(unregister_pernet_device);

/*
 * The last reference went: the kernel queues the namespace's cleanup. The
 * shim's namespaces belong to their creators (init_net to the program, a
 * usertc namespace to qdk_net_free()), so this is a reference imbalance.
 */
void __put_net(struct net *net)
{
	WARN(1, "put_net(): the last reference of a namespace the shim owns\n");
}
EXPORT_SYMBOL_GPL(__put_net);

struct net *get_net_ns_by_pid(pid_t pid)
{
	QDK_UNMODELLED(get_net_ns_by_pid, "one task, no process namespaces");
}
EXPORT_SYMBOL_GPL(get_net_ns_by_pid);

struct net *get_net_ns_by_fd(int fd)
{
	QDK_UNMODELLED(get_net_ns_by_fd, "no nsfs files in user space");
}
EXPORT_SYMBOL_GPL(get_net_ns_by_fd);

struct ns_common *get_net_ns(struct ns_common *ns)
{
	QDK_UNMODELLED(get_net_ns, "no nsfs in user space");
}
EXPORT_SYMBOL_GPL(get_net_ns);

int peernet2id_alloc(struct net *net, struct net *peer, gfp_t gfp)
{
	QDK_UNMODELLED(peernet2id_alloc, "no namespace ids (RTM_NEWNSID)");
}
EXPORT_SYMBOL_GPL(peernet2id_alloc);

int peernet2id(const struct net *net, struct net *peer)
{
	QDK_UNMODELLED(peernet2id, "no namespace ids (RTM_NEWNSID)");
}
EXPORT_SYMBOL(peernet2id);

/* no namespace is ever being cleaned up: nothing to wait for */
void net_ns_barrier(void)
{
	down_write(&pernet_ops_rwsem);
	up_write(&pernet_ops_rwsem);
}
EXPORT_SYMBOL(net_ns_barrier);

/* set by an IPv6 FIB (net/ipv6/ip6_fib.c), which the shim does not have */
void (*__fib6_flush_trees)(struct net *net);
EXPORT_SYMBOL(__fib6_flush_trees);
