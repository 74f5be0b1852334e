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
#include <linux/version.h>

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

/* what start() returns for a header line before the first record */
#define SEQ_START_TOKEN ((void *)1)

struct list_head;
struct hlist_head;
struct hlist_node;
struct path;
struct dentry;

/*
 * The free part of the buffer to write into directly, and the count of
 * what was written there (-1: it did not fit, the record is retried in a
 * larger buffer).
 */
static inline size_t seq_get_buf(struct seq_file *m, char **bufp)
{
	BUG_ON(m->count > m->size);
	if (m->count < m->size)
		*bufp = m->buf + m->count;
	else
		*bufp = NULL;
	return m->size - m->count;
}

static inline void seq_commit(struct seq_file *m, int num)
{
	if (num < 0) {
		m->count = m->size;
	} else {
		BUG_ON(m->count + num > m->size);
		m->count += num;
	}
}

/* seq_pad() fills the record with spaces up to size bytes from here */
static inline void seq_setwidth(struct seq_file *m, size_t size)
{
	m->pad_until = m->count + size;
}

void seq_pad(struct seq_file *m, char c);

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
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
void __seq_puts(struct seq_file *m, const char *s);
#endif
void seq_hex_dump(struct seq_file *m, const char *prefix_str, int prefix_type, int rowsize,
		  int groupsize, const void *buf, size_t len, bool ascii);
/* p, which lies in the buffer at or after s, copied to s with esc's characters escaped */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
char *mangle_path(char *s, const char *p, const char *esc);
#else
char *seq_mangle_path(char *s, const char *p, const char *esc);
#endif

/* single_open() with a first buffer of size bytes */
int single_open_size(struct file *file, int (*show)(struct seq_file *, void *), void *data,
		     size_t size);

/*
 * s with each character of esc as a backslash and three octal digits, as
 * the kernel's seq_escape() (ESCAPE_OCTAL of those characters only).
 */
void qdk_seq_escape_octal(struct seq_file *m, const char *s, const char *esc);

static inline void seq_escape(struct seq_file *m, const char *s, const char *esc)
{
	qdk_seq_escape_octal(m, s, esc);
}

/* ,name[=value] of a mount option, its separators escaped */
static inline void seq_show_option(struct seq_file *m, const char *name, const char *value)
{
	seq_putc(m, ',');
	seq_escape(m, name, ",= \t\n\\");
	if (value) {
		seq_putc(m, '=');
		seq_escape(m, value, ", \t\n\\");
	}
}

#define seq_show_option_n(m, name, value, length) {			\
	char val_buf[length + 1];					\
	memcpy(val_buf, value, length);					\
	val_buf[length] = '\0';						\
	seq_show_option(m, name, val_buf);				\
}

/* the iov_iter read and paths through dentries: no file system here */
ssize_t seq_read_iter(struct kiocb *iocb, struct iov_iter *iter);
int seq_path(struct seq_file *m, const struct path *path, const char *esc);
int seq_file_path(struct seq_file *m, struct file *file, const char *esc);

/*
 * The user namespace of the reader: its opener's credentials' in the
 * kernel; the shim has one namespace (init_user_ns), as a kernel without
 * CONFIG_USER_NS.
 */
static inline struct user_namespace *seq_user_ns(struct seq_file *seq)
{
	extern struct user_namespace init_user_ns;

	return &init_user_ns;
}
int seq_dentry(struct seq_file *m, struct dentry *dentry, const char *esc);

/* the iterators over a list or hash list for start()/next() */
struct list_head *seq_list_start(struct list_head *head, loff_t pos);
struct list_head *seq_list_start_head(struct list_head *head, loff_t pos);
struct list_head *seq_list_next(void *v, struct list_head *head, loff_t *ppos);
struct list_head *seq_list_start_rcu(struct list_head *head, loff_t pos);
struct list_head *seq_list_start_head_rcu(struct list_head *head, loff_t pos);
struct list_head *seq_list_next_rcu(void *v, struct list_head *head, loff_t *ppos);
struct hlist_node *seq_hlist_start(struct hlist_head *head, loff_t pos);
struct hlist_node *seq_hlist_start_head(struct hlist_head *head, loff_t pos);
struct hlist_node *seq_hlist_next(void *v, struct hlist_head *head, loff_t *ppos);
struct hlist_node *seq_hlist_start_rcu(struct hlist_head *head, loff_t pos);
struct hlist_node *seq_hlist_start_head_rcu(struct hlist_head *head, loff_t pos);
struct hlist_node *seq_hlist_next_rcu(void *v, struct hlist_head *head, loff_t *ppos);
struct hlist_node *seq_hlist_start_percpu(struct hlist_head __percpu *head, int *cpu,
					  loff_t pos);
struct hlist_node *seq_hlist_next_percpu(void *v, struct hlist_head __percpu *head,
					 int *cpu, loff_t *pos);

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

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 6, 0)
/* a show file that also takes writes (__name ## _write) */
#define DEFINE_SHOW_STORE_ATTRIBUTE(__name)				\
static int __name ## _open(struct inode *inode, struct file *file)	\
{									\
	return single_open(file, __name ## _show, inode->i_private);	\
}									\
static const struct file_operations __name ## _fops = {			\
	.owner		= THIS_MODULE,					\
	.open		= __name ## _open,				\
	.read		= seq_read,					\
	.write		= __name ## _write,				\
	.llseek		= seq_lseek,					\
	.release	= single_release,				\
}
#endif

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
#include <linux/ctype.h>
#include <linux/kconfig.h>
#include <linux/notifier.h>
#endif
