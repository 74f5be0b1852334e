/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __NET_PKT_SCHED_H
#define __NET_PKT_SCHED_H

#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/if_vlan.h>
#include <linux/netdevice.h>
#include <net/sch_generic.h>
#include <net/net_namespace.h>
#include <uapi/linux/pkt_sched.h>

#define DEFAULT_TX_QUEUE_LEN	1000
#define STAB_SIZE_LOG_MAX	30

struct qdisc_walker {
	int	stop;
	int	skip;
	int	count;
	int	(*fn)(struct Qdisc *, unsigned long cl, struct qdisc_walker *);
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* 6.12: a const qdisc gives a const private area */
#define qdisc_priv(q)							\
	_Generic(q,							\
		 const struct Qdisc * : (const void *)&q->privdata,	\
		 struct Qdisc * : (void *)&q->privdata)
#else
static inline void *qdisc_priv(struct Qdisc *q)
{
	return &q->privdata;
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* 6.12: what a driver answers to TC_QUERY_CAPS for mqprio */
struct tc_mqprio_caps {
	bool validate_queue_counts:1;
};
#endif

struct tc_mqprio_qopt_offload {
	/* struct tc_mqprio_qopt must always be the first element */
	struct tc_mqprio_qopt qopt;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	struct netlink_ext_ack *extack;
#endif
	u16 mode;
	u16 shaper;
	u32 flags;
	u64 min_rate[TC_QOPT_MAX_QUEUE];
	u64 max_rate[TC_QOPT_MAX_QUEUE];
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	unsigned long preemptible_tcs;
#endif
};

/* TC_QUERY_CAPS: what a driver's ndo_setup_tc() fills in for a qdisc type */
struct tc_query_caps_base {
	enum tc_setup_type type;
	void *caps;
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* the module alias prefix of a qdisc kind (MODULE_ALIAS_NET_SCH) */
#define NET_SCH_ALIAS_PREFIX "net-sch-"
#endif

static inline struct Qdisc *qdisc_from_priv(void *priv)
{
	return container_of(priv, struct Qdisc, privdata);
}

typedef u64	psched_time_t;
typedef long	psched_tdiff_t;

#define PSCHED_SHIFT			6
#define PSCHED_TICKS2NS(x)		((s64)(x) << PSCHED_SHIFT)
#define PSCHED_NS2TICKS(x)		((x) >> PSCHED_SHIFT)
#define PSCHED_TICKS_PER_SEC		PSCHED_NS2TICKS(NSEC_PER_SEC)
#define PSCHED_PASTPERFECT		0

static inline psched_time_t psched_get_time(void)
{
	return PSCHED_NS2TICKS(ktime_get_ns());
}

struct qdisc_watchdog {
	u64		last_expires;
	struct hrtimer	timer;
	struct Qdisc	*qdisc;
};

void qdisc_watchdog_init_clockid(struct qdisc_watchdog *wd, struct Qdisc *qdisc,
				 clockid_t clockid);
void qdisc_watchdog_init(struct qdisc_watchdog *wd, struct Qdisc *qdisc);
void qdisc_watchdog_schedule_range_ns(struct qdisc_watchdog *wd, u64 expires,
				      u64 delta_ns);

static inline void qdisc_watchdog_schedule_ns(struct qdisc_watchdog *wd,
					      u64 expires)
{
	return qdisc_watchdog_schedule_range_ns(wd, expires, 0ULL);
}

static inline void qdisc_watchdog_schedule(struct qdisc_watchdog *wd,
					   psched_time_t expires)
{
	qdisc_watchdog_schedule_ns(wd, PSCHED_TICKS2NS(expires));
}

void qdisc_watchdog_cancel(struct qdisc_watchdog *wd);

extern struct Qdisc_ops pfifo_qdisc_ops;
extern struct Qdisc_ops bfifo_qdisc_ops;
extern struct Qdisc_ops pfifo_head_drop_qdisc_ops;

int fifo_set_limit(struct Qdisc *q, unsigned int limit);
struct Qdisc *fifo_create_dflt(struct Qdisc *sch, struct Qdisc_ops *ops,
			       unsigned int limit,
			       struct netlink_ext_ack *extack);

int register_qdisc(struct Qdisc_ops *qops);
void unregister_qdisc(struct Qdisc_ops *qops);
void qdisc_get_default(char *id, size_t len);
int qdisc_set_default(const char *id);

void qdisc_hash_add(struct Qdisc *q, bool invisible);
void qdisc_hash_del(struct Qdisc *q);
struct Qdisc *qdisc_lookup(struct net_device *dev, u32 handle);
struct Qdisc *qdisc_lookup_rcu(struct net_device *dev, u32 handle);
struct qdisc_rate_table *qdisc_get_rtab(struct tc_ratespec *r,
					struct nlattr *tab,
					struct netlink_ext_ack *extack);
void qdisc_put_rtab(struct qdisc_rate_table *tab);
void qdisc_put_stab(struct qdisc_size_table *tab);
void qdisc_warn_nonwc(const char *txt, struct Qdisc *qdisc);

/*
 * The length of the packet the qdisc would hand out next (qfq's and hfsc's
 * eligibility needs it before dequeueing): the child's peek, which a
 * work-conserving qdisc always answers while it holds packets; an empty
 * answer is the non-work-conserving child warning the kernel prints.
 */
static inline unsigned int qdisc_peek_len(struct Qdisc *sch)
{
	struct sk_buff *skb = sch->ops->peek(sch);

	if (unlikely(!skb)) {
		qdisc_warn_nonwc("qdisc_peek_len", sch);
		return 0;
	}
	return qdisc_pkt_len(skb);
}

static inline void qdisc_run(struct Qdisc *q)
{
}

static inline __be16 tc_skb_protocol(const struct sk_buff *skb)
{
	return skb->protocol;
}

/* Calculate maximal size of packet seen by hard_start_xmit
   routine of this device.
 */
static inline unsigned int psched_mtu(const struct net_device *dev)
{
	return READ_ONCE(dev->mtu) + dev->hard_header_len;
}

static inline struct net *qdisc_net(struct Qdisc *q)
{
	return dev_net(q->dev_queue->dev);
}

static inline bool tc_qdisc_stats_dump(struct Qdisc *sch,
				       unsigned long cl,
				       struct qdisc_walker *arg)
{
	if (arg->count >= arg->skip && arg->fn(sch, cl, arg) < 0) {
		arg->stop = 1;
		return false;
	}

	arg->count++;
	return true;
}

#define QDISC_PKT_LEN_MAX	(1 << 20)	/* 1 MiB */

/* ---- offload requests of cbs, etf and taprio (to a device's ndo_setup_tc) */

struct tc_cbs_qopt_offload {
	u8 enable;
	s32 queue;
	s32 hicredit;
	s32 locredit;
	s32 idleslope;
	s32 sendslope;
};

struct tc_etf_qopt_offload {
	u8 enable;
	s32 queue;
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
struct tc_taprio_caps {
	bool supports_queue_max_sdu:1;
	bool gate_mask_per_txq:1;
	bool broken_mqprio:1;
};

enum tc_taprio_qopt_cmd {
	TAPRIO_CMD_REPLACE,
	TAPRIO_CMD_DESTROY,
	TAPRIO_CMD_STATS,
	TAPRIO_CMD_QUEUE_STATS,
};

struct tc_taprio_qopt_stats {
	u64 window_drops;
	u64 tx_overruns;
};

struct tc_taprio_qopt_queue_stats {
	int queue;
	struct tc_taprio_qopt_stats stats;
};
#else
struct tc_taprio_caps {
	bool supports_queue_max_sdu:1;
};
#endif

struct tc_taprio_sched_entry {
	u8 command;	/* TC_TAPRIO_CMD_* */
	u32 gate_mask;	/* of traffic classes */
	u32 interval;
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
struct tc_taprio_qopt_offload {
	enum tc_taprio_qopt_cmd cmd;
	union {
		struct tc_taprio_qopt_stats stats;
		struct tc_taprio_qopt_queue_stats queue_stats;
		struct {
			struct tc_mqprio_qopt_offload mqprio;
			struct netlink_ext_ack *extack;
			ktime_t base_time;
			u64 cycle_time;
			u64 cycle_time_extension;
			u32 max_sdu[TC_MAX_QUEUE];
			size_t num_entries;
			struct tc_taprio_sched_entry entries[];
		};
	};
};
#else
struct tc_taprio_qopt_offload {
	u8 enable;
	ktime_t base_time;
	u64 cycle_time;
	u64 cycle_time_extension;
	u32 max_sdu[TC_MAX_QUEUE];
	size_t num_entries;
	struct tc_taprio_sched_entry entries[];
};
#endif

/* etf hands the packet on: its launch time is used up */
static inline void skb_txtime_consumed(struct sk_buff *skb)
{
	skb->tstamp = ktime_set(0, 0);
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
/* the tc layer's control block (6.12 moved it to net/sch_generic.h) */
struct tc_skb_cb {
	struct qdisc_skb_cb qdisc_cb;
	u32 drop_reason;

	u16 zone;	/* only valid if post_ct = true */
	u16 mru;
	u8 post_ct:1;
	u8 post_ct_snat:1;
	u8 post_ct_dnat:1;
};

static inline struct tc_skb_cb *tc_skb_cb(const struct sk_buff *skb)
{
	struct tc_skb_cb *cb = (struct tc_skb_cb *)skb->cb;

	BUILD_BUG_ON(sizeof(*cb) > sizeof_field(struct sk_buff, cb));
	return cb;
}
#endif

#endif
