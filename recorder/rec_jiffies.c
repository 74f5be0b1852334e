// SPDX-License-Identifier: GPL-2.0
/*
 * The jiffies hold: while a recorded call of a child runs on any CPU, the
 * tick does not advance jiffies; the first tick after the last open call
 * returns adds every tick it held back (tick_do_update_jiffies64() counts
 * the periods since the last update, as it does after an idle sleep).
 *
 * Why: the replay gives a call one jiffies value, its record's (the trace's
 * `j` line), as the clock freeze (rec_clock.c) gives it one time. In the
 * kernel jiffies may move while a call runs, and a qdisc that reads them
 * twice in one call decides by the difference: htb stops processing class
 * events after two jiffies in one dequeue (htb_do_events(), "htb: too many
 * events!"), which a vCPU stalled by a loaded host reaches, and the class
 * the kernel left waiting was served at once in the replay. With the hold
 * every read inside a call returns what the record says.
 *
 * The hook is an IPMODIFY ftrace_ops on tick_do_update_jiffies64(), the
 * one place that advances jiffies when the tick is a high-resolution or
 * nohz one (Debian's kernels); while a call is open it sends the tick to
 * an empty function. The cost is the tick's (HZ a second per CPU at most),
 * not the datapath's. A hold longer than REC_JIFFIES_MAX_HOLD updates in a
 * row is let go (a capture must not stop the kernel's time): the trace's
 * jiffies may then differ from a read inside a call, and the count of such
 * calls is printed at the capture's close.
 */
#include <linux/ftrace.h>
#include <linux/jiffies.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/timekeeping.h>

#include "rec_compat.h"
#include "recorder.h"

/* read at open(), as freeze_clock is */
static bool freeze_jiffies = true;
module_param(freeze_jiffies, bool, 0644);
MODULE_PARM_DESC(freeze_jiffies,
		 "jiffies do not move while a recorded call runs (default on; needed to replay qdiscs that read jiffies twice in a call, as htb does, exactly)");

#define REC_JIFFIES_MAX_HOLD	8	/* tick updates held in a row, at most */

static bool rec_jiffies_on;
static bool rec_jiffies_filtered;	/* rec_ipmodify_hook()'s filter is set */
static unsigned int rec_jiffies_row;	/* updates held since the last one let through */
static atomic_long_t rec_jiffies_held;	/* updates held in this capture */
static atomic_long_t rec_jiffies_let;	/* ... and let through after a long hold */
DEFINE_PER_CPU(unsigned long, rec_jiffies_moved);

/* Is a recorded call open on some CPU? Read without a lock, at the tick. */
static notrace bool rec_jiffies_calls_open(void)
{
	int cpu;

	for_each_online_cpu(cpu)
		if (READ_ONCE(per_cpu(rec_active, cpu)))
			return true;
	return false;
}

/* Runs in place of tick_do_update_jiffies64(): the update is held. */
static notrace void rec_jiffies_skip(ktime_t now)
{
}

static notrace void rec_jiffies_ftrace(unsigned long ip, unsigned long parent_ip,
				       struct ftrace_ops *op,
				       struct ftrace_regs *fregs)
{
	if (!rec_jiffies_calls_open()) {
		WRITE_ONCE(rec_jiffies_row, 0);
		return;
	}
	if (READ_ONCE(rec_jiffies_row) >= REC_JIFFIES_MAX_HOLD) {
		WRITE_ONCE(rec_jiffies_row, 0);
		atomic_long_inc(&rec_jiffies_let);
		return;
	}
	WRITE_ONCE(rec_jiffies_row, READ_ONCE(rec_jiffies_row) + 1);
	atomic_long_inc(&rec_jiffies_held);
	rec_ftrace_set_ip(fregs, (unsigned long)rec_jiffies_skip);
}

static struct ftrace_ops rec_jiffies_ops = REC_IPMODIFY_OPS(rec_jiffies_ftrace);

int rec_jiffies_arm(void)
{
	static unsigned char name[] = "tick_do_update_jiffies64";
	int cpu, err;

	rec_jiffies_on = false;
	atomic_long_set(&rec_jiffies_held, 0);
	atomic_long_set(&rec_jiffies_let, 0);
	for_each_possible_cpu(cpu)
		per_cpu(rec_jiffies_moved, cpu) = 0;
	if (!READ_ONCE(freeze_jiffies))
		return 0;
	err = rec_ipmodify_hook(&rec_jiffies_ops, &rec_jiffies_filtered, name);
	if (err) {
		/* a kernel without it (a periodic tick) still records */
		pr_warn("qdk_recorder: cannot hold jiffies during calls (%d): a qdisc that reads jiffies twice in one call may diverge\n",
			err);
		return 0;
	}
	rec_jiffies_on = true;
	return 0;
}

void rec_jiffies_disarm(void)
{
	unsigned long moved = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		moved += per_cpu(rec_jiffies_moved, cpu);
	if (!rec_jiffies_on) {
		if (moved)
			pr_info("qdk_recorder: capture closed: jiffies moved in %lu calls (freeze_jiffies off)\n",
				moved);
		return;
	}
	unregister_ftrace_function(&rec_jiffies_ops);
	rec_jiffies_on = false;
	pr_info("qdk_recorder: capture closed: %ld tick updates held during calls, %ld let through after %d, jiffies moved in %lu calls\n",
		atomic_long_read(&rec_jiffies_held),
		atomic_long_read(&rec_jiffies_let), REC_JIFFIES_MAX_HOLD, moved);
}

void rec_jiffies_exit(void)
{
	rec_ipmodify_free(&rec_jiffies_ops, &rec_jiffies_filtered);
}
