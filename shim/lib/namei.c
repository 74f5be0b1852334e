// SPDX-License-Identifier: GPL-2.0
/*
 * namei.c - path names as struct filename (the kernel's fs/namei.c):
 * getname_kernel(), getname*() from user space and putname(). Path walks
 * are not modelled (the shim has no dentries).
 */
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/limits.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

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

/* linux/namei.h's flag that lets a name be empty (its value per series) */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
#define QDK_LOOKUP_EMPTY	0x4000
#else
#define QDK_LOOKUP_EMPTY	BIT(3)
#endif

/* one reference, no audit record */
static void filename_init(struct filename *result)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 9, 0) && LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
	atomic_set(&result->refcnt, 1);
#else
	result->refcnt = 1;
#endif
	result->aname = NULL;
}

/*
 * As getname_kernel() lays a name out, copied from user space: the struct's
 * own buffer first, a PATH_MAX buffer of its own for a name that fills it.
 */
static struct filename *do_getname(const char __user *filename, int flags, int *empty)
{
	struct filename *result;
	long len;
	char *buf;

	result = kmalloc(QDK_FILENAME_HEAD + QDK_FILENAME_EMBED, GFP_KERNEL);
	if (!result)
		return ERR_PTR(-ENOMEM);
	result->name = result->iname;
	len = strncpy_from_user((char *)result->iname, filename, QDK_FILENAME_EMBED);
	if (!len) {
		if (empty)
			*empty = 1;
		if (!(flags & QDK_LOOKUP_EMPTY))
			len = -ENOENT;
	}
	if (len == QDK_FILENAME_EMBED) {
		/* the rest of a long name, up to PATH_MAX with its NUL */
		buf = kmalloc(PATH_MAX, GFP_KERNEL);
		if (!buf) {
			len = -ENOMEM;
		} else {
			memcpy(buf, result->iname, QDK_FILENAME_EMBED);
			len = strncpy_from_user(buf + QDK_FILENAME_EMBED,
						filename + QDK_FILENAME_EMBED,
						PATH_MAX - QDK_FILENAME_EMBED);
			if (len == PATH_MAX - QDK_FILENAME_EMBED)
				len = -ENAMETOOLONG;
			if (len < 0)
				kfree(buf);
			else
				result->name = buf;
		}
	}
	if (len < 0) {
		kfree(result);
		return ERR_PTR(len);
	}
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
	result->uptr = filename;
#endif
	filename_init(result);
	return result;
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
struct filename *getname_flags(const char __user *filename, int flags, int *empty)
{
	return do_getname(filename, flags, empty);
}
#else
struct filename *getname_flags(const char __user *filename, int flags)
{
	return do_getname(filename, flags, NULL);
}
#endif

struct filename *getname_uflags(const char __user *filename, int uflags)
{
	int flags = (uflags & AT_EMPTY_PATH) ? QDK_LOOKUP_EMPTY : 0;

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	return getname_flags(filename, flags, NULL);
#else
	return getname_flags(filename, flags);
#endif
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
struct filename *getname(const char __user *filename)
{
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	return getname_flags(filename, 0, NULL);
#else
	return getname_flags(filename, 0);
#endif
}
#else
struct filename *__getname_maybe_null(const char __user *pathname)
{
	struct filename *name;
	char c;

	/* an empty name costs no allocation */
	if (get_user(c, pathname))
		return ERR_PTR(-EFAULT);
	if (!c)
		return NULL;
	name = getname_flags(pathname, QDK_LOOKUP_EMPTY);
	if (!IS_ERR(name) && !name->name[0]) {
		putname(name);
		return NULL;
	}
	return name;
}

int delayed_getname(struct delayed_filename *v, const char __user *string)
{
	v->__incomplete_filename = do_getname(string, 0, NULL);
	return PTR_ERR_OR_ZERO(v->__incomplete_filename);
}

int delayed_getname_uflags(struct delayed_filename *v, const char __user *string, int uflags)
{
	int flags = (uflags & AT_EMPTY_PATH) ? QDK_LOOKUP_EMPTY : 0;

	v->__incomplete_filename = do_getname(string, flags, NULL);
	return PTR_ERR_OR_ZERO(v->__incomplete_filename);
}

/* the one reference moves; a shared name is copied, this reference dropped */
int putname_to_delayed(struct delayed_filename *v, struct filename *name)
{
	if (name->refcnt == 1) {
		v->__incomplete_filename = name;
		return 0;
	}
	name->refcnt--;
	v->__incomplete_filename = getname_kernel(name->name);
	return PTR_ERR_OR_ZERO(v->__incomplete_filename);
}

void dismiss_delayed_filename(struct delayed_filename *v)
{
	putname(v->__incomplete_filename);
	v->__incomplete_filename = NULL;
}

struct filename *complete_getname(struct delayed_filename *v)
{
	struct filename *res = v->__incomplete_filename;

	v->__incomplete_filename = NULL;
	return res;
}
#endif
