// SPDX-License-Identifier: GPL-2.0
/*
 * fs.c - the shim's stand-in for the VFS under a module's files: a table of
 * nodes by path (/dev/NAME, /proc/..., /sys/class/..., /sys/kernel/debug/...)
 * that the device, proc, sysfs and debugfs code add, and the calls a process
 * makes on them (qdk_file_*(), shim/api/qdk_api.h), each with the kernel's
 * checks and errors:
 *
 *   open     no node: -ENOENT; a directory: -EISDIR; a character device
 *            node reaches the cdev of its number (char_dev.c) or -ENXIO;
 *            then f_op->open, whose error fails the open (no release)
 *   read     not open for reading: -EBADF; no handler: -EINVAL (vfs_read)
 *   write    not open for writing: -EBADF; no handler: -EINVAL
 *   ioctl    no unlocked_ioctl: -ENOTTY (vfs_ioctl)
 *   poll     no handler: DEFAULT_POLLMASK (vfs_poll); else the handler's
 *            mask, its poll_wait() queues watched until the next poll or
 *            the close: a wake_up*() there (with a key, one the poll asked
 *            for) counts as the wake that would end poll(2)'s sleep
 *   close    f_op->release exactly once per successful open
 *
 * Every node counts the files open on it and its opens and releases; a
 * node removed while a file is open keeps the file working (its ops stay),
 * as a module's file does until close.
 */
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/poll.h>
#include <linux/slab.h>
#include <qdk/unmodelled.h>
#include <linux/string.h>
#include <linux/wait.h>
#include <linux/version.h>

#include "shim.h"
#include "../api/qdk_api.h"

unsigned long qdk_user_fault_from;

static LIST_HEAD(nodes);
static LIST_HEAD(files);

#define QDK_POLL_QUEUES 8

struct qdk_poll_entry {
	wait_queue_entry_t wait;
	wait_queue_head_t *head;
	struct qdk_file *file;
};

struct qdk_file {
	struct list_head list;
	struct qdk_node *node;		/* NULL once the node is gone */
	struct inode inode;
	struct file file;
	__poll_t want;			/* the events the last poll asked for */
	unsigned int npoll;
	struct qdk_poll_entry poll[QDK_POLL_QUEUES];
	unsigned long woken;
};

static struct qdk_node *node_find(const char *path)
{
	struct qdk_node *n;

	list_for_each_entry(n, &nodes, list)
		if (!strcmp(n->path, path))
			return n;
	return NULL;
}

struct qdk_node *qdk_node_lookup(const char *path)
{
	return node_find(path);
}

/*
 * A node at dir/name (dir "" for the top); -EEXIST when the path is
 * taken, -ENAMETOOLONG, -ENOMEM.
 */
struct qdk_node *qdk_node_add(const char *dir, const char *name, const struct qdk_node *tmpl)
{
	struct qdk_node *n;

	n = kzalloc(sizeof(*n), GFP_KERNEL);
	if (!n)
		return ERR_PTR(-ENOMEM);
	*n = *tmpl;
	if (snprintf(n->path, sizeof(n->path), "%s/%s", dir, name) >= (int)sizeof(n->path)) {
		kfree(n);
		return ERR_PTR(-ENAMETOOLONG);
	}
	if (node_find(n->path)) {
		kfree(n);
		return ERR_PTR(-EEXIST);
	}
	list_add_tail(&n->list, &nodes);
	return n;
}

/*
 * The node at from, and everything under it, moved to to (kernfs_rename()):
 * -ENOENT without it, -EEXIST when to is taken, -ENAMETOOLONG when a path
 * would not fit.
 */
int qdk_node_rename(const char *from, const char *to)
{
	size_t flen = strlen(from), tlen = strlen(to);
	struct qdk_node *n, *top = node_find(from);

	if (!top)
		return -ENOENT;
	if (node_find(to))
		return -EEXIST;
	list_for_each_entry(n, &nodes, list)
		if ((n == top || (!strncmp(n->path, from, flen) && n->path[flen] == '/')) &&
		    strlen(n->path) - flen + tlen >= sizeof(n->path))
			return -ENAMETOOLONG;
	list_for_each_entry(n, &nodes, list) {
		char rest[sizeof(n->path)];

		if (n != top && (strncmp(n->path, from, flen) || n->path[flen] != '/'))
			continue;
		strscpy(rest, n->path + flen, sizeof(rest));
		snprintf(n->path, sizeof(n->path), "%s%s", to, rest);
	}
	return 0;
}

static void node_free(struct qdk_node *n)
{
	struct qdk_file *f;

	list_for_each_entry(f, &files, list)
		if (f->node == n)
			f->node = NULL;
	list_del(&n->list);
	kfree(n);
}

/* n and, for a directory, everything under it */
void qdk_node_remove(struct qdk_node *n)
{
	size_t len = strlen(n->path);
	struct qdk_node *m, *tmp;

	list_for_each_entry_safe(m, tmp, &nodes, list)
		if (m != n && !strncmp(m->path, n->path, len) && m->path[len] == '/')
			node_free(m);
	node_free(n);
}

/* the files still open, closed, and the nodes a module's exit left, said and freed */
void qdk_nodes_reset(void)
{
	struct qdk_file *f, *ft;
	struct qdk_node *n, *nt;

	list_for_each_entry_safe(f, ft, &files, list)
		qdk_file_close(f);
	list_for_each_entry_safe(n, nt, &nodes, list) {
		pr_err("qdk: %s%s was left by the modules' exit\n", n->path, n->dir ? "/" : "");
		node_free(n);
	}
	qdk_user_fault_from = 0;
}

/* ---- wait queues (their wakes: lib/wait.c) --------------------------------- */

static int pollwake(struct wait_queue_entry *wait, unsigned int mode, int sync, void *key)
{
	struct qdk_poll_entry *pe = container_of(wait, struct qdk_poll_entry, wait);

	if (key && !((unsigned long)key & pe->file->want))
		return 0;
	pe->file->woken++;
	return 1;
}

static void poll_queue(struct file *filp, wait_queue_head_t *head, poll_table *pt)
{
	struct qdk_file *f = container_of(filp, struct qdk_file, file);
	struct qdk_poll_entry *pe;

	if (WARN_ONCE(f->npoll == QDK_POLL_QUEUES, "qdk: a poll handler waits on over %d queues\n",
		      QDK_POLL_QUEUES))
		return;
	pe = &f->poll[f->npoll++];
	pe->file = f;
	pe->head = head;
	pe->wait.func = pollwake;
	pe->wait.private = f;
	pe->wait.flags = 0;
	add_wait_queue(head, &pe->wait);
}

static void poll_forget(struct qdk_file *f)
{
	while (f->npoll) {
		struct qdk_poll_entry *pe = &f->poll[--f->npoll];

		remove_wait_queue(pe->head, &pe->wait);
	}
}

/* ---- files ------------------------------------------------------------------ */

/*
 * The path a symbolic link at from points to: its target, absolute or
 * relative to from's directory, with "." and ".." components resolved.
 * -ENAMETOOLONG when it does not fit.
 */
static int link_resolve(const char *from, const char *target, char *out, size_t len)
{
	char tmp[sizeof(((struct qdk_node *)0)->path) * 2];
	const char *slash = strrchr(from, '/');
	char *comp, *rest;
	size_t olen = 0;
	int n;

	if (target[0] == '/')
		n = snprintf(tmp, sizeof(tmp), "%s", target);
	else
		n = snprintf(tmp, sizeof(tmp), "%.*s/%s", (int)(slash ? slash - from : 0), from,
			     target);
	if (n >= (int)sizeof(tmp))
		return -ENAMETOOLONG;
	out[0] = 0;
	rest = tmp;
	while ((comp = strsep(&rest, "/"))) {
		if (!*comp || !strcmp(comp, "."))
			continue;
		if (!strcmp(comp, "..")) {
			char *up = strrchr(out, '/');

			olen = up ? up - out : 0;
			out[olen] = 0;
			continue;
		}
		n = snprintf(out + olen, len - olen, "/%s", comp);
		if (n >= (int)(len - olen))
			return -ENAMETOOLONG;
		olen += n;
	}
	return 0;
}

/* the kernel's MAXSYMLINKS: more links in a row are -ELOOP */
#define QDK_MAXSYMLINKS	40

int qdk_file_open(const char *path, int flags, struct qdk_file **fp)
{
	struct qdk_node *n = node_find(path);
	struct qdk_file *f;
	int acc = flags & O_ACCMODE, err = 0, depth = 0;

	*fp = NULL;
	/* links are followed to what they point to */
	while (n && n->link[0]) {
		char to[sizeof(n->path)];

		if (++depth > QDK_MAXSYMLINKS)
			return -ELOOP;
		err = link_resolve(n->path, n->link, to, sizeof(to));
		if (err)
			return err;
		n = node_find(to);
	}
	if (!n)
		return -ENOENT;
	if (n->dir)
		return -EISDIR;
	f = kzalloc(sizeof(*f), GFP_KERNEL);
	if (!f)
		return -ENOMEM;
	f->node = n;
	f->inode.i_mode = n->mode;
	f->inode.i_rdev = n->rdev;
	f->inode.i_private = n->i_private;
	f->inode.i_size = n->size;
	f->file.f_inode = &f->inode;
	f->file.f_flags = flags;
	f->file.f_mode = FMODE_LSEEK | FMODE_PREAD | FMODE_PWRITE |
		(acc != O_WRONLY ? FMODE_READ : 0) | (acc != O_RDONLY ? FMODE_WRITE : 0);
	f->file.f_op = n->fops;
	spin_lock_init(&f->file.f_lock);
	mutex_init(&f->file.f_pos_lock);
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 13, 0)
	atomic_long_set(&f->file.f_count, 1);
#else
	atomic_long_set(&f->file.f_ref.refcnt, 1);
#endif
	f->inode.__i_nlink = 1;
	if (n->chr)
		err = qdk_chrdev_open(&f->inode, &f->file);
	else if (f->file.f_op && f->file.f_op->open)
		err = f->file.f_op->open(&f->inode, &f->file);
	if (err) {
		kfree(f);
		return err;
	}
	/* what the open's ops can do, as do_dentry_open() records it */
	f->file.f_mode |= FMODE_OPENED;
	if ((f->file.f_mode & FMODE_READ) && f->file.f_op &&
	    (f->file.f_op->read || f->file.f_op->read_iter))
		f->file.f_mode |= FMODE_CAN_READ;
	if ((f->file.f_mode & FMODE_WRITE) && f->file.f_op &&
	    (f->file.f_op->write || f->file.f_op->write_iter))
		f->file.f_mode |= FMODE_CAN_WRITE;
	n->opens++;
	n->open_now++;
	list_add_tail(&f->list, &files);
	*fp = f;
	return 0;
}

long qdk_file_read(struct qdk_file *f, void *buf, size_t len)
{
	const struct file_operations *op = f->file.f_op;

	if (!(f->file.f_mode & FMODE_READ))
		return -EBADF;
	if (!op || !op->read)
		return -EINVAL;
	return op->read(&f->file, (char __user *)buf, len, &f->file.f_pos);
}

long qdk_file_write(struct qdk_file *f, const void *buf, size_t len)
{
	const struct file_operations *op = f->file.f_op;

	if (!(f->file.f_mode & FMODE_WRITE))
		return -EBADF;
	if (!op || !op->write)
		return -EINVAL;
	return op->write(&f->file, (const char __user *)buf, len, &f->file.f_pos);
}

long qdk_file_ioctl(struct qdk_file *f, unsigned int cmd, unsigned long arg)
{
	const struct file_operations *op = f->file.f_op;

	if (!op || !op->unlocked_ioctl)
		return -ENOTTY;
	return op->unlocked_ioctl(&f->file, cmd, arg);
}

unsigned int qdk_file_poll(struct qdk_file *f, unsigned int events)
{
	const struct file_operations *op = f->file.f_op;
	poll_table pt;

	poll_forget(f);
	f->woken = 0;
	f->want = events | EPOLLERR | EPOLLHUP;
	if (!op || !op->poll)
		return DEFAULT_POLLMASK;
	init_poll_funcptr(&pt, poll_queue);
	pt._key = f->want;
	return op->poll(&f->file, &pt) & f->want;
}

unsigned long qdk_file_woken(const struct qdk_file *f)
{
	return f->woken;
}

int64_t qdk_file_pos(const struct qdk_file *f)
{
	return f->file.f_pos;
}

void qdk_file_set_pos(struct qdk_file *f, int64_t pos)
{
	f->file.f_pos = pos;
}

loff_t default_llseek(struct file *file, loff_t offset, int whence)
{
	switch (whence) {
	case SEEK_SET:
		break;
	case SEEK_CUR:
		if (offset == 0)
			return file->f_pos;
		offset += file->f_pos;
		break;
	case SEEK_END:
		offset += file_inode(file)->i_size;
		break;
	default:
		return -EINVAL;
	}
	if (offset < 0)
		return -EINVAL;
	file->f_pos = offset;
	return offset;
}

int qdk_dev_call(const char *name, int write, void *buf, size_t len, int64_t pos, long *ret)
{
	const struct file_operations *op;
	struct qdk_file *f;
	char path[80];
	int err;

	snprintf(path, sizeof(path), "/dev/%s", name);
	err = qdk_file_open(path, write ? O_WRONLY : O_RDONLY, &f);
	if (err == -ENOENT || err == -EISDIR)
		return -ENOENT;
	*ret = err;
	if (err)
		return 0;
	op = f->file.f_op;
	if (!op || (write ? !op->write : !op->read)) {
		qdk_file_close(f);
		return -EOPNOTSUPP;
	}
	f->file.f_pos = pos;
	*ret = write ? qdk_file_write(f, buf, len) : qdk_file_read(f, buf, len);
	qdk_file_close(f);
	return 0;
}

int qdk_file_close(struct qdk_file *f)
{
	const struct file_operations *op = f->file.f_op;
	int ret = 0;

	poll_forget(f);
	if (op && op->release)
		ret = op->release(&f->inode, &f->file);
	if (f->node) {
		f->node->releases++;
		f->node->open_now--;
	}
	list_del(&f->list);
	kfree(f);
	return ret;
}

/* the node a file is open on (NULL once it is gone) */
struct qdk_node *qdk_file_node(const struct file *file)
{
	return container_of(file, struct qdk_file, file)->node;
}

int qdk_file_count(const char *path, unsigned long *opens, unsigned long *releases)
{
	struct qdk_node *n = node_find(path);

	if (!n)
		return -ENOENT;
	*opens = n->opens;
	*releases = n->releases;
	return n->open_now;
}

void qdk_user_fault_at(const void *addr)
{
	qdk_user_fault_from = (unsigned long)addr;
}

/* the nodes' paths in the order they were made, one a line */
size_t qdk_file_list(char *buf, size_t len)
{
	struct qdk_node *n;
	size_t used = 0;

	list_for_each_entry(n, &nodes, list) {
		used += snprintf(used < len ? buf + used : NULL, used < len ? len - used : 0,
				 "%s%s\n", n->path, n->dir ? "/" : "");
	}
	return used;
}

/*
 * fs/open.c: a file the kernel opens itself, on a path the node table
 * knows (/dev/..., /proc/..., /sys/...): the errors of an open(2) there
 * (-ENOENT for a path the shim has no node of); mode matters only to
 * O_CREAT, which has no file system to create in.
 */
struct file *filp_open(const char *filename, int flags, umode_t mode)
{
	struct qdk_file *f;
	int err = qdk_file_open(filename, flags, &f);

	return err ? ERR_PTR(err) : &f->file;
}

/* flush, then the last reference's release; flush's error is returned */
int filp_close(struct file *filp, fl_owner_t id)
{
	struct qdk_file *f = container_of(filp, struct qdk_file, file);
	int ret = 0;

	if (!file_count(filp)) {
		WARN(1, "VFS: Close: file count is 0 (f_op=%ps)", filp->f_op);
		return 0;
	}
	if (filp->f_op && filp->f_op->flush)
		ret = filp->f_op->flush(filp, id);
	qdk_file_close(f);
	return ret;
}

int vfs_fsync(struct file *file, int datasync)
{
	QDK_UNMODELLED(vfs_fsync, "user space has no file systems");
}
