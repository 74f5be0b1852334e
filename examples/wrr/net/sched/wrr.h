/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the qdisc (sch_wrr.c) and its character device (wrr_dev.c) share:
 * the per-band weights, one set for every wrr qdisc of the system, which
 * user space writes to /dev/wrr.
 */
#ifndef _NET_SCHED_WRR_H
#define _NET_SCHED_WRR_H

#include <linux/types.h>

#include "../../include/uapi/linux/pkt_sched_wrr.h"

/*
 * The weight of BAND (1 to 255) in force: a band's turn may send weight *
 * quantum bytes. Called from the datapath (softirq, under the qdisc's
 * lock), where the weights written to /dev/wrr come into force once due.
 */
u8 wrr_weight(unsigned int band);

/* The eight weights last written (in force or due), into W: for dumps. */
void wrr_weights_written(u8 *w);

/* The device's life, from the module's init and exit (process context). */
int wrr_dev_init(void);
void wrr_dev_exit(void);

#endif
