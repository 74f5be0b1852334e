/* SPDX-License-Identifier: GPL-2.0 */
/*
 * util.h - small helpers of the harness: fatal errors, wall-clock timing,
 * the traffic models' random numbers. Allocation is the trace library's
 * (alloc.h); output files: outfile.h.
 */
#ifndef QDK_UTIL_H
#define QDK_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "alloc.h"		/* xmalloc() and friends, id_index, pool */

/* "qdk-replay: message" on stderr, exit with status. */
void die(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));

/* Monotonic wall clock in ns (for the timing lines only, never for output). */
uint64_t wall_ns(void);
/* CPU time this process used, in ns: steadier than wall time on a busy machine. */
uint64_t cpu_ns(void);

/*
 * The traffic models' random numbers (gen's sources, drive's geometric
 * service): splitmix64, small, fast and good enough for traffic; never the
 * qdisc's generator, so a model's draws change none of the qdisc's.
 */
uint64_t rng_next(uint64_t *s);
/* Uniform in (0, 1]. */
double rng_unif(uint64_t *s);
/* Slots up to and including the first success of a Bernoulli(p) trial per slot (>= 1). */
uint64_t rng_geom(uint64_t *s, double p);
/*
 * --seed's value, the one way every command reads it: a whole number of
 * 0..2^64-1, decimal or 0x hex; anything else (a sign, a space, an
 * overflow) dies (exit 2).
 */
uint64_t seed_arg(const char *s);
/* Text an option puts into a trace's line: a control character dies (exit 2). */
void check_one_line(const char *opt, const char *s);

/* Why qdk_param_set() refused a module parameter, in words. */
const char *param_error(int err);

#endif /* QDK_UTIL_H */
