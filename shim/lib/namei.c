// SPDX-License-Identifier: GPL-2.0
/*
 * namei.c - path names as struct filename (the kernel's fs/namei.c):
 * getname_kernel() and putname(). Path walks are not modelled (the shim
 * has no dentries).
 */
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/limits.h>
#include <linux/slab.h>
#include <linux/string.h>

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
#define QDK_FILENAME_HEAD	offsetof(struct filename, iname)
#define QDK_FILENAME_EMBED	(PATH_MAX - QDK_FILENAME_HEAD)
#else
#define QDK_FILENAME_HEAD	offsetof(struct filename, iname)
#define QDK_FILENAME_EMBED	EMBEDDED_NAME_MAX
#endif

/*
 * The name in the struct's own buffer when it fits (the kernel's names
 * cache object), else in a PATH_MAX buffer of its own; a name of PATH_MAX
 * bytes or more (with its NUL) is -ENAMETOOLONG.
 */
struct filename *getname_kernel(const char *filename)
{
	size_t len = strlen(filename) + 1;
	struct filename *result;
	char *buf;

	if (len > PATH_MAX)
		return ERR_PTR(-ENAMETOOLONG);
	if (len <= QDK_FILENAME_EMBED) {
		result = kmalloc(QDK_FILENAME_HEAD + QDK_FILENAME_EMBED, GFP_KERNEL);
		if (!result)
			return ERR_PTR(-ENOMEM);
		buf = (char *)result->iname;
	} else {
		result = kmalloc(sizeof(*result), GFP_KERNEL);
		buf = kmalloc(PATH_MAX, GFP_KERNEL);
		if (!result || !buf) {
			kfree(result);
			kfree(buf);
			return ERR_PTR(-ENOMEM);
		}
	}
	memcpy(buf, filename, len);
	result->name = buf;
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
	result->uptr = NULL;
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 9, 0) && LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
	atomic_set(&result->refcnt, 1);
#else
	result->refcnt = 1;
#endif
	result->aname = NULL;
	return result;
}
EXPORT_SYMBOL(getname_kernel);

void putname(struct filename *name)
{
	int left;

	if (IS_ERR_OR_NULL(name))
		return;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 9, 0) && LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
	if (WARN_ON_ONCE(!atomic_read(&name->refcnt)))
		return;
	left = atomic_dec_return(&name->refcnt);
#else
	if (WARN_ON_ONCE(name->refcnt <= 0))
		return;
	left = --name->refcnt;
#endif
	if (left)
		return;
	if (name->name != name->iname)
		kfree(name->name);
	kfree(name);
}
EXPORT_SYMBOL(putname);
