// SPDX-License-Identifier: GPL-2.0
/*
 * nsfs.c - namespace files (the kernel's fs/nsfs.c): the shim has one set
 * of namespaces and no file descriptors for them, so this is declared, not
 * modelled.
 */
#include <linux/proc_fs.h>
#include <qdk/unmodelled.h>

int open_related_ns(struct ns_common *ns, struct ns_common *(*get_ns)(struct ns_common *ns))
{
	QDK_UNMODELLED(open_related_ns, "no namespace file descriptors in user space");
}
