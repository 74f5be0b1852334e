// SPDX-License-Identifier: GPL-2.0
/*
 * pseudofs.c - procfs and debugfs entries (linux/proc_fs.h, linux/debugfs.h)
 * as nodes of the shim's file tree (fs.c): /proc/... reached through the
 * entry's proc_ops as fs/proc/inode.c's proc_reg_*() reach them (no
 * handler: -EIO for read and write, -ENOTTY for ioctl, DEFAULT_POLLMASK for
 * poll), /sys/kernel/debug/... through the file's own fops, and the
 * debugfs_create_<number>() files with the kernel's formats and parsing.
 */
#include <linux/debugfs.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/poll.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "shim.h"

/* ---- procfs --------------------------------------------------------------- */

struct proc_dir_entry {
	struct list_head list;
	struct qdk_node *node;
	const struct proc_ops *proc_ops;
	void *data;
	int (*single_show)(struct seq_file *m, void *v);
};

static LIST_HEAD(pdes);

static struct proc_dir_entry *PDE(const struct inode *inode)
{
	return inode->i_private;
}

void *pde_data(const struct inode *inode)
{
	return PDE(inode)->data;
}

static const struct proc_ops *pde_ops(struct file *file)
{
	return PDE(file_inode(file))->proc_ops;
}

static int proc_reg_open(struct inode *inode, struct file *file)
{
	const struct proc_ops *ops = PDE(inode)->proc_ops;

	return ops->proc_open ? ops->proc_open(inode, file) : 0;
}

static ssize_t proc_reg_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	const struct proc_ops *ops = pde_ops(file);

	return ops->proc_read ? ops->proc_read(file, buf, count, ppos) : -EIO;
}

static ssize_t proc_reg_write(struct file *file, const char __user *buf, size_t count,
			      loff_t *ppos)
{
	const struct proc_ops *ops = pde_ops(file);

	return ops->proc_write ? ops->proc_write(file, buf, count, ppos) : -EIO;
}

static __poll_t proc_reg_poll(struct file *file, struct poll_table_struct *pts)
{
	const struct proc_ops *ops = pde_ops(file);

	return ops->proc_poll ? ops->proc_poll(file, pts) : DEFAULT_POLLMASK;
}

static long proc_reg_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	const struct proc_ops *ops = pde_ops(file);

	return ops->proc_ioctl ? ops->proc_ioctl(file, cmd, arg) : -ENOTTY;
}

static int proc_reg_release(struct inode *inode, struct file *file)
{
	const struct proc_ops *ops = PDE(inode)->proc_ops;

	return ops->proc_release ? ops->proc_release(inode, file) : 0;
}

static const struct file_operations proc_reg_fops = {
	.open		= proc_reg_open,
	.read		= proc_reg_read,
	.write		= proc_reg_write,
	.poll		= proc_reg_poll,
	.unlocked_ioctl	= proc_reg_ioctl,
	.release	= proc_reg_release,
};

static struct proc_dir_entry *proc_add(const char *name, umode_t mode,
				       struct proc_dir_entry *parent, bool dir,
				       const struct proc_ops *ops, void *data)
{
	struct qdk_node tmpl = { .dir = dir, .fops = dir ? NULL : &proc_reg_fops };
	struct proc_dir_entry *pde = kzalloc(sizeof(*pde), GFP_KERNEL);

	if (!pde)
		return NULL;
	/* no permission bits: readable by all, as proc_create() makes it */
	tmpl.mode = (mode & 0777) ? mode : (mode | 0444);
	tmpl.i_private = pde;
	tmpl.owner = pde;
	pde->proc_ops = ops;
	pde->data = data;
	pde->node = qdk_node_add(parent ? parent->node->path : "/proc", name, &tmpl);
	if (IS_ERR(pde->node)) {
		WARN(PTR_ERR(pde->node) == -EEXIST, "proc_dir_entry '%s/%s' already registered\n",
		     parent ? parent->node->path : "/proc", name);
		kfree(pde);
		return NULL;
	}
	list_add_tail(&pde->list, &pdes);
	return pde;
}

struct proc_dir_entry *proc_create_data(const char *name, umode_t mode,
					struct proc_dir_entry *parent,
					const struct proc_ops *proc_ops, void *data)
{
	return proc_add(name, mode, parent, false, proc_ops, data);
}

struct proc_dir_entry *proc_create(const char *name, umode_t mode,
				   struct proc_dir_entry *parent,
				   const struct proc_ops *proc_ops)
{
	return proc_create_data(name, mode, parent, proc_ops, NULL);
}

struct proc_dir_entry *proc_mkdir(const char *name, struct proc_dir_entry *parent)
{
	return proc_add(name, 0555, parent, true, NULL, NULL);
}

static int proc_single_open(struct inode *inode, struct file *file)
{
	struct proc_dir_entry *de = PDE(inode);

	return single_open(file, de->single_show, de->data);
}

static const struct proc_ops proc_single_ops = {
	.proc_open	= proc_single_open,
	.proc_read	= seq_read,
	.proc_lseek	= seq_lseek,
	.proc_release	= single_release,
};

struct proc_dir_entry *proc_create_single_data(const char *name, umode_t mode,
					       struct proc_dir_entry *parent,
					       int (*show)(struct seq_file *, void *), void *data)
{
	struct proc_dir_entry *p = proc_add(name, mode, parent, false, &proc_single_ops, data);

	if (p)
		p->single_show = show;
	return p;
}

/* de and every entry under it */
void proc_remove(struct proc_dir_entry *de)
{
	size_t len;
	struct proc_dir_entry *p, *tmp;

	if (!de)
		return;
	len = strlen(de->node->path);
	list_for_each_entry_safe(p, tmp, &pdes, list)
		if (p != de && !strncmp(p->node->path, de->node->path, len) &&
		    p->node->path[len] == '/') {
			list_del(&p->list);
			kfree(p);
		}
	qdk_node_remove(de->node);
	list_del(&de->list);
	kfree(de);
}

void remove_proc_entry(const char *name, struct proc_dir_entry *parent)
{
	struct proc_dir_entry *p;
	char path[160];

	snprintf(path, sizeof(path), "%s/%s", parent ? parent->node->path : "/proc", name);
	list_for_each_entry(p, &pdes, list)
		if (!strcmp(p->node->path, path)) {
			proc_remove(p);
			return;
		}
	WARN(1, "name '%s'\n", name);
}

/* ---- debugfs -------------------------------------------------------------- */

#define DEBUGFS_ROOT "/sys/kernel/debug"

struct dentry {
	struct list_head list;
	struct qdk_node *node;
	void *own;		/* what the file's ops need (a number, short fops) */
};

static LIST_HEAD(dentries);

static struct dentry *debugfs_add(const char *name, umode_t mode, struct dentry *parent,
				  const struct qdk_node *tmpl_in)
{
	struct qdk_node tmpl = *tmpl_in;
	struct dentry *d;

	if (IS_ERR(parent))
		return parent;
	d = kzalloc(sizeof(*d), GFP_KERNEL);
	if (!d)
		return ERR_PTR(-ENOMEM);
	tmpl.mode = mode;
	tmpl.owner = d;
	d->node = qdk_node_add(parent ? parent->node->path : DEBUGFS_ROOT, name, &tmpl);
	if (IS_ERR(d->node)) {
		struct dentry *err = ERR_CAST(d->node);

		kfree(d);
		return err;
	}
	list_add_tail(&d->list, &dentries);
	return d;
}

struct dentry *debugfs_create_dir(const char *name, struct dentry *parent)
{
	const struct qdk_node tmpl = { .dir = true };

	return debugfs_add(name, 0755, parent, &tmpl);
}

static struct dentry *debugfs_file(const char *name, umode_t mode, struct dentry *parent,
				   void *data, const struct file_operations *fops)
{
	const struct qdk_node tmpl = { .fops = fops, .i_private = data };

	/* no file type bits: a regular file */
	return debugfs_add(name, mode & 0777 ? mode : mode | 0444, parent, &tmpl);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
struct dentry *debugfs_create_file_full(const char *name, umode_t mode, struct dentry *parent,
					void *data, const void *aux,
					const struct file_operations *fops)
{
	return debugfs_file(name, mode, parent, data, fops);
}

/* simple_open(): the data is the file's private_data */
static int short_open(struct inode *inode, struct file *file)
{
	file->private_data = inode->i_private;
	return 0;
}

/* the short fops' handlers in full fops of the file's own */
struct dentry *debugfs_create_file_short(const char *name, umode_t mode,
					 struct dentry *parent, void *data, const void *aux,
					 const struct debugfs_short_fops *sfops)
{
	struct file_operations *fops = kzalloc(sizeof(*fops), GFP_KERNEL);
	struct dentry *d;

	if (!fops)
		return ERR_PTR(-ENOMEM);
	fops->open = short_open;
	fops->read = sfops->read;
	fops->write = sfops->write;
	fops->llseek = sfops->llseek;
	d = debugfs_file(name, mode, parent, data, fops);
	if (IS_ERR(d))
		kfree(fops);
	else
		d->own = fops;
	return d;
}
#else
struct dentry *debugfs_create_file(const char *name, umode_t mode, struct dentry *parent,
				   void *data, const struct file_operations *fops)
{
	return debugfs_file(name, mode, parent, data, fops);
}
#endif

struct dentry *debugfs_create_file_unsafe(const char *name, umode_t mode,
					  struct dentry *parent, void *data,
					  const struct file_operations *fops)
{
	return debugfs_file(name, mode, parent, data, fops);
}

void debugfs_remove(struct dentry *dentry)
{
	struct dentry *d, *tmp;
	size_t len;

	if (IS_ERR_OR_NULL(dentry))
		return;
	len = strlen(dentry->node->path);
	list_for_each_entry_safe(d, tmp, &dentries, list)
		if (d != dentry && !strncmp(d->node->path, dentry->node->path, len) &&
		    d->node->path[len] == '/') {
			list_del(&d->list);
			kfree(d->own);
			kfree(d);
		}
	qdk_node_remove(dentry->node);
	list_del(&dentry->list);
	kfree(dentry->own);
	kfree(dentry);
}

/*
 * A number file: width bytes at value (0: bool), printed as fmt. Reads and
 * writes as the kernel's simple_attr files: the value formatted at open's
 * read, a write of up to 23 bytes parsed with kstrtoull (base 0), -EACCES
 * in a direction the mode does not allow.
 */
struct debugfs_num {
	void *value;
	unsigned int width;
	const char *fmt;
	umode_t mode;
};

static u64 num_get(const struct debugfs_num *n)
{
	switch (n->width) {
	case 1:
		return *(u8 *)n->value;
	case 2:
		return *(u16 *)n->value;
	case 4:
		return *(u32 *)n->value;
	default:
		return *(u64 *)n->value;
	}
}

static void num_set(const struct debugfs_num *n, u64 v)
{
	switch (n->width) {
	case 1:
		*(u8 *)n->value = v;
		break;
	case 2:
		*(u16 *)n->value = v;
		break;
	case 4:
		*(u32 *)n->value = v;
		break;
	default:
		*(u64 *)n->value = v;
		break;
	}
}

static ssize_t num_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	const struct debugfs_num *n = file_inode(file)->i_private;
	char text[24];
	int len;

	if (!(n->mode & 0444))
		return -EACCES;
	if (!n->width) {
		text[0] = *(bool *)n->value ? 'Y' : 'N';
		text[1] = '\n';
		len = 2;
	} else {
		len = scnprintf(text, sizeof(text), n->fmt, (unsigned long long)num_get(n));
	}
	return simple_read_from_buffer(buf, count, ppos, text, len);
}

static ssize_t num_write(struct file *file, const char __user *buf, size_t count, loff_t *ppos)
{
	const struct debugfs_num *n = file_inode(file)->i_private;
	char text[24];
	size_t size = min(sizeof(text) - 1, count);
	unsigned long long v;
	bool b;
	int err;

	if (!(n->mode & 0222))
		return -EACCES;
	if (copy_from_user(text, buf, size))
		return -EFAULT;
	text[size] = '\0';
	if (!n->width) {
		err = kstrtobool(text, &b);
		if (!err)
			*(bool *)n->value = b;
	} else {
		err = kstrtoull(text, 0, &v);
		if (!err)
			num_set(n, v);
	}
	return err ? err : (ssize_t)count;
}

static const struct file_operations num_fops = {
	.read	= num_read,
	.write	= num_write,
	.llseek	= noop_llseek,
};

static void debugfs_num(const char *name, umode_t mode, struct dentry *parent, void *value,
			unsigned int width, const char *fmt)
{
	struct debugfs_num *n = kzalloc(sizeof(*n), GFP_KERNEL);
	struct dentry *d;

	if (!n)
		return;
	n->value = value;
	n->width = width;
	n->fmt = fmt;
	n->mode = mode;
	d = debugfs_file(name, mode, parent, n, &num_fops);
	if (IS_ERR(d)) {
		kfree(n);
		return;
	}
	d->own = n;
}

/* debugfs_create_<fn>() of a TYPE variable, printed as fmt */
#define DEBUGFS_NUMBER(fn, type, fmt)						\
void debugfs_create_##fn(const char *name, umode_t mode, struct dentry *parent,	\
			 type *value)						\
{										\
	debugfs_num(name, mode, parent, value, sizeof(*value), fmt);		\
}

DEBUGFS_NUMBER(u8, u8, "%llu\n")
DEBUGFS_NUMBER(u16, u16, "%llu\n")
DEBUGFS_NUMBER(u32, u32, "%llu\n")
DEBUGFS_NUMBER(u64, u64, "%llu\n")
DEBUGFS_NUMBER(ulong, unsigned long, "%llu\n")
DEBUGFS_NUMBER(x8, u8, "0x%02llx\n")
DEBUGFS_NUMBER(x16, u16, "0x%04llx\n")
DEBUGFS_NUMBER(x32, u32, "0x%08llx\n")
DEBUGFS_NUMBER(x64, u64, "0x%016llx\n")

void debugfs_create_bool(const char *name, umode_t mode, struct dentry *parent, bool *value)
{
	debugfs_num(name, mode, parent, value, 0, NULL);
}

/* entries a module left: freed with the shim's file tree (qdk_exit()) */
void qdk_pseudofs_reset(void)
{
	struct proc_dir_entry *p, *pt;
	struct dentry *d, *dt;

	list_for_each_entry_safe(p, pt, &pdes, list) {
		list_del(&p->list);
		kfree(p);
	}
	list_for_each_entry_safe(d, dt, &dentries, list) {
		list_del(&d->list);
		kfree(d->own);
		kfree(d);
	}
}
