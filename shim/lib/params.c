// SPDX-License-Identifier: GPL-2.0
/*
 * params.c - module parameters (linux/moduleparam.h): the table every
 * module_param() adds itself to, the ops of each type as kernel/params.c
 * has them (numbers parsed by kstrto*() with base 0, bool by kstrtobool(),
 * charp, arrays, strings), qdk_param_set() for `qdk-replay --param
 * NAME=VALUE`, the free() of each at unload, and the sysfs files.
 */
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/limits.h>
#include <linux/moduleparam.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sysfs.h>

#include "shim.h"
#include "../api/qdk_api.h"

#define MAX_PARAMS 256

static const struct kernel_param *params[MAX_PARAMS];
static int n_params;

void qdk_register_param(const struct kernel_param *kp)
{
	if (n_params == MAX_PARAMS) {
		pr_err("qdk: too many module parameters (%s)\n", kp->name);
		return;
	}
	params[n_params++] = kp;
}

/* ---- the types' ops, as kernel/params.c has them ------------------------ */

static char dash2underscore(char c)
{
	return c == '-' ? '_' : c;
}

bool parameqn(const char *a, const char *b, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (dash2underscore(a[i]) != dash2underscore(b[i]))
			return false;
	return true;
}

bool parameq(const char *a, const char *b)
{
	return parameqn(a, b, strlen(a) + 1);
}

/* base 0 parsing into the type, "%fmt\n" out */
#define STANDARD_PARAM_DEF(name, type, format, strtolfn)		\
int param_set_##name(const char *val, const struct kernel_param *kp)	\
{									\
	return strtolfn(val, 0, (type *)kp->arg);			\
}									\
int param_get_##name(char *buffer, const struct kernel_param *kp)	\
{									\
	return scnprintf(buffer, PAGE_SIZE, format "\n", *(type *)kp->arg); \
}									\
const struct kernel_param_ops param_ops_##name = {			\
	.set = param_set_##name,					\
	.get = param_get_##name,					\
}

STANDARD_PARAM_DEF(byte, unsigned char, "%hhu", kstrtou8);
STANDARD_PARAM_DEF(short, short, "%hi", kstrtos16);
STANDARD_PARAM_DEF(ushort, unsigned short, "%hu", kstrtou16);
STANDARD_PARAM_DEF(int, int, "%i", kstrtoint);
STANDARD_PARAM_DEF(uint, unsigned int, "%u", kstrtouint);
STANDARD_PARAM_DEF(long, long, "%li", kstrtol);
STANDARD_PARAM_DEF(ulong, unsigned long, "%lu", kstrtoul);
STANDARD_PARAM_DEF(ullong, unsigned long long, "%llu", kstrtoull);
STANDARD_PARAM_DEF(hexint, unsigned int, "%#08x", kstrtouint);

int param_set_uint_minmax(const char *val, const struct kernel_param *kp,
			  unsigned int min, unsigned int max)
{
	unsigned int num;
	int ret;

	if (!val)
		return -EINVAL;
	ret = kstrtouint(val, 0, &num);
	if (ret)
		return ret;
	if (num < min || num > max)
		return -EINVAL;
	*(unsigned int *)kp->arg = num;
	return 0;
}

/*
 * charp: set() copies the string into an allocation of its own (freed when
 * replaced or at unload), as kmalloc_parameter() does. The kernel does not
 * reload a module's data at unload; the shim's variable outlives it, so the
 * copy also remembers the compiled-in value and free() puts it back.
 */
struct kmalloced_param {
	struct list_head list;
	char *orig;
	char val[];
};

static LIST_HEAD(kmalloced_params);

static struct kmalloced_param *kmalloced_of(const char *p)
{
	struct kmalloced_param *k;

	list_for_each_entry(k, &kmalloced_params, list)
		if (k->val == p)
			return k;
	return NULL;
}

int param_set_charp(const char *val, const struct kernel_param *kp)
{
	char **arg = kp->arg;
	struct kmalloced_param *k, *old;
	size_t len, maxlen = 1024;

	len = strnlen(val, maxlen + 1);
	if (len == maxlen + 1) {
		pr_err("%s: string parameter too long\n", kp->name);
		return -ENOSPC;
	}
	k = kmalloc(sizeof(*k) + len + 1, GFP_KERNEL);
	if (!k)
		return -ENOMEM;
	memcpy(k->val, val, len + 1);
	old = kmalloced_of(*arg);
	k->orig = old ? old->orig : *arg;
	if (old) {
		list_del(&old->list);
		kfree(old);
	}
	list_add(&k->list, &kmalloced_params);
	*arg = k->val;
	return 0;
}

int param_get_charp(char *buffer, const struct kernel_param *kp)
{
	return scnprintf(buffer, PAGE_SIZE, "%s\n", *(char **)kp->arg);
}

void param_free_charp(void *arg)
{
	struct kmalloced_param *k = kmalloced_of(*(char **)arg);

	if (!k)
		return;
	*(char **)arg = k->orig;
	list_del(&k->list);
	kfree(k);
}

const struct kernel_param_ops param_ops_charp = {
	.set = param_set_charp,
	.get = param_get_charp,
	.free = param_free_charp,
};

/* what kstrtobool() takes; no value at all means "set" */
int param_set_bool(const char *val, const struct kernel_param *kp)
{
	if (!val)
		val = "1";
	return kstrtobool(val, kp->arg);
}

int param_get_bool(char *buffer, const struct kernel_param *kp)
{
	return sprintf(buffer, "%c\n", *(bool *)kp->arg ? 'Y' : 'N');
}

const struct kernel_param_ops param_ops_bool = {
	.flags = KERNEL_PARAM_OPS_FL_NOARG,
	.set = param_set_bool,
	.get = param_get_bool,
};

/* once set, never unset: -EROFS */
int param_set_bool_enable_only(const char *val, const struct kernel_param *kp)
{
	bool orig_value = *(bool *)kp->arg, new_value;
	struct kernel_param dummy_kp = *kp;
	int err;

	dummy_kp.arg = &new_value;
	err = param_set_bool(val, &dummy_kp);
	if (err)
		return err;
	if (!new_value && orig_value)
		return -EROFS;
	return new_value ? param_set_bool(val, kp) : 0;
}

const struct kernel_param_ops param_ops_bool_enable_only = {
	.flags = KERNEL_PARAM_OPS_FL_NOARG,
	.set = param_set_bool_enable_only,
	.get = param_get_bool,
};

int param_set_invbool(const char *val, const struct kernel_param *kp)
{
	struct kernel_param dummy = { .arg = NULL };
	bool boolval;
	int ret;

	dummy.arg = &boolval;
	ret = param_set_bool(val, &dummy);
	if (!ret)
		*(bool *)kp->arg = !boolval;
	return ret;
}

int param_get_invbool(char *buffer, const struct kernel_param *kp)
{
	return sprintf(buffer, "%c\n", *(bool *)kp->arg ? 'N' : 'Y');
}

const struct kernel_param_ops param_ops_invbool = {
	.set = param_set_invbool,
	.get = param_get_invbool,
};

int param_set_bint(const char *val, const struct kernel_param *kp)
{
	struct kernel_param boolkp = *kp;
	bool v;
	int ret;

	boolkp.arg = &v;
	ret = param_set_bool(val, &boolkp);
	if (!ret)
		*(int *)kp->arg = v;
	return ret;
}

const struct kernel_param_ops param_ops_bint = {
	.flags = KERNEL_PARAM_OPS_FL_NOARG,
	.set = param_set_bint,
	.get = param_get_int,
};

/*
 * An array: comma-separated values, each set through the element type's
 * set() (the string is cut in place, as the kernel's is), at least one and
 * at most max; *num (when given) the count. A refused element leaves the
 * ones before it set.
 */
static int param_array(const char *name, const char *val, unsigned int min,
		       unsigned int max, void *elem, int elemsize,
		       int (*set)(const char *, const struct kernel_param *kp),
		       s16 level, unsigned int *num)
{
	struct kernel_param kp = { .name = name, .level = level, .arg = elem };
	char save;
	int ret;

	*num = 0;
	do {
		size_t len;

		if (*num == max) {
			pr_err("%s: can only take %i arguments\n", name, max);
			return -EINVAL;
		}
		len = strcspn(val, ",");
		save = val[len];
		((char *)val)[len] = '\0';
		ret = set(val, &kp);
		if (ret)
			return ret;
		kp.arg = (char *)kp.arg + elemsize;
		val += len + 1;
		(*num)++;
	} while (save == ',');

	if (*num < min) {
		pr_err("%s: needs at least %i arguments\n", name, min);
		return -EINVAL;
	}
	return 0;
}

static int param_array_set(const char *val, const struct kernel_param *kp)
{
	const struct kparam_array *arr = kp->arr;
	unsigned int temp_num;

	return param_array(kp->name, val, 1, arr->max, arr->elem, arr->elemsize,
			   arr->ops->set, kp->level, arr->num ?: &temp_num);
}

/* the elements' get()s joined by commas, one newline at the end */
static int param_array_get(char *buffer, const struct kernel_param *kp)
{
	const struct kparam_array *arr = kp->arr;
	struct kernel_param p = *kp;
	int i, off, ret;

	for (i = off = 0; i < (arr->num ? *arr->num : arr->max); i++) {
		if (i)
			buffer[off - 1] = ',';
		p.arg = (char *)arr->elem + arr->elemsize * i;
		ret = arr->ops->get(buffer + off, &p);
		if (ret < 0)
			return ret;
		off += ret;
	}
	buffer[off] = '\0';
	return off;
}

static void param_array_free(void *arg)
{
	const struct kparam_array *arr = arg;
	unsigned int i;

	if (arr->ops->free)
		for (i = 0; i < (arr->num ? *arr->num : arr->max); i++)
			arr->ops->free((char *)arr->elem + arr->elemsize * i);
}

const struct kernel_param_ops param_array_ops = {
	.set = param_array_set,
	.get = param_array_get,
	.free = param_array_free,
};

/* a string that must fit the buffer, NUL included: -ENOSPC */
int param_set_copystring(const char *val, const struct kernel_param *kp)
{
	const struct kparam_string *kps = kp->str;

	if (strnlen(val, kps->maxlen) == kps->maxlen) {
		pr_err("%s: string doesn't fit in %u chars.\n", kp->name, kps->maxlen - 1);
		return -ENOSPC;
	}
	strcpy(kps->string, val);
	return 0;
}

int param_get_string(char *buffer, const struct kernel_param *kp)
{
	return scnprintf(buffer, PAGE_SIZE, "%s\n", kp->str->string);
}

const struct kernel_param_ops param_ops_string = {
	.set = param_set_copystring,
	.get = param_get_string,
};

/* ---- qdk-replay --param ------------------------------------------------------ */

/*
 * name: a parameter's own name, or MODULE.name as on the kernel's command
 * line ('-' and '_' alike, as parameq()). 0, -ENOENT (no such parameter),
 * -ENOTUNIQ (the bare name is a parameter of two modules), or the setter's
 * error. The setter gets a copy of value, which it may cut (arrays do).
 */
int qdk_param_set(const char *name, const char *value)
{
	const struct kernel_param *found = NULL;
	char *copy;
	int i, err;

	for (i = 0; i < n_params; i++) {
		const struct kernel_param *kp = params[i];
		size_t mlen = strlen(kp->__qdk_modname);
		bool match = parameq(name, kp->name) ||
			(parameqn(name, kp->__qdk_modname, mlen) && name[mlen] == '.' &&
			 parameq(name + mlen + 1, kp->name));

		if (!match)
			continue;
		if (found)
			return -ENOTUNIQ;
		found = kp;
	}
	if (!found)
		return -ENOENT;
	copy = kstrdup(value, GFP_KERNEL);
	if (!copy)
		return -ENOMEM;
	err = found->ops->set(copy, found);
	kfree(copy);
	return err;
}

/* at unload, each parameter's free(), as module_destroy_params() */
void qdk_params_free(void)
{
	int i;

	for (i = 0; i < n_params; i++)
		if (params[i]->ops->free)
			params[i]->ops->free(params[i]->arg);
}

/* ---- /sys/module/MODULE/parameters/NAME ------------------------------------- */

static int param_file_open(struct inode *inode, struct file *file)
{
	const struct kernel_param *kp = inode->i_private;

	/* kernfs: no write bit, no write open (root too); no get, no read */
	if (((file->f_mode & FMODE_WRITE) && (!(kp->perm & 0222) || !kp->ops->set)) ||
	    ((file->f_mode & FMODE_READ) && (!(kp->perm & 0444) || !kp->ops->get)))
		return -EACCES;
	return 0;
}

static ssize_t param_file_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	const struct kernel_param *kp = file_inode(file)->i_private;
	char *page = kzalloc(PAGE_SIZE, GFP_KERNEL);
	ssize_t ret;
	int len;

	if (!page)
		return -ENOMEM;
	len = kp->ops->get(page, kp);
	ret = len < 0 ? len : simple_read_from_buffer(buf, count, ppos, page, len);
	kfree(page);
	return ret;
}

/* the whole write at once, as sysfs hands a store() its buffer */
static ssize_t param_file_write(struct file *file, const char __user *buf, size_t count,
				loff_t *ppos)
{
	const struct kernel_param *kp = file_inode(file)->i_private;
	char *page;
	int err;

	if (count >= PAGE_SIZE)
		count = PAGE_SIZE - 1;
	page = kzalloc(count + 1, GFP_KERNEL);
	if (!page)
		return -ENOMEM;
	err = copy_from_user(page, buf, count) ? -EFAULT : kp->ops->set(page, kp);
	kfree(page);
	return err ? err : (ssize_t)count;
}

static const struct file_operations param_file_fops = {
	.open	= param_file_open,
	.read	= param_file_read,
	.write	= param_file_write,
};

/* the files of the parameters with permissions, made when the modules load */
void qdk_params_sysfs_add(void)
{
	const struct qdk_node dir = { .dir = true };
	char path[160];
	int i;

	for (i = 0; i < n_params; i++) {
		const struct kernel_param *kp = params[i];
		struct qdk_node file = { .fops = &param_file_fops, .mode = kp->perm,
					 .i_private = (void *)kp };

		if (!kp->perm)
			continue;
		snprintf(path, sizeof(path), "/sys/module/%s", kp->__qdk_modname);
		if (!qdk_node_lookup(path)) {
			qdk_node_add("/sys/module", kp->__qdk_modname, &dir);
			qdk_node_add(path, "parameters", &dir);
		}
		snprintf(path, sizeof(path), "/sys/module/%s/parameters", kp->__qdk_modname);
		qdk_node_add(path, kp->name, &file);
	}
}

void qdk_params_sysfs_remove(void)
{
	char path[160];
	struct qdk_node *n;
	int i;

	for (i = 0; i < n_params; i++) {
		snprintf(path, sizeof(path), "/sys/module/%s", params[i]->__qdk_modname);
		n = qdk_node_lookup(path);
		if (n)
			qdk_node_remove(n);
	}
}
