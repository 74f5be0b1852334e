/* SPDX-License-Identifier: GPL-2.0 */
/*
 * procfs entries (shim/lib/pseudofs.c): proc_create*() and proc_mkdir() make
 * /proc/[DIR/]NAME, opened, read, written, polled and ioctl'd through the
 * entry's proc_ops as the kernel's proc_reg_*() do; pde_data() is the data
 * given at creation. proc_remove()/remove_proc_entry() take entries (and
 * what is under them) away. The kernel refuses a second entry of one name
 * in a directory: here NULL, with the kernel's warning.
 */
#ifndef _LINUX_PROC_FS_H
#define _LINUX_PROC_FS_H

#include <linux/fs.h>
#include <linux/types.h>

struct proc_dir_entry;
struct seq_operations;
struct seq_file;

#define PROC_ENTRY_PERMANENT	1U

struct proc_ops {
	unsigned int proc_flags;
	int (*proc_open)(struct inode *inode, struct file *file);
	ssize_t (*proc_read)(struct file *file, char __user *buf, size_t count, loff_t *ppos);
	ssize_t (*proc_write)(struct file *file, const char __user *buf, size_t count,
			      loff_t *ppos);
	loff_t (*proc_lseek)(struct file *file, loff_t offset, int whence);
	int (*proc_release)(struct inode *inode, struct file *file);
	__poll_t (*proc_poll)(struct file *file, struct poll_table_struct *wait);
	long (*proc_ioctl)(struct file *file, unsigned int cmd, unsigned long arg);
};

struct proc_dir_entry *proc_create(const char *name, umode_t mode,
				   struct proc_dir_entry *parent,
				   const struct proc_ops *proc_ops);
struct proc_dir_entry *proc_create_data(const char *name, umode_t mode,
					struct proc_dir_entry *parent,
					const struct proc_ops *proc_ops, void *data);
struct proc_dir_entry *proc_mkdir(const char *name, struct proc_dir_entry *parent);
struct proc_dir_entry *proc_create_single_data(const char *name, umode_t mode,
					       struct proc_dir_entry *parent,
					       int (*show)(struct seq_file *, void *), void *data);
#define proc_create_single(name, mode, parent, show) \
	proc_create_single_data(name, mode, parent, show, NULL)
void proc_remove(struct proc_dir_entry *de);
void remove_proc_entry(const char *name, struct proc_dir_entry *parent);
void *pde_data(const struct inode *inode);


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/compiler.h>
#endif
