/* SPDX-License-Identifier: GPL-2.0 */
/*
 * linux/notifier.h - notifier chains (kernel/notifier.c's rules; the shim's
 * in lib/notifier.c): blocks sorted by priority, higher first, equal ones in
 * registration order. A raw chain leaves locking to its caller (RTNL for the
 * netdevice chains); an atomic chain takes its spinlock to change and reads
 * under RCU, so it may be called in any context; an SRCU chain takes its
 * mutex to change (it may sleep) and reads under SRCU. A blocking chain
 * changes under its rw_semaphore's write side and is called under its read
 * side (callbacks may sleep).
 */
#ifndef _LINUX_NOTIFIER_H
#define _LINUX_NOTIFIER_H

#include <linux/errno.h>
#include <linux/compiler.h>
#include <linux/mutex.h>
#include <linux/rwsem.h>
#include <linux/spinlock.h>
#include <linux/srcu.h>

struct notifier_block;

typedef int (*notifier_fn_t)(struct notifier_block *nb, unsigned long action,
			     void *data);

struct notifier_block {
	notifier_fn_t			notifier_call;
	struct notifier_block __rcu	*next;
	int				priority;
};

struct raw_notifier_head {
	struct notifier_block __rcu *head;
};

struct atomic_notifier_head {
	spinlock_t lock;
	struct notifier_block __rcu *head;
};

struct blocking_notifier_head {
	struct rw_semaphore rwsem;
	struct notifier_block __rcu *head;
};

struct srcu_notifier_head {
	struct mutex mutex;
	struct srcu_struct srcu;
	struct notifier_block __rcu *head;
};

#define ATOMIC_INIT_NOTIFIER_HEAD(name) do {	\
		spin_lock_init(&(name)->lock);	\
		(name)->head = NULL;		\
	} while (0)
#define BLOCKING_INIT_NOTIFIER_HEAD(name) do {	\
		init_rwsem(&(name)->rwsem);	\
		(name)->head = NULL;		\
	} while (0)
#define RAW_INIT_NOTIFIER_HEAD(name) do { (name)->head = NULL; } while (0)

/* an SRCU chain is set up, and cleaned up, at run time */
void srcu_init_notifier_head(struct srcu_notifier_head *nh);
#define srcu_cleanup_notifier_head(name)	\
		cleanup_srcu_struct(&(name)->srcu);

#define ATOMIC_NOTIFIER_INIT(name) {				\
		.lock = __SPIN_LOCK_UNLOCKED(name.lock),	\
		.head = NULL }
#define BLOCKING_NOTIFIER_INIT(name) {			\
		.rwsem = __RWSEM_INITIALIZER((name).rwsem),	\
		.head = NULL }
#define RAW_NOTIFIER_INIT(name)	{ .head = NULL }
/* pcpu: the kernel's per-CPU srcu_data, which the shim's SRCU needs not */
#define SRCU_NOTIFIER_INIT(name, pcpu)				\
	{							\
		.mutex = __MUTEX_INITIALIZER(name.mutex),	\
		.srcu = __SRCU_STRUCT_INIT(name.srcu),		\
		.head = NULL,					\
	}

#define ATOMIC_NOTIFIER_HEAD(name) \
	struct atomic_notifier_head name = ATOMIC_NOTIFIER_INIT(name)
#define BLOCKING_NOTIFIER_HEAD(name) \
	struct blocking_notifier_head name = BLOCKING_NOTIFIER_INIT(name)
#define RAW_NOTIFIER_HEAD(name) \
	struct raw_notifier_head name = RAW_NOTIFIER_INIT(name)
#define _SRCU_NOTIFIER_HEAD(name, mod) \
	mod struct srcu_notifier_head name = SRCU_NOTIFIER_INIT(name, name)
#define SRCU_NOTIFIER_HEAD(name)	_SRCU_NOTIFIER_HEAD(name, /* not static */)
#define SRCU_NOTIFIER_HEAD_STATIC(name)	_SRCU_NOTIFIER_HEAD(name, static)

int atomic_notifier_chain_register(struct atomic_notifier_head *nh, struct notifier_block *nb);
int blocking_notifier_chain_register(struct blocking_notifier_head *nh,
				     struct notifier_block *nb);
int raw_notifier_chain_register(struct raw_notifier_head *nh, struct notifier_block *nb);
int srcu_notifier_chain_register(struct srcu_notifier_head *nh, struct notifier_block *nb);

/* -EBUSY when a block of the same priority is there already */
int blocking_notifier_chain_register_unique_prio(struct blocking_notifier_head *nh,
						 struct notifier_block *nb);
int atomic_notifier_chain_register_unique_prio(struct atomic_notifier_head *nh,
					       struct notifier_block *nb);

int atomic_notifier_chain_unregister(struct atomic_notifier_head *nh, struct notifier_block *nb);
int blocking_notifier_chain_unregister(struct blocking_notifier_head *nh,
				       struct notifier_block *nb);
int raw_notifier_chain_unregister(struct raw_notifier_head *nh, struct notifier_block *nb);
int srcu_notifier_chain_unregister(struct srcu_notifier_head *nh, struct notifier_block *nb);

int atomic_notifier_call_chain(struct atomic_notifier_head *nh, unsigned long val, void *v);
int blocking_notifier_call_chain(struct blocking_notifier_head *nh, unsigned long val, void *v);
int raw_notifier_call_chain(struct raw_notifier_head *nh, unsigned long val, void *v);
int srcu_notifier_call_chain(struct srcu_notifier_head *nh, unsigned long val, void *v);

/*
 * val_up to every block; if one stops the walk, val_down to the blocks
 * called before it, in the same order, and the stopping value returned
 */
int blocking_notifier_call_chain_robust(struct blocking_notifier_head *nh,
					unsigned long val_up, unsigned long val_down, void *v);
int raw_notifier_call_chain_robust(struct raw_notifier_head *nh, unsigned long val_up,
				   unsigned long val_down, void *v);

bool atomic_notifier_call_chain_is_empty(struct atomic_notifier_head *nh);

/* what a callback returns; STOP_MASK ends the walk */
#define NOTIFY_DONE		0x0000
#define NOTIFY_OK		0x0001
#define NOTIFY_STOP_MASK	0x8000
#define NOTIFY_BAD		(NOTIFY_STOP_MASK | 0x0002)
#define NOTIFY_STOP		(NOTIFY_OK | NOTIFY_STOP_MASK)

/* an errno carried in a notifier's return value, and back */
static inline int notifier_from_errno(int err)
{
	if (err)
		return NOTIFY_STOP_MASK | (NOTIFY_OK - err);
	return NOTIFY_OK;
}

static inline int notifier_to_errno(int ret)
{
	ret &= ~NOTIFY_STOP_MASK;
	return ret > NOTIFY_OK ? NOTIFY_OK - ret : 0;
}

/* events of the netlink and keyboard chains */
#define NETLINK_URELEASE	0x0001	/* a unicast netlink socket was released */
#define KBD_KEYCODE		0x0001	/* a keycode, before anything else */
#define KBD_UNBOUND_KEYCODE	0x0002	/* a keycode bound to nothing else */
#define KBD_UNICODE		0x0003	/* a unicode character */
#define KBD_KEYSYM		0x0004	/* a keysym */
#define KBD_POST_KEYSYM		0x0005	/* after the keysym was interpreted */

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/wait.h>
#include <linux/bitmap.h>
#endif
