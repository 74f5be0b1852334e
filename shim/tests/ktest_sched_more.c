// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_sched_more.c - more of net/sch_generic.h, net/pkt_sched.h and
 * net/pkt_cls.h: running a qdisc, reference counts, size tables, the
 * device's queues, mini qdiscs, binding filters to classes.
 */
#include <linux/kernel.h>
#include <linux/skbuff.h>
#include <linux/netdevice.h>
#include <net/sch_generic.h>
#include <net/pkt_sched.h>
#include <net/pkt_cls.h>

#include "ktest.h"
#include "shim.h"

KTEST(schedmore, run_begin_end)
{
	struct Qdisc *sch = qdk_test_qdisc("pfifo");

	KT_ASSERT(sch, "pfifo");
	KT_ASSERT(!qdisc_is_running(sch), "idle");
	KT_ASSERT(qdisc_run_begin(sch), "begin");
	KT_ASSERT(qdisc_is_running(sch), "running");
	KT_ASSERT(!qdisc_run_begin(sch), "only one run");
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	KT_ASSERT(qdisc_run_end(sch) == NULL, "nothing dropped");
#else
	qdisc_run_end(sch);
#endif
	KT_ASSERT(!qdisc_is_running(sch), "ended");
	KT_ASSERT(nolock_qdisc_is_empty(sch), "no MISSED/DRAINING");
	set_bit(__QDISC_STATE_MISSED, &sch->state);
	KT_ASSERT(!nolock_qdisc_is_empty(sch), "MISSED");
	clear_bit(__QDISC_STATE_MISSED, &sch->state);
	KT_ASSERT(!qdisc_may_bulk(sch) || (sch->flags & TCQ_F_ONETXQUEUE), "bulk");
	KT_ASSERT(qdisc_refcount_inc_nz(sch) == sch, "inc_nz");
	KT_ASSERT(!qdisc_refcount_dec_if_one(sch), "two references");
	refcount_dec(&sch->refcnt);
	KT_ASSERT(qdisc_refcount_inc_nz(&noop_qdisc) == &noop_qdisc, "builtin");
	KT_ASSERT(qdisc_refcount_dec_if_one(&noop_qdisc), "builtin");
	qdk_test_qdisc_put(sch);
	return 0;
}

KTEST(schedmore, device_queues)
{
	struct Qdisc *sch = qdk_test_qdisc("pfifo");
	struct net_device *dev = qdisc_dev(sch);
	struct sk_buff *to_free = NULL;
	struct sk_buff *skb = alloc_skb(64, GFP_KERNEL);

	skb_put(skb, 60);
	KT_ASSERT(!qdisc_tx_is_noop(dev), "a real qdisc");
	KT_ASSERT(!qdisc_tx_changing(dev), "not changing");
	KT_ASSERT(qdisc_all_tx_empty(dev), "empty");
	qdk_qdisc_pkt_len_init(skb, skb->len);
	KT_EQ(sch->enqueue(skb, sch, &to_free), NET_XMIT_SUCCESS);
	KT_ASSERT(!qdisc_all_tx_empty(dev), "holds a packet");
	rtnl_lock();
	dev_reset_queue(dev, netdev_get_tx_queue(dev, 0), NULL);
	KT_ASSERT(qdisc_all_tx_empty(dev), "reset");
	qdisc_reset_all_tx_gt(dev, 0);
	rtnl_unlock();
	KT_EQ(qdisc_avail_bulklimit(netdev_get_tx_queue(dev, 0)), 0);
	KT_EQ(tc_classid_to_hwtc(dev, TC_H_MAKE(0x80010000, TC_H_MIN_PRIORITY)),
	      -EINVAL);	/* no traffic classes */
	qdk_test_qdisc_put(sch);
	return 0;
}

KTEST(schedmore, size_table)
{
	struct qdisc_size_table *stab = kzalloc(sizeof(*stab) + 4 * sizeof(u16),
						GFP_KERNEL);
	struct Qdisc *sch = qdk_test_qdisc("pfifo");
	struct sk_buff *skb = alloc_skb(400, GFP_KERNEL);

	INIT_LIST_HEAD(&stab->list);
	stab->refcnt = 1;
	stab->szopts.overhead = 10;
	stab->szopts.cell_log = 6;
	stab->szopts.cell_align = -1;
	stab->szopts.tsize = 4;
	stab->data[0] = 64;
	stab->data[1] = 128;
	stab->data[2] = 192;
	stab->data[3] = 256;
	rcu_assign_pointer(sch->stab, stab);
	skb_put(skb, 100);
	qdisc_calculate_pkt_len(skb, sch);
	KT_EQ(qdisc_pkt_len(skb), 128);		/* (110 - 1) >> 6 = cell 1 */
	skb_put(skb, 200);
	qdisc_calculate_pkt_len(skb, sch);
	KT_EQ(qdisc_pkt_len(skb), 256 + 64);	/* cell 4: one table and cell 0 */
	stab->szopts.size_log = 1;
	qdisc_calculate_pkt_len(skb, sch);
	KT_EQ(qdisc_pkt_len(skb), 640);
	stab->szopts.tsize = 0;
	stab->szopts.overhead = -400;
	qdisc_calculate_pkt_len(skb, sch);
	KT_EQ(qdisc_pkt_len(skb), 1);		/* never below 1 */
	RCU_INIT_POINTER(sch->stab, NULL);
	qdisc_put_stab(stab);
	kfree_skb(skb);
	qdk_test_qdisc_put(sch);
	return 0;
}

KTEST(schedmore, skb_tc_bits)
{
	struct sk_buff *skb = alloc_skb(64, GFP_KERNEL);

	skb->tc_skip_classify = 1;
	KT_ASSERT(skb_skip_tc_classify(skb), "skip once");
	KT_ASSERT(!skb_skip_tc_classify(skb), "then not");
	KT_ASSERT(!skb_at_tc_ingress(skb), "egress");
	skb->tc_at_ingress = 1;
	KT_ASSERT(skb_at_tc_ingress(skb), "ingress");
	skb->tstamp = 5;
	skb_txtime_consumed(skb);
	KT_EQ(skb->tstamp, 0);
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	tcf_set_drop_reason(skb, SKB_DROP_REASON_QDISC_DROP);
	KT_EQ(tcf_get_drop_reason(skb), SKB_DROP_REASON_QDISC_DROP);
	KT_EQ(tc_skb_cb(skb)->drop_reason, SKB_DROP_REASON_QDISC_DROP);
#endif
	kfree_skb(skb);
	return 0;
}

static unsigned int test_binds, test_unbinds;

static unsigned long test_bind(struct Qdisc *sch, unsigned long parent, u32 classid)
{
	test_binds++;
	return TC_H_MIN(classid);
}

static void test_unbind(struct Qdisc *sch, unsigned long cl)
{
	test_unbinds++;
}

static const struct Qdisc_class_ops test_cl_ops = {
	.bind_tcf = test_bind,
	.unbind_tcf = test_unbind,
};

static const struct Qdisc_ops test_ops = {
	.cl_ops = &test_cl_ops,
};

static struct tcf_proto *test_head;

static void test_head_change(struct tcf_proto *tp_head, void *priv)
{
	test_head = tp_head;
}

KTEST(schedmore, bind_filters_and_miniq)
{
	struct netdev_queue txq = {};
	struct Qdisc q = { .ops = &test_ops, .handle = 0x10000, .dev_queue = &txq };
	struct tcf_block block = { .q = &q };
	struct tcf_proto tp = { .chain = &block.chain0 };
	struct tcf_result r = { .classid = TC_H_MAKE(0x10000, 3) };
	struct mini_Qdisc_pair pair;
	struct mini_Qdisc __rcu *miniq = NULL;
	tcf_chain_head_change_t *change = test_head_change;

	/* binding takes the tree lock, the root's: a control path's, under RTNL */
	txq.qdisc_sleeping = &q;
	spin_lock_init(&q.q.lock);
	rtnl_lock();
	block.chain0.block = &block;
	tcf_bind_filter(&tp, &r, 0);
	KT_EQ(r.class, 3);
	KT_EQ(test_binds, 1);
	tcf_bind_filter(&tp, &r, 0);		/* rebinding unbinds the old */
	KT_EQ(test_unbinds, 1);
	tc_cls_bind_class(TC_H_MAKE(0x10000, 3), 0, &q, &r, 0);
	KT_EQ(r.class, 0);
	KT_EQ(test_unbinds, 2);
	tc_cls_bind_class(TC_H_MAKE(0x10000, 4), 4, &q, &r, 0);	/* not ours */
	KT_EQ(r.class, 0);
	tcf_unbind_filter(&tp, &r);		/* nothing bound: nothing to do */
	KT_EQ(test_unbinds, 2);
	KT_EQ(__cls_set_class(&r.class, 9), 0);
	KT_EQ(r.class, 9);
	rtnl_unlock();

	mini_qdisc_pair_init(&pair, &q, &miniq);
	mini_qdisc_pair_block_init(&pair, &block);
	mini_qdisc_pair_swap(&pair, &tp);
	KT_ASSERT(miniq == &pair.miniq1 && miniq->filter_list == &tp, "first");
	KT_ASSERT(miniq->block == &block, "block");
	mini_qdisc_pair_swap(&pair, &tp);
	KT_ASSERT(miniq == &pair.miniq2, "swapped");
	mini_qdisc_pair_swap(&pair, NULL);
	KT_ASSERT(miniq == NULL, "no filters");
	change(&tp, NULL);
	KT_ASSERT(test_head == &tp, "head change callback type");
	KT_ASSERT(tcf_chain_dereference(block.chain0.filter_chain, &block.chain0) == NULL,
		  "chain deref");
	return 0;
}

KTEST(schedmore, cls_flags_and_offsets)
{
	struct sk_buff *skb = alloc_skb(128, GFP_KERNEL);
	struct tcf_walker w = { .skip = 1 };

	KT_ASSERT(tc_flags_valid(0), "none");
	KT_ASSERT(tc_flags_valid(TCA_CLS_FLAGS_SKIP_HW), "skip hw");
	KT_ASSERT(!tc_flags_valid(TCA_CLS_FLAGS_SKIP_HW | TCA_CLS_FLAGS_SKIP_SW),
		  "both skips");
	KT_ASSERT(!tc_flags_valid(1 << 10), "unknown flag");
	KT_ASSERT(tc_skip_sw(TCA_CLS_FLAGS_SKIP_SW) && !tc_skip_hw(0), "skips");
	KT_ASSERT(tc_in_hw(TCA_CLS_FLAGS_IN_HW), "in hw");
	skb_reserve(skb, 16);
	skb_put(skb, 40);
	skb_reset_mac_header(skb);
	skb_set_network_header(skb, 14);
	skb_set_transport_header(skb, 34);
	KT_ASSERT(tcf_get_base_ptr(skb, TCF_LAYER_NETWORK) == skb->data + 14, "nh");
	KT_ASSERT(tcf_get_base_ptr(skb, TCF_LAYER_TRANSPORT) == skb->data + 34, "th");
	KT_ASSERT(tcf_valid_offset(skb, skb->data + 34, 6), "in");
	KT_ASSERT(!tcf_valid_offset(skb, skb->data + 34, 7), "past tail");
	KT_ASSERT(!tcf_valid_offset(skb, skb->head - 1, 2), "before head");
	w.fn = NULL;
	KT_ASSERT(tc_cls_stats_dump(NULL, &w, NULL), "skipped");
	KT_EQ(w.count, 1);
	kfree_skb(skb);
	KT_EQ(TC_ACT_CONSUMED, TC_ACT_VALUE_MAX + 1);
	return 0;
}

/* a classifier's attributes with an action list and a police attribute */
enum { KT_UNSPEC, KT_ACT, KT_POLICE, __KT_MAX };

KTEST(schedmore, exts_without_actions)
{
	long base = qdk_test_mem_objects();
	struct netlink_ext_ack ext = { 0 };
	struct nlattr *tb[__KT_MAX] = { NULL };
	struct sk_buff *m = alloc_skb(512, GFP_KERNEL);
	struct tcf_exts exts, exts2;
	struct nlattr *list, *act;
	struct tc_action *a;
	int i, n = 0;

	KT_EQ(tcf_exts_init(&exts, NULL, KT_ACT, KT_POLICE), 0);
	KT_ASSERT(!tcf_exts_has_actions(&exts), "none yet");
	KT_EQ(tcf_exts_validate(NULL, NULL, tb, NULL, &exts, 0, &ext), 0);
	/* an empty action list: nothing to load */
	list = nla_nest_start_noflag(m, KT_ACT);
	nla_nest_end(m, list);
	tb[KT_ACT] = list;
	KT_EQ(tcf_exts_validate(NULL, NULL, tb, NULL, &exts, 0, &ext), 0);
	KT_EQ(tcf_exts_num_actions(&exts), 0);
	/* an action without kind, then one whose module cannot be loaded */
	list = nla_nest_start_noflag(m, KT_ACT);
	act = nla_nest_start_noflag(m, 1);
	nla_put_u32(m, TCA_ACT_INDEX, 1);
	nla_nest_end(m, act);
	nla_nest_end(m, list);
	tb[KT_ACT] = list;
	KT_EQ(tcf_exts_validate(NULL, NULL, tb, NULL, &exts, 0, &ext), -EINVAL);
	KT_STREQ(ext._msg, "TC action kind must be specified");
	list = nla_nest_start_noflag(m, KT_ACT);
	act = nla_nest_start_noflag(m, 1);
	nla_put_string(m, TCA_ACT_KIND, "gact");
	nla_nest_end(m, act);
	nla_nest_end(m, list);
	tb[KT_ACT] = list;
	KT_EQ(tcf_exts_validate(NULL, NULL, tb, NULL, &exts, 0, &ext), -ENOENT);
	KT_STREQ(ext._msg, "Failed to load TC action module");
	tb[KT_ACT] = NULL;
	tb[KT_POLICE] = list;
	ext._msg = NULL;
	KT_EQ(tcf_exts_validate_ex(NULL, NULL, tb, NULL, &exts, 0, 0, &ext), -ENOENT);
	KT_STREQ(ext._msg, "Failed to load TC action module");
	tcf_exts_for_each_action(i, a, &exts)
		n++;
	KT_EQ(n, 0);
	KT_EQ(tcf_exts_exec(m, &exts, NULL), TC_ACT_OK);
	KT_EQ(tcf_exts_dump(m, &exts), 0);
	KT_EQ(tcf_exts_terse_dump(m, &exts), 0);
	KT_EQ(tcf_exts_dump_stats(m, &exts), 0);
	KT_ASSERT(!tcf_exts_get_net(&exts), "no net given");
	tcf_exts_put_net(&exts);
	/* change: the new extensions in, the old ones destroyed */
	KT_EQ(tcf_exts_init(&exts2, NULL, KT_ACT, 0), 0);
	tcf_exts_change(&exts, &exts2);
	KT_EQ(exts.police, 0);
	tcf_exts_destroy(&exts);
	kfree_skb(m);
	KT_EQ(qdk_test_mem_objects(), base);
	return 0;
}

KTEST(schedmore, action_times_and_flags)
{
	struct tcf_t tm = { 0 }, d;

	tm.install = jiffies;
	tcf_lastuse_update(&tm);
	KT_EQ(tm.lastuse, jiffies);
	KT_EQ(tm.firstuse, jiffies);
	tcf_tm_dump(&d, &tm);
	KT_EQ(d.install, 0);
	KT_EQ(d.lastuse, 0);
	KT_EQ(TCA_ACT_FLAGS_BIND, 1U << 17);
	KT_EQ(TCA_ACT_HW_STATS_ANY, TCA_ACT_HW_STATS_IMMEDIATE | TCA_ACT_HW_STATS_DELAYED);
	KT_EQ(ACT_P_CREATED, 1);
	return 0;
}

KTEST(schedmore, stats_copy_basic_hw)
{
	struct sk_buff *skb = alloc_skb(256, GFP_KERNEL);
	struct gnet_stats_basic_sync b;
	struct gnet_dump d;
	struct nlattr *tb[TCA_STATS_MAX + 1];
	struct gnet_stats_basic *sb;

	gnet_stats_basic_sync_init(&b);
	u64_stats_add(&b.bytes, 1000);
	u64_stats_add(&b.packets, 10);
	KT_EQ(gnet_stats_start_copy(skb, TCA_STATS2, NULL, &d, TCA_STATS_PAD), 0);
	KT_EQ(gnet_stats_copy_basic_hw(&d, NULL, &b, false), 0);
	KT_EQ(gnet_stats_finish_copy(&d), 0);
	KT_EQ(nla_parse_nested_deprecated(tb, TCA_STATS_MAX,
					  (struct nlattr *)skb->data, NULL, NULL), 0);
	KT_ASSERT(tb[TCA_STATS_BASIC_HW] && !tb[TCA_STATS_BASIC], "the hw type");
	sb = nla_data(tb[TCA_STATS_BASIC_HW]);
	KT_EQ(sb->bytes, 1000);
	KT_EQ(sb->packets, 10);
	kfree_skb(skb);
	return 0;
}

KTEST(schedmore, shared_blocks_and_offload_types)
{
	struct Qdisc *sch = qdk_test_qdisc("pfifo");
	struct tcf_proto __rcu *filter_list;
	struct tcf_block *block;
	struct tcf_qevent qe = { 0 };
	struct sk_buff *m = alloc_skb(64, GFP_KERNEL);
	struct nlattr *attr;
	struct tc_cls_u32_knode kn = { .handle = 0x800 };
	struct tc_root_qopt_offload root = { .command = TC_ROOT_GRAFT };

	KT_EQ(tcf_block_get(&block, &filter_list, sch, NULL), 0);
	KT_ASSERT(!tcf_block_shared(block), "the qdisc's own");
	KT_ASSERT(!tcf_block_non_null_shared(NULL), "none");
	tcf_block_put(block);
	nla_put_u32(m, 1, 7);
	attr = (struct nlattr *)m->data;
	rtnl_lock();
	KT_EQ(tcf_qevent_init(&qe, sch, FLOW_BLOCK_BINDER_TYPE_RED_EARLY_DROP,
			      attr, NULL), 0);
	KT_ASSERT(tcf_block_shared(qe.block) && tcf_block_non_null_shared(qe.block),
		  "a qevent's block is shared, by index");
	tcf_qevent_destroy(&qe, sch);
	rtnl_unlock();
	KT_EQ(kn.handle, 0x800);
	KT_EQ(root.command, TC_ROOT_GRAFT);
	KT_EQ(TC_CLSU32_DELETE_HNODE, 5);
	KT_EQ(TC_CLSMATCHALL_STATS, 2);
	KT_EQ(TC_CLSBPF_STATS, 1);
	kfree_skb(m);
	qdk_test_qdisc_put(sch);
	return 0;
}

/* an ematch kind: the packet's mark equals the match's value */
static int kt_em_mark(struct sk_buff *skb, struct tcf_ematch *em,
		      struct tcf_pkt_info *info)
{
	return skb->mark == em->data;
}

static struct tcf_ematch_ops kt_em_ops = {
	.kind = 200,
	.match = kt_em_mark,
};

static void kt_put_em(struct sk_buff *m, int n, u16 kind, u16 flags, u32 val)
{
	struct {
		struct tcf_ematch_hdr hdr;
		u32 val;
	} e = { .hdr = { .matchid = n, .kind = kind, .flags = flags }, .val = val };

	nla_put(m, n, sizeof(e), &e);
}

static struct nlattr *kt_em_tree(struct sk_buff *m, u16 kind, u16 cflags)
{
	struct tcf_ematch_tree_hdr th = { .nmatches = 3 };
	struct nlattr *tree = nla_nest_start_noflag(m, 1), *list;

	nla_put(m, TCA_EMATCH_TREE_HDR, sizeof(th), &th);
	list = nla_nest_start_noflag(m, TCA_EMATCH_TREE_LIST);
	/* (mark == 5 OR mark == 7), through a container */
	kt_put_em(m, 1, TCF_EM_CONTAINER, TCF_EM_REL_END | cflags, 1);
	kt_put_em(m, 2, kind, TCF_EM_SIMPLE | TCF_EM_REL_OR, 5);
	kt_put_em(m, 3, kind, TCF_EM_SIMPLE | TCF_EM_REL_END, 7);
	nla_nest_end(m, list);
	nla_nest_end(m, tree);
	return tree;
}

KTEST(schedmore, ematch_trees)
{
	long base = qdk_test_mem_objects();
	struct Qdisc *sch = qdk_test_qdisc("pfifo");
	struct tcf_proto __rcu *filter_list;
	struct tcf_block *block;
	struct sk_buff *m = alloc_skb(1024, GFP_KERNEL);
	struct sk_buff *pkt = alloc_skb(64, GFP_KERNEL);
	struct tcf_ematch_tree tree, tree2;
	struct tcf_proto tp = { 0 };
	struct nlattr *nla;

	KT_EQ(tcf_block_get(&block, &filter_list, sch, NULL), 0);
	tp.chain = &block->chain0;
	KT_EQ(tcf_em_register(&kt_em_ops), 0);
	KT_EQ(tcf_em_register(&kt_em_ops), -EEXIST);
	nla = kt_em_tree(m, 200, 0);
	KT_EQ(tcf_em_tree_validate(&tp, nla, &tree), 0);
	KT_EQ(tree.hdr.nmatches, 3);
	pkt->mark = 5;
	KT_EQ(tcf_em_tree_match(pkt, &tree, NULL), 1);
	pkt->mark = 7;
	KT_EQ(tcf_em_tree_match(pkt, &tree, NULL), 1);
	pkt->mark = 9;
	KT_EQ(tcf_em_tree_match(pkt, &tree, NULL), 0);
	/* dumped and read back: the same tree */
	skb_trim(m, 0);
	KT_EQ(tcf_em_tree_dump(m, &tree, 1), 0);
	KT_EQ(tcf_em_tree_validate(&tp, (struct nlattr *)m->data, &tree2), 0);
	KT_EQ(tcf_em_tree_match(pkt, &tree2, NULL), 0);
	pkt->mark = 7;
	KT_EQ(tcf_em_tree_match(pkt, &tree2, NULL), 1);
	tcf_em_tree_destroy(&tree2);
	tcf_em_tree_destroy(&tree);
	/* an inverted container */
	skb_trim(m, 0);
	nla = kt_em_tree(m, 200, TCF_EM_INVERT);
	KT_EQ(tcf_em_tree_validate(&tp, nla, &tree), 0);
	KT_EQ(tcf_em_tree_match(pkt, &tree, NULL), 0);
	tcf_em_tree_destroy(&tree);
	/* no module of the kind: -ENOENT, nothing kept */
	skb_trim(m, 0);
	nla = kt_em_tree(m, 201, 0);
	KT_EQ(tcf_em_tree_validate(&tp, nla, &tree), -ENOENT);
	KT_ASSERT(tree.matches == NULL, "aborted");
	/* an empty tree matches everything */
	KT_EQ(tcf_em_tree_validate(&tp, NULL, &tree), 0);
	KT_EQ(tcf_em_tree_match(pkt, &tree, NULL), 1);
	tcf_em_unregister(&kt_em_ops);
	tcf_block_put(block);
	kfree_skb(m);
	kfree_skb(pkt);
	qdk_test_qdisc_put(sch);
	KT_EQ(qdk_test_mem_objects(), base);
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
KTEST(schedmore, helpers_6_12)
{
	struct Qdisc *sch = qdk_test_qdisc("pfifo");
	struct mini_Qdisc_pair pair = { 0 };
	struct mini_Qdisc __rcu *miniq = NULL;
	struct gnet_stats_queue qs = { 0 };
	struct sk_buff *skb = alloc_skb(64, GFP_KERNEL);

	KT_ASSERT(!qdisc_txq_has_no_queue(netdev_get_tx_queue(qdisc_dev(sch), 0)),
		  "pfifo queues");
	KT_ASSERT(!mini_qdisc_pair_inited(&pair), "not yet");
	mini_qdisc_pair_init(&pair, sch, &miniq);
	KT_ASSERT(mini_qdisc_pair_inited(&pair), "inited");
	qstats_cpu_drop_inc(&qs);
	KT_EQ(qs.drops, 1);
	KT_ASSERT(!skb_at_tc_egress(skb), "not at egress");
	skb->nf_skip_egress = 1;
	KT_ASSERT(skb_at_tc_egress(skb), "at egress");
	KT_STREQ(NET_SCH_ALIAS_PREFIX, "net-sch-");
	kfree_skb(skb);
	qdk_test_qdisc_put(sch);
	return 0;
}
#endif
