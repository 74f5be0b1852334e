// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_irq.c - the one CPU's interrupt flag (linux/irqflags.h), bottom
 * halves, the irq handler types of linux/interrupt.h, and per-CPU data
 * (linux/percpu.h) on one CPU.
 */
#include <linux/kernel.h>
#include <linux/interrupt.h>
#include <linux/irqflags.h>
#include <linux/bottom_half.h>
#include <linux/percpu.h>

#include "ktest.h"

KTEST(irq, save_restore_nest)
{
	unsigned long outer, inner;

	KT_ASSERT(!irqs_disabled(), "on at start");
	local_irq_save(outer);
	KT_ASSERT(irqs_disabled(), "off after save");
	KT_ASSERT(!irqs_disabled_flags(outer), "outer flags say they were on");
	local_irq_save(inner);
	KT_ASSERT(irqs_disabled_flags(inner), "inner flags say they were off");
	local_irq_restore(inner);
	KT_ASSERT(irqs_disabled(), "still off: the inner restore keeps them off");
	local_irq_restore(outer);
	KT_ASSERT(!irqs_disabled(), "on again");
	local_irq_disable();
	local_save_flags(inner);
	KT_ASSERT(irqs_disabled_flags(inner), "saved flags");
	local_irq_enable();
	KT_ASSERT(!irqs_disabled(), "enabled");
	{
		guard(irqsave)();
		KT_ASSERT(irqs_disabled(), "in the guard");
	}
	KT_ASSERT(!irqs_disabled(), "after the guard");
	{
		guard(irq)();
		KT_ASSERT(irqs_disabled(), "in the irq guard");
	}
	KT_ASSERT(!irqs_disabled(), "after the irq guard");
	local_bh_disable();
	KT_ASSERT(!irqs_disabled(), "bh off leaves irqs on");
	local_bh_enable();
	KT_ASSERT(!local_bh_blocked(), "never blocked");
	return 0;
}

static int handled;

static irqreturn_t ktest_handler(int irq, void *dev)
{
	handled += irq;
	return IRQ_RETVAL(dev != NULL);
}

KTEST(irq, handler_types)
{
	irq_handler_t h = ktest_handler;

	KT_EQ(h(3, &handled), IRQ_HANDLED);
	KT_EQ(h(4, NULL), IRQ_NONE);
	KT_EQ(handled, 7);
	KT_EQ(no_action(5, NULL), IRQ_NONE);
	KT_EQ(IRQF_TIMER, 0x00014200);
	KT_EQ(IRQF_TRIGGER_MASK, 0xf);
	KT_EQ(probe_irq_on(), 0);
	KT_EQ(local_softirq_pending(), 0);
	return 0;
}

struct ktest_pcpu {
	u64 packets;
	int flag;
} __attribute__((__aligned__(64)));

static DEFINE_PER_CPU(int, ktest_counter);

KTEST(percpu, one_copy)
{
	long base = qdk_test_mem_objects();
	struct ktest_pcpu __percpu *p = alloc_percpu(struct ktest_pcpu);
	u64 __percpu *c = alloc_percpu_gfp(u64, GFP_ATOMIC);
	int cpu, n = 0, old;

	KT_ASSERT(p && c, "alloc");
	KT_EQ((unsigned long)p % 64, 0);
	KT_EQ(this_cpu_ptr(p)->packets, 0);
	this_cpu_ptr(p)->packets = 5;
	for_each_possible_cpu(cpu) {
		n += per_cpu_ptr(p, cpu)->packets;
		*per_cpu_ptr(c, cpu) = 9;
	}
	KT_EQ(n, 5);
	this_cpu_inc(*c);
	__this_cpu_add(*c, 10);
	KT_EQ(this_cpu_read(*c), 20);
	KT_EQ(this_cpu_add_return(*c, 2), 22);
	KT_EQ(this_cpu_xchg(*c, 1), 22);
	KT_EQ(this_cpu_cmpxchg(*c, 1, 7), 1);
	KT_EQ(this_cpu_cmpxchg(*c, 1, 8), 7);
	KT_EQ(*this_cpu_ptr(c), 7);
	this_cpu_write(ktest_counter, 3);
	this_cpu_or(ktest_counter, 4);
	KT_EQ(per_cpu(ktest_counter, 0), 7);
	old = 7;
	KT_ASSERT(this_cpu_try_cmpxchg(ktest_counter, &old, 1), "try_cmpxchg");
	old = 7;
	KT_ASSERT(!this_cpu_try_cmpxchg(ktest_counter, &old, 2) && old == 1, "fails, reads");
	KT_ASSERT(pcpu_nr_pages() >= 1, "pages held");
	free_percpu(p);
	free_percpu(c);
	free_percpu(NULL);
	KT_ASSERT(!__alloc_percpu_gfp(8, 3, GFP_KERNEL | __GFP_NOWARN), "bad alignment");
	KT_EQ(qdk_test_mem_objects(), base);
	return 0;
}
