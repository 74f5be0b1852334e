// SPDX-License-Identifier: GPL-2.0
/*
 * What user space tells a recorded child besides tc: the parameters its
 * module was loaded with, and what it writes to and reads from the
 * module's own devices (a schedule fed to an emulator, a daemon tuning a
 * shaper). traces/FORMAT.md, "The qdisc's devices", says how a trace
 * carries them.
 *
 * Parameters: when a child starts being recorded, each parameter of its
 * module (module_param()) is read as sysfs shows it, under the module's
 * parameter lock, where one may sleep (rec_dev_params_get()), and emitted
 * as PARAM records right after the child's CONF, under the tree lock.
 *
 * Devices: while the capture is open, kretprobes sit on vfs_write() and
 * vfs_read(), the calls write(2), pwrite(2), read(2) and pread(2) reach
 * every file through. The entry handler returns at once (no return hook)
 * unless the file's file_operations belong to the module of a followed
 * child (rec_dev_slots: a pointer compare per slot); then a DEVCALL
 * record is emitted with the file's name, position and count, and the
 * handler's task reads its clock frozen at the DEVCALL's timestamp, as
 * the replay's handler will read the virtual clock at the u line. When the
 * call returns, its bytes (written, or read) go out as DEVDATA chunks of
 * QDK_REC_TCA_CHUNK bytes, QDK_REC_DEV_MAX at most, read from the user
 * buffer without faulting (copy_from_user_nofault()), then DEVDONE with
 * the result. A chunk the ring has no room for is a lost event, and one
 * that could not be read is flagged: qdk-capture writes "b lost" for
 * both. Nothing is allocated in the probes, and the datapath never meets
 * them.
 */
#include <linux/dcache.h>
#include <linux/fs.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "recorder.h"

/* ---- module parameters ------------------------------------------------- */

struct rec_dev_params {
	unsigned int n;
	struct {
		struct qdk_rec_param p;
		bool cut;		/* the value did not fit: QDK_RF_LONG */
	} e[];
};

struct rec_dev_params *rec_dev_params_get(struct module *mod)
{
	struct rec_dev_params *ps;
	unsigned int i;
	char *page;

	if (!mod || !mod->num_kp)
		return NULL;
	page = (char *)__get_free_page(GFP_KERNEL);
	ps = kzalloc(struct_size(ps, e, mod->num_kp), GFP_KERNEL);
	if (!page || !ps) {
		free_page((unsigned long)page);
		kfree(ps);
		return NULL;
	}
	kernel_param_lock(mod);
	for (i = 0; i < mod->num_kp; i++) {
		const struct kernel_param *kp = &mod->kp[i];
		struct qdk_rec_param *p = &ps->e[ps->n].p;
		int len;

		if (!kp->ops->get)
			continue;
		len = kp->ops->get(page, kp);
		if (len < 0)
			continue;
		while (len > 0 && page[len - 1] == '\n')
			len--;
		page[len] = '\0';
		ps->e[ps->n].cut = strscpy(p->name, kp->name, sizeof(p->name)) < 0 ||
				   strscpy(p->value, page, sizeof(p->value)) < 0;
		ps->n++;
	}
	kernel_param_unlock(mod);
	free_page((unsigned long)page);
	return ps;
}

void rec_dev_params_emit(const struct rec_dev_params *ps, u32 inst, u32 gen)
{
	struct qdk_rec r;
	unsigned int i;

	for (i = 0; ps && i < ps->n; i++) {
		rec_stack_head(&r, QDK_REC_PARAM, inst, gen);
		r.param = ps->e[i].p;
		/* a value (or a name) cut off says nothing the replay can use */
		if (ps->e[i].cut)
			r.flags |= QDK_RF_LONG;
		rec_emit(&r);
	}
}

void rec_dev_params_put(struct rec_dev_params *ps)
{
	kfree(ps);
}

/* ---- the followed children's modules ------------------------------------ */

#define REC_DEV_SLOTS 8

/* written under rtnl (rec_dev_follow()), read by the probes without a lock (pointers compared) */
static struct rec_dev_slot {
	struct module *mod;
	u32 inst, gen;
} rec_dev_slots[REC_DEV_SLOTS];

void rec_dev_follow(u32 inst, u32 gen, struct module *mod)
{
	struct rec_dev_slot *s, *slot = NULL;

	for (s = rec_dev_slots; s < rec_dev_slots + REC_DEV_SLOTS; s++) {
		if (s->mod && s->inst == inst) {
			slot = s;
			break;
		}
		if (!slot && !s->mod && mod)
			slot = s;
	}
	if (!slot)
		return;		/* more children than slots: their devices are not recorded */
	WRITE_ONCE(slot->mod, NULL);
	/* probes stop matching the slot before its inst and gen change */
	smp_wmb();
	slot->inst = inst;
	slot->gen = gen;
	/* a probe that sees mod sees its inst and gen (rec_dev_slot_of()) */
	smp_wmb();
	WRITE_ONCE(slot->mod, mod);
}

static const struct rec_dev_slot *rec_dev_slot_of(const struct module *mod)
{
	const struct rec_dev_slot *s;

	for (s = rec_dev_slots; s < rec_dev_slots + REC_DEV_SLOTS; s++)
		if (READ_ONCE(s->mod) == mod) {
			/* inst and gen as they were when mod was set */
			smp_rmb();
			return s;
		}
	return NULL;
}

/* ---- the device calls ------------------------------------------------------ */

/* The task inside a recorded device call and its frozen time (rec_clock.c). */
static struct {
	struct task_struct *task;
	u64 ts;
} rec_devc;

/* Called from the ktime_get() hook: nothing traceable. */
notrace u64 rec_dev_clock(void)
{
	if (likely(READ_ONCE(rec_devc.task) != current) || in_serving_softirq())
		return 0;
	return rec_devc.ts;
}

struct rec_dev_ri {
	const char __user *buf;
	size_t count;
	u32 inst, gen;
	bool write;
	bool frozen;		/* this call holds rec_devc */
};

static void rec_dev_head(struct qdk_rec *r, u8 type, const struct rec_dev_ri *d)
{
	rec_stack_head(r, type, d->inst, d->gen);
	if (d->write)
		r->flags |= QDK_RF_WRITE;
}

/* vfs_write(file, buf, count, pos), vfs_read(file, buf, count, pos) */
static int rec_dev_entry(struct kretprobe_instance *ri, struct pt_regs *regs,
			 bool write)
{
	struct rec_dev_ri *d = (struct rec_dev_ri *)ri->data;
	struct file *file = (struct file *)regs_get_kernel_argument(regs, 0);
	loff_t *ppos = (loff_t *)regs_get_kernel_argument(regs, 3);
	const struct rec_dev_slot *s;
	struct name_snapshot name;
	struct qdk_rec r;

	if (in_interrupt() || !file || !file->f_op || !file->f_op->owner ||
	    !READ_ONCE(rec_capturing))
		return 1;
	s = rec_dev_slot_of(file->f_op->owner);
	if (!s)
		return 1;	/* not a followed child's device: no return hook */
	d->buf = (const char __user *)regs_get_kernel_argument(regs, 1);
	d->count = regs_get_kernel_argument(regs, 2);
	d->inst = s->inst;
	d->gen = s->gen;
	d->write = write;
	rec_dev_head(&r, QDK_REC_DEVCALL, d);
	r.dev.pos = ppos ? *ppos : 0;
	r.dev.count = min_t(size_t, d->count, U32_MAX);
	take_dentry_name_snapshot(&name, file->f_path.dentry);
	strscpy(r.dev.name, name.name.name, sizeof(r.dev.name));
	release_dentry_name_snapshot(&name);
	/* the handler's clock reads return this call's timestamp */
	d->frozen = !cmpxchg(&rec_devc.task, NULL, current);
	if (d->frozen)
		rec_devc.ts = r.ts;
	rec_emit(&r);
	return 0;
}

static int rec_dev_write_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	return rec_dev_entry(ri, regs, true);
}

static int rec_dev_read_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	return rec_dev_entry(ri, regs, false);
}

static int rec_dev_ret(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct rec_dev_ri *d = (struct rec_dev_ri *)ri->data;
	long ret = (long)regs_return_value(regs);
	size_t n = d->write ? d->count : ret > 0 ? ret : 0, off, len;
	struct qdk_rec r;

	if (d->frozen)
		WRITE_ONCE(rec_devc.task, NULL);
	n = min_t(size_t, n, QDK_REC_DEV_MAX);
	for (off = 0; off < n; off += len) {
		len = min_t(size_t, n - off, QDK_REC_TCA_CHUNK);
		rec_dev_head(&r, QDK_REC_DEVDATA, d);
		r.count = off;
		if (copy_from_user_nofault(r.tca, d->buf + off, len))
			r.flags |= QDK_RF_FAULT;
		rec_emit(&r);
	}
	rec_dev_head(&r, QDK_REC_DEVDONE, d);
	r.dev.ret = ret;
	r.dev.count = min_t(size_t, d->count, U32_MAX);
	r.dev.kept = n;
	rec_emit(&r);
	return 0;
}

static struct kretprobe rec_dev_write_krp, rec_dev_read_krp;
static bool rec_dev_write_on, rec_dev_read_on;

/*
 * Read at open(). Off by default: the probes sit on every write(2) and
 * read(2) in the system, and an interrupt taken while one of their handlers
 * runs (a packet sent from its softirq) finds a kprobe running on that CPU,
 * so the recorder's own probes in that call (tcf_classify(), the random
 * getters) miss it unseen: a capture of htb or netem lost a C or R line in
 * a few thousand calls. A capture of a qdisc driven through its device
 * turns it on (vm/scenarios/record-byo.scn).
 */
static bool devices;
module_param(devices, bool, 0644);
MODULE_PARM_DESC(devices,
		 "record writes and reads of the recorded children's devices (kretprobes on vfs_write and vfs_read; default off)");

void rec_dev_register(void)
{
	/* device calls of followed children may sleep in their handlers */
	int active = 4 * num_possible_cpus() + 16;

	rec_dev_write_on = false;
	rec_dev_read_on = false;
	if (!READ_ONCE(devices))
		return;

	/* the children are followed again once capturing (rec_qdisc_arm_all()) */
	memset(rec_dev_slots, 0, sizeof(rec_dev_slots));
	WRITE_ONCE(rec_devc.task, NULL);
	rec_dev_write_on = rec_krp_register(&rec_dev_write_krp, "vfs_write",
					    rec_dev_write_entry, rec_dev_ret, active,
					    sizeof(struct rec_dev_ri),
					    "writes to the children's devices are not recorded");
	rec_dev_read_on = rec_krp_register(&rec_dev_read_krp, "vfs_read",
					   rec_dev_read_entry, rec_dev_ret, active,
					   sizeof(struct rec_dev_ri),
					   "reads of the children's devices are not recorded");
}

/* A probe that found no free instance missed a call: say so. */
static void rec_dev_missed(const struct kretprobe *krp, bool on)
{
	if (on && krp->nmissed)
		pr_warn("qdk_recorder: %s: %d calls missed: device calls may be missing from the traces\n",
			krp->kp.symbol_name, krp->nmissed);
}

void rec_dev_unregister(void)
{
	bool w = rec_dev_write_on, r = rec_dev_read_on;

	rec_krp_unregister(&rec_dev_write_krp, &rec_dev_write_on);
	rec_krp_unregister(&rec_dev_read_krp, &rec_dev_read_on);
	rec_dev_missed(&rec_dev_write_krp, w);
	rec_dev_missed(&rec_dev_read_krp, r);
}
