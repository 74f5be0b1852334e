/* SPDX-License-Identifier: GPL-2.0 */
/* Work items run synchronously when scheduled (no worker threads). */
#ifndef _LINUX_WORKQUEUE_H
#define _LINUX_WORKQUEUE_H

#include <linux/timer.h>

struct work_struct;
typedef void (*work_func_t)(struct work_struct *work);

struct work_struct {
	work_func_t func;
};

#define INIT_WORK(w, f)		((w)->func = (f))
#define schedule_work(w)	({ (w)->func(w); true; })
#define cancel_work_sync(w)	({ (void)(w); false; })
#define flush_work(w)		({ (void)(w); false; })

#endif
