// SPDX-License-Identifier: GPL-2.0
/*
 * bpf_ref.c - the skb references a program's op holds, as the verifier
 * tracks them (its acquired references): the skb enqueue is given, and each
 * skb bpf_kptr_xchg() takes out of a kptr field. A reference ends when the
 * skb is stored again (bpf_kptr_xchg() into a field), dropped
 * (bpf_qdisc_skb_drop()), freed (bpf_kfree_skb()) or returned by dequeue.
 * One still held when the op returns is what the verifier refuses at load
 * ("Unreleased reference"): the runtime stops there, naming the line that
 * took it (exit 2).
 *
 * Without BTF the runtime tells an skb from an object of the program's own
 * by the table of live objects (bpf_obj.c): a kptr field holds one or the
 * other. Objects' references (bpf_obj_new(), a node popped from a list) are
 * not tracked here; one never released is a leak the shim reports at exit.
 */
#include <linux/kernel.h>
#include <qdk/unmodelled.h>
#include "bpf_rt.h"

/* more than an op of a qdisc holds at once; past it, qdk_unmodelled() */
#define QDK_BPF_REFS 64

struct bpf_ref {
	const void *skb;
	unsigned long ip;	/* where it was taken; 0: the op's argument */
};

static struct bpf_ref refs[QDK_BPF_REFS];
static unsigned int nrefs;

unsigned int qdk_bpf_ref_mark(void)
{
	return nrefs;
}

void qdk_bpf_ref_get(const void *skb, unsigned long ip)
{
	if (!skb)
		return;
	if (nrefs == QDK_BPF_REFS)
		qdk_unmodelled("bpf_kptr_xchg", "an op holding more than 64 skbs at once", ip);
	refs[nrefs].skb = skb;
	refs[nrefs].ip = ip;
	nrefs++;
}

bool qdk_bpf_ref_put(const void *skb)
{
	unsigned int i;

	for (i = nrefs; skb && i-- > 0;) {
		if (refs[i].skb == skb) {
			refs[i] = refs[--nrefs];
			return true;
		}
	}
	return false;
}

/*
 * The op that began at mark returns (ret: the skb dequeue returns, else
 * NULL; fn: the op's program, to name the line of an argument's reference):
 * every reference it took must be released.
 */
void qdk_bpf_ref_end(unsigned int mark, const void *ret, const void *fn)
{
	char why[160];
	unsigned long ip;

	qdk_bpf_ref_put(ret);
	if (nrefs <= mark)
		return;
	ip = refs[mark].ip;
	snprintf(why, sizeof(why),
		 "Unreleased reference: %s returns holding the skb %s, neither stored (bpf_kptr_xchg), dropped, freed nor returned",
		 qdk_bpf_op_name(qdk_bpf_op), ip ? "taken here" : "it was given");
	nrefs = mark;
	qdk_bpf_refused(ip ? ip : (unsigned long)fn + 1, qdk_bpf_op_name(qdk_bpf_op), why);
}
