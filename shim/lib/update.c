// SPDX-License-Identifier: GPL-2.0
/*
 * update.c - what kernel/rcu/update.c keeps that a module can read: the
 * scheduler's state as RCU sees it. The shim's run starts after boot, with
 * the scheduler running (RCU_SCHEDULER_RUNNING, kernel/rcu/rcu.h's 2).
 */
#include <linux/rcupdate.h>

int rcu_scheduler_active = 2;
