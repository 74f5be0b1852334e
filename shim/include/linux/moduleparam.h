/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Module parameters. module_param() registers the variable under its name
 * (and MODULE.name) before main(), as the kernel's __param section lists
 * it; `qdk-replay --param NAME=VALUE` sets it through the type's ops before
 * any module_init() runs, as insmod's arguments are set before the
 * module's init. Without --param a parameter keeps its compiled-in value.
 * The types: byte, short, ushort, int, uint, long, ulong, bool; another
 * one does not compile (no __qdk_param_type_TYPE). A parameter with
 * permissions is the file /sys/module/MODULE/parameters/NAME while the
 * modules are loaded (qdk_init() to qdk_exit()): a read gives the value as
 * the type's get() prints it ("%u\n", bool "Y\n"/"N\n"), a write sets it
 * through set(); without a write bit an open for writing is -EACCES.
 */
#ifndef _LINUX_MODULE_PARAMS_H
#define _LINUX_MODULE_PARAMS_H

#include <linux/compiler.h>
#include <linux/stringify.h>
#include <linux/types.h>

struct kernel_param;

struct kernel_param_ops {
	unsigned int flags;
	/* 0, or -EINVAL / -ERANGE: the value is left as it was */
	int (*set)(const char *val, const struct kernel_param *kp);
	/* the value as /sys/module/MODULE/parameters/NAME reads it; its length */
	int (*get)(char *buffer, const struct kernel_param *kp);
	void (*free)(void *arg);
};

struct kernel_param {
	const char *name;
	const char *modname;
	const struct kernel_param_ops *ops;
	u16 perm;	/* of its sysfs file; 0: none */
	void *arg;
};

extern const struct kernel_param_ops param_ops_byte, param_ops_short, param_ops_ushort,
	param_ops_int, param_ops_uint, param_ops_long, param_ops_ulong, param_ops_bool;

#define __qdk_param_type_byte	unsigned char
#define __qdk_param_type_short	short
#define __qdk_param_type_ushort	unsigned short
#define __qdk_param_type_int	int
#define __qdk_param_type_uint	unsigned int
#define __qdk_param_type_long	long
#define __qdk_param_type_ulong	unsigned long
#define __qdk_param_type_bool	bool

void qdk_register_param(const struct kernel_param *kp);

#define module_param_cb(_name, _ops, _arg, _perm)			\
	static const struct kernel_param __param_##_name = {		\
		.name = __stringify(_name), .modname = KBUILD_MODNAME,	\
		.ops = _ops, .perm = _perm, .arg = _arg };		\
	static void __attribute__((constructor))			\
	__qdk_param_##_name(void)					\
	{ qdk_register_param(&__param_##_name); }

/*
 * The pointer's initializer checks that value has the C type of type, as
 * the kernel's param_check_TYPE() does. type is pasted at once, before
 * the preprocessor could expand it (bool may be a macro of the C library).
 */
#define __qdk_module_param(name, value, ctype, ops, perm)		\
	static ctype *__qdk_param_check_##name __maybe_unused = &(value); \
	module_param_cb(name, ops, &(value), perm)

#define module_param_named(name, value, type, perm)			\
	__qdk_module_param(name, value, __qdk_param_type_##type,	\
			   &param_ops_##type, perm)

#define module_param(name, type, perm)					\
	__qdk_module_param(name, name, __qdk_param_type_##type,	\
			   &param_ops_##type, perm)

#define MODULE_PARM_DESC(_parm, desc)

#endif
