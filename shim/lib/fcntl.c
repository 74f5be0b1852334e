// SPDX-License-Identifier: GPL-2.0
/*
 * fcntl.c - a driver's O_ASYNC list (the kernel's fs/fcntl.c):
 * fasync_helper() adds or removes a file's entry as fcntl(F_SETFL)
 * switches O_ASYNC, kill_fasync() would signal each entry's owner. The
 * shim has no processes to signal: kill_fasync() counts its signals in
 * qdk_fasync_signals.
 */
#include <linux/fs.h>
#include <linux/printk.h>
#include <linux/slab.h>

unsigned long qdk_fasync_signals;

static int fasync_remove_entry(struct file *filp, struct fasync_struct **fapp)
{
	struct fasync_struct *fa, **fp;

	for (fp = fapp; (fa = *fp) != NULL; fp = &fa->fa_next) {
		if (fa->fa_file != filp)
			continue;
		*fp = fa->fa_next;
		kfree(fa);
		filp->f_flags &= ~FASYNC;
		return 1;
	}
	return 0;
}

/* 1 when an entry was added, 0 when the file had one (its fd updated) */
static int fasync_add_entry(int fd, struct file *filp, struct fasync_struct **fapp)
{
	struct fasync_struct *fa;

	for (fa = *fapp; fa; fa = fa->fa_next) {
		if (fa->fa_file == filp) {
			fa->fa_fd = fd;
			return 0;
		}
	}
	fa = kzalloc(sizeof(*fa), GFP_KERNEL);
	if (!fa)
		return -ENOMEM;
	rwlock_init(&fa->fa_lock);
	fa->magic = FASYNC_MAGIC;
	fa->fa_file = filp;
	fa->fa_fd = fd;
	fa->fa_next = *fapp;
	*fapp = fa;
	filp->f_flags |= FASYNC;
	return 1;
}

int fasync_helper(int fd, struct file *filp, int on, struct fasync_struct **fapp)
{
	if (!on)
		return fasync_remove_entry(filp, fapp);
	return fasync_add_entry(fd, filp, fapp);
}

void kill_fasync(struct fasync_struct **fp, int sig, int band)
{
	struct fasync_struct *fa;

	for (fa = *fp; fa; fa = fa->fa_next) {
		if (fa->magic != FASYNC_MAGIC) {
			pr_err("kill_fasync: bad magic number in fasync_struct!\n");
			return;
		}
		qdk_fasync_signals++;
	}
}
