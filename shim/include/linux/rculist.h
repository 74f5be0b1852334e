/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_RCULIST_H
#define _LINUX_RCULIST_H
#include <linux/list.h>
#include <linux/rcupdate.h>
#define list_add_rcu(n, h)		list_add(n, h)
#define list_add_tail_rcu(n, h)		list_add_tail(n, h)
#define list_del_rcu(e)			list_del(e)
#define hlist_add_head_rcu(n, h)	hlist_add_head(n, h)
#define hlist_del_rcu(n)		hlist_del(n)
#define hlist_del_init_rcu(n)		hlist_del_init(n)
#define list_for_each_entry_rcu(pos, head, member, ...) \
	list_for_each_entry(pos, head, member)
#endif
