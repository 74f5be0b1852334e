/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The user/kernel ABI of the "template" classifier (cls_template.c): the
 * netlink attributes nested in the filter's TCA_OPTIONS.
 *
 * Included by the kernel module, its user-space build against shim/ and
 * plain user space (cls_template_tc.c): <linux/types.h> and __u32 only.
 * ABI rules: only append attributes before __TCA_CLS_TEMPLATE_MAX; never
 * renumber one (old tc binaries and old traces send the old numbers).
 */
#ifndef QDK_CLS_TEMPLATE_H
#define QDK_CLS_TEMPLATE_H

#include <linux/types.h>

/* Attributes nested in TCA_OPTIONS. Type 0 is reserved by netlink. */
enum {
	TCA_CLS_TEMPLATE_UNSPEC,
	TCA_CLS_TEMPLATE_CLASSID,	/* u32: res.classid of a match, 0: none */
	TCA_CLS_TEMPLATE_MAXLEN,	/* u32: largest matching packet, bytes */
	__TCA_CLS_TEMPLATE_MAX
};

#define TCA_CLS_TEMPLATE_MAX (__TCA_CLS_TEMPLATE_MAX - 1)

/* Default of TCA_CLS_TEMPLATE_MAXLEN: packets up to this size match. */
#define CLS_TEMPLATE_DEF_MAXLEN	256

#endif /* QDK_CLS_TEMPLATE_H */
