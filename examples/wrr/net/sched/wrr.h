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
 * The weight of BAND (1 to 255): a band's turn may send weight * quantum
 * bytes. Called from the datapath (softirq, under the qdisc's lock): it
 * takes no lock, so a turn sees each band's weight as last written.
 */
u8 wrr_weight(unsigned int band);

/* The device's life, from the module's init and exit (process context). */
int wrr_dev_init(void);
void wrr_dev_exit(void);

#endif
