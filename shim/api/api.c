// SPDX-License-Identifier: GPL-2.0
/*
 * api.c - qdk_api.h on top of the kernel-style shim: devices and qdisc
 * instances, packets built as real frames, the calls with their effects
 * (drops, CE marks), statistics, dumps and memory accounting.
 *
 * Kernel-style code: kernel-mirror headers first, then qdk_api.h (whose
 * <stdint.h>/<stdbool.h> are compatible with them, see linux/types.h).
 *
 * Why one file past 800 lines: every section of qdk_api.h marked api.c
 * works on the same private state (struct qdk_qdisc with its device, the
 * call in progress and its effects); split, that state would become a
 * header every part reaches into. What has a kernel home lives there
 * instead (qdk_api.h names those files).
 */
#include <linux/ethtool.h>
#include <linux/kernel.h>
#include <linux/rtnetlink.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/skbuff.h>
#include <linux/netdevice.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/tcp.h>
#include <linux/udp.h>
#include <linux/inetdevice.h>
#include <net/net_namespace.h>
#include <net/checksum.h>
#include <net/ip.h>
#include <net/inet_ecn.h>
#include <net/netlink.h>
#include <net/gen_stats.h>
#include <net/pkt_sched.h>
#include <net/tcp.h>
#include <net/sch_generic.h>

#include <qdk/accounting.h>

#include "../lib/host.h"
#include "../lib/shim.h"
#include "qdk_api.h"

/* a plain Ethernet device: no offloads (ndo_setup_tc NULL) */
static const struct net_device_ops qdk_netdev_ops;

struct qdk_qdisc {
	struct net_device dev;		/* in init_net while the qdisc lives */
	struct in_device in_dev;
	struct netdev_queue *txq;
	struct Qdisc *sch;
	u32 speed;			/* qdk_dev_cfg's: the link settings' */
};

/* ---- effects --------------------------------------------------------------- */

static struct qdk_effect *effects;
static size_t n_effects, cap_effects;
static bool in_call;

static void effect_add(enum qdk_effect_kind kind, u64 id, u32 reason)
{
	if (n_effects == cap_effects) {
		size_t cap = cap_effects ? cap_effects * 2 : 64;
		/* host memory: effects are the harness's, not the qdisc's */
		struct qdk_effect *n = qdk_host_alloc(cap * sizeof(*n));

		if (!n) {
			qdk_host_log("qdk: out of memory for effects\n");
			qdk_host_abort();
		}
		if (n_effects)
			memcpy(n, effects, n_effects * sizeof(*n));
		qdk_host_free(effects);
		effects = n;
		cap_effects = cap;
	}
	effects[n_effects].kind = kind;
	effects[n_effects].id = id;
	effects[n_effects].reason = reason;
	n_effects++;
}

/*
 * 7.x: the qdisc's own reason of the drop being freed (QDISC_DROP_*), which
 * the free after the call turns into SKB_DROP_REASON_QDISC_DROP as
 * tcf_kfree_skb_list() does, after its tracepoint has seen the qdisc's
 */
static u32 qdisc_reason;

static void drop_hook(struct sk_buff *skb, u32 reason)
{
	if (in_call)
		effect_add(QDK_EFFECT_DROP, skb->__qdk_id, qdisc_reason ? qdisc_reason : reason);
}

/* The kernel's names of the reasons the series has (net/dropreason-core.h). */
#define QDK_REASON(r)	case r: return #r
const char *qdk_drop_reason_name(uint32_t reason)
{
	switch (reason) {
	QDK_REASON(SKB_DROP_REASON_NOT_SPECIFIED);
	QDK_REASON(SKB_DROP_REASON_PKT_TOO_SMALL);
	QDK_REASON(SKB_DROP_REASON_QDISC_DROP);
	QDK_REASON(SKB_DROP_REASON_NOMEM);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	QDK_REASON(SKB_DROP_REASON_QDISC_BURST_DROP);
	QDK_REASON(SKB_DROP_REASON_QUEUE_PURGE);
	QDK_REASON(QDISC_DROP_GENERIC);
	QDK_REASON(QDISC_DROP_OVERLIMIT);
	QDK_REASON(QDISC_DROP_CONGESTED);
	QDK_REASON(QDISC_DROP_MAXFLOWS);
	QDK_REASON(QDISC_DROP_FLOOD_PROTECTION);
	QDK_REASON(QDISC_DROP_BAND_LIMIT);
	QDK_REASON(QDISC_DROP_HORIZON_LIMIT);
	QDK_REASON(QDISC_DROP_FLOW_LIMIT);
	QDK_REASON(QDISC_DROP_L4S_STEP_NON_ECN);
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	QDK_REASON(SKB_DROP_REASON_FQ_BAND_LIMIT);
	QDK_REASON(SKB_DROP_REASON_FQ_HORIZON_LIMIT);
	QDK_REASON(SKB_DROP_REASON_FQ_FLOW_LIMIT);
#endif
	default:
		return NULL;
	}
}
#undef QDK_REASON

size_t qdk_effects(const struct qdk_effect **list)
{
	*list = effects;
	return n_effects;
}

static void call_begin(void)
{
	n_effects = 0;
	in_call = true;
	qdk_acct_call_begin();
}

static u64 call_cookie;

/* a call ended: every qdisc's counts against the packets it holds (qdk/accounting.h) */
static void call_end(const char *what, const struct Qdisc *sch)
{
	in_call = false;
	qdk_acct_check(what, sch ? sch->ops->id : NULL, call_cookie);
}

/*
 * The datapath's context, as the kernel calls a root qdisc: __dev_xmit_skb()
 * enqueues inside __dev_queue_xmit()'s rcu_read_lock_bh() with the root
 * lock held, qdisc_restart() dequeues (and a peek runs) in the TX softirq
 * or the sender's context with the root lock held; a lockless qdisc
 * (TCQ_F_NOLOCK) enqueues with no lock and dequeues under its seqlock
 * (qdisc_run_begin()). qdisc_reset() from dev_deactivate() runs under
 * spin_lock_bh() of the root lock too. A frame around the op checks it
 * leaves that context as it found it (qdk/context.h).
 */
/* the frame's name of an enqueue: datapath_lock() knows it by its address */
static const char op_enqueue[] = "enqueue";

static spinlock_t *datapath_lock(struct Qdisc *sch, bool enqueue)
{
	if (sch->flags & TCQ_F_NOLOCK)
		return enqueue ? NULL : &sch->seqlock;
	return qdisc_lock(sch);
}

static void datapath_enter(struct Qdisc *sch, struct qdk_ctx_frame *f, const char *what)
{
	spinlock_t *lock = datapath_lock(sch, what == op_enqueue);

	rcu_read_lock_bh();
	if (lock)
		spin_lock(lock);
	qdk_ctx_enter(f, what, sch->ops->id, 0);
}

static void datapath_leave(struct Qdisc *sch, struct qdk_ctx_frame *f)
{
	spinlock_t *lock = datapath_lock(sch, f->what == op_enqueue);

	qdk_ctx_leave(f);
	if (lock)
		spin_unlock(lock);
	rcu_read_unlock_bh();
}

/* ECN bits of the packet's IP header now */
static unsigned int skb_ecn_now(const struct sk_buff *skb)
{
	const u8 *nh = skb_network_header(skb);

	if (skb->protocol == htons(ETH_P_IP))
		return nh[1] & INET_ECN_MASK;
	if (skb->protocol == htons(ETH_P_IPV6))
		return (nh[1] >> 4) & INET_ECN_MASK;
	return 0;
}

/* FORMAT.md: a packet "became CE" compared with when it was last seen */
static void check_mark(struct sk_buff *skb)
{
	unsigned int ecn = skb_ecn_now(skb);

	if (ecn != skb->__qdk_ecn) {
		if (ecn == INET_ECN_CE)
			effect_add(QDK_EFFECT_MARK, skb->__qdk_id, 0);
		skb->__qdk_ecn = ecn;
	}
}

/* ---- start and stop -------------------------------------------------------- */

static bool initcalls_done;
static uint64_t netif_kicks;	/* __netif_schedule() calls (qdk_netif_kicks()) */
static void kick_hook(struct Qdisc *q);

int qdk_init(uint64_t seed)
{
	qdk_host_crash_handler();
	qdk_random_seed(seed);
	qdk_time_reset();
	qdk_ctx_reset();
	qdk_skb_drop_hook = drop_hook;
	qdk_netif_schedule_hook = kick_hook;
	netif_kicks = 0;
	if (initcalls_done)
		return 0;
	initcalls_done = true;
	/* a module's parameters are in sysfs before its init runs, as at load */
	qdk_params_sysfs_add();
	return qdk_run_initcalls() ? -EINVAL : 0;
}

static void socks_free(void);

long qdk_exit(void)
{
	if (initcalls_done)
		qdk_run_exitcalls();
	initcalls_done = false;
	/* the misc core's, then what a module's exit left behind, said and freed */
	qdk_misc_reset();
	qdk_params_sysfs_remove();
	qdk_params_free();
	qdk_nf_hooks_report();
	qdk_pseudofs_reset();
	qdk_nodes_reset();
	qdk_time_reset();
	qdk_skb_cache_drain();
	socks_free();
	qdk_host_free(effects);
	effects = NULL;
	n_effects = cap_effects = 0;
	return qdk_mem_objects;
}

void qdk_seed(uint64_t seed)
{
	qdk_random_seed(seed);
}

void qdk_set_hz(unsigned int hz)
{
	qdk_time_set_hz(hz);
}

void qdk_jiffies_set(uint64_t j)
{
	qdk_time_set_jiffies(j);
}

void qdk_mem_usage(long *objects, long *bytes)
{
	*objects = qdk_mem_objects;
	*bytes = qdk_mem_bytes;
}

/* ---- leak reports ------------------------------------------------------------ */

void qdk_call_cookie(uint64_t cookie)
{
	call_cookie = cookie;
}

void qdk_call_trace(const char *path)
{
	qdk_acct_trace(path);
}

uint64_t qdk_mem_mark(void)
{
	return qdk_mem_seq;
}

struct leak_walk {
	struct qdk_leak *out;
	size_t max, n;
};

static struct qdk_leak *leak_next(struct leak_walk *w, const struct alloc_tag *tag)
{
	struct qdk_leak *l;

	if (w->n >= w->max)
		return NULL;
	l = &w->out[w->n++];
	memset(l, 0, sizeof(*l));
	if (tag) {
		l->file = tag->ct.filename;
		l->line = tag->ct.lineno;
		l->func = tag->ct.function;
	}
	return l;
}

static void leak_obj(void *arg, const struct alloc_tag *tag,
		     const struct kmem_cache *cache, size_t size)
{
	struct qdk_leak *l = leak_next(arg, tag);

	if (!l)
		return;
	l->size = size;
	l->cache = cache ? cache->name : NULL;
}

static void leak_skb(void *arg, const struct sk_buff *skb)
{
	struct qdk_leak *l = leak_next(arg, skb->__qdk_tag);

	if (!l)
		return;
	l->skb = true;
	l->size = skb->truesize;
	l->id = skb->__qdk_id;
	l->handed = skb->__qdk_handed;
	l->cookie = skb->__qdk_cookie;
}

size_t qdk_mem_leaks(uint64_t mark, struct qdk_leak *out, size_t max)
{
	struct leak_walk w = { .out = out, .max = out ? max : 0 };
	long n;

	n = qdk_slab_for_each_live(mark, leak_obj, &w);
	n += qdk_skb_for_each_live(mark, leak_skb, &w);
	return (size_t)n;
}

int qdk_leak_text(const struct qdk_leak *l, char *buf, size_t len)
{
	char what[96], site[320];

	if (l->skb && l->id)
		snprintf(what, sizeof(what), "skb of packet %llu (%zu bytes)",
			 (unsigned long long)l->id, l->size);
	else if (l->skb)
		snprintf(what, sizeof(what), "skb (%zu bytes)", l->size);
	else if (l->cache)
		snprintf(what, sizeof(what), "%s object (kmem_cache, %zu bytes)",
			 l->cache, l->size);
	else
		snprintf(what, sizeof(what), "kmalloc'd %zu bytes", l->size);
	if (l->file)
		snprintf(site, sizeof(site), "allocated at %s:%u (%s)", l->file, l->line,
			 l->func ? l->func : "?");
	else if (l->skb)
		snprintf(site, sizeof(site), "built by the caller");
	else
		snprintf(site, sizeof(site), "allocated by the shim");
	return snprintf(buf, len, "%s, %s%s%s", what, site,
			l->handed ? ", last handed to the qdisc by " : "",
			l->handed ? l->handed : "");
}

/* ---- clock ------------------------------------------------------------------ */

void qdk_set_tai(bool set, int64_t off)
{
	qdk_tai_offset_ns = set ? off : QDK_TAI_DEFAULT_OFFSET_NS;
}

uint64_t qdk_now(void)
{
	return qdk_clock_ns;
}

bool qdk_clock_advance(uint64_t ns)
{
	bool ok;

	qdk_acct_call_begin();
	ok = qdk_time_advance(ns);
	qdk_acct_check("the timers due", NULL, call_cookie);
	return ok;
}

uint64_t qdk_next_timer(void)
{
	return qdk_time_next();
}

static void kick_hook(struct Qdisc *q)
{
	netif_kicks++;
}

uint64_t qdk_netif_kicks(void)
{
	return netif_kicks;
}

void qdk_timers_driven(bool on)
{
	qdk_time_drive_timers(on);
}

int qdk_fire_timer(void)
{
	int ret;

	call_begin();
	ret = qdk_time_fire_timer_list();
	call_end("a timer", NULL);
	return ret;
}

int qdk_fire_timer_of(struct qdk_qdisc *root, uint32_t handle, uint32_t off)
{
	struct Qdisc *q;
	int ret;

	rtnl_lock();
	q = qdisc_lookup(&root->dev, handle);
	rtnl_unlock();
	if (!q)
		return -ENOENT;
	call_begin();
	/* a timer_list or an hrtimer, whichever is armed there */
	ret = off < q->ops->priv_size ?
	      qdk_time_fire_timer_at((char *)qdisc_priv(q) + off) : -ENOENT;
	/* the kernel's offset, not the shim's: the qdisc's one pending timer */
	if (ret == -ENOENT)
		ret = qdk_time_fire_timer_within(qdisc_priv(q), q->ops->priv_size);
	call_end("a timer", NULL);
	if (ret == -ENOENT && off >= q->ops->priv_size)
		return -ERANGE;
	return ret == -EEXIST ? -EEXIST : ret ? -ESRCH : 0;
}

/* ---- kinds ------------------------------------------------------------------ */

bool qdk_kind_known(const char *kind)
{
	return qdk_lookup_ops(kind) != NULL;
}

size_t qdk_kinds(const char **names, size_t max)
{
	return qdk_list_ops(names, max);
}

/* the BPF runtime's, in the 7.x build only (shim/bpf/bpf_qdisc.c) */
#pragma weak qdk_bpf_ops
bool qdk_bpf_ops(const struct Qdisc_ops *ops);

bool qdk_kind_bpf(const char *kind)
{
	const struct Qdisc_ops *ops = qdk_lookup_ops(kind);

	return ops && qdk_bpf_ops && qdk_bpf_ops(ops);
}

#pragma weak qdk_bpf_maps_free_all
void qdk_bpf_maps_free_all(void);

void qdk_bpf_maps_unload(void)
{
	if (qdk_bpf_maps_free_all)
		qdk_bpf_maps_free_all();
}

const char *qdk_qdisc_kind(const struct qdk_qdisc *q)
{
	return q->sch->ops->id;
}

void qdk_fail_alloc(uint64_t n)
{
	qdk_alloc_fail_arm(n);
}

uint64_t qdk_alloc_count(void)
{
	return qdk_alloc_attempts();
}

bool qdk_alloc_failure(char *site, size_t len)
{
	const struct alloc_tag *tag;
	bool failed = qdk_alloc_failed(&tag);

	if (!failed)
		return false;
	if (tag)
		snprintf(site, len, "%s:%u (%s)", tag->ct.filename, tag->ct.lineno,
			 tag->ct.function);
	else
		snprintf(site, len, "an untagged allocation");
	return true;
}

bool qdk_qdisc_queues(const struct qdk_qdisc *q)
{
	return q->sch->enqueue != NULL;
}

/* ---- instances -------------------------------------------------------------- */

static void set_msg(char *msg, size_t msglen, const struct netlink_ext_ack *ext,
		    int err)
{
	if (!msg || !msglen)
		return;
	if (ext && ext->_msg)
		snprintf(msg, msglen, "%s", ext->_msg);
	else if (err)
		snprintf(msg, msglen, "%s", qdk_host_strerror(-err));
	else
		msg[0] = '\0';
}

/*
 * TCA_OPTIONS as rtnetlink would hand it over: a well-formed attribute
 * in its own (aligned, counted) buffer; *opt stays NULL for tca == NULL.
 */
static int copy_opt(const void *tca, size_t tca_len, struct nlattr **opt,
		    struct netlink_ext_ack *ext)
{
	struct nlattr *nla;

	*opt = NULL;
	if (!tca)
		return 0;
	if (tca_len < NLA_HDRLEN || tca_len > U16_MAX) {
		NL_SET_ERR_MSG(ext, "qdk: malformed TCA_OPTIONS attribute");
		return -EINVAL;
	}
	nla = kmalloc(tca_len, GFP_KERNEL);
	if (!nla)
		return -ENOMEM;
	memcpy(nla, tca, tca_len);
	if (nla->nla_len < NLA_HDRLEN || nla->nla_len > tca_len) {
		kfree(nla);
		NL_SET_ERR_MSG(ext, "qdk: malformed TCA_OPTIONS attribute");
		return -EINVAL;
	}
	*opt = nla;
	return 0;
}

/* a device with a link speed (the trace's dev speed=): its link settings */
static int qdk_get_link_ksettings(struct net_device *dev,
				  struct ethtool_link_ksettings *ks)
{
	ks->base.speed = container_of(dev, struct qdk_qdisc, dev)->speed;
	ks->base.duplex = DUPLEX_FULL;
	return 0;
}

static const struct ethtool_ops qdk_link_ethtool_ops = {
	.get_link_ksettings = qdk_get_link_ksettings,
};

static struct qdk_qdisc *do_qdisc_create(const char *kind,
					 const struct qdk_dev_cfg *cfg,
					 uint32_t handle, uint32_t parent,
					 const void *tca, size_t tca_len,
					 int *errp, char *msg, size_t msglen)
{
	struct netlink_ext_ack ext = {};
	struct netdev_queue *dev_queue;
	const struct Qdisc_ops *ops;
	struct nlattr *opt = NULL;
	struct qdk_qdisc *h = NULL;
	struct net_device *dev;
	struct Qdisc *sch;
	unsigned int i, ntx;
	int err;

	ops = qdk_lookup_ops(kind);
	if (!ops) {
		NL_SET_ERR_MSG(&ext, "Specified qdisc kind is unknown");
		err = -ENOENT;
		goto fail;
	}
	err = copy_opt(tca, tca_len, &opt, &ext);
	if (err)
		goto fail;

	err = -ENOMEM;
	h = kzalloc(sizeof(*h), GFP_KERNEL);
	if (!h)
		goto fail;
	dev = &h->dev;
	strscpy(dev->name, cfg && cfg->name ? cfg->name : "qdk0", IFNAMSIZ);
	dev->netdev_ops = &qdk_netdev_ops;
	if (cfg && cfg->speed) {
		h->speed = cfg->speed;
		dev->ethtool_ops = &qdk_link_ethtool_ops;
	}
	dev->flags = IFF_UP | IFF_RUNNING;
	dev->mtu = cfg && cfg->mtu ? cfg->mtu : 1500;
	dev->min_mtu = 68;
	dev->max_mtu = 65535;
	dev->hard_header_len = ETH_HLEN;
	dev->type = 1;	/* ARPHRD_ETHER */
	dev->tx_queue_len = cfg && cfg->tx_queue_len ? cfg->tx_queue_len :
			    DEFAULT_TX_QUEUE_LEN;
	ntx = cfg && cfg->num_tx_queues ? cfg->num_tx_queues : 1;
	dev->num_tx_queues = ntx;
	dev->real_num_tx_queues = ntx;
	dev->gso_max_size = 65536;
	dev->gso_max_segs = 65535;
	dev->ifindex = 2;
	h->txq = kcalloc(ntx, sizeof(*h->txq), GFP_KERNEL);
	if (!h->txq)
		goto fail;
	dev->_tx = h->txq;
	for (i = 0; i < ntx; i++) {
		h->txq[i].dev = dev;
		h->txq[i].xmit_lock_owner = -1;
	}
	dev->addr_len = ETH_ALEN;
	memset(dev->broadcast, 0xff, ETH_ALEN);
	qdk_netdev_register(dev, &init_net, &h->in_dev);

	/* ingress and clsact live on the device's ingress queue (qdisc_create()) */
	if (ops->static_flags & TCQ_F_INGRESS) {
		dev_queue = dev_ingress_queue_create(dev);
		if (!dev_queue)
			goto fail;
	} else {
		dev_queue = &h->txq[0];
	}
	sch = qdisc_alloc(dev_queue, ops, &ext);
	if (IS_ERR(sch)) {
		err = PTR_ERR(sch);
		goto fail;
	}
	sch->parent = parent;
	sch->handle = handle;
	if (!netif_is_multiqueue(dev))
		sch->flags |= TCQ_F_ONETXQUEUE;
	/*
	 * grafted as the device's qdisc, so qdisc_root() finds it; an ingress
	 * kind as qdisc_graft() grafts one, on the ingress queue, the device's
	 * queues keeping noop
	 */
	for (i = 0; i < ntx; i++) {
		h->txq[i].qdisc = dev_queue == &h->txq[0] ? sch : &noop_qdisc;
		h->txq[i].qdisc_sleeping = h->txq[i].qdisc;
	}
	dev->qdisc = h->txq[0].qdisc;
	if (dev_queue != &h->txq[0]) {
		rcu_assign_pointer(dev_queue->qdisc, sch);
		dev_queue->qdisc_sleeping = sch;
	}
	h->sch = sch;

	if (ops->init) {
		err = qdk_ctx_op("init", ops->id, ops->init(sch, opt, &ext));
		if (err) {
			/* like qdisc_create(): ->destroy() after a failed init */
			if (ops->destroy)
				ops->destroy(sch);
			qdisc_free(sch);
			goto fail;
		}
	}
	qdisc_hash_add(sch, false);
	/*
	 * A kind with ->attach (mq, mqprio, cake_mq, taprio) is put on the
	 * device as qdisc_graft() puts a root: the queues lose what they held
	 * (here the root itself, which is no reference of theirs) and attach
	 * grafts on them what it chooses, with the references it takes.
	 */
	if (ops->attach) {
		for (i = 0; i < ntx; i++) {
			h->txq[i].qdisc = &noop_qdisc;
			h->txq[i].qdisc_sleeping = &noop_qdisc;
		}
		ops->attach(sch);
		dev_activate(dev);
	}
	kfree(opt);
	if (errp)
		*errp = 0;
	set_msg(msg, msglen, NULL, 0);
	return h;

fail:
	if (h) {
		qdk_netdev_unregister(&h->dev);
		kfree(rcu_dereference_protected(h->dev.ingress_queue, 1));
		kfree(h->txq);
		kfree(h);
	}
	kfree(opt);
	if (errp)
		*errp = err;
	set_msg(msg, msglen, &ext, err);
	return NULL;
}

static int do_qdisc_change(struct qdk_qdisc *q, const void *tca, size_t tca_len,
			   char *msg, size_t msglen)
{
	struct netlink_ext_ack ext = {};
	struct nlattr *opt;
	int err;

	call_begin();
	err = copy_opt(tca, tca_len, &opt, &ext);
	if (err || !opt)
		goto out;
	/*
	 * As qdisc_change() in sch_api.c: ->change() runs only when the
	 * request carries TCA_OPTIONS; without them nothing is changed and
	 * the answer is 0, whether or not the kind has a ->change().
	 */
	if (!q->sch->ops->change) {
		NL_SET_ERR_MSG(&ext, "Change operation not supported by specified qdisc");
		err = -EINVAL;
	} else {
		err = qdk_ctx_op("change", q->sch->ops->id, q->sch->ops->change(q->sch, opt, &ext));
	}
	kfree(opt);
out:
	call_end("change", q->sch);
	set_msg(msg, msglen, &ext, err);
	return err;
}

static void do_qdisc_reset(struct qdk_qdisc *q)
{
	struct qdk_ctx_frame frame;

	call_begin();
	datapath_enter(q->sch, &frame, "reset");
	qdisc_reset(q->sch);
	datapath_leave(q->sch, &frame);
	call_end("reset", q->sch);
}

static void do_qdisc_destroy(struct qdk_qdisc *q)
{
	unsigned int i;

	if (!q)
		return;
	in_call = false;
	/* an attached kind's queues let go of what attach grafted on them */
	if (q->sch->ops->attach)
		for (i = 0; i < q->dev.num_tx_queues; i++)
			qdisc_put(dev_graft_qdisc(&q->txq[i], &noop_qdisc));
	/* the ingress queue lets go of an ingress kind (freed with the device) */
	if (q->sch->flags & TCQ_F_INGRESS) {
		struct netdev_queue *nq = rtnl_dereference(q->dev.ingress_queue);

		rcu_assign_pointer(nq->qdisc, &noop_qdisc);
		nq->qdisc_sleeping = &noop_qdisc;
	}
	qdisc_put(q->sch);
	qdk_netdev_unregister(&q->dev);
	/* what free_netdev() frees of a device it does not free itself */
	kfree(rcu_dereference_protected(q->dev.ingress_queue, 1));
	kfree(q->txq);
	kfree(q);
}

static int do_qdisc_dump(struct qdk_qdisc *q, void *buf, size_t len)
{
	struct Qdisc *sch = q->sch;
	struct sk_buff *skb;
	int ret;

	if (!sch->ops->dump)
		return 0;
	skb = qdk_skb_alloc(len);
	if (!skb)
		return -ENOMEM;
	ret = qdk_ctx_op("dump", sch->ops->id, sch->ops->dump(sch, skb));
	if (ret < 0) {
		ret = -EMSGSIZE;
	} else if (skb->len > len) {
		ret = -EMSGSIZE;
	} else {
		memcpy(buf, skb->data, skb->len);
		ret = skb->len;
	}
	consume_skb(skb);
	return ret;
}

static int sch_dump_xstats(struct Qdisc *sch, void *buf, size_t len)
{
	struct gnet_dump d;
	struct sk_buff *skb;
	struct nlattr *nla;
	int ret = 0, rem;

	if (!sch->ops->dump_stats)
		return 0;
	skb = qdk_skb_alloc(65536);
	if (!skb)
		return -ENOMEM;
	if (gnet_stats_start_copy(skb, TCA_STATS2, qdisc_root_sleeping_lock(sch),
				  &d, TCA_PAD) < 0 ||
	    sch->ops->dump_stats(sch, &d) < 0) {
		gnet_stats_finish_copy(&d);
		consume_skb(skb);
		return -EMSGSIZE;
	}
	gnet_stats_finish_copy(&d);
	nla_for_each_nested(nla, (struct nlattr *)skb->data, rem) {
		if (nla_type(nla) != TCA_STATS_APP)
			continue;
		if ((size_t)nla_len(nla) > len) {
			ret = -EMSGSIZE;
		} else {
			memcpy(buf, nla_data(nla), nla_len(nla));
			ret = nla_len(nla);
		}
	}
	consume_skb(skb);
	return ret;
}

/*
 * The control path. rtnetlink calls init, change, dump, dump_stats, reset
 * (dev_deactivate) and destroy with the RTNL mutex held; the datapath and
 * timers run without it. The shim keeps the same state, so ASSERT_RTNL()
 * and the helpers that assert it (qdisc_root_sleeping_lock(), ...) warn
 * here exactly where they would warn in the kernel.
 */
struct qdk_qdisc *qdk_qdisc_create(const char *kind,
				   const struct qdk_dev_cfg *cfg,
				   uint32_t handle, uint32_t parent,
				   const void *tca, size_t tca_len,
				   int *errp, char *msg, size_t msglen)
{
	struct qdk_qdisc *q;

	rtnl_lock();
	q = do_qdisc_create(kind, cfg, handle, parent, tca, tca_len, errp,
			    msg, msglen);
	rtnl_unlock();
	return q;
}

int qdk_qdisc_change(struct qdk_qdisc *q, const void *tca, size_t tca_len,
		     char *msg, size_t msglen)
{
	int err;

	rtnl_lock();
	err = do_qdisc_change(q, tca, tca_len, msg, msglen);
	rtnl_unlock();
	return err;
}

void qdk_qdisc_reset(struct qdk_qdisc *q)
{
	rtnl_lock();
	do_qdisc_reset(q);
	rtnl_unlock();
}

void qdk_qdisc_destroy(struct qdk_qdisc *q)
{
	rtnl_lock();
	do_qdisc_destroy(q);
	rtnl_unlock();
}

int qdk_qdisc_dump(struct qdk_qdisc *q, void *buf, size_t len)
{
	int ret;

	rtnl_lock();
	ret = do_qdisc_dump(q, buf, len);
	rtnl_unlock();
	return ret;
}

int qdk_qdisc_dump_xstats(struct qdk_qdisc *q, void *buf, size_t len)
{
	int ret;

	rtnl_lock();
	ret = sch_dump_xstats(q->sch, buf, len);
	rtnl_unlock();
	return ret;
}

unsigned long qdk_warnings(void)
{
	return qdk_warn_count;
}

void qdk_warnings_watch(void (*fn)(const char *file, int line, const char *cond))
{
	qdk_warn_hook = fn;
}

/* its counters as tc_fill_qdisc() dumps them: per-CPU ones summed */
static void sch_stats(const struct Qdisc *sch, struct qdk_stats *st)
{
	struct gnet_stats_basic_sync b;
	struct gnet_stats_queue qs = {};

	gnet_stats_basic_sync_init(&b);
	/* read only: the kernel's prototype is not const */
	gnet_stats_add_basic(&b, sch->cpu_bstats, (struct gnet_stats_basic_sync *)&sch->bstats,
			     false);
	gnet_stats_add_queue(&qs, sch->cpu_qstats, &sch->qstats);
	st->qlen = qdisc_qlen_sum(sch);
	st->backlog = qs.backlog;
	st->drops = qs.drops;
	st->requeues = qs.requeues;
	st->overlimits = qs.overlimits;
	st->bytes = u64_stats_read(&b.bytes);
	st->packets = u64_stats_read(&b.packets);
}

void qdk_qdisc_stats(const struct qdk_qdisc *q, struct qdk_stats *st)
{
	sch_stats(q->sch, st);
}

/* ---- classful trees --------------------------------------------------------- */

/*
 * The request `tc qdisc add` / `tc class add` sends (NLM_F_CREATE |
 * NLM_F_EXCL), with the given TCA_OPTIONS attribute copied as it is,
 * handled by sch_api.c as a namespace's requests are.
 */
static int tree_request(struct qdk_qdisc *root, int type, u16 flags, u32 parent,
			u32 handle, const char *kind, const void *tca, size_t tca_len,
			struct netlink_ext_ack *ext)
{
	const struct nlattr *opt = tca;
	struct nlmsghdr *nlh;
	struct sk_buff *skb;
	struct tcmsg *tcm;
	int err;

	if (tca && (tca_len < NLA_HDRLEN || tca_len > U16_MAX ||
		    opt->nla_len < NLA_HDRLEN || opt->nla_len > tca_len)) {
		NL_SET_ERR_MSG(ext, "qdk: malformed TCA_OPTIONS attribute");
		return -EINVAL;
	}
	skb = qdk_skb_alloc(NLMSG_SPACE(sizeof(*tcm)) + nla_total_size(strlen(kind) + 1) +
			    NLA_ALIGN(tca ? opt->nla_len : 0));
	if (!skb)
		return -ENOMEM;
	nlh = nlmsg_put(skb, 0, 1, type, sizeof(*tcm), NLM_F_REQUEST | flags);
	tcm = nlmsg_data(nlh);
	memset(tcm, 0, sizeof(*tcm));
	tcm->tcm_family = AF_UNSPEC;
	tcm->tcm_ifindex = root->dev.ifindex;
	tcm->tcm_parent = parent;
	tcm->tcm_handle = handle;
	nla_put_string(skb, TCA_KIND, kind);
	if (tca) {
		struct nlattr *a = skb_put_zero(skb, NLA_ALIGN(opt->nla_len));

		memcpy(a, tca, opt->nla_len);
		/*
		 * A class's options come from its dump_class(), which opens the
		 * nest without NLA_F_NESTED; tc marks it for the kinds whose
		 * class policy is strict (ets's nla_parse_nested() refuses it
		 * otherwise), and the others' deprecated parsers ignore the flag.
		 */
		if (type == RTM_NEWTCLASS)
			a->nla_type |= NLA_F_NESTED;
	}
	nlmsg_end(skb, nlh);
	err = qdk_tc_dev_request(&root->dev, nlh, ext);
	consume_skb(skb);
	return err;
}

int qdk_tree_add(struct qdk_qdisc *root, bool cls, uint32_t parent, uint32_t handle,
		 const char *kind, const void *tca, size_t tca_len, char *msg,
		 size_t msglen)
{
	struct netlink_ext_ack ext = {};
	int err;

	rtnl_lock();
	/* tc class replace (it also sets a class the qdisc made); tc qdisc add */
	qdk_acct_call_begin();
	err = tree_request(root, cls ? RTM_NEWTCLASS : RTM_NEWQDISC,
			   cls ? NLM_F_CREATE : NLM_F_CREATE | NLM_F_EXCL, parent, handle,
			   kind, tca, tca_len, &ext);
	rtnl_unlock();
	qdk_acct_check(cls ? "tc class add" : "tc qdisc add", kind, call_cookie);
	set_msg(msg, msglen, &ext, err);
	return err;
}

int qdk_tree_filter(struct qdk_qdisc *root, uint32_t parent, char *msg, size_t msglen)
{
	struct netlink_ext_ack ext = {};
	int err;

	rtnl_lock();
	err = qdk_tcf_replay_attach(&root->dev, parent, &ext);
	rtnl_unlock();
	set_msg(msg, msglen, &ext, err);
	return err;
}

int qdk_tree_classifier(struct qdk_qdisc *root, uint32_t parent, const char *kind,
			const void *tca, size_t tca_len, char *msg, size_t msglen)
{
	struct netlink_ext_ack ext = {};
	int err;

	rtnl_lock();
	err = qdk_tcf_classifier_attach(&root->dev, parent, kind, tca, tca_len, &ext);
	rtnl_unlock();
	set_msg(msg, msglen, &ext, err);
	return err;
}

/*
 * The class's counters (st) and its xstats (xbuf: *xlen is set to the
 * TCA_STATS_APP length, 0 when none, -EMSGSIZE when over xmax), as
 * tc_fill_tclass() has its class ops' dump_stats write them.
 */
static int class_dump_stats(struct Qdisc *q, unsigned long cl, struct qdk_stats *st,
			    void *xbuf, size_t xmax, int *xlen)
{
	const struct Qdisc_class_ops *cops = q->ops->cl_ops;
	struct gnet_dump d;
	struct sk_buff *skb;
	struct nlattr *nla;
	int rem, err = 0;

	memset(st, 0, sizeof(*st));
	if (!cops->dump_stats)
		return 0;
	skb = qdk_skb_alloc(4096);
	if (!skb)
		return -ENOMEM;
	if (gnet_stats_start_copy(skb, TCA_STATS2, NULL, &d, TCA_PAD) < 0 ||
	    cops->dump_stats(q, cl, &d) < 0)
		err = -EMSGSIZE;
	gnet_stats_finish_copy(&d);
	if (!err) {
		nla_for_each_nested(nla, (struct nlattr *)skb->data, rem) {
			if (nla_type(nla) == TCA_STATS_BASIC &&
			    nla_len(nla) >= sizeof(struct gnet_stats_basic)) {
				struct gnet_stats_basic b;

				memcpy(&b, nla_data(nla), sizeof(b));
				st->bytes = b.bytes;
				st->packets = b.packets;
			} else if (nla_type(nla) == TCA_STATS_QUEUE &&
				   nla_len(nla) >= sizeof(struct gnet_stats_queue)) {
				struct gnet_stats_queue qs;

				memcpy(&qs, nla_data(nla), sizeof(qs));
				st->qlen = qs.qlen;
				st->backlog = qs.backlog;
				st->drops = qs.drops;
				st->requeues = qs.requeues;
				st->overlimits = qs.overlimits;
			} else if (nla_type(nla) == TCA_STATS_APP && xlen) {
				if ((size_t)nla_len(nla) > xmax) {
					*xlen = -EMSGSIZE;
				} else {
					memcpy(xbuf, nla_data(nla), nla_len(nla));
					*xlen = nla_len(nla);
				}
			}
		}
	}
	consume_skb(skb);
	return err;
}

static int class_stats(struct Qdisc *q, unsigned long cl, struct qdk_stats *st)
{
	return class_dump_stats(q, cl, st, NULL, 0, NULL);
}

int qdk_tree_stats(struct qdk_qdisc *root, bool cls, uint32_t id, struct qdk_stats *st)
{
	struct Qdisc *q;
	unsigned long cl;
	int err = 0;

	rtnl_lock();
	q = qdisc_lookup(&root->dev, cls ? TC_H_MAJ(id) : id);
	if (!q) {
		err = -ENOENT;
	} else if (!cls) {
		sch_stats(q, st);
	} else if (!q->ops->cl_ops || !(cl = q->ops->cl_ops->find(q, id))) {
		err = -ENOENT;
	} else {
		err = class_stats(q, cl, st);
	}
	rtnl_unlock();
	return err;
}

/* The classes a walk() gives, and what each one is, as tc_fill_tclass() asks. */
struct class_walk {
	struct qdisc_walker w;
	struct qdk_class *out;
	size_t max, n;
	int depth;
};

static void walk_classes(struct Qdisc *q, struct class_walk *cw);

static int walk_one(struct Qdisc *q, unsigned long cl, struct qdisc_walker *w)
{
	struct class_walk *cw = container_of(w, struct class_walk, w);
	const struct Qdisc_class_ops *cops = q->ops->cl_ops;
	struct qdk_class c = { .qdisc = q->handle };
	struct tcmsg tcm = { .tcm_handle = q->handle, .tcm_parent = q->handle };
	struct Qdisc *leaf = cops->leaf ? cops->leaf(q, cl) : NULL;
	struct sk_buff *skb = qdk_skb_alloc(4096);

	if (!skb)
		return -1;
	/* the class's dump fills in its id, as for `tc class show` */
	if (cops->dump)
		cops->dump(q, cl, skb, &tcm);
	consume_skb(skb);
	c.classid = tcm.tcm_handle;
	strscpy(c.kind, q->ops->id, sizeof(c.kind));
	if (leaf && leaf != &noop_qdisc) {
		c.leaf = leaf->handle;
		strscpy(c.leaf_kind, leaf->ops->id, sizeof(c.leaf_kind));
	}
	/* by the walk's cl: a flow's class (fq_codel, sfq) has no find() */
	if (class_dump_stats(q, cl, &c.st, c.xstats, sizeof(c.xstats), &c.xlen))
		memset(&c.st, 0, sizeof(c.st));
	if (cw->n < cw->max)
		cw->out[cw->n] = c;
	cw->n++;
	/* a classful child's classes follow its parent class (bounded depth) */
	if (leaf && leaf != q && leaf != &noop_qdisc && leaf->ops->cl_ops && cw->depth < 8) {
		struct class_walk sub = { .out = cw->out, .max = cw->max, .n = cw->n,
					  .depth = cw->depth + 1 };

		walk_classes(leaf, &sub);
		cw->n = sub.n;
	}
	return 0;
}

static void walk_classes(struct Qdisc *q, struct class_walk *cw)
{
	if (!q->ops->cl_ops || !q->ops->cl_ops->walk)
		return;
	cw->w.fn = walk_one;
	cw->w.stop = 0;
	cw->w.skip = 0;
	cw->w.count = 0;
	q->ops->cl_ops->walk(q, &cw->w);
}

size_t qdk_tree_classes(struct qdk_qdisc *root, struct qdk_class *out, size_t max)
{
	struct class_walk cw = { .out = out, .max = max };

	rtnl_lock();
	walk_classes(root->sch, &cw);
	rtnl_unlock();
	return cw.n;
}

bool qdk_qdisc_watchdog(const struct qdk_qdisc *q, uint64_t *expires)
{
	u64 when = 0;
	bool armed = qdk_watchdog_of(q->sch, &when);

	if (armed && expires)
		*expires = when;
	return armed;
}

/* ---- packets ---------------------------------------------------------------- */

static unsigned int l3_len(const struct qdk_pkt *p)
{
	switch (p->family) {
	case QDK_AF_INET:
		return sizeof(struct iphdr);
	case QDK_AF_INET6:
		return sizeof(struct ipv6hdr);
	default:
		return 0;
	}
}

static unsigned int l4_len(const struct qdk_pkt *p)
{
	if (p->family == QDK_AF_NONE)
		return 0;
	switch (p->l4proto) {
	case IPPROTO_TCP:
		return p->thlen ? p->thlen : sizeof(struct tcphdr);
	case IPPROTO_UDP:
		return sizeof(struct udphdr);
	case IPPROTO_ICMP:
	case IPPROTO_ICMPV6:
		return 8;
	default:
		return 0;
	}
}

uint32_t qdk_pkt_hdr_len(const struct qdk_pkt *p)
{
	return ETH_HLEN + l3_len(p) + l4_len(p);
}

/* The L4 header but its length (write_lengths()). */
static void build_l4(const struct qdk_pkt *p, u8 *l4)
{
	if (p->l4proto == IPPROTO_TCP) {
		struct tcphdr *th = (struct tcphdr *)l4;

		memset(th, 0, sizeof(*th));
		/* options (the sender's timestamps, SACK) as NOPs: no qdisc reads them */
		memset(th + 1, TCPOPT_NOP, l4_len(p) - sizeof(*th));
		th->source = htons(p->sport);
		th->dest = htons(p->dport);
		th->doff = l4_len(p) / 4;
		((u8 *)th)[13] = p->tcp_flags;
		th->window = htons(65535);
	} else if (p->l4proto == IPPROTO_UDP) {
		struct udphdr *uh = (struct udphdr *)l4;

		uh->source = htons(p->sport);
		uh->dest = htons(p->dport);
		uh->check = 0;
	} else if (l4_len(p)) {
		memset(l4, 0, l4_len(p));
		l4[0] = p->l4proto == IPPROTO_ICMP ? 8 : 128;	/* echo request */
	}
}

/*
 * The header checksum from the field values (RFC 1071 over the 16-bit
 * words of the header built below): reading the freshly written header
 * back would stall on store forwarding, and this runs for every packet.
 */
static u32 ipv4_csum_base(const struct qdk_pkt *p)
{
	u32 sum = (0x45 << 8 | p->tos) + IP_DF + ((u32)p->ttl << 8 | p->l4proto);
	int i;

	for (i = 0; i < 4; i += 2)
		sum += ((u32)p->saddr[i] << 8 | p->saddr[i + 1]) +
		       ((u32)p->daddr[i] << 8 | p->daddr[i + 1]);
	return sum;
}

/* ... and with the one field that varies within a flow, the length */
static __always_inline __sum16 ipv4_hdr_csum(u32 base, unsigned int tot_len)
{
	u32 sum = base + tot_len;

	sum = (sum & 0xffff) + (sum >> 16);
	sum = (sum & 0xffff) + (sum >> 16);
	return (__force __sum16)htons(~sum & 0xffff);
}

/* Can p's headers hold a frame of len bytes? 0, or -EINVAL with the reason in msg. */
static int frame_check(const struct qdk_pkt *p, unsigned int len, char *msg, size_t msglen)
{
	unsigned int hdr = qdk_pkt_hdr_len(p);

	if (len < hdr) {
		if (msg && msglen)
			snprintf(msg, msglen, "len %u is shorter than the %u bytes of headers",
				 len, hdr);
		return -EINVAL;
	}
	if (p->family == QDK_AF_INET && len - ETH_HLEN > 65535) {
		if (msg && msglen)
			snprintf(msg, msglen, "len %u too long for IPv4", len);
		return -EINVAL;
	}
	return 0;
}

/*
 * The fields of p's headers (at data, Ethernet on) that a frame's length
 * sets; csum_base: ipv4_csum_base(p) for IPv4.
 */
static __always_inline void write_lengths(const struct qdk_pkt *p, u8 *data, unsigned int len,
					  u32 csum_base)
{
	unsigned int nh = ETH_HLEN;

	if (p->family == QDK_AF_INET) {
		struct iphdr *iph = (struct iphdr *)(data + nh);

		iph->tot_len = htons(len - ETH_HLEN);
		iph->check = ipv4_hdr_csum(csum_base, len - ETH_HLEN);
	} else if (p->family == QDK_AF_INET6) {
		struct ipv6hdr *ip6 = (struct ipv6hdr *)(data + nh);
		unsigned int plen = len - ETH_HLEN - sizeof(*ip6);

		ip6->payload_len = htons(plen > 65535 ? 0 : plen);
	} else {
		return;
	}
	if (p->l4proto == IPPROTO_UDP) {
		struct udphdr *uh = (struct udphdr *)(data + nh + l3_len(p));
		unsigned int l4bytes = len - nh - l3_len(p);

		uh->len = htons(l4bytes > 65535 ? 0 : l4bytes);
	}
}

/* p's headers for a frame of len bytes at data (Ethernet on): qdk_pkt_hdr_len(p) bytes. */
static void write_headers(const struct qdk_pkt *p, u8 *data, unsigned int len)
{
	unsigned int nh = ETH_HLEN;
	struct ethhdr *eth = (struct ethhdr *)data;

	memcpy(eth->h_dest, "\x02\x00\x00\x00\x00\x02", ETH_ALEN);
	memcpy(eth->h_source, "\x02\x00\x00\x00\x00\x01", ETH_ALEN);
	eth->h_proto = htons(p->ethertype);
	if (p->family == QDK_AF_INET) {
		struct iphdr *iph = (struct iphdr *)(data + nh);

		iph->version = 4;
		iph->ihl = 5;
		iph->tos = p->tos;
		iph->id = 0;
		iph->frag_off = htons(IP_DF);
		iph->ttl = p->ttl;
		iph->protocol = p->l4proto;
		memcpy(&iph->saddr, p->saddr, 4);
		memcpy(&iph->daddr, p->daddr, 4);
	} else if (p->family == QDK_AF_INET6) {
		struct ipv6hdr *ip6 = (struct ipv6hdr *)(data + nh);
		u32 first = (6U << 28) | ((u32)p->tos << 20);

		*(__be32 *)ip6 = htonl(first);
		ip6->nexthdr = p->l4proto;
		ip6->hop_limit = p->ttl;
		memcpy(&ip6->saddr, p->saddr, 16);
		memcpy(&ip6->daddr, p->daddr, 16);
	}
	if (p->family != QDK_AF_NONE)
		build_l4(p, data + nh + l3_len(p));
	write_lengths(p, data, len, p->family == QDK_AF_INET ? ipv4_csum_base(p) : 0);
}

/*
 * An skb for a frame of len bytes with room for it, its headers' offsets
 * set. Like a locally sent frame: the stack reserves LL_RESERVED_SPACE
 * (16-aligned) before the IP header and pushes the 14-byte Ethernet header
 * in front, so the IP header is aligned and data is not.
 */
static __always_inline struct sk_buff *frame_alloc(const struct qdk_pkt *p, unsigned int len,
						    char *msg, size_t msglen)
{
	struct sk_buff *skb = qdk_skb_alloc(NET_SKB_PAD + 2 + len);

	if (!skb) {
		if (msg && msglen)
			snprintf(msg, msglen, "out of memory");
		return NULL;
	}
	skb_reserve(skb, NET_SKB_PAD + 2);
	skb_put(skb, len);
	skb_reset_mac_header(skb);
	skb->protocol = htons(p->ethertype);
	skb_set_network_header(skb, ETH_HLEN);
	skb_set_transport_header(skb, ETH_HLEN + l3_len(p));
	return skb;
}

/* What the stack knows of a packet beside its bytes, from p; id and pkt_len given. */
/*
 * The trace's sockets (traces/FORMAT.md, "Sockets"): one object per socket
 * id, allocated at its first packet as the kernel's protocol allocates it
 * (a struct tcp_sock for TCP, a struct udp_sock for UDP, a struct
 * inet_sock otherwise), so inet_csk(), tcp_sk() and udp_sk() of skb->sk
 * are valid, and alive until qdk_exit(). Its fields are set from the
 * trace's sock line whenever that changed (qdk_sk.gen); what a qdisc
 * writes into it (fq's sk_pacing_status) stays until the trace says
 * otherwise. A packet is owned by its socket as skb_set_owner_w() makes
 * it: skb->sk, sock_wfree() as its destructor, its truesize charged to
 * sk_wmem_alloc (which starts at 1, as sk_alloc() leaves it), given back
 * when the packet is freed or orphaned.
 */
struct qdk_sock_slot {
	struct sock *sk;
	u32 gen;		/* the qdk_sk.gen last applied */
};

static struct qdk_sock_slot *socks;
static size_t n_socks;

static struct sock *sock_new(const struct qdk_sk *d)
{
	size_t size = d->proto == IPPROTO_TCP ? sizeof(struct tcp_sock) :
		      d->proto == IPPROTO_UDP ? sizeof(struct udp_sock) :
		      sizeof(struct inet_sock);
	struct sock *sk = qdk_host_alloc(size);

	if (!sk)
		return NULL;
	memset(sk, 0, size);
	refcount_set(&sk->sk_refcnt, 1);
	refcount_set(&sk->sk_wmem_alloc, 1);
	sk->sk_family = d->family == QDK_AF_INET6 ? AF_INET6 : AF_INET;
	sk->sk_protocol = d->proto;
	sk->sk_type = d->type;
	sk->sk_pacing_shift = 10;
	return sk;
}

static void sock_apply(struct sock *sk, const struct qdk_sk *d)
{
	sk->sk_hash = d->hash;
	sk->sk_state = d->state;
	sk->sk_pacing_rate = (unsigned long)d->pacing_rate;
	sk->sk_max_pacing_rate = (unsigned long)d->max_pacing_rate;
	sk->sk_pacing_status = d->pacing_status;
	if (d->proto == IPPROTO_TCP) {
		struct tcp_sock *tp = tcp_sk_rw(sk);

		tp->inet_conn.icsk_ca_state = d->ca_state;
		tp->snd_cwnd = d->cwnd;
		tp->srtt_us = d->srtt_us;
		tp->mss_cache = d->mss;
	}
}

/* The socket of trace id d->id with d's fields, made at its first packet. */
static struct sock *sock_get(const struct qdk_sk *d)
{
	struct qdk_sock_slot *sl;

	if (d->id >= n_socks) {
		size_t n = n_socks ? n_socks : 16;
		struct qdk_sock_slot *ns;

		while (n <= d->id)
			n *= 2;
		ns = qdk_host_alloc(n * sizeof(*ns));
		if (!ns)
			return NULL;
		memset(ns, 0, n * sizeof(*ns));
		if (n_socks)
			memcpy(ns, socks, n_socks * sizeof(*ns));
		qdk_host_free(socks);
		socks = ns;
		n_socks = n;
	}
	sl = &socks[d->id];
	if (!sl->sk) {
		sl->sk = sock_new(d);
		if (!sl->sk)
			return NULL;
		sl->gen = d->gen - 1;
	}
	if (sl->gen != d->gen) {
		sock_apply(sl->sk, d);
		sl->gen = d->gen;
	}
	return sl->sk;
}

static void socks_free(void)
{
	size_t i;

	for (i = 0; i < n_socks; i++)
		qdk_host_free(socks[i].sk);
	qdk_host_free(socks);
	socks = NULL;
	n_socks = 0;
}

/* the packet is charged to its socket, as the sender's stack did (net/sock.h) */
static void set_owner(struct sk_buff *skb, struct sock *sk)
{
	skb_set_owner_w(skb, sk);
}

static __always_inline void set_meta(struct sk_buff *skb, const struct qdk_pkt *p, u64 id,
				     unsigned int pkt_len)
{
	skb->priority = p->priority;
	skb->mark = p->mark;
	skb->queue_mapping = p->queue_mapping;
	skb->tc_index = p->tc_index;
	if (p->hash)
		__skb_set_hash(skb, p->hash, false, true);
	if (p->gso_segs || p->gso_size) {
		struct skb_shared_info *shinfo = skb_shinfo(skb);

		shinfo->gso_segs = p->gso_segs;
		shinfo->gso_size = p->gso_size;
		if (p->l4proto == IPPROTO_TCP)
			shinfo->gso_type = p->family == QDK_AF_INET6 ?
					   SKB_GSO_TCPV6 : SKB_GSO_TCPV4;
		else if (p->l4proto == IPPROTO_UDP)
			shinfo->gso_type = SKB_GSO_UDP_L4;
	}
	if (p->truesize)
		qdk_skb_set_truesize(skb, p->truesize);
	skb->tstamp = ns_to_ktime(p->tstamp);
	qdk_qdisc_pkt_len_init(skb, pkt_len);
	skb->__qdk_id = id;
	/*
	 * The ECN bits just written (the low two of the TOS, in either IP
	 * header), not read back from the header: that load waits for the
	 * stores. A non-IP family reads whatever its ethertype says is there.
	 */
	skb->__qdk_ecn = p->family == QDK_AF_NONE ? skb_ecn_now(skb) : p->tos & INET_ECN_MASK;
}

struct qdk_skb *qdk_skb_build(const struct qdk_pkt *p, char *msg, size_t msglen)
{
	struct sk_buff *skb;
	struct sock *sk = NULL;

	if (frame_check(p, p->len, msg, msglen))
		return NULL;
	if (p->sk) {
		sk = sock_get(p->sk);
		if (!sk) {
			snprintf(msg, msglen, "out of memory for socket %u", p->sk->id);
			return NULL;
		}
	}
	skb = frame_alloc(p, p->len, msg, msglen);
	if (!skb)
		return NULL;
	write_headers(p, skb->data, p->len);
	set_meta(skb, p, p->id, p->pkt_len);
	if (sk)
		set_owner(skb, sk);
	return (struct qdk_skb *)skb;
}

/*
 * A flow's packet with its headers written once: Ethernet + IPv6 + TCP
 * with 40 bytes of options is the longest, 114 bytes.
 */
#define TMPL_HEAD 128
struct qdk_skb_tmpl {
	struct qdk_pkt p;
	unsigned int hdr;	/* bytes of head that are headers */
	u32 csum_base;		/* IPv4: ipv4_csum_base() */
	u8 head[TMPL_HEAD];
};

struct qdk_skb_tmpl *qdk_skb_tmpl_new(const struct qdk_pkt *p)
{
	struct qdk_skb_tmpl *t;
	unsigned int hdr = qdk_pkt_hdr_len(p);

	BUILD_BUG_ON(ETH_HLEN + sizeof(struct ipv6hdr) + 60 > TMPL_HEAD);
	t = qdk_host_alloc(sizeof(*t));
	if (!t)
		return NULL;
	memset(t, 0, sizeof(*t));
	t->p = *p;
	t->hdr = hdr;
	t->csum_base = p->family == QDK_AF_INET ? ipv4_csum_base(p) : 0;
	/* lengths as for a frame of just the headers: each frame writes its own */
	write_headers(p, t->head, hdr);
	return t;
}

void qdk_skb_tmpl_free(struct qdk_skb_tmpl *t)
{
	qdk_host_free(t);
}

struct qdk_skb *qdk_skb_build_tmpl(const struct qdk_skb_tmpl *t, uint64_t id, uint32_t len,
				   char *msg, size_t msglen)
{
	struct sk_buff *skb;

	if (unlikely(frame_check(&t->p, len, msg, msglen)))
		return NULL;
	skb = frame_alloc(&t->p, len, msg, msglen);
	if (!skb)
		return NULL;
	memcpy(skb->data, t->head, t->hdr);
	write_lengths(&t->p, skb->data, len, t->csum_base);
	set_meta(skb, &t->p, id, len);
	return (struct qdk_skb *)skb;
}

void qdk_skb_free(struct qdk_skb *h)
{
	consume_skb((struct sk_buff *)h);
}

uint64_t qdk_skb_id(const struct qdk_skb *h)
{
	return ((const struct sk_buff *)h)->__qdk_id;
}

struct id_live_arg {
	u64 id, cookie;
	bool found;
};

static void id_live_fn(void *arg, const struct sk_buff *skb)
{
	struct id_live_arg *a = arg;

	if (!a->found && skb->__qdk_id == a->id) {
		a->found = true;
		a->cookie = skb->__qdk_cookie;
	}
}

bool qdk_skb_id_live(uint64_t id, uint64_t *cookie)
{
	struct id_live_arg a = { .id = id };

	qdk_skb_for_each_live(0, id_live_fn, &a);
	*cookie = a.cookie;
	return a.found;
}

uint32_t qdk_skb_pkt_len(const struct qdk_skb *h)
{
	return qdisc_pkt_len((const struct sk_buff *)h);
}

uint32_t qdk_skb_len(const struct qdk_skb *h)
{
	return ((const struct sk_buff *)h)->len;
}

unsigned int qdk_skb_ecn(const struct qdk_skb *h)
{
	return skb_ecn_now((const struct sk_buff *)h);
}

/* ---- calls ------------------------------------------------------------------ */

/*
 * The packets a call dropped onto a to_free list, freed after it as
 * __dev_xmit_skb() (enqueue) and qdisc_run_end() (7.x dequeue) do: 6.1 with
 * QDISC_DROP; 6.12 the whole list with the reason the first one carries in
 * the tc cb; 7.x each with its own (a qdisc reason counts as QDISC_DROP).
 */
static void free_drops(struct sk_buff *skb)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	while (skb) {
		struct sk_buff *next = skb->next;
		u32 reason = tc_skb_cb(skb)->drop_reason;

		skb->next = NULL;
		if ((reason & SKB_DROP_REASON_SUBSYS_MASK) == __QDISC_DROP_REASON) {
			qdisc_reason = reason;
			reason = SKB_DROP_REASON_QDISC_DROP;
		}
		kfree_skb_reason(skb, (enum skb_drop_reason)reason);
		qdisc_reason = 0;
		skb = next;
	}
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	if (skb)
		kfree_skb_list_reason(skb, tcf_get_drop_reason(skb));
#else
	if (skb)
		kfree_skb_list_reason(skb, SKB_DROP_REASON_QDISC_DROP);
#endif
}

/*
 * 7.x: the drops a root with TCQ_F_DEQUEUE_DROPS collected during a call
 * (qdisc_dequeue_drop()), freed when the call ends as qdisc_run_end()
 * hands them to tcf_kfree_skb_list(). The kernel calls a peek only from a
 * parent, whose flag is its own: here the qdisc is the root, so its
 * peeks' drops are freed at the end of the peek, still during the call.
 */
static void run_end(struct Qdisc *sch)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	if (sch->flags & TCQ_F_DEQUEUE_DROPS) {
		struct sk_buff *drops = sch->to_free;

		sch->to_free = NULL;
		free_drops(drops);
	}
#endif
}

int qdk_enqueue(struct qdk_qdisc *q, struct qdk_skb *h)
{
	struct sk_buff *skb = (struct sk_buff *)h, *to_free = NULL;
	struct Qdisc *sch = q->sch;
	struct qdk_ctx_frame frame;
	int ret;

	call_begin();
	skb->dev = &q->dev;
	skb->next = NULL;
	skb->prev = NULL;
	skb->__qdk_handed = "enqueue";
	skb->__qdk_cookie = call_cookie;
	qdk_acct_into(skb, sch);
	/* __dev_xmit_skb(): the reason a drop has unless the qdisc gives one */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	tcf_set_qdisc_drop_reason(skb, QDISC_DROP_GENERIC);
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	tcf_set_drop_reason(skb, SKB_DROP_REASON_QDISC_DROP);
#endif
	qdk_skb_watch = skb;
	qdk_skb_watch_freed = false;
	qdk_acct_root_call(sch, true);
	datapath_enter(sch, &frame, op_enqueue);
	ret = sch->enqueue(skb, sch, &to_free);
	datapath_leave(sch, &frame);
	/* __dev_xmit_skb frees the drop list after the root lock */
	free_drops(to_free);
	/* a packet the qdisc kept (or freed, then reused as another: not ours) */
	if (!qdk_skb_watch_freed)
		check_mark(skb);
	qdk_skb_watch = NULL;
	call_end("enqueue", sch);
	return ret;
}

int qdk_hook(struct qdk_qdisc *q, struct qdk_skb *h, bool ingress)
{
	const char *what = ingress ? "ingress hook" : "egress hook";
	struct sk_buff *skb = (struct sk_buff *)h;
	int ret = 0;

	call_begin();
	skb->dev = &q->dev;
	skb->next = NULL;
	skb->prev = NULL;
	skb->__qdk_handed = what;
	skb->__qdk_cookie = call_cookie;
	if (ingress) {
		/* eth_type_trans(): the MAC header is behind skb->data */
		skb_reset_mac_header(skb);
		skb->mac_len = ETH_HLEN;
		__skb_pull(skb, ETH_HLEN);
	}
	skb = qdk_tc_hook(skb, ingress, &ret);
	/* through: the protocol handler's (or the device queue's) */
	if (skb)
		consume_skb(skb);
	call_end(what, q->sch);
	return skb ? 0 : 1;
}

struct qdk_skb *qdk_dequeue(struct qdk_qdisc *q)
{
	struct qdk_ctx_frame frame;
	struct sk_buff *skb;

	call_begin();
	/*
	 * A packet a peek() parked in gso_skb comes out first, still counted
	 * in qlen/backlog until now: dequeue_skb() for a root qdisc and
	 * qdisc_dequeue_peeked() for a child both do this.
	 */
	qdk_acct_root_call(q->sch, false);
	datapath_enter(q->sch, &frame, "dequeue");
	skb = qdisc_dequeue_peeked(q->sch);
	datapath_leave(q->sch, &frame);
	if (skb) {
		skb->next = NULL;
		check_mark(skb);
		qdk_acct_out(skb);
	}
	run_end(q->sch);
	call_end("dequeue", q->sch);
	return (struct qdk_skb *)skb;
}

struct qdk_skb *qdk_peek(struct qdk_qdisc *q)
{
	struct qdk_ctx_frame frame;
	struct sk_buff *skb;

	call_begin();
	datapath_enter(q->sch, &frame, "peek");
	skb = q->sch->ops->peek(q->sch);
	datapath_leave(q->sch, &frame);
	run_end(q->sch);
	call_end("peek", q->sch);
	return (struct qdk_skb *)skb;
}
