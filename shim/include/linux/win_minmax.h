/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A windowed running minimum or maximum (Kathleen Nichols' algorithm, as
 * lib/win_minmax.c has it): the best of the measurements of the last win
 * time units, kept in three samples (the best, and the best of the later
 * quarter and half of the window) so that one update is O(1). TCP keeps its
 * minimum RTT in one (tcp_sock.rtt_min), BBR its bandwidth in another.
 */
#ifndef MINMAX_H
#define MINMAX_H

#include <linux/types.h>

/* one measurement: its value and when it was taken */
struct minmax_sample {
	u32	t;
	u32	v;
};

/* s[0] the best in the window, s[1] and s[2] the candidates to succeed it */
struct minmax {
	struct minmax_sample s[3];
};

static inline u32 minmax_get(const struct minmax *m)
{
	return m->s[0].v;
}

/* forget every sample: meas at time t is all three */
static inline u32 minmax_reset(struct minmax *m, u32 t, u32 meas)
{
	struct minmax_sample val = { .t = t, .v = meas };

	m->s[2] = m->s[1] = m->s[0] = val;
	return m->s[0].v;
}

/* take meas at time t; the maximum (or minimum) of the last win units */
u32 minmax_running_max(struct minmax *m, u32 win, u32 t, u32 meas);
u32 minmax_running_min(struct minmax *m, u32 win, u32 t, u32 meas);

#endif
