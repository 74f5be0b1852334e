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
#else
struct dentry *debugfs_create_file(const char *name, umode_t mode, struct dentry *parent,
				   void *data, const struct file_operations *fops);
#endif
struct dentry *debugfs_create_file_unsafe(const char *name, umode_t mode,
					  struct dentry *parent, void *data,
					  const struct file_operations *fops);
struct dentry *debugfs_create_dir(const char *name, struct dentry *parent);
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


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/seq_file.h>
#include <linux/compiler.h>
#endif
