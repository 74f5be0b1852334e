/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Printing with a device's name: "DRIVER DEVICE: message", where DRIVER is
 * the device's driver, bus or class name (dev_driver_string()), as
 * __dev_printk() does; a NULL device prints "(NULL device *): ". dev_dbg()
 * is dynamic debug's, off as pr_debug() is; the _ratelimited variants print
 * every time, as the shim's printk_ratelimited() does.
 */
#ifndef _DEVICE_PRINTK_H_
#define _DEVICE_PRINTK_H_

#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/printk.h>

struct device;

#define PRINTK_INFO_SUBSYSTEM_LEN	16
#define PRINTK_INFO_DEVICE_LEN		48

struct dev_printk_info {
	char subsystem[PRINTK_INFO_SUBSYSTEM_LEN];
	char device[PRINTK_INFO_DEVICE_LEN];
};

__printf(3, 0) int dev_vprintk_emit(int level, const struct device *dev, const char *fmt,
				    va_list args);
__printf(3, 4) int dev_printk_emit(int level, const struct device *dev, const char *fmt, ...);
__printf(3, 4) void _dev_printk(const char *level, const struct device *dev, const char *fmt, ...);
__printf(2, 3) void _dev_emerg(const struct device *dev, const char *fmt, ...);
__printf(2, 3) void _dev_alert(const struct device *dev, const char *fmt, ...);
__printf(2, 3) void _dev_crit(const struct device *dev, const char *fmt, ...);
__printf(2, 3) void _dev_err(const struct device *dev, const char *fmt, ...);
__printf(2, 3) void _dev_warn(const struct device *dev, const char *fmt, ...);
__printf(2, 3) void _dev_notice(const struct device *dev, const char *fmt, ...);
__printf(2, 3) void _dev_info(const struct device *dev, const char *fmt, ...);

/* the printk index entry of a device message (CONFIG_PRINTK_INDEX: none kept) */
#define dev_printk_index_emit(level, fmt, ...) \
	printk_index_subsys_emit("%s %s: ", level, fmt)

#define dev_printk_index_wrap(_p_func, level, dev, fmt, ...)	\
	_p_func(dev, fmt, ##__VA_ARGS__)

#ifndef dev_fmt
#define dev_fmt(fmt) fmt
#endif

#define dev_printk(level, dev, fmt, ...) \
	_dev_printk(level, dev, dev_fmt(fmt), ##__VA_ARGS__)
#define dev_emerg(dev, fmt, ...)	_dev_emerg(dev, dev_fmt(fmt), ##__VA_ARGS__)
#define dev_crit(dev, fmt, ...)		_dev_crit(dev, dev_fmt(fmt), ##__VA_ARGS__)
#define dev_alert(dev, fmt, ...)	_dev_alert(dev, dev_fmt(fmt), ##__VA_ARGS__)
#define dev_err(dev, fmt, ...)		_dev_err(dev, dev_fmt(fmt), ##__VA_ARGS__)
#define dev_warn(dev, fmt, ...)		_dev_warn(dev, dev_fmt(fmt), ##__VA_ARGS__)
#define dev_notice(dev, fmt, ...)	_dev_notice(dev, dev_fmt(fmt), ##__VA_ARGS__)
#define dev_info(dev, fmt, ...)		_dev_info(dev, dev_fmt(fmt), ##__VA_ARGS__)
#define dev_dbg(dev, fmt, ...)						\
	({ if (0) _dev_printk(KERN_DEBUG, dev, dev_fmt(fmt), ##__VA_ARGS__); })
#define dev_vdbg(dev, fmt, ...)		dev_dbg(dev, fmt, ##__VA_ARGS__)
#define dev_no_printk(level, dev, fmt, ...)				\
	({ if (0) _dev_printk(level, dev, fmt, ##__VA_ARGS__); })

#define dev_level_once(dev_level, dev, fmt, ...)			\
do {									\
	static bool __print_once;					\
									\
	if (!__print_once) {						\
		__print_once = true;					\
		dev_level(dev, fmt, ##__VA_ARGS__);			\
	}								\
} while (0)

#define dev_emerg_once(dev, fmt, ...)	dev_level_once(dev_emerg, dev, fmt, ##__VA_ARGS__)
#define dev_alert_once(dev, fmt, ...)	dev_level_once(dev_alert, dev, fmt, ##__VA_ARGS__)
#define dev_crit_once(dev, fmt, ...)	dev_level_once(dev_crit, dev, fmt, ##__VA_ARGS__)
#define dev_err_once(dev, fmt, ...)	dev_level_once(dev_err, dev, fmt, ##__VA_ARGS__)
#define dev_warn_once(dev, fmt, ...)	dev_level_once(dev_warn, dev, fmt, ##__VA_ARGS__)
#define dev_notice_once(dev, fmt, ...)	dev_level_once(dev_notice, dev, fmt, ##__VA_ARGS__)
#define dev_info_once(dev, fmt, ...)	dev_level_once(dev_info, dev, fmt, ##__VA_ARGS__)
#define dev_dbg_once(dev, fmt, ...)	dev_level_once(dev_dbg, dev, fmt, ##__VA_ARGS__)

#define dev_level_ratelimited(dev_level, dev, fmt, ...)	dev_level(dev, fmt, ##__VA_ARGS__)
#define dev_emerg_ratelimited(dev, fmt, ...)	dev_emerg(dev, fmt, ##__VA_ARGS__)
#define dev_alert_ratelimited(dev, fmt, ...)	dev_alert(dev, fmt, ##__VA_ARGS__)
#define dev_crit_ratelimited(dev, fmt, ...)	dev_crit(dev, fmt, ##__VA_ARGS__)
#define dev_err_ratelimited(dev, fmt, ...)	dev_err(dev, fmt, ##__VA_ARGS__)
#define dev_warn_ratelimited(dev, fmt, ...)	dev_warn(dev, fmt, ##__VA_ARGS__)
#define dev_notice_ratelimited(dev, fmt, ...)	dev_notice(dev, fmt, ##__VA_ARGS__)
#define dev_info_ratelimited(dev, fmt, ...)	dev_info(dev, fmt, ##__VA_ARGS__)
#define dev_dbg_ratelimited(dev, fmt, ...)	dev_dbg(dev, fmt, ##__VA_ARGS__)

/* WARN with the device's prefix */
#define dev_WARN(dev, format, arg...) \
	WARN(1, "%s %s: " format, dev_driver_string(dev), dev_name(dev), ## arg)
#define dev_WARN_ONCE(dev, condition, format, arg...) \
	WARN_ONCE(condition, "%s %s: " format, dev_driver_string(dev), dev_name(dev), ## arg)


/* a probe's failure logged (a deferral only at debug level, -ENOMEM not at
 * all) and err returned: return dev_err_probe(dev, err, "...");
 */
__printf(3, 4) int dev_err_probe(const struct device *dev, int err, const char *fmt, ...);
__printf(3, 4) int dev_warn_probe(const struct device *dev, int err, const char *fmt, ...);

#define dev_err_ptr_probe(dev, ___err, fmt, ...) \
	ERR_PTR(dev_err_probe(dev, ___err, fmt, ##__VA_ARGS__))
#define dev_err_cast_probe(dev, ___err_ptr, fmt, ...) \
	ERR_PTR(dev_err_probe(dev, PTR_ERR(___err_ptr), fmt, ##__VA_ARGS__))

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/bitmap.h>
#include <linux/once.h>
#include <linux/prandom.h>
#include <linux/random.h>
#include <linux/rculist.h>
#include <linux/wait.h>
#include <linux/ratelimit.h>
#endif
