// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_bpf_map.c - the BPF runtime's hash and array maps (shim/bpf/
 * bpf_map.c) as a program uses them, declared with libbpf's macros and
 * registered as shim/bpf/bpf.mk registers a program's (qdk/bpf_maps.h):
 * the update flags and their errors, a full map, an array's fixed
 * elements, bpf_for_each_map_elem()'s order and stop, deletion during a
 * walk, and the objects the values' kptrs hold released on delete, on
 * replace and at the program's unload.
 */
#include <vmlinux.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <linux/errno.h>
#include <qdk/bpf_maps.h>

#include "ktest.h"

struct obj {
	u64 key;
};

struct val {
	u64 n;
	struct obj __kptr *o;
	u32 tail;
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__type(key, u64);
	__type(value, struct val);
	__uint(max_entries, 4);
} small_hash SEC(".maps");
QDK_BPF_MAP(small_hash)

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, u32);
	__type(value, struct val);
	__uint(max_entries, 3);
} small_array SEC(".maps");
QDK_BPF_MAP(small_array)

static struct obj *new_obj(u64 key)
{
	struct obj *o = bpf_obj_new(bpf_core_type_id_local(struct obj));

	if (o)
		o->key = key;
	return o;
}

static long put(u64 key, u64 n, u64 flags)
{
	struct val v = { .n = n, .tail = (u32)n };

	return bpf_map_update_elem(&small_hash, &key, &v, flags);
}

static u64 get(u64 key)
{
	struct val *v = bpf_map_lookup_elem(&small_hash, &key);

	return v ? v->n : ~0ULL;
}

static void empty_hash(void)
{
	u64 k;

	for (k = 0; k < 16; k++)
		bpf_map_delete_elem(&small_hash, &k);
}

KTEST(bpf_map, hash_flags)
{
	empty_hash();
	KT_EQ(get(1), ~0ULL);
	KT_EQ(put(1, 10, BPF_NOEXIST), 0);
	KT_EQ(get(1), 10);
	KT_EQ(put(1, 11, BPF_NOEXIST), -EEXIST);
	KT_EQ(get(1), 10);
	KT_EQ(put(2, 20, BPF_EXIST), -ENOENT);
	KT_EQ(get(2), ~0ULL);
	KT_EQ(put(1, 12, BPF_EXIST), 0);
	KT_EQ(get(1), 12);
	KT_EQ(put(1, 13, BPF_ANY), 0);
	KT_EQ(put(2, 20, BPF_ANY), 0);
	KT_EQ(get(1), 13);
	KT_EQ(get(2), 20);
	KT_EQ(put(3, 30, BPF_EXIST + 1), -EINVAL);
	KT_EQ(get(3), ~0ULL);
	empty_hash();
	return 0;
}

KTEST(bpf_map, hash_full_and_delete)
{
	u64 k;

	empty_hash();
	for (k = 1; k <= 4; k++)
		KT_EQ(put(k, k * 10, BPF_ANY), 0);
	/* full: no new key, but a key that is there is replaced */
	KT_EQ(put(5, 50, BPF_ANY), -E2BIG);
	KT_EQ(put(5, 50, BPF_NOEXIST), -E2BIG);
	KT_EQ(get(5), ~0ULL);
	KT_EQ(put(4, 41, BPF_ANY), 0);
	KT_EQ(get(4), 41);
	k = 2;
	KT_EQ(bpf_map_delete_elem(&small_hash, &k), 0);
	KT_EQ(bpf_map_delete_elem(&small_hash, &k), -ENOENT);
	KT_EQ(get(2), ~0ULL);
	KT_EQ(put(5, 50, BPF_ANY), 0);
	KT_EQ(get(5), 50);
	empty_hash();
	return 0;
}

struct walk {
	u64 seen[8];
	int n;
	int stop_at;		/* return 1 at this call (1-based), 0: never */
	u64 delete_key;		/* delete this key when it is visited, 0: none */
	u64 delete_next;	/* ... and this one too */
	u64 replace_key;	/* replace this key when it is visited, 0: none */
	int bad;		/* values that were not key * 10 */
};

static long walk_cb(struct bpf_map *map, const u64 *key, struct val *v, struct walk *w)
{
	if (w->n == ARRAY_SIZE(w->seen))
		return 1;	/* a walk that visits too many: seen[] tells */
	w->seen[w->n++] = *key;
	w->bad += v->n != *key * 10;
	if (w->delete_key == *key) {
		bpf_map_delete_elem(map, key);
		bpf_map_delete_elem(map, &w->delete_next);
		/* still readable until the walk ends, as RCU keeps it */
		w->bad += v->n != *key * 10;
	}
	if (w->replace_key == *key)
		w->bad += put(*key, *key * 10, BPF_EXIST) != 0;
	return w->n == w->stop_at;
}

KTEST(bpf_map, for_each_order_stop_and_delete)
{
	struct walk w = {};
	u64 order[] = { 3, 1, 4, 2 }, k;
	int i;

	empty_hash();
	for (i = 0; i < 4; i++)
		KT_EQ(put(order[i], order[i] * 10, BPF_ANY), 0);
	/* the order of creation; a replaced element keeps its place */
	KT_EQ(put(1, 10, BPF_EXIST), 0);
	KT_EQ(bpf_for_each_map_elem(&small_hash, walk_cb, &w, 0), 4);
	KT_EQ(w.n, 4);
	KT_EQ(w.bad, 0);
	for (i = 0; i < 4; i++)
		KT_EQ(w.seen[i], order[i]);
	/* returning 1 stops the walk; the call that stopped it counts */
	w = (struct walk){ .stop_at = 2 };
	KT_EQ(bpf_for_each_map_elem(&small_hash, walk_cb, &w, 0), 2);
	KT_EQ(w.n, 2);
	KT_EQ(bpf_for_each_map_elem(&small_hash, walk_cb, &w, 1), -EINVAL);
	/* deleting the element visited and the next one: the walk goes on past both */
	w = (struct walk){ .delete_key = 1, .delete_next = 4 };
	KT_EQ(bpf_for_each_map_elem(&small_hash, walk_cb, &w, 0), 3);
	KT_EQ(w.seen[0], 3);
	KT_EQ(w.seen[1], 1);
	KT_EQ(w.seen[2], 2);
	KT_EQ(w.bad, 0);
	/* the callback replacing the element it is given: each visited once */
	w = (struct walk){ .replace_key = 3 };
	KT_EQ(bpf_for_each_map_elem(&small_hash, walk_cb, &w, 0), 2);
	KT_EQ(w.seen[0], 3);
	KT_EQ(w.seen[1], 2);
	KT_EQ(w.bad, 0);
	KT_EQ(get(1), ~0ULL);
	KT_EQ(get(4), ~0ULL);
	/* two places free again */
	for (k = 5; k <= 6; k++)
		KT_EQ(put(k, k * 10, BPF_NOEXIST), 0);
	KT_EQ(put(7, 70, BPF_NOEXIST), -E2BIG);
	empty_hash();
	return 0;
}

KTEST(bpf_map, array_fixed_elements)
{
	struct val v = { .n = 7 }, *p;
	u32 i;

	for (i = 0; i < 3; i++) {
		p = bpf_map_lookup_elem(&small_array, &i);
		KT_ASSERT(p, "an array's elements always exist");
		KT_EQ(p->n, 0);
		KT_ASSERT(!p->o, "zeroed at creation");
	}
	KT_ASSERT(!bpf_map_lookup_elem(&small_array, &i), "index 3 is past max_entries");
	KT_EQ(bpf_map_update_elem(&small_array, &i, &v, BPF_ANY), -E2BIG);
	i = 1;
	KT_EQ(bpf_map_update_elem(&small_array, &i, &v, BPF_NOEXIST), -EEXIST);
	KT_EQ(bpf_map_update_elem(&small_array, &i, &v, BPF_EXIST), 0);
	KT_EQ(((struct val *)bpf_map_lookup_elem(&small_array, &i))->n, 7);
	KT_EQ(bpf_map_delete_elem(&small_array, &i), -EINVAL);
	KT_EQ(((struct val *)bpf_map_lookup_elem(&small_array, &i))->n, 7);
	v.n = 0;
	KT_EQ(bpf_map_update_elem(&small_array, &i, &v, BPF_ANY), 0);
	return 0;
}

KTEST(bpf_map, kptrs_released)
{
	long before = qdk_test_mem_objects();
	struct obj *old;
	struct val *p;
	u64 k = 9;
	u32 i = 2;

	empty_hash();
	KT_EQ(put(k, 90, BPF_ANY), 0);
	p = bpf_map_lookup_elem(&small_hash, &k);
	KT_ASSERT(!bpf_kptr_xchg(&p->o, new_obj(1)), "a new element's kptr is empty");
	KT_EQ(qdk_test_mem_objects(), before + 1);
	/* replacing the element releases what its kptr held */
	KT_EQ(put(k, 90, BPF_EXIST), 0);
	KT_EQ(qdk_test_mem_objects(), before);
	p = bpf_map_lookup_elem(&small_hash, &k);
	KT_ASSERT(!p->o, "the new value's kptr is empty");
	/* so does deleting it */
	bpf_kptr_xchg(&p->o, new_obj(2));
	KT_EQ(qdk_test_mem_objects(), before + 1);
	KT_EQ(bpf_map_delete_elem(&small_hash, &k), 0);
	KT_EQ(qdk_test_mem_objects(), before);
	/* an array's update copies around the kptr, which stays */
	p = bpf_map_lookup_elem(&small_array, &i);
	bpf_kptr_xchg(&p->o, new_obj(3));
	KT_EQ(bpf_map_update_elem(&small_array, &i, &(struct val){ .n = 5 }, BPF_ANY), 0);
	KT_EQ(p->n, 5);
	KT_ASSERT(p->o && p->o->key == 3, "the kptr kept its object");
	/* the program's unload releases it */
	qdk_bpf_map_free(&qdk_bpf_map_small_array);
	KT_EQ(qdk_test_mem_objects(), before);
	p = bpf_map_lookup_elem(&small_array, &i);
	KT_ASSERT(p && !p->o && !p->n, "a map used again after its unload is new, zeroed");
	/* an update copies no kptr: a reference the program still owns is not the map's */
	old = new_obj(4);
	KT_EQ(bpf_map_update_elem(&small_hash, &k, &(struct val){ .n = 90, .o = old }, BPF_ANY), 0);
	p = bpf_map_lookup_elem(&small_hash, &k);
	KT_ASSERT(p && p->n == 90 && !p->o, "the scalar copied, the kptr not");
	KT_EQ(bpf_map_delete_elem(&small_hash, &k), 0);
	KT_EQ(old->key, 4);
	bpf_obj_drop(old);
	KT_EQ(qdk_test_mem_objects(), before);
	return 0;
}
