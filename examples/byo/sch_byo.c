// SPDX-License-Identifier: GPL-2.0
/*
 * sch_byo.c - a small rate/delay shaper kept outside the kit's qdiscs/: the
 * example of an out-of-tree qdisc that `make import SRC=examples/byo`
 * builds unmodified (issue 20).
 *
 * Every packet gets a send time: the moment the link has finished sending
 * the packets before it at the current rate, plus the current delay. The
 * packets wait in an rbtree ordered by send time (a delay lowered by the
 * schedule lets later packets overtake earlier ones) and the qdisc
 * watchdog wakes the device when the first one is due.
 *
 * The rate of a new qdisc is the module parameter default_rate unless tc
 * gives one. A schedule of changes is written to the misc device
 * /dev/qdk_byo as text, one change per line:
 *
 *	AT_MS RATE DELAY_US
 *
 * at AT_MS milliseconds after the write, every byo qdisc takes RATE
 * (bytes per second, 0: unlimited) and DELAY_US. A write replaces the
 * whole schedule; lines starting with '#' and empty lines are skipped. A
 * read returns the default rate and the schedule in the same form.
 *
 * The device polls readable once a qdisc has taken a change since the last
 * read (the datapath wakes its pollers), always writable; ioctl
 * BYO_IOC_STATS gives the counts (byo_uapi.h), as does the debugfs file
 * qdk_byo/applied, and qdk_byo/state shows the schedule's generation.
 *
 * Trace events (byo_trace.h): byo:byo_enqueue for each packet taken, with
 * its send time, byo:byo_change for each change of the schedule taken.
 */
#include <linux/ctype.h>
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/poll.h>
#include <linux/rbtree.h>
#include <linux/seq_file.h>
#include <linux/skbuff.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <linux/wait.h>
#include <net/netlink.h>
#include <net/pkt_sched.h>
#include <net/sch_generic.h>

#include "byo_uapi.h"

#define CREATE_TRACE_POINTS
#include "byo_trace.h"

#define BYO_SCHED_MAX	16
#define BYO_WRITE_MAX	1024
#define BYO_LIMIT_DEF	1000

static unsigned int default_rate = 125000;
module_param(default_rate, uint, 0644);
MODULE_PARM_DESC(default_rate, "rate of a new byo qdisc in bytes per second (0: unlimited)");

struct byo_change {
	u64 at_ns;		/* absolute, ktime_get_ns() clock */
	u32 at_ms;		/* as written, for reads */
	u32 rate;
	u32 delay_us;
};

/* The schedule, shared by every byo qdisc; gen changes with each write. */
static struct {
	spinlock_t lock;	/* the datapath reads what a write replaces */
	u32 gen;
	unsigned int n;
	struct byo_change change[BYO_SCHED_MAX];
	u32 applied;		/* changes taken by the qdiscs, ever */
	u32 unread;		/* of those, taken since the device was last read */
	wait_queue_head_t waitq;	/* the device's pollers */
} byo_sched = {
	.lock = __SPIN_LOCK_UNLOCKED(byo_sched.lock),
	.waitq = __WAIT_QUEUE_HEAD_INITIALIZER(byo_sched.waitq),
};

static struct dentry *byo_debugfs;

struct byo_sched_data {
	struct rb_root tin;		/* packets by send time */
	struct qdisc_watchdog watchdog;
	u64 link_free_ns;		/* when the last packet has left the link */
	u32 rate;
	u32 delay_us;
	u32 limit;
	u32 sched_gen;			/* byo_sched.gen last looked at */
	unsigned int sched_next;	/* first change not applied yet */
};

struct byo_skb_cb {
	u64 send_ns;
};

static struct byo_skb_cb *byo_cb(struct sk_buff *skb)
{
	qdisc_cb_private_validate(skb, sizeof(struct byo_skb_cb));
	return (struct byo_skb_cb *)qdisc_skb_cb(skb)->data;
}

/* Take the changes of the schedule that are due by now. */
static void byo_follow_schedule(struct byo_sched_data *q, u64 now)
{
	bool taken = false;

	spin_lock(&byo_sched.lock);
	if (q->sched_gen != byo_sched.gen) {
		q->sched_gen = byo_sched.gen;
		q->sched_next = 0;
	}
	while (q->sched_next < byo_sched.n &&
	       byo_sched.change[q->sched_next].at_ns <= now) {
		q->rate = byo_sched.change[q->sched_next].rate;
		q->delay_us = byo_sched.change[q->sched_next].delay_us;
		q->sched_next++;
		byo_sched.applied++;
		byo_sched.unread++;
		trace_byo_change(q->rate, q->delay_us, byo_sched.applied);
		taken = true;
	}
	spin_unlock(&byo_sched.lock);
	/* a reader polling the device learns that the schedule moved on */
	if (taken)
		wake_up_interruptible_poll(&byo_sched.waitq, EPOLLIN | EPOLLRDNORM);
}

static void byo_tin_insert(struct byo_sched_data *q, struct sk_buff *skb)
{
	struct rb_node **p = &q->tin.rb_node, *parent = NULL;
	u64 t = byo_cb(skb)->send_ns;

	while (*p) {
		parent = *p;
		/* equal send times keep their arrival order */
		if (t >= byo_cb(rb_to_skb(parent))->send_ns)
			p = &parent->rb_right;
		else
			p = &parent->rb_left;
	}
	rb_link_node(&skb->rbnode, parent, p);
	rb_insert_color(&skb->rbnode, &q->tin);
}

static int byo_enqueue(struct sk_buff *skb, struct Qdisc *sch,
		       struct sk_buff **to_free)
{
	struct byo_sched_data *q = qdisc_priv(sch);
	u64 now = ktime_get_ns();

	if (unlikely(sch->q.qlen >= q->limit))
		return qdisc_drop(skb, sch, to_free);

	byo_follow_schedule(q, now);
	q->link_free_ns = max(q->link_free_ns, now);
	if (q->rate)
		q->link_free_ns += div_u64((u64)qdisc_pkt_len(skb) * NSEC_PER_SEC,
					   q->rate);
	byo_cb(skb)->send_ns = q->link_free_ns + (u64)q->delay_us * NSEC_PER_USEC;

	byo_tin_insert(q, skb);
	sch->q.qlen++;
	qdisc_qstats_backlog_inc(sch, skb);
	trace_byo_enqueue(sch, qdisc_pkt_len(skb), byo_cb(skb)->send_ns);
	return NET_XMIT_SUCCESS;
}

/*
 * The first packet if it is due: a parent peeking sees what dequeue gives.
 * One not due yet arms the watchdog for its send time, so a parent that
 * only peeks until a packet is there (tbf) is woken when it is.
 */
static struct sk_buff *byo_peek(struct Qdisc *sch)
{
	struct byo_sched_data *q = qdisc_priv(sch);
	struct sk_buff *skb = skb_rb_first(&q->tin);

	if (skb && byo_cb(skb)->send_ns > ktime_get_ns()) {
		qdisc_watchdog_schedule_ns(&q->watchdog, byo_cb(skb)->send_ns);
		return NULL;
	}
	return skb;
}

static struct sk_buff *byo_dequeue(struct Qdisc *sch)
{
	struct byo_sched_data *q = qdisc_priv(sch);
	struct sk_buff *skb = byo_peek(sch);

	if (!skb)
		return NULL;
	rb_erase(&skb->rbnode, &q->tin);
	skb->next = NULL;
	skb->prev = NULL;
	skb->dev = qdisc_dev(sch);
	sch->q.qlen--;
	qdisc_qstats_backlog_dec(sch, skb);
	qdisc_bstats_update(sch, skb);
	return skb;
}

static void byo_reset(struct Qdisc *sch)
{
	struct byo_sched_data *q = qdisc_priv(sch);
	struct rb_node *p = rb_first(&q->tin);

	while (p) {
		struct sk_buff *skb = rb_to_skb(p);

		p = rb_next(p);
		rb_erase(&skb->rbnode, &q->tin);
		rtnl_kfree_skbs(skb, skb);
	}
	sch->q.qlen = 0;
	sch->qstats.backlog = 0;
	q->link_free_ns = 0;
	qdisc_watchdog_cancel(&q->watchdog);
}

static const struct nla_policy byo_policy[TCA_BYO_MAX + 1] = {
	[TCA_BYO_RATE]	= { .type = NLA_U32 },
	[TCA_BYO_DELAY]	= { .type = NLA_U32 },
	[TCA_BYO_LIMIT]	= NLA_POLICY_MIN(NLA_U32, 1),
};

static int byo_change(struct Qdisc *sch, struct nlattr *opt,
		      struct netlink_ext_ack *extack)
{
	struct byo_sched_data *q = qdisc_priv(sch);
	struct nlattr *tb[TCA_BYO_MAX + 1];
	int err;

	if (!opt) {
		NL_SET_ERR_MSG_MOD(extack, "missing options");
		return -EINVAL;
	}
	err = nla_parse_nested_deprecated(tb, TCA_BYO_MAX, opt, byo_policy,
					  extack);
	if (err < 0)
		return err;

	/* A lower limit lets the queue drain; it drops nothing. */
	sch_tree_lock(sch);
	if (tb[TCA_BYO_RATE])
		q->rate = nla_get_u32(tb[TCA_BYO_RATE]);
	if (tb[TCA_BYO_DELAY])
		q->delay_us = nla_get_u32(tb[TCA_BYO_DELAY]);
	if (tb[TCA_BYO_LIMIT])
		q->limit = nla_get_u32(tb[TCA_BYO_LIMIT]);
	sch_tree_unlock(sch);
	return 0;
}

static int byo_init(struct Qdisc *sch, struct nlattr *opt,
		    struct netlink_ext_ack *extack)
{
	struct byo_sched_data *q = qdisc_priv(sch);

	q->tin = RB_ROOT;
	qdisc_watchdog_init(&q->watchdog, sch);
	q->rate = READ_ONCE(default_rate);
	q->limit = BYO_LIMIT_DEF;
	/* Only changes written after the qdisc exists apply to it. */
	spin_lock_bh(&byo_sched.lock);
	q->sched_gen = byo_sched.gen;
	q->sched_next = byo_sched.n;
	spin_unlock_bh(&byo_sched.lock);

	return opt ? byo_change(sch, opt, extack) : 0;
}

static void byo_destroy(struct Qdisc *sch)
{
	struct byo_sched_data *q = qdisc_priv(sch);

	qdisc_watchdog_cancel(&q->watchdog);
}

static int byo_dump(struct Qdisc *sch, struct sk_buff *skb)
{
	struct byo_sched_data *q = qdisc_priv(sch);
	struct nlattr *opts;

	opts = nla_nest_start_noflag(skb, TCA_OPTIONS);
	if (!opts)
		return -EMSGSIZE;
	if (nla_put_u32(skb, TCA_BYO_RATE, q->rate) ||
	    nla_put_u32(skb, TCA_BYO_DELAY, q->delay_us) ||
	    nla_put_u32(skb, TCA_BYO_LIMIT, q->limit)) {
		nla_nest_cancel(skb, opts);
		return -EMSGSIZE;
	}
	return nla_nest_end(skb, opts);
}

static struct Qdisc_ops byo_qdisc_ops __read_mostly = {
	.id		= "byo",
	.priv_size	= sizeof(struct byo_sched_data),
	.enqueue	= byo_enqueue,
	.dequeue	= byo_dequeue,
	.peek		= byo_peek,
	.init		= byo_init,
	.reset		= byo_reset,
	.destroy	= byo_destroy,
	.change		= byo_change,
	.dump		= byo_dump,
	.owner		= THIS_MODULE,
};

/* The next unsigned decimal number of a line, skipping blanks. */
static int byo_parse_u32(char **pos, u32 *val)
{
	char *s = *pos;
	u64 v = 0;

	while (*s == ' ' || *s == '\t')
		s++;
	if (!isdigit(*s))
		return -EINVAL;
	for (; isdigit(*s); s++) {
		v = v * 10 + (*s - '0');
		if (v > U32_MAX)
			return -ERANGE;
	}
	*pos = s;
	*val = v;
	return 0;
}

/* Parse a whole schedule (NUL-terminated) into change[]; return how many. */
static int byo_parse_schedule(char *text, struct byo_change *change)
{
	unsigned int n = 0;
	char *s = text;

	while (*s) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '#') {
			while (*s && *s != '\n')
				s++;
		} else if (*s && *s != '\n') {
			struct byo_change *c = &change[n];
			int err;

			if (n == BYO_SCHED_MAX)
				return -E2BIG;
			err = byo_parse_u32(&s, &c->at_ms);
			if (!err)
				err = byo_parse_u32(&s, &c->rate);
			if (!err)
				err = byo_parse_u32(&s, &c->delay_us);
			if (err)
				return err;
			while (*s == ' ' || *s == '\t')
				s++;
			if (*s && *s != '\n')
				return -EINVAL;
			if (n && c->at_ms < change[n - 1].at_ms)
				return -EINVAL;
			n++;
		}
		if (*s == '\n')
			s++;
	}
	return n;
}

static ssize_t byo_write(struct file *file, const char __user *buf,
			 size_t count, loff_t *ppos)
{
	struct byo_change *change;
	unsigned int i;
	u64 now;
	char *text;
	int n;

	if (count > BYO_WRITE_MAX)
		return -E2BIG;
	text = kmalloc(count + 1, GFP_KERNEL);
	change = kcalloc(BYO_SCHED_MAX, sizeof(*change), GFP_KERNEL);
	if (!text || !change) {
		n = -ENOMEM;
		goto out;
	}
	if (copy_from_user(text, buf, count)) {
		n = -EFAULT;
		goto out;
	}
	text[count] = '\0';
	n = byo_parse_schedule(text, change);
	if (n < 0)
		goto out;

	now = ktime_get_ns();
	for (i = 0; i < n; i++)
		change[i].at_ns = now + (u64)change[i].at_ms * NSEC_PER_MSEC;
	spin_lock_bh(&byo_sched.lock);
	memcpy(byo_sched.change, change, n * sizeof(*change));
	byo_sched.n = n;
	byo_sched.gen++;
	spin_unlock_bh(&byo_sched.lock);
out:
	kfree(change);
	kfree(text);
	return n < 0 ? n : count;
}

static ssize_t byo_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	size_t size = 32 + BYO_SCHED_MAX * 36;
	unsigned int i;
	ssize_t ret;
	char *text;
	int len;

	text = kmalloc(size, GFP_KERNEL);
	if (!text)
		return -ENOMEM;
	len = scnprintf(text, size, "# default_rate %u\n", READ_ONCE(default_rate));
	spin_lock_bh(&byo_sched.lock);
	for (i = 0; i < byo_sched.n; i++)
		len += scnprintf(text + len, size - len, "%u %u %u\n",
				 byo_sched.change[i].at_ms, byo_sched.change[i].rate,
				 byo_sched.change[i].delay_us);
	byo_sched.unread = 0;
	spin_unlock_bh(&byo_sched.lock);
	ret = simple_read_from_buffer(buf, count, ppos, text, len);
	kfree(text);
	return ret;
}

static __poll_t byo_poll(struct file *file, struct poll_table_struct *wait)
{
	__poll_t mask = EPOLLOUT | EPOLLWRNORM;

	poll_wait(file, &byo_sched.waitq, wait);
	spin_lock_bh(&byo_sched.lock);
	if (byo_sched.unread)
		mask |= EPOLLIN | EPOLLRDNORM;
	spin_unlock_bh(&byo_sched.lock);
	return mask;
}

static long byo_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct byo_stats st;

	if (cmd != BYO_IOC_STATS)
		return -ENOTTY;
	spin_lock_bh(&byo_sched.lock);
	st.changes = byo_sched.n;
	st.applied = byo_sched.applied;
	spin_unlock_bh(&byo_sched.lock);
	return copy_to_user((void __user *)arg, &st, sizeof(st)) ? -EFAULT : 0;
}

static const struct file_operations byo_fops = {
	.owner		= THIS_MODULE,
	.read		= byo_read,
	.write		= byo_write,
	.poll		= byo_poll,
	.unlocked_ioctl	= byo_ioctl,
	.llseek		= noop_llseek,
};

static int byo_state_show(struct seq_file *m, void *v)
{
	spin_lock_bh(&byo_sched.lock);
	seq_printf(m, "gen %u\nchanges %u\napplied %u\n", byo_sched.gen, byo_sched.n,
		   byo_sched.applied);
	spin_unlock_bh(&byo_sched.lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(byo_state);

static struct miscdevice byo_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= BYO_DEVICE_NAME,
	.fops	= &byo_fops,
	.mode	= 0600,
};

static int __init byo_module_init(void)
{
	int err;

	err = misc_register(&byo_misc);
	if (err)
		return err;
	err = register_qdisc(&byo_qdisc_ops);
	if (err) {
		misc_deregister(&byo_misc);
		return err;
	}
	/* debugfs is optional: its errors are ignored, as its API intends */
	byo_debugfs = debugfs_create_dir(BYO_DEVICE_NAME, NULL);
	debugfs_create_u32("applied", 0444, byo_debugfs, &byo_sched.applied);
	debugfs_create_file("state", 0444, byo_debugfs, NULL, &byo_state_fops);
	return 0;
}

static void __exit byo_module_exit(void)
{
	debugfs_remove(byo_debugfs);
	unregister_qdisc(&byo_qdisc_ops);
	misc_deregister(&byo_misc);
}

module_init(byo_module_init);
module_exit(byo_module_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("byo: rbtree rate/delay shaper with a schedule device (qdk example)");
MODULE_ALIAS("net-sch-byo");
