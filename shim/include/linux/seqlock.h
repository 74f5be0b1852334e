/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Sequence counters and seqlocks on the shim's one CPU. A writer makes the
 * count odd for its section and even again after it; a reader samples the
 * count before and after and retries when it changed. No reader can run
 * during a write section here except inside it, where the kernel's reader
 * would spin forever on the odd count: that is reported (qdk_lock_stuck())
 * and the reader gets the odd count, so it sees no change and goes on.
 * The seqcount_LOCKNAME_t flavours carry their lock as in the kernel.
 */
#ifndef __LINUX_SEQLOCK_H
#define __LINUX_SEQLOCK_H

#include <linux/compiler.h>
#include <linux/lockdep.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <qdk/context.h>

typedef struct seqcount {
	unsigned int		sequence;
	struct lockdep_map	dep_map;
} seqcount_t;

#define SEQCNT_ZERO(_n)	{ .sequence = 0, .dep_map = { .name = #_n }, }

static inline void __seqcount_init(seqcount_t *s, const char *name, struct lock_class_key *key)
{
	lockdep_init_map(&s->dep_map, name, key, 0);
	s->sequence = 0;
}

#define seqcount_init(s) do {				\
	static struct lock_class_key __key;		\
	__seqcount_init((s), #s, &__key);		\
} while (0)

#define seqcount_lockdep_reader_access(s)	do { (void)(s); } while (0)

#define SEQCOUNT_DEP_MAP_INIT(lockname)	.dep_map = { .name = #lockname }
#define KCSAN_SEQLOCK_REGION_MAX	1000

/*
 * seqcount_LOCKNAME_t: the counter first, then the lock that serializes
 * writers, and the properties the kernel's _Generic() dispatch reads
 * (pointer, sequence, whether writers may be preempted, the lock assertion).
 */
#define SEQCOUNT_LOCKNAME(lockname, locktype, preemptible, lockbase)	\
typedef struct seqcount_##lockname {					\
	seqcount_t	seqcount;					\
	locktype	*lock;						\
} seqcount_##lockname##_t;						\
static inline void seqcount_##lockname##_init_key(seqcount_##lockname##_t *s, \
	locktype *lock, const char *name, struct lock_class_key *key)	\
{									\
	__seqcount_init(&s->seqcount, name, key);			\
	s->lock = lock;							\
}									\
static __always_inline seqcount_t *					\
__seqprop_##lockname##_ptr(seqcount_##lockname##_t *s)			\
{									\
	return &s->seqcount;						\
}									\
static __always_inline const seqcount_t *				\
__seqprop_##lockname##_const_ptr(const seqcount_##lockname##_t *s)	\
{									\
	return &s->seqcount;						\
}									\
static __always_inline unsigned int					\
__seqprop_##lockname##_sequence(const seqcount_##lockname##_t *s)	\
{									\
	return READ_ONCE(s->seqcount.sequence);				\
}									\
static __always_inline bool						\
__seqprop_##lockname##_preemptible(const seqcount_##lockname##_t *s)	\
{									\
	return preemptible;						\
}									\
static __always_inline void						\
__seqprop_##lockname##_assert(const seqcount_##lockname##_t *s)	\
{									\
	lockdep_assert_held(s->lock);					\
}

static __always_inline seqcount_t *__seqprop_ptr(seqcount_t *s)
{
	return s;
}

static __always_inline const seqcount_t *__seqprop_const_ptr(const seqcount_t *s)
{
	return s;
}

static __always_inline unsigned int __seqprop_sequence(const seqcount_t *s)
{
	return READ_ONCE(s->sequence);
}

static __always_inline bool __seqprop_preemptible(const seqcount_t *s)
{
	return false;
}

static __always_inline void __seqprop_assert(const seqcount_t *s)
{
}

SEQCOUNT_LOCKNAME(raw_spinlock, raw_spinlock_t, false, raw_spin)
SEQCOUNT_LOCKNAME(spinlock, spinlock_t, false, spin)
SEQCOUNT_LOCKNAME(rwlock, rwlock_t, false, read)
SEQCOUNT_LOCKNAME(mutex, struct mutex, true, mutex)

#define __seqprop_case(s, lockname, prop)				\
	seqcount_##lockname##_t: __seqprop_##lockname##_##prop
#define __seqprop(s, prop) _Generic(*(s),				\
	seqcount_t:		__seqprop_##prop,			\
	__seqprop_case((s),	raw_spinlock,	prop),			\
	__seqprop_case((s),	spinlock,	prop),			\
	__seqprop_case((s),	rwlock,		prop),			\
	__seqprop_case((s),	mutex,		prop))
#define seqprop_ptr(s)			__seqprop(s, ptr)(s)
#define seqprop_const_ptr(s)		__seqprop(s, const_ptr)(s)
#define seqprop_sequence(s)		__seqprop(s, sequence)(s)
#define seqprop_preemptible(s)		__seqprop(s, preemptible)(s)
#define seqprop_assert(s)		__seqprop(s, assert)(s)

#define seqcount_LOCKNAME_init(s, _lock, lockname)			\
	do {								\
		seqcount_##lockname##_t *____s = (s);			\
		seqcount_init(&____s->seqcount);			\
		____s->lock = (_lock);					\
	} while (0)

#define SEQCOUNT_LOCKNAME_ZERO(seq_name, assoc_lock)	{ .seqcount = SEQCNT_ZERO(seq_name.seqcount), .lock = (assoc_lock) }
#define SEQCNT_RAW_SPINLOCK_ZERO(name, lock)	SEQCOUNT_LOCKNAME_ZERO(name, lock)
#define SEQCNT_SPINLOCK_ZERO(name, lock)	SEQCOUNT_LOCKNAME_ZERO(name, lock)
#define SEQCNT_RWLOCK_ZERO(name, lock)		SEQCOUNT_LOCKNAME_ZERO(name, lock)
#define SEQCNT_MUTEX_ZERO(name, lock)		SEQCOUNT_LOCKNAME_ZERO(name, lock)
#define SEQCNT_WW_MUTEX_ZERO(name, lock)	SEQCOUNT_LOCKNAME_ZERO(name, lock)

#define __QDK_SEQ_INIT(s, lock, lockname) do {				\
	static struct lock_class_key __key;				\
	seqcount_##lockname##_init_key((s), (lock), #s, &__key);	\
} while (0)
#define seqcount_raw_spinlock_init(s, lock)	__QDK_SEQ_INIT(s, lock, raw_spinlock)
#define seqcount_spinlock_init(s, lock)		__QDK_SEQ_INIT(s, lock, spinlock)
#define seqcount_rwlock_init(s, lock)		__QDK_SEQ_INIT(s, lock, rwlock)
#define seqcount_mutex_init(s, lock)		__QDK_SEQ_INIT(s, lock, mutex)

/* every flavour starts with its seqcount_t: the counter of any */
#define __qdk_seqcount(s)	((seqcount_t *)(s))

void qdk_lock_stuck(const char *what, struct lockdep_map *map, unsigned long ip);

static __always_inline unsigned int __qdk_read_seqcount_begin(const seqcount_t *s,
							      unsigned long ip)
{
	unsigned int seq = READ_ONCE(s->sequence);

	if (unlikely(seq & 1))
		qdk_lock_stuck("seqcount read inside its write section",
			       (struct lockdep_map *)&s->dep_map, ip);
	return seq;
}

#define __read_seqcount_begin(s)	__qdk_read_seqcount_begin(__qdk_seqcount(s), _QDK_THIS_IP_)
#define raw_read_seqcount_begin(s)	({ unsigned int _seq = __read_seqcount_begin(s); smp_rmb(); _seq; })
#define read_seqcount_begin(s)		raw_read_seqcount_begin(s)
/* no wait: the count with its low bit cleared, so a retry follows an open write */
#define raw_read_seqcount(s)		({ unsigned int __seq = READ_ONCE(__qdk_seqcount(s)->sequence); smp_rmb(); __seq; })
#define raw_seqcount_begin(s)		(raw_read_seqcount(s) & ~1u)
#define __read_seqcount_retry(s, start)	do_read_seqcount_retry(__qdk_seqcount(s), start)
#define read_seqcount_retry(s, start)	do_read_seqcount_retry(__qdk_seqcount(s), start)

static inline int do_read_seqcount_retry(const seqcount_t *s, unsigned int start)
{
	smp_rmb();
	return unlikely(READ_ONCE(s->sequence) != start);
}

static inline void do_raw_write_seqcount_begin(seqcount_t *s)
{
	s->sequence++;
	smp_wmb();
}

static inline void do_raw_write_seqcount_end(seqcount_t *s)
{
	smp_wmb();
	s->sequence++;
}

#define raw_write_seqcount_begin(s)	do_raw_write_seqcount_begin(__qdk_seqcount(s))
#define raw_write_seqcount_end(s)	do_raw_write_seqcount_end(__qdk_seqcount(s))
#define write_seqcount_begin_nested(s, subclass)			\
	do { seqcount_acquire(&__qdk_seqcount(s)->dep_map, subclass, 0, _QDK_THIS_IP_); \
	     raw_write_seqcount_begin(s); } while (0)
#define write_seqcount_begin(s)		write_seqcount_begin_nested(s, 0)
#define write_seqcount_end(s)						\
	do { seqcount_release(&__qdk_seqcount(s)->dep_map, _QDK_THIS_IP_); \
	     raw_write_seqcount_end(s); } while (0)
/* two increments: any reader that overlapped retries */
#define raw_write_seqcount_barrier(s)					\
	do { __qdk_seqcount(s)->sequence++; smp_wmb(); __qdk_seqcount(s)->sequence++; } while (0)
/* readers in progress retry: +2 keeps the count even */
#define write_seqcount_invalidate(s)					\
	do { smp_wmb(); __qdk_seqcount(s)->sequence += 2; } while (0)

static inline int do___read_seqcount_retry(const seqcount_t *s, unsigned int start)
{
	return unlikely(READ_ONCE(s->sequence) != start);
}

static inline void do_write_seqcount_begin_nested(seqcount_t *s, int subclass)
{
	seqcount_acquire(&s->dep_map, subclass, 0, _QDK_THIS_IP_);
	do_raw_write_seqcount_begin(s);
}

static inline void do_write_seqcount_begin(seqcount_t *s)
{
	do_write_seqcount_begin_nested(s, 0);
}

static inline void do_write_seqcount_end(seqcount_t *s)
{
	seqcount_release(&s->dep_map, _QDK_THIS_IP_);
	do_raw_write_seqcount_end(s);
}

static inline void do_raw_write_seqcount_barrier(seqcount_t *s)
{
	s->sequence++;
	smp_wmb();
	s->sequence++;
}

static inline void do_write_seqcount_invalidate(seqcount_t *s)
{
	smp_wmb();
	s->sequence += 2;
}

/* latches: two copies, readers pick one by the low bit and never wait */
typedef struct {
	seqcount_t seqcount;
} seqcount_latch_t;

#define SEQCNT_LATCH_ZERO(seq_name)	{ .seqcount = SEQCNT_ZERO(seq_name.seqcount), }
#define seqcount_latch_init(s)		seqcount_init(&(s)->seqcount)
#define raw_read_seqcount_latch(s)	READ_ONCE(__qdk_seqcount(s)->sequence)
#define read_seqcount_latch(s)		raw_read_seqcount_latch(s)
#define raw_read_seqcount_latch_retry(s, start)	do_read_seqcount_retry(__qdk_seqcount(s), start)
#define read_seqcount_latch_retry(s, start)	raw_read_seqcount_latch_retry(s, start)
#define raw_write_seqcount_latch(s)	do { smp_wmb(); __qdk_seqcount(s)->sequence++; smp_wmb(); } while (0)
#define write_seqcount_latch_begin(s)	raw_write_seqcount_latch(s)
#define write_seqcount_latch(s)		raw_write_seqcount_latch(s)
#define write_seqcount_latch_end(s)	do { (void)(s); } while (0)

/* ---- seqlock_t: a seqcount and the spinlock of its writers ---- */

typedef struct {
	seqcount_spinlock_t	seqcount;
	spinlock_t		lock;
} seqlock_t;

#define __SEQLOCK_UNLOCKED(lockname)					\
	{								\
		.seqcount = SEQCNT_SPINLOCK_ZERO(lockname, &(lockname).lock), \
		.lock = __SPIN_LOCK_UNLOCKED(lockname)			\
	}
#define DEFINE_SEQLOCK(sl)	seqlock_t sl = __SEQLOCK_UNLOCKED(sl)
#define seqlock_init(sl) do {						\
	spin_lock_init(&(sl)->lock);					\
	seqcount_spinlock_init(&(sl)->seqcount, &(sl)->lock);		\
} while (0)

static __always_inline unsigned int read_seqbegin(const seqlock_t *sl)
{
	return read_seqcount_begin(&sl->seqcount);
}

static __always_inline unsigned int read_seqretry(const seqlock_t *sl, unsigned int start)
{
	return read_seqcount_retry(&sl->seqcount, start);
}

#define __QDK_SEQLOCK_WRITE(suffix, lockop, unlockop)			\
static __always_inline void write_seqlock##suffix(seqlock_t *sl)	\
{									\
	lockop(&sl->lock);						\
	do_raw_write_seqcount_begin(&sl->seqcount.seqcount);		\
}									\
static __always_inline void write_sequnlock##suffix(seqlock_t *sl)	\
{									\
	do_raw_write_seqcount_end(&sl->seqcount.seqcount);		\
	unlockop(&sl->lock);						\
}									\
static __always_inline void read_seqlock_excl##suffix(seqlock_t *sl)	\
{									\
	lockop(&sl->lock);						\
}									\
static __always_inline void read_sequnlock_excl##suffix(seqlock_t *sl)	\
{									\
	unlockop(&sl->lock);						\
}

__QDK_SEQLOCK_WRITE(, spin_lock, spin_unlock)
__QDK_SEQLOCK_WRITE(_bh, spin_lock_bh, spin_unlock_bh)
__QDK_SEQLOCK_WRITE(_irq, spin_lock_irq, spin_unlock_irq)

#define write_seqlock_irqsave(sl, flags)				\
	do { spin_lock_irqsave(&(sl)->lock, flags);			\
	     do_raw_write_seqcount_begin(&(sl)->seqcount.seqcount); } while (0)
static inline unsigned long __write_seqlock_irqsave(seqlock_t *sl)
{
	unsigned long flags;

	spin_lock_irqsave(&sl->lock, flags);
	do_raw_write_seqcount_begin(&sl->seqcount.seqcount);
	return flags;
}

static inline unsigned long __read_seqlock_excl_irqsave(seqlock_t *sl)
{
	unsigned long flags;

	spin_lock_irqsave(&sl->lock, flags);
	return flags;
}

static __always_inline void write_sequnlock_irqrestore(seqlock_t *sl, unsigned long flags)
{
	do_raw_write_seqcount_end(&sl->seqcount.seqcount);
	spin_unlock_irqrestore(&sl->lock, flags);
}
#define read_seqlock_excl_irqsave(sl, flags)	spin_lock_irqsave(&(sl)->lock, flags)
static __always_inline void read_sequnlock_excl_irqrestore(seqlock_t *sl, unsigned long flags)
{
	spin_unlock_irqrestore(&sl->lock, flags);
}

/* even *seq: a lockless pass; odd: take the lock (a retry, as the kernel's callers pass 1) */
static inline void read_seqbegin_or_lock(seqlock_t *lock, int *seq)
{
	if (!(*seq & 1))
		*seq = read_seqbegin(lock);
	else
		read_seqlock_excl(lock);
}

static inline int need_seqretry(seqlock_t *lock, int seq)
{
	return !(seq & 1) && read_seqretry(lock, seq);
}

static inline void done_seqretry(seqlock_t *lock, int seq)
{
	if (seq & 1)
		read_sequnlock_excl(lock);
}

static inline unsigned long read_seqbegin_or_lock_irqsave(seqlock_t *lock, int *seq)
{
	unsigned long flags = 0;

	if (!(*seq & 1))
		*seq = read_seqbegin(lock);
	else
		read_seqlock_excl_irqsave(lock, flags);
	return flags;
}

static inline void done_seqretry_irqrestore(seqlock_t *lock, int seq, unsigned long flags)
{
	if (seq & 1)
		read_sequnlock_excl_irqrestore(lock, flags);
}

/*
 * scoped_seqlock_read(lock, target): the block runs once locklessly; when a
 * writer raced it (read_seqretry()), once more as target says: under the
 * lock (ss_lock, ss_lock_irqsave) or locklessly again until it holds
 * (ss_lockless). The lock taken is dropped when the scope ends.
 */
enum ss_state {
	ss_done = 0,
	ss_lock,
	ss_lock_irqsave,
	ss_lockless,
};

struct ss_tmp {
	enum ss_state	state;
	unsigned long	data;
	spinlock_t	*lock;
	spinlock_t	*lock_irqsave;
};

static __always_inline void __scoped_seqlock_cleanup(struct ss_tmp *sst)
{
	if (sst->lock)
		spin_unlock(sst->lock);
	if (sst->lock_irqsave)
		spin_unlock_irqrestore(sst->lock_irqsave, sst->data);
}

static __always_inline void __scoped_seqlock_next(struct ss_tmp *sst, seqlock_t *lock,
						  enum ss_state target)
{
	switch (sst->state) {
	case ss_done:
		/* the loop never steps a finished scope (the kernel's link-time canary) */
		return;
	case ss_lock:
	case ss_lock_irqsave:
		sst->state = ss_done;
		return;
	case ss_lockless:
		if (!read_seqretry(lock, sst->data)) {
			sst->state = ss_done;
			return;
		}
		break;
	}

	switch (target) {
	case ss_done:
		/* the kernel refuses to link this: a scope cannot retry as "done" */
		WARN_ONCE(1, "scoped_seqlock_read() with target ss_done\n");
		sst->state = ss_done;
		return;
	case ss_lock:
		sst->lock = &lock->lock;
		spin_lock(sst->lock);
		sst->state = ss_lock;
		return;
	case ss_lock_irqsave:
		sst->lock_irqsave = &lock->lock;
		spin_lock_irqsave(sst->lock_irqsave, sst->data);
		sst->state = ss_lock_irqsave;
		return;
	case ss_lockless:
		sst->data = read_seqbegin(lock);
		return;
	}
}

#define __scoped_seqlock_read(_seqlock, _target, _s)			\
	for (struct ss_tmp _s __cleanup(__scoped_seqlock_cleanup) =	\
	     { .state = ss_lockless, .data = read_seqbegin(_seqlock) };	\
	     _s.state != ss_done;					\
	     __scoped_seqlock_next(&_s, _seqlock, _target))

#define scoped_seqlock_read(_seqlock, _target)				\
	__scoped_seqlock_read(_seqlock, _target, __UNIQUE_ID(seqlock))

#endif
