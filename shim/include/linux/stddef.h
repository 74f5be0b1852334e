/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _QDK_SHIM_LINUX_STDDEF_H
#define _QDK_SHIM_LINUX_STDDEF_H

#include <linux/compiler_types.h>
#include <linux/version.h>
#include_next <linux/stddef.h>

#undef NULL
#define NULL ((void *)0)

enum {
	false	= 0,
	true	= 1
};

#undef offsetof
#define offsetof(TYPE, MEMBER)	__builtin_offsetof(TYPE, MEMBER)
#define sizeof_field(TYPE, MEMBER) sizeof((((TYPE *)0)->MEMBER))
#define offsetofend(TYPE, MEMBER) \
	(offsetof(TYPE, MEMBER)	+ sizeof_field(TYPE, MEMBER))

#ifndef struct_group
#define struct_group(NAME, MEMBERS...) \
	__struct_group(/* no tag */, NAME, /* no attrs */, MEMBERS)
#endif
#ifndef struct_group_attr
#define struct_group_attr(NAME, ATTRS, MEMBERS...) \
	__struct_group(/* no tag */, NAME, ATTRS, MEMBERS)
#endif
#define struct_group_tagged(TAG, NAME, MEMBERS...) \
	__struct_group(TAG, NAME, /* no attrs */, MEMBERS)
#define DECLARE_FLEX_ARRAY(TYPE, NAME) \
	__DECLARE_FLEX_ARRAY(TYPE, NAME)

/*
 * A flexible array's struct with members laid over its array (MEMBERS
 * start where FAM does), as one union NAME's members and TYPE's share.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define __TRAILING_OVERLAP(TYPE, NAME, FAM, ATTRS, MEMBERS)			\
	union {									\
		TYPE NAME;							\
		struct {							\
			unsigned char __offset_to_FAM[offsetof(TYPE, FAM)];	\
			MEMBERS							\
		} ATTRS;							\
	}
#define TRAILING_OVERLAP(TYPE, NAME, FAM, MEMBERS)				\
	__TRAILING_OVERLAP(TYPE, NAME, FAM, /* no attrs */, MEMBERS)
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define TRAILING_OVERLAP(TYPE, NAME, FAM, MEMBERS)				\
	union {									\
		TYPE NAME;							\
		struct {							\
			unsigned char __offset_to_##FAM[offsetof(TYPE, FAM)];	\
			MEMBERS							\
		};								\
	}
#endif

#endif
