// SPDX-License-Identifier: GPL-2.0
/*
 * sock.c - struct sock's life and memory accounting (net/core/sock.c):
 * sk_alloc() of a protocol's object size and sk_free() when the socket's
 * last reference and last charged packet are gone; packets charged to a
 * socket's write or receive memory and the destructors that release the
 * charge; the owner lock; the protocol memory pool's schedule and reclaim.
 * No socket I/O: the stack behind a socket is not modelled.
 *
 * Why one file past 800 lines: net/core/sock.c holds the same jobs (a
 * socket's life and its memory charges); each charge has its destructor
 * beside it, and splitting them would part the two halves of one rule.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/skbuff.h>
#include <linux/slab.h>
#include <linux/version.h>
#include <linux/ipv6.h>
#include <net/inet_sock.h>
#include <net/sock.h>

/* the defaults net.core.[rw]mem_max/default and optmem_max start with */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* 7.x: 4 MB maxima, the defaults as before */
__u32 sysctl_wmem_max __read_mostly = 4 << 20;
EXPORT_SYMBOL(sysctl_wmem_max);
__u32 sysctl_rmem_max __read_mostly = 4 << 20;
EXPORT_SYMBOL(sysctl_rmem_max);
__u32 sysctl_wmem_default __read_mostly = SK_WMEM_DEFAULT;
__u32 sysctl_rmem_default __read_mostly = SK_RMEM_DEFAULT;
#else
__u32 sysctl_wmem_max __read_mostly = SK_WMEM_MAX;
EXPORT_SYMBOL(sysctl_wmem_max);
__u32 sysctl_rmem_max __read_mostly = SK_RMEM_MAX;
EXPORT_SYMBOL(sysctl_rmem_max);
__u32 sysctl_wmem_default __read_mostly = SK_WMEM_MAX;
__u32 sysctl_rmem_default __read_mostly = SK_RMEM_MAX;
#endif
int sysctl_optmem_max __read_mostly = sizeof(unsigned long) * (2 * UIO_MAXIOV + 512);
EXPORT_SYMBOL(sysctl_optmem_max);

static DEFINE_MUTEX(proto_list_mutex);
static LIST_HEAD(proto_list);

/* a protocol for socket lookups and /proc/net/protocols; no slab of its own */
int proto_register(struct proto *prot, int alloc_slab)
{
	if (alloc_slab && !prot->obj_size)
		return -EINVAL;
	mutex_lock(&proto_list_mutex);
	list_add(&prot->node, &proto_list);
	mutex_unlock(&proto_list_mutex);
	return 0;
}
EXPORT_SYMBOL(proto_register);

void proto_unregister(struct proto *prot)
{
	mutex_lock(&proto_list_mutex);
	list_del(&prot->node);
	mutex_unlock(&proto_list_mutex);
}
EXPORT_SYMBOL(proto_unregister);

/*
 * A zeroed socket of prot->obj_size (struct sock at least) with its family,
 * protocol and namespace; a user socket (kern 0) holds a reference on net.
 * sk_wmem_alloc starts at 1: the socket's own, dropped by sk_free().
 */
struct sock *sk_alloc(struct net *net, int family, gfp_t priority,
		      struct proto *prot, int kern)
{
	struct sock *sk;

	sk = kzalloc(max_t(size_t, prot->obj_size, sizeof(*sk)), priority);
	if (!sk)
		return NULL;
	sk->sk_family = family;
	sk->sk_prot = sk->sk_prot_creator = prot;
	sk->sk_kern_sock = kern;
	spin_lock_init(&sk->sk_lock.slock);
	init_waitqueue_head(&sk->sk_lock.wq);
	sk->sk_net_refcnt = kern ? 0 : 1;
	if (likely(sk->sk_net_refcnt))
		get_net(net);
	sock_net_set(sk, net);
	refcount_set(&sk->sk_wmem_alloc, 1);
	sk_tx_queue_clear(sk);
	return sk;
}
EXPORT_SYMBOL(sk_alloc);

/* the socket's memory goes: its destructor, its namespace, its object */
static void __sk_free(struct sock *sk)
{
	if (sk->sk_destruct)
		sk->sk_destruct(sk);
	WARN(atomic_read(&sk->sk_omem_alloc), "%s: optmem leakage (%d bytes) detected\n",
	     __func__, atomic_read(&sk->sk_omem_alloc));
	if (likely(sk->sk_net_refcnt))
		put_net(sock_net(sk));
	kfree(sk);
}

/* the socket's own write reference: freed now, or by its last packet's */
void sk_free(struct sock *sk)
{
	if (refcount_dec_and_test(&sk->sk_wmem_alloc))
		__sk_free(sk);
}
EXPORT_SYMBOL(sk_free);

static void sock_def_noop(struct sock *sk)
{
}

/*
 * A new socket's defaults: the queues, the buffer sizes of
 * net.core.[rw]mem_default, infinite timeouts, one reference, no owner, the
 * type of sock (when there is one) and do-nothing callbacks where the
 * kernel's wake a process (the shim's sockets have none waiting).
 */
void sock_init_data_uid(struct socket *sock, struct sock *sk, kuid_t uid)
{
	skb_queue_head_init(&sk->sk_receive_queue);
	skb_queue_head_init(&sk->sk_write_queue);
	skb_queue_head_init(&sk->sk_error_queue);
	sk->sk_send_head = NULL;
	timer_setup(&sk->sk_timer, NULL, 0);
	sk->sk_allocation = GFP_KERNEL;
	sk->sk_rcvbuf = READ_ONCE(sysctl_rmem_default);
	sk->sk_sndbuf = READ_ONCE(sysctl_wmem_default);
	sk->sk_state = TCP_CLOSE;
	sk->sk_use_task_frag = true;
	sk_set_socket(sk, sock);
	sock_set_flag(sk, SOCK_ZAPPED);
	if (sock) {
		sk->sk_type = sock->type;
		RCU_INIT_POINTER(sk->sk_wq, &sock->wq);
		sock->sk = sk;
	} else {
		RCU_INIT_POINTER(sk->sk_wq, NULL);
	}
	rwlock_init(&sk->sk_callback_lock);
	sk->sk_state_change = sock_def_noop;
	sk->sk_data_ready = sock_def_noop;
	sk->sk_write_space = sock_def_noop;
	sk->sk_error_report = sock_def_noop;
	sk->sk_destruct = NULL;
	sk->sk_frag.page = NULL;
	sk->sk_frag.offset = 0;
	sk->sk_peek_off = -1;
	sk->sk_peer_pid = NULL;
	sk->sk_peer_cred = NULL;
	spin_lock_init(&sk->sk_peer_lock);
	sk->sk_write_pending = 0;
	sk->sk_rcvlowat = 1;
	sk->sk_rcvtimeo = MAX_SCHEDULE_TIMEOUT;
	sk->sk_sndtimeo = MAX_SCHEDULE_TIMEOUT;
	sk->sk_stamp = SK_DEFAULT_STAMP;
	atomic_set(&sk->sk_zckey, 0);
	sk->sk_max_pacing_rate = ~0UL;
	sk->sk_pacing_rate = ~0UL;
	WRITE_ONCE(sk->sk_pacing_shift, 10);
	sk->sk_incoming_cpu = -1;
	sk_rx_queue_clear(sk);
	refcount_set(&sk->sk_refcnt, 1);
	atomic_set(&sk->sk_drops, 0);
	sk->sk_uid = uid;
}
EXPORT_SYMBOL(sock_init_data_uid);

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
kuid_t sock_i_uid(struct sock *sk)
{
	kuid_t uid;

	read_lock_bh(&sk->sk_callback_lock);
	uid = sk->sk_socket ? SOCK_INODE(sk->sk_socket)->i_uid : GLOBAL_ROOT_UID;
	read_unlock_bh(&sk->sk_callback_lock);
	return uid;
}
EXPORT_SYMBOL(sock_i_uid);

/*
 * SO_TIMESTAMP's flags, as setsockopt() sets them. The kernel also turns on
 * the stack's receive timestamps (net_enable_timestamp()); the shim stamps
 * every received packet anyway.
 */
void sock_enable_timestamps(struct sock *sk)
{
	lock_sock(sk);
	sock_valbool_flag(sk, SOCK_TSTAMP_NEW, false);
	sock_valbool_flag(sk, SOCK_RCVTSTAMPNS, true);
	sock_set_flag(sk, SOCK_RCVTSTAMP);
	sock_set_flag(sk, SOCK_TIMESTAMP);
	release_sock(sk);
}
EXPORT_SYMBOL(sock_enable_timestamps);
#endif

/* multicast sent on sk loops back to local listeners: IP_MULTICAST_LOOP's (default on) */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
bool sk_mc_loop(const struct sock *sk)
#else
bool sk_mc_loop(struct sock *sk)
#endif
{
	/* a nested transmit (a tunnel's) never loops */
	if (dev_recursion_level())
		return false;
	if (!sk)
		return true;
	switch (READ_ONCE(sk->sk_family)) {
	case AF_INET:
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
		return inet_test_bit(MC_LOOP, sk);
#else
		return inet_sk(sk)->mc_loop;
#endif
	case AF_INET6:
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
		return inet6_test_bit(MC6_LOOP, sk);
#else
		return inet6_sk(sk)->mc_loop;
#endif
	}
	return true;
}
EXPORT_SYMBOL(sk_mc_loop);

/* the owner: the socket inode's (the shim's inodes carry none: root), else root of sk's net */
void sock_init_data(struct socket *sock, struct sock *sk)
{
	kuid_t uid = sock ? GLOBAL_ROOT_UID : make_kuid(sock_net(sk)->user_ns, 0);

	sock_init_data_uid(sock, sk, uid);
}
EXPORT_SYMBOL(sock_init_data);

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
unsigned long __sock_i_ino(struct sock *sk)
{
	unsigned long ino;

	read_lock(&sk->sk_callback_lock);
	ino = sk->sk_socket ? SOCK_INODE(sk->sk_socket)->i_ino : 0;
	read_unlock(&sk->sk_callback_lock);
	return ino;
}
EXPORT_SYMBOL(__sock_i_ino);

unsigned long sock_i_ino(struct sock *sk)
{
	unsigned long ino;

	local_bh_disable();
	ino = __sock_i_ino(sk);
	local_bh_enable();
	return ino;
}
EXPORT_SYMBOL(sock_i_ino);
#endif

/*
 * Charge a sent packet to sk's write memory until it is freed: its
 * destructor sock_wfree() gives the charge back. A request or timewait
 * socket is only held (sock_edemux()).
 */
void skb_set_owner_w(struct sk_buff *skb, struct sock *sk)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	int old_wmem;

	skb_orphan(skb);
	if (unlikely(!sk_fullsock(sk)))
		return skb_set_owner_edemux(skb, sk);
	skb->sk = sk;
	skb->destructor = sock_wfree;
	skb_set_hash_from_sk(skb, sk);
	__refcount_add(skb->truesize, &sk->sk_wmem_alloc, &old_wmem);
	/*
	 * The socket's only packet in a host queue (qdisc, device): the stack
	 * may pick another TX queue for it without reordering (XPS).
	 */
	skb->ooo_okay = (old_wmem == SK_WMEM_ALLOC_BIAS);
#else
	skb_orphan(skb);
	skb->sk = sk;
	if (unlikely(!sk_fullsock(sk))) {
		skb->destructor = sock_edemux;
		sock_hold(sk);
		return;
	}
	skb->destructor = sock_wfree;
	skb_set_hash_from_sk(skb, sk);
	refcount_add(skb->truesize, &sk->sk_wmem_alloc);
#endif
}
EXPORT_SYMBOL(skb_set_owner_w);

/*
 * A sent packet's charge back: all but one unit first and the writer told
 * there is space (unless the socket uses its write queue), then the last
 * unit, which frees a socket sk_free() already let go.
 */
void sock_wfree(struct sk_buff *skb)
{
	struct sock *sk = skb->sk;
	unsigned int len = skb->truesize;

	if (!sock_flag(sk, SOCK_USE_WRITE_QUEUE)) {
		WARN_ON(refcount_sub_and_test(len - 1, &sk->sk_wmem_alloc));
		if (sk->sk_write_space)
			sk->sk_write_space(sk);
		len = 1;
	}
	if (refcount_sub_and_test(len, &sk->sk_wmem_alloc))
		__sk_free(sk);
}
EXPORT_SYMBOL(sock_wfree);

/* a received packet's charge back (skb_set_owner_r()) */
void sock_rfree(struct sk_buff *skb)
{
	struct sock *sk = skb->sk;
	unsigned int len = skb->truesize;

	atomic_sub(len, &sk->sk_rmem_alloc);
	sk_mem_uncharge(sk, len);
}
EXPORT_SYMBOL(sock_rfree);

/* a reference-only owner's reference back (skb_set_owner_sk_safe()) */
void sock_efree(struct sk_buff *skb)
{
	sock_put(skb->sk);
}
EXPORT_SYMBOL(sock_efree);

void sock_edemux(struct sk_buff *skb)
{
	sock_put(skb->sk);
}
EXPORT_SYMBOL(sock_edemux);

/* an early-demuxed socket's reference, when it holds one */
void sock_pfree(struct sk_buff *skb)
{
	if (sk_is_refcounted(skb->sk))
		sock_put(skb->sk);
}
EXPORT_SYMBOL(sock_pfree);

/* SO_PEEK_OFF: where MSG_PEEK reads from (-1: off) */
int sk_set_peek_off(struct sock *sk, int val)
{
	WRITE_ONCE(sk->sk_peek_off, val);
	return 0;
}
EXPORT_SYMBOL_GPL(sk_set_peek_off);

/* a packet charged to sk, within its send buffer unless forced */
struct sk_buff *sock_wmalloc(struct sock *sk, unsigned long size, int force,
			     gfp_t priority)
{
	if (force || refcount_read(&sk->sk_wmem_alloc) < READ_ONCE(sk->sk_sndbuf)) {
		struct sk_buff *skb = alloc_skb(size, priority);

		if (skb) {
			skb_set_owner_w(skb, sk);
			return skb;
		}
	}
	return NULL;
}
EXPORT_SYMBOL(sock_wmalloc);

/* option memory, counted in sk_omem_alloc up to net.core.optmem_max */
void *sock_kmalloc(struct sock *sk, int size, gfp_t priority)
{
	int optmem_max = READ_ONCE(sysctl_optmem_max);

	if ((unsigned int)size <= optmem_max &&
	    atomic_read(&sk->sk_omem_alloc) + size < optmem_max) {
		void *mem;

		atomic_add(size, &sk->sk_omem_alloc);
		mem = kmalloc(size, priority);
		if (mem)
			return mem;
		atomic_sub(size, &sk->sk_omem_alloc);
	}
	return NULL;
}
EXPORT_SYMBOL(sock_kmalloc);

void sock_kfree_s(struct sock *sk, void *mem, int size)
{
	if (WARN_ON_ONCE(!mem))
		return;
	kfree(mem);
	atomic_sub(size, &sk->sk_omem_alloc);
}
EXPORT_SYMBOL(sock_kfree_s);

void sock_kzfree_s(struct sock *sk, void *mem, int size)
{
	if (WARN_ON_ONCE(!mem))
		return;
	kfree_sensitive(mem);
	atomic_sub(size, &sk->sk_omem_alloc);
}
EXPORT_SYMBOL(sock_kzfree_s);

/*
 * A process takes the socket: one task, so an owned socket here is the
 * caller's own recursion (the kernel would sleep forever): warned.
 */
void lock_sock_nested(struct sock *sk, int subclass)
{
	spin_lock_bh(&sk->sk_lock.slock);
	WARN_ON_ONCE(sock_owned_by_user_nocheck(sk));
	sk->sk_lock.owned = 1;
	spin_unlock_bh(&sk->sk_lock.slock);
}
EXPORT_SYMBOL(lock_sock_nested);

/*
 * the packets queued on the backlog while the socket was owned go to the
 * protocol, in order, the spinlock (held on entry) dropped meanwhile
 */
static void __release_sock(struct sock *sk)
{
	while (sk->sk_backlog.tail) {
		struct sk_buff *skb = sk->sk_backlog.head;

		WRITE_ONCE(sk->sk_backlog.head, NULL);
		WRITE_ONCE(sk->sk_backlog.tail, NULL);
		spin_unlock_bh(&sk->sk_lock.slock);
		while (skb) {
			struct sk_buff *next = skb->next;

			skb->next = NULL;
			sk_backlog_rcv(sk, skb);
			skb = next;
		}
		spin_lock_bh(&sk->sk_lock.slock);
	}
	sk->sk_backlog.len = 0;
}

/* an owner working through a long job lets the backlog in (sk_flush_backlog()) */
void __sk_flush_backlog(struct sock *sk)
{
	spin_lock_bh(&sk->sk_lock.slock);
	__release_sock(sk);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	/* what the protocol deferred while the backlog waited (6.1 leaves it) */
	if (sk->sk_prot->release_cb)
		sk->sk_prot->release_cb(sk);
#endif
	spin_unlock_bh(&sk->sk_lock.slock);
}
EXPORT_SYMBOL_GPL(__sk_flush_backlog);

/* the packets queued meanwhile go to the protocol, then the owner leaves */
void release_sock(struct sock *sk)
{
	spin_lock_bh(&sk->sk_lock.slock);
	__release_sock(sk);
	if (sk->sk_prot->release_cb)
		sk->sk_prot->release_cb(sk);
	sock_release_ownership(sk);
	if (waitqueue_active(&sk->sk_lock.wq))
		wake_up(&sk->sk_lock.wq);
	spin_unlock_bh(&sk->sk_lock.slock);
}
EXPORT_SYMBOL(release_sock);

bool __lock_sock_fast(struct sock *sk)
{
	spin_lock_bh(&sk->sk_lock.slock);
	if (!sock_owned_by_user_nocheck(sk))
		return false;	/* the spinlock stays held */
	WARN_ON_ONCE(1);	/* owned by this one task: lock_sock() would never return */
	sk->sk_lock.owned = 1;
	spin_unlock_bh(&sk->sk_lock.slock);
	return true;
}
EXPORT_SYMBOL(__lock_sock_fast);

/* armed, the timer holds a reference on the socket; its handler drops it */
void sk_reset_timer(struct sock *sk, struct timer_list *timer, unsigned long expires)
{
	if (!mod_timer(timer, expires))
		sock_hold(sk);
}
EXPORT_SYMBOL(sk_reset_timer);

void sk_stop_timer(struct sock *sk, struct timer_list *timer)
{
	if (timer_delete(timer))
		__sock_put(sk);
}
EXPORT_SYMBOL(sk_stop_timer);

void sk_stop_timer_sync(struct sock *sk, struct timer_list *timer)
{
	if (timer_delete_sync(timer))
		__sock_put(sk);
}
EXPORT_SYMBOL(sk_stop_timer_sync);

static void sk_enter_memory_pressure(struct sock *sk)
{
	if (!sk->sk_prot->enter_memory_pressure)
		return;
	sk->sk_prot->enter_memory_pressure(sk);
}

static void sk_leave_memory_pressure(struct sock *sk)
{
	if (sk->sk_prot->leave_memory_pressure) {
		sk->sk_prot->leave_memory_pressure(sk);
	} else {
		unsigned long *memory_pressure = sk->sk_prot->memory_pressure;

		if (memory_pressure && READ_ONCE(*memory_pressure))
			WRITE_ONCE(*memory_pressure, 0);
	}
}

/* the buffer every socket keeps even under pressure (tcp_[rw]mem[0]) */
static int sk_mem0(const int *sysctl)
{
	return sysctl ? READ_ONCE(sysctl[0]) : 0;
}

/*
 * amt pages more for the protocol's pool: granted under the low limit;
 * above the pressure limit the protocol enters pressure; above the high
 * limit, or under pressure once the socket holds its minimum buffer, a
 * stream sender's buffer is moderated and the charge refused unless the
 * queue is already past it (the kernel then forces it). The shim keeps no
 * socket count, so the kernel's fair-share admission under pressure (a
 * socket below the average use) is not made: such a socket is refused.
 */
int __sk_mem_raise_allocated(struct sock *sk, int size, int amt, int kind)
{
	struct proto *prot = sk->sk_prot;
	long allocated;

	sk_memory_allocated_add(sk, amt);
	allocated = sk_memory_allocated(sk);
	if (allocated <= sk_prot_mem_limits(sk, 0)) {
		sk_leave_memory_pressure(sk);
		return 1;
	}
	if (allocated > sk_prot_mem_limits(sk, 1))
		sk_enter_memory_pressure(sk);
	if (allocated > sk_prot_mem_limits(sk, 2))
		goto suppress_allocation;
	if (kind == SK_MEM_RECV) {
		if (atomic_read(&sk->sk_rmem_alloc) < sk_mem0(prot->sysctl_rmem))
			return 1;
	} else {
		int wmem0 = sk_mem0(prot->sysctl_wmem);

		if (sk->sk_type == SOCK_STREAM) {
			if (sk->sk_wmem_queued < wmem0)
				return 1;
		} else if (refcount_read(&sk->sk_wmem_alloc) < wmem0) {
			return 1;
		}
	}
	if (sk_has_memory_pressure(sk) && !sk_under_global_memory_pressure(sk))
		return 1;

suppress_allocation:
	if (kind == SK_MEM_SEND && sk->sk_type == SOCK_STREAM) {
		sk_stream_moderate_sndbuf(sk);
		if (sk->sk_wmem_queued + size >= sk->sk_sndbuf)
			return 1;
	}
	sk_memory_allocated_sub(sk, amt);
	return 0;
}
EXPORT_SYMBOL(__sk_mem_raise_allocated);

/* whole pages for size more bytes of forward allocation, or 0 */
int __sk_mem_schedule(struct sock *sk, int size, int kind)
{
	int ret, amt = sk_mem_pages(size);

	sk_forward_alloc_add(sk, amt << PAGE_SHIFT);
	ret = __sk_mem_raise_allocated(sk, size, amt, kind);
	if (!ret)
		sk_forward_alloc_add(sk, -(amt << PAGE_SHIFT));
	return ret;
}
EXPORT_SYMBOL(__sk_mem_schedule);

void __sk_mem_reduce_allocated(struct sock *sk, int amount)
{
	sk_memory_allocated_sub(sk, amount);
	if (sk_under_global_memory_pressure(sk) &&
	    sk_memory_allocated(sk) < sk_prot_mem_limits(sk, 0))
		sk_leave_memory_pressure(sk);
}
EXPORT_SYMBOL(__sk_mem_reduce_allocated);

/* the whole pages of amount bytes back to the pool */
void __sk_mem_reclaim(struct sock *sk, int amount)
{
	amount >>= PAGE_SHIFT;
	sk_forward_alloc_add(sk, -(amount << PAGE_SHIFT));
	__sk_mem_reduce_allocated(sk, amount);
}
EXPORT_SYMBOL(__sk_mem_reclaim);

/* proto_ops entries for operations a socket type does not have */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
int sock_no_bind(struct socket *sock, struct sockaddr_unsized *saddr, int len)
#else
int sock_no_bind(struct socket *sock, struct sockaddr *saddr, int len)
#endif
{
	return -EOPNOTSUPP;
}
EXPORT_SYMBOL(sock_no_bind);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
int sock_no_connect(struct socket *sock, struct sockaddr_unsized *saddr, int len, int flags)
#else
int sock_no_connect(struct socket *sock, struct sockaddr *saddr, int len, int flags)
#endif
{
	return -EOPNOTSUPP;
}
EXPORT_SYMBOL(sock_no_connect);

int sock_no_socketpair(struct socket *sock1, struct socket *sock2)
{
	return -EOPNOTSUPP;
}
EXPORT_SYMBOL(sock_no_socketpair);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
int sock_no_accept(struct socket *sock, struct socket *newsock, struct proto_accept_arg *arg)
#else
int sock_no_accept(struct socket *sock, struct socket *newsock, int flags, bool kern)
#endif
{
	return -EOPNOTSUPP;
}
EXPORT_SYMBOL(sock_no_accept);

int sock_no_getname(struct socket *sock, struct sockaddr *saddr, int peer)
{
	return -EOPNOTSUPP;
}
EXPORT_SYMBOL(sock_no_getname);

int sock_no_ioctl(struct socket *sock, unsigned int cmd, unsigned long arg)
{
	return -EOPNOTSUPP;
}
EXPORT_SYMBOL(sock_no_ioctl);

int sock_no_listen(struct socket *sock, int backlog)
{
	return -EOPNOTSUPP;
}
EXPORT_SYMBOL(sock_no_listen);

int sock_no_shutdown(struct socket *sock, int how)
{
	return -EOPNOTSUPP;
}
EXPORT_SYMBOL(sock_no_shutdown);

int sock_no_sendmsg(struct socket *sock, struct msghdr *m, size_t len)
{
	return -EOPNOTSUPP;
}
EXPORT_SYMBOL(sock_no_sendmsg);

int sock_no_sendmsg_locked(struct sock *sk, struct msghdr *msg, size_t len)
{
	return -EOPNOTSUPP;
}
EXPORT_SYMBOL(sock_no_sendmsg_locked);

int sock_no_recvmsg(struct socket *sock, struct msghdr *m, size_t len, int flags)
{
	return -EOPNOTSUPP;
}
EXPORT_SYMBOL(sock_no_recvmsg);

/* no mapping of a socket's memory: "no such device" */
int sock_no_mmap(struct file *file, struct socket *sock, struct vm_area_struct *vma)
{
	return -ENODEV;
}
EXPORT_SYMBOL(sock_no_mmap);

/* SO_LINGER off: close() does not wait for unsent data */
void sock_no_linger(struct sock *sk)
{
	lock_sock(sk);
	WRITE_ONCE(sk->sk_lingertime, 0);
	sock_reset_flag(sk, SOCK_LINGER);
	release_sock(sk);
}
EXPORT_SYMBOL(sock_no_linger);

/* SO_KEEPALIVE on: the protocol's timer first, then the flag */
void sock_set_keepalive(struct sock *sk)
{
	lock_sock(sk);
	if (sk->sk_prot->keepalive)
		sk->sk_prot->keepalive(sk, true);
	sock_valbool_flag(sk, SOCK_KEEPOPEN, true);
	release_sock(sk);
}
EXPORT_SYMBOL(sock_set_keepalive);

void sock_set_priority(struct sock *sk, u32 priority)
{
	lock_sock(sk);
	WRITE_ONCE(sk->sk_priority, priority);
	release_sock(sk);
}
EXPORT_SYMBOL(sock_set_priority);

void sock_set_reuseaddr(struct sock *sk)
{
	lock_sock(sk);
	sk->sk_reuse = SK_CAN_REUSE;
	release_sock(sk);
}
EXPORT_SYMBOL(sock_set_reuseaddr);

void sock_set_reuseport(struct sock *sk)
{
	lock_sock(sk);
	sk->sk_reuseport = true;
	release_sock(sk);
}
EXPORT_SYMBOL(sock_set_reuseport);

/* SO_SNDTIMEO in seconds: 0, or one too large for jiffies, waits forever */
void sock_set_sndtimeo(struct sock *sk, s64 secs)
{
	lock_sock(sk);
	if (secs && secs < MAX_SCHEDULE_TIMEOUT / HZ - 1)
		WRITE_ONCE(sk->sk_sndtimeo, secs * HZ);
	else
		WRITE_ONCE(sk->sk_sndtimeo, MAX_SCHEDULE_TIMEOUT);
	release_sock(sk);
}
EXPORT_SYMBOL(sock_set_sndtimeo);

void *sock_kmemdup(struct sock *sk, const void *src, int size, gfp_t priority)
{
	void *mem = sock_kmalloc(sk, size, priority);

	if (mem)
		memcpy(mem, src, size);
	return mem;
}
EXPORT_SYMBOL(sock_kmemdup);

void sk_error_report(struct sock *sk)
{
	sk->sk_error_report(sk);
}
EXPORT_SYMBOL(sk_error_report);

/*
 * Onto sk_receive_queue: -ENOMEM past sk_rcvbuf, -ENOBUFS when the protocol's
 * memory refuses it (both counted in sk_drops), else charged to the socket
 * and sk_data_ready() called (unless the socket is dead).
 */
int __sock_queue_rcv_skb(struct sock *sk, struct sk_buff *skb)
{
	struct sk_buff_head *list = &sk->sk_receive_queue;
	unsigned long flags;

	if (atomic_read(&sk->sk_rmem_alloc) >= READ_ONCE(sk->sk_rcvbuf)) {
		atomic_inc(&sk->sk_drops);
		return -ENOMEM;
	}
	if (!sk_rmem_schedule(sk, skb, skb->truesize)) {
		atomic_inc(&sk->sk_drops);
		return -ENOBUFS;
	}
	skb->dev = NULL;
	skb_set_owner_r(skb, sk);
	skb_dst_force(skb);
	spin_lock_irqsave(&list->lock, flags);
	sock_skb_set_dropcount(sk, skb);
	__skb_queue_tail(list, skb);
	spin_unlock_irqrestore(&list->lock, flags);
	if (!sock_flag(sk, SOCK_DEAD))
		sk->sk_data_ready(sk);
	return 0;
}
EXPORT_SYMBOL(__sock_queue_rcv_skb);

static enum skb_drop_reason rcv_drop_reason(int err)
{
	switch (err) {
	case -ENOMEM:
		return SKB_DROP_REASON_SOCKET_RCVBUFF;
	case -ENOBUFS:
		return SKB_DROP_REASON_PROTO_MEM;
	default:
		return SKB_NOT_DROPPED_YET;
	}
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
enum skb_drop_reason sock_queue_rcv_skb_reason(struct sock *sk, struct sk_buff *skb)
{
	return rcv_drop_reason(__sock_queue_rcv_skb(sk, skb));
}
#else
int sock_queue_rcv_skb_reason(struct sock *sk, struct sk_buff *skb,
			      enum skb_drop_reason *reason)
{
	int err = __sock_queue_rcv_skb(sk, skb);

	if (reason)
		*reason = rcv_drop_reason(err);
	return err;
}
#endif
EXPORT_SYMBOL(sock_queue_rcv_skb_reason);

/* a new mark or device invalidates a cached route (the shim caches none) */
void sock_set_mark(struct sock *sk, u32 val)
{
	lock_sock(sk);
	if (val != sk->sk_mark)
		WRITE_ONCE(sk->sk_mark, val);
	release_sock(sk);
}
EXPORT_SYMBOL(sock_set_mark);

/* twice the value asked for (the kernel's overhead allowance), at least the minimum */
void sock_set_rcvbuf(struct sock *sk, int val)
{
	lock_sock(sk);
	val = min_t(int, val, INT_MAX / 2);
	sk->sk_userlocks |= SOCK_RCVBUF_LOCK;
	WRITE_ONCE(sk->sk_rcvbuf, max_t(int, val * 2, SOCK_MIN_RCVBUF));
	release_sock(sk);
}
EXPORT_SYMBOL(sock_set_rcvbuf);

/* the one task is privileged (CAP_NET_RAW), so rebinding is allowed */
static int sock_bindtoindex_locked(struct sock *sk, int ifindex)
{
	if (ifindex < 0)
		return -EINVAL;
	WRITE_ONCE(sk->sk_bound_dev_if, ifindex);
	if (sk->sk_prot && sk->sk_prot->rehash)
		sk->sk_prot->rehash(sk);
	return 0;
}

int sock_bindtoindex(struct sock *sk, int ifindex, bool lock_sk)
{
	int ret;

	if (lock_sk)
		lock_sock(sk);
	ret = sock_bindtoindex_locked(sk, ifindex);
	if (lock_sk)
		release_sock(sk);
	return ret;
}
EXPORT_SYMBOL(sock_bindtoindex);

/*
 * A packet for sk from softirq: to the protocol at once, or onto the
 * backlog while a process owns the socket; dropped (counted in sk_drops)
 * when the receive queues are past sk_rcvbuf. No socket filter is attached
 * to a shim socket (nothing trims to trim_cap). refcounted: the caller's
 * reference is put.
 */
int __sk_receive_skb(struct sock *sk, struct sk_buff *skb, const int nested,
		     unsigned int trim_cap, bool refcounted)
{
	int rc = NET_RX_SUCCESS;

	skb->dev = NULL;
	if (sk_rcvqueues_full(sk, READ_ONCE(sk->sk_rcvbuf)))
		goto drop;
	if (nested)
		bh_lock_sock_nested(sk);
	else
		bh_lock_sock(sk);
	if (!sock_owned_by_user(sk)) {
		rc = sk_backlog_rcv(sk, skb);
	} else if (sk_add_backlog(sk, skb, READ_ONCE(sk->sk_rcvbuf))) {
		bh_unlock_sock(sk);
		goto drop;
	}
	bh_unlock_sock(sk);
out:
	if (refcounted)
		sock_put(sk);
	return rc;
drop:
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	sk_drops_inc(sk);
#else
	atomic_inc(&sk->sk_drops);
#endif
	kfree_skb(skb);
	goto out;
}
EXPORT_SYMBOL(__sk_receive_skb);

/* socket options: the BPF setsockopt hooks do not run here, so always the lock */
void sockopt_lock_sock(struct sock *sk)
{
	lock_sock(sk);
}
EXPORT_SYMBOL(sockopt_lock_sock);

void sockopt_release_sock(struct sock *sk)
{
	release_sock(sk);
}
EXPORT_SYMBOL(sockopt_release_sock);

/* the generic socket calls a protocol's proto_ops point at: to its struct proto */
int sock_common_getsockopt(struct socket *sock, int level, int optname,
			   char __user *optval, int __user *optlen)
{
	struct sock *sk = sock->sk;

	return READ_ONCE(sk->sk_prot)->getsockopt(sk, level, optname, optval, optlen);
}
EXPORT_SYMBOL(sock_common_getsockopt);

int sock_common_setsockopt(struct socket *sock, int level, int optname,
			   sockptr_t optval, unsigned int optlen)
{
	struct sock *sk = sock->sk;

	return READ_ONCE(sk->sk_prot)->setsockopt(sk, level, optname, optval, optlen);
}
EXPORT_SYMBOL(sock_common_setsockopt);

/* the protocol's answer; before 7.x the peer's address length goes to msg_namelen */
int sock_common_recvmsg(struct socket *sock, struct msghdr *msg, size_t size, int flags)
{
	struct sock *sk = sock->sk;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)

	return sk->sk_prot->recvmsg(sk, msg, size, flags);
#else
	int addr_len = 0;
	int err;

	err = sk->sk_prot->recvmsg(sk, msg, size, flags, &addr_len);
	if (err >= 0)
		msg->msg_namelen = addr_len;
	return err;
#endif
}
EXPORT_SYMBOL(sock_common_recvmsg);

/*
 * Sockets that may use the emergency reserves (swap over the network): the
 * flag, __GFP_MEMALLOC in its allocations, and the static key
 * sk_memalloc_socks() reads, counting them (process context: a flip sleeps)
 */
DEFINE_STATIC_KEY_FALSE(memalloc_socks_key);
EXPORT_SYMBOL_GPL(memalloc_socks_key);

void sk_set_memalloc(struct sock *sk)
{
	sock_set_flag(sk, SOCK_MEMALLOC);
	sk->sk_allocation |= __GFP_MEMALLOC;
	static_branch_inc(&memalloc_socks_key);
}
EXPORT_SYMBOL_GPL(sk_set_memalloc);

void sk_clear_memalloc(struct sock *sk)
{
	sock_reset_flag(sk, SOCK_MEMALLOC);
	sk->sk_allocation &= ~__GFP_MEMALLOC;
	static_branch_dec(&memalloc_socks_key);
	/* what it took from the reserves goes back now */
	sk_mem_reclaim(sk);
}
EXPORT_SYMBOL_GPL(sk_clear_memalloc);
