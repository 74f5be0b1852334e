/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reference counts whose last put may race with RCU readers taking one
 * (the kernel's linux/rcuref.h, from 6.4; rcuref_t is in linux/types.h).
 * The counter holds the references less one: 0 is one reference, -1
 * (RCUREF_NOREF) none. The kernel splits the unsigned range into zones so
 * that racing gets and puts always land somewhere it can recognise
 * (saturated, released, dead); the slow paths (lib/rcuref.c) sort a value
 * in those zones out. The shim runs one thread: the zones are kept, so a
 * get after the last put fails and an imbalanced put warns, as there.
 */
#ifndef _LINUX_RCUREF_H
#define _LINUX_RCUREF_H

#include <linux/atomic.h>
#include <linux/bug.h>
#include <linux/limits.h>
#include <linux/preempt.h>
#include <linux/rcupdate.h>
#include <linux/version.h>

/* rcuref_t: 6.12 and 7.x (linux/types.h); 6.1 has neither */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)

#define RCUREF_ONEREF		0x00000000U
#define RCUREF_MAXREF		0x7FFFFFFFU
#define RCUREF_SATURATED	0xA0000000U
#define RCUREF_RELEASED		0xC0000000U
#define RCUREF_DEAD		0xE0000000U
#define RCUREF_NOREF		0xFFFFFFFFU

/* cnt references (1 or more) */
static inline void rcuref_init(rcuref_t *ref, unsigned int cnt)
{
	atomic_set(&ref->refcnt, cnt - 1);
}

/* the references held: 0 once released or dead */
static inline unsigned int rcuref_read(rcuref_t *ref)
{
	unsigned int c = atomic_read(&ref->refcnt);

	return c >= RCUREF_RELEASED ? 0 : c + 1;
}

/* true once the last reference went: in the released/dead zones */
static inline bool rcuref_is_dead(rcuref_t *ref)
{
	unsigned int c = atomic_read(&ref->refcnt);

	return c >= RCUREF_RELEASED && c < RCUREF_NOREF;
}

bool rcuref_get_slowpath(rcuref_t *ref);
bool rcuref_put_slowpath(rcuref_t *ref, unsigned int cnt);

/*
 * Another reference, unless the count has been released: false then, and
 * the caller must not use the object. A count that went negative on the
 * increment was in the saturation or dead zone: the slow path decides.
 */
static inline __must_check bool rcuref_get(rcuref_t *ref)
{
	if (likely(!atomic_add_negative(1, &ref->refcnt)))
		return true;
	return rcuref_get_slowpath(ref);
}

/* true when this put dropped the last reference: the caller frees */
static __always_inline __must_check bool __rcuref_put(rcuref_t *ref)
{
	int cnt = atomic_sub_return_release(1, &ref->refcnt);

	if (likely(cnt >= 0))
		return false;
	return rcuref_put_slowpath(ref, cnt);
}

/* __rcuref_put() where the caller is in an RCU read side already */
static inline __must_check bool rcuref_put_rcusafe(rcuref_t *ref)
{
	return __rcuref_put(ref);
}

static inline __must_check bool rcuref_put(rcuref_t *ref)
{
	bool released;

	preempt_disable();
	released = __rcuref_put(ref);
	preempt_enable();
	return released;
}

#endif /* 6.12 on */
#endif
