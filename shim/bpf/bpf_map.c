// SPDX-License-Identifier: GPL-2.0
/*
 * bpf_map.c - a BPF program's hash and array maps (kernel/bpf/hashtab.c,
 * arraymap.c) and the helpers that reach them: bpf_map_lookup_elem(),
 * bpf_map_update_elem(), bpf_map_delete_elem(), bpf_for_each_map_elem().
 *
 * A map is the program's declaration (qdk/bpf_maps.h registers it before
 * main()); its memory comes at its first use from the host, not the slab:
 * the kernel's is allocated when the program is loaded (a hash map's
 * elements preallocated, an array's values zeroed), so no update fails for
 * memory, --fail-alloc does not reach it and it is no qdisc's leak.
 *
 * The kernel's semantics: an update's flags (BPF_ANY, BPF_NOEXIST: -EEXIST
 * if the key is there, BPF_EXIST: -ENOENT if not, anything else -EINVAL); a
 * full hash map refuses a new key with -E2BIG but still replaces; an array's
 * index past max_entries is -E2BIG to update and NULL to look up, its
 * elements always exist (BPF_NOEXIST: -EEXIST) and cannot be deleted
 * (-EINVAL); a missing key is NULL to look up, -ENOENT to delete.
 *
 * The value's kptrs: the kernel finds them in BTF and releases the objects
 * they hold when an element is deleted or replaced; an update copies
 * around them. The runtime takes the value's 8-byte words that hold the
 * address of a live bpf_obj_new() object (bpf_obj.c's table) as its kptrs.
 *
 * bpf_for_each_map_elem() visits a hash map's elements in the order they
 * were created (the kernel's: bucket order, which depends on the hash seed
 * of the boot), an array's by index. An element deleted during the walk
 * stays readable until the walk ends, as RCU keeps it in the kernel.
 */
#include <linux/atomic.h>
#include <linux/errno.h>
#include <linux/jhash.h>
#include <linux/list.h>
#include <linux/log2.h>
#include <linux/string.h>
#include <qdk/bpf_maps.h>
#include "bpf_rt.h"
#include "../lib/host.h"

struct map_elem {
	struct hlist_node hash;		/* in its bucket */
	struct list_head order;		/* in the map's order of creation */
	bool dead;			/* deleted during a walk */
	u64 data[];			/* the key (to 8 bytes), the value */
};

struct map_rt {
	/* hash */
	struct hlist_head *buckets;
	u32 nbuckets;
	u32 count;
	struct list_head order;
	u32 walking;			/* bpf_for_each_map_elem() calls under way */
	u32 dead;			/* elements deleted during them, still in order */
	/* array */
	u8 *values;
};

static struct qdk_bpf_map *maps;

void qdk_bpf_map_register(struct qdk_bpf_map *m)
{
	m->next = maps;
	maps = m;
}

#define KEY_SPACE(m) ALIGN((m)->key_size, 8)
#define VALUE_SPACE(m) ALIGN((m)->value_size, 8)

static void *elem_key(struct map_elem *e)
{
	return e->data;
}

static void *elem_value(struct qdk_bpf_map *m, struct map_elem *e)
{
	return (u8 *)e->data + KEY_SPACE(m);
}

static void *host_zalloc(unsigned long size)
{
	void *p = qdk_host_alloc(size);

	if (!p) {
		qdk_host_log("qdk: BPF runtime: out of memory for a map\n");
		qdk_host_abort();
	}
	memset(p, 0, size);
	return p;
}

/* the map whose declaration is at decl, its memory made at its first use */
static struct qdk_bpf_map *map_of(void *decl, const char *what, unsigned long ip)
{
	struct qdk_bpf_map *m;
	struct map_rt *rt;

	for (m = maps; m && m->decl != decl; m = m->next)
		;
	if (!m)
		qdk_bpf_refused(ip, what, "the argument is not a map the program declared");
	qdk_bpf_no_lock(what, ip);
	if (m->rt)
		return m;
	if (m->type == BPF_MAP_TYPE_ARRAY && m->key_size != 4)
		qdk_bpf_refused(ip, m->name, "an array map's key is 4 bytes (map create: -EINVAL)");
	if ((m->type != BPF_MAP_TYPE_HASH && m->type != BPF_MAP_TYPE_ARRAY) ||
	    !m->max_entries || !m->value_size || !m->key_size)
		qdk_bpf_refused(ip, m->name,
				"the runtime models hash and array maps with a key, a value and max_entries");
	rt = host_zalloc(sizeof(*rt));
	if (m->type == BPF_MAP_TYPE_ARRAY) {
		rt->values = host_zalloc((unsigned long)m->max_entries * VALUE_SPACE(m));
	} else {
		rt->nbuckets = m->max_entries > (1U << 16) ? 1U << 16 :
			       roundup_pow_of_two(m->max_entries);
		rt->buckets = host_zalloc(rt->nbuckets * sizeof(*rt->buckets));
		INIT_LIST_HEAD(&rt->order);
	}
	m->rt = rt;
	return m;
}

/* release the objects the value's kptrs hold */
static void value_release(void *value, u32 size, unsigned long ip)
{
	void **w = value;
	u32 i;

	for (i = 0; i + sizeof(*w) <= size; i += sizeof(*w), w++)
		if (*w && qdk_bpf_obj_is_live(*w))
			qdk_bpf_obj_put(xchg(w, NULL), ip);
}

/* copy src's words into dst but dst's kptrs, and no kptr of src's */
static void value_copy(void *dst, const void *src, u32 size)
{
	const u8 *s = src;
	u8 *d = dst;
	u32 i;

	for (i = 0; i + sizeof(void *) <= size; i += sizeof(void *)) {
		void *dw, *sw;

		memcpy(&dw, d + i, sizeof(dw));
		memcpy(&sw, s + i, sizeof(sw));
		if ((dw && qdk_bpf_obj_is_live(dw)) || (sw && qdk_bpf_obj_is_live(sw)))
			continue;
		memcpy(d + i, s + i, sizeof(sw));
	}
	memcpy(d + i, s + i, size - i);
}

/* ---- hash maps ---- */

static struct hlist_head *bucket(struct qdk_bpf_map *m, const void *key)
{
	struct map_rt *rt = m->rt;

	return &rt->buckets[jhash(key, m->key_size, 0) & (rt->nbuckets - 1)];
}

static struct map_elem *hash_find(struct qdk_bpf_map *m, const void *key)
{
	struct map_elem *e;

	hlist_for_each_entry(e, bucket(m, key), hash)
		if (!memcmp(elem_key(e), key, m->key_size))
			return e;
	return NULL;
}

static void hash_unlink(struct qdk_bpf_map *m, struct map_elem *e, unsigned long ip)
{
	struct map_rt *rt = m->rt;

	hlist_del(&e->hash);
	rt->count--;
	value_release(elem_value(m, e), m->value_size, ip);
	if (rt->walking) {
		e->dead = true;
		rt->dead++;
		return;
	}
	list_del(&e->order);
	qdk_host_free(e);
}

static long hash_update(struct qdk_bpf_map *m, const void *key, const void *value,
			u64 flags, unsigned long ip)
{
	struct map_rt *rt = m->rt;
	struct map_elem *old = hash_find(m, key), *e;

	if (old && flags == BPF_NOEXIST)
		return -EEXIST;
	if (!old && flags == BPF_EXIST)
		return -ENOENT;
	if (!old && rt->count >= m->max_entries)
		return -E2BIG;
	e = host_zalloc(sizeof(*e) + KEY_SPACE(m) + VALUE_SPACE(m));
	memcpy(elem_key(e), key, m->key_size);
	value_copy(elem_value(m, e), value, m->value_size);
	hlist_add_head(&e->hash, bucket(m, key));
	rt->count++;
	/*
	 * the new element takes the old one's place in the order of creation,
	 * before it: a walk at the old one (its callback replacing it) goes on
	 * past both, as the kernel's, which adds it at its bucket's head
	 */
	if (old)
		list_add_tail(&e->order, &old->order);
	else
		list_add_tail(&e->order, &rt->order);
	if (old)
		hash_unlink(m, old, ip);
	return 0;
}

static long hash_walk(struct qdk_bpf_map *m, long (*cb)(void *, const void *, void *, void *),
		      void *ctx)
{
	struct map_rt *rt = m->rt;
	struct map_elem *e, *n;
	long calls = 0;

	rt->walking++;
	list_for_each_entry(e, &rt->order, order) {
		if (e->dead)
			continue;
		calls++;
		/* the verifier allows 0 or 1: an int callback's upper half is not read */
		if ((u32)cb(m->decl, elem_key(e), elem_value(m, e), ctx))
			break;
	}
	if (!--rt->walking && rt->dead) {
		list_for_each_entry_safe(e, n, &rt->order, order) {
			if (!e->dead)
				continue;
			list_del(&e->order);
			qdk_host_free(e);
		}
		rt->dead = 0;
	}
	return calls;
}

/* ---- array maps ---- */

static void *array_value(struct qdk_bpf_map *m, const void *key)
{
	struct map_rt *rt = m->rt;
	u32 index = *(const u32 *)key;

	if (index >= m->max_entries)
		return NULL;
	return rt->values + (unsigned long)index * VALUE_SPACE(m);
}

/* ---- the program's unload ---- */

void qdk_bpf_map_free(struct qdk_bpf_map *m)
{
	struct map_rt *rt = m->rt;
	struct map_elem *e, *n;
	u32 i;

	if (!rt)
		return;
	if (m->type == BPF_MAP_TYPE_ARRAY) {
		for (i = 0; i < m->max_entries; i++)
			value_release(array_value(m, &i), m->value_size, QDK_BPF_CALLER);
		qdk_host_free(rt->values);
	} else {
		list_for_each_entry_safe(e, n, &rt->order, order) {
			if (!e->dead)
				value_release(elem_value(m, e), m->value_size, QDK_BPF_CALLER);
			qdk_host_free(e);
		}
		qdk_host_free(rt->buckets);
	}
	qdk_host_free(rt);
	m->rt = NULL;
}

/* every program's maps, as their unloads free them (qdk_bpf_maps_unload() of the API) */
void qdk_bpf_maps_free_all(void)
{
	struct qdk_bpf_map *m;

	for (m = maps; m; m = m->next)
		qdk_bpf_map_free(m);
}

/* ---- the helpers ---- */

void *bpf_map_lookup_elem(void *map, const void *key)
{
	struct qdk_bpf_map *m = map_of(map, "bpf_map_lookup_elem", QDK_BPF_CALLER);
	struct map_elem *e;

	if (m->type == BPF_MAP_TYPE_ARRAY)
		return array_value(m, key);
	e = hash_find(m, key);
	return e ? elem_value(m, e) : NULL;
}

long bpf_map_update_elem(void *map, const void *key, const void *value, u64 flags)
{
	unsigned long ip = QDK_BPF_CALLER;
	struct qdk_bpf_map *m = map_of(map, "bpf_map_update_elem", ip);
	void *v;

	if (flags & BPF_F_LOCK)
		qdk_bpf_refused(ip, "bpf_map_update_elem", "BPF_F_LOCK is not modelled");
	if (flags > BPF_EXIST)
		return -EINVAL;
	if (m->type == BPF_MAP_TYPE_HASH)
		return hash_update(m, key, value, flags, ip);
	v = array_value(m, key);
	if (!v)
		return -E2BIG;
	if (flags == BPF_NOEXIST)
		return -EEXIST;
	value_copy(v, value, m->value_size);
	return 0;
}

long bpf_map_delete_elem(void *map, const void *key)
{
	unsigned long ip = QDK_BPF_CALLER;
	struct qdk_bpf_map *m = map_of(map, "bpf_map_delete_elem", ip);
	struct map_elem *e;

	if (m->type == BPF_MAP_TYPE_ARRAY)
		return -EINVAL;
	e = hash_find(m, key);
	if (!e)
		return -ENOENT;
	hash_unlink(m, e, ip);
	return 0;
}

long bpf_for_each_map_elem(void *map, void *callback_fn, void *callback_ctx, u64 flags)
{
	struct qdk_bpf_map *m = map_of(map, "bpf_for_each_map_elem", QDK_BPF_CALLER);
	long (*cb)(void *map, const void *key, void *value, void *ctx) = callback_fn;
	u32 i;

	if (flags)
		return -EINVAL;
	if (m->type == BPF_MAP_TYPE_HASH)
		return hash_walk(m, cb, callback_ctx);
	for (i = 0; i < m->max_entries; i++)
		if ((u32)cb(m->decl, &i, array_value(m, &i), callback_ctx))
			return i + 1;
	return i;
}
