/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Module parameters (shim/lib/params.c, kernel/params.c's semantics).
 * __module_param_call() makes the kernel's struct kernel_param and, for the
 * kernel's __param section, registers it from an ELF constructor before
 * main(); `qdk-replay --param NAME=VALUE` (or a trace's param line) sets it
 * through its ops before any module_init() runs, as insmod's arguments are
 * set before the module's init, NAME being the parameter's or
 * MODULE.NAME, '-' and '_' alike. Without --param a parameter keeps its
 * compiled-in value. Every type of the kernel: byte, short, ushort, int,
 * uint, long, ulong, ullong, hexint, charp, bool, invbool, bint, arrays of
 * them (module_param_array(), comma-separated), strings copied into a
 * buffer (module_param_string()), and the module's own ops
 * (module_param_cb()). The type checks are the kernel's: param_check_TYPE()
 * returns the variable's address as TYPE *, so another signedness of the
 * same width is silent (kbuild's -Wno-pointer-sign) and another type an
 * error (-Werror=incompatible-pointer-types); the permissions are checked by
 * VERIFY_OCTAL_PERMISSIONS() (no world-writable parameter).
 *
 * A parameter with permissions is the file /sys/module/MODULE/parameters/
 * NAME while the modules are loaded (qdk_init() to qdk_exit()): a read gives
 * what the type's get() prints, a write sets it through set(); without a
 * write bit an open for writing is -EACCES. At qdk_exit() each parameter's
 * free() runs, as at module unload: a charp set at run time is freed and
 * the variable gets its compiled-in value back (the module image reloaded).
 */
#ifndef _LINUX_MODULE_PARAMS_H
#define _LINUX_MODULE_PARAMS_H

#include <linux/version.h>
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#include <linux/array_size.h>
#include <linux/build_bug.h>
#include <linux/compiler.h>
#include <linux/export.h>	/* THIS_MODULE: 7.x's sysfs.h reaches it */
#include <linux/sysfs.h>
#include <linux/types.h>
#define __MODULE_NAME_LEN (64 - sizeof(unsigned long))
#else
#include <linux/init.h>
#include <linux/stringify.h>
#include <linux/kernel.h>
#define MAX_PARAM_PREFIX_LEN (64 - sizeof(unsigned long))
#endif

/* Every source is built as a module: parameters are named without a prefix. */
#define MODULE_PARAM_PREFIX /* empty */

#define __MODULE_PARM_TYPE(name, _type)
#define MODULE_PARM_DESC(_parm, desc)

struct kernel_param;
struct module;

enum {
	KERNEL_PARAM_OPS_FL_NOARG = (1 << 0)
};

struct kernel_param_ops {
	unsigned int flags;
	/* 0, or -errno (the value left as it was) */
	int (*set)(const char *val, const struct kernel_param *kp);
	/* the length written into the PAGE_SIZE buffer, or -errno */
	int (*get)(char *buffer, const struct kernel_param *kp);
	/* at unload: frees what set() allocated for kp->arg */
	void (*free)(void *arg);
};

enum {
	KERNEL_PARAM_FL_UNSAFE	= (1 << 0),
	KERNEL_PARAM_FL_HWPARAM	= (1 << 1),
};

struct kernel_param {
	const char *name;
	struct module *mod;
	const struct kernel_param_ops *ops;
	const u16 perm;
	s8 level;
	u8 flags;
	union {
		void *arg;
		const struct kparam_string *str;
		const struct kparam_array *arr;
	};
	const char *__qdk_modname;	/* KBUILD_MODNAME: /sys/module/NAME */
};

/* a string parameter copied into the module's buffer */
struct kparam_string {
	unsigned int maxlen;
	char *string;
};

struct kparam_array {
	unsigned int max;
	unsigned int elemsize;
	unsigned int *num;
	const struct kernel_param_ops *ops;
	void *elem;
};

void qdk_register_param(const struct kernel_param *kp);

#define module_param(name, type, perm)				\
	module_param_named(name, name, type, perm)

#define module_param_unsafe(name, type, perm)			\
	module_param_named_unsafe(name, name, type, perm)

#define module_param_named(name, value, type, perm)			\
	param_check_##type(name, &(value));				\
	module_param_cb(name, &param_ops_##type, &value, perm);		\
	__MODULE_PARM_TYPE(name, #type)

#define module_param_named_unsafe(name, value, type, perm)		\
	param_check_##type(name, &(value));				\
	module_param_cb_unsafe(name, &param_ops_##type, &value, perm);	\
	__MODULE_PARM_TYPE(name, #type)

#define module_param_cb(name, ops, arg, perm)				\
	__module_param_call(MODULE_PARAM_PREFIX, name, ops, arg, perm, -1, 0)

#define module_param_cb_unsafe(name, ops, arg, perm)			\
	__module_param_call(MODULE_PARAM_PREFIX, name, ops, arg, perm, -1, \
			    KERNEL_PARAM_FL_UNSAFE)

#define __level_param_cb(name, ops, arg, perm, level)			\
	__module_param_call(MODULE_PARAM_PREFIX, name, ops, arg, perm, level, 0)

#define core_param_cb(name, ops, arg, perm)	__level_param_cb(name, ops, arg, perm, 1)
#define postcore_param_cb(name, ops, arg, perm)	__level_param_cb(name, ops, arg, perm, 2)
#define arch_param_cb(name, ops, arg, perm)	__level_param_cb(name, ops, arg, perm, 3)
#define subsys_param_cb(name, ops, arg, perm)	__level_param_cb(name, ops, arg, perm, 4)
#define fs_param_cb(name, ops, arg, perm)	__level_param_cb(name, ops, arg, perm, 5)
#define device_param_cb(name, ops, arg, perm)	__level_param_cb(name, ops, arg, perm, 6)
#define late_param_cb(name, ops, arg, perm)	__level_param_cb(name, ops, arg, perm, 7)

#define __moduleparam_const const

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define __qdk_param_prefix_ok(prefix) \
	static_assert(sizeof(""prefix) - 1 <= __MODULE_NAME_LEN)
#else
#define __qdk_param_prefix_ok(prefix) \
	static_assert(sizeof(""prefix) - 1 <= MAX_PARAM_PREFIX_LEN)
#endif

/* The kernel's parameter; a constructor stands in for the __param section. */
#define __module_param_call(prefix, name, ops, arg, perm, level, flags)	\
	__qdk_param_prefix_ok(prefix);					\
	static const char __param_str_##name[] = prefix #name;		\
	static struct kernel_param __moduleparam_const __param_##name	\
	__used __aligned(__alignof__(struct kernel_param))		\
	= { __param_str_##name, THIS_MODULE, ops,			\
	    VERIFY_OCTAL_PERMISSIONS(perm), level, flags, { arg },	\
	    KBUILD_MODNAME };						\
	static void __attribute__((constructor))			\
	__qdk_param_reg_##name(void)					\
	{ qdk_register_param(&__param_##name); }

/* Obsolete - use module_param_cb() */
#define module_param_call(name, _set, _get, arg, perm)			\
	static const struct kernel_param_ops __param_ops_##name =	\
		{ .flags = 0, .set = _set, .get = _get };		\
	__module_param_call(MODULE_PARAM_PREFIX,			\
			    name, &__param_ops_##name, arg, perm, -1, 0)

/* sysfs writes and --param are never concurrent here */
static inline void kernel_param_lock(struct module *mod)
{
}

static inline void kernel_param_unlock(struct module *mod)
{
}

#define module_param_string(name, string, len, perm)			\
	static const struct kparam_string __param_string_##name		\
		= { len, string };					\
	__module_param_call(MODULE_PARAM_PREFIX, name,			\
			    &param_ops_string,				\
			    .str = &__param_string_##name, perm, -1, 0);\
	__MODULE_PARM_TYPE(name, "string")

bool parameq(const char *name1, const char *name2);
bool parameqn(const char *name1, const char *name2, size_t n);

/*
 * The type check: p returned as type *. The same width with another
 * signedness only warns with -Wpointer-sign (off in kbuild), any other
 * type is an incompatible pointer (an error in kbuild).
 */
#define __param_check(name, p, type) \
	static inline type __always_unused *__check_##name(void) { return(p); }

extern const struct kernel_param_ops param_ops_byte;
int param_set_byte(const char *val, const struct kernel_param *kp);
int param_get_byte(char *buffer, const struct kernel_param *kp);
#define param_check_byte(name, p) __param_check(name, p, unsigned char)

extern const struct kernel_param_ops param_ops_short;
int param_set_short(const char *val, const struct kernel_param *kp);
int param_get_short(char *buffer, const struct kernel_param *kp);
#define param_check_short(name, p) __param_check(name, p, short)

extern const struct kernel_param_ops param_ops_ushort;
int param_set_ushort(const char *val, const struct kernel_param *kp);
int param_get_ushort(char *buffer, const struct kernel_param *kp);
#define param_check_ushort(name, p) __param_check(name, p, unsigned short)

extern const struct kernel_param_ops param_ops_int;
int param_set_int(const char *val, const struct kernel_param *kp);
int param_get_int(char *buffer, const struct kernel_param *kp);
#define param_check_int(name, p) __param_check(name, p, int)

extern const struct kernel_param_ops param_ops_uint;
int param_set_uint(const char *val, const struct kernel_param *kp);
int param_get_uint(char *buffer, const struct kernel_param *kp);
int param_set_uint_minmax(const char *val, const struct kernel_param *kp,
			  unsigned int min, unsigned int max);
#define param_check_uint(name, p) __param_check(name, p, unsigned int)

extern const struct kernel_param_ops param_ops_long;
int param_set_long(const char *val, const struct kernel_param *kp);
int param_get_long(char *buffer, const struct kernel_param *kp);
#define param_check_long(name, p) __param_check(name, p, long)

extern const struct kernel_param_ops param_ops_ulong;
int param_set_ulong(const char *val, const struct kernel_param *kp);
int param_get_ulong(char *buffer, const struct kernel_param *kp);
#define param_check_ulong(name, p) __param_check(name, p, unsigned long)

extern const struct kernel_param_ops param_ops_ullong;
int param_set_ullong(const char *val, const struct kernel_param *kp);
int param_get_ullong(char *buffer, const struct kernel_param *kp);
#define param_check_ullong(name, p) __param_check(name, p, unsigned long long)

extern const struct kernel_param_ops param_ops_hexint;
int param_set_hexint(const char *val, const struct kernel_param *kp);
int param_get_hexint(char *buffer, const struct kernel_param *kp);
#define param_check_hexint(name, p) param_check_uint(name, p)

extern const struct kernel_param_ops param_ops_charp;
int param_set_charp(const char *val, const struct kernel_param *kp);
int param_get_charp(char *buffer, const struct kernel_param *kp);
void param_free_charp(void *arg);
#define param_check_charp(name, p) __param_check(name, p, char *)

extern const struct kernel_param_ops param_ops_bool;
int param_set_bool(const char *val, const struct kernel_param *kp);
int param_get_bool(char *buffer, const struct kernel_param *kp);
#define param_check_bool(name, p) __param_check(name, p, bool)

extern const struct kernel_param_ops param_ops_bool_enable_only;
int param_set_bool_enable_only(const char *val, const struct kernel_param *kp);
#define param_check_bool_enable_only param_check_bool

extern const struct kernel_param_ops param_ops_invbool;
int param_set_invbool(const char *val, const struct kernel_param *kp);
int param_get_invbool(char *buffer, const struct kernel_param *kp);
#define param_check_invbool(name, p) __param_check(name, p, bool)

/* an int set as a bool is, shown as an int */
extern const struct kernel_param_ops param_ops_bint;
int param_set_bint(const char *val, const struct kernel_param *kp);
#define param_get_bint param_get_int
#define param_check_bint param_check_int

#define module_param_array(name, type, nump, perm)		\
	module_param_array_named(name, name, type, nump, perm)

/* an array parameter with its kernel_param flags (plain, or a hardware one) */
#define __qdk_module_param_array(name, array, type, nump, perm, flags)	\
	param_check_##type(name, &(array)[0]);				\
	static const struct kparam_array __param_arr_##name		\
	= { .max = ARRAY_SIZE(array), .num = nump,			\
	    .ops = &param_ops_##type,					\
	    .elemsize = sizeof(array[0]), .elem = array };		\
	__module_param_call(MODULE_PARAM_PREFIX, name,			\
			    &param_array_ops,				\
			    .arr = &__param_arr_##name,			\
			    perm, -1, flags);				\
	__MODULE_PARM_TYPE(name, "array of " #type)

#define module_param_array_named(name, array, type, nump, perm)		\
	__qdk_module_param_array(name, array, type, nump, perm, 0)

enum hwparam_type {
	hwparam_ioport,
	hwparam_iomem,
	hwparam_ioport_or_iomem,
	hwparam_irq,
	hwparam_dma,
	hwparam_dma_addr,
	hwparam_other,
};

#define module_param_hw_named(name, value, type, hwtype, perm)		\
	param_check_##type(name, &(value));				\
	__module_param_call(MODULE_PARAM_PREFIX, name,			\
			    &param_ops_##type, &value,			\
			    perm, -1,					\
			    KERNEL_PARAM_FL_HWPARAM | (hwparam_##hwtype & 0)); \
	__MODULE_PARM_TYPE(name, #type)

#define module_param_hw(name, type, hwtype, perm)		\
	module_param_hw_named(name, name, type, hwtype, perm)

/* an array of hardware settings (I/O ports, IRQs ...), as module_param_array() */
#define module_param_hw_array(name, type, hwtype, nump, perm)		\
	__qdk_module_param_array(name, name, type, nump, perm,		\
				 KERNEL_PARAM_FL_HWPARAM | (hwparam_##hwtype & 0))

extern const struct kernel_param_ops param_array_ops;

extern const struct kernel_param_ops param_ops_string;
int param_set_copystring(const char *val, const struct kernel_param *kp);
int param_get_string(char *buffer, const struct kernel_param *kp);

#endif
