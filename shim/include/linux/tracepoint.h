/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Tracepoints (shim/lib/tracepoint.c) and the first reading of a trace
 * event header (TRACE_EVENT() and its kin), as the kernel's: a source that
 * includes the header gets trace_NAME(), trace_NAME_enabled(),
 * register_trace_NAME() and unregister_trace_NAME(); the one unit that
 * defines CREATE_TRACE_POINTS before including it gets, through
 * trace/define_trace.h, the tracepoints themselves and each event's probe
 * and output (trace/trace_events.h).
 *
 * trace_NAME() runs the attached probes in order, in the caller's context,
 * when the tracepoint is on: it may be called wherever the kernel's may
 * (the datapath included; it neither sleeps nor allocates), and its
 * arguments are evaluated only then, as with the kernel's static key. The
 * part outside the include guard is read again at each inclusion, as the
 * kernel's is, so that one unit may include several event headers.
 */
#ifndef _LINUX_TRACEPOINT_H
#define _LINUX_TRACEPOINT_H

#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/list.h>
#include <linux/rcupdate.h>
#include <linux/stringify.h>
#include <linux/tracepoint-defs.h>
#include <linux/types.h>
#include <linux/version.h>

struct module;
struct notifier_block;

/* a module with tracepoints, as tracepoint module notifiers are told */
struct tp_module {
	struct list_head list;
	struct module *mod;
};

struct trace_eval_map {
	const char		*system;
	const char		*eval_string;
	unsigned long		eval_value;
};

#define TRACEPOINT_DEFAULT_PRIO	10

/*
 * Attach probe(data, args...) to tp: 0, -EEXIST (that probe with that data
 * is attached), -EINVAL (no probe), -ENOMEM (QDK_TP_PROBES attached
 * already: the kernel's answer when it cannot allocate the new array).
 * Probes run by descending prio, in the order attached within one prio.
 */
int tracepoint_probe_register(struct tracepoint *tp, void *probe, void *data);
int tracepoint_probe_register_prio(struct tracepoint *tp, void *probe, void *data,
				   int prio);
int tracepoint_probe_register_prio_may_exist(struct tracepoint *tp, void *probe,
					     void *data, int prio);
static inline int
tracepoint_probe_register_may_exist(struct tracepoint *tp, void *probe, void *data)
{
	return tracepoint_probe_register_prio_may_exist(tp, probe, data,
							TRACEPOINT_DEFAULT_PRIO);
}

/* 0, or -ENOENT when that probe with that data is not attached */
int tracepoint_probe_unregister(struct tracepoint *tp, void *probe, void *data);
/* every tracepoint the modules define, in the order they were linked */
void for_each_kernel_tracepoint(void (*fct)(struct tracepoint *tp, void *priv),
				void *priv);

static inline bool trace_module_has_bad_taint(struct module *mod)
{
	return false;
}

int register_tracepoint_module_notifier(struct notifier_block *nb);
int unregister_tracepoint_module_notifier(struct notifier_block *nb);

/* a probe being detached has returned once this does: no other CPU runs one */
static inline void tracepoint_synchronize_unregister(void)
{
	synchronize_rcu();
}

/* the shim's list of the modules' tracepoints (DEFINE_TRACE_FN's constructor) */
void __qdk_tracepoint_add(struct tracepoint *tp);

#define PARAMS(args...) args

#define TRACE_DEFINE_ENUM(x)
#define TRACE_DEFINE_SIZEOF(x)

/* the string itself: no tracer reads the events' binary records here */
#define tracepoint_string(str) str
#define __tracepoint_string

#endif /* _LINUX_TRACEPOINT_H */

/*
 * Outside the guard: trace/define_trace.h undefines DECLARE_TRACE and
 * TRACE_EVENT to read an event header again, and these come back for the
 * next header a unit includes.
 */
#ifndef DECLARE_TRACE

/* CONFIG_TRACEPOINTS, as Debian's kernels have it */
#define TRACEPOINTS_ENABLED

#define TP_PROTO(args...)	args
#define TP_ARGS(args...)	args
#define TP_CONDITION(args...)	args

/*
 * The calls a tracepoint's header gives every unit that includes it. The
 * probes get the data they were attached with first (data_proto: "void
 * *__data, proto"); __traceiter_NAME, which walks them, is defined once,
 * with the tracepoint, by DEFINE_TRACE_FN.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define __tracepoint_on(name) static_branch_unlikely(&__tracepoint_##name.key)
#else
#define __tracepoint_on(name) static_key_false(&__tracepoint_##name.key)
#endif

#define __DECLARE_TRACE(name, proto, args, cond, data_proto)		\
	extern int __traceiter_##name(data_proto);			\
	extern struct tracepoint __tracepoint_##name;			\
	static inline void trace_##name(proto)				\
	{								\
		if (__tracepoint_on(name) && (cond))			\
			__traceiter_##name(NULL, args);			\
	}								\
	static inline int						\
	register_trace_##name(void (*probe)(data_proto), void *data)	\
	{								\
		return tracepoint_probe_register(&__tracepoint_##name,	\
						 (void *)probe, data);	\
	}								\
	static inline int						\
	register_trace_prio_##name(void (*probe)(data_proto), void *data, \
				   int prio)				\
	{								\
		return tracepoint_probe_register_prio(&__tracepoint_##name, \
						      (void *)probe, data, prio); \
	}								\
	static inline int						\
	unregister_trace_##name(void (*probe)(data_proto), void *data)	\
	{								\
		return tracepoint_probe_unregister(&__tracepoint_##name, \
						   (void *)probe, data); \
	}								\
	static inline void						\
	check_trace_callback_type_##name(void (*cb)(data_proto))	\
	{								\
	}								\
	static inline bool						\
	trace_##name##_enabled(void)					\
	{								\
		return __tracepoint_on(name);				\
	}

/*
 * The tracepoint, its iterator and its entry in the shim's list (the
 * kernel's __tracepoints_ptrs section), in the unit that defines
 * CREATE_TRACE_POINTS. The iterator reads the probes once, as the kernel's
 * reads its RCU-protected array: a probe attached while it runs is not
 * called this time.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define __QDK_TRACEPOINT(_name, _reg, _unreg)				\
	static struct tracepoint_ext __tracepoint_ext_##_name = {	\
		.regfunc = _reg,					\
		.unregfunc = _unreg,					\
	};								\
	struct tracepoint __tracepoint_##_name = {			\
		.name = #_name,						\
		.key = STATIC_KEY_FALSE_INIT,				\
		.ext = &__tracepoint_ext_##_name,			\
	};
#else
#define __QDK_TRACEPOINT(_name, _reg, _unreg)				\
	struct tracepoint __tracepoint_##_name = {			\
		.name = #_name,						\
		.key = STATIC_KEY_INIT_FALSE,				\
		.regfunc = _reg,					\
		.unregfunc = _unreg,					\
	};
#endif

#define DEFINE_TRACE_FN(_name, _reg, _unreg, proto, args)		\
	__QDK_TRACEPOINT(_name, _reg, _unreg)				\
	int __traceiter_##_name(void *__data, proto)			\
	{								\
		struct tracepoint_func *it_func_ptr;			\
		void *it_func;						\
									\
		it_func_ptr =						\
			rcu_dereference_raw((&__tracepoint_##_name)->funcs); \
		if (it_func_ptr) {					\
			do {						\
				it_func = READ_ONCE((it_func_ptr)->func); \
				__data = (it_func_ptr)->data;		\
				((void (*)(void *, proto))(it_func))(__data, args); \
			} while ((++it_func_ptr)->func);		\
		}							\
		return 0;						\
	}								\
	static void __attribute__((constructor))			\
	__qdk_tracepoint_add_##_name(void)				\
	{								\
		__qdk_tracepoint_add(&__tracepoint_##_name);		\
	}

#define DEFINE_TRACE(name, proto, args)		\
	DEFINE_TRACE_FN(name, NULL, NULL, PARAMS(proto), PARAMS(args));

/* exported to other modules: every symbol is, in the one program */
#define EXPORT_TRACEPOINT_SYMBOL_GPL(name)
#define EXPORT_TRACEPOINT_SYMBOL(name)

#define DECLARE_TRACE_CONDITION(name, proto, args, cond)		\
	__DECLARE_TRACE(name, PARAMS(proto), PARAMS(args), PARAMS(cond), \
			PARAMS(void *__data, proto))

/* an event's tracepoint (the kernel's name for it on 7.x) */
#define DECLARE_TRACE_EVENT(name, proto, args)				\
	__DECLARE_TRACE(name, PARAMS(proto), PARAMS(args), 1,		\
			PARAMS(void *__data, proto))

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* a bare tracepoint (no event): trace_NAME_tp(), as from 7.x */
#define DECLARE_TRACE(name, proto, args)				\
	DECLARE_TRACE_EVENT(name##_tp, PARAMS(proto), PARAMS(args))
#else
#define DECLARE_TRACE(name, proto, args)				\
	DECLARE_TRACE_EVENT(name, PARAMS(proto), PARAMS(args))
#endif

#define TRACE_EVENT_FLAGS(event, flag)
#define TRACE_EVENT_PERF_PERM(event, expr...)

#endif /* DECLARE_TRACE */

#ifndef TRACE_EVENT
/*
 * An event header's first reading: each event is its tracepoint's calls
 * (the kernel's comment above its TRACE_EVENT documents the six parts).
 */
#define DECLARE_EVENT_CLASS(name, proto, args, tstruct, assign, print)
#define DEFINE_EVENT(template, name, proto, args)		\
	DECLARE_TRACE_EVENT(name, PARAMS(proto), PARAMS(args))
#define DEFINE_EVENT_FN(template, name, proto, args, reg, unreg) \
	DECLARE_TRACE_EVENT(name, PARAMS(proto), PARAMS(args))
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)	\
	DECLARE_TRACE_EVENT(name, PARAMS(proto), PARAMS(args))
#define DEFINE_EVENT_CONDITION(template, name, proto,		\
			       args, cond)			\
	DECLARE_TRACE_CONDITION(name, PARAMS(proto),		\
				PARAMS(args), PARAMS(cond))

#define TRACE_EVENT(name, proto, args, struct, assign, print)	\
	DECLARE_TRACE_EVENT(name, PARAMS(proto), PARAMS(args))
#define TRACE_EVENT_FN(name, proto, args, struct,		\
		assign, print, reg, unreg)			\
	DECLARE_TRACE_EVENT(name, PARAMS(proto), PARAMS(args))
#define TRACE_EVENT_FN_COND(name, proto, args, cond, struct,	\
		assign, print, reg, unreg)			\
	DECLARE_TRACE_CONDITION(name, PARAMS(proto),		\
			PARAMS(args), PARAMS(cond))
#define TRACE_EVENT_CONDITION(name, proto, args, cond,		\
			      struct, assign, print)		\
	DECLARE_TRACE_CONDITION(name, PARAMS(proto),		\
				PARAMS(args), PARAMS(cond))

/* an event compiled out: its calls, doing nothing */
#define DECLARE_EVENT_NOP(name, proto, args)				\
	static inline void trace_##name(proto)				\
	{ }								\
	static inline bool trace_##name##_enabled(void)			\
	{								\
		return false;						\
	}

#define TRACE_EVENT_NOP(name, proto, args, struct, assign, print)	\
	DECLARE_EVENT_NOP(name, PARAMS(proto), PARAMS(args))

#define DECLARE_EVENT_CLASS_NOP(name, proto, args, tstruct, assign, print)
#define DEFINE_EVENT_NOP(template, name, proto, args)			\
	DECLARE_EVENT_NOP(name, PARAMS(proto), PARAMS(args))

#endif /* TRACE_EVENT */
