// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_devres.c - managed resources as drivers/base/devres.c keeps them:
 * devres_alloc()/add()/find()/get()/remove()/destroy()/release(), the
 * release order (newest first), groups (nested, released and removed),
 * devm_krealloc(), devm_ pages, per-CPU memory, actions and groups.
 */
#include <linux/device.h>
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/percpu.h>
#include <linux/slab.h>

#include "ktest.h"
#include "shim.h"

/* the order resources are released in: their ids, newest first */
static int rel_log[16];
static int rel_n;

struct kt_res {
	int id;
};

static void kt_res_release(struct device *dev, void *res)
{
	if (rel_n < (int)ARRAY_SIZE(rel_log))
		rel_log[rel_n++] = ((struct kt_res *)res)->id;
}

static void kt_other_release(struct device *dev, void *res)
{
	kt_res_release(dev, res);
}

static int kt_res_match(struct device *dev, void *res, void *data)
{
	return ((struct kt_res *)res)->id == *(int *)data;
}

static struct kt_res *kt_add(struct device *dev, dr_release_t release, int id)
{
	struct kt_res *r = devres_alloc(release, sizeof(*r), GFP_KERNEL);

	if (r) {
		r->id = id;
		devres_add(dev, r);
	}
	return r;
}

static void kt_count(struct device *dev, void *res, void *data)
{
	*(int *)data += ((struct kt_res *)res)->id;
}

static void kt_dev_release(struct device *dev)
{
	kfree(dev);
}

static struct device *kt_dev(void)
{
	struct device *dev = kzalloc(sizeof(*dev), GFP_KERNEL);

	if (!dev)
		return NULL;
	device_initialize(dev);
	dev->release = kt_dev_release;
	return dev;
}

KTEST(devres, find_get_remove_release)
{
	struct device *dev = kt_dev();
	unsigned long w0 = qdk_warn_count;
	struct kt_res *r, *n;
	int id, sum = 0;

	KT_ASSERT(dev, "alloc");
	rel_n = 0;
	r = devres_alloc(kt_res_release, sizeof(*r), GFP_KERNEL);
	KT_ASSERT(r && r->id == 0, "zeroed data");
	devres_free(r);				/* never added: no release */
	KT_EQ(rel_n, 0);

	kt_add(dev, kt_res_release, 1);
	kt_add(dev, kt_res_release, 2);
	kt_add(dev, kt_other_release, 3);
	/* the newest of its release function */
	KT_EQ(((struct kt_res *)devres_find(dev, kt_res_release, NULL, NULL))->id, 2);
	id = 1;
	KT_EQ(((struct kt_res *)devres_find(dev, kt_res_release, kt_res_match, &id))->id, 1);
	id = 3;
	KT_ASSERT(!devres_find(dev, kt_res_release, kt_res_match, &id), "other release");
	devres_for_each_res(dev, kt_res_release, NULL, NULL, kt_count, &sum);
	KT_EQ(sum, 3);

	/* devres_get(): the one there wins, the new one is freed */
	n = devres_alloc(kt_res_release, sizeof(*n), GFP_KERNEL);
	n->id = 9;
	id = 2;
	KT_EQ(((struct kt_res *)devres_get(dev, n, kt_res_match, &id))->id, 2);
	n = devres_alloc(kt_res_release, sizeof(*n), GFP_KERNEL);
	n->id = 4;
	id = 4;
	KT_ASSERT(devres_get(dev, n, kt_res_match, &id) == n, "added");

	/* remove: no release, the caller owns it; destroy: freed unreleased */
	id = 1;
	r = devres_remove(dev, kt_res_release, kt_res_match, &id);
	KT_ASSERT(r && r->id == 1, "removed");
	devres_free(r);
	KT_EQ(devres_destroy(dev, kt_res_release, kt_res_match, &id), -ENOENT);
	id = 4;
	KT_EQ(devres_release(dev, kt_res_release, kt_res_match, &id), 0);
	KT_EQ(rel_n, 1);
	KT_EQ(rel_log[0], 4);

	kt_add(dev, kt_res_release, 5);
	put_device(dev);	/* the rest, newest first: 5, 3, 2 */
	KT_EQ(rel_n, 4);
	KT_EQ(rel_log[1], 5);
	KT_EQ(rel_log[2], 3);
	KT_EQ(rel_log[3], 2);
	KT_EQ(qdk_warn_count, w0);
	return 0;
}

KTEST(devres, groups)
{
	struct device *dev = kt_dev();
	unsigned long w0 = qdk_warn_count;
	void *g1, *g2, *inner;
	int key;

	KT_ASSERT(dev, "alloc");
	rel_n = 0;
	kt_add(dev, kt_res_release, 1);
	g1 = devres_open_group(dev, NULL, GFP_KERNEL);
	KT_ASSERT(g1, "group id");
	kt_add(dev, kt_res_release, 2);
	inner = devres_open_group(dev, &key, GFP_KERNEL);
	KT_ASSERT(inner == &key, "the caller's id");
	kt_add(dev, kt_res_release, 3);
	devres_close_group(dev, NULL);		/* the newest open group: inner */
	kt_add(dev, kt_res_release, 4);
	devres_close_group(dev, g1);
	kt_add(dev, kt_res_release, 5);		/* after the group: not in it */

	/* g1 holds 2, 3, 4 (3 through the nested group) */
	KT_EQ(devres_release_group(dev, g1), 3);
	KT_EQ(rel_n, 3);
	KT_EQ(rel_log[0], 4);
	KT_EQ(rel_log[1], 3);
	KT_EQ(rel_log[2], 2);
	/* the nested group went with it */
	KT_EQ(devres_release_group(dev, &key), 0);
	KT_EQ(qdk_warn_count, w0 + 1);
	qdk_warn_count = w0;

	/* a group still open holds everything newer than its opening */
	g2 = devres_open_group(dev, NULL, GFP_KERNEL);
	kt_add(dev, kt_res_release, 6);
	kt_add(dev, kt_res_release, 7);
	devres_remove_group(dev, g2);		/* the markers go, 6 and 7 stay */
	KT_EQ(devres_release_group(dev, g2), 0);
	qdk_warn_count = w0;
	g2 = devres_open_group(dev, NULL, GFP_KERNEL);
	kt_add(dev, kt_res_release, 8);
	KT_EQ(devres_release_group(dev, NULL), 1);
	KT_EQ(rel_log[3], 8);

	put_device(dev);	/* 7, 6, 5, 1 */
	KT_EQ(rel_n, 8);
	KT_EQ(rel_log[4], 7);
	KT_EQ(rel_log[5], 6);
	KT_EQ(rel_log[6], 5);
	KT_EQ(rel_log[7], 1);
	KT_EQ(qdk_warn_count, w0);
	return 0;
}

static int kt_action_sum;

static void kt_action(void *data)
{
	kt_action_sum += (long)data;
}

KTEST(devres, devm_memory_and_actions)
{
	struct device *dev = kt_dev();
	unsigned long w0 = qdk_warn_count;
	unsigned long page;
	char *p, *q;
	int *pc;

	KT_ASSERT(dev, "alloc");
	p = devm_kmalloc(dev, 10, GFP_KERNEL);
	memcpy(p, "0123456789", 10);
	/* within its allocation's room it stays where it is */
	q = devm_krealloc(dev, p, 12, GFP_KERNEL);
	KT_ASSERT(q == p, "same allocation");
	q = devm_krealloc(dev, p, 4000, GFP_KERNEL | __GFP_ZERO);
	KT_ASSERT(q && q != p && !memcmp(q, "0123456789", 10), "moved with its data");
	KT_EQ(q[3999], 0);
	KT_ASSERT(devm_krealloc(dev, q, 0, GFP_KERNEL) == ZERO_SIZE_PTR, "size 0 frees");
	KT_ASSERT(!devm_krealloc(dev, (void *)&page, 8, GFP_KERNEL), "not managed");
	KT_EQ(qdk_warn_count, w0 + 1);
	qdk_warn_count = w0;
	KT_STREQ(devm_kstrdup_const(dev, "const", GFP_KERNEL), "const");

	page = devm_get_free_pages(dev, GFP_KERNEL, 1);
	KT_ASSERT(page, "pages");
	memset((void *)page, 1, 2 * PAGE_SIZE);
	devm_free_pages(dev, page);
	page = devm_get_free_pages(dev, GFP_KERNEL, 0);	/* freed at release */

	pc = devm_alloc_percpu(dev, int);
	KT_ASSERT(pc && *per_cpu_ptr(pc, 0) == 0, "zeroed per-CPU memory");
	devm_free_percpu(dev, pc);
	pc = devm_alloc_percpu(dev, int);

	kt_action_sum = 0;
	KT_EQ(devm_add_action(dev, kt_action, (void *)1L), 0);
	KT_EQ(devm_add_action(dev, kt_action, (void *)100L), 0);
	devm_remove_action(dev, kt_action, (void *)100L);	/* not run */
	devm_release_action(dev, kt_action, (void *)1L);	/* run now */
	KT_EQ(kt_action_sum, 1);
	KT_EQ(devm_add_action_or_reset(dev, kt_action, (void *)10L), 0);
	devm_remove_action(dev, kt_action, (void *)5L);		/* never added */
	KT_EQ(qdk_warn_count, w0 + 1);
	qdk_warn_count = w0;
	put_device(dev);
	KT_EQ(kt_action_sum, 11);
	KT_EQ(qdk_warn_count, w0);
	return 0;
}

static int kt_child_order(struct device *dev, const void *data)
{
	char *log = (char *)data;

	strncat(log, dev_name(dev), 8);
	return 0;
}

static int kt_child_order_nc(struct device *dev, void *data)
{
	return kt_child_order(dev, data);
}

static int kt_child_stop(struct device *dev, void *data)
{
	kt_child_order(dev, data);
	return -EBUSY;
}

KTEST(devres, children_flags_and_groups)
{
	struct device *parent = kt_dev(), *c[3], *any;
	char log[32] = "";
	int i;

	KT_ASSERT(parent, "alloc");
	dev_set_name(parent, "kp");
	KT_EQ(device_add(parent), 0);
	for (i = 0; i < 3; i++) {
		c[i] = kt_dev();
		KT_ASSERT(c[i], "alloc");
		c[i]->parent = parent;
		dev_set_name(c[i], "c%d", i);
		KT_EQ(device_add(c[i]), 0);
	}
	device_for_each_child_reverse(parent, log, kt_child_order_nc);
	KT_STREQ(log, "c2c1c0");
	log[0] = 0;
	device_for_each_child_reverse_from(parent, c[2], log, kt_child_order);
	KT_STREQ(log, "c1c0");	/* from itself is not visited */
	log[0] = 0;
	KT_EQ(device_for_each_child_reverse(parent, log, kt_child_stop), -EBUSY);
	KT_STREQ(log, "c2");
	any = device_find_any_child(parent);
	KT_ASSERT(any == c[0], "the oldest child");
	put_device(any);

	/* flag bits, NUMA node, removable */
	KT_EQ(dev_to_node(c[0]), NUMA_NO_NODE);
	KT_ASSERT(!dev_ready_to_probe(c[0]), "clear");
	dev_set_ready_to_probe(c[0]);
	KT_ASSERT(dev_test_and_set_ready_to_probe(c[0]), "was set");
	dev_assign_ready_to_probe(c[0], false);
	KT_ASSERT(!dev_ready_to_probe(c[0]), "cleared");
	KT_ASSERT(!dev_removable_is_valid(c[0]), "not reported");
	dev_set_removable(c[0], DEVICE_REMOVABLE);
	KT_ASSERT(dev_is_removable(c[0]) && dev_removable_is_valid(c[0]), "removable");
	KT_ASSERT(!device_iommu_mapped(c[0]) && !dev_of_node(c[0]), "no IOMMU, no OF");

	/* a managed attribute group goes with the device's resources */
	{
		static struct attribute *kt_attrs[] = { NULL };
		static const struct attribute_group kt_grp = { .name = "ktg", .attrs = kt_attrs };

		KT_EQ(devm_device_add_group(c[1], &kt_grp), 0);
		KT_ASSERT(qdk_node_lookup("/sys/devices/kp/c1/ktg"), "group directory");
	}

	for (i = 2; i >= 0; i--) {
		device_del(c[i]);
		put_device(c[i]);
	}
	device_del(parent);
	put_device(parent);
	return 0;
}
