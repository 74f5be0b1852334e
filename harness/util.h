/* SPDX-License-Identifier: GPL-2.0 */
/*
 * util.h - small helpers of the harness: allocation that cannot fail
 * silently, fatal errors, wall-clock timing, an id index and a pool, the
 * traffic models' random numbers. Output files: outfile.h.
 */
#ifndef QDK_UTIL_H
#define QDK_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrndup(const char *s, size_t n);
char *xstrdup(const char *s);

/*
 * An index from 32-bit ids the input names (flow ids) to positions in the
 * caller's own array: open addressing, kept at most half full, so memory
 * follows how many ids are stored, never how big they are ("flow 16000000"
 * costs one slot). Zeroed, it is empty; idx_free() empties it again.
 */
struct id_slot {
	uint32_t id;
	uint32_t pos1;		/* position + 1; 0: the slot is free */
};
struct id_index {
	struct id_slot *slot;
	uint32_t mask, n;	/* slots - 1 (a power of two less one), ids stored */
};
/* Where id is: its position in *pos; false when it is not stored. */
bool idx_get(const struct id_index *x, uint32_t id, uint32_t *pos);
/* Store id at pos (an id not stored yet). */
void idx_put(struct id_index *x, uint32_t id, uint32_t pos);
void idx_free(struct id_index *x);

/*
 * A pool of small objects that all live as long as their owner (a trace's
 * flows and their declarations): carved from chunks of POOL_CHUNK bytes,
 * freed together by pool_free(). One malloc a chunk, not one an object, so
 * a trace declaring 100 000 flows costs about a hundred allocations, not
 * 200 000. Objects never move. Under ASan the bytes between objects are
 * poisoned: reading past one is caught as it would be with malloc.
 * Zeroed, a pool is empty.
 */
#define POOL_CHUNK (64u << 10)
struct pool_chunk;
struct pool {
	struct pool_chunk *head;
	size_t used, size;	/* bytes of head's data taken, and there are */
};
/* n zeroed bytes, aligned to 16 */
void *pool_alloc(struct pool *p, size_t n);
/* s[0..n) and a NUL */
char *pool_strndup(struct pool *p, const char *s, size_t n);
void pool_free(struct pool *p);

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
