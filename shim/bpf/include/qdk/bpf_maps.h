/* SPDX-License-Identifier: GPL-2.0 */
/*
 * qdk/bpf_maps.h - a BPF program's maps as the runtime (shim/bpf/bpf_map.c)
 * learns them. Not a kernel header.
 *
 * A program declares a map as libbpf's bpf_helpers.h macros spell it:
 *
 *	struct {
 *		__uint(type, BPF_MAP_TYPE_HASH);	int (*type)[BPF_MAP_TYPE_HASH];
 *		__type(key, __u64);			typeof(__u64) *key;
 *		__type(value, struct v);		typeof(struct v) *value;
 *		__uint(max_entries, 1024);		int (*max_entries)[1024];
 *	} name SEC(".maps");
 *
 * The loader reads the numbers from the members' BTF types; C reads them
 * from the same types with sizeof. shim/bpf/bpf.mk compiles the program
 * inside a generated unit that includes it unmodified and then says, for
 * each `} NAME SEC(".maps");` of the source,
 *
 *	QDK_BPF_MAP(NAME)
 *
 * which registers the map before main() runs (a constructor: no memory is
 * taken, the map's own comes at its first use) and frees it at
 * module_exit() time, when the kernel frees a program's maps: at its
 * unload, the objects the values' kptrs hold released. The declaration's
 * address is the map as the program passes it to the helpers (&NAME).
 */
#ifndef _QDK_BPF_MAPS_H
#define _QDK_BPF_MAPS_H

#include <linux/types.h>
#include <linux/init.h>

struct qdk_bpf_map {
	void *decl;			/* &NAME: the handle the program passes */
	const char *name;
	u32 type;			/* enum bpf_map_type */
	u32 key_size;
	u32 value_size;
	u32 max_entries;
	struct qdk_bpf_map *next;	/* the registered maps */
	void *rt;			/* the runtime's state (bpf_map.c) */
};

void qdk_bpf_map_register(struct qdk_bpf_map *m);
void qdk_bpf_map_free(struct qdk_bpf_map *m);
/* every registered map freed; each starts empty again at its next use */
void qdk_bpf_maps_free_all(void);

#define QDK_BPF_MAP(map)							\
	static struct qdk_bpf_map qdk_bpf_map_##map = {			\
		.decl = &map,							\
		.name = #map,							\
		.type = sizeof(*map.type) / sizeof(int),			\
		.key_size = sizeof(*map.key),					\
		.value_size = sizeof(*map.value),				\
		.max_entries = sizeof(*map.max_entries) / sizeof(int),	\
	};									\
	static void __attribute__((constructor)) qdk_bpf_map_reg_##map(void)	\
	{									\
		qdk_bpf_map_register(&qdk_bpf_map_##map);			\
	}									\
	static void __exit qdk_bpf_map_free_##map(void)			\
	{									\
		qdk_bpf_map_free(&qdk_bpf_map_##map);				\
	}									\
	module_exit(qdk_bpf_map_free_##map)

#endif
