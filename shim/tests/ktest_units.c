// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_units.c - linux/units.h: the multipliers and the temperature
 * conversions, with the rounding a thermal driver sees at each step.
 */
#include <linux/kernel.h>
#include <linux/units.h>
#include <linux/version.h>

#include "ktest.h"

KTEST(units, multipliers)
{
	KT_EQ(KHZ_PER_MHZ * HZ_PER_KHZ, HZ_PER_MHZ);
	KT_EQ(MICROWATT_PER_MILLIWATT * MILLIWATT_PER_WATT, MICROWATT_PER_WATT);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	KT_EQ(KHZ_PER_GHZ, 1000UL * KHZ_PER_MHZ);
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 0, 0)
	KT_EQ(HZ_PER_GHZ, GIGA);
	KT_EQ(NANOJOULE_PER_JOULE / MICROJOULE_PER_JOULE, 1000UL);
	KT_EQ(PERCENTMILLE / PERMYRIAD, 10);
	KT_EQ(PERMILLE / PERCENT, 10);
#endif
	return 0;
}

KTEST(units, temperatures_round_to_the_closest)
{
	KT_EQ(milli_kelvin_to_millicelsius(0), -273150);
	KT_EQ(millicelsius_to_milli_kelvin(25000), 298150);
	KT_EQ(kelvin_to_millicelsius(300), 26850);
	/* 298.15 K: 298; 298.65 K rounds up to 299 */
	KT_EQ(millicelsius_to_kelvin(25000), 298);
	KT_EQ(millicelsius_to_kelvin(25500), 299);
	/* 2982 dK is 25.05 C: 25; 2987 dK is 25.55 C: 26 */
	KT_EQ(deci_kelvin_to_celsius(2982), 25);
	KT_EQ(deci_kelvin_to_celsius(2987), 26);
	/* below zero Celsius the rounding goes away from zero */
	KT_EQ(deci_kelvin_to_celsius(2681), -5);
	KT_EQ(deci_kelvin_to_celsius(2676), -6);
	KT_EQ(celsius_to_deci_kelvin(25), 2982);
	KT_EQ(deci_kelvin_to_millicelsius(2982), 25050);
	KT_EQ(deci_kelvin_to_millicelsius_with_offset(2982, 273200), 25000);
	KT_EQ(millicelsius_to_deci_kelvin(25050), 2982);
	KT_EQ(kelvin_to_celsius(300), 27);
	KT_EQ(celsius_to_kelvin(27), 300);
	return 0;
}
