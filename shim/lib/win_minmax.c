// SPDX-License-Identifier: GPL-2.0
/*
 * win_minmax.c - the windowed min/max tracker (lib/win_minmax.c). Times
 * and the window are u32 in any unit (jiffies, us); differences wrap as the
 * kernel's do.
 */
#include <linux/export.h>
#include <linux/compiler.h>
#include <linux/win_minmax.h>

/* drop the oldest choice and take val as the newest */
static void minmax_shift(struct minmax *m, const struct minmax_sample *val)
{
	m->s[0] = m->s[1];
	m->s[1] = m->s[2];
	m->s[2] = *val;
}

/*
 * After a sample that is not a new best: age the choices. The best expires
 * once older than the window (its successors move up, twice if the second
 * choice has expired too); a second choice is taken from the window's second
 * quarter and a third from its second half when the choices still coincide.
 */
static u32 minmax_subwin_update(struct minmax *m, u32 win, const struct minmax_sample *val)
{
	u32 dt = val->t - m->s[0].t;

	if (unlikely(dt > win)) {
		minmax_shift(m, val);
		if (unlikely(val->t - m->s[0].t > win))
			minmax_shift(m, val);
	} else if (unlikely(m->s[1].t == m->s[0].t) && dt > win / 4) {
		m->s[1] = *val;
		m->s[2] = *val;
	} else if (unlikely(m->s[2].t == m->s[1].t) && dt > win / 2) {
		m->s[2] = *val;
	}
	return m->s[0].v;
}

u32 minmax_running_max(struct minmax *m, u32 win, u32 t, u32 meas)
{
	struct minmax_sample val = { .t = t, .v = meas };

	/* a new maximum, or the window holds no sample any more: start over */
	if (unlikely(val.v >= m->s[0].v) || unlikely(val.t - m->s[2].t > win))
		return minmax_reset(m, t, meas);

	if (unlikely(val.v >= m->s[1].v)) {
		m->s[1] = val;
		m->s[2] = val;
	} else if (unlikely(val.v >= m->s[2].v)) {
		m->s[2] = val;
	}
	return minmax_subwin_update(m, win, &val);
}
EXPORT_SYMBOL(minmax_running_max);

u32 minmax_running_min(struct minmax *m, u32 win, u32 t, u32 meas)
{
	struct minmax_sample val = { .t = t, .v = meas };

	/* a new minimum, or the window holds no sample any more: start over */
	if (unlikely(val.v <= m->s[0].v) || unlikely(val.t - m->s[2].t > win))
		return minmax_reset(m, t, meas);

	if (unlikely(val.v <= m->s[1].v)) {
		m->s[1] = val;
		m->s[2] = val;
	} else if (unlikely(val.v <= m->s[2].v)) {
		m->s[2] = val;
	}
	return minmax_subwin_update(m, win, &val);
}
