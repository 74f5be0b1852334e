// SPDX-License-Identifier: GPL-2.0
/*
 * kobject_uevent.c - uevents (the kernel's lib/kobject_uevent.c). The
 * kernel broadcasts one over netlink to udev and may run a helper; the
 * shim has neither, so an event only records on the object that its add
 * or remove event was sent (what kobject_del() and the release path look
 * at), after the kernel's checks (an object outside a kset: -EINVAL).
 */
#include <linux/kernel.h>
#include <linux/kobject.h>
#include <linux/stdarg.h>

#include "shim.h"

int add_uevent_var(struct kobj_uevent_env *env, const char *format, ...)
{
	va_list args;
	int len;

	if (env->envp_idx >= ARRAY_SIZE(env->envp)) {
		WARN(1, KERN_ERR "add_uevent_var: too many keys\n");
		return -ENOMEM;
	}
	va_start(args, format);
	len = vsnprintf(&env->buf[env->buflen], sizeof(env->buf) - env->buflen, format, args);
	va_end(args);
	if (len >= (int)sizeof(env->buf) - env->buflen) {
		WARN(1, KERN_ERR "add_uevent_var: buffer size too small\n");
		return -ENOMEM;
	}
	env->envp[env->envp_idx++] = &env->buf[env->buflen];
	env->buflen += len + 1;
	return 0;
}

int kobject_uevent_env(struct kobject *kobj, enum kobject_action action, char *envp_ext[])
{
	/* an object in no kset has no one to send its events: the kernel's -EINVAL */
	if (!qdk_kobj_in_kset(kobj))
		return -EINVAL;
	/* a removed object's remove event is sent at most once */
	if (action == KOBJ_REMOVE)
		kobj->state_remove_uevent_sent = 1;
	if (kobj->uevent_suppress)
		return 0;
	if (action == KOBJ_ADD)
		kobj->state_add_uevent_sent = 1;
	return 0;
}

int kobject_uevent(struct kobject *kobj, enum kobject_action action)
{
	return kobject_uevent_env(kobj, action, NULL);
}
