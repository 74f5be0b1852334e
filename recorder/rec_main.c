// SPDX-License-Identifier: GPL-2.0
/*
 * The recorder module: records every call the kernel makes to a
 * qdisc under test (the child of a "recorder" qdisc) into a ring that
 * qdk-capture reads from /dev/qdk_recorder and turns into a qdk trace
 * (traces/FORMAT.md). See recorder/README.md.
 */
#include <linux/module.h>
#include <linux/moduleparam.h>

#include "recorder.h"

static unsigned int ring_records;
module_param(ring_records, uint, 0444);
MODULE_PARM_DESC(ring_records,
		 "each CPU's event ring, in units of 128 bytes (an enqueue takes 136, a dequeue 48), rounded up to a power of two (default 0: 4 MiB over all CPUs, at least 512 KiB each)");

static int __init rec_module_init(void)
{
	int err;

	rec_sock_key_init();
	err = rec_ring_init(ring_records);
	if (err)
		return err;
	err = rec_qdisc_init();
	if (err)
		rec_ring_exit();
	return err;
}

/*
 * Nothing can be recording here: an open device holds a reference on the
 * module (rec_fops.owner), and so does every recorder qdisc
 * (rec_qdisc_ops.owner); the probes are gone once the device is closed.
 */
static void __exit rec_module_exit(void)
{
	rec_qdisc_exit();
	rec_ring_exit();
}

module_init(rec_module_init);
module_exit(rec_module_exit);
MODULE_LICENSE("GPL");
/* `tc qdisc add ... recorder` loads the module by itself */
MODULE_ALIAS("net-sch-recorder");
MODULE_DESCRIPTION("qdk recorder: trace every call to a qdisc under test");
