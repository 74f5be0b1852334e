// SPDX-License-Identifier: GPL-2.0
/*
 * tcp_plb.c - Protective Load Balancing (net/ipv4/tcp_plb.c): a congestion
 * control counts the rounds in which enough of its packets saw congestion;
 * enough consecutive ones (or an idle sender after fewer) change the flow's
 * path (sk_rethink_txhash(): a new IPv6 flow label), unless a recent RTO
 * paused rehashing. The sysctls are qdk_tcp_plb's (one set, not per
 * namespace); the LINUX_MIB_TCPPLBREHASH counter is not kept. 6.1 has no PLB.
 */
#include <linux/jiffies.h>
#include <linux/random.h>
#include <linux/version.h>
#include <net/tcp.h>

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)

struct qdk_tcp_plb_sysctl qdk_tcp_plb = {
	.enabled		= 0,
	.idle_rehash_rounds	= 3,
	.rehash_rounds		= 12,
	.suspend_rto_sec	= 60,
	.cong_thresh		= (1 << TCP_PLB_SCALE) / 2,
};

/* once per RTT: a round below the threshold resets the count, one above adds */
void tcp_plb_update_state(const struct sock *sk, struct tcp_plb_state *plb,
			  const int cong_ratio)
{
	if (!READ_ONCE(qdk_tcp_plb.enabled))
		return;
	if (cong_ratio < 0)
		return;
	if (cong_ratio < READ_ONCE(qdk_tcp_plb.cong_thresh))
		plb->consec_cong_rounds = 0;
	else if (plb->consec_cong_rounds < READ_ONCE(qdk_tcp_plb.rehash_rounds))
		plb->consec_cong_rounds++;
}
EXPORT_SYMBOL_GPL(tcp_plb_update_state);

/* a rehash when congestion persisted, or the sender idles after enough of it */
void tcp_plb_check_rehash(struct sock *sk, struct tcp_plb_state *plb)
{
	struct tcp_sock *tp = tcp_sk_rw(sk);
	bool forced_rehash, idle_rehash;
	u32 max_suspend;

	if (!READ_ONCE(qdk_tcp_plb.enabled))
		return;

	forced_rehash = plb->consec_cong_rounds >= READ_ONCE(qdk_tcp_plb.rehash_rounds);
	idle_rehash = READ_ONCE(qdk_tcp_plb.idle_rehash_rounds) && !tp->packets_out &&
		      plb->consec_cong_rounds >= READ_ONCE(qdk_tcp_plb.idle_rehash_rounds);
	if (!forced_rehash && !idle_rehash)
		return;

	/*
	 * the pause ends at pause_until; one further off than the longest
	 * pause can be is a wrapped tcp_jiffies32 and ends too
	 */
	max_suspend = 2 * READ_ONCE(qdk_tcp_plb.suspend_rto_sec) * HZ;
	if (plb->pause_until &&
	    (!before(tcp_jiffies32, plb->pause_until) ||
	     before(tcp_jiffies32 + max_suspend, plb->pause_until)))
		plb->pause_until = 0;
	if (plb->pause_until)
		return;

	sk_rethink_txhash(sk);
	plb->consec_cong_rounds = 0;
	WRITE_ONCE(tp->plb_rehash, tp->plb_rehash + 1);
}
EXPORT_SYMBOL_GPL(tcp_plb_check_rehash);

/* an RTO rehashed already: no PLB rehash for 1 to 2 times suspend_rto_sec */
void tcp_plb_update_state_upon_rto(struct sock *sk, struct tcp_plb_state *plb)
{
	u32 pause;

	if (!READ_ONCE(qdk_tcp_plb.enabled))
		return;

	pause = READ_ONCE(qdk_tcp_plb.suspend_rto_sec) * HZ;
	pause += get_random_u32_below(pause);
	plb->pause_until = tcp_jiffies32 + pause;
	plb->consec_cong_rounds = 0;
}
EXPORT_SYMBOL_GPL(tcp_plb_update_state_upon_rto);
#endif
