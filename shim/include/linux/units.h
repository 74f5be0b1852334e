/* SPDX-License-Identifier: GPL-2.0 */
/*
 * linux/units.h: metric prefixes and unit multipliers (cbs's and taprio's
 * byte rates from 6.12 on: BYTES_PER_KBIT ...).
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

#define NANOHZ_PER_HZ		1000000000UL
#define MICROHZ_PER_HZ		1000000UL
#define MILLIHZ_PER_HZ		1000UL

#define HZ_PER_KHZ		1000UL
#define HZ_PER_MHZ		1000000UL

#define MILLIWATT_PER_WATT	1000UL
#define MICROWATT_PER_MILLIWATT	1000UL
#define MICROWATT_PER_WATT	1000000UL

/* (6.1's cbs and taprio define their own BYTES_PER_KBIT) */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define BYTES_PER_KBIT		(KILO / BITS_PER_BYTE)
#define BYTES_PER_MBIT		(MEGA / BITS_PER_BYTE)
#define BYTES_PER_GBIT		(GIGA / BITS_PER_BYTE)
#endif

#endif
