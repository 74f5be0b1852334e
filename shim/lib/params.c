// SPDX-License-Identifier: GPL-2.0
/*
 * params.c - module parameters (linux/moduleparam.h): the table every
 * module_param() adds itself to, the setters of each type, and
 * qdk_param_set() for `qdk-replay --param NAME=VALUE`.
 *
 * Values are parsed as the kernel's kstrto*() with base 0 do: an optional
 * sign (signed types only; '+' for all), then decimal, 0x hex or 0 octal,
 * one trailing newline allowed, out of range -ERANGE, anything else
 * -EINVAL. bool takes what kstrtobool() takes (y/Y/1/on, n/N/0/off).
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

#define MAX_PARAMS 64

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

/* The value of c as a digit of base 16 or less; 16 for no digit. */
static int digit_of(char c)
{
	char lower = c | 0x20;

	if (c >= '0' && c <= '9')
		return c - '0';
	return lower >= 'a' && lower <= 'f' ? lower - 'a' + 10 : 16;
}

/* *neg set for a leading '-'; the magnitude in *res. */
static int parse_ull_base(const char *s, unsigned int base, bool *neg, unsigned long long *res)
{
	unsigned long long v = 0;
	bool any = false;

	*neg = *s == '-';
	if (*s == '-' || *s == '+')
		s++;
	if ((!base || base == 16) && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') &&
	    digit_of(s[2]) < 16) {
		base = 16;
		s += 2;
	} else if (!base) {
		base = s[0] == '0' ? 8 : 10;
	}
	for (; digit_of(*s) < base; s++) {
		if (v > (ULLONG_MAX - digit_of(*s)) / base)
			return -ERANGE;
		v = v * base + digit_of(*s);
		any = true;
	}
	if (*s == '\n')
		s++;
	if (!any || *s)
		return -EINVAL;
	*res = v;
	return 0;
}

static int parse_ull(const char *s, bool *neg, unsigned long long *res)
{
	return parse_ull_base(s, 0, neg, res);
}

/* The value in [min, max] (min < 0 only for signed types) into *res. */
static int parse_range(const char *s, long long min, unsigned long long max, long long *res)
{
	unsigned long long v;
	bool neg;
	int err;

	err = parse_ull(s, &neg, &v);
	if (err)
		return err;
	if (neg && min == 0)
		return -EINVAL;
	if (neg ? v > (unsigned long long)-(min + 1) + 1 : v > max)
		return -ERANGE;
	*res = neg ? -(long long)(v - 1) - 1 : (long long)v;
	return 0;
}

#define QDK_PARAM_OPS(type, ctype, min, max, fmt)			\
static int param_set_##type(const char *val, const struct kernel_param *kp) \
{									\
	long long v;							\
	int err = parse_range(val, min, max, &v);			\
									\
	if (!err)							\
		*(ctype *)kp->arg = (ctype)v;				\
	return err;							\
}									\
static int param_get_##type(char *buffer, const struct kernel_param *kp) \
{									\
	return sysfs_emit(buffer, fmt "\n", *(ctype *)kp->arg);	\
}									\
const struct kernel_param_ops param_ops_##type = {			\
	.set = param_set_##type, .get = param_get_##type		\
}

QDK_PARAM_OPS(byte, unsigned char, 0, U8_MAX, "%hhu");
QDK_PARAM_OPS(short, short, S16_MIN, S16_MAX, "%hi");
QDK_PARAM_OPS(ushort, unsigned short, 0, U16_MAX, "%hu");
QDK_PARAM_OPS(int, int, INT_MIN, INT_MAX, "%i");
QDK_PARAM_OPS(uint, unsigned int, 0, UINT_MAX, "%u");
QDK_PARAM_OPS(long, long, LONG_MIN, LONG_MAX, "%li");
/* ulong's values above LLONG_MAX pass through long long's bit pattern. */
QDK_PARAM_OPS(ulong, unsigned long, 0, ULONG_MAX, "%lu");

static int param_set_bool(const char *val, const struct kernel_param *kp)
{
	static const char * const yes[] = { "y", "Y", "1", "on", "ON", "On" };
	static const char * const no[] = { "n", "N", "0", "off", "OFF", "Off" };
	size_t len = strlen(val);
	unsigned int i;

	if (len && val[len - 1] == '\n')
		len--;
	for (i = 0; i < ARRAY_SIZE(yes); i++) {
		if (strlen(yes[i]) == len && !strncmp(val, yes[i], len)) {
			*(bool *)kp->arg = true;
			return 0;
		}
		if (strlen(no[i]) == len && !strncmp(val, no[i], len)) {
			*(bool *)kp->arg = false;
			return 0;
		}
	}
	return -EINVAL;
}

static int param_get_bool(char *buffer, const struct kernel_param *kp)
{
	return sprintf(buffer, "%c\n", *(bool *)kp->arg ? 'Y' : 'N');
}

const struct kernel_param_ops param_ops_bool = { .set = param_set_bool, .get = param_get_bool };

/*
 * name: a parameter's own name, or MODULE.name as on the kernel's command
 * line. 0, -ENOENT (no such parameter), -ENOTUNIQ (the bare name is a
 * parameter of two modules), or the setter's -EINVAL / -ERANGE.
 */
int qdk_param_set(const char *name, const char *value)
{
	const struct kernel_param *found = NULL;
	int i;

	for (i = 0; i < n_params; i++) {
		const struct kernel_param *kp = params[i];
		size_t mlen = strlen(kp->modname);
		bool match = !strcmp(name, kp->name) ||
			(!strncmp(name, kp->modname, mlen) && name[mlen] == '.' &&
			 !strcmp(name + mlen + 1, kp->name));

		if (!match)
			continue;
		if (found)
			return -ENOTUNIQ;
		found = kp;
	}
	if (!found)
		return -ENOENT;
	return found->ops->set(value, found);
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
		snprintf(path, sizeof(path), "/sys/module/%s", kp->modname);
		if (!qdk_node_lookup(path)) {
			qdk_node_add("/sys/module", kp->modname, &dir);
			qdk_node_add(path, "parameters", &dir);
		}
		snprintf(path, sizeof(path), "/sys/module/%s/parameters", kp->modname);
		qdk_node_add(path, kp->name, &file);
	}
}

void qdk_params_sysfs_remove(void)
{
	char path[160];
	struct qdk_node *n;
	int i;

	for (i = 0; i < n_params; i++) {
		snprintf(path, sizeof(path), "/sys/module/%s", params[i]->modname);
		n = qdk_node_lookup(path);
		if (n)
			qdk_node_remove(n);
	}
}
