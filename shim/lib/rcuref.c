// SPDX-License-Identifier: GPL-2.0
/*
 * rcuref.c - the slow paths of linux/rcuref.h (the kernel's lib/rcuref.c):
 * what a get or put that left the count in the saturation or dead zone
 * means, and where the count is put back so that later racing operations
 * stay in that zone.
 */
#include <linux/export.h>
#include <linux/rcuref.h>

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)

/*
 * A get that made the count negative. From the released zone on, the
 * object is gone: back to the middle of the dead zone, and no reference.
 * Above RCUREF_MAXREF it is saturated: the reference is given, the object
 * will never be freed (a leak, warned once), and the count stays pinned.
 */
bool rcuref_get_slowpath(rcuref_t *ref)
{
	unsigned int cnt = atomic_read(&ref->refcnt);

	if (cnt >= RCUREF_RELEASED) {
		atomic_set(&ref->refcnt, RCUREF_DEAD);
		return false;
	}
	if (WARN_ONCE(cnt > RCUREF_MAXREF, "rcuref saturated - leaking memory"))
		atomic_set(&ref->refcnt, RCUREF_SATURATED);
	return true;
}
EXPORT_SYMBOL_GPL(rcuref_get_slowpath);

/*
 * A put that made the count negative (cnt, what it reads now). From one
 * reference to none: the last put, which marks the count dead and tells
 * the caller to free. A put into the dead zone is one put too many
 * (warned, and the count kept dead); into the saturation zone, the count
 * stays pinned. Neither frees.
 */
bool rcuref_put_slowpath(rcuref_t *ref, unsigned int cnt)
{
	if (cnt == RCUREF_NOREF) {
		int none = RCUREF_NOREF;

		return atomic_try_cmpxchg_release(&ref->refcnt, &none, RCUREF_DEAD);
	}
	if (cnt >= RCUREF_RELEASED) {
		WARN_ONCE(1, "rcuref - imbalanced put()");
		atomic_set(&ref->refcnt, RCUREF_DEAD);
		return false;
	}
	if (cnt > RCUREF_MAXREF)
		atomic_set(&ref->refcnt, RCUREF_SATURATED);
	return false;
}
EXPORT_SYMBOL_GPL(rcuref_put_slowpath);

#endif /* 6.12 on */
