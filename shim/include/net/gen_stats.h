/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gnet_dump: the statistics dump. The shim's dumper writes into an skb
 * like the kernel's TCA_STATS2 nest; the api reads the TCA_STATS_APP blob
 * back out (shim/lib/gen_stats.c).
 */
#ifndef __NET_GEN_STATS_H
#define __NET_GEN_STATS_H

#include <linux/gen_stats.h>
#include <linux/socket.h>
#include <linux/rtnetlink.h>
#include <linux/pkt_sched.h>
#include <linux/u64_stats_sync.h>
#include <linux/spinlock.h>
#include <linux/version.h>

struct gnet_stats_basic_sync {
	u64_stats_t bytes;
	u64_stats_t packets;
	struct u64_stats_sync syncp;
} __aligned(2 * sizeof(u64));

struct net_rate_estimator;

struct gnet_dump {
	spinlock_t *      lock;
	struct sk_buff *  skb;
	struct nlattr *   tail;
	int               compat_tc_stats;
	int               compat_xstats;
	int               padattr;
	void *            xstats;
	int               xstats_len;
	struct tc_stats   tc_stats;
};

/*
 * 7.x reads the counters it sums through const pointers (callers such as
 * its sch_mq.c pass const stats); 6.1 and 6.12 take them plain. The
 * shim's one implementation (lib/gen_stats.c) spells each series' own
 * prototype with this qualifier.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define __gnet_stats_src const
#else
#define __gnet_stats_src
#endif

void gnet_stats_basic_sync_init(struct gnet_stats_basic_sync *b);
int gnet_stats_start_copy(struct sk_buff *skb, int type, spinlock_t *lock,
			  struct gnet_dump *d, int padattr);
int gnet_stats_start_copy_compat(struct sk_buff *skb, int type,
				 int tc_stats_type, int xstats_type,
				 spinlock_t *lock, struct gnet_dump *d,
				 int padattr);
int gnet_stats_copy_basic(struct gnet_dump *d,
			  __gnet_stats_src struct gnet_stats_basic_sync __percpu *cpu,
			  __gnet_stats_src struct gnet_stats_basic_sync *b,
			  bool running);
int gnet_stats_copy_basic_hw(struct gnet_dump *d,
			     __gnet_stats_src struct gnet_stats_basic_sync __percpu *cpu,
			     __gnet_stats_src struct gnet_stats_basic_sync *b,
			     bool running);
void gnet_stats_add_basic(struct gnet_stats_basic_sync *bstats,
			  __gnet_stats_src struct gnet_stats_basic_sync __percpu *cpu,
			  __gnet_stats_src struct gnet_stats_basic_sync *b,
			  bool running);
int gnet_stats_copy_queue(struct gnet_dump *d,
			  __gnet_stats_src struct gnet_stats_queue __percpu *cpu_q,
			  __gnet_stats_src struct gnet_stats_queue *q, __u32 qlen);
void gnet_stats_add_queue(struct gnet_stats_queue *qstats,
			  const struct gnet_stats_queue __percpu *cpu_q,
			  const struct gnet_stats_queue *q);
int gnet_stats_copy_app(struct gnet_dump *d, void *st, int len);
int gnet_stats_finish_copy(struct gnet_dump *d);

/*
 * Rate estimators: the options are validated as the kernel does, but no
 * estimator runs (it only feeds the rate shown by `tc -s`): reads report
 * none, as before its first interval.
 */
int gen_new_estimator(struct gnet_stats_basic_sync *bstats,
		      struct gnet_stats_basic_sync __percpu *cpu_bstats,
		      struct net_rate_estimator __rcu **rate_est,
		      spinlock_t *lock,
		      bool running, struct nlattr *opt);
void gen_kill_estimator(struct net_rate_estimator __rcu **ptr);
int gen_replace_estimator(struct gnet_stats_basic_sync *bstats,
			  struct gnet_stats_basic_sync __percpu *cpu_bstats,
			  struct net_rate_estimator __rcu **ptr,
			  spinlock_t *lock,
			  bool running, struct nlattr *opt);
bool gen_estimator_active(struct net_rate_estimator __rcu **ptr);
bool gen_estimator_read(struct net_rate_estimator __rcu **ptr,
			struct gnet_stats_rate_est64 *sample);
int gnet_stats_copy_rate_est(struct gnet_dump *d,
			     struct net_rate_estimator __rcu **ptr);

#endif
