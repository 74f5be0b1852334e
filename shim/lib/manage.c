// SPDX-License-Identifier: GPL-2.0
/*
 * manage.c - the kernel's kernel/irq/manage.c (with devres.c's devm_ irq
 * calls and handle.c's no_action()): interrupt lines. User space has none,
 * so asking for one, or for its state, stops the call (qdk/unmodelled.h);
 * shim/README.md "No interrupts".
 */
#include <linux/interrupt.h>
#include <qdk/unmodelled.h>

#define NO_IRQ "user space has no interrupt lines"

/* no softirq is ever raised on the shim's CPU (linux/interrupt.h) */
unsigned int qdk_softirq_pending;

irqreturn_t no_action(int cpl, void *dev_id)
{
	return IRQ_NONE;
}

int request_threaded_irq(unsigned int irq, irq_handler_t handler, irq_handler_t thread_fn,
			 unsigned long flags, const char *name, void *dev)
{
	QDK_UNMODELLED(request_threaded_irq, NO_IRQ);
}

int request_any_context_irq(unsigned int irq, irq_handler_t handler, unsigned long flags,
			    const char *name, void *dev_id)
{
	QDK_UNMODELLED(request_any_context_irq, NO_IRQ);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
int request_percpu_irq_affinity(unsigned int irq, irq_handler_t handler, const char *devname,
				const cpumask_t *affinity, void __percpu *percpu_dev_id)
{
	QDK_UNMODELLED(request_percpu_irq_affinity, NO_IRQ);
}

int request_percpu_nmi(unsigned int irq, irq_handler_t handler, const char *name,
		       const struct cpumask *affinity, void __percpu *dev_id)
{
	QDK_UNMODELLED(request_percpu_nmi, NO_IRQ);
}
#else
int __request_percpu_irq(unsigned int irq, irq_handler_t handler, unsigned long flags,
			 const char *devname, void __percpu *percpu_dev_id)
{
	QDK_UNMODELLED(__request_percpu_irq, NO_IRQ);
}

int request_percpu_nmi(unsigned int irq, irq_handler_t handler, const char *devname,
		       void __percpu *dev)
{
	QDK_UNMODELLED(request_percpu_nmi, NO_IRQ);
}
#endif

int request_nmi(unsigned int irq, irq_handler_t handler, unsigned long flags,
		const char *name, void *dev)
{
	QDK_UNMODELLED(request_nmi, NO_IRQ);
}

const void *free_irq(unsigned int irq, void *dev_id)
{
	QDK_UNMODELLED(free_irq, NO_IRQ);
}

void free_percpu_irq(unsigned int irq, void __percpu *dev_id)
{
	QDK_UNMODELLED(free_percpu_irq, NO_IRQ);
}

const void *free_nmi(unsigned int irq, void *dev_id)
{
	QDK_UNMODELLED(free_nmi, NO_IRQ);
}

void free_percpu_nmi(unsigned int irq, void __percpu *percpu_dev_id)
{
	QDK_UNMODELLED(free_percpu_nmi, NO_IRQ);
}

int devm_request_threaded_irq(struct device *dev, unsigned int irq, irq_handler_t handler,
			      irq_handler_t thread_fn, unsigned long irqflags,
			      const char *devname, void *dev_id)
{
	QDK_UNMODELLED(devm_request_threaded_irq, NO_IRQ);
}

int devm_request_any_context_irq(struct device *dev, unsigned int irq, irq_handler_t handler,
				 unsigned long irqflags, const char *devname, void *dev_id)
{
	QDK_UNMODELLED(devm_request_any_context_irq, NO_IRQ);
}

void devm_free_irq(struct device *dev, unsigned int irq, void *dev_id)
{
	QDK_UNMODELLED(devm_free_irq, NO_IRQ);
}

void disable_irq_nosync(unsigned int irq)
{
	QDK_UNMODELLED(disable_irq_nosync, NO_IRQ);
}

bool disable_hardirq(unsigned int irq)
{
	QDK_UNMODELLED(disable_hardirq, NO_IRQ);
}

void disable_irq(unsigned int irq)
{
	QDK_UNMODELLED(disable_irq, NO_IRQ);
}

void disable_percpu_irq(unsigned int irq)
{
	QDK_UNMODELLED(disable_percpu_irq, NO_IRQ);
}

void enable_irq(unsigned int irq)
{
	QDK_UNMODELLED(enable_irq, NO_IRQ);
}

void enable_percpu_irq(unsigned int irq, unsigned int type)
{
	QDK_UNMODELLED(enable_percpu_irq, NO_IRQ);
}

bool irq_percpu_is_enabled(unsigned int irq)
{
	QDK_UNMODELLED(irq_percpu_is_enabled, NO_IRQ);
}

void irq_wake_thread(unsigned int irq, void *dev_id)
{
	QDK_UNMODELLED(irq_wake_thread, NO_IRQ);
}

bool irq_has_action(unsigned int irq)
{
	QDK_UNMODELLED(irq_has_action, NO_IRQ);
}

int irq_inject_interrupt(unsigned int irq)
{
	QDK_UNMODELLED(irq_inject_interrupt, NO_IRQ);
}

int irq_set_irq_wake(unsigned int irq, unsigned int on)
{
	QDK_UNMODELLED(irq_set_irq_wake, NO_IRQ);
}

int irq_set_affinity(unsigned int irq, const struct cpumask *cpumask)
{
	QDK_UNMODELLED(irq_set_affinity, NO_IRQ);
}

int irq_can_set_affinity(unsigned int irq)
{
	QDK_UNMODELLED(irq_can_set_affinity, NO_IRQ);
}

int irq_force_affinity(unsigned int irq, const struct cpumask *cpumask)
{
	QDK_UNMODELLED(irq_force_affinity, NO_IRQ);
}

int __irq_apply_affinity_hint(unsigned int irq, const struct cpumask *m, bool setaffinity)
{
	QDK_UNMODELLED(__irq_apply_affinity_hint, NO_IRQ);
}

int irq_set_affinity_notifier(unsigned int irq, struct irq_affinity_notify *notify)
{
	QDK_UNMODELLED(irq_set_affinity_notifier, NO_IRQ);
}

int irq_get_irqchip_state(unsigned int irq, enum irqchip_irq_state which, bool *state)
{
	QDK_UNMODELLED(irq_get_irqchip_state, NO_IRQ);
}

int irq_set_irqchip_state(unsigned int irq, enum irqchip_irq_state which, bool state)
{
	QDK_UNMODELLED(irq_set_irqchip_state, NO_IRQ);
}
