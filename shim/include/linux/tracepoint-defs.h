/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tracepoint structures (shim/lib/tracepoint.c), without the macros of
 * linux/tracepoint.h, for headers that only test whether one is on.
 *
 * A tracepoint is on while a probe is attached (its key counts them, as
 * the kernel's static key does): `qdk-replay --events` attaches each
 * event's own probe, which prints the event; a module may attach its own
 * with register_trace_NAME(). The probes are kept in the tracepoint itself,
 * NULL-terminated as the kernel's funcs array is, at most QDK_TP_PROBES of
 * them: the kernel allocates a new array at each registration, the shim
 * never allocates, so attaching cannot fail for memory nor leak at exit.
 */
#ifndef _LINUX_TRACEPOINT_DEFS_H
#define _LINUX_TRACEPOINT_DEFS_H

#include <linux/atomic.h>
#include <linux/jump_label.h>
#include <linux/version.h>

struct trace_print_flags {
	unsigned long		mask;
	const char		*name;
};

struct trace_print_flags_u64 {
	unsigned long long	mask;
	const char		*name;
};

struct tracepoint_func {
	void *func;
	void *data;
	int prio;
};

#define QDK_TP_PROBES	8

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* 7.x: what few tracepoints have, apart */
struct tracepoint_ext {
	int (*regfunc)(void);		/* TRACE_EVENT_FN's, at the first probe */
	void (*unregfunc)(void);	/* and after the last one */
	unsigned int faultable:1;	/* probes may fault (none here) */
};

struct tracepoint {
	const char *name;		/* the event's name */
	struct static_key_false key;	/* on while a probe is attached */
	struct tracepoint_func __rcu *funcs;	/* NULL: none attached */
	struct tracepoint_ext *ext;
	struct tracepoint_func __qdk_funcs[QDK_TP_PROBES + 1];
};

#define tracepoint_enabled(tp) \
	static_branch_unlikely(&(__tracepoint_##tp).key)
#else
struct tracepoint {
	const char *name;		/* the event's name */
	struct static_key key;		/* on while a probe is attached */
	int (*regfunc)(void);		/* TRACE_EVENT_FN's, at the first probe */
	void (*unregfunc)(void);	/* and after the last one */
	struct tracepoint_func __rcu *funcs;	/* NULL: none attached */
	struct tracepoint_func __qdk_funcs[QDK_TP_PROBES + 1];
};

#define tracepoint_enabled(tp) \
	static_key_false(&(__tracepoint_##tp).key)
#endif

/* the kernel's list holds pointers (no PREL32 offsets here) */
typedef struct tracepoint * const tracepoint_ptr_t;

/* a tracepoint tested from a header without its TRACE_EVENT (tracepoint_enabled()) */
#define DECLARE_TRACEPOINT(tp) \
	extern struct tracepoint __tracepoint_##tp

#endif
