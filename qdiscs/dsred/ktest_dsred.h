/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ktest_dsred.h - the double-slope drop function's test doors
 * (ktest_dsred.c). Plain C types: u32 is unsigned int and u64 unsigned
 * long long in the kernel's types. "scaled" averages are avg * 2^wlog;
 * probabilities are Q32 (1.0 = 2^32).
 */
#ifndef QDK_KTEST_DSRED_H
#define QDK_KTEST_DSRED_H

unsigned long long kt_ds_prob(unsigned int kl, unsigned int km, unsigned int kh,
			      unsigned int gamma, unsigned int wlog,
			      unsigned long long qavg_scaled);
void kt_ds_actions(unsigned int kl, unsigned int km, unsigned int kh,
		   unsigned int gamma, unsigned int wlog,
		   unsigned long long qavg_scaled, unsigned int seed, int n,
		   int *out);
void kt_ds_random(unsigned int seed, int n, unsigned int *out);

#endif /* QDK_KTEST_DSRED_H */
