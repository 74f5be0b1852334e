/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ktest.h - unit tests of the shim written kernel-style (they include the
 * kernel-mirror headers), run as Check tests by run_tests.c. Built-in types
 * only, so both sides can include it.
 *
 *	KTEST(skb, put_push_pull)
 *	{
 *		KT_ASSERT(skb->len == 3, "len %u", skb->len);
 *		return 0;
 *	}
 *
 * A case returns 0 on success; KT_ASSERT formats the failure into msg and
 * returns 1. Each case runs in its own process (Check's fork mode) after
 * qdk_init(1), and must leave no allocation behind.
 */
#ifndef QDK_KTEST_H
#define QDK_KTEST_H

typedef int (*ktest_fn)(char *msg, unsigned long msglen);

struct ktest {
	const char *suite;
	const char *name;
	ktest_fn fn;
};

void ktest_register(const char *suite, const char *name, ktest_fn fn);
/* live kmalloc/skb objects (the shim's leak accounting) */
long qdk_test_mem_objects(void);

/* a qdisc of kind on its own device (ktest_util.c); NULL on failure */
struct Qdisc *qdk_test_qdisc(const char *kind);
void qdk_test_qdisc_put(struct Qdisc *sch);

/* the registered cases, in registration order */
unsigned long ktest_count(void);
const struct ktest *ktest_get(unsigned long i);

#define KTEST(suite, name)						\
	static int ktest_##suite##_##name(char *msg, unsigned long msglen); \
	static void __attribute__((constructor))			\
	ktest_reg_##suite##_##name(void)				\
	{ ktest_register(#suite, #name, ktest_##suite##_##name); }	\
	static int ktest_##suite##_##name(char *msg, unsigned long msglen)

#define KT_ASSERT(cond, fmt, ...) do {					\
	if (!(cond)) {							\
		snprintf(msg, msglen, "%s:%d: %s: " fmt, __FILE__,	\
			 __LINE__, #cond, ##__VA_ARGS__);		\
		return 1;						\
	}								\
} while (0)

#define KT_EQ(a, b) do {						\
	long long __a = (long long)(a), __b = (long long)(b);		\
	KT_ASSERT(__a == __b, "%lld != %lld", __a, __b);		\
} while (0)

#define KT_STREQ(a, b) do {						\
	const char *__a = (a), *__b = (b);				\
	KT_ASSERT(__a && __b && !strcmp(__a, __b), "\"%s\" != \"%s\"",	\
		  __a ? __a : "(null)", __b ? __b : "(null)");		\
} while (0)

#endif
