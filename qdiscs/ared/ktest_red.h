/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ktest_red.h - the RED core's test doors (ktest_ared.c), callable from
 * the plain user-space unit tests. Plain C types (u32 is unsigned int and
 * u64 unsigned long long in the kernel's types, on every architecture).
 * "scaled" averages are avg * 2^wlog, as struct qred_vars keeps them;
 * probabilities are Q32 (1.0 = 2^32).
 */
#ifndef QDK_KTEST_RED_H
#define QDK_KTEST_RED_H

unsigned long long kt_red_prob_b(unsigned int min, unsigned int max, unsigned int max_p,
		       unsigned int wlog, int gentle, unsigned long long qavg_scaled);
unsigned long long kt_red_prob_a(unsigned long long p_b, unsigned int count);
unsigned long long kt_red_ewma(unsigned int wlog, unsigned long long qavg_scaled, unsigned int backlog);
unsigned long long kt_red_idle(unsigned int wlog, unsigned long long ptime_ns, unsigned long long qavg_scaled,
		     unsigned long long idle_ns, unsigned int backlog);
unsigned long long kt_red_ptime(unsigned int avpkt, unsigned int bandwidth);
int kt_red_eval_wlog(unsigned int min, unsigned int burst, unsigned int avpkt);
unsigned int kt_red_default_burst(unsigned int min, unsigned int max, unsigned int avpkt);
unsigned int kt_red_adapt_step(unsigned int min, unsigned int max, unsigned int max_p,
			   unsigned int wlog, unsigned int lo, unsigned int hi,
			   unsigned long long qavg_scaled, int *dir);
void kt_red_band(unsigned int min, unsigned int max, unsigned int wlog,
		 unsigned long long *lo_scaled, unsigned long long *hi_scaled);
unsigned int kt_red_adapt_lazy(unsigned long long interval_ns, const unsigned long long *times, int n,
			   int *steps, unsigned int max_p);
void kt_red_actions(unsigned int min, unsigned int max, unsigned int max_p, unsigned int wlog,
		    int gentle, unsigned long long qavg_scaled, unsigned int seed, int n,
		    int *out);
void kt_red_random(unsigned int seed, int n, unsigned int *out);

#endif /* QDK_KTEST_RED_H */
