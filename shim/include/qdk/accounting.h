/* SPDX-License-Identifier: GPL-2.0 */
/*
 * qdk/accounting.h - the shim's accounting check: after every call of the
 * datapath (enqueue, dequeue, peek, reset, a timer, a change), each qdisc's
 * q.qlen and qstats.backlog must count exactly the packets it holds, its
 * children's included. Not a kernel header.
 *
 * The kernel never checks this: a qdisc that loses a packet or forgets a
 * qdisc_qstats_backlog_dec() runs on, its parents' counts drift (their
 * qdisc_tree_reduce_backlog() relies on them), tc -s shows the drift, and a
 * work-conserving parent may spin on a child that says it has packets. The
 * shim knows which packets each qdisc holds: the one the bridge handed to
 * the root's enqueue, the ones a parent handed to a child (qdisc_enqueue()),
 * a packet a peek parked (qdisc_peek_dequeued()), the segments and copies a
 * qdisc made of one it held. A packet leaves when the root's dequeue
 * returns it or when it is freed. A mismatch stops the program (exit 2) with
 * the qdisc, the call and what the counts should have been, and, where it
 * can tell, the line that made it: the drop that was not taken off the
 * counts, or the list or rbtree removal that took a packet out of the
 * qdisc's queue without returning, dropping or freeing it.
 */
#ifndef _QDK_ACCOUNTING_H
#define _QDK_ACCOUNTING_H

struct sk_buff;
struct Qdisc;

/* skb is in sch's own count now (a child's: qdisc_enqueue(); a peek: its gso_skb) */
void qdk_acct_into(struct sk_buff *skb, struct Qdisc *sch);

/* skb left the qdiscs (the root's dequeue returned it, or it was freed) */
void qdk_acct_out(struct sk_buff *skb);

/* n was made of from (a segment, a copy): it is where from is */
void qdk_acct_made(struct sk_buff *n, const struct sk_buff *from);

/* skb is being freed, by the caller at ip (0: not known) */
void qdk_acct_freed(struct sk_buff *skb, unsigned long ip);

/*
 * The last removals from a list or an rbtree (__skb_unlink(), rb_erase()),
 * with the code address that made them: a packet that left its queue and
 * was never returned or freed is found here by its address (an skb's
 * next/prev, rbnode and list share its first bytes).
 */
#define QDK_ACCT_UNLINKS 128
struct qdk_acct_unlink {
	const void *node;
	unsigned long ip;
};

extern struct qdk_acct_unlink qdk_acct_unlinks[QDK_ACCT_UNLINKS];
extern unsigned long qdk_acct_unlink_seq;

static inline void qdk_acct_unlinked(const void *node, unsigned long ip)
{
	struct qdk_acct_unlink *u = &qdk_acct_unlinks[qdk_acct_unlink_seq++ % QDK_ACCT_UNLINKS];

	u->node = node;
	u->ip = ip;
}

/*
 * The bridge's side (shim/api/api.c): a call begins; it ended (what: the
 * op, kind: the qdisc's kind, line: the trace line or 0), check every
 * qdisc; a qdisc is created or freed.
 */
extern unsigned long qdk_acct_call_unlinks;
extern unsigned int qdk_acct_ndrops, qdk_acct_ndrops_all;
extern unsigned long long qdk_acct_call_mem_seq, qdk_mem_seq;

static inline void qdk_acct_call_begin(void)
{
	qdk_acct_call_unlinks = qdk_acct_unlink_seq;
	qdk_acct_call_mem_seq = qdk_mem_seq;
	qdk_acct_ndrops = 0;
	qdk_acct_ndrops_all = 0;
}

void qdk_acct_check(const char *what, const char *kind, unsigned long long line);

/*
 * The root's enqueue (or dequeue) is about to run on sch: its q.qlen now,
 * to see whether its enqueues count the packets they take. Most qdiscs
 * do, and one seen doing it once is checked after every call. One whose
 * enqueues have never changed q.qlen counts at dequeue (sch_teql: its
 * queue and its master's, set in its dequeue): from its enqueue to its
 * next dequeue its q.qlen lags by design, as tc -s shows in the kernel, so
 * it is checked after its dequeues (and the calls that follow one). A
 * qdisc that forgets to count in both is still found, at its next dequeue.
 */
void qdk_acct_root_call(struct Qdisc *sch, bool enqueue);
void qdk_acct_qdisc_new(struct Qdisc *sch);
void qdk_acct_qdisc_free(struct Qdisc *sch);

/* the trace the calls come from, for the report (NULL: none) */
void qdk_acct_trace(const char *path);

/* where the accounting check stops the program: a breakpoint for gdb */
void qdk_acct_bug(void);

#endif
