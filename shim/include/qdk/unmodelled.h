/* SPDX-License-Identifier: GPL-2.0 */
/*
 * qdk/unmodelled.h - a kernel function the shim declares with the series'
 * own signature but cannot model in user space (a file system, page tables,
 * a real socket's I/O). Not a kernel header.
 *
 * Such a function is defined where the kernel keeps it, its body one line:
 *
 *	int vfs_fsync(struct file *file, int datasync)
 *	{
 *		QDK_UNMODELLED(vfs_fsync, "user space has no file systems");
 *	}
 *
 * so a source that uses it compiles and links as it does with kbuild, and a
 * call stops the program there: "FILE:LINE: vfs_fsync() is not modelled by
 * the shim (why)", exit 2, at the caller's line (gdb: break qdk_unmodelled).
 * The name also goes into the object's .qdk_unmodelled section, where
 * make shim-coverage finds it and counts it apart from what the shim models.
 */
#ifndef _QDK_UNMODELLED_H
#define _QDK_UNMODELLED_H

void qdk_unmodelled(const char *name, const char *why, unsigned long caller)
	__attribute__((__noreturn__, __cold__));

#define QDK_UNMODELLED(name, why) do {						\
	__asm__(".pushsection .qdk_unmodelled,\"\",@progbits\n\t"		\
		".asciz \"" #name "\"\n\t.popsection");				\
	qdk_unmodelled(#name, why, (unsigned long)__builtin_return_address(0)); \
} while (0)

#endif
