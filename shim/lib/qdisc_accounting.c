// SPDX-License-Identifier: GPL-2.0
/*
 * qdisc_accounting.c - the accounting check of qdk/accounting.h: which
 * packets each qdisc holds, counted as they move (so a call costs what it
 * moved, not what the qdiscs hold), compared with every qdisc's q.qlen and
 * qstats.backlog when a call of the datapath ends, and the report.
 */
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/percpu.h>
#include <linux/skbuff.h>
#include <net/pkt_sched.h>
#include <net/sch_generic.h>
#include <qdk/accounting.h>
#include "host.h"
#include "shim.h"

struct qdk_acct_unlink qdk_acct_unlinks[QDK_ACCT_UNLINKS];
unsigned long qdk_acct_unlink_seq;

static LIST_HEAD(qdiscs);
/* the root qdisc this call enqueues to or dequeues from, its q.qlen before */
static struct Qdisc *root_sch;
static unsigned int root_qlen;
static bool root_enqueue;

unsigned long qdk_acct_call_unlinks;
unsigned long long qdk_acct_call_mem_seq;

/*
 * The packets that entered a count since the last check: a qdisc may set
 * their qdisc_pkt_len() after it took them (cake and tbf give each segment
 * its own), so their bytes are read again when the call ends. Beyond
 * TOUCHED_MAX every held packet is read again.
 */
#define TOUCHED_MAX 256
static struct sk_buff *touched[TOUCHED_MAX];
static unsigned int ntouched;
static bool recount;

/* the packets a qdisc held that this call dropped, for the report */
#define DROPS_MAX 16
static struct {
	u64 id;
	unsigned int len;
	unsigned long ip;
} drops[DROPS_MAX];
unsigned int qdk_acct_ndrops, qdk_acct_ndrops_all;
#define ndrops qdk_acct_ndrops

void qdk_acct_bug(void)
{
	qdk_host_exit(2);
}

static void count(struct sk_buff *skb, int sign)
{
	struct Qdisc *q = skb->__qdk_in;

	q->__qdk_held += sign;
	q->__qdk_held_bytes += sign * (s64)skb->__qdk_in_len;
}

static void untouch(struct sk_buff *skb)
{
	if (skb->__qdk_touched) {
		touched[skb->__qdk_touched - 1] = NULL;
		skb->__qdk_touched = 0;
	}
}

void qdk_acct_into(struct sk_buff *skb, struct Qdisc *sch)
{
	if (skb->__qdk_in)
		count(skb, -1);
	skb->__qdk_in = sch;
	skb->__qdk_in_len = qdisc_pkt_len(skb);
	count(skb, 1);
	if (skb->__qdk_touched)
		return;
	if (ntouched < TOUCHED_MAX) {
		touched[ntouched++] = skb;
		skb->__qdk_touched = ntouched;
	} else {
		recount = true;
	}
}

void qdk_acct_out(struct sk_buff *skb)
{
	if (!skb->__qdk_in)
		return;
	count(skb, -1);
	skb->__qdk_in = NULL;
	untouch(skb);
}

void qdk_acct_made(struct sk_buff *n, const struct sk_buff *from)
{
	n->__qdk_in = NULL;
	n->__qdk_touched = 0;
	n->__qdk_drop_ip = 0;
	if (from->__qdk_in)
		qdk_acct_into(n, from->__qdk_in);
}

void qdk_acct_freed(struct sk_buff *skb, unsigned long ip)
{
	if (!skb->__qdk_drop_ip)
		skb->__qdk_drop_ip = ip;
	qdk_acct_ndrops_all++;
	if (ndrops < DROPS_MAX) {
		drops[ndrops].id = skb->__qdk_id;
		drops[ndrops].len = qdisc_pkt_len(skb);
		drops[ndrops].ip = skb->__qdk_drop_ip;
		ndrops++;
	}
}


void qdk_acct_qdisc_new(struct Qdisc *sch)
{
	list_add_tail(&sch->__qdk_all, &qdiscs);
}

static void forget_in(void *arg, const struct sk_buff *cskb)
{
	struct sk_buff *skb = (struct sk_buff *)cskb;

	if (skb->__qdk_in == arg) {
		skb->__qdk_in = NULL;
		untouch(skb);
	}
}

void qdk_acct_qdisc_free(struct Qdisc *sch)
{
	list_del(&sch->__qdk_all);
	if (root_sch == sch)
		root_sch = NULL;
	/* packets it leaked outlive it: the leak report names them */
	if (sch->__qdk_held)
		qdk_skb_for_each_live(0, forget_in, sch);
}

/* ---- the check --------------------------------------------------------- */

static void recount_one(void *arg, const struct sk_buff *cskb)
{
	struct sk_buff *skb = (struct sk_buff *)cskb;

	if (skb->__qdk_in) {
		skb->__qdk_in_len = qdisc_pkt_len(skb);
		count(skb, 1);
	}
}

/* the bytes of the packets that entered a count since the last check, read again */
static void refresh(void)
{
	struct Qdisc *q;
	unsigned int i;

	if (recount) {
		list_for_each_entry(q, &qdiscs, __qdk_all) {
			q->__qdk_held = 0;
			q->__qdk_held_bytes = 0;
		}
		qdk_skb_for_each_live(0, recount_one, NULL);
	}
	for (i = 0; i < ntouched; i++) {
		struct sk_buff *skb = touched[i];

		if (!skb)
			continue;
		skb->__qdk_touched = 0;
		if (!recount && skb->__qdk_in) {
			unsigned int len = qdisc_pkt_len(skb);

			skb->__qdk_in->__qdk_held_bytes += (s64)len - skb->__qdk_in_len;
			skb->__qdk_in_len = len;
		}
	}
	ntouched = 0;
	recount = false;
}

/* the qdisc whose count has q's packets too: the owner of q's parent class */
static struct Qdisc *parent_of(struct Qdisc *q)
{
	struct Qdisc *p;

	if (!q->parent || q->parent == TC_H_ROOT || (q->flags & TCQ_F_NOPARENT) ||
	    !q->dev_queue || !q->dev_queue->dev)
		return NULL;
	p = qdisc_lookup(q->dev_queue->dev, TC_H_MAJ(q->parent));
	return p == q ? NULL : p;
}

static unsigned int qlen_of(const struct Qdisc *q)
{
	return qdisc_qlen_sum(q);
}

static u64 backlog_of(const struct Qdisc *q)
{
	/* as gnet_stats_add_queue(): the per-CPU counters when it has them */
	if (qdisc_is_percpu_stats(q))
		return this_cpu_ptr(q->cpu_qstats)->backlog;
	return q->qstats.backlog;
}

/*
 * A qdisc whose backlog stayed 0 while it held packets keeps no byte count
 * at all (upstream: multiq, whose enqueue and dequeue touch only q.qlen):
 * its q.qlen is checked, its backlog from the first time it is not 0.
 */
void qdk_acct_root_call(struct Qdisc *sch, bool enqueue)
{
	root_sch = sch;
	root_qlen = qlen_of(sch);
	root_enqueue = enqueue;
}

static bool q_ok(struct Qdisc *q)
{
	u64 backlog = backlog_of(q);
	/* one that counts at dequeue, enqueued since: qlen lags (accounting.h) */
	bool lags = q->__qdk_qlen_lags && !q->__qdk_enq_counts;

	if (!q->enqueue)
		return true;
	if (backlog)
		q->__qdk_counts_bytes = true;
	return (lags || qlen_of(q) == q->__qdk_sum) &&
	       (backlog == q->__qdk_sum_bytes || (!q->__qdk_counts_bytes && !backlog));
}

static const char *trace_path;

void qdk_acct_trace(const char *path)
{
	trace_path = path;
}

struct lost_walk {
	struct Qdisc *q;
	const struct sk_buff *skb;	/* taken out of a queue in this call */
	unsigned long ip;
	const struct sk_buff *made;	/* else: made in this call */
};

static bool in_subtree(struct Qdisc *in, struct Qdisc *q)
{
	int depth;

	for (depth = 0; in && depth < 64; depth++, in = parent_of(in))
		if (in == q)
			return true;
	return false;
}

/* a packet q (or a child) holds that this call took out of a list or an rbtree */
static void lost_one(void *arg, const struct sk_buff *skb)
{
	struct lost_walk *w = arg;
	unsigned long s;

	if (w->skb || !skb->__qdk_in || !in_subtree(skb->__qdk_in, w->q))
		return;
	if (!w->made && skb->__qdk_seq > qdk_acct_call_mem_seq && skb->__qdk_tag)
		w->made = skb;
	for (s = qdk_acct_unlink_seq; s-- > qdk_acct_call_unlinks &&
	     qdk_acct_unlink_seq - s <= QDK_ACCT_UNLINKS;) {
		const struct qdk_acct_unlink *u = &qdk_acct_unlinks[s % QDK_ACCT_UNLINKS];

		if (u->node == (const void *)skb) {
			w->skb = skb;
			w->ip = u->ip;
			return;
		}
	}
}

/*
 * The drop site to blame for bytes the counts kept: the one whose drops in
 * this call add up to them, else the one that dropped most, else the first.
 */
static unsigned int drop_site(s64 dbytes)
{
	unsigned int i, j, best = 0, best_n = 0;

	for (i = 0; i < ndrops; i++) {
		unsigned int n = 0;
		s64 sum = 0;

		for (j = 0; j < ndrops; j++)
			if (drops[j].ip == drops[i].ip) {
				n++;
				sum += drops[j].len;
			}
		if (sum == dbytes || sum == -dbytes)
			return i;
		if (n > best_n) {
			best = i;
			best_n = n;
		}
	}
	return best;
}

static void __attribute__((__noreturn__))
report(struct Qdisc *q, const char *what, const char *kind, unsigned long long line)
{
	unsigned int qlen = qlen_of(q);
	u64 backlog = backlog_of(q);
	struct lost_walk w = { .q = q };
	char at[512], buf[512];
	unsigned int i, pick = 0;
	s64 dbytes = (s64)backlog - (s64)q->__qdk_sum_bytes;

	at[0] = '\0';
	if (qlen < q->__qdk_sum)
		qdk_skb_for_each_live(0, lost_one, &w);
	if (w.skb) {
		qdk_host_where(w.ip, at, sizeof(at));
	} else if (w.made) {
		snprintf(at, sizeof(at), "%s:%u", w.made->__qdk_tag->ct.filename,
			 w.made->__qdk_tag->ct.lineno);
	} else if (ndrops) {
		pick = drop_site(dbytes);
		if (drops[pick].ip)
			qdk_host_where(drops[pick].ip, at, sizeof(at));
	}
	qdk_host_log("%s%sBUG: qdisc accounting: %s %x: q.qlen is %u and qstats.backlog %llu,"
		     " but it holds %u packet%s of %llu bytes\n",
		     at[0] ? at : "qdk", ": ", q->ops->id, q->handle >> 16, qlen,
		     (unsigned long long)backlog, q->__qdk_sum, q->__qdk_sum == 1 ? "" : "s",
		     (unsigned long long)q->__qdk_sum_bytes);
	qdk_host_log("  after %s%s%s", what, kind ? " of qdisc kind " : "", kind ? kind : "");
	if (line && trace_path)
		qdk_host_log(", at %s:%llu\n", trace_path, line);
	else if (line)
		qdk_host_log(", at trace line %llu\n", line);
	else
		qdk_host_log("\n");
	if (q->__qdk_sum != q->__qdk_held)
		qdk_host_log("  (%u of them in its children, which count them too)\n",
			     q->__qdk_sum - q->__qdk_held);
	if (w.skb)
		qdk_host_log("  packet %llu (%u bytes) left a queue at %s in this call, and was"
			     " neither returned by dequeue, nor dropped, nor freed\n",
			     (unsigned long long)w.skb->__qdk_id, qdisc_pkt_len(w.skb), at);
	else if (w.made)
		qdk_host_log("  a packet made at %s (%s) in this call from one the qdisc held is"
			     " counted as the qdisc's, and q.qlen does not have it: a copy the qdisc"
			     " keeps is counted, one it does not keep is freed\n", at,
			     w.made->__qdk_tag->ct.function);
	for (i = 0; i < ndrops; i++)
		qdk_host_log("  this call dropped packet %llu (%u bytes) at %s\n",
			     (unsigned long long)drops[i].id, drops[i].len,
			     drops[i].ip ? qdk_host_where(drops[i].ip, buf, sizeof(buf)) : "?");
	if (qdk_acct_ndrops_all > ndrops)
		qdk_host_log("  and %u more drops\n", qdk_acct_ndrops_all - ndrops);
	qdk_host_log("  rule: q.qlen and qstats.backlog count every packet the qdisc holds, its"
		     " children's too, until its dequeue returns it or it is dropped; a drop takes"
		     " it off both (qdisc_drop(), qdisc_qstats_backlog_dec(),"
		     " qdisc_tree_reduce_backlog() for the parents): docs/qdisc-ops.md,"
		     " 4. Statistics accounting\n");
	qdk_host_log("  (the kernel: no report; tc -s shows the drift, the parents' counts drift"
		     " with it, and a parent that trusts a child's q.qlen dequeues from an empty"
		     " child or never drains it)\n");
	qdk_acct_bug();
	__builtin_unreachable();
}

void qdk_acct_check(const char *what, const char *kind, unsigned long long line)
{
	struct Qdisc *q, *p, *worst = NULL;
	int depth, worst_depth = -1;
	bool tree = false;

	/*
	 * A packet on a qdisc's gso_skb is that qdisc's, in its q.qlen: a peek
	 * that dequeued it parked it there, qdisc_peek_dequeued() or the
	 * qdisc's own (dualpi2's, which takes it from its L queue's list)
	 */
	list_for_each_entry(q, &qdiscs, __qdk_all) {
		struct sk_buff *skb;

		if (!q->gso_skb.next)
			continue;
		skb_queue_walk(&q->gso_skb, skb)
			if (skb->__qdk_in != q)
				qdk_acct_into(skb, q);
	}
	if (root_sch && root_enqueue) {
		if (qlen_of(root_sch) != root_qlen)
			root_sch->__qdk_enq_counts = true;
		else if (!root_sch->__qdk_enq_counts)
			root_sch->__qdk_qlen_lags = true;
	} else if (root_sch) {
		root_sch->__qdk_qlen_lags = false;
	}
	if (ntouched || recount)
		refresh();
	list_for_each_entry(q, &qdiscs, __qdk_all) {
		q->__qdk_sum = q->__qdk_held;
		q->__qdk_sum_bytes = q->__qdk_held_bytes;
		tree |= q->parent && q->parent != TC_H_ROOT;
	}
	/* the children's packets, in each ancestor's count too */
	list_for_each_entry(q, &qdiscs, __qdk_all) {
		if (!tree)
			break;
		if (!q->__qdk_held && !q->__qdk_held_bytes)
			continue;
		for (p = parent_of(q), depth = 0; p && depth < 64; p = parent_of(p), depth++) {
			p->__qdk_sum += q->__qdk_held;
			p->__qdk_sum_bytes += q->__qdk_held_bytes;
		}
	}
	list_for_each_entry(q, &qdiscs, __qdk_all) {
		if (q_ok(q))
			continue;
		/* the deepest: its parents' counts are off by what it lost */
		for (p = parent_of(q), depth = 0; p && depth < 64; p = parent_of(p))
			depth++;
		if (depth > worst_depth) {
			worst = q;
			worst_depth = depth;
		}
	}
	root_sch = NULL;
	if (worst)
		report(worst, what, kind, line);
}
