// SPDX-License-Identifier: GPL-2.0
/* ktest_sock.c - sockets, control messages, protocol families, namespaces. */
#include <linux/err.h>
#include <linux/net.h>
#include <linux/skbuff.h>
#include <linux/slab.h>
#include <linux/socket.h>
#include <linux/sockptr.h>
#include <linux/tcp.h>
#include <linux/udp.h>
#include <linux/version.h>
#include <linux/bottom_half.h>
#include <net/inet_connection_sock.h>
#include <net/inet_sock.h>
#include <net/net_namespace.h>
#include <net/request_sock.h>
#include <net/netns/generic.h>
#include <net/sock.h>
#include <net/tcp.h>
#include <net/tcp_states.h>

#include "ktest.h"

KTEST(sock, layout_and_accessors)
{
	static struct tcp_sock tp;
	struct sock *sk = &tp.inet_conn.icsk_inet.sk;
	struct sk_buff skb = { .sk = sk };

	/* the sk_* names are struct sock_common's fields */
	sk->sk_hash = 0x1234;
	KT_EQ(sk->__sk_common.skc_hash, 0x1234);
	sk->sk_state = TCP_ESTABLISHED;
	KT_EQ(sk->__sk_common.skc_state, TCP_ESTABLISHED);
	sk->sk_daddr = 0x0a000001;
	KT_EQ(inet_sk(sk)->inet_daddr, 0x0a000001);
	KT_EQ(offsetof(struct sock, __sk_common), 0);

	/* a qdisc reads the sender through skb->sk */
	skb.sk->sk_pacing_rate = 125000;
	skb.sk->sk_pacing_status = SK_PACING_NEEDED;
	KT_EQ(tp.inet_conn.icsk_inet.sk.sk_pacing_rate, 125000);
	KT_EQ(sk_fullsock(skb.sk), 1);
	sk->sk_state = TCP_TIME_WAIT;
	KT_EQ(sk_fullsock(sk), 0);
	sk->sk_state = TCP_LISTEN;
	KT_EQ(sk_listener(sk), 1);

	inet_csk(sk)->icsk_ca_state = TCP_CA_Recovery;
	KT_EQ(tp.inet_conn.icsk_ca_state, TCP_CA_Recovery);
	KT_ASSERT(inet_csk(sk) == &tp.inet_conn, "inet_csk");
	KT_ASSERT(tcp_sk(sk) == &tp, "tcp_sk");
	KT_ASSERT(inet_csk_ca(sk) == (void *)tp.inet_conn.icsk_ca_priv, "ca priv");
	tcp_snd_cwnd_set(tcp_sk_rw(sk), 10);
	KT_EQ(tcp_snd_cwnd(tcp_sk(sk)), 10);
	KT_ASSERT(ICSK_CA_PRIV_SIZE >= 13 * sizeof(u64), "ca priv size %zu", ICSK_CA_PRIV_SIZE);
	return 0;
}

/* control messages: sizes on x86-64, put_cmsg() appending and truncating */
KTEST(sock, cmsg_put_and_walk)
{
	u64 buf[16] = { 0 };
	struct msghdr m = { .msg_control = buf, .msg_controllen = sizeof(buf) };
	struct cmsghdr *cm;
	u32 v = 0xabcd;
	u8 three[3] = { 1, 2, 3 };
	int n = 0;

	KT_EQ(sizeof(struct cmsghdr), 16);
	KT_EQ(CMSG_LEN(4), 20);
	KT_EQ(CMSG_SPACE(4), 24);
	KT_EQ(CMSG_ALIGN(17), 24);
	KT_EQ(put_cmsg(&m, SOL_SOCKET, SCM_RIGHTS, sizeof(v), &v), 0);
	KT_EQ(put_cmsg(&m, SOL_IP, 1, sizeof(three), three), 0);
	KT_EQ(m.msg_controllen, sizeof(buf) - 24 - 24);
	KT_EQ(m.msg_flags & MSG_CTRUNC, 0);

	/* walk what was written, as a receiver does */
	m.msg_control = buf;
	m.msg_controllen = 48;
	for_each_cmsghdr(cm, &m) {
		KT_ASSERT(CMSG_OK(&m, cm), "cmsg %d ok", n);
		if (n == 0) {
			KT_EQ(cm->cmsg_len, 20);
			KT_EQ(cm->cmsg_level, SOL_SOCKET);
			KT_EQ(*(u32 *)CMSG_DATA(cm), 0xabcd);
		} else {
			KT_EQ(cm->cmsg_len, 19);
			KT_EQ(((u8 *)CMSG_DATA(cm))[2], 3);
		}
		n++;
	}
	KT_EQ(n, 2);

	/* 20 bytes of room: a header and 4 of the 8 data bytes, MSG_CTRUNC */
	m.msg_control = buf;
	m.msg_controllen = 20;
	m.msg_flags = 0;
	KT_EQ(put_cmsg(&m, SOL_SOCKET, SCM_RIGHTS, 8, buf + 8), 0);
	KT_EQ(((struct cmsghdr *)buf)->cmsg_len, 20);
	KT_EQ(m.msg_controllen, 0);
	KT_ASSERT(m.msg_flags & MSG_CTRUNC, "truncated");
	/* less than a header: nothing written */
	m.msg_controllen = 8;
	m.msg_flags = 0;
	KT_EQ(put_cmsg(&m, SOL_SOCKET, SCM_RIGHTS, 4, &v), 0);
	KT_EQ(m.msg_controllen, 8);
	KT_ASSERT(m.msg_flags & MSG_CTRUNC, "no room");
	return 0;
}

static int fake_create(struct net *net, struct socket *sock, int protocol, int kern)
{
	return -EPERM;
}

KTEST(sock, family_registry)
{
	static const struct net_proto_family fam = { .family = AF_KCM, .create = fake_create };
	static const struct net_proto_family bad = { .family = AF_MAX, .create = fake_create };

	KT_ASSERT(!sock_is_registered(AF_KCM), "free");
	KT_EQ(sock_register(&fam), 0);
	KT_EQ(sock_register(&fam), -EEXIST);
	KT_EQ(sock_register(&bad), -ENOBUFS);
	KT_ASSERT(sock_is_registered(AF_KCM), "registered");
	sock_unregister(AF_KCM);
	KT_ASSERT(!sock_is_registered(AF_KCM), "gone");
	return 0;
}

KTEST(sock, sockptr_copies)
{
	char src[8] = "abcdefg", dst[8] = { 0 };
	int v = 7;
	char *dup;

	KT_EQ(copy_from_sockptr_offset(dst, KERNEL_SOCKPTR(src), 2, 3), 0);
	KT_EQ(dst[0], 'c');
	KT_EQ(copy_safe_from_sockptr(dst, sizeof(int), KERNEL_SOCKPTR(&v), 2), -EINVAL);
	KT_EQ(copy_to_sockptr(KERNEL_SOCKPTR(dst), "xy", 2), 0);
	KT_EQ(dst[1], 'y');
	KT_ASSERT(sockptr_is_null(KERNEL_SOCKPTR(NULL)), "null");
	dup = memdup_sockptr_nul(KERNEL_SOCKPTR(src), 3);
	KT_ASSERT(!IS_ERR(dup), "dup");
	KT_STREQ(dup, "abc");
	kfree(dup);
	return 0;
}

struct pernet_probe {
	int inits, exits;
	u64 data[4];
};

static unsigned int probe_id;
static struct pernet_probe probe_seen;

static int probe_init(struct net *net)
{
	u64 *blk = net_generic(net, probe_id);

	probe_seen.inits++;
	probe_seen.data[0] = blk[0] | blk[3];	/* zeroed */
	blk[1] = 42;
	return 0;
}

static void probe_exit(struct net *net)
{
	u64 *blk = net_generic(net, probe_id);

	probe_seen.exits++;
	probe_seen.data[1] = blk[1];
}

static struct pernet_operations probe_ops = {
	.init = probe_init,
	.exit = probe_exit,
	.id = &probe_id,
	.size = 4 * sizeof(u64),
};

static int failing_init(struct net *net)
{
	return -ENOMEM;
}

static struct pernet_operations failing_ops = { .init = failing_init };

KTEST(sock, pernet_and_references)
{
	struct net *net;
	int n = 0;

	for_each_net(net)
		n++;
	KT_EQ(n, 1);
	KT_EQ(register_pernet_subsys(&probe_ops), 0);
	KT_EQ(probe_seen.inits, 1);
	KT_EQ(probe_seen.data[0], 0);
	/* the first ids are net_generic's own header */
	KT_ASSERT(probe_id >= (sizeof(struct net_generic) + sizeof(void *) - 1) / sizeof(void *),
		  "id %u", probe_id);
	KT_EQ(*(u64 *)((char *)net_generic(&init_net, probe_id) + 8), 42);
	unregister_pernet_subsys(&probe_ops);
	KT_EQ(probe_seen.exits, 1);
	KT_EQ(probe_seen.data[1], 42);
	KT_EQ(register_pernet_device(&failing_ops), -ENOMEM);

	/* references and possible_net_t */
	KT_EQ(refcount_read(&init_net.ns.count), 1);
	KT_ASSERT(get_net(&init_net) == &init_net, "get");
	KT_ASSERT(maybe_get_net(&init_net) == &init_net, "maybe");
	KT_EQ(refcount_read(&init_net.ns.count), 3);
	put_net(&init_net);
	put_net(&init_net);
	KT_EQ(check_net(&init_net), 1);
	KT_ASSERT(net_eq(&init_net, &init_net), "eq");
	return 0;
}

static struct proto test_prot = {
	.name = "TEST",
	.obj_size = sizeof(struct tcp_sock),
};

static int write_spaces;

static void count_write_space(struct sock *sk)
{
	write_spaces++;
}

/* a sent packet charged to its socket; the socket freed after its last packet */
KTEST(sock, owner_w_and_life)
{
	struct sock *sk = sk_alloc(&init_net, AF_INET, GFP_KERNEL, &test_prot, 1);
	struct sk_buff *skb;
	unsigned int truesize;

	KT_ASSERT(sk, "sk_alloc");
	sock_init_data(NULL, sk);
	KT_ASSERT(net_eq(sock_net(sk), &init_net), "net");
	KT_EQ(refcount_read(&sk->sk_refcnt), 1);
	KT_EQ(sk_wmem_alloc_get(sk), 0);
	KT_ASSERT(sock_flag(sk, SOCK_ZAPPED), "zapped");
	sock_reset_flag(sk, SOCK_ZAPPED);
	sock_valbool_flag(sk, SOCK_RCU_FREE, 1);
	KT_ASSERT(sock_flag(sk, SOCK_RCU_FREE) && !sk_is_refcounted(sk), "rcu free");
	sk->sk_write_space = count_write_space;
	sk->sk_txhash = 0x5eed;
	sk->sk_sndbuf = 4 * 4096;

	skb = sock_wmalloc(sk, 1000, 0, GFP_KERNEL);
	KT_ASSERT(skb, "wmalloc");
	truesize = skb->truesize;
	KT_EQ(sk_wmem_alloc_get(sk), truesize);
	KT_ASSERT(skb->sk == sk && skb->destructor == sock_wfree, "owner");
	KT_EQ(skb->hash, 0x5eed);
	KT_EQ(sock_wspace(sk), sk->sk_sndbuf - 1 - truesize);
	KT_EQ(sock_writeable(sk), truesize + 1 < sk->sk_sndbuf / 2);

	/* the owner lets go first: the socket lives until its packet is freed */
	sock_put(sk);
	KT_EQ(refcount_read(&sk->sk_wmem_alloc), 1 + truesize - 1);
	kfree_skb(skb);
	KT_EQ(write_spaces, 1);
	/* sk is gone here: the leak accounting of the run checks the free */
	return 0;
}

static atomic_long_t test_mem;
static long test_mem_limits[3] = { 2, 3, 4 };	/* pages */
static unsigned long test_pressure;

/* forward allocation in whole pages from the protocol's pool, and back */
KTEST(sock, mem_schedule)
{
	static struct proto prot = {
		.name = "MEM",
		.obj_size = sizeof(struct sock),
		.memory_allocated = &test_mem,
		.sysctl_mem = test_mem_limits,
		.memory_pressure = &test_pressure,
	};
	struct sock *sk = sk_alloc(&init_net, AF_INET, GFP_KERNEL, &prot, 1);

	sock_init_data(NULL, sk);
	sk->sk_type = SOCK_DGRAM;
	KT_EQ(sk_mem_pages(1), 1);
	KT_EQ(sk_mem_pages(PAGE_SIZE + 1), 2);
	KT_ASSERT(sk_wmem_schedule(sk, 100), "schedule");
	KT_EQ(sk->sk_forward_alloc, PAGE_SIZE);
	KT_EQ(sk_memory_allocated(sk), 1);
	sk_mem_charge(sk, 100);
	KT_EQ(sk->sk_forward_alloc, PAGE_SIZE - 100);
	KT_ASSERT(sk_wmem_schedule(sk, 50), "within the forward allocation");
	KT_EQ(sk_memory_allocated(sk), 1);
	/* 4 pages more: 5 > high limit 4, refused and undone */
	KT_ASSERT(!sk_wmem_schedule(sk, 4 * PAGE_SIZE), "over the high limit");
	KT_EQ(sk_memory_allocated(sk), 1);
	KT_EQ(sk->sk_forward_alloc, PAGE_SIZE - 100);
	/* 2 pages more: 3, above low: granted (no pressure yet) */
	KT_ASSERT(sk_wmem_schedule(sk, 2 * PAGE_SIZE), "between low and pressure");
	KT_EQ(sk_memory_allocated(sk), 3);
	sk_mem_uncharge(sk, 100);
	/* whole pages above the reserve went back: none left over */
	KT_EQ(sk->sk_forward_alloc, 0);
	KT_EQ(sk_memory_allocated(sk), 0);
	sock_put(sk);
	return 0;
}

/* what a qdisc or congestion control computes on a tcp_sock and its skbs */
KTEST(sock, tcp_helpers)
{
	static struct tcp_sock tp;
	struct sock *sk = &tp.inet_conn.icsk_inet.sk;
	struct sk_buff *skb = alloc_skb(64, GFP_KERNEL);

	tp.packets_out = 20;
	tp.sacked_out = 3;
	tp.lost_out = 2;
	tp.retrans_out = 1;
	KT_EQ(tcp_left_out(&tp), 5);
	KT_EQ(tcp_packets_in_flight(&tp), 16);
	tcp_snd_cwnd_set(&tp, 10);
	tp.snd_ssthresh = TCP_INFINITE_SSTHRESH;
	KT_ASSERT(tcp_in_slow_start(&tp) && tcp_in_initial_slowstart(&tp), "slow start");
	tp.max_packets_out = 6;
	KT_ASSERT(tcp_is_cwnd_limited(sk), "10 < 2 * 6");
	tp.max_packets_out = 5;
	KT_ASSERT(!tcp_is_cwnd_limited(sk), "10 == 2 * 5");
	tp.snd_ssthresh = 4;
	KT_EQ(tcp_current_ssthresh(sk), 7);	/* 10/2 + 10/4 */
	inet_csk(sk)->icsk_ca_state = TCP_CA_Recovery;
	KT_EQ(tcp_current_ssthresh(sk), 4);
	inet_csk(sk)->icsk_ca_state = TCP_CA_Open;
	KT_EQ(tcp_stamp_us_delta(1000, 1500), 0);
	KT_EQ(tcp_stamp_us_delta(1500, 1000), 500);
	KT_EQ(TCPHDR_SYN_ECN, 0xc2);

	KT_ASSERT(skb, "skb");
	tcp_skb_pcount_set(skb, 3);
	tcp_skb_pcount_add(skb, 2);
	KT_EQ(tcp_skb_pcount(skb), 5);
	skb->skb_mstamp_ns = 3 * NSEC_PER_MSEC + 999;
	KT_EQ(tcp_skb_timestamp_us(skb), 3000);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	KT_EQ(tcp_skb_timestamp_ts(false, skb), 3);
	tp.tcp_mstamp = 12345678;
	KT_EQ(tcp_time_stamp_ms(&tp), 12345);
	tp.tcp_usec_ts = 1;
	KT_EQ(tcp_time_stamp_ts(&tp), 12345678);
#else
	KT_EQ(tcp_skb_timestamp(skb), 3);
	tp.tcp_mstamp = 12345678;
	KT_EQ(tcp_time_stamp(&tp), 12345);
#endif
	skb_set_tcp_pure_ack(skb);
	KT_ASSERT(skb_is_tcp_pure_ack(skb), "pure ack");
	skb->truesize = SKB_TRUESIZE(64);
	kfree_skb(skb);
	return 0;
}

static u32 my_ssthresh(struct sock *sk)
{
	return 2;
}

/* the registry and Reno's window growth */
KTEST(sock, tcp_congestion)
{
	static struct tcp_congestion_ops mine = {
		.name = "mine",
		.ssthresh = my_ssthresh,
		.undo_cwnd = tcp_reno_undo_cwnd,
		.cong_avoid = tcp_reno_cong_avoid,
	};
	static struct tcp_congestion_ops broken = { .name = "broken", .ssthresh = my_ssthresh };
	static struct tcp_sock tp;
	struct sock *sk = &tp.inet_conn.icsk_inet.sk;
	bool ecn = true;

	KT_ASSERT(tcp_ca_find("reno") == &tcp_reno, "reno is there");
	KT_EQ(tcp_register_congestion_control(&broken), -EINVAL);
	KT_EQ(tcp_register_congestion_control(&mine), 0);
	KT_EQ(tcp_register_congestion_control(&mine), -EEXIST);
	KT_EQ(mine.key, jhash(mine.name, sizeof(mine.name), strlen(mine.name)));
	KT_ASSERT(tcp_ca_find_key(mine.key) == &mine, "by key");
	KT_EQ(tcp_ca_get_key_by_name("mine", &ecn), mine.key);
	KT_EQ(ecn, false);
	tcp_unregister_congestion_control(&mine);
	KT_ASSERT(!tcp_ca_find("mine"), "gone");

	/* slow start up to ssthresh, the rest as additive increase */
	tcp_snd_cwnd_set(&tp, 10);
	tp.snd_ssthresh = 12;
	tp.snd_cwnd_clamp = ~0U;
	tp.is_cwnd_limited = 1;
	tcp_reno_cong_avoid(sk, 0, 5);		/* 10 -> 12, 3 acked left over */
	KT_EQ(tcp_snd_cwnd(&tp), 12);
	KT_EQ(tp.snd_cwnd_cnt, 3);
	tcp_reno_cong_avoid(sk, 0, 9);		/* 12 acked of a 12 window: +1 */
	KT_EQ(tcp_snd_cwnd(&tp), 13);
	KT_EQ(tp.snd_cwnd_cnt, 0);
	KT_EQ(tcp_reno_ssthresh(sk), 6);
	tp.prior_cwnd = 20;
	KT_EQ(tcp_reno_undo_cwnd(sk), 20);
	tp.snd_cwnd_clamp = 13;
	/* above ssthresh: cwnd falls to it and acked grows by the difference */
	KT_EQ(tcp_slow_start(&tp, 4), 5);
	KT_EQ(tcp_snd_cwnd(&tp), 12);
	return 0;
}

/* the full socket behind a request; the delayed ACK and timer state of icsk */
KTEST(sock, full_sk_and_icsk)
{
	static struct tcp_sock listener;
	static struct inet_request_sock ireq;
	struct sock *lsk = &listener.inet_conn.icsk_inet.sk;
	struct sock *rsk = req_to_sk(&ireq.req);
	struct inet_connection_sock *icsk = inet_csk(lsk);
	struct sk_buff skb = { .sk = rsk };

	lsk->sk_state = TCP_LISTEN;
	rsk->sk_state = TCP_NEW_SYN_RECV;
	ireq.req.rsk_listener = lsk;
	KT_ASSERT(sk_to_full_sk(rsk) == lsk, "request -> listener");
	KT_ASSERT(skb_to_full_sk(&skb) == lsk, "skb's");
	KT_ASSERT(sk_const_to_full_sk(lsk) == lsk, "full already");
	KT_ASSERT(!sk_fullsock(rsk) && sk_fullsock(lsk), "fullsock");
	KT_EQ(inet_sk_state_load(lsk), TCP_LISTEN);
	KT_ASSERT(inet_rsk(&ireq.req) == &ireq, "inet_rsk");

	inet_csk_schedule_ack(lsk);
	KT_ASSERT(inet_csk_ack_scheduled(lsk), "scheduled");
	inet_csk_enter_pingpong_mode(lsk);
	KT_ASSERT(inet_csk_in_pingpong_mode(lsk), "pingpong");
	inet_csk_delack_init(lsk);
	KT_EQ(icsk->icsk_ack.pending, 0);
	KT_ASSERT(!inet_csk_in_pingpong_mode(lsk), "reset");

	icsk->icsk_rto = HZ / 5;
	icsk->icsk_backoff = 3;
	KT_EQ(inet_csk_rto_backoff(icsk, TCP_RTO_MAX), 8 * (HZ / 5));
	icsk->icsk_backoff = 12;
	KT_EQ(inet_csk_rto_backoff(icsk, TCP_RTO_MAX), TCP_RTO_MAX);
	return 0;
}

static int timer_fired;

static void sk_timer_fn(struct timer_list *t)
{
	timer_fired++;
}

/* an armed socket timer holds a reference; stopping it gives it back */
KTEST(sock, sk_timers)
{
	static struct proto prot = { .name = "TMR", .obj_size = sizeof(struct tcp_sock) };
	struct sock *sk = sk_alloc(&init_net, AF_INET, GFP_KERNEL, &prot, 1);
	struct inet_connection_sock *icsk = inet_csk(sk);

	sock_init_data(NULL, sk);
	sk->sk_state = TCP_ESTABLISHED;
	timer_setup(&icsk->icsk_delack_timer, sk_timer_fn, 0);
	inet_csk_reset_xmit_timer(sk, ICSK_TIME_DACK, HZ, TCP_RTO_MAX);
	KT_EQ(refcount_read(&sk->sk_refcnt), 2);
	KT_ASSERT(icsk->icsk_ack.pending & ICSK_ACK_TIMER, "timer pending");
	KT_ASSERT(timer_pending(&icsk->icsk_delack_timer), "armed");
	/* re-arming a pending timer takes no second reference */
	sk_reset_timer(sk, &icsk->icsk_delack_timer, jiffies + 2 * HZ);
	KT_EQ(refcount_read(&sk->sk_refcnt), 2);
	sk_stop_timer(sk, &icsk->icsk_delack_timer);
	KT_EQ(refcount_read(&sk->sk_refcnt), 1);
	inet_csk_clear_xmit_timer(sk, ICSK_TIME_DACK);
	KT_EQ(icsk->icsk_ack.pending, 0);
	KT_EQ(timer_fired, 0);
	sock_put(sk);
	return 0;
}

/* udp_sock's flag bits, its GRO control message; MSG_PEEK's offset */
KTEST(sock, udp_flags_and_peek_offset)
{
	static struct udp_sock up;
	struct sock *sk = &up.inet.sk;
	struct sk_buff *skb = alloc_skb(64, GFP_KERNEL);
	u64 buf[8] = { 0 };
	struct msghdr m = { .msg_control = buf, .msg_controllen = sizeof(buf) };
	struct cmsghdr *cm = (struct cmsghdr *)buf;

	KT_ASSERT(udp_sk(sk) == &up, "udp_sk");
	udp_set_no_check6_tx(sk, true);
	KT_ASSERT(udp_get_no_check6_tx(sk) && !udp_get_no_check6_rx(sk), "tx only");
	KT_EQ(up.udp_flags, 1UL << 1);
	udp_set_no_check6_rx(sk, true);
	udp_set_no_check6_tx(sk, false);
	KT_EQ(up.udp_flags, 1UL << 2);
	udp_allow_gso(sk);
	KT_EQ(up.udp_flags, (1UL << 2) | (1UL << 4) | (1UL << 5));
	KT_ASSERT(udp_test_bit(ACCEPT_L4, sk) && !udp_test_and_set_bit(CORK, sk), "cork");
	KT_ASSERT(udp_test_bit(CORK, sk), "corked");
	KT_EQ(UDP_MAX_SEGMENTS, 128);

	/* port hashes live in sock_common's two 16-bit hashes */
	up.udp_port_hash = 0x1234;
	up.udp_portaddr_hash = 0xabcd;
	KT_EQ(sk->sk_hash, 0xabcd1234);

	/* a UDP_SEGMENT GRO packet tells the reader its segment size */
	KT_ASSERT(skb, "skb");
	udp_cmsg_recv(&m, sk, skb);
	KT_EQ(m.msg_controllen, sizeof(buf));		/* not GSO: nothing */
	skb_shinfo(skb)->gso_type = SKB_GSO_UDP_L4;
	skb_shinfo(skb)->gso_size = 1200;
	udp_cmsg_recv(&m, sk, skb);
	KT_EQ(cm->cmsg_level, SOL_UDP);
	KT_EQ(cm->cmsg_type, UDP_GRO);
	KT_EQ(*(int *)CMSG_DATA(cm), 1200);
	/* a UDP_L4 GSO packet: whole to a socket that allows it, else not */
	KT_ASSERT(!udp_encap_needed(), "no tunnel socket: the keys are off");
	KT_ASSERT(!udp_unexpected_gso(sk, skb), "the socket takes it whole");
	udp_clear_bit(ACCEPT_L4, sk);
	KT_ASSERT(udp_unexpected_gso(sk, skb), "segmented for a socket that did not ask");
	static_branch_inc(&udp_encap_needed_key);
	up.encap_rcv = NULL;
	KT_ASSERT(udp_encap_needed(), "a tunnel socket about");
	udp_set_bit(ACCEPT_L4, sk);
	KT_ASSERT(!udp_unexpected_gso(sk, skb), "not a tunnel's socket");
	static_branch_dec(&udp_encap_needed_key);
	skb_shinfo(skb)->gso_type = 0;
	skb_shinfo(skb)->gso_size = 0;
	KT_ASSERT(!udp_unexpected_gso(sk, skb), "not GSO");
	kfree_skb(skb);

	/* SO_PEEK_OFF moves with the data read, not below 0; off (-1) stays off */
	sk_set_peek_off(sk, 100);
	KT_EQ(sk_peek_offset(sk, 0), 0);
	KT_EQ(sk_peek_offset(sk, MSG_PEEK), 100);
	sk_peek_offset_bwd(sk, 30);
	KT_EQ(sk->sk_peek_off, 70);
	sk_peek_offset_fwd(sk, 5);
	KT_EQ(sk->sk_peek_off, 75);
	sk_peek_offset_bwd(sk, 1000);
	KT_EQ(sk->sk_peek_off, 0);
	sk->sk_peek_off = -1;
	sk_peek_offset_fwd(sk, 5);
	KT_EQ(sk->sk_peek_off, -1);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	udp_set_peek_off(sk, 8);
	KT_ASSERT(up.peeking_with_offset && sk->sk_peek_off == 8, "peeking");
	udp_set_peek_off(sk, -1);
	KT_ASSERT(!up.peeking_with_offset, "not peeking");
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	{
		struct udphdr uh = { 0 };

		udp_set_len(&uh, 70000);
		KT_EQ(uh.len, 0);
		udp_set_len(&uh, 1500);
		KT_EQ(udp_get_len_short(&uh), 1500);
	}
#endif
	return 0;
}

/* sockcm defaults, RPS's saved hash, an orphaned sock, the default buffer sizes */
KTEST(sock, sockcm_rps_orphan_wmem0)
{
	static struct tcp_sock tp;
	struct sock *sk = &tp.inet_conn.icsk_inet.sk;
	struct sockcm_cookie sockc;
	struct sk_buff skb = { .hash = 0x5555 };
	struct proto prot = { 0 };
	int wmem[3] = { 4096, 16384, 4194304 }, rmem[3] = { 4096, 131072, 6291456 };
	struct socket_alloc sa = { 0 };	/* a socket lives in its inode (SOCK_INODE()) */

	sk->sk_tsflags = 0x41;
	sk->sk_mark = 7;
	sk->sk_priority = 3;
	sockcm_init(&sockc, sk);
	KT_EQ(sockc.tsflags, 0x41);
	KT_EQ(sockc.transmit_time, 0);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	KT_EQ(sockc.mark, 7);
	KT_EQ(sockc.priority, 3);
#else
	KT_EQ(sockc.mark, 0);
#endif
	sock_rps_save_rxhash(sk, &skb);
	KT_EQ(sk->sk_rxhash, 0x5555);
	sock_rps_reset_rxhash(sk);
	KT_EQ(sk->sk_rxhash, 0);

	prot.sysctl_wmem = wmem;
	prot.sysctl_rmem = rmem;
	KT_EQ(sk_get_wmem0(sk, &prot), 4096);
	KT_EQ(sk_get_rmem0(sk, &prot), 4096);
	KT_ASSERT(!sk_is_readable((sk->sk_prot = &prot, sk)), "no sock_is_readable");

	rwlock_init(&sk->sk_callback_lock);
	spin_lock_init(&sk->sk_lock.slock);
	sk_set_socket(sk, &sa.socket);
	KT_ASSERT(sock_allow_reclassification(sk), "unlocked");
	sock_orphan(sk);
	KT_ASSERT(sock_flag(sk, SOCK_DEAD) && !sk->sk_socket && !sk->sk_wq, "orphaned");
	KT_ASSERT(!skwq_has_sleeper(NULL), "no wq");
	KT_EQ(gfp_any(), GFP_KERNEL);
	local_bh_disable();
	KT_EQ(gfp_any(), GFP_ATOMIC);
	local_bh_enable();
	return 0;
}

/* zero checks, bounded strings and extensible structs through a sockptr */
KTEST(sock, sockptr_strings_and_structs)
{
	char buf[16] = { 0 }, src[16] = "hello";
	u8 opt[8] = { 1, 2, 3, 4, 0, 0, 0, 0 };
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	u32 k[2] = { 0xffffffff, 0xffffffff };
#endif

	KT_EQ(check_zeroed_sockptr(KERNEL_SOCKPTR(opt), 4, 4), 1);
	KT_EQ(check_zeroed_sockptr(KERNEL_SOCKPTR(opt), 3, 4), 0);
	/* count 4: three bytes and a NUL-less fourth, "hell" */
	KT_EQ(strncpy_from_sockptr(buf, KERNEL_SOCKPTR(src), 4), 4);
	KT_EQ(memcmp(buf, "hell", 4), 0);
	memset(buf, 'x', sizeof(buf));
	KT_EQ(strncpy_from_sockptr(buf, KERNEL_SOCKPTR(src), sizeof(buf)), 6);
	KT_STREQ(buf, "hello");
	KT_EQ(buf[6], 'x');
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	/* shorter: the rest zeroed */
	KT_EQ(copy_struct_from_sockptr(k, sizeof(k), KERNEL_SOCKPTR(opt), 4), 0);
	KT_EQ(k[0], le32_to_cpu(0x04030201));
	KT_EQ(k[1], 0);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	/* longer: zero extra bytes accepted */
	KT_EQ(copy_struct_from_sockptr(k, 4, KERNEL_SOCKPTR(opt), 8), 0);
	opt[6] = 9;	/* a nonzero byte past ksize */
	KT_EQ(copy_struct_from_sockptr(k, 4, KERNEL_SOCKPTR(opt), 8), -E2BIG);
	{
		bool trailing = false;
		u8 out[8];

		memset(out, 0xee, sizeof(out));
		KT_EQ(copy_struct_to_sockptr(KERNEL_SOCKPTR(out), 8, k, 4, &trailing), 0);
		KT_EQ(out[4] | out[7], 0);
		KT_ASSERT(!trailing, "nothing dropped");
		KT_EQ(copy_struct_to_sockptr(KERNEL_SOCKPTR(out), 2, opt, 4, &trailing), 0);
		KT_ASSERT(trailing, "bytes 3 and 4 dropped");
	}
#else
	/* 6.12 checks the first usize - ksize bytes, from the start */
	KT_EQ(copy_struct_from_sockptr(k, 4, KERNEL_SOCKPTR(opt), 8), -E2BIG);
	opt[0] = opt[1] = opt[2] = opt[3] = 0;
	opt[6] = 9;
	KT_EQ(copy_struct_from_sockptr(k, 4, KERNEL_SOCKPTR(opt), 8), 0);
#endif
#endif
	return 0;
}

static int reqsk_destructed;

static void test_reqsk_destructor(struct request_sock *req)
{
	reqsk_destructed++;
}

/* a listener's request counters, its accept FIFO, a request's life and timeout */
KTEST(sock, request_queue_and_life)
{
	static struct tcp_sock tp;
	struct sock *sk = &tp.inet_conn.icsk_inet.sk;
	struct request_sock_queue *q = &inet_csk(sk)->icsk_accept_queue;
	struct request_sock_ops ops = { .obj_size = sizeof(struct request_sock),
					.destructor = test_reqsk_destructor };
	struct request_sock a = { 0 }, b = { 0 }, *req;

	inet_init_csk_locks(sk);
	sk->sk_max_ack_backlog = 1;
	inet_csk_reqsk_queue_added(sk);
	KT_EQ(inet_csk_reqsk_queue_len(sk), 1);
	KT_ASSERT(!inet_csk_reqsk_queue_is_full(sk), "1 of 1");
	inet_csk_reqsk_queue_added(sk);
	KT_ASSERT(inet_csk_reqsk_queue_is_full(sk), "2 of 1");
	b.num_timeout = 1;
	reqsk_queue_removed(q, &b);		/* timed out: not young */
	KT_EQ(reqsk_queue_len(q), 1);
	KT_EQ(reqsk_queue_len_young(q), 2);
	reqsk_queue_removed(q, &a);
	KT_EQ(reqsk_queue_len_young(q), 1);

	/* accept() takes the children in order */
	KT_ASSERT(reqsk_queue_empty(q) && !inet_csk_listen_poll(sk), "empty");
	a.dl_next = &b;
	q->rskq_accept_head = &a;
	q->rskq_accept_tail = &b;
	sk->sk_ack_backlog = 2;
	KT_EQ(inet_csk_listen_poll(sk), EPOLLIN | EPOLLRDNORM);
	KT_ASSERT(reqsk_queue_remove(q, sk) == &a, "a first");
	KT_ASSERT(reqsk_queue_remove(q, sk) == &b && !q->rskq_accept_tail, "then b");
	KT_ASSERT(!reqsk_queue_remove(q, sk), "none");
	KT_EQ(sk->sk_ack_backlog, 0);

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	b.timeout = HZ;
	b.num_timeout = 3;
	KT_EQ(reqsk_timeout(&b, TCP_RTO_MAX), 8 * HZ);
	b.num_timeout = 7;
	KT_EQ(reqsk_timeout(&b, TCP_RTO_MAX), TCP_RTO_MAX);
#endif

	/* the last reference frees it: destructor, listener's reference, memory */
	ops.slab = kmem_cache_create("test_reqsk", sizeof(struct request_sock), 0, 0, NULL);
	KT_ASSERT(ops.slab, "slab");
	req = kmem_cache_zalloc(ops.slab, GFP_KERNEL);
	KT_ASSERT(req, "req");
	req->rsk_ops = &ops;
	refcount_set(&sk->sk_refcnt, 2);
	req->rsk_listener = sk;
	refcount_set(&req->rsk_refcnt, 2);
	reqsk_put(req);
	KT_EQ(reqsk_destructed, 0);
	reqsk_put(req);
	KT_EQ(reqsk_destructed, 1);
	KT_EQ(refcount_read(&sk->sk_refcnt), 1);
	kmem_cache_destroy(ops.slab);
	return 0;
}

/* a request's saved SYN moving to its child; TFO's queue and passive children */
KTEST(sock, tcp_request_and_saved_syn)
{
	static struct tcp_sock tp;
	static struct tcp_request_sock treq;
	struct sock *sk = &tp.inet_conn.icsk_inet.sk;
	struct request_sock *req = &treq.req.req;
	struct saved_syn *syn = kzalloc(sizeof(*syn) + 74, GFP_KERNEL);

	KT_ASSERT(syn, "syn");
	KT_ASSERT(tcp_rsk(req) == &treq, "tcp_rsk");
	syn->mac_hdrlen = 14;
	syn->network_hdrlen = 20;
	syn->tcp_hdrlen = 40;
	KT_EQ(tcp_saved_syn_len(syn), 74);
	req->saved_syn = syn;
	tcp_move_syn(&tp, req);
	KT_ASSERT(tp.saved_syn == syn && !req->saved_syn, "moved");
	tcp_saved_syn_free(&tp);
	KT_ASSERT(!tp.saved_syn, "freed");

	sk->sk_state = TCP_SYN_RECV;
	KT_ASSERT(!tcp_passive_fastopen(sk), "no TFO request");
	rcu_assign_pointer(tp.fastopen_rsk, req);
	KT_ASSERT(tcp_passive_fastopen(sk), "TFO child");
	sk->sk_state = TCP_ESTABLISHED;
	KT_ASSERT(!tcp_passive_fastopen(sk), "established");

	fastopen_queue_tune(sk, 100);
	KT_EQ(inet_csk(sk)->icsk_accept_queue.fastopenq.max_qlen, 100);
	fastopen_queue_tune(sk, 100000);
	KT_EQ(inet_csk(sk)->icsk_accept_queue.fastopenq.max_qlen, SOMAXCONN);
	fastopen_queue_tune(sk, -1);		/* unsigned: the limit */
	KT_EQ(inet_csk(sk)->icsk_accept_queue.fastopenq.max_qlen, SOMAXCONN);
	return 0;
}
