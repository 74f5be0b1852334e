/* SPDX-License-Identifier: GPL-2.0 */
/*
 * debugfs (shim/lib/pseudofs.c): directories and files under
 * /sys/kernel/debug, a file's inode->i_private being the data given at
 * creation. debugfs_create_u8/u16/u32/u64/ulong/bool/x8../x64 make files
 * that read and write the variable as the kernel's do: decimal "%llu\n"
 * (x: "0x%02llx\n" .. "0x%016llx\n"), bool "Y\n"/"N\n"; a write is parsed
 * as kstrtoull(base 0) / kstrtobool() would and needs the write mode bit,
 * like the kernel's. A second name in a directory: -EEXIST (ERR_PTR),
 * which, as in the kernel, the other calls accept as a parent.
 * 7.x's debugfs_create_file() also takes debugfs_short_fops (a _Generic).
 */
#ifndef _LINUX_DEBUGFS_H
#define _LINUX_DEBUGFS_H

#include <linux/err.h>
#include <linux/fs.h>
#include <linux/types.h>
#include <linux/version.h>

struct dentry;
struct device;
struct seq_file;
struct vfsmount;

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 13, 0)
/* old_dentry as new_name in new_dir (a directory moves with its files) */
struct dentry *debugfs_rename(struct dentry *old_dir, struct dentry *old_dentry,
			      struct dentry *new_dir, const char *new_name);
#else
/* a new name in the same directory: 0, -EEXIST if taken */
__printf(2, 3) int debugfs_change_name(struct dentry *dentry, const char *fmt, ...);
/* the aux given at creation, for the file's ops */
void *debugfs_get_aux(const struct file *file);
#define debugfs_get_aux_num(f)	(unsigned long)debugfs_get_aux(f)
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 8, 0)
/*
 * A handler that may block registers cancel(): removing the file calls it
 * (the kernel's, when a removal waits for the handler).
 */
struct debugfs_cancellation {
	struct list_head list;
	void (*cancel)(struct dentry *, void *);
	void *cancel_data;
};

void debugfs_enter_cancellation(struct file *file, struct debugfs_cancellation *cancellation);
void debugfs_leave_cancellation(struct file *file, struct debugfs_cancellation *cancellation);
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
struct debugfs_short_fops {
	ssize_t (*read)(struct file *file, char __user *buf, size_t count, loff_t *ppos);
	ssize_t (*write)(struct file *file, const char __user *buf, size_t count,
			 loff_t *ppos);
	loff_t (*llseek)(struct file *file, loff_t offset, int whence);
};

struct dentry *debugfs_create_file_full(const char *name, umode_t mode, struct dentry *parent,
					void *data, const void *aux,
					const struct file_operations *fops);
struct dentry *debugfs_create_file_short(const char *name, umode_t mode,
					 struct dentry *parent, void *data, const void *aux,
					 const struct debugfs_short_fops *fops);
#define debugfs_create_file(name, mode, parent, data, fops)			\
	_Generic(fops,								\
		 const struct file_operations *: debugfs_create_file_full,	\
		 const struct debugfs_short_fops *: debugfs_create_file_short,	\
		 struct file_operations *: debugfs_create_file_full,		\
		 struct debugfs_short_fops *: debugfs_create_file_short)	\
		(name, mode, parent, data, NULL, fops)
#define debugfs_create_file_aux(name, mode, parent, data, aux, fops)		\
	_Generic(fops,								\
		 const struct file_operations *: debugfs_create_file_full,	\
		 const struct debugfs_short_fops *: debugfs_create_file_short,	\
		 struct file_operations *: debugfs_create_file_full,		\
		 struct debugfs_short_fops *: debugfs_create_file_short)	\
		(name, mode, parent, data, aux, fops)
#define debugfs_create_file_aux_num(name, mode, parent, data, n, fops)		\
	debugfs_create_file_aux(name, mode, parent, data, (void *)(unsigned long)(n), fops)
#else
struct dentry *debugfs_create_file(const char *name, umode_t mode, struct dentry *parent,
				   void *data, const struct file_operations *fops);
#endif
struct dentry *debugfs_create_file_unsafe(const char *name, umode_t mode,
					  struct dentry *parent, void *data,
					  const struct file_operations *fops);
struct dentry *debugfs_create_dir(const char *name, struct dentry *parent);
/* a symbolic link to dest, relative to parent or absolute (opens follow it) */
struct dentry *debugfs_create_symlink(const char *name, struct dentry *parent, const char *dest);
void debugfs_remove(struct dentry *dentry);
#define debugfs_remove_recursive debugfs_remove

void debugfs_create_u8(const char *name, umode_t mode, struct dentry *parent, u8 *value);
void debugfs_create_u16(const char *name, umode_t mode, struct dentry *parent, u16 *value);
void debugfs_create_u32(const char *name, umode_t mode, struct dentry *parent, u32 *value);
void debugfs_create_u64(const char *name, umode_t mode, struct dentry *parent, u64 *value);
void debugfs_create_ulong(const char *name, umode_t mode, struct dentry *parent,
			  unsigned long *value);
void debugfs_create_x8(const char *name, umode_t mode, struct dentry *parent, u8 *value);
void debugfs_create_x16(const char *name, umode_t mode, struct dentry *parent, u16 *value);
void debugfs_create_x32(const char *name, umode_t mode, struct dentry *parent, u32 *value);
void debugfs_create_x64(const char *name, umode_t mode, struct dentry *parent, u64 *value);
void debugfs_create_bool(const char *name, umode_t mode, struct dentry *parent, bool *value);
void debugfs_create_size_t(const char *name, umode_t mode, struct dentry *parent,
			   size_t *value);
void debugfs_create_atomic_t(const char *name, umode_t mode, struct dentry *parent,
			     atomic_t *value);
/* an unsigned long in hex, as wide as the type */
static inline void debugfs_create_xul(const char *name, umode_t mode, struct dentry *parent,
				      unsigned long *value)
{
	if (sizeof(*value) == sizeof(u32))
		debugfs_create_x32(name, mode, parent, (u32 *)value);
	else
		debugfs_create_x64(name, mode, parent, (u64 *)value);
}

/* read-only: the string's text and a newline */
void debugfs_create_str(const char *name, umode_t mode, struct dentry *parent, char **value);

struct debugfs_blob_wrapper {
	void *data;
	unsigned long size;
};

struct dentry *debugfs_create_blob(const char *name, umode_t mode, struct dentry *parent,
				   struct debugfs_blob_wrapper *blob);

struct debugfs_u32_array {
	u32 *array;
	u32 n_elements;
};

void debugfs_create_u32_array(const char *name, umode_t mode, struct dentry *parent,
			      struct debugfs_u32_array *array);

/* registers of mapped memory, printed "name = 0x%08x" */
struct debugfs_reg32 {
	char *name;
	unsigned long offset;
};

struct debugfs_regset32 {
	const struct debugfs_reg32 *regs;
	int nregs;
	void __iomem *base;
	struct device *dev;
};

void debugfs_print_regs32(struct seq_file *s, const struct debugfs_reg32 *regs, int nregs,
			  void __iomem *base, char *prefix);
void debugfs_create_regset32(const char *name, umode_t mode, struct dentry *parent,
			     struct debugfs_regset32 *regset);

void debugfs_create_devm_seqfile(struct device *dev, const char *name, struct dentry *parent,
				 int (*read_fn)(struct seq_file *s, void *data));

void debugfs_create_file_size(const char *name, umode_t mode, struct dentry *parent,
			      void *data, const struct file_operations *fops,
			      loff_t file_size);

struct dentry *debugfs_lookup(const char *name, struct dentry *parent);
void debugfs_lookup_and_remove(const char *name, struct dentry *parent);
bool debugfs_initialized(void);
/* the file_operations a debugfs file was created with (no proxy in the shim) */
const struct file_operations *debugfs_real_fops(const struct file *filp);
int debugfs_file_get(struct dentry *dentry);
void debugfs_file_put(struct dentry *dentry);

ssize_t debugfs_read_file_bool(struct file *file, char __user *user_buf, size_t count,
			       loff_t *ppos);
ssize_t debugfs_write_file_bool(struct file *file, const char __user *user_buf, size_t count,
				loff_t *ppos);

/* the simple_attr handlers of DEFINE_DEBUGFS_ATTRIBUTE() */
ssize_t debugfs_attr_read(struct file *file, char __user *buf, size_t len, loff_t *ppos);
ssize_t debugfs_attr_write(struct file *file, const char __user *buf, size_t len,
			   loff_t *ppos);
ssize_t debugfs_attr_write_signed(struct file *file, const char __user *buf, size_t len,
				  loff_t *ppos);

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
#define __QDK_DEBUGFS_ATTR_LLSEEK	.llseek = no_llseek,
#else
#define __QDK_DEBUGFS_ATTR_LLSEEK
#endif

#define DEFINE_DEBUGFS_ATTRIBUTE_XSIGNED(__fops, __get, __set, __fmt, __is_signed)	\
static int __fops ## _open(struct inode *inode, struct file *file)		\
{										\
	__simple_attr_check_format(__fmt, 0ull);				\
	return simple_attr_open(inode, file, __get, __set, __fmt);		\
}										\
static const struct file_operations __fops = {					\
	.owner	 = THIS_MODULE,							\
	.open	 = __fops ## _open,						\
	.release = simple_attr_release,						\
	.read	 = debugfs_attr_read,						\
	.write	 = (__is_signed) ? debugfs_attr_write_signed : debugfs_attr_write,	\
	__QDK_DEBUGFS_ATTR_LLSEEK						\
}
#define DEFINE_DEBUGFS_ATTRIBUTE(__fops, __get, __set, __fmt)			\
	DEFINE_DEBUGFS_ATTRIBUTE_XSIGNED(__fops, __get, __set, __fmt, false)
#define DEFINE_DEBUGFS_ATTRIBUTE_SIGNED(__fops, __get, __set, __fmt)		\
	DEFINE_DEBUGFS_ATTRIBUTE_XSIGNED(__fops, __get, __set, __fmt, true)

/* a directory that mounts a file system when entered: no mounts here */
typedef struct vfsmount *(*debugfs_automount_t)(struct dentry *, void *);
struct dentry *debugfs_create_automount(const char *name, struct dentry *parent,
					debugfs_automount_t f, void *data);


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/seq_file.h>
#include <linux/compiler.h>
#include <linux/ctype.h>
#include <linux/kconfig.h>
#include <linux/notifier.h>
#endif
