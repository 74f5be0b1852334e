/* SPDX-License-Identifier: GPL-2.0 */
/*
 * shim.h - the shim's internal interfaces between its runtime files
 * (kernel-style code). Not for qdiscs.
 */
#ifndef QDK_SHIM_INTERNAL_H
#define QDK_SHIM_INTERNAL_H

#include <linux/list.h>
#include <linux/types.h>

struct sk_buff;
struct Qdisc;
struct alloc_tag;
struct kmem_cache;
struct Qdisc_ops;

/* slab.c */
extern long qdk_mem_objects;
extern long qdk_mem_bytes;
extern long qdk_mem_fail_after;
/*
 * Every allocation (slab.c): first the kernel's might_alloc() (flags that
 * allow direct reclaim may sleep: a bug in atomic context, qdk/context.h),
 * then the failure injection: true for the allocation that fails.
 */
struct alloc_tag;
bool qdk_alloc_fails(gfp_t flags);
/*
 * A call of an allocator that may sleep whatever its flags (vmalloc(),
 * vfree()): reported as might_sleep() at the allocator's caller (the
 * alloc_hooks() tag, else ip).
 */
void qdk_alloc_might_sleep(const char *what, unsigned long ip);
void qdk_alloc_fail_arm(u64 n);
u64 qdk_alloc_attempts(void);
bool qdk_alloc_failed(const struct alloc_tag **tag);

/* vmalloc.c: the page of vmalloc memory at an address, or NULL */
struct page;
struct page *qdk_vmalloc_page(unsigned long addr);

/* dev.c: a device into net (present, registered, an in_device) and out */
struct net_device;
struct net;
struct in_device;
void qdk_netdev_register(struct net_device *dev, struct net *net,
			 struct in_device *in_dev);
void qdk_netdev_unregister(struct net_device *dev);
/* dev.c: the receive filter reprogrammed after an address list changed */
void __dev_set_rx_mode(struct net_device *dev);
/* devinet.c: a namespace's IPv4 device settings (in all, dflt), a device's */
struct ipv4_devconf;
void qdk_devinet_init_net(struct net *net, struct ipv4_devconf *all,
			  struct ipv4_devconf *dflt);
void qdk_inetdev_init_conf(struct in_device *in_dev, struct net *net);
/* dev.c: a namespace in the list notifiers walk, and out; a life-cycle event */
void qdk_net_link(struct net *net);
void qdk_net_unlink(struct net *net);
int qdk_netdev_event(unsigned long val, struct net_device *dev);
/* devinet.c: an IPv4 address LOCAL/PREFIXLEN on dev (ip addr add) */
int qdk_inet_addr_add(struct net_device *dev, __be32 local, unsigned int prefixlen);
/* devinet.c: a going device's addresses, each with NETDEV_DOWN */
void qdk_inetdev_del_addrs(struct in_device *in_dev);

/* sch_generic.c: shutdown_scheduler_queue(), for attach_default_qdiscs()'s fallback too */
struct netdev_queue;
void qdk_shutdown_scheduler_queue(struct netdev_queue *dev_queue);

/* time.c */
struct timer_list;
void qdk_time_reset(void);
void qdk_time_set_hz(unsigned int hz);
void qdk_time_set_jiffies(u64 j);	/* from now on only through this */
bool qdk_time_advance(u64 ns);
u64 qdk_time_next(void);
void qdk_time_drive_timers(bool on);
int qdk_time_fire_timer_list(void);
int qdk_time_fire_timer_at(const void *t);	/* a timer_list or driven hrtimer */
int qdk_time_fire_timer_within(const void *lo, size_t len);	/* the one driven there */
unsigned long qdk_ns_to_jiffies(u64 ns);
u64 qdk_jiffies_to_ns(unsigned long j);
/* the ns a timer_list armed now for expires fires at (the wheel's bucket) */
u64 qdk_time_timer_list_due(unsigned long expires);
/* move the clock on by ns without running anything (busy-waiting) */
void qdk_time_busy_wait(u64 ns);
/* xarray.c: index has an entry, a reserved (zero) one too */
struct xarray;
bool qdk_xa_busy(struct xarray *xa, unsigned long index);
/* wait.c: the task running, no signal pending */
void qdk_wait_reset(void);
struct qdk_tnode;
/* queue n (a QDK_TNODE_WORK or _TASKLET) to run at the current time */
void qdk_time_defer(struct qdk_tnode *n, u8 kind);
/* take n off the queue; whether it was on it */
bool qdk_time_cancel(struct qdk_tnode *n);
/* the first entry, in firing order, that match() accepts */
struct qdk_tnode *qdk_time_find(bool (*match)(const struct qdk_tnode *n, const void *arg),
				const void *arg);
/* workqueue.c, softirq.c: run the deferred work n is in (off the queue) */
void qdk_work_run(struct qdk_tnode *n);
void qdk_tasklet_run(struct qdk_tnode *n);
/* cancel timers living in [start, start + len); returns how many */
int qdk_time_purge_range(const void *start, size_t len);

/*
 * fs.c: a node of the file tree a module's devices and entries make
 * (/dev, /proc, /sys), opened through fops (chr: through the cdev of rdev)
 */
struct file_operations;
struct inode;
struct file;
struct qdk_node {
	struct list_head list;
	char path[160];
	bool dir;
	bool chr;			/* a character device node: the cdev of rdev */
	umode_t mode;
	dev_t rdev;
	const struct file_operations *fops;
	void *i_private;
	loff_t size;			/* the inode's i_size */
	char link[160];			/* a symbolic link's target, "" for others */
	void *owner;			/* what made it (a proc entry, a dentry, a device) */
	unsigned long opens, releases;
	int open_now;
};
struct qdk_node *qdk_node_add(const char *dir, const char *name, const struct qdk_node *tmpl);
void qdk_node_remove(struct qdk_node *n);
int qdk_node_rename(const char *from, const char *to);
struct qdk_node *qdk_file_node(const struct file *file);
struct qdk_node *qdk_node_lookup(const char *path);
void qdk_nodes_reset(void);
/* char_dev.c: the open of a character device node (chrdev_open()) */
int qdk_chrdev_open(struct inode *inode, struct file *filp);

/* pseudofs.c: the proc and debugfs entries a module left, freed */
void qdk_pseudofs_reset(void);
/* params.c: /sys/module/MODULE/parameters/NAME, while the modules are loaded */
void qdk_params_sysfs_add(void);
void qdk_params_sysfs_remove(void);
/* each parameter's free(), as at module unload */
void qdk_params_free(void);
/* netfilter.c: hooks registered now; those left at unload, reported */
unsigned int qdk_nf_hooks_registered(void);
void qdk_nf_hooks_report(void);
struct kobject;
/* kobject.c: kobj or one of its parents belongs to a kset (a device) */
bool qdk_kobj_in_kset(const struct kobject *kobj);
/* misc.c: the misc core's major and class, gone with the modules */
void qdk_misc_reset(void);

/* random.c */
void qdk_random_seed(u64 seed);

/* trace_events.c: where an event's line goes instead of stderr (NULL: stderr) */
extern void (*qdk_trace_line_hook)(const char *line);

/*
 * skbuff.c: the drop hook, called for every skb with a trace id that
 * kfree_skb_reason() frees, with the reason it was given
 */
extern void (*qdk_skb_drop_hook)(struct sk_buff *skb, u32 reason);
struct sk_buff *qdk_skb_alloc(unsigned int size);
/* gso.c: a segment of skb, empty, room for len bytes (skbuff.c) */
struct sk_buff *qdk_skb_segment_new(const struct sk_buff *skb, unsigned int len);
void qdk_skb_cache_drain(void);
/*
 * An skb whose freeing is watched: qdk_skb_watch_freed turns true when it
 * is freed, so a caller can tell whether it still may read it (the SAN
 * build frees skbs at once, and ASan reports any read after that).
 */
extern const struct sk_buff *qdk_skb_watch;
extern bool qdk_skb_watch_freed;
void qdk_skb_set_truesize(struct sk_buff *skb, unsigned int truesize);
void qdk_qdisc_pkt_len_init(struct sk_buff *skb, unsigned int pkt_len);
struct sk_buff *qdk_tc_hook(struct sk_buff *skb, bool ingress, int *ret);
long qdk_skb_for_each_live(u64 since, void (*fn)(void *arg, const struct sk_buff *skb),
			   void *arg);

/* slab.c: the allocation sequence and the live kmalloc-family objects */
extern u64 qdk_mem_seq;
long qdk_slab_for_each_live(u64 since,
			    void (*fn)(void *arg, const struct alloc_tag *tag,
				       const struct kmem_cache *cache, size_t size),
			    void *arg);

/* sch_api.c */
int qdk_run_initcalls(void);
/* lockdep.c: no lock held, no frame, the preemption count zero */
void qdk_ctx_reset(void);
void qdk_run_exitcalls(void);
struct Qdisc_ops *qdk_lookup_ops(const char *kind);
size_t qdk_list_ops(const char **names, size_t max);
extern void (*qdk_netif_schedule_hook)(struct Qdisc *q);
/* earliest armed watchdog of sch */
bool qdk_watchdog_of(const struct Qdisc *sch, u64 *expires);
/* a qdisc freed: its watchdogs are no longer armed (sch_generic.c) */
void qdk_watchdogs_forget(const struct Qdisc *sch);

/* rtnetlink.c: one tc request (RTM_*QDISC, RTM_*TCLASS) for dev, outside any namespace */
struct net_device;
struct nlmsghdr;
struct netlink_ext_ack;
int qdk_tc_dev_request(struct net_device *dev, const struct nlmsghdr *n,
		       struct netlink_ext_ack *extack);

/* dev.c: what netdev_xmit_skip_txqueue() last set */
bool qdk_xmit_txqueue_skipped(void);
/* packets netif_rx() dropped at a full backlog (lib/dev.c) */
unsigned int qdk_backlog_dropped(void);

struct netlink_callback;
/* rtnetlink.c: the registered handlers of a family's msgtype (PF_UNSPEC's
 * when it has none), false when none; a registered link kind by name
 */
bool qdk_rtnl_handler(int protocol, int msgtype,
		      int (**doit)(struct sk_buff *, struct nlmsghdr *, struct netlink_ext_ack *),
		      int (**dumpit)(struct sk_buff *, struct netlink_callback *),
		      unsigned int *flags);
struct rtnl_link_ops;
const struct rtnl_link_ops *qdk_rtnl_link_ops_get(const char *kind);

/* cls_api.c: the replay's filter into the block of qdisc or class parent */
int qdk_tcf_replay_attach(struct net_device *dev, u32 parent,
			  struct netlink_ext_ack *extack);
/* ... or a kit classifier of kind with its TCA_OPTIONS (header included) */
int qdk_tcf_classifier_attach(struct net_device *dev, u32 parent, const char *kind,
			      const void *opts, size_t opts_len,
			      struct netlink_ext_ack *extack);

/*
 * siphash.c: the cores behind siphash() and hsiphash(), with their rounds
 * (c per word, d at the end) as arguments, for the published vectors'
 * SipHash-2-4 and HalfSipHash-2-4 too
 */
u64 qdk_siphash_rounds(const void *data, size_t len, u64 k0, u64 k1,
		       int c, int d);
u32 qdk_halfsiphash_rounds(const void *data, size_t len, u32 k0, u32 k1,
			   int c, int d);

#endif
