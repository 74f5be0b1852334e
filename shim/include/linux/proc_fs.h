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
#include <linux/version.h>

struct proc_dir_entry;
struct seq_operations;
struct seq_file;
struct vm_area_struct;

/* proc_ops.proc_flags */
enum {
#ifdef MODULE
	PROC_ENTRY_PERMANENT		= 0U,	/* a module's entries go with it */
#else
	PROC_ENTRY_PERMANENT		= 1U << 0,
#endif
	PROC_ENTRY_proc_read_iter	= 1U << 1,
	PROC_ENTRY_proc_compat_ioctl	= 1U << 2,
	PROC_ENTRY_proc_lseek		= 1U << 3,
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 18, 0)
	PROC_ENTRY_FORCE_LOOKUP		= 1U << 7,
#endif
};

/* procfs mount options (hidepid=, subset=pid) */
enum proc_hidepid {
	HIDEPID_OFF		= 0,
	HIDEPID_NO_ACCESS	= 1,
	HIDEPID_INVISIBLE	= 2,
	HIDEPID_NOT_PTRACEABLE	= 4,
};

enum proc_pidonly {
	PROC_PIDONLY_OFF	= 0,
	PROC_PIDONLY_ON		= 1,
};

/* proc_create_net_*_write()'s handler: the written text, NUL-terminated */
typedef int (*proc_write_t)(struct file *file, char *buf, size_t size);

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
	long (*proc_compat_ioctl)(struct file *file, unsigned int cmd, unsigned long arg);
	int (*proc_mmap)(struct file *file, struct vm_area_struct *vma);
};

struct proc_dir_entry *proc_create(const char *name, umode_t mode,
				   struct proc_dir_entry *parent,
				   const struct proc_ops *proc_ops);
struct proc_dir_entry *proc_create_data(const char *name, umode_t mode,
					struct proc_dir_entry *parent,
					const struct proc_ops *proc_ops, void *data);
struct proc_dir_entry *proc_mkdir(const char *name, struct proc_dir_entry *parent);
/* a symbolic link to dest, relative to parent or absolute (opens follow it) */
struct proc_dir_entry *proc_symlink(const char *name, struct proc_dir_entry *parent,
				    const char *dest);
struct proc_dir_entry *proc_create_single_data(const char *name, umode_t mode,
					       struct proc_dir_entry *parent,
					       int (*show)(struct seq_file *, void *), void *data);
#define proc_create_single(name, mode, parent, show) \
	proc_create_single_data(name, mode, parent, show, NULL)
void proc_remove(struct proc_dir_entry *de);
void remove_proc_entry(const char *name, struct proc_dir_entry *parent);
void *pde_data(const struct inode *inode);

/* a directory with a mode and data of its own (proc_mkdir() is 0555, no data) */
struct proc_dir_entry *_proc_mkdir(const char *name, umode_t mode,
				   struct proc_dir_entry *parent, void *data, bool force_lookup);
struct proc_dir_entry *proc_mkdir_data(const char *name, umode_t mode,
				       struct proc_dir_entry *parent, void *data);
struct proc_dir_entry *proc_mkdir_mode(const char *name, umode_t mode,
				       struct proc_dir_entry *parent);

/* a seq_file entry: seq_open_private() with state_size bytes of private state */
struct proc_dir_entry *proc_create_seq_private(const char *name, umode_t mode,
					       struct proc_dir_entry *parent,
					       const struct seq_operations *ops,
					       unsigned int state_size, void *data);
#define proc_create_seq_data(name, mode, parent, ops, data) \
	proc_create_seq_private(name, mode, parent, ops, 0, data)
#define proc_create_seq(name, mode, parent, ops) \
	proc_create_seq_private(name, mode, parent, ops, 0, NULL)

/* the size stat(2) reports of the entry's file */
void proc_set_size(struct proc_dir_entry *de, loff_t size);
/* the data of the directory an entry's inode is in */
void *proc_get_parent_data(const struct inode *inode);
/* the entry name under parent and all under it: -ENOENT if there is none */
int remove_proc_subtree(const char *name, struct proc_dir_entry *parent);

/* a per-namespace directory of /proc/net: its data is the namespace */
struct net;
static inline struct proc_dir_entry *proc_net_mkdir(struct net *net, const char *name,
						    struct proc_dir_entry *parent)
{
	return _proc_mkdir(name, 0, parent, net, true);
}

/*
 * Files of a namespace's directory (fs/proc/proc_net.c): a seq file whose
 * private state_size bytes begin with a struct seq_net_private, its net the
 * parent directory's data; or a single_open() file whose private is the net.
 */
struct proc_dir_entry *proc_create_net_data(const char *name, umode_t mode,
					    struct proc_dir_entry *parent,
					    const struct seq_operations *ops,
					    unsigned int state_size, void *data);
#define proc_create_net(name, mode, parent, ops, state_size) \
	proc_create_net_data(name, mode, parent, ops, state_size, NULL)
struct proc_dir_entry *proc_create_net_single(const char *name, umode_t mode,
					      struct proc_dir_entry *parent,
					      int (*show)(struct seq_file *, void *), void *data);
struct proc_dir_entry *proc_create_net_data_write(const char *name, umode_t mode,
						  struct proc_dir_entry *parent,
						  const struct seq_operations *ops,
						  proc_write_t write, unsigned int state_size,
						  void *data);
struct proc_dir_entry *proc_create_net_single_write(const char *name, umode_t mode,
						    struct proc_dir_entry *parent,
						    int (*show)(struct seq_file *, void *),
						    proc_write_t write, void *data);

/* an empty directory of /proc a file system is mounted on */
struct proc_dir_entry *proc_create_mount_point(const char *name);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 15, 0)
/* no entry of a module's is made permanent (the kernel's skips modules too) */
static inline void proc_make_permanent(struct proc_dir_entry *pde)
{
}
#endif

/*
 * A proc super block's private part (the shim mounts none: a module meets
 * one only through a super block it was handed). 7.x dropped the
 * /proc/self dentries and keeps the mounter's credentials instead.
 */
struct cred;
struct dentry;
struct pid_namespace;
struct super_block;

struct proc_fs_info {
	struct pid_namespace *pid_ns;
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 0, 0)
	struct dentry *proc_self;
	struct dentry *proc_thread_self;
#endif
	kgid_t pid_gid;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 0, 0)
	const struct cred *mounter_cred;
#endif
	enum proc_hidepid hide_pid;
	enum proc_pidonly pidonly;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 0, 0)
	struct rcu_head rcu;
#endif
};

static inline struct proc_fs_info *proc_sb_info(struct super_block *sb)
{
	return sb->s_fs_info;
}

/* the pid namespace a proc super block shows */
static inline struct pid_namespace *proc_pid_ns(struct super_block *sb)
{
	return proc_sb_info(sb)->pid_ns;
}

/*
 * The owner of the entry's files: an open's inode has uid and gid (root
 * until this is called), as the kernel's proc_get_inode() gives them.
 */
void proc_set_user(struct proc_dir_entry *de, kuid_t uid, kgid_t gid);

/* a file descriptor of a related namespace (fs/nsfs.c): not modelled */
struct ns_common;
int open_related_ns(struct ns_common *ns, struct ns_common *(*get_ns)(struct ns_common *ns));


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/compiler.h>
#include <linux/kconfig.h>
#include <linux/notifier.h>
#endif
