/* SPDX-License-Identifier: GPL-2.0 */
/* RCU with one thread and no grace periods: plain pointer accesses. */
#ifndef __LINUX_RCUPDATE_H
#define __LINUX_RCUPDATE_H

#include <linux/types.h>
#include <linux/compiler.h>

#define rcu_read_lock()			do { } while (0)
#define rcu_read_unlock()		do { } while (0)
#define rcu_read_lock_bh()		do { } while (0)
#define rcu_read_unlock_bh()		do { } while (0)
#define rcu_dereference(p)		READ_ONCE(p)
#define rcu_dereference_bh(p)		READ_ONCE(p)
#define rcu_dereference_raw(p)		READ_ONCE(p)
#define rcu_dereference_protected(p, c)	(p)
#define rcu_dereference_check(p, c)	READ_ONCE(p)
#define rcu_dereference_bh_check(p, c)	READ_ONCE(p)
#define rcu_access_pointer(p)		READ_ONCE(p)
#define rcu_assign_pointer(p, v)	WRITE_ONCE(p, v)
#define RCU_INIT_POINTER(p, v)		WRITE_ONCE(p, v)
#define rcu_replace_pointer(rp, p, c)	({ typeof(rp) __old = (rp); (rp) = (p); __old; })
#define synchronize_rcu()		do { } while (0)
#define synchronize_net()		do { } while (0)
#define rcu_barrier()			do { } while (0)
#define call_rcu(head, fn)		(fn)(head)
#define rcu_read_lock_held()		1
#define rcu_read_lock_bh_held()		1
#define rtnl_dereference(p)		(p)
#define rcu_dereference_rtnl(p)		(p)

#endif
