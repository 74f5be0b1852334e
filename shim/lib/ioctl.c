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
