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
