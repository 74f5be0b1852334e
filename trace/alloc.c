// SPDX-License-Identifier: GPL-2.0
/*
 * alloc.c - the memory the trace library keeps: allocation that cannot fail
 * silently, the id index (flow ids to positions) and pools of small objects
 * (alloc.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"

/* What every tool of the kit does without memory: say so, exit 3. */
static void __attribute__((noreturn, cold)) out_of_memory(void)
{
	fflush(stdout);
	fprintf(stderr, "%s: out of memory\n", program_invocation_short_name);
	exit(3);
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		out_of_memory();
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		out_of_memory();
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		out_of_memory();
	return p;
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

/* ---- id index ------------------------------------------------------------- */

/* id's slot: the one holding it, or the free one where it would go */
static uint32_t idx_slot(const struct id_index *x, uint32_t id)
{
	uint32_t h = (id * 2654435761u) & x->mask;

	while (x->slot[h].pos1 && x->slot[h].id != id)
		h = (h + 1) & x->mask;
	return h;
}

bool idx_get(const struct id_index *x, uint32_t id, uint32_t *pos)
{
	uint32_t h;

	if (!x->slot)
		return false;
	h = idx_slot(x, id);
	if (!x->slot[h].pos1)
		return false;
	*pos = x->slot[h].pos1 - 1;
	return true;
}

void idx_put(struct id_index *x, uint32_t id, uint32_t pos)
{
	uint32_t i;

	if (2 * (x->n + 1) > x->mask) {
		struct id_index old = *x;

		x->mask = old.mask ? 2 * old.mask + 1 : 127;
		x->slot = xcalloc((size_t)x->mask + 1, sizeof(*x->slot));
		for (i = 0; old.slot && i <= old.mask; i++)
			if (old.slot[i].pos1)
				x->slot[idx_slot(x, old.slot[i].id)] = old.slot[i];
		free(old.slot);
	}
	x->slot[idx_slot(x, id)] = (struct id_slot){ .id = id, .pos1 = pos + 1 };
	x->n++;
}

void idx_free(struct id_index *x)
{
	free(x->slot);
	memset(x, 0, sizeof(*x));
}

/* ---- pools -------------------------------------------------------------- */

#if defined(__SANITIZE_ADDRESS__)
#define POOL_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define POOL_ASAN 1
#endif
#endif
#ifdef POOL_ASAN
#include <sanitizer/asan_interface.h>
#define POOL_REDZONE 16		/* poisoned after each object */
#else
#define ASAN_POISON_MEMORY_REGION(a, n) ((void)(a), (void)(n))
#define ASAN_UNPOISON_MEMORY_REGION(a, n) ((void)(a), (void)(n))
#define POOL_REDZONE 0
#endif

struct pool_chunk {
	struct pool_chunk *next;
	size_t size;
	_Alignas(16) unsigned char data[];
};

void *pool_alloc(struct pool *p, size_t n)
{
	size_t take = (n + POOL_REDZONE + 15) & ~(size_t)15;
	void *o;

	if (!p->head || p->size - p->used < take) {
		size_t size = take > POOL_CHUNK ? take : POOL_CHUNK;
		struct pool_chunk *c = xmalloc(sizeof(*c) + size);

		c->next = p->head;
		c->size = size;
		p->head = c;
		p->used = 0;
		p->size = size;
		ASAN_POISON_MEMORY_REGION(c->data, size);
	}
	o = p->head->data + p->used;
	p->used += take;
	ASAN_UNPOISON_MEMORY_REGION(o, n);
	return memset(o, 0, n);
}

char *pool_strndup(struct pool *p, const char *s, size_t n)
{
	char *c = pool_alloc(p, n + 1);

	memcpy(c, s, n);
	return c;
}

void pool_free(struct pool *p)
{
	while (p->head) {
		struct pool_chunk *c = p->head;

		p->head = c->next;
		ASAN_UNPOISON_MEMORY_REGION(c->data, c->size);
		free(c);
	}
	memset(p, 0, sizeof(*p));
}
