// SPDX-License-Identifier: GPL-2.0
/*
 * tcp_cong.c - the congestion control registry and Reno (net/ipv4/tcp_cong.c):
 * a module's tcp_congestion_ops registered under the jhash of its name
 * (unique, all required operations present), found by name or key, and the
 * exported Reno building blocks (slow start, additive increase) a module's
 * algorithm calls on its tcp_sock. No TCP stack calls the operations.
 */
#include <linux/errno.h>
#include <linux/jhash.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/printk.h>
#include <linux/rculist.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/tcp.h>
#include <net/tcp.h>
#include <linux/version.h>

static DEFINE_SPINLOCK(tcp_cong_list_lock);
static LIST_HEAD(tcp_cong_list);

static struct tcp_congestion_ops *tcp_ca_find_locked(const char *name)
{
	struct tcp_congestion_ops *e;

	list_for_each_entry_rcu(e, &tcp_cong_list, list) {
		if (strcmp(e->name, name) == 0)
			return e;
	}
	return NULL;
}

static int tcp_reno_register(void);

struct tcp_congestion_ops *tcp_ca_find(const char *name)
{
	tcp_reno_register();
	return tcp_ca_find_locked(name);
}

struct tcp_congestion_ops *tcp_ca_find_key(u32 key)
{
	struct tcp_congestion_ops *e;

	tcp_reno_register();
	list_for_each_entry_rcu(e, &tcp_cong_list, list) {
		if (e->key == key)
			return e;
	}
	return NULL;
}

/* the key of a registered algorithm (TCP_CA_UNSPEC if none) and its ECN need */
u32 tcp_ca_get_key_by_name(const char *name, bool *ecn_ca)
{
	const struct tcp_congestion_ops *ca;
	u32 key = TCP_CA_UNSPEC;

	rcu_read_lock();
	ca = tcp_ca_find(name);
	if (ca) {
		key = ca->key;
		*ecn_ca = ca->flags & TCP_CONG_NEEDS_ECN;
	}
	rcu_read_unlock();
	return key;
}

/* the algorithm name of key into buffer (TCP_CA_NAME_MAX bytes), NULL if none has it */
char *tcp_ca_get_name_by_key(u32 key, char *buffer)
{
	const struct tcp_congestion_ops *ca;
	char *ret = NULL;

	rcu_read_lock();
	ca = tcp_ca_find_key(key);
	if (ca) {
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
		strscpy(buffer, ca->name, TCP_CA_NAME_MAX);
#else
		/* 6.1 copies with strncpy(): the rest of the buffer zeroed */
		strncpy(buffer, ca->name, TCP_CA_NAME_MAX);
#endif
		ret = buffer;
	}
	rcu_read_unlock();
	return ret;
}
EXPORT_SYMBOL_GPL(tcp_ca_get_name_by_key);

/* the algorithm hears of the new congestion state before the socket takes it */
void tcp_set_ca_state(struct sock *sk, const u8 ca_state)
{
	struct inet_connection_sock *icsk = inet_csk(sk);

	if (icsk->icsk_ca_ops->set_state)
		icsk->icsk_ca_ops->set_state(sk, ca_state);
	icsk->icsk_ca_state = ca_state;
}
EXPORT_SYMBOL_GPL(tcp_set_ca_state);

/* ssthresh, undo_cwnd and one of cong_avoid/cong_control are required */
int tcp_validate_congestion_control(struct tcp_congestion_ops *ca)
{
	if (!ca->ssthresh || !ca->undo_cwnd || !(ca->cong_avoid || ca->cong_control)) {
		pr_err("%s does not implement required ops\n", ca->name);
		return -EINVAL;
	}
	return 0;
}

static int __tcp_register(struct tcp_congestion_ops *ca)
{
	int ret = tcp_validate_congestion_control(ca);

	if (ret)
		return ret;
	ca->key = jhash(ca->name, sizeof(ca->name), strlen(ca->name));
	spin_lock(&tcp_cong_list_lock);
	if (ca->key == TCP_CA_UNSPEC || tcp_ca_find_key(ca->key)) {
		pr_notice("%s already registered or non-unique key\n", ca->name);
		ret = -EEXIST;
	} else {
		list_add_tail_rcu(&ca->list, &tcp_cong_list);
		pr_debug("%s registered\n", ca->name);
	}
	spin_unlock(&tcp_cong_list_lock);
	return ret;
}

int tcp_register_congestion_control(struct tcp_congestion_ops *ca)
{
	tcp_reno_register();
	return __tcp_register(ca);
}
EXPORT_SYMBOL_GPL(tcp_register_congestion_control);

void tcp_unregister_congestion_control(struct tcp_congestion_ops *ca)
{
	spin_lock(&tcp_cong_list_lock);
	list_del_rcu(&ca->list);
	spin_unlock(&tcp_cong_list_lock);
	synchronize_rcu();
}
EXPORT_SYMBOL_GPL(tcp_unregister_congestion_control);

/*
 * Slow start: cwnd grows by the segments acked, up to ssthresh (and the
 * clamp); what is left of acked beyond ssthresh is returned for congestion
 * avoidance.
 */
u32 tcp_slow_start(struct tcp_sock *tp, u32 acked)
{
	u32 cwnd = min(tcp_snd_cwnd(tp) + acked, tp->snd_ssthresh);

	acked -= cwnd - tcp_snd_cwnd(tp);
	tcp_snd_cwnd_set(tp, min(cwnd, tp->snd_cwnd_clamp));
	return acked;
}
EXPORT_SYMBOL_GPL(tcp_slow_start);

/* additive increase: one segment per w segments acked (counted in snd_cwnd_cnt) */
void tcp_cong_avoid_ai(struct tcp_sock *tp, u32 w, u32 acked)
{
	/* a window reached with a smaller w before: credit it now */
	if (tp->snd_cwnd_cnt >= w) {
		tp->snd_cwnd_cnt = 0;
		tcp_snd_cwnd_set(tp, tcp_snd_cwnd(tp) + 1);
	}
	tp->snd_cwnd_cnt += acked;
	if (tp->snd_cwnd_cnt >= w) {
		u32 delta = tp->snd_cwnd_cnt / w;

		tp->snd_cwnd_cnt -= delta * w;
		tcp_snd_cwnd_set(tp, tcp_snd_cwnd(tp) + delta);
	}
	tcp_snd_cwnd_set(tp, min(tcp_snd_cwnd(tp), tp->snd_cwnd_clamp));
}
EXPORT_SYMBOL_GPL(tcp_cong_avoid_ai);

/* Reno: slow start, then one segment per window, only when cwnd limits */
void tcp_reno_cong_avoid(struct sock *sk, u32 ack, u32 acked)
{
	struct tcp_sock *tp = tcp_sk_rw(sk);

	if (!tcp_is_cwnd_limited(sk))
		return;
	if (tcp_in_slow_start(tp)) {
		acked = tcp_slow_start(tp, acked);
		if (!acked)
			return;
	}
	tcp_cong_avoid_ai(tp, tcp_snd_cwnd(tp), acked);
}
EXPORT_SYMBOL_GPL(tcp_reno_cong_avoid);

/* half the window on loss, at least 2 */
u32 tcp_reno_ssthresh(struct sock *sk)
{
	const struct tcp_sock *tp = tcp_sk(sk);

	return max(tcp_snd_cwnd(tp) >> 1U, 2U);
}
EXPORT_SYMBOL_GPL(tcp_reno_ssthresh);

u32 tcp_reno_undo_cwnd(struct sock *sk)
{
	const struct tcp_sock *tp = tcp_sk(sk);

	return max(tcp_snd_cwnd(tp), tp->prior_cwnd);
}
EXPORT_SYMBOL_GPL(tcp_reno_undo_cwnd);

struct tcp_congestion_ops tcp_reno = {
	.flags		= TCP_CONG_NON_RESTRICTED,
	.name		= "reno",
	.ssthresh	= tcp_reno_ssthresh,
	.cong_avoid	= tcp_reno_cong_avoid,
	.undo_cwnd	= tcp_reno_undo_cwnd,
};

/* the kernel registers reno at boot; the shim on the registry's first use */
static int tcp_reno_register(void)
{
	static bool done;

	if (done)
		return 0;
	done = true;
	return __tcp_register(&tcp_reno);
}
