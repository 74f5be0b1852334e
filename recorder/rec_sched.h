/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The recorder's qdisc side, shared by its files: the wrapper and its
 * child's calls (rec_qdisc.c), the trees' own timers (rec_timers.c) and
 * the roots it attaches to in place (rec_root.c). An instance is a
 * struct rec_sched: the wrapper's private data, or, for a root attached
 * in place, one of its own.
 */
#ifndef QDK_REC_SCHED_H
#define QDK_REC_SCHED_H

#include <linux/list.h>
#include <net/sch_generic.h>

#include "recorder.h"

struct rec_ops;
struct rec_twin;
struct rec_gopt;
struct tcmsg;

struct rec_sched {
	struct Qdisc *sch;	/* ours (7.x has no qdisc_from_priv()) */
	struct Qdisc *child;
	struct rec_ops *child_ops;	/* child->ops while it is ours */
	bool untimed;		/* a qdisc of its tree found no timer slot */
	atomic_t hard_runs;	/* hard hrtimer runs and losses not yet written */
	atomic_t hard_lost;	/* ... of which losses (rec_timer_hard) */
	atomic_t hard_busy;	/* hard hrtimers of its tree running now */
	int in_call;		/* a root's: a recorded call runs (its lock held) */
	unsigned long irqflags;	/* ... with interrupts off, from these */
	bool root;		/* attached in place at a root: sch == child (rec_root_attach) */
	bool paused;		/* a recorded change of the child is running */
	struct qdisc_skb_head held;	/* arrivals meanwhile */
	struct list_head node;	/* rec_instances, under rtnl */
	u32 inst;		/* instance id in records */
	u32 gen;		/* bumped whenever the child changes */
	u32 session;		/* capture session this instance is armed for */
	bool waiting;		/* armed on a busy child: start when empty */
	/* what tc sent for a qdisc it creates under us (rec_qdisc_request) */
	u8 *req_opt;		/* REC_REQ_MAX bytes, allocated at init */
	u32 req_len;		/* 0: no TCA_OPTIONS (init got NULL) */
	u32 req_handle;
	char req_kind[IFNAMSIZ];
	bool req_valid;
	u64 req_ts;		/* a root's: when tc asked for it (CONF's created) */
	/* the filter requests that made the tree's blocks' filters (rec_fopt) */
	struct list_head fopts;
	/* what tc sent for the qdiscs it created under the child's classes */
	struct rec_gopt *gopts;	/* REC_GOPT_SLOTS, allocated at init */
	unsigned int gopt_next;
	/* an ingress or clsact qdisc's: its hooks' calls, one at a time (rec_hook.c) */
	spinlock_t hook_lock;
	u8 hook_known;		/* ... the blocks the last TREE gave a FILTER node */
	/* a timer_list's window (rec_twin.c), under the tree's lock */
	struct rec_twin *tw_fire;	/* its CPU's; NULL: none open */
	unsigned long tw_lo, tw_hi;	/* its qdisc's private data */
	unsigned long tw_timer;		/* ... and the timer in it */
	u32 tw_sum;			/* the data as the last call left it */
	int tw_win;			/* the window's count, open */
	bool tw_placed;			/* a call placed the timer before it */
	u64 tw_ts;			/* ... at this time */
};

/*
 * TCA_OPTIONS larger than this fall back to the child's dump. tbf with a
 * peak rate sends both rate tables (1024 bytes each) besides its parameters,
 * 2124 bytes: its dump keeps the buckets in 64 ns ticks, which put the
 * replay's full bucket up to 63 ns short of the kernel's.
 */
#define REC_REQ_MAX	4096

/*
 * A grandchild's TCA_OPTIONS as tc sent them to create it (its init got
 * exactly these bytes; its dump may not give them back: fq_codel's times
 * come back truncated to whole us, 1 ms of codel time off by a unit). Kept
 * per handle, under rtnl, for rec_tree(); a second request for the handle
 * (a change, a replace) makes the dump the better account again.
 */
#define REC_GOPT_SLOTS	8

struct rec_gopt {
	u32 handle;		/* 0: free */
	bool valid;		/* one request made it: opt is what init got */
	u32 len;
	char kind[IFNAMSIZ];
	u8 opt[REC_REQ_MAX];
};

/*
 * The child's own ops but for ->change, which comes to us first; for a
 * classful child also its class ops but for the calls that change its tree
 * (class change and delete, graft, the block a filter request names),
 * after which the tree is recorded again (rec_tree()).
 */
struct rec_ops {
	struct Qdisc_ops ops;
	const struct Qdisc_ops *orig;
	struct Qdisc_class_ops cl_ops;
	struct rec_sched *q;
	struct rcu_head rcu;
};

/* A record built on the stack for rec_emit(): header for this instance. */
static inline void rec_head(struct qdk_rec *r, const struct rec_sched *q, u8 type)
{
	rec_stack_head(r, type, q->inst, q->gen);
}

static __always_inline void rec_call_begin(struct rec_call *c, u64 ts,
					   const struct rec_sched *q,
					   const struct sk_buff *skb)
{
	c->skb = skb;
	c->gone = false;
	c->hash = 0;
	c->ts = ts;
	c->inst = q->inst;
	c->gen = q->gen;
	c->draws = 0;
	c->below = 0;
	c->reset = false;
	c->hook = false;
	c->prev = this_cpu_read(rec_active);
	this_cpu_write(rec_active, c);
	/* held from here on (rec_jiffies.c): the value the record carries */
	barrier();
	c->jiffies = READ_ONCE(jiffies);
}

static __always_inline void rec_call_end(struct rec_call *c)
{
	if (unlikely(READ_ONCE(jiffies) != c->jiffies))
		this_cpu_inc(rec_jiffies_moved);
	this_cpu_write(rec_active, c->prev);
}

/* rec_qdisc.c: the instances and their calls */
extern struct list_head rec_instances;	/* under rtnl */
extern u32 rec_next_inst;
extern struct Qdisc_ops rec_qdisc_ops;
struct rec_sched *rec_of_child(struct Qdisc *child);
bool rec_call_on(struct rec_sched *q);
void rec_call_off(struct rec_sched *q);
int rec_enqueue_child(struct sk_buff *skb, struct rec_sched *q,
		      struct sk_buff **to_free);
struct sk_buff *rec_take_child(struct rec_sched *q, bool peek);
struct sk_buff *rec_take(struct rec_sched *q, bool peek);
void rec_reset_child(struct rec_sched *q);
void rec_cl_wrap(struct rec_ops *ro);
void rec_arm_q(struct rec_sched *q, bool fresh);
bool rec_tc_request_fits(const struct nlattr *kind, const struct nlattr *opt);
u32 rec_opt_copy(u8 *dst, const struct nlattr *opt);

/* rec_timers.c: the slots that find a timer's tree, its runs */
void rec_tslot_update(struct rec_sched *q);
void rec_tslot_put(struct rec_sched *q);
void rec_hard_write(struct rec_sched *q);
bool rec_hard_wait(atomic_t *busy, const int *flag);

/* rec_hook.c: an attached ingress or clsact qdisc's hook, one call */
struct rec_hook {
	struct rec_call call;
	struct rec_sched *q;
	struct qdk_rec *r;
	u64 ts;
};

struct tcf_block;
struct tcf_proto;
struct tcf_result;
bool rec_hook_begin(struct rec_hook *h, struct sk_buff *skb,
		    const struct tcf_block *block, const struct tcf_proto *tp);
void rec_hook_end(struct rec_hook *h, int action, const struct tcf_result *res);
u8 rec_hook_block_bit(u32 cl);

/* rec_twin.c: a timer_list's work placed among the tree's calls */
void rec_twin_open(struct rec_sched *q, const void *timer, unsigned long lo,
		   unsigned long hi, u64 ts);
void rec_twin_check(struct rec_sched *q);
void rec_twin_seen(struct rec_sched *q);
u64 rec_twin_stamp(u64 ts);
void rec_twin_close(void);

/* rec_root.c: attached in place at a root */
void rec_root_request(const struct net *net, const struct tcmsg *tcm,
		      const struct nlattr *kind, const struct nlattr *opt);
struct rec_sched *rec_hook_of(const struct Qdisc *sch);
extern int rec_hooks_on;
void rec_roots_exit(void);

#endif /* QDK_REC_SCHED_H */
