// SPDX-License-Identifier: GPL-2.0
/*
 * module.c - a module's reference count and the module notifiers (the
 * kernel's kernel/module/main.c, CONFIG_MODULE_UNLOAD). Built-in code has
 * no module (NULL): getting and putting it always succeeds and counts
 * nothing, as in the kernel.
 */
#include <linux/module.h>
#include <linux/notifier.h>
#include <qdk/unmodelled.h>

/* the count of a loaded module nobody uses */
#define MODULE_REF_BASE	1

int module_refcount(struct module *mod)
{
	return atomic_read(&mod->refcnt) - MODULE_REF_BASE;
}
EXPORT_SYMBOL(module_refcount);

/* a reference the caller knows it may take (it holds one already) */
void __module_get(struct module *module)
{
	if (module)
		atomic_inc(&module->refcnt);
}
EXPORT_SYMBOL(__module_get);

/* fails for a module going away, or one whose count was dropped to 0 */
bool try_module_get(struct module *module)
{
	if (!module)
		return true;
	return module_is_live(module) && atomic_inc_not_zero(&module->refcnt);
}
EXPORT_SYMBOL(try_module_get);

void module_put(struct module *module)
{
	if (module)
		WARN_ON(atomic_dec_if_positive(&module->refcnt) < 0);
}
EXPORT_SYMBOL(module_put);

/*
 * The kernel calls these as a module comes (MODULE_STATE_COMING, then
 * LIVE) and goes: the shim's modules are there from the start, so the
 * chain is kept and never called.
 */
static RAW_NOTIFIER_HEAD(module_notify_list);

int register_module_notifier(struct notifier_block *nb)
{
	return raw_notifier_chain_register(&module_notify_list, nb);
}
EXPORT_SYMBOL(register_module_notifier);

int unregister_module_notifier(struct notifier_block *nb)
{
	return raw_notifier_chain_unregister(&module_notify_list, nb);
}
EXPORT_SYMBOL(unregister_module_notifier);

/* module.sig_enforce is off on Debian's kernels unless asked for at boot */
bool is_module_sig_enforced(void)
{
	return false;
}
EXPORT_SYMBOL(is_module_sig_enforced);

/* symbol_put(): a weak reference has nothing to put back */
void __symbol_put(const char *symbol)
{
}
EXPORT_SYMBOL(__symbol_put);

void *__symbol_get(const char *symbol)
{
	QDK_UNMODELLED(__symbol_get, "no kernel symbol table: symbol_get() is a weak reference");
}

void __module_put_and_kthread_exit(struct module *mod, long code)
{
	QDK_UNMODELLED(__module_put_and_kthread_exit, "the shim has no kernel threads");
}
