// SPDX-License-Identifier: GPL-2.0
/*
 * misc.c - the misc character devices a module registers (linux/miscdevice.h).
 *
 * A device asking for MISC_DYNAMIC_MINOR gets a free minor (the highest,
 * from 254 down), a fixed minor or a name already registered is refused
 * with -EBUSY, and deregistering frees both. There is no /dev node: the
 * harness finds a device by name (qdk_misc_find()).
 */
#include <linux/errno.h>
#include <linux/list.h>
#include <linux/miscdevice.h>
#include <linux/string.h>

#include "../api/qdk_api.h"

#define MISC_DYNAMIC_FIRST 254

static LIST_HEAD(misc_list);

struct miscdevice *qdk_misc_find(const char *name)
{
	struct miscdevice *m;

	list_for_each_entry(m, &misc_list, list)
		if (!strcmp(m->name, name))
			return m;
	return NULL;
}

static bool misc_minor_taken(int minor)
{
	struct miscdevice *m;

	list_for_each_entry(m, &misc_list, list)
		if (m->minor == minor)
			return true;
	return false;
}

int misc_register(struct miscdevice *misc)
{
	if (!misc->name || !misc->fops)
		return -EINVAL;
	if (qdk_misc_find(misc->name))
		return -EBUSY;
	if (misc->minor == MISC_DYNAMIC_MINOR) {
		int minor = MISC_DYNAMIC_FIRST;

		while (minor >= 0 && misc_minor_taken(minor))
			minor--;
		if (minor < 0)
			return -EBUSY;
		misc->minor = minor;
	} else if (misc_minor_taken(misc->minor)) {
		return -EBUSY;
	}
	list_add_tail(&misc->list, &misc_list);
	return 0;
}

void misc_deregister(struct miscdevice *misc)
{
	list_del(&misc->list);
}

/*
 * One open file of the device, as a process opening /dev/NAME gets it:
 * open (when the driver has one), the call, release. ret is the handler's
 * return value; the function's own -ENOENT (no such device) or
 * -EOPNOTSUPP (no such handler: the kernel's -EINVAL for a read or write
 * the driver lacks) say the call did not happen.
 */
static int misc_open(const char *name, struct miscdevice **m, struct file *f)
{
	*m = qdk_misc_find(name);
	if (!*m)
		return -ENOENT;
	memset(f, 0, sizeof(*f));
	return (*m)->fops->open ? (*m)->fops->open(NULL, f) : 0;
}

static void misc_release(struct miscdevice *m, struct file *f)
{
	if (m->fops->release)
		m->fops->release(NULL, f);
}

int qdk_misc_write(const char *name, const void *buf, size_t len, long *ret)
{
	struct miscdevice *m;
	struct file f;
	int err = misc_open(name, &m, &f);

	if (err == -ENOENT)
		return err;
	if (err) {
		*ret = err;
		return 0;
	}
	if (!m->fops->write) {
		misc_release(m, &f);
		return -EOPNOTSUPP;
	}
	*ret = m->fops->write(&f, (const char __user *)buf, len, &f.f_pos);
	misc_release(m, &f);
	return 0;
}

/* Reads until the handler returns 0 (the end) or an error, or len is full. */
int qdk_misc_read(const char *name, void *buf, size_t len, long *ret)
{
	struct miscdevice *m;
	struct file f;
	size_t got = 0;
	int err = misc_open(name, &m, &f);

	if (err == -ENOENT)
		return err;
	if (err) {
		*ret = err;
		return 0;
	}
	if (!m->fops->read) {
		misc_release(m, &f);
		return -EOPNOTSUPP;
	}
	*ret = 0;
	while (got < len) {
		ssize_t n = m->fops->read(&f, (char __user *)buf + got, len - got, &f.f_pos);

		if (n < 0)
			*ret = n;
		if (n <= 0)
			break;
		got += n;
	}
	if (*ret == 0)
		*ret = got;
	misc_release(m, &f);
	return 0;
}
