// SPDX-License-Identifier: GPL-2.0
// qdk-build: stops (^|/)shim/tests/build/unmodelled-call\.c:19: vfs_fsync\(\) is not modelled by the shim \(user space has no file systems\)
/*
 * A call to a function the shim declares with the kernel's signature but
 * does not model (qdk/unmodelled.h): the source compiles and links as with
 * kbuild, and the call stops the program at the caller's line, exit 2. The
 * call is a tail call at -O2 unless the build keeps sibling calls' frames.
 */
#include <linux/fs.h>
#include <linux/module.h>

static struct file qdk_case_file;

static int __init qdk_case_init(void)
{
	pr_info("qdk_case: syncing\n");
	/* the line the report must name */

	return vfs_fsync(&qdk_case_file, 0);
}

static void __exit qdk_case_exit(void)
{
}

module_init(qdk_case_init);
module_exit(qdk_case_exit);
MODULE_LICENSE("GPL");
