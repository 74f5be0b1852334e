// SPDX-License-Identifier: GPL-2.0
/*
 * util.c - allocation, fatal errors, timing, the id index and the pool,
 * the traffic models' random numbers (util.h).
 */
#include <errno.h>
#include <math.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "util.h"

void die(int status, const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("qdk-replay: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(status);
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		die(3, "out of memory");
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		die(3, "out of memory");
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		die(3, "out of memory");
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

uint64_t wall_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

uint64_t cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
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

uint64_t seed_arg(const char *s)
{
	unsigned long long v;
	char *end;

	errno = 0;
	v = *s >= '0' && *s <= '9' ? strtoull(s, &end, 0) : 0;
	if (!(*s >= '0' && *s <= '9') || errno || *end)
		die(2, "bad --seed \"%s\": a whole number from 0 to 2^64-1", s);
	return v;
}

void check_one_line(const char *opt, const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			die(2, "%s: a control character (0x%02x) has no place in a trace's line", opt,
			    (unsigned char)*s);
}

const char *param_error(int err)
{
	return err == -ENOENT ? "no module parameter of that name" :
	       err == -ENOTUNIQ ? "a parameter of several modules: give MODULE.NAME" :
	       err == -ERANGE ? "value out of range for its type" : "not a value of its type";
}

uint64_t rng_next(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

double rng_unif(uint64_t *s)
{
	return ((double)(rng_next(s) >> 11) + 1.0) / 9007199254740992.0;
}

uint64_t rng_geom(uint64_t *s, double p)
{
	double k;

	if (p >= 1.0)
		return 1;
	/* inversion: P(K > k) = (1 - p)^k */
	k = ceil(log(rng_unif(s)) / log1p(-p));
	return k < 1.0 ? 1 : k > 1e18 ? (uint64_t)1e18 : (uint64_t)k;
}
