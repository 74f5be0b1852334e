// SPDX-License-Identifier: GPL-2.0
/*
 * sch_tables.c - shared tables of the qdisc core (net/sched/sch_api.c):
 * class hashes of classful qdiscs and the refcounted rate tables tc sends
 * (TCA_*_RTAB), with the kernel's growth, ordering and ATM detection.
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <net/netlink.h>
#include <net/pkt_sched.h>
#include <net/sch_generic.h>

static struct hlist_head *class_hash_alloc(unsigned int n)
{
	struct hlist_head *h = kvmalloc_array(n, sizeof(struct hlist_head),
					      GFP_KERNEL);
	unsigned int i;

	if (h)
		for (i = 0; i < n; i++)
			INIT_HLIST_HEAD(&h[i]);
	return h;
}

int qdisc_class_hash_init(struct Qdisc_class_hash *clhash)
{
	clhash->hash = class_hash_alloc(4);
	if (!clhash->hash)
		return -ENOMEM;
	clhash->hashsize = 4;
	clhash->hashmask = 3;
	clhash->hashelems = 0;
	return 0;
}

/* double the table once it is more than 3/4 full */
void qdisc_class_hash_grow(struct Qdisc *sch, struct Qdisc_class_hash *clhash)
{
	struct Qdisc_class_common *cl;
	struct hlist_head *nhash, *ohash = clhash->hash;
	unsigned int osize = clhash->hashsize, nsize, i;
	struct hlist_node *next;

	if (clhash->hashelems * 4 <= clhash->hashsize * 3)
		return;
	nsize = osize * 2;
	nhash = class_hash_alloc(nsize);
	if (!nhash)
		return;
	for (i = 0; i < osize; i++)
		hlist_for_each_entry_safe(cl, next, &ohash[i], hnode)
			hlist_add_head(&cl->hnode,
				       &nhash[qdisc_class_hash(cl->classid, nsize - 1)]);
	clhash->hash = nhash;
	clhash->hashsize = nsize;
	clhash->hashmask = nsize - 1;
	kvfree(ohash);
}

void qdisc_class_hash_destroy(struct Qdisc_class_hash *clhash)
{
	kvfree(clhash->hash);
}

void qdisc_class_hash_insert(struct Qdisc_class_hash *clhash,
			     struct Qdisc_class_common *cl)
{
	INIT_HLIST_NODE(&cl->hnode);
	hlist_add_head(&cl->hnode,
		       &clhash->hash[qdisc_class_hash(cl->classid, clhash->hashmask)]);
	clhash->hashelems++;
}

void qdisc_class_hash_remove(struct Qdisc_class_hash *clhash,
			     struct Qdisc_class_common *cl)
{
	hlist_del(&cl->hnode);
	clhash->hashelems--;
}

/* ---- rate tables ---------------------------------------------------------- */

static struct qdisc_rate_table *rtab_list;

/*
 * An ATM link pads to 48-byte cells: the table then has the same time for
 * every size within one cell. Only trusted at rates up to 100 Mbit/s.
 */
static u8 detect_linklayer(const struct tc_ratespec *r, const u32 *rtab)
{
	int low = roundup(r->mpu, 48);
	int high = roundup(low + 1, 48);
	int cell_low = low >> r->cell_log;
	int cell_high = (high >> r->cell_log) - 1;

	if (r->rate > (100000000 / 8) || rtab[0] == 0)
		return TC_LINKLAYER_ETHERNET;
	if (cell_high > cell_low && cell_high < 256 &&
	    rtab[cell_low] == rtab[cell_high])
		return TC_LINKLAYER_ATM;
	return TC_LINKLAYER_ETHERNET;
}

struct qdisc_rate_table *qdisc_get_rtab(struct tc_ratespec *r,
					struct nlattr *tab,
					struct netlink_ext_ack *extack)
{
	struct qdisc_rate_table *rtab;

	if (!tab || r->rate == 0 || r->cell_log == 0 || r->cell_log >= 32 ||
	    nla_len(tab) != TC_RTAB_SIZE) {
		NL_SET_ERR_MSG(extack, "Invalid rate table parameters for searching");
		return NULL;
	}

	for (rtab = rtab_list; rtab; rtab = rtab->next) {
		if (!memcmp(&rtab->rate, r, sizeof(struct tc_ratespec)) &&
		    !memcmp(&rtab->data, nla_data(tab), 1024)) {
			rtab->refcnt++;
			return rtab;
		}
	}

	rtab = kmalloc(sizeof(*rtab), GFP_KERNEL);
	if (!rtab) {
		NL_SET_ERR_MSG(extack, "Failed to allocate new qdisc rate table");
		return NULL;
	}
	rtab->rate = *r;
	rtab->refcnt = 1;
	memcpy(rtab->data, nla_data(tab), 1024);
	if (r->linklayer == TC_LINKLAYER_UNAWARE)
		r->linklayer = detect_linklayer(r, rtab->data);
	rtab->next = rtab_list;
	rtab_list = rtab;
	return rtab;
}

void qdisc_put_rtab(struct qdisc_rate_table *tab)
{
	struct qdisc_rate_table **p;

	if (!tab || --tab->refcnt)
		return;
	for (p = &rtab_list; *p; p = &(*p)->next) {
		if (*p == tab) {
			*p = tab->next;
			break;
		}
	}
	kfree(tab);
}
