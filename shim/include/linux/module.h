/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Modules. The shim links every module into one program, as a kernel has
 * its built-in code: THIS_MODULE is NULL (linux/init.h), module_init() and
 * module_exit() go to qdk_init()/qdk_exit(), the MODULE_*() metadata
 * vanishes. struct module is the series' (the members modules and drivers
 * read) and its reference count is the kernel's CONFIG_MODULE_UNLOAD one
 * (shim/lib/module.c): try_module_get() of a module going away fails, a
 * NULL module (built-in code) always succeeds.
 */
#ifndef _LINUX_MODULE_H
#define _LINUX_MODULE_H

#include <linux/list.h>
#include <linux/stat.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/export.h>
#include <linux/stringify.h>
#include <linux/moduleparam.h>
#include <linux/kobject.h>
#include <linux/mutex.h>
#include <linux/cleanup.h>
#include <linux/version.h>
#include <linux/elf.h>		/* uapi: Elf64_Sym ... */

/* x86-64's module ELF types (asm/module.h) */
#ifndef Elf_Sym
#define Elf_Shdr	Elf64_Shdr
#define Elf_Sym		Elf64_Sym
#define Elf_Ehdr	Elf64_Ehdr
#endif

/* moduleparam.h's, when an include cycle brings this header in before it is defined */
#ifndef MAX_PARAM_PREFIX_LEN
#define MAX_PARAM_PREFIX_LEN (64 - sizeof(unsigned long))
#endif
#define MODULE_NAME_LEN MAX_PARAM_PREFIX_LEN

#define MODULE_LICENSE(x)
#define MODULE_AUTHOR(x)
#define MODULE_DESCRIPTION(x)
#define MODULE_ALIAS(x)
#define MODULE_ALIAS_NET_SCH(x)
#define MODULE_VERSION(x)
#define MODULE_INFO(tag, info)
#define MODULE_SOFTDEP(x)
#define MODULE_IMPORT_NS(ns)
#define MODULE_FIRMWARE(x)
#define MODULE_DEVICE_TABLE(type, name)
/* what the kernel writes into modules.builtin: nothing to write here */
#define MODULE_FILE
#define MODULE_ARCH_INIT {}
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define MODULE_WEAKDEP(x)
#endif

/* an exported symbol's CRC, as modversions keep it */
struct modversion_info {
	unsigned long crc;
	char name[MODULE_NAME_LEN];
};

struct module;
struct module_param_attrs;
struct completion;
struct exception_table_entry;
struct notifier_block;

/* /sys/module/NAME */
struct module_kobject {
	struct kobject kobj;
	struct module *mod;
	struct kobject *drivers_dir;
	struct module_param_attrs *mp;
	struct completion *kobj_completion;
};

/* a file of /sys/module/NAME */
struct module_attribute {
	struct attribute attr;
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	ssize_t (*show)(struct module_attribute *mattr, struct module_kobject *mk, char *buf);
	ssize_t (*store)(struct module_attribute *mattr, struct module_kobject *mk,
			 const char *buf, size_t count);
#else
	ssize_t (*show)(const struct module_attribute *mattr, struct module_kobject *mk,
			char *buf);
	ssize_t (*store)(const struct module_attribute *mattr, struct module_kobject *mk,
			 const char *buf, size_t count);
#endif
	void (*setup)(struct module *mod, const char *s);
	int (*test)(struct module *mod);
	void (*free)(struct module *mod);
};

/* a built-in module's "version" file */
struct module_version_attribute {
	struct module_attribute mattr;
	const char *module_name;
	const char *version;
};

/* one module using another's symbols */
struct module_use {
	struct list_head source_list;
	struct list_head target_list;
	struct module *source, *target;
};

enum module_state {
	MODULE_STATE_LIVE,	/* running */
	MODULE_STATE_COMING,	/* formed, its init running */
	MODULE_STATE_GOING,	/* on its way out */
	MODULE_STATE_UNFORMED,	/* being set up */
};

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
/* a module's code and data, core or init */
struct module_layout {
	void *base;
	unsigned int size;
	unsigned int text_size;
	unsigned int ro_size;
	unsigned int ro_after_init_size;
};
#else
/* the kinds of a module's memory */
enum mod_mem_type {
	MOD_TEXT = 0,
	MOD_DATA,
	MOD_RODATA,
	MOD_RO_AFTER_INIT,
	MOD_INIT_TEXT,
	MOD_INIT_DATA,
	MOD_INIT_RODATA,

	MOD_MEM_NUM_TYPES,
	MOD_INVALID = -1,
};

#define mod_mem_type_is_init(type)	\
	((type) == MOD_INIT_TEXT || (type) == MOD_INIT_DATA || (type) == MOD_INIT_RODATA)
#define mod_mem_type_is_core(type)	(!mod_mem_type_is_init(type))
#define mod_mem_type_is_text(type)	((type) == MOD_TEXT || (type) == MOD_INIT_TEXT)
#define mod_mem_type_is_data(type)	(!mod_mem_type_is_text(type))
#define mod_mem_type_is_core_data(type)	\
	(mod_mem_type_is_core(type) && mod_mem_type_is_data(type))

#define for_each_mod_mem_type(type)				\
	for (enum mod_mem_type (type) = 0; (type) < MOD_MEM_NUM_TYPES; (type)++)

#define for_class_mod_mem_type(type, class)			\
	for_each_mod_mem_type(type)				\
		if (mod_mem_type_is_##class(type))

struct module_memory {
	void *base;
	unsigned int size;
};
#endif

/* a module's symbol table (kallsyms) */
struct mod_kallsyms {
	Elf_Sym *symtab;
	unsigned int num_symtab;
	char *strtab;
	char *typetab;
};

/* a livepatch module's ELF information (CONFIG_LIVEPATCH) */
struct klp_modinfo {
	Elf_Ehdr hdr;
	Elf_Shdr *sechdrs;
	char *secstrings;
	unsigned int symndx;
};

/* the members of Debian's configuration that a module or driver reads */
struct module {
	enum module_state state;
	struct list_head list;		/* in the list of modules */
	char name[MODULE_NAME_LEN];
	struct module_kobject mkobj;
	struct module_attribute *modinfo_attrs;
	const char *version;
	const char *srcversion;
	struct kobject *holders_dir;
	struct mutex param_lock;
	struct kernel_param *kp;
	unsigned int num_kp;
	bool sig_ok;			/* CONFIG_MODULE_SIG: the signature verified */
	bool async_probe_requested;
	int (*init)(void);
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	struct module_layout core_layout;
	struct module_layout init_layout;
#else
	struct module_memory mem[MOD_MEM_NUM_TYPES];
#endif
	unsigned long taints;
	struct mod_kallsyms __rcu *kallsyms;
	struct mod_kallsyms core_kallsyms;
	char *args;
	void __percpu *percpu;
	unsigned int percpu_size;
	bool klp;			/* CONFIG_LIVEPATCH: a livepatch module */
	bool klp_alive;
	struct klp_modinfo *klp_info;
	/* CONFIG_MODULE_UNLOAD */
	struct list_head source_list;	/* the modules that use this one */
	struct list_head target_list;	/* the modules this one uses */
	void (*exit)(void);
	atomic_t refcnt;		/* MODULE_REF_BASE while unused */
	ctor_fn_t *ctors;
	unsigned int num_ctors;
};

static inline unsigned long kallsyms_symbol_value(const Elf_Sym *sym)
{
	return sym->st_value;
}

/* a module may be entered unless it is going away */
static inline bool module_is_live(struct module *mod)
{
	return mod->state != MODULE_STATE_GOING;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline bool module_is_coming(struct module *mod)
{
	return mod->state == MODULE_STATE_COMING;
}
#endif

/* is addr in the module's core or init memory? */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
static inline bool within_module_core(unsigned long addr, const struct module *mod)
{
	return (unsigned long)mod->core_layout.base <= addr &&
	       addr < (unsigned long)mod->core_layout.base + mod->core_layout.size;
}

static inline bool within_module_init(unsigned long addr, const struct module *mod)
{
	return (unsigned long)mod->init_layout.base <= addr &&
	       addr < (unsigned long)mod->init_layout.base + mod->init_layout.size;
}
#else
static inline bool within_module_mem_type(unsigned long addr, const struct module *mod,
					  enum mod_mem_type type)
{
	unsigned long base = (unsigned long)mod->mem[type].base;

	return addr - base < mod->mem[type].size;
}

static inline bool within_module_core(unsigned long addr, const struct module *mod)
{
	for_class_mod_mem_type(type, core) {
		if (within_module_mem_type(addr, mod, type))
			return true;
	}
	return false;
}

static inline bool within_module_init(unsigned long addr, const struct module *mod)
{
	for_class_mod_mem_type(type, init) {
		if (within_module_mem_type(addr, mod, type))
			return true;
	}
	return false;
}
#endif

static inline bool within_module(unsigned long addr, const struct module *mod)
{
	return within_module_init(addr, mod) || within_module_core(addr, mod);
}

/* kernel threads are not modelled (shim/README.md): a call stops */
void __noreturn __module_put_and_kthread_exit(struct module *mod, long code);
#define module_put_and_kthread_exit(code) __module_put_and_kthread_exit(THIS_MODULE, code)

/* the reference count (shim/lib/module.c), CONFIG_MODULE_UNLOAD's */
int module_refcount(struct module *mod);
void __module_get(struct module *module);
bool try_module_get(struct module *module);
void module_put(struct module *module);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
DEFINE_FREE(module_put, struct module *, if (_T) module_put(_T))
#endif

/* built-in code is "kernel" */
#define module_name(mod)			\
({						\
	struct module *__mod = (mod);		\
	__mod ? __mod->name : "kernel";		\
})

/* no build ids without CONFIG_STACKTRACE_BUILD_ID (Debian's) */
static inline const unsigned char *module_buildid(struct module *mod)
{
	return NULL;
}

/* a module coming or going: the shim loads none, so a notifier never runs */
int register_module_notifier(struct notifier_block *nb);
int unregister_module_notifier(struct notifier_block *nb);

static inline bool module_requested_async_probing(struct module *module)
{
	return module && module->async_probe_requested;
}

static inline bool is_livepatch_module(struct module *mod)
{
	return mod->klp;
}

/* Debian's kernels do not force signatures (no module.sig_enforce) */
bool is_module_sig_enforced(void);

static inline bool module_sig_ok(struct module *module)
{
	return module->sig_ok;
}

/*
 * Another module's symbol, if it is there: every module is linked into one
 * program, so these are weak references (NULL when no module defines the
 * symbol; nothing to put back). A lookup by name has no symbol table.
 */
void *__symbol_get(const char *symbol);
void __symbol_put(const char *symbol);
#define symbol_get(x) ({ extern typeof(x) x __attribute__((weak, visibility("hidden"))); &(x); })
#define symbol_put(x) do { } while (0)
#define symbol_put_addr(p) do { } while (0)
#define symbol_request(x) symbol_get(x)


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/jump_label.h>
#include <linux/compiler.h>
#include <linux/cache.h>
#include <linux/srcu.h>
#include <linux/percpu.h>
#include <linux/idr.h>
#include <linux/mm_types.h>
#include <linux/notifier.h>
#include <linux/once.h>
#include <linux/prandom.h>
#include <linux/random.h>
#include <linux/rculist.h>
#include <linux/xarray.h>
#include <linux/hash.h>
#include <linux/kdev_t.h>
#include <linux/ratelimit.h>
#include <linux/sizes.h>
#include <linux/fcntl.h>
#include <linux/socket.h>
#include <linux/uaccess.h>
#include <linux/uio.h>
#include <linux/fs.h>
#include <asm/fpu/api.h>
#endif
