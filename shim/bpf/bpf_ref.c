// SPDX-License-Identifier: GPL-2.0
/*
 * bpf_ref.c - the skb references a program's op holds, as the verifier
 * tracks them (its acquired references): the skb enqueue is given, and each
 * skb bpf_kptr_xchg() takes out of a kptr field. A reference ends when the
 * skb is stored again (bpf_kptr_xchg() into a field), dropped
 * (bpf_qdisc_skb_drop()), freed (bpf_kfree_skb()) or returned by dequeue.
 * One still held when the op returns is what the verifier refuses at load
 * ("Unreleased reference"): the runtime stops there, naming the line that
 * took it (exit 2). Where a reference ends, the skb is compared with its
 * copy from where it began (bpf_access.c): what the op may not write.
 *
 * Without BTF the runtime tells an skb from an object of the program's own
 * by the table of live objects (bpf_obj.c): a kptr field holds one or the
 * other.
 *
 * The program's own objects are tracked the same way: one bpf_obj_new()
 * allocates, bpf_refcount_acquire() takes, bpf_kptr_xchg() takes out of a
 * field, or a list or tree gives back (a pop, bpf_rbtree_remove()), released
 * by bpf_obj_drop(), by storing it (bpf_kptr_xchg()) or by putting its node
 * in a list or tree (the node lies inside the object). The object of a node
 * that went into a list or tree is remembered by the node (bpf_obj.c): the
 * kernel knows it from the node's offset in the program's BTF.
 */
#include <linux/kernel.h>
#include <qdk/unmodelled.h>
#include "bpf_rt.h"

/* more than an op of a qdisc holds at once; past it, qdk_unmodelled() */
#define QDK_BPF_REFS 64

struct bpf_ref {
	const void *skb;	/* or the object */
	u64 size;		/* an object's bytes; 0: an skb */
	unsigned long ip;	/* where it was taken; 0: the op's argument */
	struct qdk_bpf_skb_snap snap;	/* an skb as it was taken */
};

static struct bpf_ref refs[QDK_BPF_REFS];
static unsigned int nrefs;

unsigned int qdk_bpf_ref_mark(void)
{
	return nrefs;
}

static void ref_add(const void *p, u64 size, unsigned long ip)
{
	/* outside the program's ops (the runtime's own tests) nothing is held */
	if (!p || qdk_bpf_op == QDK_BPF_OP_NONE)
		return;
	if (nrefs == QDK_BPF_REFS)
		qdk_unmodelled("bpf_kptr_xchg", "an op holding more than 64 references at once", ip);
	refs[nrefs].skb = p;
	refs[nrefs].size = size;
	refs[nrefs].ip = ip;
	if (!size)
		qdk_bpf_skb_snap(&refs[nrefs].snap, p);
	nrefs++;
}

void qdk_bpf_ref_get(const void *skb, unsigned long ip)
{
	ref_add(skb, 0, ip);
}

void qdk_bpf_ref_get_obj(const void *obj, u64 size, unsigned long ip)
{
	ref_add(obj, size, ip);
}

/* a node of one of the program's objects went into a list or tree */
void qdk_bpf_ref_put_node(const void *node)
{
	unsigned int i;

	for (i = nrefs; node && i-- > 0;) {
		if (refs[i].size && node >= refs[i].skb &&
		    (const char *)node < (const char *)refs[i].skb + refs[i].size) {
			qdk_bpf_obj_node_add((void *)refs[i].skb, node);
			refs[i] = refs[--nrefs];
			return;
		}
	}
}

/* a pop or remove gave back a node: its object is the op's again */
void qdk_bpf_ref_get_node(const void *node, unsigned long ip)
{
	u64 size;
	void *obj = node ? qdk_bpf_obj_of_node(node, &size) : NULL;

	if (obj)
		ref_add(obj, size, ip);
}

/* the copy of an skb the op holds, for a runtime call that writes it (skb_get_hash()) */
struct qdk_bpf_skb_snap *qdk_bpf_ref_snap(const void *skb)
{
	unsigned int i;

	for (i = nrefs; skb && i-- > 0;)
		if (refs[i].skb == skb && !refs[i].size)
			return &refs[i].snap;
	return NULL;
}

bool qdk_bpf_ref_put(const void *skb, unsigned long ip)
{
	unsigned int i;

	for (i = nrefs; skb && i-- > 0;) {
		if (refs[i].skb == skb) {
			if (!refs[i].size)
				qdk_bpf_skb_check(&refs[i].snap, skb, ip);
			refs[i] = refs[--nrefs];
			return true;
		}
	}
	return false;
}

/*
 * The op that began at mark returns (ret: the skb dequeue returns, else
 * NULL; fn: the op's program, to name the line of an argument's reference):
 * every reference it took must be released, and what dequeue returns must be
 * one it holds (the verifier invalidates a released pointer).
 */
void qdk_bpf_ref_end(unsigned int mark, const void *ret, const void *fn)
{
	char why[192];
	unsigned long ip;

	if (ret && !qdk_bpf_ref_put(ret, (unsigned long)fn + 1))
		qdk_bpf_refused((unsigned long)fn + 1, qdk_bpf_op_name(qdk_bpf_op),
				"returns an skb it holds no reference to: one it freed, dropped or stored, or never took");
	if (nrefs <= mark)
		return;
	ip = refs[mark].ip;
	if (refs[mark].size)
		snprintf(why, sizeof(why),
			 "Unreleased reference: %s returns holding the object taken here, neither put in a list or tree, stored (bpf_kptr_xchg) nor dropped",
			 qdk_bpf_op_name(qdk_bpf_op));
	else
		snprintf(why, sizeof(why),
			 "Unreleased reference: %s returns holding the skb %s, neither stored (bpf_kptr_xchg), dropped, freed nor returned",
			 qdk_bpf_op_name(qdk_bpf_op), ip ? "taken here" : "it was given");
	nrefs = mark;
	qdk_bpf_refused(ip ? ip : (unsigned long)fn + 1, qdk_bpf_op_name(qdk_bpf_op), why);
}
