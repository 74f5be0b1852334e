/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The stages that make an event header's events (trace/define_trace.h
 * includes this in the unit that defines CREATE_TRACE_POINTS): each stage
 * defines the six parts' macros its own way and reads the header again.
 *
 *   1. struct trace_event_raw_CLASS, the record: struct trace_entry, then
 *      TP_STRUCT__entry's fields (a dynamic array or string as a u32
 *      __data_loc_NAME: its offset in the low 16 bits, its length above),
 *      then the dynamic data;
 *   2. struct trace_event_data_offsets_CLASS: where each dynamic field goes
 *      (and, from 6.12, the source __assign_str() copies);
 *   3. trace_raw_output_CLASS (or _EVENT, DEFINE_EVENT_PRINT's): TP_printk
 *      on the record, its __print_*() helpers writing into a scratch
 *      trace_seq (p) as the kernel's do;
 *   4. trace_event_get_offsets_CLASS: the dynamic fields' sizes;
 *   5. trace_event_raw_event_CLASS, the probe attached to the tracepoint:
 *      reserves the record (shim/lib/trace_events.c, as the ring buffer
 *      does, at most QDK_TRACE_EVENT_MAX bytes), runs TP_fast_assign and
 *      commits it, which prints it at once through its event's output;
 *   6. the event itself, struct trace_event_call event_NAME, added to the
 *      shim's list by a constructor, with the kernel's check that a
 *      DEFINE_EVENT's prototype is its class's.
 *
 * The fields and helpers are the kernel's (__field, __field_ext,
 * __field_struct, __array, __dynamic_array, __string, __string_len,
 * __vstring; __entry, __get_str, __get_dynamic_array(_len), __print_flags,
 * __print_symbolic and their _u64, __print_hex, __print_hex_str,
 * __print_array); __assign_str() takes the source on 6.1, as there, and
 * not from 6.12 on. A header that uses another (__bitmask, __cpumask,
 * __sockaddr, the __rel_ fields) does not build here.
 */
#include <linux/trace_events.h>

#ifndef TRACE_SYSTEM_VAR
#define TRACE_SYSTEM_VAR TRACE_SYSTEM
#endif

/* TRACE_EVENT is a class of one event */
#undef TRACE_EVENT
#define TRACE_EVENT(name, proto, args, tstruct, assign, print)	\
	DECLARE_EVENT_CLASS(name, PARAMS(proto), PARAMS(args),	\
			    PARAMS(tstruct), PARAMS(assign), PARAMS(print)); \
	DEFINE_EVENT(name, name, PARAMS(proto), PARAMS(args));

#undef TRACE_EVENT_CONDITION
#define TRACE_EVENT_CONDITION(name, proto, args, cond, tstruct, assign, print) \
	DECLARE_EVENT_CLASS(name, PARAMS(proto), PARAMS(args),	\
			    PARAMS(tstruct), PARAMS(assign), PARAMS(print)); \
	DEFINE_EVENT_CONDITION(name, name, PARAMS(proto), PARAMS(args), \
			       PARAMS(cond));

#undef TRACE_EVENT_FN
#define TRACE_EVENT_FN(name, proto, args, tstruct,		\
		assign, print, reg, unreg)			\
	DECLARE_EVENT_CLASS(name, PARAMS(proto), PARAMS(args),	\
			    PARAMS(tstruct), PARAMS(assign), PARAMS(print)); \
	DEFINE_EVENT(name, name, PARAMS(proto), PARAMS(args));

#undef TRACE_EVENT_FN_COND
#define TRACE_EVENT_FN_COND(name, proto, args, cond, tstruct,	\
		assign, print, reg, unreg)			\
	DECLARE_EVENT_CLASS(name, PARAMS(proto), PARAMS(args),	\
			    PARAMS(tstruct), PARAMS(assign), PARAMS(print)); \
	DEFINE_EVENT(name, name, PARAMS(proto), PARAMS(args));

#undef DEFINE_EVENT_FN
#define DEFINE_EVENT_FN(template, name, proto, args, reg, unreg) \
	DEFINE_EVENT(template, name, PARAMS(proto), PARAMS(args))

#undef DEFINE_EVENT_CONDITION
#define DEFINE_EVENT_CONDITION(template, name, proto, args, cond) \
	DEFINE_EVENT(template, name, PARAMS(proto), PARAMS(args))

#undef TRACE_EVENT_FLAGS
#define TRACE_EVENT_FLAGS(name, value)
#undef TRACE_EVENT_PERF_PERM
#define TRACE_EVENT_PERF_PERM(name, expr...)
#undef TRACE_DEFINE_ENUM
#define TRACE_DEFINE_ENUM(a)
#undef TRACE_DEFINE_SIZEOF
#define TRACE_DEFINE_SIZEOF(a)

#undef TP_STRUCT__entry
#define TP_STRUCT__entry(args...) args
#undef TP_fast_assign
#define TP_fast_assign(args...) args

/* ---- stage 1: the record ------------------------------------------------ */

#undef __field
#define __field(type, item)		type item;
#undef __field_ext
#define __field_ext(type, item, filter_type)	type item;
#undef __field_struct
#define __field_struct(type, item)	type item;
#undef __field_struct_ext
#define __field_struct_ext(type, item, filter_type)	type item;
#undef __array
#define __array(type, item, len)	type item[len];
#undef __dynamic_array
#define __dynamic_array(type, item, len)	u32 __data_loc_##item;
#undef __string
#define __string(item, src)		__dynamic_array(char, item, -1)
#undef __string_len
#define __string_len(item, src, len)	__dynamic_array(char, item, -1)
#undef __vstring
#define __vstring(item, fmt, ap)	__dynamic_array(char, item, -1)

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(name, proto, args, tstruct, assign, print)	\
	struct trace_event_raw_##name {					\
		struct trace_entry	ent;				\
		tstruct							\
		char			__data[];			\
	};

#undef DEFINE_EVENT
#define DEFINE_EVENT(template, name, proto, args)
#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)

#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

/* ---- stage 2: the dynamic fields' places -------------------------------- */

#undef __field
#define __field(type, item)
#undef __field_ext
#define __field_ext(type, item, filter_type)
#undef __field_struct
#define __field_struct(type, item)
#undef __field_struct_ext
#define __field_struct_ext(type, item, filter_type)
#undef __array
#define __array(type, item, len)
#undef __dynamic_array
#define __dynamic_array(type, item, len)	u32 item;
#undef __string
#undef __string_len
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define __string(item, src)		u32 item; const void *item##_ptr_;
#define __string_len(item, src, len)	u32 item; const void *item##_ptr_;
#else
#define __string(item, src)		u32 item;
#define __string_len(item, src, len)	u32 item;
#endif
#undef __vstring
#define __vstring(item, fmt, ap)	u32 item;

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(call, proto, args, tstruct, assign, print)	\
	struct trace_event_data_offsets_##call {			\
		tstruct;						\
	};

#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

/* ---- stage 3: the output ------------------------------------------------ */

#undef __entry
#define __entry field

#undef TP_printk
#define TP_printk(fmt, args...) fmt, ##args

#undef __get_dynamic_array
#define __get_dynamic_array(field)	\
	((void *)__entry + (__entry->__data_loc_##field & 0xffff))
#undef __get_dynamic_array_len
#define __get_dynamic_array_len(field)	\
	((__entry->__data_loc_##field >> 16) & 0xffff)
#undef __get_str
#define __get_str(field) ((char *)__get_dynamic_array(field))

#undef __print_flags
#define __print_flags(flag, delim, flag_array...)			\
	({								\
		static const struct trace_print_flags __flags[] =	\
			{ flag_array, { -1, NULL } };			\
		trace_print_flags_seq(p, delim, flag, __flags);		\
	})
#undef __print_symbolic
#define __print_symbolic(value, symbol_array...)			\
	({								\
		static const struct trace_print_flags symbols[] =	\
			{ symbol_array, { -1, NULL } };			\
		trace_print_symbols_seq(p, value, symbols);		\
	})
#undef __print_flags_u64
#define __print_flags_u64(flag, delim, flag_array...)			\
	({								\
		static const struct trace_print_flags_u64 __flags[] =	\
			{ flag_array, { -1, NULL } };			\
		trace_print_flags_seq_u64(p, delim, flag, __flags);	\
	})
#undef __print_symbolic_u64
#define __print_symbolic_u64(value, symbol_array...)			\
	({								\
		static const struct trace_print_flags_u64 symbols[] =	\
			{ symbol_array, { -1, NULL } };			\
		trace_print_symbols_seq_u64(p, value, symbols);		\
	})
#undef __print_hex
#define __print_hex(buf, buf_len)	trace_print_hex_seq(p, buf, buf_len, false)
#undef __print_hex_str
#define __print_hex_str(buf, buf_len)	trace_print_hex_seq(p, buf, buf_len, true)
#undef __print_array
#define __print_array(array, count, el_size)				\
	({								\
		BUILD_BUG_ON(el_size != 1 && el_size != 2 &&		\
			     el_size != 4 && el_size != 8);		\
		trace_print_array_seq(p, array, count, el_size);	\
	})

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(call, proto, args, tstruct, assign, print)	\
	static __maybe_unused void					\
	trace_raw_output_##call(struct trace_seq *s, struct trace_seq *p, \
				const void *__raw)			\
	{								\
		const struct trace_event_raw_##call *field = __raw;	\
									\
		trace_seq_printf(s, print);				\
	}

#undef DEFINE_EVENT
#define DEFINE_EVENT(template, name, proto, args)
#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, call, proto, args, print)		\
	static void							\
	trace_raw_output_##call(struct trace_seq *s, struct trace_seq *p, \
				const void *__raw)			\
	{								\
		const struct trace_event_raw_##template *field = __raw;	\
									\
		trace_seq_printf(s, print);				\
	}

#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

/* ---- stage 4: the dynamic fields' sizes --------------------------------- */

#undef __field
#define __field(type, item)
#undef __field_ext
#define __field_ext(type, item, filter_type)
#undef __field_struct
#define __field_struct(type, item)
#undef __field_struct_ext
#define __field_struct_ext(type, item, filter_type)
#undef __array
#define __array(type, item, len)
#undef __dynamic_array
#define __dynamic_array(type, item, len)				\
	__item_length = (len) * sizeof(type);				\
	__data_offsets->item = __data_size +				\
			       offsetof(typeof(*entry), __data);	\
	__data_offsets->item |= __item_length << 16;			\
	__data_size += __item_length;
#undef __string
#undef __string_len
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define __string(item, src)						\
	__dynamic_array(char, item,					\
			strlen((const char *)(src) ? : "(null)") + 1)	\
	__data_offsets->item##_ptr_ = src;
#define __string_len(item, src, len)					\
	__dynamic_array(char, item, (len) + 1)				\
	__data_offsets->item##_ptr_ = src;
#else
#define __string(item, src)						\
	__dynamic_array(char, item,					\
			strlen((src) ? (const char *)(src) : "(null)") + 1)
#define __string_len(item, src, len)	__dynamic_array(char, item, (len) + 1)
#endif
#undef __vstring
#define __vstring(item, fmt, ap)					\
	__dynamic_array(char, item, __trace_event_vstr_len(fmt, ap))

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(call, proto, args, tstruct, assign, print)	\
	static inline int trace_event_get_offsets_##call(		\
		struct trace_event_data_offsets_##call *__data_offsets, proto) \
	{								\
		int __data_size = 0;					\
		int __maybe_unused __item_length;			\
		struct trace_event_raw_##call __maybe_unused *entry;	\
									\
		tstruct;						\
									\
		return __data_size;					\
	}

#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)

#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

/* ---- stage 5: the probe ------------------------------------------------- */

#undef __entry
#define __entry entry

#undef __field
#define __field(type, item)
#undef __field_ext
#define __field_ext(type, item, filter_type)
#undef __field_struct
#define __field_struct(type, item)
#undef __field_struct_ext
#define __field_struct_ext(type, item, filter_type)
#undef __array
#define __array(type, item, len)
#undef __dynamic_array
#define __dynamic_array(type, item, len)				\
	__entry->__data_loc_##item = __data_offsets.item;
#undef __string
#define __string(item, src)		__dynamic_array(char, item, -1)
#undef __string_len
#define __string_len(item, src, len)	__dynamic_array(char, item, -1)
#undef __vstring
#define __vstring(item, fmt, ap)	__dynamic_array(char, item, -1)

#undef __assign_str
#undef __assign_str_len
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define __assign_str(dst)						\
	do {								\
		char *__str__ = __get_str(dst);				\
		int __len__ = __get_dynamic_array_len(dst) - 1;		\
									\
		memcpy(__str__, __data_offsets.dst##_ptr_ ? :		\
		       "(null)", __len__);				\
		__str__[__len__] = '\0';				\
	} while (0)
#else
#define __assign_str(dst, src)						\
	strcpy(__get_str(dst), (src) ? (const char *)(src) : "(null)")
#define __assign_str_len(dst, src, len)					\
	do {								\
		memcpy(__get_str(dst), (src), (len));			\
		__get_str(dst)[len] = '\0';				\
	} while (0)
#endif
#undef __assign_vstr
#define __assign_vstr(dst, fmt, va)					\
	do {								\
		va_list __cp_va;					\
									\
		va_copy(__cp_va, *(va));				\
		vsnprintf(__get_str(dst), __get_dynamic_array_len(dst),	\
			  fmt, __cp_va);				\
		va_end(__cp_va);					\
	} while (0)

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(call, proto, args, tstruct, assign, print)	\
	static notrace __maybe_unused void				\
	trace_event_raw_event_##call(void *__data, proto)		\
	{								\
		struct trace_event_call *__call = __data;		\
		struct trace_event_data_offsets_##call			\
			__maybe_unused __data_offsets;			\
		struct trace_event_raw_##call *entry;			\
		int __data_size;					\
									\
		__data_size = trace_event_get_offsets_##call(&__data_offsets, args); \
		entry = qdk_trace_event_reserve(__call,		\
				sizeof(*entry) + __data_size);		\
		if (!entry)						\
			return;						\
		tstruct							\
		{ assign; }						\
		qdk_trace_event_commit(__call, entry);		\
	}

#undef DEFINE_EVENT
#define DEFINE_EVENT(template, call, proto, args)			\
	static inline void ftrace_test_probe_##call(void)		\
	{								\
		check_trace_callback_type_##call(trace_event_raw_event_##template); \
	}
#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)

#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

/* ---- stage 6: the events ------------------------------------------------ */

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(call, proto, args, tstruct, assign, print)

#undef __QDK_EVENT
#define __QDK_EVENT(template, call, out)				\
	static struct trace_event_call event_##call = {			\
		.system = __stringify(TRACE_SYSTEM),			\
		.name = #call,						\
		.tp = &__tracepoint_##call,				\
		.probe = (void *)trace_event_raw_event_##template,	\
		.output = trace_raw_output_##out,			\
	};								\
	static void __attribute__((constructor))			\
	__qdk_event_add_##call(void)					\
	{								\
		trace_add_event_call(&event_##call);			\
	}

#undef DEFINE_EVENT
#define DEFINE_EVENT(template, call, proto, args)	\
	__QDK_EVENT(template, call, template)
#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, call, proto, args, print)	\
	__QDK_EVENT(template, call, call)

#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

#undef __QDK_EVENT
#undef __entry
#undef TP_printk
