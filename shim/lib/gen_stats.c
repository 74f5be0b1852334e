// SPDX-License-Identifier: GPL-2.0
/*
 * gen_stats.c - statistics dumps into a TCA_STATS2 nest, as
 * net/core/gen_stats.c does, with the legacy TCA_STATS/TCA_XSTATS copies
 * of the compat mode that tc_fill_qdisc() asks for.
 */
#include <linux/kernel.h>
#include <linux/skbuff.h>
#include <net/netlink.h>
#include <net/gen_stats.h>

void gnet_stats_basic_sync_init(struct gnet_stats_basic_sync *b)
{
	u64_stats_set(&b->bytes, 0);
	u64_stats_set(&b->packets, 0);
	u64_stats_init(&b->syncp);
}

static int stats_put(struct gnet_dump *d, int type, void *buf, int size,
		     int padattr)
{
	if (nla_put_64bit(d->skb, type, size, buf, padattr))
		goto nla_put_failure;
	return 0;

nla_put_failure:
	kfree(d->xstats);
	d->xstats = NULL;
	d->xstats_len = 0;
	return -1;
}

int gnet_stats_start_copy_compat(struct sk_buff *skb, int type,
				 int tc_stats_type, int xstats_type,
				 spinlock_t *lock, struct gnet_dump *d,
				 int padattr)
{
	memset(d, 0, sizeof(*d));
	d->compat_tc_stats = tc_stats_type;
	d->compat_xstats = xstats_type;
	d->lock = lock;
	d->skb = skb;
	d->padattr = padattr;
	if (type) {
		d->tail = (struct nlattr *)skb_tail_pointer(skb);
		if (stats_put(d, type, NULL, 0, padattr) < 0)
			return -1;
	}
	return 0;
}

int gnet_stats_start_copy(struct sk_buff *skb, int type, spinlock_t *lock,
			  struct gnet_dump *d, int padattr)
{
	return gnet_stats_start_copy_compat(skb, type, 0, 0, lock, d, padattr);
}

void gnet_stats_add_basic(struct gnet_stats_basic_sync *bstats,
			  __gnet_stats_src struct gnet_stats_basic_sync __percpu *cpu,
			  __gnet_stats_src struct gnet_stats_basic_sync *b,
			  bool running)
{
	const struct gnet_stats_basic_sync *src = cpu ? cpu : b;

	u64_stats_add(&bstats->bytes, u64_stats_read(&src->bytes));
	u64_stats_add(&bstats->packets, u64_stats_read(&src->packets));
}

/* basic stats as type (TCA_STATS_BASIC, or _HW for the hardware's) */
static int stats_copy_basic(struct gnet_dump *d,
			    __gnet_stats_src struct gnet_stats_basic_sync __percpu *cpu,
			    __gnet_stats_src struct gnet_stats_basic_sync *b,
			    int type, bool running)
{
	u64 bstats_bytes, bstats_packets;
	struct gnet_stats_basic_sync bstats;

	gnet_stats_basic_sync_init(&bstats);
	gnet_stats_add_basic(&bstats, cpu, b, running);
	bstats_bytes = u64_stats_read(&bstats.bytes);
	bstats_packets = u64_stats_read(&bstats.packets);

	if (d->compat_tc_stats && type == TCA_STATS_BASIC) {
		d->tc_stats.bytes = bstats_bytes;
		d->tc_stats.packets = bstats_packets;
	}
	if (d->tail) {
		struct gnet_stats_basic sb;
		int res;

		memset(&sb, 0, sizeof(sb));
		sb.bytes = bstats_bytes;
		sb.packets = bstats_packets;
		res = stats_put(d, type, &sb, sizeof(sb), TCA_STATS_PAD);
		if (res < 0 || sb.packets == bstats_packets)
			return res;
		return stats_put(d, TCA_STATS_PKT64, &bstats_packets,
				 sizeof(bstats_packets), TCA_STATS_PAD);
	}
	return 0;
}

int gnet_stats_copy_basic(struct gnet_dump *d,
			  __gnet_stats_src struct gnet_stats_basic_sync __percpu *cpu,
			  __gnet_stats_src struct gnet_stats_basic_sync *b,
			  bool running)
{
	return stats_copy_basic(d, cpu, b, TCA_STATS_BASIC, running);
}

int gnet_stats_copy_basic_hw(struct gnet_dump *d,
			     __gnet_stats_src struct gnet_stats_basic_sync __percpu *cpu,
			     __gnet_stats_src struct gnet_stats_basic_sync *b,
			     bool running)
{
	return stats_copy_basic(d, cpu, b, TCA_STATS_BASIC_HW, running);
}

void gnet_stats_add_queue(struct gnet_stats_queue *qstats,
			  const struct gnet_stats_queue __percpu *cpu,
			  const struct gnet_stats_queue *q)
{
	const struct gnet_stats_queue *src = cpu ? cpu : q;

	qstats->qlen += src->qlen;
	qstats->backlog += src->backlog;
	qstats->drops += src->drops;
	qstats->requeues += src->requeues;
	qstats->overlimits += src->overlimits;
}

int gnet_stats_copy_queue(struct gnet_dump *d,
			  __gnet_stats_src struct gnet_stats_queue __percpu *cpu_q,
			  __gnet_stats_src struct gnet_stats_queue *q, __u32 qlen)
{
	struct gnet_stats_queue qstats = { 0 };

	gnet_stats_add_queue(&qstats, cpu_q, q);
	qstats.qlen = qlen;

	if (d->compat_tc_stats) {
		d->tc_stats.drops = qstats.drops;
		d->tc_stats.qlen = qstats.qlen;
		d->tc_stats.backlog = qstats.backlog;
		d->tc_stats.overlimits = qstats.overlimits;
	}
	if (d->tail)
		return stats_put(d, TCA_STATS_QUEUE, &qstats, sizeof(qstats),
				 TCA_STATS_PAD);
	return 0;
}

int gnet_stats_copy_app(struct gnet_dump *d, void *st, int len)
{
	if (d->compat_xstats) {
		d->xstats = kmemdup(st, len, GFP_ATOMIC);
		if (!d->xstats)
			goto err_out;
		d->xstats_len = len;
	}
	if (d->tail)
		return stats_put(d, TCA_STATS_APP, st, len, TCA_STATS_PAD);
	return 0;

err_out:
	d->xstats_len = 0;
	return -1;
}

int gnet_stats_finish_copy(struct gnet_dump *d)
{
	if (d->tail)
		d->tail->nla_len = skb_tail_pointer(d->skb) - (u8 *)d->tail;
	if (d->compat_tc_stats &&
	    stats_put(d, d->compat_tc_stats, &d->tc_stats, sizeof(d->tc_stats),
		      d->padattr) < 0)
		return -1;
	if (d->compat_xstats && d->xstats &&
	    stats_put(d, d->compat_xstats, d->xstats, d->xstats_len,
		      d->padattr) < 0)
		return -1;
	kfree(d->xstats);
	d->xstats = NULL;
	d->xstats_len = 0;
	return 0;
}

/* ---- rate estimators (validated, never run) ------------------------------ */

int gen_new_estimator(struct gnet_stats_basic_sync *bstats,
		      struct gnet_stats_basic_sync __percpu *cpu_bstats,
		      struct net_rate_estimator __rcu **rate_est,
		      spinlock_t *lock, bool running, struct nlattr *opt)
{
	const struct tc_estimator *parm = nla_data(opt);

	if (nla_len(opt) < sizeof(*parm))
		return -EINVAL;
	/* allowed timer periods are 250ms to 8s, as in the kernel */
	if (parm->interval < -2 || parm->interval > 3)
		return -EINVAL;
	if (parm->ewma_log == 0 || parm->ewma_log >= 31)
		return -EINVAL;
	return 0;
}

void gen_kill_estimator(struct net_rate_estimator __rcu **ptr)
{
}

int gen_replace_estimator(struct gnet_stats_basic_sync *bstats,
			  struct gnet_stats_basic_sync __percpu *cpu_bstats,
			  struct net_rate_estimator __rcu **rate_est,
			  spinlock_t *lock, bool running, struct nlattr *opt)
{
	return gen_new_estimator(bstats, cpu_bstats, rate_est, lock, running,
				 opt);
}

bool gen_estimator_active(struct net_rate_estimator __rcu **ptr)
{
	return false;
}

bool gen_estimator_read(struct net_rate_estimator __rcu **ptr,
			struct gnet_stats_rate_est64 *sample)
{
	return false;
}

int gnet_stats_copy_rate_est(struct gnet_dump *d,
			     struct net_rate_estimator __rcu **rate_est)
{
	return 0;
}
