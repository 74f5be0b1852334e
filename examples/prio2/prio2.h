/* SPDX-License-Identifier: GPL-2.0 */
/*
 * prio2.h - the band rule of prio2.bpf.c: which band a packet goes to, and
 * how many packets a band holds. Kept apart from the program, as a project
 * keeps its policy, so the import finds a header of the program's own.
 */
#ifndef _PRIO2_H
#define _PRIO2_H

#define PRIO2_BANDS		2
/* packets per band, as prio's default child pfifo holds txqueuelen (1000) */
#define PRIO2_BAND_LIMIT	1000

/* skb->priority's TC_PRIO_* (its low four bits, as prio reads them) */
#define PRIO2_TC_PRIO_MAX		15
#define PRIO2_TC_PRIO_INTERACTIVE	6
#define PRIO2_TC_PRIO_CONTROL		7

/* band 0 for interactive and control traffic, band 1 for the rest */
static inline unsigned int prio2_band(unsigned int priority)
{
	unsigned int p = priority & PRIO2_TC_PRIO_MAX;

	return p == PRIO2_TC_PRIO_INTERACTIVE || p == PRIO2_TC_PRIO_CONTROL ? 0 : 1;
}

#endif
