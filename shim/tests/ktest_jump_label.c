// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_jump_label.c - static keys: a count that turns a branch on while
 * above zero, typed keys' defaults, switches, and the misuse the kernel
 * warns of (one dec too many, a switch used as a count).
 */
#include <linux/kernel.h>
#include <linux/jump_label.h>
#include <linux/version.h>

#include "ktest.h"

static DEFINE_STATIC_KEY_FALSE(t_off);
static DEFINE_STATIC_KEY_TRUE(t_on);
static DEFINE_STATIC_KEY_ARRAY_FALSE(t_arr, 3);
static DEFINE_STATIC_KEY_MAYBE(CONFIG_QDK_NOT_SET, t_maybe);

KTEST(jump_label, counted_keys_and_defaults)
{
	KT_ASSERT(!static_branch_unlikely(&t_off) && !static_branch_likely(&t_off), "off");
	KT_ASSERT(static_branch_likely(&t_on), "a true key starts on");
	KT_ASSERT(!static_key_enabled(&t_maybe), "an unset option: a false key");
	KT_ASSERT(!static_branch_unlikely(&t_arr[2]), "array keys start off");

	KT_ASSERT(static_branch_inc(&t_off), "first user");
	KT_ASSERT(static_branch_inc(&t_off), "second user");
	KT_EQ(static_key_count(&t_off.key), 2);
	KT_ASSERT(static_branch_unlikely(&t_off) && static_key_false(&t_off.key), "on");
	static_branch_dec(&t_off);
	KT_ASSERT(static_branch_unlikely(&t_off), "one user left");
	static_branch_dec(&t_off);
	KT_ASSERT(!static_branch_unlikely(&t_off), "off again");
	/* one dec too many: warned, and the count stays at zero */
	static_branch_dec(&t_off);
	KT_EQ(static_key_count(&t_off.key), 0);

	static_branch_disable(&t_on);
	KT_ASSERT(!static_branch_likely(&t_on) && !static_key_true(&t_on.key), "switched off");
	static_branch_enable(&t_on);
	static_branch_enable(&t_on);	/* a switch: on once */
	KT_EQ(static_key_count(&t_on.key), 1);
	KT_ASSERT(static_branch_maybe(CONFIG_QDK_NOT_SET, &t_on), "maybe reads the key");
	KT_EQ(jump_label_text_reserved(NULL, NULL), 0);
	return 0;
}

KTEST(jump_label, inc_refuses_an_overflow)
{
	struct static_key k = STATIC_KEY_INIT;

	atomic_set(&k.enabled, INT_MAX);
	KT_ASSERT(!static_key_slow_inc(&k), "no room");
	KT_EQ(static_key_count(&k), INT_MAX);
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 0, 0)
KTEST(jump_label, lock_guard)
{
	struct static_key k = STATIC_KEY_INIT_TRUE;

	scoped_guard(jump_label_lock)
		KT_EQ(static_key_count(&k), 1);
	/* the guard let go: a flip takes the lock again */
	static_key_disable(&k);
	KT_EQ(static_key_count(&k), 0);
	KT_EQ(JUMP_LABEL_JMP, 1);
	return 0;
}
#endif
