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
 * open (when the driver has one), the call, release; the file starts at
 * pos. A read runs until the end unless once (one handler call). ret is the handler's
 * return value (open's, when it refuses); the function's own -ENOENT (no
 * such device) or -EOPNOTSUPP (no such handler: the kernel's -EINVAL for a
 * read or write the driver lacks) say nothing was called.
 */
static int misc_call(const char *name, bool write, void *buf, size_t len, loff_t pos,
		     bool once, long *ret)
{
	struct miscdevice *m = qdk_misc_find(name);
	struct file f = { .f_pos = pos };
	size_t done = 0;

	if (!m)
		return -ENOENT;
	if (write ? !m->fops->write : !m->fops->read)
		return -EOPNOTSUPP;
	*ret = m->fops->open ? m->fops->open(NULL, &f) : 0;
	if (*ret)
		return 0;
	if (once && !write) {
		*ret = m->fops->read(&f, (char __user *)buf, len, &f.f_pos);
	} else if (write) {
		*ret = m->fops->write(&f, (const char __user *)buf, len, &f.f_pos);
	} else {
		/* until the handler returns 0 (the end) or an error, or len is full */
		while (done < len) {
			ssize_t n = m->fops->read(&f, (char __user *)buf + done, len - done,
						  &f.f_pos);

			if (n < 0)
				*ret = n;
			if (n <= 0)
				break;
			done += n;
		}
		if (!*ret)
			*ret = done;
	}
	if (m->fops->release)
		m->fops->release(NULL, &f);
	return 0;
}

int qdk_misc_write(const char *name, const void *buf, size_t len, long *ret)
{
	return misc_call(name, true, (void *)buf, len, 0, false, ret);
}

int qdk_misc_read(const char *name, void *buf, size_t len, long *ret)
{
	return misc_call(name, false, buf, len, 0, false, ret);
}

int qdk_misc_call(const char *name, int write, void *buf, size_t len, int64_t pos, long *ret)
{
	return misc_call(name, write, buf, len, pos, true, ret);
}
