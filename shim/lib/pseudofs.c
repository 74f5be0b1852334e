// SPDX-License-Identifier: GPL-2.0
/*
 * pseudofs.c - procfs and debugfs entries (linux/proc_fs.h, linux/debugfs.h)
 * as nodes of the shim's file tree (fs.c): /proc/... reached through the
 * entry's proc_ops as fs/proc/inode.c's proc_reg_*() reach them (no
 * handler: -EIO for read and write, -ENOTTY for ioctl, DEFAULT_POLLMASK for
 * poll), /sys/kernel/debug/... through the file's own fops, and the
 * debugfs_create_<number>() files with the kernel's formats and parsing.
 *
 * Why one file past 800 lines: procfs and debugfs entries are the same
 * kind of node of the file tree here, made and removed by one set of
 * helpers; the kernel keeps them in fs/proc/ and fs/debugfs/, and a split
 * along those would duplicate the node code or export it.
 */
#include <linux/debugfs.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/poll.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/stdarg.h>
#include <linux/string.h>

#include <qdk/unmodelled.h>

#include "shim.h"

/* ---- procfs --------------------------------------------------------------- */

struct proc_dir_entry {
	struct list_head list;
	struct qdk_node *node;
	const struct proc_ops *proc_ops;
	void *data;
	int (*single_show)(struct seq_file *m, void *v);
	const struct seq_operations *seq_ops;	/* proc_create_seq*() */
	unsigned int state_size;
	proc_write_t write;			/* proc_create_net_*_write() */
	kuid_t uid;				/* its files' owner (proc_set_user()) */
	kgid_t gid;
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

	/* the inode the kernel's proc_get_inode() makes has the entry's owner */
	inode->i_uid = PDE(inode)->uid;
	inode->i_gid = PDE(inode)->gid;
	return ops->proc_open ? ops->proc_open(inode, file) : 0;
}

void proc_set_user(struct proc_dir_entry *de, kuid_t uid, kgid_t gid)
{
	de->uid = uid;
	de->gid = gid;
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

struct proc_dir_entry *_proc_mkdir(const char *name, umode_t mode,
				   struct proc_dir_entry *parent, void *data, bool force_lookup)
{
	return proc_add(name, mode ? mode : 0555, parent, true, NULL, data);
}

struct proc_dir_entry *proc_mkdir_data(const char *name, umode_t mode,
				       struct proc_dir_entry *parent, void *data)
{
	return _proc_mkdir(name, mode, parent, data, false);
}

struct proc_dir_entry *proc_mkdir_mode(const char *name, umode_t mode,
				       struct proc_dir_entry *parent)
{
	return _proc_mkdir(name, mode, parent, NULL, false);
}

static int proc_seq_open(struct inode *inode, struct file *file)
{
	struct proc_dir_entry *de = PDE(inode);

	if (de->state_size)
		return seq_open_private(file, de->seq_ops, de->state_size);
	return seq_open(file, de->seq_ops);
}

static int proc_seq_release(struct inode *inode, struct file *file)
{
	struct proc_dir_entry *de = PDE(inode);

	if (de->state_size)
		return seq_release_private(inode, file);
	return seq_release(inode, file);
}

static const struct proc_ops proc_seq_ops = {
	.proc_open	= proc_seq_open,
	.proc_read	= seq_read,
	.proc_lseek	= seq_lseek,
	.proc_release	= proc_seq_release,
};

struct proc_dir_entry *proc_create_seq_private(const char *name, umode_t mode,
					       struct proc_dir_entry *parent,
					       const struct seq_operations *ops,
					       unsigned int state_size, void *data)
{
	struct proc_dir_entry *p = proc_add(name, mode, parent, false, &proc_seq_ops, data);

	if (p) {
		p->seq_ops = ops;
		p->state_size = state_size;
	}
	return p;
}

void proc_set_size(struct proc_dir_entry *de, loff_t size)
{
	de->node->size = size;
}

/* the entry whose node is the directory of this inode's node */
void *proc_get_parent_data(const struct inode *inode)
{
	struct proc_dir_entry *de = PDE(inode), *p;
	const char *slash = strrchr(de->node->path, '/');
	size_t len = slash - de->node->path;

	list_for_each_entry(p, &pdes, list)
		if (strlen(p->node->path) == len && !strncmp(p->node->path, de->node->path, len))
			return p->data;
	return NULL;
}

int remove_proc_subtree(const char *name, struct proc_dir_entry *parent)
{
	struct proc_dir_entry *p;
	char path[160];

	snprintf(path, sizeof(path), "%s/%s", parent ? parent->node->path : "/proc", name);
	list_for_each_entry(p, &pdes, list)
		if (!strcmp(p->node->path, path)) {
			proc_remove(p);
			return 0;
		}
	return -ENOENT;
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

/* an empty directory a file system is mounted on */
struct proc_dir_entry *proc_create_mount_point(const char *name)
{
	return proc_add(name, 0555, NULL, true, NULL, NULL);
}

/*
 * fs/proc/proc_net.c: files of a namespace's directory (proc_net_mkdir()),
 * the namespace being the directory's data: a seq file whose private state
 * (state_size bytes, a struct seq_net_private first) starts with it, or a
 * single_open() file whose private is it; -ENXIO when the parent has none.
 * A _write file's write() gets the request NUL-terminated, at most a page.
 */
static int seq_open_net(struct inode *inode, struct file *file)
{
	struct proc_dir_entry *de = PDE(inode);
	void *net = proc_get_parent_data(inode);
	void **p;

	WARN_ON_ONCE(de->state_size < sizeof(void *));
	if ((file->f_mode & FMODE_WRITE) && !de->write)
		return -EACCES;
	if (!net)
		return -ENXIO;
	p = __seq_open_private(file, de->seq_ops, de->state_size);
	if (!p)
		return -ENOMEM;
	*p = net;	/* seq_net_private.net */
	return 0;
}

static int single_open_net(struct inode *inode, struct file *file)
{
	struct proc_dir_entry *de = PDE(inode);
	void *net = proc_get_parent_data(inode);

	if ((file->f_mode & FMODE_WRITE) && !de->write)
		return -EACCES;
	if (!net)
		return -ENXIO;
	return single_open(file, de->single_show, net);
}

static ssize_t proc_simple_write(struct file *f, const char __user *ubuf, size_t size,
				 loff_t *pos)
{
	struct proc_dir_entry *de = PDE(file_inode(f));
	char *buf;
	int ret;

	if (!de->write)
		return -EACCES;
	if (size == 0 || size > PAGE_SIZE - 1)
		return -EINVAL;
	buf = memdup_user_nul(ubuf, size);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	ret = de->write(f, buf, size);
	kfree(buf);
	return ret == 0 ? size : ret;
}

static const struct proc_ops proc_net_seq_ops = {
	.proc_open	= seq_open_net,
	.proc_read	= seq_read,
	.proc_write	= proc_simple_write,
	.proc_lseek	= seq_lseek,
	.proc_release	= seq_release_private,
};

static const struct proc_ops proc_net_single_ops = {
	.proc_open	= single_open_net,
	.proc_read	= seq_read,
	.proc_write	= proc_simple_write,
	.proc_lseek	= seq_lseek,
	.proc_release	= single_release,
};

struct proc_dir_entry *proc_create_net_data_write(const char *name, umode_t mode,
						  struct proc_dir_entry *parent,
						  const struct seq_operations *ops,
						  proc_write_t write, unsigned int state_size,
						  void *data)
{
	struct proc_dir_entry *p = proc_add(name, mode, parent, false, &proc_net_seq_ops, data);

	if (p) {
		p->seq_ops = ops;
		p->state_size = state_size;
		p->write = write;
	}
	return p;
}

struct proc_dir_entry *proc_create_net_data(const char *name, umode_t mode,
					    struct proc_dir_entry *parent,
					    const struct seq_operations *ops,
					    unsigned int state_size, void *data)
{
	return proc_create_net_data_write(name, mode, parent, ops, NULL, state_size, data);
}

struct proc_dir_entry *proc_create_net_single_write(const char *name, umode_t mode,
						    struct proc_dir_entry *parent,
						    int (*show)(struct seq_file *, void *),
						    proc_write_t write, void *data)
{
	struct proc_dir_entry *p = proc_add(name, mode, parent, false, &proc_net_single_ops,
					    data);

	if (p) {
		p->single_show = show;
		p->write = write;
	}
	return p;
}

struct proc_dir_entry *proc_create_net_single(const char *name, umode_t mode,
					      struct proc_dir_entry *parent,
					      int (*show)(struct seq_file *, void *), void *data)
{
	return proc_create_net_single_write(name, mode, parent, show, NULL, data);
}

/* de and every entry under it */
/*
 * A symbolic link to dest (absolute, or relative to the link's directory),
 * followed when a path through it is opened; NULL when dest is too long.
 */
struct proc_dir_entry *proc_symlink(const char *name, struct proc_dir_entry *parent,
				    const char *dest)
{
	struct proc_dir_entry *pde;

	if (strlen(dest) >= sizeof(pde->node->link))
		return NULL;
	pde = proc_add(name, S_IFLNK | 0777, parent, false, NULL, NULL);
	if (pde) {
		pde->node->fops = NULL;
		strscpy(pde->node->link, dest, sizeof(pde->node->link));
	}
	return pde;
}

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
	const void *aux;	/* debugfs_create_file_aux()'s */
	struct list_head cancellations;	/* handlers between enter and leave */
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
	INIT_LIST_HEAD(&d->cancellations);
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

/* a link to dest, followed on open; -ENAMETOOLONG when dest is too long */
struct dentry *debugfs_create_symlink(const char *name, struct dentry *parent, const char *dest)
{
	struct qdk_node tmpl = { .dir = false };

	if (strscpy(tmpl.link, dest, sizeof(tmpl.link)) < 0)
		return ERR_PTR(-ENAMETOOLONG);
	return debugfs_add(name, S_IFLNK | 0777, parent, &tmpl);
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
	struct dentry *d = debugfs_file(name, mode, parent, data, fops);

	if (!IS_ERR(d))
		d->aux = aux;
	return d;
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
	if (IS_ERR(d)) {
		kfree(fops);
	} else {
		d->own = fops;
		d->aux = aux;
	}
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

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 8, 0)
/* the debugfs file a struct file is open on (every shim file is a node's) */
static struct dentry *file_dentry_of(const struct file *file)
{
	struct qdk_node *n = qdk_file_node(file);
	struct dentry *d;

	list_for_each_entry(d, &dentries, list)
		if (d->node == n)
			return d;
	return NULL;
}

/*
 * A handler that may block for long registers how to end the wait: a
 * removal of the file in between calls cancel() (the shim has one thread,
 * so only a removal from the handler itself can come in between).
 */
void debugfs_enter_cancellation(struct file *file, struct debugfs_cancellation *cancellation)
{
	struct dentry *d = file_dentry_of(file);

	if (WARN_ON(!d))
		return;
	list_add_tail(&cancellation->list, &d->cancellations);
}

void debugfs_leave_cancellation(struct file *file, struct debugfs_cancellation *cancellation)
{
	/* gone already when a removal cancelled it */
	if (!list_empty(&cancellation->list))
		list_del_init(&cancellation->list);
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
void *debugfs_get_aux(const struct file *file)
{
	struct dentry *d = file_dentry_of(file);

	return d ? (void *)d->aux : NULL;
}
#endif

static void dentry_cancel(struct dentry *d)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 8, 0)
	struct debugfs_cancellation *c, *tmp;

	list_for_each_entry_safe(c, tmp, &d->cancellations, list) {
		list_del_init(&c->list);
		if (c->cancel)
			c->cancel(d, c->cancel_data);
	}
#endif
}

/* new_name in new_dir: the file (a directory: with what is in it) moves */
static int dentry_move(struct dentry *dentry, struct dentry *new_dir, const char *new_name)
{
	char to[160];

	if (IS_ERR_OR_NULL(dentry))
		return -EINVAL;
	if (snprintf(to, sizeof(to), "%s/%s", new_dir ? new_dir->node->path : DEBUGFS_ROOT,
		     new_name) >= (int)sizeof(to))
		return -ENAMETOOLONG;
	if (!strcmp(to, dentry->node->path))
		return 0;
	return qdk_node_rename(dentry->node->path, to);
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 13, 0)
struct dentry *debugfs_rename(struct dentry *old_dir, struct dentry *old_dentry,
			      struct dentry *new_dir, const char *new_name)
{
	int err;

	if (IS_ERR(old_dir))
		return old_dir;
	if (IS_ERR(new_dir))
		return new_dir;
	err = dentry_move(old_dentry, new_dir, new_name);
	return err ? ERR_PTR(err) : old_dentry;
}
#else
int debugfs_change_name(struct dentry *dentry, const char *fmt, ...)
{
	char name[128], dir[160];
	const char *slash;
	va_list ap;
	int len;

	if (IS_ERR_OR_NULL(dentry))
		return 0;
	va_start(ap, fmt);
	len = vsnprintf(name, sizeof(name), fmt, ap);
	va_end(ap);
	if (len >= (int)sizeof(name))
		return -ENAMETOOLONG;
	slash = strrchr(dentry->node->path, '/');
	snprintf(dir, sizeof(dir), "%.*s/%s", (int)(slash - dentry->node->path),
		 dentry->node->path, name);
	if (!strcmp(dir, dentry->node->path))
		return 0;
	return qdk_node_rename(dentry->node->path, dir);
}
#endif

void debugfs_remove(struct dentry *dentry)
{
	struct dentry *d, *tmp;
	size_t len;

	if (IS_ERR_OR_NULL(dentry))
		return;
	dentry_cancel(dentry);
	len = strlen(dentry->node->path);
	list_for_each_entry_safe(d, tmp, &dentries, list)
		if (d != dentry && !strncmp(d->node->path, dentry->node->path, len) &&
		    d->node->path[len] == '/') {
			dentry_cancel(d);
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
	bool sgn;		/* a signed value (atomic_t): read and written as one */
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
		u64 v = num_get(n);

		if (n->sgn && n->width == 4)
			v = (s64)(s32)v;
		len = scnprintf(text, sizeof(text), n->fmt, (unsigned long long)v);
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
	} else if (n->sgn) {
		err = kstrtoll(text, 0, (long long *)&v);
		if (!err)
			num_set(n, v);
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

static struct debugfs_num *debugfs_num(const char *name, umode_t mode, struct dentry *parent,
				       void *value, unsigned int width, const char *fmt)
{
	struct debugfs_num *n = kzalloc(sizeof(*n), GFP_KERNEL);
	struct dentry *d;

	if (!n)
		return NULL;
	n->value = value;
	n->width = width;
	n->fmt = fmt;
	n->mode = mode;
	d = debugfs_file(name, mode, parent, n, &num_fops);
	if (IS_ERR(d)) {
		kfree(n);
		return NULL;
	}
	d->own = n;
	return n;
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

DEBUGFS_NUMBER(size_t, size_t, "%llu\n")

void debugfs_create_bool(const char *name, umode_t mode, struct dentry *parent, bool *value)
{
	debugfs_num(name, mode, parent, value, 0, NULL);
}

void debugfs_create_atomic_t(const char *name, umode_t mode, struct dentry *parent,
			     atomic_t *value)
{
	struct debugfs_num *n = debugfs_num(name, mode, parent, &value->counter,
					    sizeof(value->counter), "%lld\n");

	if (n)
		n->sgn = true;
}

/* the handlers of debugfs's bool files, for a module's own fops */
ssize_t debugfs_read_file_bool(struct file *file, char __user *user_buf, size_t count,
			       loff_t *ppos)
{
	char buf[2] = { *(bool *)file->private_data ? 'Y' : 'N', '\n' };

	return simple_read_from_buffer(user_buf, count, ppos, buf, 2);
}

ssize_t debugfs_write_file_bool(struct file *file, const char __user *user_buf, size_t count,
				loff_t *ppos)
{
	char text[8];
	size_t size = min(sizeof(text) - 1, count);
	bool v;
	int err;

	if (copy_from_user(text, user_buf, size))
		return -EFAULT;
	text[size] = '\0';
	err = kstrtobool(text, &v);
	if (err)
		return err;
	*(bool *)file->private_data = v;
	return count;
}

/* DEFINE_DEBUGFS_ATTRIBUTE()'s handlers: the simple_attr ones (no removal race here) */
ssize_t debugfs_attr_read(struct file *file, char __user *buf, size_t len, loff_t *ppos)
{
	return simple_attr_read(file, buf, len, ppos);
}

ssize_t debugfs_attr_write(struct file *file, const char __user *buf, size_t len,
			   loff_t *ppos)
{
	return simple_attr_write(file, buf, len, ppos);
}

ssize_t debugfs_attr_write_signed(struct file *file, const char __user *buf, size_t len,
				  loff_t *ppos)
{
	return simple_attr_write_signed(file, buf, len, ppos);
}

/* the file's ops cannot go while a handler runs: one thread, nothing to hold */
/*
 * The kernel opens a debugfs file through a proxy that calls the file's own
 * fops; the shim opens with them, so f_op is the real one.
 */
const struct file_operations *debugfs_real_fops(const struct file *filp)
{
	return filp->f_op;
}

int debugfs_file_get(struct dentry *dentry)
{
	return 0;
}

void debugfs_file_put(struct dentry *dentry)
{
}

bool debugfs_initialized(void)
{
	return true;
}

/* a file with the size stat(2) reports */
void debugfs_create_file_size(const char *name, umode_t mode, struct dentry *parent,
			      void *data, const struct file_operations *fops,
			      loff_t file_size)
{
	struct dentry *d = debugfs_file(name, mode, parent, data, fops);

	if (!IS_ERR(d))
		d->node->size = file_size;
}

/* the dentry of parent/name, or NULL */
struct dentry *debugfs_lookup(const char *name, struct dentry *parent)
{
	char path[sizeof(((struct qdk_node *)0)->path)];
	struct qdk_node *n;

	if (IS_ERR(parent))
		return NULL;
	snprintf(path, sizeof(path), "%s/%s", parent ? parent->node->path : DEBUGFS_ROOT, name);
	n = qdk_node_lookup(path);
	return n ? n->owner : NULL;
}

void debugfs_lookup_and_remove(const char *name, struct dentry *parent)
{
	debugfs_remove(debugfs_lookup(name, parent));
}

/* a string: read as its text and a newline; the shim's files take no writes */
static ssize_t str_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	char **str = file_inode(file)->i_private;
	const char *s = *str ? *str : "";
	size_t len = strlen(s);
	char *text = kmalloc(len + 2, GFP_KERNEL);
	ssize_t ret;

	if (!text)
		return -ENOMEM;
	memcpy(text, s, len);
	text[len] = '\n';
	ret = simple_read_from_buffer(buf, count, ppos, text, len + 1);
	kfree(text);
	return ret;
}

static const struct file_operations str_fops = {
	.read	= str_read,
	.llseek	= default_llseek,
};

void debugfs_create_str(const char *name, umode_t mode, struct dentry *parent, char **value)
{
	debugfs_file(name, mode & ~0222, parent, value, &str_fops);
}

/* a blob: its bytes as they are; writable in place since 6.6 */
static ssize_t blob_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	struct debugfs_blob_wrapper *blob = file_inode(file)->i_private;

	return simple_read_from_buffer(buf, count, ppos, blob->data, blob->size);
}

static ssize_t blob_write(struct file *file, const char __user *buf, size_t count,
			  loff_t *ppos)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 6, 0)
	struct debugfs_blob_wrapper *blob = file_inode(file)->i_private;

	return simple_write_to_buffer(blob->data, blob->size, ppos, buf, count);
#else
	return -EINVAL;
#endif
}

static const struct file_operations blob_fops = {
	.read	= blob_read,
	.write	= blob_write,
	.llseek	= default_llseek,
};

struct dentry *debugfs_create_blob(const char *name, umode_t mode, struct dentry *parent,
				   struct debugfs_blob_wrapper *blob)
{
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 6, 0)
	mode &= ~0222;
#endif
	return debugfs_file(name, mode, parent, blob, &blob_fops);
}

/* the elements separated by spaces, a newline at the end */
static int u32_array_show(struct seq_file *m, void *v)
{
	struct debugfs_u32_array *a = m->private;
	u32 i;

	for (i = 0; i < a->n_elements; i++)
		seq_printf(m, "%u%c", a->array[i], i + 1 < a->n_elements ? ' ' : '\n');
	return 0;
}

DEFINE_SHOW_ATTRIBUTE(u32_array);

void debugfs_create_u32_array(const char *name, umode_t mode, struct dentry *parent,
			      struct debugfs_u32_array *array)
{
	debugfs_file(name, mode & ~0222, parent, array, &u32_array_fops);
}

/* each register as "prefix name = 0x%08x" read from the mapped base */
void debugfs_print_regs32(struct seq_file *s, const struct debugfs_reg32 *regs, int nregs,
			  void __iomem *base, char *prefix)
{
	int i;

	for (i = 0; i < nregs; i++, regs++) {
		if (prefix)
			seq_printf(s, "%s", prefix);
		seq_printf(s, "%s = 0x%08x\n", regs->name,
			   *(const volatile u32 __force *)((char __iomem *)base + regs->offset));
	}
}

static int regset32_show(struct seq_file *s, void *data)
{
	struct debugfs_regset32 *regset = s->private;

	debugfs_print_regs32(s, regset->regs, regset->nregs, regset->base, "");
	return 0;
}

DEFINE_SHOW_ATTRIBUTE(regset32);

void debugfs_create_regset32(const char *name, umode_t mode, struct dentry *parent,
			     struct debugfs_regset32 *regset)
{
	debugfs_file(name, mode, parent, regset, &regset32_fops);
}

/* a file of a device whose show is read(seq, data): the seq_file's private is the device */
struct debugfs_devm_entry {
	int (*read)(struct seq_file *seq, void *data);
	struct device *dev;
};

static int devm_entry_open(struct inode *inode, struct file *f)
{
	struct debugfs_devm_entry *entry = inode->i_private;

	return single_open(f, entry->read, entry->dev);
}

static const struct file_operations devm_entry_fops = {
	.open		= devm_entry_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
};

void debugfs_create_devm_seqfile(struct device *dev, const char *name, struct dentry *parent,
				 int (*read_fn)(struct seq_file *s, void *data))
{
	struct debugfs_devm_entry *entry;
	struct dentry *d;

	if (IS_ERR(parent))
		return;
	entry = kzalloc(sizeof(*entry), GFP_KERNEL);
	if (!entry)
		return;
	entry->read = read_fn;
	entry->dev = dev;
	d = debugfs_file(name, S_IRUGO, parent, entry, &devm_entry_fops);
	if (IS_ERR(d))
		kfree(entry);
	else
		d->own = entry;
}

struct dentry *debugfs_create_automount(const char *name, struct dentry *parent,
					debugfs_automount_t f, void *data)
{
	QDK_UNMODELLED(debugfs_create_automount, "user space has no mounts");
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
