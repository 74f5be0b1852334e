// SPDX-License-Identifier: GPL-2.0
/*
 * bpf_access.c - what a BPF qdisc may write through the kernel objects it
 * is given, as bpf_qdisc_btf_struct_access() of net/sched/bpf_qdisc.c
 * allows it: an skb's tstamp and the private bytes of its qdisc_skb_cb
 * (cb's data[]), a Qdisc's limit, q.qlen and qstats. The verifier refuses
 * a store anywhere else at load ("no write support to sk_buff at off N").
 *
 * C has no hook on a store, so the runtime compares: a copy of the skb
 * taken when the op gets its reference (its argument, bpf_kptr_xchg() out
 * of a field) against the skb where the op lets the reference go (stored,
 * dropped, freed or returned), and a copy of the Qdisc at the op's start
 * against the Qdisc at its return. A difference outside the allowed bytes
 * stops the program, naming the member and the line where it was found
 * (the release's, or the op's for the Qdisc): the store itself lies
 * between, where gdb's `watch -l` on the member finds it. A write through
 * a pointer the op holds no reference to (a kptr field read in place) is
 * not seen. The runtime's own writes (skb_get_hash() fills in the hash, a
 * qdisc's bstats_update()) are compared before and taken into the copy
 * after; the shim's bookkeeping members (__qdk_*) are not the program's.
 */
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/skbuff.h>
#include <net/sch_generic.h>
#include "bpf_rt.h"

struct member {
	const char *name;
	size_t off, size;
};

#define M(type, m) { #m, offsetof(type, m), sizeof_field(type, m) }

/* the named members; a byte in none of them holds flag bit fields */
static const struct member skb_members[] = {
	M(struct sk_buff, next), M(struct sk_buff, prev), M(struct sk_buff, dev),
	M(struct sk_buff, sk), M(struct sk_buff, tstamp), M(struct sk_buff, cb),
	M(struct sk_buff, _skb_refdst), M(struct sk_buff, destructor),
	M(struct sk_buff, _nfct), M(struct sk_buff, len), M(struct sk_buff, data_len),
	M(struct sk_buff, mac_len), M(struct sk_buff, hdr_len),
	M(struct sk_buff, queue_mapping), M(struct sk_buff, tc_index),
	M(struct sk_buff, csum), M(struct sk_buff, priority), M(struct sk_buff, skb_iif),
	M(struct sk_buff, hash), M(struct sk_buff, vlan_proto), M(struct sk_buff, vlan_tci),
	M(struct sk_buff, napi_id), M(struct sk_buff, secmark), M(struct sk_buff, mark),
	M(struct sk_buff, inner_protocol), M(struct sk_buff, inner_transport_header),
	M(struct sk_buff, inner_network_header), M(struct sk_buff, inner_mac_header),
	M(struct sk_buff, protocol), M(struct sk_buff, transport_header),
	M(struct sk_buff, network_header), M(struct sk_buff, mac_header),
	M(struct sk_buff, tail), M(struct sk_buff, end), M(struct sk_buff, head),
	M(struct sk_buff, data), M(struct sk_buff, truesize), M(struct sk_buff, users),
};

static const struct member qdisc_members[] = {
	M(struct Qdisc, enqueue), M(struct Qdisc, dequeue), M(struct Qdisc, flags),
	M(struct Qdisc, limit), M(struct Qdisc, ops), M(struct Qdisc, stab),
	M(struct Qdisc, hash), M(struct Qdisc, handle), M(struct Qdisc, parent),
	M(struct Qdisc, depth), M(struct Qdisc, dev_queue), M(struct Qdisc, rate_est),
	M(struct Qdisc, cpu_bstats), M(struct Qdisc, cpu_qstats), M(struct Qdisc, pad),
	M(struct Qdisc, refcnt), M(struct Qdisc, gso_skb), M(struct Qdisc, q),
	M(struct Qdisc, bstats), M(struct Qdisc, qstats), M(struct Qdisc, owner),
	M(struct Qdisc, state), M(struct Qdisc, next_sched), M(struct Qdisc, skb_bad_txq),
	M(struct Qdisc, seqlock), M(struct Qdisc, rcu),
};

/* the bytes a program may write: [off, end) */
struct allowed {
	size_t off, end;
};

#define CB_DATA (offsetof(struct sk_buff, cb) + offsetof(struct qdisc_skb_cb, data))

static const struct allowed skb_allowed[] = {
	{ offsetof(struct sk_buff, tstamp), offsetofend(struct sk_buff, tstamp) },
	{ CB_DATA, CB_DATA + QDISC_CB_PRIV_LEN },
};

static const struct allowed qdisc_allowed[] = {
	{ offsetof(struct Qdisc, limit), offsetofend(struct Qdisc, limit) },
	{ offsetof(struct Qdisc, q) + offsetof(struct qdisc_skb_head, qlen),
	  offsetof(struct Qdisc, q) + offsetofend(struct qdisc_skb_head, qlen) },
	{ offsetof(struct Qdisc, qstats), offsetofend(struct Qdisc, qstats) },
};

/*
 * the first byte of [0, len) that differs outside the allowed ones (ok:
 * sorted, disjoint), or -1; what lies between them is compared whole
 */
static long written(const void *now, const void *then, size_t len,
		    const struct allowed *ok, size_t nok)
{
	const u8 *a = now, *b = then;
	size_t from = 0, to, k, i;

	for (k = 0; k <= nok; k++) {
		to = k < nok ? ok[k].off : len;
		if (to > from && memcmp(a + from, b + from, to - from))
			for (i = from; i < to; i++)
				if (a[i] != b[i])
					return i;
		if (k < nok)
			from = ok[k].end;
	}
	return -1;
}

/* the member at off, as the report names it */
static void member_at(size_t off, const struct member *m, size_t n, char *buf, size_t size)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (off >= m[i].off && off < m[i].off + m[i].size) {
			snprintf(buf, size, "member %s", m[i].name);
			return;
		}
	}
	snprintf(buf, size, "flag bit fields (the shim's byte %zu)", off);
}

/*
 * The kernel's report names the byte offset in its own layout ("no write
 * support to sk_buff at off N"); the shim's layout is not the kernel's, so
 * the member is named instead.
 */
static void refuse(unsigned long ip, const char *type, size_t off, const struct member *m,
		   size_t n, const char *found)
{
	char why[224], member[96];

	member_at(off, m, n, member, sizeof(member));
	snprintf(why, sizeof(why), "no write support to %s %s: %s", type, member, found);
	qdk_bpf_refused(ip, qdk_bpf_op_name(qdk_bpf_op), why);
}

void qdk_bpf_skb_snap(struct qdk_bpf_skb_snap *s, const struct sk_buff *skb)
{
	memcpy(s->bytes, skb, sizeof(s->bytes));
}

void qdk_bpf_skb_check(const struct qdk_bpf_skb_snap *s, const struct sk_buff *skb,
		       unsigned long ip)
{
	long off = written(skb, s->bytes, sizeof(s->bytes), skb_allowed,
			   ARRAY_SIZE(skb_allowed));

	if (off >= 0)
		refuse(ip, "sk_buff", off, skb_members, ARRAY_SIZE(skb_members),
		       "a store while the op held the skb, found here");
}

void qdk_bpf_qdisc_snap(struct qdk_bpf_qdisc_snap *s, const struct Qdisc *sch)
{
	s->sch = sch;
	memcpy(s->bytes, sch, sizeof(s->bytes));
}

void qdk_bpf_qdisc_check(const struct qdk_bpf_qdisc_snap *s, unsigned long ip)
{
	long off = written(s->sch, s->bytes, sizeof(s->bytes), qdisc_allowed,
			   ARRAY_SIZE(qdisc_allowed));

	if (off >= 0)
		refuse(ip, "Qdisc", off, qdisc_members, ARRAY_SIZE(qdisc_members),
		       "a store during the op, found at its return");
}
