// SPDX-License-Identifier: GPL-2.0
/*
 * jump_label.c - kernel/jump_label.c's static keys as counts (see
 * linux/jump_label.h): no branch is patched, so flipping a key is a change
 * of its count under jump_label_mutex. The calls sleep in the kernel, and
 * might_sleep() stops one made in atomic context at its caller's line.
 */
#include <linux/export.h>
#include <linux/jump_label.h>
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/sched.h>

bool static_key_initialized = true;
EXPORT_SYMBOL_GPL(static_key_initialized);

static DEFINE_MUTEX(jump_label_mutex);

void jump_label_lock(void)
{
	mutex_lock(&jump_label_mutex);
}

void jump_label_unlock(void)
{
	mutex_unlock(&jump_label_mutex);
}

/* the kernel's boot step that reads the branch table: nothing to read here */
void jump_label_init(void)
{
	static_key_initialized = true;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
void jump_label_init_ro(void)
{
}
#endif

bool static_key_slow_inc_cpuslocked(struct static_key *key)
{
	bool ok;

	might_sleep();
	jump_label_lock();
	ok = static_key_fast_inc_not_disabled(key);
	jump_label_unlock();
	return ok;
}
EXPORT_SYMBOL_GPL(static_key_slow_inc_cpuslocked);

bool static_key_slow_inc(struct static_key *key)
{
	return static_key_slow_inc_cpuslocked(key);
}
EXPORT_SYMBOL_GPL(static_key_slow_inc);

void static_key_slow_dec_cpuslocked(struct static_key *key)
{
	int v;

	STATIC_KEY_CHECK_USE(key);
	might_sleep();
	jump_label_lock();
	v = atomic_read(&key->enabled);
	/* one dec too many: warned, and the key stays off */
	if (!WARN_ON_ONCE(v <= 0))
		atomic_set(&key->enabled, v - 1);
	jump_label_unlock();
}
EXPORT_SYMBOL_GPL(static_key_slow_dec_cpuslocked);

void static_key_slow_dec(struct static_key *key)
{
	static_key_slow_dec_cpuslocked(key);
}
EXPORT_SYMBOL_GPL(static_key_slow_dec);

void static_key_enable_cpuslocked(struct static_key *key)
{
	STATIC_KEY_CHECK_USE(key);
	might_sleep();
	/* on already: a switch, not a count (a counted key here is a bug) */
	if (atomic_read(&key->enabled) > 0) {
		WARN_ON_ONCE(atomic_read(&key->enabled) != 1);
		return;
	}
	jump_label_lock();
	atomic_set(&key->enabled, 1);
	jump_label_unlock();
}
EXPORT_SYMBOL_GPL(static_key_enable_cpuslocked);

void static_key_enable(struct static_key *key)
{
	static_key_enable_cpuslocked(key);
}
EXPORT_SYMBOL_GPL(static_key_enable);

void static_key_disable_cpuslocked(struct static_key *key)
{
	STATIC_KEY_CHECK_USE(key);
	might_sleep();
	if (atomic_read(&key->enabled) != 1) {
		WARN_ON_ONCE(atomic_read(&key->enabled) != 0);
		return;
	}
	jump_label_lock();
	atomic_set(&key->enabled, 0);
	jump_label_unlock();
}
EXPORT_SYMBOL_GPL(static_key_disable_cpuslocked);

void static_key_disable(struct static_key *key)
{
	static_key_disable_cpuslocked(key);
}
EXPORT_SYMBOL_GPL(static_key_disable);
