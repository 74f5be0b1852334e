/* SPDX-License-Identifier: GPL-2.0 */
/*
 * seq_file (shim/lib/seq_file.c): records made by start/next/show/stop into a
 * buffer that grows (doubling from PAGE_SIZE) until one record fits, and
 * read(2) handed out from it, with the kernel's rules for positions (a
 * read at another position than the last one's end restarts from
 * record 0 and skips to it). single_open() for one show(),
 * DEFINE_SHOW_ATTRIBUTE() and DEFINE_PROC_SHOW_ATTRIBUTE() as the kernel
 * has them.
 */
#ifndef _LINUX_SEQ_FILE_H
#define _LINUX_SEQ_FILE_H

#include <linux/compiler.h>
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/stdarg.h>
#include <linux/string.h>
#include <linux/types.h>

struct seq_operations;

struct seq_file {
	char *buf;
	size_t size;
	size_t from;
	size_t count;
	size_t pad_until;
	loff_t index;
	loff_t read_pos;
	struct mutex lock;
	const struct seq_operations *op;
	int poll_event;
	const struct file *file;
	void *private;
};

struct seq_operations {
	void *(*start)(struct seq_file *m, loff_t *pos);
	void (*stop)(struct seq_file *m, void *v);
	void *(*next)(struct seq_file *m, void *v, loff_t *pos);
	int (*show)(struct seq_file *m, void *v);
};

#define SEQ_SKIP 1

static inline bool seq_has_overflowed(struct seq_file *m)
{
	return m->count == m->size;
}

int seq_open(struct file *file, const struct seq_operations *op);
ssize_t seq_read(struct file *file, char __user *buf, size_t size, loff_t *ppos);
loff_t seq_lseek(struct file *file, loff_t offset, int whence);
int seq_release(struct inode *inode, struct file *file);
int seq_open_private(struct file *file, const struct seq_operations *op, int psize);
void *__seq_open_private(struct file *file, const struct seq_operations *op, int psize);
int seq_release_private(struct inode *inode, struct file *file);
int single_open(struct file *file, int (*show)(struct seq_file *m, void *v), void *data);
int single_release(struct inode *inode, struct file *file);

__printf(2, 0) void seq_vprintf(struct seq_file *m, const char *fmt, va_list args);
__printf(2, 3) void seq_printf(struct seq_file *m, const char *fmt, ...);
void seq_putc(struct seq_file *m, char c);
void seq_puts(struct seq_file *m, const char *s);
void seq_write(struct seq_file *m, const void *data, size_t len);
void seq_put_decimal_ull(struct seq_file *m, const char *delimiter, unsigned long long num);
void seq_put_decimal_ll(struct seq_file *m, const char *delimiter, long long num);

/* the fops of a seq_file opened by NAME_open(), released by release */
#define __QDK_SEQ_FOPS(__name, __release)				\
static const struct file_operations __name ## _fops = {			\
	.owner		= THIS_MODULE,					\
	.open		= __name ## _open,				\
	.read		= seq_read,					\
	.llseek		= seq_lseek,					\
	.release	= __release,					\
}

#define DEFINE_SEQ_ATTRIBUTE(__name)					\
static int __name ## _open(struct inode *inode, struct file *file)	\
{									\
	int ret = seq_open(file, &__name ## _sops);			\
	if (!ret && inode->i_private) {					\
		struct seq_file *seq_f = file->private_data;		\
		seq_f->private = inode->i_private;			\
	}								\
	return ret;							\
}									\
__QDK_SEQ_FOPS(__name, seq_release)

#define DEFINE_SHOW_ATTRIBUTE(__name)					\
static int __name ## _open(struct inode *inode, struct file *file)	\
{									\
	return single_open(file, __name ## _show, inode->i_private);	\
}									\
__QDK_SEQ_FOPS(__name, single_release)

#define DEFINE_PROC_SHOW_ATTRIBUTE(__name)				\
static int __name ## _open(struct inode *inode, struct file *file)	\
{									\
	return single_open(file, __name ## _show, pde_data(inode));	\
}									\
static const struct proc_ops __name ## _proc_ops = {			\
	.proc_open	= __name ## _open,				\
	.proc_read	= seq_read,					\
	.proc_lseek	= seq_lseek,					\
	.proc_release	= single_release,				\
}


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/bug.h>
#endif
