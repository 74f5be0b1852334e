/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Static keys: a branch that is almost always taken one way, flipped at run
 * time by a count (static_branch_inc()/dec()) or by enable/disable.
 *
 * The kernel patches the branch instruction itself (CONFIG_JUMP_LABEL) and
 * so makes a flip expensive and the test free; the shim keeps the key as
 * the kernel does without jump labels: an atomic count, read at each test.
 * What a module sees is the same: the branch is taken while the count is
 * above zero; a key defined true starts at one. Flipping a key sleeps in
 * the kernel (it takes jump_label_mutex and the CPU hotplug lock), so the
 * slow_ calls may not be made in atomic context; might_sleep() says so.
 */
#ifndef _QDK_SHIM_LINUX_JUMP_LABEL_H
#define _QDK_SHIM_LINUX_JUMP_LABEL_H

#include <linux/atomic.h>
#include <linux/bug.h>
#include <linux/compiler.h>
#include <linux/kconfig.h>
#include <linux/types.h>
#include <linux/version.h>

/* true once jump_label_init() ran: from the start in user space */
extern bool static_key_initialized;

#define STATIC_KEY_CHECK_USE(key) WARN(!static_key_initialized,		\
				       "%s(): static key '%pS' used before call to jump_label_init()", \
				       __func__, (key))

struct static_key {
	atomic_t enabled;	/* > 0: the branch is taken; < 0: being flipped */
};

/* what a branch site holds: the fall-through (a NOP) or the jump */
enum jump_label_type {
	JUMP_LABEL_NOP = 0,
	JUMP_LABEL_JMP,
};

/* what the key's branch sites were compiled as (the default) */
#define JUMP_TYPE_FALSE		0UL
#define JUMP_TYPE_TRUE		1UL
#define JUMP_TYPE_LINKED	2UL
#define JUMP_TYPE_MASK		3UL

#define STATIC_KEY_INIT_TRUE	{ .enabled = ATOMIC_INIT(1) }
#define STATIC_KEY_INIT_FALSE	{ .enabled = ATOMIC_INIT(0) }
#define STATIC_KEY_INIT		STATIC_KEY_INIT_FALSE

void jump_label_init(void);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
void jump_label_init_ro(void);
#endif
/* jump_label_mutex: held while keys are flipped */
void jump_label_lock(void);
void jump_label_unlock(void);

static __always_inline int static_key_count(struct static_key *key)
{
	return atomic_read(&key->enabled);
}

/* the old interface: whether the key is on, for a branch expected off / on */
static __always_inline bool static_key_false(struct static_key *key)
{
	return unlikely(static_key_count(key) > 0);
}

static __always_inline bool static_key_true(struct static_key *key)
{
	return likely(static_key_count(key) > 0);
}

/* one more user; false (and no change) once the count would overflow */
static inline bool static_key_fast_inc_not_disabled(struct static_key *key)
{
	int v;

	STATIC_KEY_CHECK_USE(key);
	v = atomic_read(&key->enabled);
	do {
		if (v < 0 || (v + 1) < 0)
			return false;
	} while (!likely(atomic_try_cmpxchg(&key->enabled, &v, v + 1)));
	return true;
}

bool static_key_slow_inc(struct static_key *key);
void static_key_slow_dec(struct static_key *key);
bool static_key_slow_inc_cpuslocked(struct static_key *key);
void static_key_slow_dec_cpuslocked(struct static_key *key);
/* on (count 1) or off (0), for keys used as switches, not counted */
void static_key_enable(struct static_key *key);
void static_key_disable(struct static_key *key);
void static_key_enable_cpuslocked(struct static_key *key);
void static_key_disable_cpuslocked(struct static_key *key);

/* a key's text (kprobes asks whether an address is a branch site): none */
static inline int jump_label_text_reserved(void *start, void *end)
{
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 0, 0)
#include <linux/cleanup.h>
/* guard(jump_label_lock)(): jump_label_mutex held to the end of the scope */
DEFINE_LOCK_GUARD_0(jump_label_lock, jump_label_lock(), jump_label_unlock())
#endif

#define jump_label_enabled static_key_enabled

/* the typed keys: the type says which way the branch is laid out */
struct static_key_true {
	struct static_key key;
};

struct static_key_false {
	struct static_key key;
};

#define STATIC_KEY_TRUE_INIT  (struct static_key_true) { .key = STATIC_KEY_INIT_TRUE, }
#define STATIC_KEY_FALSE_INIT (struct static_key_false){ .key = STATIC_KEY_INIT_FALSE, }

#define DEFINE_STATIC_KEY_TRUE(name)	\
	struct static_key_true name = STATIC_KEY_TRUE_INIT
#define DEFINE_STATIC_KEY_TRUE_RO(name)	\
	struct static_key_true name __ro_after_init = STATIC_KEY_TRUE_INIT
#define DECLARE_STATIC_KEY_TRUE(name)	\
	extern struct static_key_true name
#define DEFINE_STATIC_KEY_FALSE(name)	\
	struct static_key_false name = STATIC_KEY_FALSE_INIT
#define DEFINE_STATIC_KEY_FALSE_RO(name)	\
	struct static_key_false name __ro_after_init = STATIC_KEY_FALSE_INIT
#define DECLARE_STATIC_KEY_FALSE(name)	\
	extern struct static_key_false name

#define DEFINE_STATIC_KEY_ARRAY_TRUE(name, count)		\
	struct static_key_true name[count] = {			\
		[0 ... (count) - 1] = STATIC_KEY_TRUE_INIT,	\
	}
#define DEFINE_STATIC_KEY_ARRAY_FALSE(name, count)		\
	struct static_key_false name[count] = {			\
		[0 ... (count) - 1] = STATIC_KEY_FALSE_INIT,	\
	}

/* true or false by a config option: IS_ENABLED(cfg) picks the definition */
#define _DEFINE_STATIC_KEY_1(name)	DEFINE_STATIC_KEY_TRUE(name)
#define _DEFINE_STATIC_KEY_0(name)	DEFINE_STATIC_KEY_FALSE(name)
#define DEFINE_STATIC_KEY_MAYBE(cfg, name)			\
	__PASTE(_DEFINE_STATIC_KEY_, IS_ENABLED(cfg))(name)
#define _DEFINE_STATIC_KEY_RO_1(name)	DEFINE_STATIC_KEY_TRUE_RO(name)
#define _DEFINE_STATIC_KEY_RO_0(name)	DEFINE_STATIC_KEY_FALSE_RO(name)
#define DEFINE_STATIC_KEY_MAYBE_RO(cfg, name)			\
	__PASTE(_DEFINE_STATIC_KEY_RO_, IS_ENABLED(cfg))(name)
#define _DECLARE_STATIC_KEY_1(name)	DECLARE_STATIC_KEY_TRUE(name)
#define _DECLARE_STATIC_KEY_0(name)	DECLARE_STATIC_KEY_FALSE(name)
#define DECLARE_STATIC_KEY_MAYBE(cfg, name)			\
	__PASTE(_DECLARE_STATIC_KEY_, IS_ENABLED(cfg))(name)

/* a branch macro given something that is no key: a link error, as the kernel's */
extern bool ____wrong_branch_error(void);

#define static_key_enabled(x)							\
({										\
	if (!__builtin_types_compatible_p(typeof(*x), struct static_key) &&	\
	    !__builtin_types_compatible_p(typeof(*x), struct static_key_true) &&\
	    !__builtin_types_compatible_p(typeof(*x), struct static_key_false))	\
		____wrong_branch_error();					\
	static_key_count((struct static_key *)x) > 0;				\
})

#define static_branch_likely(x)		likely_notrace(static_key_enabled(&(x)->key))
#define static_branch_unlikely(x)	unlikely_notrace(static_key_enabled(&(x)->key))

/* a key that only exists with cfg: without it the branch is cfg's default */
#define static_branch_maybe(config, x)					\
	(IS_ENABLED(config) ? static_branch_likely(x)			\
			    : static_branch_unlikely(x))

/* counted users: the branch is on while any holds it */
#define static_branch_inc(x)		static_key_slow_inc(&(x)->key)
#define static_branch_dec(x)		static_key_slow_dec(&(x)->key)
#define static_branch_inc_cpuslocked(x)	static_key_slow_inc_cpuslocked(&(x)->key)
#define static_branch_dec_cpuslocked(x)	static_key_slow_dec_cpuslocked(&(x)->key)

/* a switch: on or off, whoever asks */
#define static_branch_enable(x)			static_key_enable(&(x)->key)
#define static_branch_disable(x)		static_key_disable(&(x)->key)
#define static_branch_enable_cpuslocked(x)	static_key_enable_cpuslocked(&(x)->key)
#define static_branch_disable_cpuslocked(x)	static_key_disable_cpuslocked(&(x)->key)

#endif
