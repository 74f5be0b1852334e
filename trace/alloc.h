/* SPDX-License-Identifier: GPL-2.0 */
/*
 * alloc.h - the memory the trace library keeps (alloc.c): allocation that
 * cannot fail silently, an index from ids to positions, pools of objects
 * that live as long as their owner. The harness uses them too (util.h
 * includes this header): they live here, below both.
 */
#ifndef QDK_TRACE_ALLOC_H
#define QDK_TRACE_ALLOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* malloc and friends that never return NULL: out of memory is "PROG: out of memory", exit 3 */
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

#endif /* QDK_TRACE_ALLOC_H */
