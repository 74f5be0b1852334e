// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_module.c - struct module's reference count (CONFIG_MODULE_UNLOAD's
 * rules), module_name(), the address checks, the module notifiers.
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/notifier.h>
#include <linux/string.h>
#include <linux/version.h>

#include "ktest.h"

KTEST(module, refcount_get_put)
{
	struct module mod = {
		.state = MODULE_STATE_LIVE,
		.refcnt = ATOMIC_INIT(1),	/* the loader's base count */
		.name = "sch_x",
	};

	KT_EQ(module_refcount(&mod), 0);
	KT_ASSERT(try_module_get(&mod), "live");
	__module_get(&mod);
	KT_EQ(module_refcount(&mod), 2);
	module_put(&mod);
	module_put(&mod);
	KT_EQ(module_refcount(&mod), 0);
	/* a module going away refuses new references */
	mod.state = MODULE_STATE_GOING;
	KT_ASSERT(!module_is_live(&mod), "going");
	KT_ASSERT(!try_module_get(&mod), "refused");
	KT_EQ(module_refcount(&mod), 0);
	/* a count dropped to 0 (rmmod's) refuses it too */
	mod.state = MODULE_STATE_LIVE;
	module_put(&mod);
	KT_EQ(module_refcount(&mod), -1);
	KT_ASSERT(!try_module_get(&mod), "unloading");
	/* and a put below 0 warns and leaves it */
	module_put(&mod);
	KT_EQ(module_refcount(&mod), -1);

	/* built-in code: no module, nothing counted */
	KT_ASSERT(THIS_MODULE == NULL, "built in");
	KT_ASSERT(try_module_get(THIS_MODULE), "built in");
	module_put(THIS_MODULE);
	KT_STREQ(module_name(THIS_MODULE), "kernel");
	KT_STREQ(module_name(&mod), "sch_x");
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	mod.state = MODULE_STATE_COMING;
	KT_ASSERT(module_is_coming(&mod) && module_is_live(&mod), "coming");
#endif
	return 0;
}

KTEST(module, within_module)
{
	static char core[64], init[16];
	struct module mod = { .state = MODULE_STATE_LIVE };

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	mod.core_layout.base = core;
	mod.core_layout.size = sizeof(core);
	mod.init_layout.base = init;
	mod.init_layout.size = sizeof(init);
#else
	mod.mem[MOD_TEXT].base = core;
	mod.mem[MOD_TEXT].size = sizeof(core);
	mod.mem[MOD_INIT_DATA].base = init;
	mod.mem[MOD_INIT_DATA].size = sizeof(init);
	KT_ASSERT(mod_mem_type_is_core_data(MOD_RODATA) && !mod_mem_type_is_core_data(MOD_TEXT),
		  "classes");
#endif
	KT_ASSERT(within_module_core((unsigned long)core + 63, &mod), "core end");
	KT_ASSERT(!within_module_core((unsigned long)core + 64, &mod), "past core");
	KT_ASSERT(within_module_init((unsigned long)init, &mod), "init");
	KT_ASSERT(!within_module_core((unsigned long)init, &mod), "init is not core");
	KT_ASSERT(within_module((unsigned long)init + 15, &mod), "either");
	KT_ASSERT(!within_module((unsigned long)init + 16 + 64 * 1024, &mod), "neither");
	KT_ASSERT(!module_requested_async_probing(NULL), "NULL");
	KT_ASSERT(!is_module_sig_enforced(), "Debian's default");
	return 0;
}

static int ktest_module_event(struct notifier_block *nb, unsigned long action, void *data)
{
	return NOTIFY_OK;
}

KTEST(module, notifier_register)
{
	struct notifier_block nb = { .notifier_call = ktest_module_event };

	KT_EQ(register_module_notifier(&nb), 0);
	KT_EQ(unregister_module_notifier(&nb), 0);
	KT_EQ(unregister_module_notifier(&nb), -ENOENT);
	KT_EQ(reset_devices, 0);
	return 0;
}
