/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __LINUX_SPINLOCK_H
#define __LINUX_SPINLOCK_H

#include <linux/types.h>
#include <linux/spinlock_types.h>
#include <linux/compiler.h>
#include <linux/bottom_half.h>
#include <linux/irqflags.h>

#define spin_lock_init(l)		do { (l)->locked = 0; } while (0)
#define spin_lock(l)			do { (void)(l); } while (0)
#define spin_unlock(l)			do { (void)(l); } while (0)
#define spin_lock_bh(l)			do { (void)(l); } while (0)
#define spin_unlock_bh(l)		do { (void)(l); } while (0)
#define spin_lock_irq(l)		do { (void)(l); } while (0)
#define spin_unlock_irq(l)		do { (void)(l); } while (0)
#define spin_lock_irqsave(l, f)		do { (void)(l); (f) = 0; } while (0)
#define spin_unlock_irqrestore(l, f)	do { (void)(l); (void)(f); } while (0)
#define spin_trylock(l)			({ (void)(l); 1; })
#define spin_is_locked(l)		({ (void)(l); 0; })
#define assert_spin_locked(l)		do { (void)(l); } while (0)
#define lockdep_assert_held(l)		do { (void)(l); } while (0)
#define lockdep_set_class(l, k)		do { } while (0)
#define lockdep_register_key(k)		do { } while (0)
#define lockdep_unregister_key(k)	do { } while (0)
#define rwlock_init(l)			do { (l)->locked = 0; } while (0)
#define read_lock(l)			do { (void)(l); } while (0)
#define read_unlock(l)			do { (void)(l); } while (0)
#define write_lock(l)			do { (void)(l); } while (0)
#define write_unlock(l)			do { (void)(l); } while (0)
#define read_lock_bh(l)			do { (void)(l); } while (0)
#define read_unlock_bh(l)		do { (void)(l); } while (0)
#define write_lock_bh(l)		do { (void)(l); } while (0)
#define write_unlock_bh(l)		do { (void)(l); } while (0)

struct lock_class_key {
	int qdk_unused;
};

#endif
