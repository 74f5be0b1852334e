/* SPDX-License-Identifier: GPL-2.0 */
/*
 * linux/units.h: metric prefixes and unit multipliers (cbs's and taprio's
 * byte rates from 6.12 on: BYTES_PER_KBIT ...) and temperature conversions.
 */
#ifndef _QDK_SHIM_LINUX_UNITS_H
#define _QDK_SHIM_LINUX_UNITS_H

#include <linux/bits.h>
#include <linux/math.h>
#include <linux/version.h>

/* Metric prefixes in accordance with Système international (d'unités) */
#define PETA	1000000000000000ULL
#define TERA	1000000000000ULL
#define GIGA	1000000000UL
#define MEGA	1000000UL
#define KILO	1000UL
#define HECTO	100UL
#define DECA	10UL
#define DECI	10UL
#define CENTI	100UL
#define MILLI	1000UL
#define MICRO	1000000UL
#define NANO	1000000000UL
#define PICO	1000000000000ULL
#define FEMTO	1000000000000000ULL

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 0, 0)
/* scaling of ratios: 1 % is 1 / PERCENT, one basis point 1 / PERMYRIAD */
#define PERCENT		100
#define PERMILLE	1000
#define PERMYRIAD	10000
#define PERCENTMILLE	100000
#endif

#define NANOHZ_PER_HZ		1000000000UL
#define MICROHZ_PER_HZ		1000000UL
#define MILLIHZ_PER_HZ		1000UL

#define HZ_PER_KHZ		1000UL
#define HZ_PER_MHZ		1000000UL
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 0, 0)
#define HZ_PER_GHZ		1000000000UL
#endif

#define KHZ_PER_MHZ		1000UL
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define KHZ_PER_GHZ		1000000UL
#endif

#define MILLIWATT_PER_WATT	1000UL
#define MICROWATT_PER_MILLIWATT	1000UL
#define MICROWATT_PER_WATT	1000000UL

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 0, 0)
#define MICROJOULE_PER_JOULE	1000000UL
#define NANOJOULE_PER_JOULE	1000000000UL
#endif

/* (6.1's cbs and taprio define their own BYTES_PER_KBIT) */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define BYTES_PER_KBIT		(KILO / BITS_PER_BYTE)
#define BYTES_PER_MBIT		(MEGA / BITS_PER_BYTE)
#define BYTES_PER_GBIT		(GIGA / BITS_PER_BYTE)
#endif

/*
 * Temperatures, as thermal and hwmon drivers convert them: milli-, deci- and
 * whole degrees Celsius or Kelvin, in a long. A conversion that loses digits
 * rounds to the closest (DIV_ROUND_CLOSEST, half away from zero).
 */
#define ABSOLUTE_ZERO_MILLICELSIUS -273150
#define MILLIDEGREE_PER_DEGREE 1000
#define MILLIDEGREE_PER_DECIDEGREE 100

static inline long milli_kelvin_to_millicelsius(long t)
{
	return t + ABSOLUTE_ZERO_MILLICELSIUS;
}

static inline long millicelsius_to_milli_kelvin(long t)
{
	return t - ABSOLUTE_ZERO_MILLICELSIUS;
}

static inline long kelvin_to_millicelsius(long t)
{
	return milli_kelvin_to_millicelsius(t * MILLIDEGREE_PER_DEGREE);
}

static inline long millicelsius_to_kelvin(long t)
{
	return DIV_ROUND_CLOSEST(millicelsius_to_milli_kelvin(t), MILLIDEGREE_PER_DEGREE);
}

static inline long deci_kelvin_to_millicelsius(long t)
{
	return milli_kelvin_to_millicelsius(t * MILLIDEGREE_PER_DECIDEGREE);
}

/* @offset: Kelvin minus Celsius in millidegrees, as the device defines it */
static inline long deci_kelvin_to_millicelsius_with_offset(long t, long offset)
{
	return t * MILLIDEGREE_PER_DECIDEGREE - offset;
}

static inline long millicelsius_to_deci_kelvin(long t)
{
	return DIV_ROUND_CLOSEST(millicelsius_to_milli_kelvin(t), MILLIDEGREE_PER_DECIDEGREE);
}

static inline long deci_kelvin_to_celsius(long t)
{
	return DIV_ROUND_CLOSEST(deci_kelvin_to_millicelsius(t), MILLIDEGREE_PER_DEGREE);
}

static inline long celsius_to_deci_kelvin(long t)
{
	return millicelsius_to_deci_kelvin(t * MILLIDEGREE_PER_DEGREE);
}

static inline long kelvin_to_celsius(long t)
{
	return t + DIV_ROUND_CLOSEST(ABSOLUTE_ZERO_MILLICELSIUS, MILLIDEGREE_PER_DEGREE);
}

static inline long celsius_to_kelvin(long t)
{
	return t - DIV_ROUND_CLOSEST(ABSOLUTE_ZERO_MILLICELSIUS, MILLIDEGREE_PER_DEGREE);
}

#endif
