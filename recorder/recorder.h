/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internal interfaces of the qdk recorder module (sch_recorder.ko):
 * the event ring and its character device (rec_ring.c), the wrapper qdisc
 * (rec_qdisc.c), packet metadata extraction (rec_pkt.c) and the clock
 * freeze (rec_clock.c).
 */
#ifndef QDK_RECORDER_H
#define QDK_RECORDER_H

#include <linux/percpu.h>
#include <linux/skbuff.h>
#include <linux/timekeeping.h>
#include <linux/types.h>

#include "qdk_rec.h"

/*
 * One enqueue/dequeue/peek of the child in progress on this CPU. The
 * kfree_skb/consume_skb probes find it through rec_active: datapath calls
 * run under the qdisc's lock with bottom halves off, so nothing else runs
 * on this CPU (hard interrupts aside, which the probes ignore) until the
 * call returns. A packet freed meanwhile is stored at once as a DROP record
 * flagged QDK_RF_EARLY (it precedes its call's record; qdk-capture puts it
 * back after), so a call may drop any number of packets.
 */
struct rec_call {
	struct rec_call *prev;		/* calls may nest (recorder in recorder) */
	const struct sk_buff *skb;	/* the arriving packet (enqueue) */
	bool gone;			/* ... which was freed during the call */
	u64 ts;				/* the call's timestamp */
	u32 inst, gen;			/* whose call it is */
};

DECLARE_PER_CPU(struct rec_call *, rec_active);

/*
 * The records' clock: CLOCK_MONOTONIC in ns, exactly what ktime_get()
 * returns (the same timekeeper fields under the same seqcount), read
 * without entering ktime_get(). While a capture is open every ktime_get()
 * passes through the clock-freeze hook (rec_clock.c), which would cost each
 * recorded call twice what the clock read does.
 */
static inline u64 rec_now(void)
{
	struct timespec64 ts __uninitialized;

	ktime_get_ts64(&ts);
	return timespec64_to_ns(&ts);
}

/* rec_clock.c: ktime_get() inside a recorded call returns its timestamp */
int rec_clock_arm(void);	/* at open(); a no-op with freeze_clock=0 */
void rec_clock_disarm(void);	/* at release() */
void rec_clock_exit(void);	/* at unload */

/* rec_ring.c */
extern bool rec_capturing;	/* a reader holds the device open */
extern u32 rec_session;		/* bumped at every open() */
int rec_ring_init(unsigned int records);
void rec_ring_exit(void);
void rec_emit(struct qdk_rec *r);	/* sets r->words */
/* the bytes of a record of this type that go into the ring: whole words */
#define REC_LEN(n)	ALIGN(QDK_REC_HDR_SIZE + (n), 8)
static inline unsigned int rec_len(u8 type)
{
	switch (type) {
	case QDK_REC_HELLO:
		return REC_LEN(sizeof(struct qdk_rec_hello));
	case QDK_REC_CONF:
		return REC_LEN(sizeof(struct qdk_rec_conf));
	case QDK_REC_TCA:
		return REC_LEN(QDK_REC_TCA_CHUNK);
	case QDK_REC_ENQ:
		return REC_LEN(sizeof(struct qdk_rec_enq));
	case QDK_REC_RAND:
		return REC_LEN(sizeof(struct qdk_rec_rand));
	}
	return QDK_REC_HDR_SIZE;
}

u64 rec_cookie(const struct sk_buff *skb);

/* rec_qdisc.c */
int rec_qdisc_init(void);
void rec_qdisc_exit(void);
void rec_qdisc_arm_all(void);	/* at open(), under rtnl */
struct nlmsghdr;
/* tc_modify_qdisc(); true: it creates a qdisc under a recorder's class */
bool rec_qdisc_request(const struct nlmsghdr *n);

/* rec_rand.c: random draws of a child's init */
void rec_rand_register(void);		/* at open() */
void rec_rand_unregister(void);		/* at release() */
void rec_rand_begin(void);		/* current creates a child (rtnl) */
void rec_rand_end(void);		/* ... and is done */
bool rec_rand_emit(struct qdk_rec *r);	/* RAND records of current's draws */

/* rec_pkt.c */
void rec_fill_pkt(struct qdk_rec_enq *e, struct sk_buff *skb);
u8 rec_tos(const struct sk_buff *skb);

#endif /* QDK_RECORDER_H */
