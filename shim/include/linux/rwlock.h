/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rwlock_t on the shim's one CPU (included by spinlock.h, as the kernel's):
 * any number of readers, or one writer. A read lock taken while this CPU
 * holds the write side, or a write lock taken while anyone holds it, would
 * spin forever in the kernel: reported as spinlock.h reports recursion.
 */
#ifndef __LINUX_RWLOCK_H
#define __LINUX_RWLOCK_H

/* the kernel's refuses to be included first; the shim's brings spinlock.h */
#include <linux/spinlock.h>

static inline void __rwlock_init(rwlock_t *lock, const char *name, struct lock_class_key *key)
{
	lock->cnt = 0;
	lockdep_init_map_wait(&lock->dep_map, name, key, 0, LD_WAIT_CONFIG);
}

#define rwlock_init(lock) do {					\
	static struct lock_class_key __key;			\
	__rwlock_init((lock), #lock, &__key);			\
} while (0)

/* the lock operations without lockdep or interrupt state */
static inline void do_raw_read_lock(rwlock_t *lock)
{
	lock->cnt = lock->cnt < 0 ? 1 : lock->cnt + 1;
}

static inline int do_raw_read_trylock(rwlock_t *lock)
{
	if (lock->cnt < 0)
		return 0;
	lock->cnt++;
	return 1;
}

static inline void do_raw_read_unlock(rwlock_t *lock)
{
	if (lock->cnt > 0)
		lock->cnt--;
}

static inline void do_raw_write_lock(rwlock_t *lock)
{
	lock->cnt = -1;
}

static inline int do_raw_write_trylock(rwlock_t *lock)
{
	if (lock->cnt)
		return 0;
	lock->cnt = -1;
	return 1;
}

static inline void do_raw_write_unlock(rwlock_t *lock)
{
	lock->cnt = 0;
}

static __always_inline void __qdk_read_lock(rwlock_t *lock, int irq, unsigned long ip)
{
	if (irq >= 0)
		qdk_ctx_irq_off(irq, ip);
	preempt_disable();
	if (lock->cnt < 0)
		qdk_lock_stuck("rwlock (read)", &lock->dep_map, ip);
	rwlock_acquire_read(&lock->dep_map, 0, 0, ip);
	lock->cnt = lock->cnt < 0 ? 1 : lock->cnt + 1;
}

static __always_inline void __qdk_write_lock(rwlock_t *lock, int irq, unsigned long ip)
{
	if (irq >= 0)
		qdk_ctx_irq_off(irq, ip);
	preempt_disable();
	if (lock->cnt)
		qdk_lock_stuck("rwlock (write)", &lock->dep_map, ip);
	rwlock_acquire(&lock->dep_map, 0, 0, ip);
	lock->cnt = -1;
}

static __always_inline int __qdk_read_trylock(rwlock_t *lock, int irq, unsigned long ip)
{
	if (lock->cnt < 0)
		return 0;
	if (irq >= 0)
		qdk_ctx_irq_off(irq, ip);
	preempt_disable();
	rwlock_acquire_read(&lock->dep_map, 0, 1, ip);
	lock->cnt++;
	return 1;
}

static __always_inline int __qdk_write_trylock(rwlock_t *lock, int irq, unsigned long ip)
{
	if (lock->cnt)
		return 0;
	if (irq >= 0)
		qdk_ctx_irq_off(irq, ip);
	preempt_disable();
	rwlock_acquire(&lock->dep_map, 0, 1, ip);
	lock->cnt = -1;
	return 1;
}

static __always_inline void __qdk_read_unlock(rwlock_t *lock, int irq, unsigned long ip)
{
	rwlock_release(&lock->dep_map, ip);
	if (lock->cnt > 0)
		lock->cnt--;
	preempt_enable();
	if (irq >= 0)
		qdk_ctx_irq_on(irq, ip);
}

static __always_inline void __qdk_write_unlock(rwlock_t *lock, int irq, unsigned long ip)
{
	rwlock_release(&lock->dep_map, ip);
	lock->cnt = 0;
	preempt_enable();
	if (irq >= 0)
		qdk_ctx_irq_on(irq, ip);
}

#define read_lock(lock)		__qdk_read_lock(lock, -1, _QDK_THIS_IP_)
#define read_lock_bh(lock)	__qdk_read_lock(lock, 1, _QDK_THIS_IP_)
#define read_lock_irq(lock) \
	do { local_irq_disable(); __qdk_read_lock(lock, -1, _QDK_THIS_IP_); } while (0)
#define read_lock_irqsave(lock, flags) \
	do { local_irq_save(flags); __qdk_read_lock(lock, -1, _QDK_THIS_IP_); } while (0)
#define read_trylock(lock)	__qdk_read_trylock(lock, -1, _QDK_THIS_IP_)
#define read_unlock(lock)	__qdk_read_unlock(lock, -1, _QDK_THIS_IP_)
#define read_unlock_bh(lock)	__qdk_read_unlock(lock, 1, _QDK_THIS_IP_)
#define read_unlock_irq(lock) \
	do { __qdk_read_unlock(lock, -1, _QDK_THIS_IP_); local_irq_enable(); } while (0)
#define read_unlock_irqrestore(lock, flags) \
	do { __qdk_read_unlock(lock, -1, _QDK_THIS_IP_); local_irq_restore(flags); } while (0)

#define write_lock(lock)	__qdk_write_lock(lock, -1, _QDK_THIS_IP_)
#define write_lock_bh(lock)	__qdk_write_lock(lock, 1, _QDK_THIS_IP_)
#define write_lock_irq(lock) \
	do { local_irq_disable(); __qdk_write_lock(lock, -1, _QDK_THIS_IP_); } while (0)
#define write_lock_irqsave(lock, flags) \
	do { local_irq_save(flags); __qdk_write_lock(lock, -1, _QDK_THIS_IP_); } while (0)
#define write_lock_nested(lock, subclass) \
	do { (void)(subclass); write_lock(lock); } while (0)
#define write_trylock(lock)	__qdk_write_trylock(lock, -1, _QDK_THIS_IP_)
#define write_trylock_irqsave(lock, flags) ({			\
	local_irq_save(flags);						\
	__qdk_write_trylock(lock, -1, _QDK_THIS_IP_) ? 1 : ({ local_irq_restore(flags); 0; }); })
#define write_unlock(lock)	__qdk_write_unlock(lock, -1, _QDK_THIS_IP_)
#define write_unlock_bh(lock)	__qdk_write_unlock(lock, 1, _QDK_THIS_IP_)
#define write_unlock_irq(lock) \
	do { __qdk_write_unlock(lock, -1, _QDK_THIS_IP_); local_irq_enable(); } while (0)
#define write_unlock_irqrestore(lock, flags) \
	do { __qdk_write_unlock(lock, -1, _QDK_THIS_IP_); local_irq_restore(flags); } while (0)

/* nobody waits on the shim's one CPU */
#define rwlock_is_contended(lock)	(((void)(lock)), 0)

#endif
