// SPDX-License-Identifier: GPL-2.0
/*
 * tracepoint.c - the modules' tracepoints (linux/tracepoint.h), as
 * kernel/tracepoint.c keeps them: the list every DEFINE_TRACE_FN adds its
 * tracepoint to, and the probes attached to each, by descending prio, in
 * the NULL-terminated array the tracepoint's iterator walks. The array is
 * the tracepoint's own (QDK_TP_PROBES slots, linux/tracepoint-defs.h): the
 * kernel builds a new one at each change and frees the old after a grace
 * period; here nothing runs beside the change, so it is rewritten in place.
 */
#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/notifier.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <linux/tracepoint.h>
#include <linux/version.h>

#define MAX_TRACEPOINTS 512

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* 7.x keeps the callbacks apart, and a typed key */
#define tp_regfunc(tp)		((tp)->ext ? (tp)->ext->regfunc : NULL)
#define tp_unregfunc(tp)	((tp)->ext ? (tp)->ext->unregfunc : NULL)
#define tp_key(tp)		(&(tp)->key.key)
#else
#define tp_regfunc(tp)		((tp)->regfunc)
#define tp_unregfunc(tp)	((tp)->unregfunc)
#define tp_key(tp)		(&(tp)->key)
#endif

static struct tracepoint *tracepoints[MAX_TRACEPOINTS];
static int n_tracepoints;

void __qdk_tracepoint_add(struct tracepoint *tp)
{
	if (n_tracepoints == MAX_TRACEPOINTS) {
		pr_err("qdk: too many tracepoints (%s)\n", tp->name);
		return;
	}
	tracepoints[n_tracepoints++] = tp;
}

void for_each_kernel_tracepoint(void (*fct)(struct tracepoint *tp, void *priv),
				void *priv)
{
	int i;

	for (i = 0; i < n_tracepoints; i++)
		fct(tracepoints[i], priv);
}
EXPORT_SYMBOL_GPL(for_each_kernel_tracepoint);

static int tp_count(const struct tracepoint *tp)
{
	int n = 0;

	while (tp->__qdk_funcs[n].func)
		n++;
	return n;
}

static int tp_add(struct tracepoint *tp, void *probe, void *data, int prio,
		  bool warn)
{
	struct tracepoint_func *f = tp->__qdk_funcs;
	int n, i, at;

	if (!probe)
		return -EINVAL;
	n = tp_count(tp);
	for (i = 0; i < n; i++) {
		if (f[i].func == probe && f[i].data == data) {
			WARN_ON_ONCE(warn);
			return -EEXIST;
		}
	}
	if (n == QDK_TP_PROBES)
		return -ENOMEM;
	if (!n && tp_regfunc(tp)) {
		int ret = tp_regfunc(tp)();

		if (ret < 0)
			return ret;
	}
	for (at = 0; at < n && f[at].prio >= prio; at++)
		;
	memmove(&f[at + 1], &f[at], (n - at + 1) * sizeof(*f));
	f[at] = (struct tracepoint_func){ .func = probe, .data = data, .prio = prio };
	rcu_assign_pointer(tp->funcs, f);
	if (!n)
		static_key_slow_inc(tp_key(tp));
	return 0;
}

int tracepoint_probe_register_prio(struct tracepoint *tp, void *probe, void *data,
				   int prio)
{
	return tp_add(tp, probe, data, prio, true);
}
EXPORT_SYMBOL_GPL(tracepoint_probe_register_prio);

int tracepoint_probe_register_prio_may_exist(struct tracepoint *tp, void *probe,
					     void *data, int prio)
{
	return tp_add(tp, probe, data, prio, false);
}
EXPORT_SYMBOL_GPL(tracepoint_probe_register_prio_may_exist);

int tracepoint_probe_register(struct tracepoint *tp, void *probe, void *data)
{
	return tp_add(tp, probe, data, TRACEPOINT_DEFAULT_PRIO, true);
}
EXPORT_SYMBOL_GPL(tracepoint_probe_register);

int tracepoint_probe_unregister(struct tracepoint *tp, void *probe, void *data)
{
	struct tracepoint_func *f = tp->__qdk_funcs;
	int n = tp_count(tp), i;

	for (i = 0; i < n; i++)
		if (f[i].func == probe && f[i].data == data)
			break;
	if (i == n)
		return -ENOENT;
	memmove(&f[i], &f[i + 1], (n - i) * sizeof(*f));
	if (n > 1)
		return 0;
	rcu_assign_pointer(tp->funcs, NULL);
	static_key_slow_dec(tp_key(tp));
	if (tp_unregfunc(tp))
		tp_unregfunc(tp)();
	return 0;
}
EXPORT_SYMBOL_GPL(tracepoint_probe_unregister);

/* no module comes or goes after the start: nothing to tell */
int register_tracepoint_module_notifier(struct notifier_block *nb)
{
	return 0;
}
EXPORT_SYMBOL_GPL(register_tracepoint_module_notifier);

int unregister_tracepoint_module_notifier(struct notifier_block *nb)
{
	return 0;
}
EXPORT_SYMBOL_GPL(unregister_tracepoint_module_notifier);
