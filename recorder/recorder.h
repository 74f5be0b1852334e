/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internal interfaces of the qdk recorder module (sch_recorder.ko):
 * the event ring and its character device (rec_ring.c), the wrapper qdisc
 * (rec_qdisc.c, with the trees' timers in rec_timers.c and the roots it
 * attaches to in place in rec_root.c: rec_sched.h), packet metadata
 * extraction (rec_pkt.c) and the clock freeze (rec_clock.c).
 */
#ifndef QDK_RECORDER_H
#define QDK_RECORDER_H

#include <linux/hrtimer.h>
#include <linux/if_ether.h>
#include <linux/jiffies.h>
#include <linux/percpu.h>
#include <linux/skbuff.h>
#include <linux/timekeeping.h>
#include <linux/types.h>

#include "qdk_rec.h"

struct timer_list;

/*
 * One enqueue/dequeue/peek of the child in progress on this CPU. The
 * kfree_skb/consume_skb probes find it through rec_active: datapath calls
 * run under the qdisc's lock with bottom halves off, so nothing else runs
 * on this CPU (hard interrupts aside, which the probes ignore) until the
 * call returns. The call's record is already in this CPU's ring, not yet
 * published; a packet freed meanwhile is stored right after it as a DROP
 * record flagged QDK_RF_EARLY, so a call may drop any number of packets.
 */
struct rec_call {
	struct rec_call *prev;		/* calls may nest (recorder in recorder) */
	const struct sk_buff *skb;	/* the arriving packet (enqueue) */
	bool gone;			/* ... which was freed during the call */
	u32 hash;			/* ... its skb->hash when it was freed */
	u64 ts;				/* the call's timestamp */
	u32 inst, gen;			/* whose call it is */
	u32 draws;			/* DRAW, CLS and NEW records made (rec_rand.c, */
					/* rec_cls.c, rec_made.c) */
	u32 below;			/* in the child's __get_random_u32_below() */
	bool reset;			/* a reset, called through qdisc_reset() */
	bool hook;			/* a tc hook's classification (rec_hook.c) */
	unsigned long jiffies;		/* what the call reads (rec_jiffies.c) */
};

DECLARE_PER_CPU(struct rec_call *, rec_active);

/*
 * A recorded change of a child (rec_qdisc.c) runs in process context and
 * may sleep: what rec_active is to a datapath call, this is to the change,
 * keyed by the task. Written by that task with rtnl held.
 */
struct rec_chg {
	struct task_struct *task;	/* from CHANGE until it releases rtnl */
	u64 ts;				/* the CHANGE's timestamp */
	u32 inst, gen;
	bool clock;			/* inside ->change(): frozen at ts */
};

extern struct rec_chg rec_chg;
void rec_chg_begin(u64 ts, u32 inst, u32 gen);
void rec_chg_clock_stop(void);

/* Is this the changing task, outside the softirqs that may interrupt it? */
static __always_inline bool rec_chg_mine(void)
{
	return READ_ONCE(rec_chg.task) == current && !in_serving_softirq();
}

/*
 * The records' clock: CLOCK_MONOTONIC in ns, what ktime_get() returns (the
 * same timekeeper readout, from its NMI-safe copy), read without entering
 * ktime_get(): while a capture is open every ktime_get() passes through the
 * clock-freeze hook (rec_clock.c). The cheapest exact read there is.
 */
static inline u64 rec_now(void)
{
	return ktime_get_mono_fast_ns();
}

/* rec_clock.c: ktime_get() inside a recorded call returns its timestamp */
int rec_clock_arm(void);	/* at open(); a no-op with freeze_clock=0 */
void rec_clock_disarm(void);	/* at release() */
void rec_clock_exit(void);	/* at unload */

/* rec_jiffies.c: jiffies do not move while a recorded call runs */
int rec_jiffies_arm(void);	/* at open(); a no-op with freeze_jiffies=0 */
void rec_jiffies_disarm(void);	/* at release() */
void rec_jiffies_exit(void);	/* at unload */
DECLARE_PER_CPU(unsigned long, rec_jiffies_moved);
struct ftrace_ops;
int rec_ipmodify_hook(struct ftrace_ops *ops, bool *filtered,
		      unsigned char *name);
bool rec_ipmodify_try(struct ftrace_ops *ops, bool *filtered,
		      unsigned char *name, const char *unhooked);
void rec_ipmodify_free(struct ftrace_ops *ops, bool *filtered);

/* the bytes of a record of this type that go into the ring: whole words */
#define REC_LEN(n)	ALIGN(QDK_REC_HDR_SIZE + (n), 8)
static __always_inline unsigned int rec_len(u8 type)
{
	switch (type) {
	case QDK_REC_HELLO:
		return REC_LEN(sizeof(struct qdk_rec_hello));
	case QDK_REC_CONF:
		return REC_LEN(sizeof(struct qdk_rec_conf));
	case QDK_REC_TCA:
	case QDK_REC_DEVDATA:
		return REC_LEN(QDK_REC_TCA_CHUNK);
	case QDK_REC_PARAM:
		return REC_LEN(sizeof(struct qdk_rec_param));
	case QDK_REC_DEVCALL:
	case QDK_REC_DEVDONE:
		return REC_LEN(sizeof(struct qdk_rec_dev));
	case QDK_REC_ENQ:
	case QDK_REC_HOOK:
		return REC_LEN(sizeof(struct qdk_rec_enq));
	case QDK_REC_ENQSK:
		return REC_LEN(sizeof(struct qdk_rec_enqsk));
	case QDK_REC_RAND:
	case QDK_REC_DRAW:
		return REC_LEN(sizeof(struct qdk_rec_rand));
	case QDK_REC_NODE:
		return REC_LEN(sizeof(struct qdk_rec_node));
	case QDK_REC_CLS:
		return REC_LEN(sizeof(struct qdk_rec_cls));
	case QDK_REC_NEW:
		return REC_LEN(sizeof(struct qdk_rec_made));
	case QDK_REC_TIMER:
		return REC_LEN(sizeof(struct qdk_rec_timer));
	}
	return QDK_REC_HDR_SIZE;
}

/*
 * rec_ring.c: one ring per CPU, written only by that CPU with bottom halves
 * off, so producers take no lock and build their records in place:
 * rec_reserve() hands out the room for a record (header filled in, the rest
 * zeroed), the caller fills it, and rec_publish() makes everything reserved
 * since the last publish visible to the reader at once. Between the two a
 * recorded call runs, and the drops it makes land right after its record.
 * The reader merges the rings by timestamp (rec_ring.c).
 */
/*
 * buf holds rec_ring_bytes plus QDK_REC_SIZE of slack: a record crossing
 * the end is written whole, and its part past the end copied to the start
 * at publish.
 */
struct rec_ring {
	u8 *buf;
	u32 pos;	/* next byte to reserve (free-running) */
	u32 head;	/* bytes published (release) */
	u32 tail;	/* bytes the reader took (reader only, release) */
	u32 spill;	/* bytes past the end to copy to the start */
	bool lost_open;	/* in a loss: its first LOST record is stored */
	u64 lost;	/* events not stored since the last LOST record */
};

DECLARE_PER_CPU_ALIGNED(struct rec_ring, rec_rings);
extern u32 rec_ring_bytes;	/* per CPU, a power of two */
extern bool rec_capturing;	/* a reader holds the device open */
extern u32 rec_session;		/* bumped at every open() */
int rec_ring_init(unsigned int records);
void rec_ring_exit(void);

static __always_inline struct qdk_rec *rec_place(struct rec_ring *rg,
						 unsigned int len)
{
	u32 off = rg->pos & (rec_ring_bytes - 1);

	rg->pos += len;
	if (unlikely(off + len > rec_ring_bytes))
		rg->spill = off + len - rec_ring_bytes;
	return (struct qdk_rec *)(rg->buf + off);
}

struct qdk_rec *rec_reserve_lost(struct rec_ring *rg, unsigned int len,
				 u64 ts);

/*
 * Room for a record of this type in this CPU's ring, its header set and
 * the rest zeroed; NULL when the ring is full (the event is counted lost,
 * rec_reserve_lost() says how). A record is stored only with room for a
 * LOST record left after it. Bottom halves off, not in a hard interrupt.
 * Inlined: the lengths are constants.
 */
static __always_inline struct qdk_rec *rec_reserve(u8 type, u64 ts, u32 inst,
						   u32 gen)
{
	struct rec_ring *rg = this_cpu_ptr(&rec_rings);
	unsigned int len = rec_len(type);
	struct qdk_rec *r;
	u32 tail;

	/* pairs with the reader's release: its bytes are free once seen */
	tail = smp_load_acquire(&rg->tail);
	if (unlikely(rg->lost_open ||
		     rg->pos + len + QDK_REC_HDR_SIZE - tail > rec_ring_bytes)) {
		r = rec_reserve_lost(rg, len, ts);
		if (!r)
			return NULL;
	} else {
		r = rec_place(rg, len);
	}
	memset(r, 0, len);
	r->ts = ts;
	r->inst = inst;
	r->gen = gen;
	r->type = type;
	r->words = len / 8;
	r->jiffies = (u32)jiffies;
	return r;
}

void rec_unspill(struct rec_ring *rg);
void rec_wake(void);

/*
 * Everything this CPU reserved since the last publish becomes visible to
 * the reader; inside a recorded call (the records of an outer call are
 * still being filled) it waits for the outermost call's publish. The
 * reader is woken when the ring passes an eighth full.
 */
static __always_inline void rec_publish(void)
{
	struct rec_ring *rg = this_cpu_ptr(&rec_rings);
	u32 head = rg->head, pos = rg->pos, tail;

	if (head == pos || this_cpu_read(rec_active))
		return;
	if (unlikely(rg->spill))
		rec_unspill(rg);
	/* the records are complete before the reader can see them */
	smp_store_release(&rg->head, pos);
	tail = READ_ONCE(rg->tail);
	if (unlikely(head - tail < rec_ring_bytes / 8 &&
		     pos - tail >= rec_ring_bytes / 8))
		rec_wake();
}

/*
 * rec_twin.c: the timers' windows the reader waits for, as a snapshot:
 * rec_twin_snap() before the rings' heads, rec_twin_oldest() (the oldest
 * open window's entry, U64_MAX: none) after them, rec_twin_moved() last.
 */
u32 rec_twin_snap(void);
u64 rec_twin_oldest(void);
bool rec_twin_moved(u32 snap);
void rec_twin_report(void);	/* at release(): the log's line */

void rec_emit(const struct qdk_rec *r);	/* a copy of r, from any context */

/* A record built on the stack for rec_emit(): zeroed, its header set, stamped now. */
static inline void rec_stack_head(struct qdk_rec *r, u8 type, u32 inst, u32 gen)
{
	memset(r, 0, sizeof(*r));
	r->type = type;
	r->inst = inst;
	r->gen = gen;
	r->ts = rec_now();
	r->jiffies = (u32)jiffies;
}

u64 rec_cookie(const struct sk_buff *skb);

/*
 * rec_timers.c: the timer_expire_entry/exit, hrtimer_expire_entry/exit and
 * timer_start tracepoints (rec_ring.c): a timer of a recorded tree?
 */
extern bool rec_timers_on;
void rec_timer_begin(const void *timer, bool hrtimer);
void rec_timer_hard_init(void);
void rec_timer_hard(const struct hrtimer *timer);
void rec_timer_hard_end(const struct hrtimer *timer);
void rec_timer_rearm(const void *timer);
void rec_timer_end(const void *timer);
void rec_timer_wait(void);	/* no child's timer is half recorded */
/* rec_qdisc.c */
int rec_qdisc_init(void);
void rec_qdisc_exit(void);
void rec_qdisc_arm_all(void);	/* at open(), under rtnl */
struct nlmsghdr;
/* tc_modify_qdisc(); true: it creates a qdisc under a recorder's class */
bool rec_qdisc_request(const struct net *net, const struct nlmsghdr *n);
/* tc_new_tfilter(): keep a filter's kind and options for the task's request */
void rec_filter_request(const struct nlmsghdr *n);
void rec_filter_requests_clear(void);	/* at release() */

/*
 * rec_rand.c: random draws of a child, during its init or a change (kept
 * for the task doing it, emitted as RAND or DRAW records) and during a
 * recorded call (DRAW records right after the call's, as drops are)
 */
void rec_rand_register(void);		/* at open() */
void rec_rand_unregister(void);		/* at release() */
void rec_rand_begin(void);		/* current creates or changes a child (rtnl) */
void rec_rand_end(void);		/* ... and is done */
bool rec_rand_emit(struct qdk_rec *r);	/* r->type records of current's draws */
void rec_rand_exit(void);		/* at unload */
/* is addr, where a getter returns to, the child's code during call c? */
bool rec_child_code(const struct rec_call *c, unsigned long addr);

/* rec_made.c: packets a child makes during a recorded call (NEW records) */
void rec_made_register(void);		/* at open() */
void rec_made_unregister(void);		/* at release() */

/*
 * rec_dev.c: the child's module's parameters (PARAM records, read where
 * one may sleep, emitted with its CONF) and the writes and reads of its
 * devices (DEVCALL, DEVDATA, DEVDONE), whose handlers' clock reads return
 * the DEVCALL's timestamp (rec_dev_clock()).
 */
struct module;
struct rec_dev_params;
struct kretprobe;
struct kretprobe_instance;
struct pt_regs;
/* rec_ring.c: a kretprobe set up afresh; false, said in the log, if refused */
bool rec_krp_register(struct kretprobe *krp, const char *symbol,
		      int (*entry)(struct kretprobe_instance *, struct pt_regs *),
		      int (*handler)(struct kretprobe_instance *, struct pt_regs *),
		      int maxactive, size_t data_size, const char *without);
void rec_krp_unregister(struct kretprobe *krp, bool *on);
struct rec_dev_params *rec_dev_params_get(struct module *mod);	/* may sleep */
void rec_dev_params_emit(const struct rec_dev_params *ps, u32 inst, u32 gen);
void rec_dev_params_put(struct rec_dev_params *ps);
void rec_dev_follow(u32 inst, u32 gen, struct module *mod);	/* rtnl; NULL: no more */
void rec_dev_register(void);		/* at open() */
void rec_dev_unregister(void);		/* at release() */
u64 rec_dev_clock(void);		/* the frozen time in a recorded device call, or 0 */

/*
 * rec_cls.c: tcf_classify() during a recorded call, hooked through ftrace:
 * a CLS record in place, as a draw's DRAW record.
 */
void rec_cls_register(void);		/* at open() */
void rec_cls_unregister(void);		/* at release() */
void rec_cls_exit(void);		/* at unload */

/* rec_hook.c: another device's paths inside a tc hook's call, set aside */
void rec_nest_register(void);		/* at open() */
void rec_nest_unregister(void);		/* at release() */
void rec_nest_exit(void);		/* at unload */

/* rec_pkt.c */
void rec_fill_pkt(struct qdk_rec_enq *e, struct sk_buff *skb);
struct sock;
void rec_fill_sock(struct qdk_rec_sock *s, const struct sock *sk);
void rec_sock_key_init(void);	/* at load: the key socket ids are hashed with */

/*
 * The TOS / traffic class byte now (ECN marks change it); 0 for non-IP.
 * Inlined: every recorded dequeue reads it.
 */
static __always_inline u8 rec_tos(const struct sk_buff *skb)
{
	u8 buf[2];
	const u8 *h;

	if (skb->protocol != htons(ETH_P_IP) &&
	    skb->protocol != htons(ETH_P_IPV6))
		return 0;
	h = skb_header_pointer(skb, skb_network_offset(skb), 2, buf);
	if (!h)
		return 0;
	if ((h[0] >> 4) == 4)
		return h[1];
	if ((h[0] >> 4) == 6)
		return (h[0] << 4) | (h[1] >> 4);
	return 0;
}

#endif /* QDK_RECORDER_H */
