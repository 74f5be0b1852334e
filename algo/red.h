/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kit's RED core: Random Early Detection (Floyd & Jacobson
 * 1993), its gentle variant, Adaptive RED (Floyd, Gummadi & Shenker 2001) and
 * the double-slope drop function of DSRED (Zheng & Atiquzzaman; as written in
 * Domanska, Domanski & Czachorski, "Implementation of modified AQM mechanisms
 * in IP routers"; docs/references.md).
 *
 * Written for qdk, not taken from the kernel's include/net/red.h: that one
 * draws its random numbers from the global get_random_u32(), while a kit
 * qdisc draws every randomised decision from a generator of its own
 * (struct rnd_state, prandom_u32_state()), seeded from a `seed` option that
 * dump always reports. A trace recorded in the kernel then replays decision
 * for decision in user space.
 *
 * Header only, static inlines, integer arithmetic: the kernel module and the
 * user-space build compute exactly the same numbers (no division whose
 * rounding differs between architectures, no 128-bit division).
 *
 * Users: ared, dsred (the qdiscs of this header's owner), mered (its elephant
 * class), cbt/dcbt (the average queue). A qdisc keeps one struct qred_parms,
 * one struct qred_vars and one struct rnd_state per RED queue and calls, on
 * every arrival:
 *
 *	qavg = qred_calc_qavg(&p, &v, backlog, ktime_get_ns());
 *	[ared: qred_adapt_lazy(&p, &a, qavg, now);]
 *	switch (qred_action(&p, &v, &rnd)) {	(dsred: qred_ds_action())
 *	case QRED_DONT_MARK: enqueue;
 *	case QRED_PROB_MARK: mark (ECN) or drop (tail or head);
 *	case QRED_HARD_MARK: drop;
 *	}
 *
 * and qred_start_idle(&v, now) when a dequeue leaves the queue empty.
 *
 * Units. The core does not care whether the queue is counted in bytes or in
 * packets: "backlog" and the thresholds are in the caller's unit (ared and
 * dsred use bytes, like the kernel's red). Idle decay counts time in
 * "average packet transmission times" (ptime), which is unit free.
 *
 * Fixed point.
 *   - The average is kept scaled by 2^Wlog, as in the kernel's RED:
 *     qavg = avg * 2^Wlog, so avg += w * (q - avg) with w = 2^-Wlog becomes
 *     qavg += q - (qavg >> Wlog) with no division.
 *   - Probabilities are Q32: 1.0 is QRED_ONE = 2^32 (u64). max_p and gamma
 *     travel as u32 "parts of 2^32" (0.02 is 85899346), like the kernel's
 *     max_P. A decision with probability p is "prandom_u32_state() < p".
 *   - Thresholds are at most QRED_TH_MAX and Wlog at most QRED_WLOG_MAX, so
 *     every scaled value and every product below fits in 64 bits.
 */
#ifndef QDK_ALGO_RED_H
#define QDK_ALGO_RED_H

#include <linux/bitops.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/prandom.h>
#include <linux/time64.h>
#include <linux/types.h>

#define QRED_ONE	(1ULL << 32)	/* probability 1.0, Q32 */
#define QRED_TH_MAX	(1U << 30)	/* largest threshold / limit */
#define QRED_WLOG_MIN	1
#define QRED_WLOG_MAX	31

/* Probability p (0 <= p < 1) as a Q32 u32, rounded: for constants. */
#define QRED_PROB(num, den) ((u32)(((u64)(num) * QRED_ONE + (den) / 2) / (den)))

/* Adaptive RED (Floyd 2001): max_p stays in [0.01, 0.5]. */
#define QRED_ADAPT_P_MIN	QRED_PROB(1, 100)
#define QRED_ADAPT_P_MAX	QRED_PROB(1, 2)
#define QRED_ADAPT_ALPHA_MAX	QRED_PROB(1, 100)	/* alpha = min(0.01, max_p/4) */
#define QRED_ADAPT_BETA_NUM	9			/* beta = 0.9 */
#define QRED_ADAPT_BETA_DEN	10
#define QRED_ADAPT_INTERVAL_NS	(500ULL * 1000 * 1000)	/* 0.5 s */
/* Most intervals caught up at once by qred_adapt_lazy() (enough to cross [0.01, 0.5]). */
#define QRED_ADAPT_MAX_STEPS	64

/* What the drop function decided for one arrival. */
enum qred_action {
	QRED_DONT_MARK,		/* below the thresholds, or the coin said no */
	QRED_PROB_MARK,		/* early, probabilistic: mark (ECN) or drop */
	QRED_HARD_MARK,		/* forced: the average is past the last threshold */
};

/* Configuration of one RED queue; set with qred_set_parms(). */
struct qred_parms {
	u32 qth_min;		/* min_th, caller's unit */
	u32 qth_max;		/* max_th */
	u32 max_p;		/* p_b at max_th, Q32 (ared changes it) */
	u8 Wlog;		/* EWMA weight w = 2^-Wlog */
	bool gentle;		/* p_b rises from max_p to 1 over [max_th, 2 max_th) */
	u64 ptime_ns;		/* time to send an average packet; 0: no idle decay */
	bool idle_step;		/* ptime 0: the arrival after an idle period steps too */
	/* derived */
	u64 Sqth_min;		/* qth_min << Wlog */
	u64 Sqth_max;		/* qth_max << Wlog */
	u32 wdecay;		/* 1 - w, Q32 */
};

/* Run-time state of one RED queue. */
struct qred_vars {
	u64 qavg;		/* average queue << Wlog */
	u32 qcount;		/* unmarked arrivals since the last early mark */
	bool idling;		/* the queue is empty since qidlestart */
	u64 qidlestart;		/* ns */
};

/* Adaptive RED: the target band and when max_p next adapts. */
struct qred_adapt {
	u64 interval_ns;
	u64 next_ns;		/* 0: anchored by the next qred_adapt_lazy() */
	u32 target_lo;		/* band, caller's unit (0/0: Floyd's 40%..60%) */
	u32 target_hi;
	u64 Starget_lo;		/* band << Wlog, set by qred_adapt_set() */
	u64 Starget_hi;
	u32 ups;		/* statistics: increases and decreases of max_p */
	u32 downs;
};

/* ---- helpers -------------------------------------------------------------- */

/* base^m in Q32 for base < 1.0 (Q32), by squaring; exact integer steps. */
static inline u64 qred_pow_q32(u32 base, u64 m)
{
	u64 result = QRED_ONE;
	u64 b = base;

	while (m && result) {
		if (m & 1)
			result = (result * b) >> 32;	/* < 2^32 * 2^32 */
		m >>= 1;
		b = (b * b) >> 32;
	}
	return result;
}

/* delta / range in Q32, for delta <= range, range > 0. */
static inline u64 qred_frac(u64 delta, u64 range)
{
	if (range >= QRED_ONE) {
		unsigned int s = fls64(range) - 32;

		delta >>= s;
		range >>= s;
	}
	return div64_u64(delta << 32, range);
}

/* Time to send one packet of avpkt bytes at bandwidth bytes/s, in ns (>= 1). */
static inline u64 qred_ptime_ns(u32 avpkt, u32 bandwidth)
{
	u64 t;

	if (!bandwidth)
		return 0;
	t = div_u64((u64)avpkt * NSEC_PER_SEC, bandwidth);
	return t ? t : 1;
}

/*
 * The EWMA weight from a burst size, with the criterion iproute2's tc-red
 * uses (Floyd & Jacobson 1993, section 6): the largest weight w = 2^-Wlog for
 * which `burst` back-to-back packets of avpkt arriving at an empty queue
 * leave the average below qth_min:
 *
 *	burst + 1 - qth_min / avpkt  <=  (1 - (1 - w)^burst) / w
 *
 * Both sides are multiplied by avpkt and computed in integers (Q32 for the
 * power). Returns Wlog, or -ERANGE when the burst is too small
 * (burst * avpkt < qth_min: the average could never reach min) or no Wlog up
 * to QRED_WLOG_MAX satisfies it.
 */
static inline int qred_eval_wlog(u32 qth_min, u32 burst, u32 avpkt)
{
	u64 lhs;
	int wlog;

	if (!avpkt || !burst || (u64)burst * avpkt < qth_min)
		return -ERANGE;
	lhs = (u64)(burst + 1ULL) * avpkt - qth_min;
	for (wlog = QRED_WLOG_MIN; wlog <= QRED_WLOG_MAX; wlog++) {
		u32 one_minus_w = (u32)(QRED_ONE - (QRED_ONE >> wlog));
		u64 gone = QRED_ONE - qred_pow_q32(one_minus_w, burst);

		if (lhs <= mul_u64_u32_shr(gone << wlog, avpkt, 32))
			return wlog;
	}
	return -ERANGE;
}

/* tc-red's default burst, (2 min + max) / (3 avpkt), at least min / avpkt. */
static inline u32 qred_default_burst(u32 qth_min, u32 qth_max, u32 avpkt)
{
	u64 b = div64_u64(2ULL * qth_min + qth_max, 3ULL * avpkt);

	return max_t(u64, b, DIV_ROUND_UP(qth_min, avpkt));
}

/* ---- configuration and state ---------------------------------------------- */

/*
 * Caller's checks: qth_min < qth_max <= QRED_TH_MAX, Wlog within
 * [QRED_WLOG_MIN, QRED_WLOG_MAX]. The average (qred_vars.qavg) is scaled by
 * Wlog: when Wlog changes on a live queue, rescale it with qred_rescale().
 */
static inline void qred_set_parms(struct qred_parms *p, u32 qth_min,
				  u32 qth_max, u32 max_p, u8 Wlog,
				  bool gentle, u64 ptime_ns)
{
	p->qth_min = qth_min;
	p->qth_max = qth_max;
	p->max_p = max_p;
	p->Wlog = Wlog;
	p->gentle = gentle;
	p->ptime_ns = ptime_ns;
	p->idle_step = false;
	p->Sqth_min = (u64)qth_min << Wlog;
	p->Sqth_max = (u64)qth_max << Wlog;
	p->wdecay = (u32)(QRED_ONE - (QRED_ONE >> Wlog));
}

static inline void qred_vars_init(struct qred_vars *v)
{
	v->qavg = 0;
	v->qcount = 0;
	v->idling = false;
	v->qidlestart = 0;
}

/* Keep the same average when Wlog changes from old_wlog to p->Wlog. */
static inline void qred_rescale(const struct qred_parms *p,
				struct qred_vars *v, u8 old_wlog)
{
	if (p->Wlog > old_wlog)
		v->qavg <<= p->Wlog - old_wlog;
	else
		v->qavg >>= old_wlog - p->Wlog;
}

/* The average in the caller's unit (truncated), for statistics. */
static inline u32 qred_qavg(const struct qred_parms *p, u64 qavg)
{
	return (u32)min_t(u64, qavg >> p->Wlog, U32_MAX);
}

/* ---- the average --------------------------------------------------------- */

/* A dequeue left the queue empty at now: the average decays from here. */
static inline void qred_start_idle(struct qred_vars *v, u64 now)
{
	if (!v->idling) {
		v->idling = true;
		v->qidlestart = now;
	}
}

/*
 * The average seen by an arrival at time now, backlog being the queue
 * before the arrival. Updates and returns v->qavg.
 *
 * Busy queue (Floyd & Jacobson): avg = (1 - w) avg + w q.
 *
 * After an idle period (the queue went empty at qidlestart): the average
 * decays as if m = idle / ptime packets of size 0 had arrived while the
 * link sat idle, avg = (1 - w)^m avg, and this arrival makes no further
 * EWMA step (Floyd & Jacobson's pseudo-code; the kernel's red does the
 * same). ptime is the transmission time of an average packet at the link
 * rate (iproute2: avpkt / bandwidth); ptime 0 turns the decay off, so the
 * average then only moves with arrivals. This is the semantics of
 * iproute2's tc_red_eval_idle_damping() table, computed exactly instead of
 * looked up.
 *
 * With ptime 0 the arrival after an idle period makes no step either, unless
 * the caller sets p->idle_step (after qred_set_parms(), which clears it):
 * then every arrival steps the average, as in Domanska et al.'s model, where
 * avg moves at each arrival and nowhere else (ared and dsred with bandwidth
 * 0). Without it, arrivals that each find the queue empty never lower the
 * average, and a queue left with its average past max drops every arrival
 * for ever; the other users keep that behaviour, which their kernel
 * captures record.
 */
static inline u64 qred_calc_qavg(const struct qred_parms *p,
				 struct qred_vars *v, u32 backlog, u64 now)
{
	if (v->idling) {
		v->idling = false;
		if (p->ptime_ns && now > v->qidlestart) {
			u64 m = div64_u64(now - v->qidlestart, p->ptime_ns);

			if (m)
				v->qavg = mul_u64_u32_shr(v->qavg,
					(u32)qred_pow_q32(p->wdecay, m), 32);
		}
		if (p->ptime_ns || !p->idle_step)
			return v->qavg;
	}
	v->qavg = v->qavg + backlog - (v->qavg >> p->Wlog);
	return v->qavg;
}

/* ---- classic and gentle RED ------------------------------------------------- */

/*
 * p_b, the base drop probability at average qavg (scaled), Q32:
 *
 *   avg <  min                 0
 *   min <= avg < max           max_p * (avg - min) / (max - min)
 *   max <= avg < 2 max         gentle: max_p + (1 - max_p) * (avg - max) / max
 *   otherwise                  QRED_ONE (forced)
 */
static inline u64 qred_prob_b(const struct qred_parms *p, u64 qavg)
{
	if (qavg < p->Sqth_min)
		return 0;
	if (qavg < p->Sqth_max)
		return ((u64)p->max_p *
			qred_frac(qavg - p->Sqth_min,
				  p->Sqth_max - p->Sqth_min)) >> 32;
	if (p->gentle && qavg < 2 * p->Sqth_max)
		return p->max_p + (((QRED_ONE - p->max_p) *
			qred_frac(qavg - p->Sqth_max, p->Sqth_max)) >> 32);
	return QRED_ONE;
}

/*
 * p_a, Floyd & Jacobson's count-based spacing of early marks:
 *
 *	p_a = p_b / (1 - count * p_b)
 *
 * count is the number of unmarked packets that arrived since the last
 * mark (Floyd & Jacobson, section 7: 0 for the first arrival after a mark,
 * or after the average came up from below min). The number of arrivals
 * from one mark to the next is then uniform on {1, ..., 1/p_b} instead of
 * geometric. Q32; QRED_ONE when (count + 1) p_b reaches 1 (the mark is then
 * certain). p_b must be < QRED_ONE.
 */
static inline u64 qred_prob_a(u64 p_b, u32 count)
{
	u64 spent = (u64)count * p_b;	/* < 2^32 * 2^32 */

	if (spent + p_b >= QRED_ONE)
		return QRED_ONE;
	return div64_u64(p_b << 32, QRED_ONE - spent);
}

/* A Bernoulli trial with Q32 probability prob from the queue's generator. */
static inline bool qred_coin(struct rnd_state *rnd, u64 prob)
{
	if (prob >= QRED_ONE)
		return true;
	if (!prob)
		return false;
	return prandom_u32_state(rnd) < prob;
}

/*
 * The RED decision for one arrival at the average v->qavg. Draws one random
 * number per arrival in the early region (none elsewhere), so the
 * generator's sequence depends only on the arrivals' averages.
 */
static inline enum qred_action qred_action(const struct qred_parms *p,
					   struct qred_vars *v,
					   struct rnd_state *rnd)
{
	u64 p_b = qred_prob_b(p, v->qavg);

	if (v->qavg < p->Sqth_min) {
		v->qcount = 0;
		return QRED_DONT_MARK;
	}
	if (p_b >= QRED_ONE) {
		v->qcount = 0;
		return QRED_HARD_MARK;
	}
	if (qred_coin(rnd, qred_prob_a(p_b, v->qcount))) {
		v->qcount = 0;
		return QRED_PROB_MARK;
	}
	v->qcount++;
	return QRED_DONT_MARK;
}

/* ---- Adaptive RED (Floyd, Gummadi & Shenker 2001) ----------------------- */

/*
 * Set the target band: [lo, hi] in the caller's unit, or, when both are 0,
 * Floyd's band [min + 0.4 (max - min), min + 0.6 (max - min)]. Call after
 * qred_set_parms() (the band is scaled by Wlog). The schedule restarts at
 * the next qred_adapt_lazy().
 */
static inline void qred_adapt_set(struct qred_adapt *a,
				  const struct qred_parms *p,
				  u64 interval_ns, u32 lo, u32 hi)
{
	u64 range = p->qth_max - p->qth_min;

	a->interval_ns = interval_ns;
	a->next_ns = 0;
	a->target_lo = lo;
	a->target_hi = hi;
	if (!lo && !hi) {
		lo = p->qth_min + (u32)div_u64(range * 4, 10);
		hi = p->qth_min + (u32)div_u64(range * 6, 10);
	}
	a->Starget_lo = (u64)lo << p->Wlog;
	a->Starget_hi = (u64)hi << p->Wlog;
}

/*
 * One interval of Floyd 2001's AIMD on max_p, at average qavg (scaled):
 *
 *	avg > target and max_p <= 0.5:  max_p += alpha, alpha = min(0.01, max_p / 4)
 *	avg < target and max_p >= 0.01: max_p *= beta,  beta = 0.9
 *
 * max_p is then clamped into [0.01, 0.5] (Floyd's stated bounds; his
 * pseudo-code may overshoot them by one step). Returns +1, -1 or 0.
 */
static inline int qred_adapt_step(struct qred_parms *p, struct qred_adapt *a,
				  u64 qavg)
{
	u32 old = p->max_p;

	if (qavg > a->Starget_hi && p->max_p <= QRED_ADAPT_P_MAX) {
		u32 alpha = min_t(u32, QRED_ADAPT_ALPHA_MAX, p->max_p / 4);

		p->max_p = min_t(u32, p->max_p + alpha, QRED_ADAPT_P_MAX);
	} else if (qavg < a->Starget_lo && p->max_p >= QRED_ADAPT_P_MIN) {
		p->max_p = (u32)div_u64((u64)p->max_p * QRED_ADAPT_BETA_NUM,
					QRED_ADAPT_BETA_DEN);
		p->max_p = max_t(u32, p->max_p, QRED_ADAPT_P_MIN);
	}
	if (p->max_p > old) {
		a->ups++;
		return 1;
	}
	if (p->max_p < old) {
		a->downs++;
		return -1;
	}
	return 0;
}

/*
 * Adaptation driven by arrivals instead of a timer: call on every arrival
 * after qred_calc_qavg(). The first call anchors the schedule (next =
 * now + interval); each call at or after next runs qred_adapt_step() once
 * per interval boundary passed (at most QRED_ADAPT_MAX_STEPS), with the
 * average this arrival computed, and moves next past now on the same grid.
 *
 * Why not a timer: in the kernel a timer fires late, at a jiffy tick in
 * softirq, so the average it reads depends on how many arrivals slipped in
 * before it; a replay fires it at its exact expiry. A step taken by an
 * arrival reads the same average in both worlds, so a kernel recording
 * replays exactly. The cost: no adaptation happens while nothing arrives,
 * and an idle stretch of k intervals is caught up by k steps at once, with
 * the decayed average the first arrival sees (that average is below the
 * band after a long idle, so max_p steps down as Floyd's timer would).
 */
static inline int qred_adapt_lazy(struct qred_parms *p, struct qred_adapt *a,
				  u64 qavg, u64 now)
{
	u64 n;
	int steps = 0;

	if (!a->interval_ns)
		return 0;
	if (!a->next_ns) {
		a->next_ns = now + a->interval_ns;
		return 0;
	}
	if (now < a->next_ns)
		return 0;
	n = div64_u64(now - a->next_ns, a->interval_ns) + 1;
	a->next_ns += n * a->interval_ns;
	n = min_t(u64, n, QRED_ADAPT_MAX_STEPS);
	while (n--)
		steps += qred_adapt_step(p, a, qavg);
	return steps;
}

/* ---- DSRED: the double-slope drop function -------------------------------- */

/*
 * Double-slope RED (Zheng & Atiquzzaman), in Domanska et al.'s notation, with
 * thresholds Kl < Km < Kh (usually Km = (Kl + Kh) / 2) and gamma in [0, 1]:
 *
 *              | 0                          avg <  Kl
 *   p(avg)  =  | alpha (avg - Kl)           Kl <= avg < Km
 *              | 1 - gamma + beta (avg - Km) Km <= avg < Kh
 *              | 1                          Kh <= avg <= N (the buffer)
 *
 *   alpha = 2 (1 - gamma) / (Kh - Kl),   beta = 2 gamma / (Kh - Kl)
 *
 * The paper's alpha and beta assume Km is the midpoint. For any Km we use alpha
 * = (1 - gamma) / (Km - Kl) and beta = gamma / (Kh - Km), which are the paper's
 * values at the midpoint and keep p continuous (1 - gamma at Km, 1 at Kh)
 * elsewhere. A small gamma makes the first slope steep, a large one gentle.
 * p(avg) is applied to each arrival as it is (Domanska et al.'s model): no
 * count-based spacing.
 */
struct qred_ds {
	u32 kl, km, kh;		/* caller's unit */
	u32 gamma;		/* Q32, U32_MAX stands for 1 */
	u64 Skl, Skm, Skh;	/* << Wlog */
};

/* Caller's checks: kl < km < kh <= QRED_TH_MAX. */
static inline void qred_ds_set(struct qred_ds *d, u32 kl, u32 km, u32 kh,
			       u32 gamma, u8 Wlog)
{
	d->kl = kl;
	d->km = km;
	d->kh = kh;
	d->gamma = gamma;
	d->Skl = (u64)kl << Wlog;
	d->Skm = (u64)km << Wlog;
	d->Skh = (u64)kh << Wlog;
}

/* p(avg) of the double-slope function at qavg (scaled), Q32. */
static inline u64 qred_ds_prob(const struct qred_ds *d, u64 qavg)
{
	u64 one_minus_gamma = QRED_ONE - d->gamma;

	if (qavg < d->Skl)
		return 0;
	if (qavg < d->Skm)
		return (one_minus_gamma *
			qred_frac(qavg - d->Skl, d->Skm - d->Skl)) >> 32;
	if (qavg < d->Skh)
		return one_minus_gamma + (((u64)d->gamma *
			qred_frac(qavg - d->Skm, d->Skh - d->Skm)) >> 32);
	return QRED_ONE;
}

/*
 * The DSRED decision at v->qavg: one random draw per arrival with
 * 0 < p < 1, none otherwise. PROB_MARK below Kh, HARD_MARK from Kh on.
 */
static inline enum qred_action qred_ds_action(const struct qred_ds *d,
					      const struct qred_vars *v,
					      struct rnd_state *rnd)
{
	u64 prob = qred_ds_prob(d, v->qavg);

	if (prob >= QRED_ONE)
		return QRED_HARD_MARK;
	return qred_coin(rnd, prob) ? QRED_PROB_MARK : QRED_DONT_MARK;
}

#endif /* QDK_ALGO_RED_H */
