/* SPDX-License-Identifier: GPL-2.0 */
/*
 * mice.h - mice and elephants: which flows are short, over algo/flowtable.h.
 *
 * After Guo & Matta, "The war between mice and elephants" (2001), as
 * Braithwaite's "Implementation of AQMs on Linux made Easy" (2005) uses it
 * in the mered qdisc and the mered classifier (docs/references.md): a flow
 * is a mouse while the bytes it sent, the arriving packet included, are at
 * most `mice`; after that it is an elephant until it goes idle for the flow
 * table's timeout and starts over as a mouse. The qdisc (sch_mered.c) and
 * the classifier (cls_mered.c) share this one decision, so the same
 * options classify the same packets alike.
 *
 * Locking: the flow table's (the caller's lock around the table).
 */
#ifndef QDK_ALGO_MICE_H
#define QDK_ALGO_MICE_H

#include <algo/flowtable.h>

/* flow table classes (flowtable_entry.class) */
#define MICE_MOUSE	0
#define MICE_ELEPHANT	1

/*
 * Count an arrival of len bytes in its flow e and classify it: true for a
 * mouse. A flow turns elephant once and stays so (active[] follows) until
 * the table restarts it.
 */
static inline bool mice_arrival(struct flowtable *ft, struct flowtable_entry *e,
				u32 len, u32 mice)
{
	flowtable_arrival(e, len);
	if (e->bytes <= mice)
		return true;
	if (e->class != MICE_ELEPHANT)
		flowtable_set_class(ft, e, MICE_ELEPHANT);
	return false;
}

#endif /* QDK_ALGO_MICE_H */
