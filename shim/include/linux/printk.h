/* SPDX-License-Identifier: GPL-2.0 */
/* printk and pr_*(): the shim writes them to stderr (shim/lib/host.c). */
#ifndef __KERNEL_PRINTK__
#define __KERNEL_PRINTK__

#include <linux/stdarg.h>
#include <linux/compiler.h>
#include <linux/types.h>

#define KERN_SOH	"\001"
#define KERN_SOH_ASCII	'\001'
#define KERN_EMERG	KERN_SOH "0"
#define KERN_ALERT	KERN_SOH "1"
#define KERN_CRIT	KERN_SOH "2"
#define KERN_ERR	KERN_SOH "3"
#define KERN_WARNING	KERN_SOH "4"
#define KERN_NOTICE	KERN_SOH "5"
#define KERN_INFO	KERN_SOH "6"
#define KERN_DEBUG	KERN_SOH "7"
#define KERN_DEFAULT	""
#define KERN_CONT	KERN_SOH "c"

#ifndef pr_fmt
#define pr_fmt(fmt) fmt
#endif

#define PRINTK_MAX_SINGLE_HEADER_LEN 2
#define CONSOLE_EXT_LOG_MAX	8192
#define DEVKMSG_STR_MAX_SIZE	10
#define DEPRECATED	"[Deprecated]: "
#define FW_BUG		"[Firmware Bug]: "
#define FW_WARN		"[Firmware Warn]: "
#define FW_INFO		"[Firmware Info]: "
#define HW_ERR		"[Hardware Error]: "

/* a message's level: '0'..'7' or 'c' (KERN_CONT) after KERN_SOH, else 0 */
static inline int printk_get_level(const char *buffer)
{
	if (buffer[0] == KERN_SOH_ASCII && buffer[1]) {
		switch (buffer[1]) {
		case '0' ... '7':
		case 'c':
			return buffer[1];
		}
	}
	return 0;
}

static inline const char *printk_skip_level(const char *buffer)
{
	if (printk_get_level(buffer))
		return buffer + 2;
	return buffer;
}

static inline const char *printk_skip_headers(const char *buffer)
{
	while (printk_get_level(buffer))
		buffer = printk_skip_level(buffer);
	return buffer;
}

/*
 * The console's levels. The shim's console starts "quiet" (4: emergencies
 * to warnings shown), QDK_LOGLEVEL=N sets another; a module may change it.
 */
#define CONSOLE_LOGLEVEL_SILENT		0
#define CONSOLE_LOGLEVEL_MIN		1
#define CONSOLE_LOGLEVEL_DEBUG		10
#define CONSOLE_LOGLEVEL_MOTORMOUTH	15
#define CONSOLE_LOGLEVEL_DEFAULT	7
#define CONSOLE_LOGLEVEL_QUIET		4
#define MESSAGE_LOGLEVEL_DEFAULT	4
extern int console_printk[];
#define console_loglevel		(console_printk[0])
#define default_message_loglevel	(console_printk[1])
#define minimum_console_loglevel	(console_printk[2])
#define default_console_loglevel	(console_printk[3])
void console_verbose(void);
extern int oops_in_progress;
/* what %pK hides (kernel.kptr_restrict: 0, nothing; lib/vsprintf.c) */
extern int kptr_restrict;

struct va_format {
	const char *fmt;
	va_list *va;
};

__printf(1, 2) int printk(const char *fmt, ...);
__printf(1, 2) int _printk(const char *fmt, ...);
__printf(1, 0) int vprintk(const char *fmt, va_list args);
/* facility 0 (the kernel's); level -1: the message's own or the default */
__printf(4, 0) int vprintk_emit(int facility, int level, const char *dict,
				const char *fmt, va_list args);
#define printk_deferred(fmt, ...)	printk(fmt, ##__VA_ARGS__)
#define printk_deferred_enter()		do { } while (0)
#define printk_deferred_exit()		do { } while (0)
#define printk_index_wrap(_p_func, _fmt, ...)	_p_func(_fmt, ##__VA_ARGS__)
#define printk_index_subsys_emit(subsys_fmt_prefix, level, fmt, ...)	do { } while (0)

/* one CPU: the printk CPU lock is always this CPU's */
static inline int __printk_cpu_sync_try_get(void)
{
	return 1;
}

static inline void __printk_cpu_sync_wait(void)
{
}

static inline void __printk_cpu_sync_put(void)
{
}

#define printk_cpu_sync_get_irqsave(flags)	do { (flags) = 0; } while (0)
#define printk_cpu_sync_put_irqrestore(flags)	do { (void)(flags); } while (0)

/* the call stack of the shim's thread (the host's backtrace) */
void dump_stack(void);
void dump_stack_lvl(const char *log_lvl);

static inline __printf(1, 2) int no_printk(const char *fmt, ...)
{
	return 0;
}

#define pr_emerg(fmt, ...)	printk(KERN_EMERG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_alert(fmt, ...)	printk(KERN_ALERT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_crit(fmt, ...)	printk(KERN_CRIT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_err(fmt, ...)	printk(KERN_ERR pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warn(fmt, ...)	printk(KERN_WARNING pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warning pr_warn
#define pr_notice(fmt, ...)	printk(KERN_NOTICE pr_fmt(fmt), ##__VA_ARGS__)
#define pr_info(fmt, ...)	printk(KERN_INFO pr_fmt(fmt), ##__VA_ARGS__)
#define pr_cont(fmt, ...)	printk(KERN_CONT fmt, ##__VA_ARGS__)
#define pr_debug(fmt, ...)	no_printk(KERN_DEBUG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_devel(fmt, ...)	no_printk(KERN_DEBUG pr_fmt(fmt), ##__VA_ARGS__)

#define printk_once(fmt, ...)					\
({								\
	static bool __print_once;				\
	bool __ret_print_once = !__print_once;			\
								\
	if (!__print_once) {					\
		__print_once = true;				\
		printk(fmt, ##__VA_ARGS__);			\
	}							\
	unlikely(__ret_print_once);				\
})
#define pr_emerg_once(fmt, ...)	printk_once(KERN_EMERG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_err_once(fmt, ...)	printk_once(KERN_ERR pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warn_once(fmt, ...)	printk_once(KERN_WARNING pr_fmt(fmt), ##__VA_ARGS__)
#define pr_notice_once(fmt, ...) printk_once(KERN_NOTICE pr_fmt(fmt), ##__VA_ARGS__)
#define pr_info_once(fmt, ...)	printk_once(KERN_INFO pr_fmt(fmt), ##__VA_ARGS__)
#define pr_alert_once(fmt, ...)	printk_once(KERN_ALERT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_crit_once(fmt, ...)	printk_once(KERN_CRIT pr_fmt(fmt), ##__VA_ARGS__)
/* pr_debug() is dynamic debug's, off: so are its variants */
#define pr_debug_once(fmt, ...)	no_printk(KERN_DEBUG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_devel_once(fmt, ...)	no_printk(KERN_DEBUG pr_fmt(fmt), ##__VA_ARGS__)
#define printk_deferred_once(fmt, ...)	printk_once(fmt, ##__VA_ARGS__)

/* Ratelimiting is time based in the kernel; the shim prints every one. */
#define printk_ratelimited(fmt, ...)	printk(fmt, ##__VA_ARGS__)
#define pr_err_ratelimited(fmt, ...)	pr_err(fmt, ##__VA_ARGS__)
#define pr_warn_ratelimited(fmt, ...)	pr_warn(fmt, ##__VA_ARGS__)
#define pr_notice_ratelimited(fmt, ...)	pr_notice(fmt, ##__VA_ARGS__)
#define pr_info_ratelimited(fmt, ...)	pr_info(fmt, ##__VA_ARGS__)
#define pr_debug_ratelimited(fmt, ...)	pr_debug(fmt, ##__VA_ARGS__)
#define pr_emerg_ratelimited(fmt, ...)	pr_emerg(fmt, ##__VA_ARGS__)
#define pr_alert_ratelimited(fmt, ...)	pr_alert(fmt, ##__VA_ARGS__)
#define pr_crit_ratelimited(fmt, ...)	pr_crit(fmt, ##__VA_ARGS__)
#define pr_devel_ratelimited(fmt, ...)	pr_devel(fmt, ##__VA_ARGS__)
static inline int __printk_ratelimit(const char *func)
{
	return 1;
}
#define printk_ratelimit()	__printk_ratelimit(__func__)
/*
 * true (and *caller_jiffies set to now) when interval_msecs have passed
 * since *caller_jiffies, or it is 0: lib/printk.c on the virtual clock
 */
bool printk_timed_ratelimit(unsigned long *caller_jiffies, unsigned int interval_msecs);

/* hex dumps (lib/hexdump.c) */
enum {
	DUMP_PREFIX_NONE,
	DUMP_PREFIX_ADDRESS,
	DUMP_PREFIX_OFFSET
};
int hex_dump_to_buffer(const void *buf, size_t len, int rowsize, int groupsize,
		       char *linebuf, size_t linebuflen, bool ascii);
void print_hex_dump(const char *level, const char *prefix_str, int prefix_type,
		    int rowsize, int groupsize, const void *buf, size_t len, bool ascii);
/* debug dumps are dynamic debug's, off as pr_debug() is */
#define print_hex_dump_debug(prefix_str, prefix_type, rowsize, groupsize, buf, len, ascii) \
	do { (void)(prefix_str); (void)(buf); (void)(len); } while (0)
#define print_hex_dump_bytes(prefix_str, prefix_type, buf, len)	\
	print_hex_dump_debug(prefix_str, prefix_type, 16, 1, buf, len, true)
static inline void print_hex_dump_devel(const char *prefix_str, int prefix_type, int rowsize,
					int groupsize, const void *buf, size_t len, bool ascii)
{
}
#define net_ratelimit()			1
#define net_warn_ratelimited(fmt, ...)	pr_warn(fmt, ##__VA_ARGS__)
#define net_err_ratelimited(fmt, ...)	pr_err(fmt, ##__VA_ARGS__)
#define net_info_ratelimited(fmt, ...)	pr_info(fmt, ##__VA_ARGS__)
#define net_dbg_ratelimited(fmt, ...)	pr_debug(fmt, ##__VA_ARGS__)


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/init.h>
#include <linux/linkage.h>
#include <linux/ratelimit_types.h>
#endif
