// SPDX-License-Identifier: GPL-2.0
/*
 * ematch.c - extended matches: the registry of ematch modules and the
 * trees a classifier builds from TCA_EMATCH_TREE (a header and a list of
 * matches, each one an ematch of a kind or a container jumping forward to
 * a sequence of its own), matched with the kernel's stack of containers,
 * early ends of AND/OR sequences and inversions. A kind with no module
 * registered is -ENOENT: the shim loads none on demand.
 */
#include <linux/kernel.h>
#include <linux/skbuff.h>
#include <linux/rtnetlink.h>
#include <net/netlink.h>
#include <net/pkt_cls.h>

#define EMATCH_STACK	32	/* CONFIG_NET_EMATCH_STACK */

static LIST_HEAD(ematch_ops);

static struct tcf_ematch_ops *tcf_em_lookup(u16 kind)
{
	struct tcf_ematch_ops *e;

	list_for_each_entry(e, &ematch_ops, link)
		if (kind == e->kind)
			return e;
	return NULL;
}

int tcf_em_register(struct tcf_ematch_ops *ops)
{
	struct tcf_ematch_ops *e;

	if (ops->match == NULL)
		return -EINVAL;
	list_for_each_entry(e, &ematch_ops, link)
		if (ops->kind == e->kind)
			return -EEXIST;
	list_add_tail(&ops->link, &ematch_ops);
	return 0;
}

void tcf_em_unregister(struct tcf_ematch_ops *ops)
{
	list_del(&ops->link);
}

static struct tcf_ematch *tcf_em_get_match(struct tcf_ematch_tree *tree, int index)
{
	return &tree->matches[index];
}

/* one match of the list, at idx: its kind's data, or a container's target */
static int tcf_em_validate(struct tcf_proto *tp,
			   struct tcf_ematch_tree_hdr *tree_hdr,
			   struct tcf_ematch *em, struct nlattr *nla, int idx)
{
	struct tcf_ematch_hdr *em_hdr = nla_data(nla);
	int data_len = nla_len(nla) - sizeof(*em_hdr);
	void *data = (void *)em_hdr + sizeof(*em_hdr);
	struct net *net = tp->chain->block->net;

	if (!TCF_EM_REL_VALID(em_hdr->flags))
		return -EINVAL;
	if (em_hdr->kind == TCF_EM_CONTAINER) {
		u32 ref;

		if (data_len < sizeof(ref))
			return -EINVAL;
		ref = *(u32 *)data;
		if (ref >= tree_hdr->nmatches)
			return -EINVAL;
		/* forward only: no loop, no jump to itself */
		if (ref <= idx)
			return -EINVAL;
		em->data = ref;
	} else {
		em->ops = tcf_em_lookup(em_hdr->kind);
		if (em->ops == NULL)
			return -ENOENT;
		if (em->ops->datalen && data_len < em->ops->datalen)
			return -EINVAL;
		if (em->ops->change) {
			int err;

			if (em_hdr->flags & TCF_EM_SIMPLE)
				return -EINVAL;
			err = em->ops->change(net, data, data_len, em);
			if (err < 0)
				return err;
		} else if (data_len > 0) {
			/* the data kept for the module: a u32 value, or a copy */
			if (em_hdr->flags & TCF_EM_SIMPLE) {
				if (em->ops->datalen > 0)
					return -EINVAL;
				if (data_len < sizeof(u32))
					return -EINVAL;
				em->data = *(u32 *)data;
			} else {
				void *v = kmemdup(data, data_len, GFP_KERNEL);

				if (v == NULL)
					return -ENOBUFS;
				em->data = (unsigned long)v;
			}
			em->datalen = data_len;
		}
	}
	em->matchid = em_hdr->matchid;
	em->flags = em_hdr->flags;
	em->net = net;
	return 0;
}

static const struct nla_policy em_policy[TCA_EMATCH_TREE_MAX + 1] = {
	[TCA_EMATCH_TREE_HDR]	= { .len = sizeof(struct tcf_ematch_tree_hdr) },
	[TCA_EMATCH_TREE_LIST]	= { .type = NLA_NESTED },
};

int tcf_em_tree_validate(struct tcf_proto *tp, struct nlattr *nla,
			 struct tcf_ematch_tree *tree)
{
	struct nlattr *tb[TCA_EMATCH_TREE_MAX + 1];
	struct nlattr *rt_match, *rt_hdr, *rt_list;
	struct tcf_ematch_tree_hdr *tree_hdr;
	int idx, list_len, err;

	memset(tree, 0, sizeof(*tree));
	if (!nla)
		return 0;
	err = nla_parse_nested_deprecated(tb, TCA_EMATCH_TREE_MAX, nla,
					  em_policy, NULL);
	if (err < 0)
		return err;
	rt_hdr = tb[TCA_EMATCH_TREE_HDR];
	rt_list = tb[TCA_EMATCH_TREE_LIST];
	if (rt_hdr == NULL || rt_list == NULL)
		return -EINVAL;
	tree_hdr = nla_data(rt_hdr);
	memcpy(&tree->hdr, tree_hdr, sizeof(*tree_hdr));
	rt_match = nla_data(rt_list);
	list_len = nla_len(rt_list);
	tree->matches = kzalloc(tree_hdr->nmatches * sizeof(struct tcf_ematch),
				GFP_KERNEL);
	if (tree->matches == NULL)
		return -EINVAL;
	/* the list's attributes are numbered 1 to n, in order */
	for (idx = 0; nla_ok(rt_match, list_len); idx++) {
		err = -EINVAL;
		if (rt_match->nla_type != (idx + 1))
			goto abort;
		if (idx >= tree_hdr->nmatches)
			goto abort;
		if (nla_len(rt_match) < sizeof(struct tcf_ematch_hdr))
			goto abort;
		err = tcf_em_validate(tp, tree_hdr, tcf_em_get_match(tree, idx),
				      rt_match, idx);
		if (err < 0)
			goto abort;
		rt_match = nla_next(rt_match, &list_len);
	}
	/* as many as the header said: containers' targets were checked on it */
	if (idx != tree_hdr->nmatches) {
		err = -EINVAL;
		goto abort;
	}
	return 0;
abort:
	tcf_em_tree_destroy(tree);
	return err;
}

void tcf_em_tree_destroy(struct tcf_ematch_tree *tree)
{
	int i;

	if (tree->matches == NULL)
		return;
	for (i = 0; i < tree->hdr.nmatches; i++) {
		struct tcf_ematch *em = tcf_em_get_match(tree, i);

		if (em->ops) {
			if (em->ops->destroy)
				em->ops->destroy(em);
			else if (!tcf_em_is_simple(em))
				kfree((void *)em->data);
		}
	}
	tree->hdr.nmatches = 0;
	kfree(tree->matches);
	tree->matches = NULL;
}

int tcf_em_tree_dump(struct sk_buff *skb, struct tcf_ematch_tree *tree, int tlv)
{
	struct nlattr *top_start, *list_start;
	u8 *tail;
	int i;

	top_start = nla_nest_start_noflag(skb, tlv);
	if (top_start == NULL)
		return -1;
	if (nla_put(skb, TCA_EMATCH_TREE_HDR, sizeof(tree->hdr), &tree->hdr))
		return -1;
	list_start = nla_nest_start_noflag(skb, TCA_EMATCH_TREE_LIST);
	if (list_start == NULL)
		return -1;
	tail = skb_tail_pointer(skb);
	for (i = 0; i < tree->hdr.nmatches; i++) {
		struct nlattr *match_start = (struct nlattr *)tail;
		struct tcf_ematch *em = tcf_em_get_match(tree, i);
		struct tcf_ematch_hdr em_hdr = {
			.kind = em->ops ? em->ops->kind : TCF_EM_CONTAINER,
			.matchid = em->matchid,
			.flags = em->flags
		};

		if (nla_put(skb, i + 1, sizeof(em_hdr), &em_hdr))
			return -1;
		if (em->ops && em->ops->dump) {
			if (em->ops->dump(skb, em) < 0)
				return -1;
		} else if (tcf_em_is_container(em) || tcf_em_is_simple(em)) {
			u32 u = em->data;

			nla_put_nohdr(skb, sizeof(u), &u);
		} else if (em->datalen > 0) {
			nla_put_nohdr(skb, em->datalen, (void *)em->data);
		}
		tail = skb_tail_pointer(skb);
		match_start->nla_len = tail - (u8 *)match_start;
	}
	nla_nest_end(skb, list_start);
	nla_nest_end(skb, top_start);
	return 0;
}

static int tcf_em_match(struct sk_buff *skb, struct tcf_ematch *em,
			struct tcf_pkt_info *info)
{
	int r = em->ops->match(skb, em, info);

	return tcf_em_is_inverted(em) ? !r : r;
}

/*
 * Walk the sequence from match 0; a container pushes where it is and
 * continues at its target, whose result is the container's (inverted if
 * it is) when its sequence ends.
 */
int __tcf_em_tree_match(struct sk_buff *skb, struct tcf_ematch_tree *tree,
			struct tcf_pkt_info *info)
{
	int stackp = 0, match_idx = 0, res = 0;
	int stack[EMATCH_STACK];
	struct tcf_ematch *cur_match;

proceed:
	while (match_idx < tree->hdr.nmatches) {
		cur_match = tcf_em_get_match(tree, match_idx);
		if (tcf_em_is_container(cur_match)) {
			if (unlikely(stackp >= EMATCH_STACK))
				goto stack_overflow;
			stack[stackp++] = match_idx;
			match_idx = cur_match->data;
			goto proceed;
		}
		res = tcf_em_match(skb, cur_match, info);
		if (tcf_em_early_end(cur_match, res))
			break;
		match_idx++;
	}
pop_stack:
	if (stackp > 0) {
		match_idx = stack[--stackp];
		cur_match = tcf_em_get_match(tree, match_idx);
		if (tcf_em_is_inverted(cur_match))
			res = !res;
		if (tcf_em_early_end(cur_match, res))
			goto pop_stack;
		match_idx++;
		goto proceed;
	}
	return res;

stack_overflow:
	pr_warn("tc ematch: local stack overflow, increase NET_EMATCH_STACK\n");
	return -1;
}
