// SPDX-License-Identifier: GPL-2.0
/*
 * The event ring and /dev/qdk_recorder.
 *
 * The ring is a byte buffer allocated once at load time, holding records
 * of the length their type needs (rec_len(): a dequeue takes 48 bytes, an
 * enqueue 128), so the reader and the file it writes move no padding.
 * Producers (qdisc calls on any CPU) serialize on ring_lock for the few
 * instructions it takes to copy one record; the single reader never takes
 * it: it owns ring_tail, reads ring_head with acquire semantics and
 * publishes ring_tail with release semantics. When the ring is full the
 * event is counted, not stored, and the next event that fits is preceded
 * by a LOST record carrying the count. Nothing here sleeps or allocates on
 * the datapath. The reader takes bytes in batches: a read returns when
 * an eighth of the ring (or the caller's buffer) is filled, the producer
 * waking it then, or after REC_READ_WAIT with whatever has arrived; it
 * may end inside a record, which the next read continues. A
 * reader that woke per record would cost the traffic a context switch and
 * a syscall per packet; with batches it costs a few per second.
 *
 * Recording happens only while the device is open (one reader at a time):
 * open() registers the probes (kfree_skb, consume_skb, the clock freeze of
 * rec_clock.c, tc_modify_qdisc, the random getters), resets
 * the ring and arms every recorder instance; release() undoes that.
 */
#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/kprobes.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/random.h>
#include <linux/rtnetlink.h>
#include <linux/sched/signal.h>
#include <linux/tracepoint.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>
#include <linux/wait.h>
#include <trace/events/skb.h>

#include "recorder.h"

DEFINE_PER_CPU(struct rec_call *, rec_active);

bool rec_capturing;
u32 rec_session;

static u8 *ring;
static u32 ring_bytes;		/* a power of two */
static u32 ring_head;		/* byte producers fill next (free-running) */
static u32 ring_tail;		/* byte the reader takes next */
static u64 ring_lost;		/* events dropped since the last LOST record */
static DEFINE_SPINLOCK(ring_lock);
static DECLARE_WAIT_QUEUE_HEAD(ring_wait);

static atomic_t rec_open_count = ATOMIC_INIT(0);
static DEFINE_MUTEX(rec_read_lock);
static u64 rec_key;		/* hides kernel addresses in packet cookies */
static struct tracepoint *tp_consume;

u64 rec_cookie(const struct sk_buff *skb)
{
	return skb ? (u64)(unsigned long)skb ^ rec_key : 0;
}

/* len bytes at ring byte head, wrapping at the end; ring_lock held */
static void ring_put(u32 head, const void *src, unsigned int len)
{
	u32 off = head & (ring_bytes - 1);
	unsigned int first = min(len, ring_bytes - off);

	memcpy(ring + off, src, first);
	if (first < len)
		memcpy(ring, src + first, len - first);
}

/* The LOST record in front of the next event that fits; ring_lock held. */
static noinline void ring_put_lost(u32 head, u64 ts)
{
	struct qdk_rec l;

	memset(&l, 0, QDK_REC_HDR_SIZE);
	l.type = QDK_REC_LOST;
	l.words = QDK_REC_HDR_SIZE / 8;
	l.ts = ts;
	l.count = min_t(u64, ring_lost, U32_MAX);
	ring_put(head, &l, QDK_REC_HDR_SIZE);
	ring_lost = 0;
}

/* Copy one record in (its rec_len() bytes); safe from any context but NMI. */
void rec_emit(struct qdk_rec *r)
{
	unsigned int len = rec_len(r->type);
	unsigned long flags;
	u32 head, used;

	r->words = len / 8;
	spin_lock_irqsave(&ring_lock, flags);
	head = ring_head;
	/* pairs with the reader's release: its bytes are free once seen */
	used = head - smp_load_acquire(&ring_tail);
	if (ring_lost) {
		if (used + QDK_REC_HDR_SIZE + len > ring_bytes) {
			ring_lost++;
			goto out;
		}
		ring_put_lost(head, r->ts);
		head += QDK_REC_HDR_SIZE;
		used += QDK_REC_HDR_SIZE;
	} else if (used + len > ring_bytes) {
		ring_lost++;
		goto out;
	}
	ring_put(head, r, len);
	/* the record is complete before the reader can see it */
	smp_store_release(&ring_head, head + len);
	if (used < ring_bytes / 8 && used + len >= ring_bytes / 8)
		wake_up(&ring_wait);
out:
	spin_unlock_irqrestore(&ring_lock, flags);
}

/* kfree_skb tracepoint: a drop, if a recorded call is running here. */
static void rec_probe_kfree(void *data, struct sk_buff *skb, void *location,
			    enum skb_drop_reason reason)
{
	struct qdk_rec d __uninitialized;	/* header only: see rec_head() */
	struct rec_call *c;

	if (in_hardirq() || in_nmi())
		return;
	c = this_cpu_read(rec_active);
	if (!c)
		return;
	if (skb == c->skb)
		c->gone = true;
	memset(&d, 0, rec_len(QDK_REC_DROP));
	d.type = QDK_REC_DROP;
	d.flags = QDK_RF_EARLY;
	d.ts = c->ts;
	d.inst = c->inst;
	d.gen = c->gen;
	d.pkt = rec_cookie(skb);
	rec_emit(&d);
}

/* consume_skb tracepoint: only to know the arriving packet is gone. */
static void rec_probe_consume(void *data, struct sk_buff *skb)
{
	struct rec_call *c;

	if (in_hardirq() || in_nmi())
		return;
	c = this_cpu_read(rec_active);
	if (c && skb == c->skb)
		c->gone = true;
}

/*
 * tc_modify_qdisc() is where tc's RTM_NEWQDISC arrives (rtnl held): the
 * TCA_OPTIONS of a qdisc created under a recorder are what its init() gets,
 * which a dump does not always reproduce (fq_codel truncates its times).
 * From entry to return, the random draws of the task creating it are kept
 * (rec_rand.c). A kretprobe: the function may sleep (request_module).
 */
static int rec_tcmod_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	const struct nlmsghdr *n;

	n = (const struct nlmsghdr *)regs_get_kernel_argument(regs, 1);
	if (!rec_qdisc_request(n))
		return 1;	/* nothing to follow to the return */
	rec_rand_begin();
	return 0;
}

static int rec_tcmod_ret(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	rec_rand_end();
	return 0;
}

static struct kretprobe rec_tcmod_krp;
static bool rec_tcmod_on;

static void rec_tcmod_register(void)
{
	memset(&rec_tcmod_krp, 0, sizeof(rec_tcmod_krp));
	rec_tcmod_krp.kp.symbol_name = "tc_modify_qdisc";
	rec_tcmod_krp.entry_handler = rec_tcmod_entry;
	rec_tcmod_krp.handler = rec_tcmod_ret;
	/* callers sleeping in request_module() without rtnl, plus one */
	rec_tcmod_krp.maxactive = 2 * num_possible_cpus() + 16;
	rec_tcmod_on = !register_kretprobe(&rec_tcmod_krp);
	if (!rec_tcmod_on)
		pr_warn("qdk_recorder: cannot probe tc_modify_qdisc: traces carry the child's dump as its options, and no random draws\n");
}

static void rec_tcmod_unregister(void)
{
	if (rec_tcmod_on)
		unregister_kretprobe(&rec_tcmod_krp);
	rec_tcmod_on = false;
}

/* consume_skb's tracepoint is not exported: find it by name. */
static void rec_find_consume(struct tracepoint *tp, void *priv)
{
	if (!strcmp(tp->name, "consume_skb"))
		*(struct tracepoint **)priv = tp;
}

static int rec_probes_register(void)
{
	int err;

	err = rec_clock_arm();
	if (err)
		return err;
	rec_rand_register();
	rec_tcmod_register();
	err = register_trace_kfree_skb(rec_probe_kfree, NULL);
	if (err) {
		rec_tcmod_unregister();
		rec_rand_unregister();
		rec_clock_disarm();
		return err;
	}
	tp_consume = NULL;
	for_each_kernel_tracepoint(rec_find_consume, &tp_consume);
	if (tp_consume &&
	    tracepoint_probe_register(tp_consume, rec_probe_consume, NULL))
		tp_consume = NULL;
	if (!tp_consume)
		pr_warn("qdk_recorder: no consume_skb tracepoint; a packet a qdisc consumes at enqueue is not detected\n");
	return 0;
}

static void rec_probes_unregister(void)
{
	if (tp_consume)
		tracepoint_probe_unregister(tp_consume, rec_probe_consume,
					    NULL);
	unregister_trace_kfree_skb(rec_probe_kfree, NULL);
	tracepoint_synchronize_unregister();
	rec_tcmod_unregister();
	rec_rand_unregister();
	rec_clock_disarm();
}

static int rec_open(struct inode *inode, struct file *file)
{
	struct qdk_rec hello = { .type = QDK_REC_HELLO };
	int err;

	if (!capable(CAP_NET_ADMIN))
		return -EPERM;
	if (atomic_cmpxchg(&rec_open_count, 0, 1))
		return -EBUSY;
	err = rec_probes_register();
	if (err) {
		atomic_set(&rec_open_count, 0);
		return err;
	}

	rtnl_lock();
	/* no producer runs: rec_capturing is false until the end */
	ring_head = 0;
	ring_tail = 0;
	ring_lost = 0;
	rec_key = get_random_u64() | 1;
	rec_session++;
	hello.ts = rec_now();
	hello.hello.version = QDK_REC_VERSION;
	hello.hello.hz = HZ;
	hello.hello.ring = ring_bytes / QDK_REC_SIZE;
	hello.hello.rec_size = QDK_REC_SIZE;
	rec_emit(&hello);
	WRITE_ONCE(rec_capturing, true);
	rec_qdisc_arm_all();
	rtnl_unlock();
	return stream_open(inode, file);
}

static int rec_release(struct inode *inode, struct file *file)
{
	rtnl_lock();
	WRITE_ONCE(rec_capturing, false);
	rtnl_unlock();
	/* datapath calls run under rcu_read_lock_bh(): let them finish */
	synchronize_net();
	rec_probes_unregister();
	atomic_set(&rec_open_count, 0);
	return 0;
}

/*
 * How long a read waits for a batch to fill before it returns what there
 * is. Not a limit on the rate: a producer that fills an eighth of the ring
 * wakes the reader at once. It only sets how often a slow trickle reaches
 * user space, and each of those wakeups costs the traffic a context switch
 * or two; 4 a second are noise, 50 a second cost 0.5% of a busy CPU.
 */
#define REC_READ_WAIT	max(1, HZ / 4)

static ssize_t rec_read(struct file *file, char __user *buf, size_t len,
			loff_t *ppos)
{
	u32 head, tail, n, first, want;
	bool waited = false;
	ssize_t ret;
	long w;

	if (!len)
		return 0;
	if (mutex_lock_interruptible(&rec_read_lock))
		return -ERESTARTSYS;
	tail = ring_tail;
	want = min_t(size_t, len, ring_bytes / 8);
	for (;;) {
		/* pairs with rec_emit()'s release: records up to head are whole */
		head = smp_load_acquire(&ring_head);
		if (head - tail >= want || (head != tail && waited))
			break;
		if (file->f_flags & O_NONBLOCK) {
			if (head != tail)
				break;
			ret = -EAGAIN;
			goto out;
		}
		w = wait_event_interruptible_timeout(ring_wait,
						     READ_ONCE(ring_head) - tail >= want,
						     REC_READ_WAIT);
		if (w < 0) {
			ret = -ERESTARTSYS;
			goto out;
		}
		waited = true;
	}
	n = min_t(size_t, len, head - tail);
	first = min(n, ring_bytes - (tail & (ring_bytes - 1)));
	if (copy_to_user(buf, ring + (tail & (ring_bytes - 1)), first) ||
	    copy_to_user(buf + first, ring, n - first)) {
		ret = -EFAULT;
		goto out;
	}
	/* our copies are done before producers may reuse the bytes */
	smp_store_release(&ring_tail, tail + n);
	ret = n;
out:
	mutex_unlock(&rec_read_lock);
	return ret;
}

static const struct file_operations rec_fops = {
	.owner = THIS_MODULE,
	.open = rec_open,
	.release = rec_release,
	.read = rec_read,
	.llseek = no_llseek,
};

static struct miscdevice rec_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = QDK_REC_DEV,
	.fops = &rec_fops,
	.mode = 0600,
};

int rec_ring_init(unsigned int records)
{
	int err;

	BUILD_BUG_ON(sizeof(struct qdk_rec) != QDK_REC_SIZE);
	BUILD_BUG_ON(offsetof(struct qdk_rec, enq) != QDK_REC_HDR_SIZE);
	if (records < 64 || records > (1U << 24))
		return -EINVAL;
	ring_bytes = roundup_pow_of_two(records) * QDK_REC_SIZE;
	ring = vzalloc(ring_bytes);
	if (!ring)
		return -ENOMEM;
	err = misc_register(&rec_misc);
	if (err) {
		vfree(ring);
		ring = NULL;
	}
	return err;
}

void rec_ring_exit(void)
{
	misc_deregister(&rec_misc);
	rec_clock_exit();
	vfree(ring);
	ring = NULL;
}
