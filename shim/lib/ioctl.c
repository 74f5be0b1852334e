// SPDX-License-Identifier: GPL-2.0
/*
 * ioctl.c - the kernel's fs/ioctl.c helpers a driver names in its
 * file_operations.
 */
#include <linux/fs.h>

/*
 * A 32-bit task's ioctl whose argument is a pointer: compat_ptr() keeps the
 * low 32 bits (x86-64), then the native handler runs.
 */
long compat_ptr_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	if (!file->f_op->unlocked_ioctl)
		return -ENOIOCTLCMD;
	return file->f_op->unlocked_ioctl(file, cmd, (unsigned long)(u32)arg);
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
/*
 * The file's unlocked_ioctl: -ENOTTY when it has none or answers
 * -ENOIOCTLCMD (not its command). The result passes through an int, as
 * the kernel's does.
 */
long vfs_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	int error = -ENOTTY;

	if (!file->f_op->unlocked_ioctl)
		return error;
	error = file->f_op->unlocked_ioctl(file, cmd, arg);
	if (error == -ENOIOCTLCMD)
		error = -ENOTTY;
	return error;
}
#endif
