// SPDX-License-Identifier: GPL-2.0
/*
 * socket.c - the socket layer (net/socket.c). Protocol families register
 * as in the kernel (one per family, sock_register()/sock_unregister()); a
 * socket's life and I/O are not modelled: there is no network stack behind
 * a socket in user space, so those functions stop the program at the
 * caller's line (qdk/unmodelled.h). And the hook the 8021q module installs
 * for SIOCGIFVLAN/SIOCSIFVLAN: the shim has no ioctl sockets, so nothing
 * calls it; it is kept as the kernel keeps it.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/net.h>
#include <linux/printk.h>
#include <linux/socket.h>
#include <linux/if_vlan.h>
#include <linux/mutex.h>
#include <linux/net_tstamp.h>
#include <linux/version.h>
#include <net/sock.h>
#include <qdk/unmodelled.h>

#define NPROTO	AF_MAX

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* 7.x's uapi flag, which the host's (6.1) linux/net_tstamp.h lacks */
#define QDK_SOF_TIMESTAMPING_TX_COMPLETION	(1 << 18)

void __sock_tx_timestamp(__u32 tsflags, __u8 *tx_flags)
{
	u8 flags = *tx_flags;

	if (tsflags & SOF_TIMESTAMPING_TX_HARDWARE)
		flags |= SKBTX_HW_TSTAMP_NOBPF;
	if (tsflags & SOF_TIMESTAMPING_TX_SOFTWARE)
		flags |= SKBTX_SW_TSTAMP;
	if (tsflags & SOF_TIMESTAMPING_TX_SCHED)
		flags |= SKBTX_SCHED_TSTAMP;
	if (tsflags & QDK_SOF_TIMESTAMPING_TX_COMPLETION)
		flags |= SKBTX_COMPLETION_TSTAMP;
	*tx_flags = flags;
}
#else
void __sock_tx_timestamp(__u16 tsflags, __u8 *tx_flags)
{
	u8 flags = *tx_flags;

	if (tsflags & SOF_TIMESTAMPING_TX_HARDWARE) {
		flags |= SKBTX_HW_TSTAMP;
		/* bound to a PHC's virtual clock: the driver stamps free-running cycles */
		if (tsflags & SOF_TIMESTAMPING_BIND_PHC)
			flags |= SKBTX_HW_TSTAMP_USE_CYCLES;
	}
	if (tsflags & SOF_TIMESTAMPING_TX_SOFTWARE)
		flags |= SKBTX_SW_TSTAMP;
	if (tsflags & SOF_TIMESTAMPING_TX_SCHED)
		flags |= SKBTX_SCHED_TSTAMP;
	*tx_flags = flags;
}
#endif
EXPORT_SYMBOL(__sock_tx_timestamp);

static const struct net_proto_family *net_families[NPROTO];

/* -ENOBUFS for a family out of range, -EEXIST for one already there */
int sock_register(const struct net_proto_family *ops)
{
	if (ops->family >= NPROTO) {
		pr_crit("protocol %d >= NPROTO(%d)\n", ops->family, NPROTO);
		return -ENOBUFS;
	}
	if (net_families[ops->family])
		return -EEXIST;
	WRITE_ONCE(net_families[ops->family], ops);
	pr_info("NET: Registered protocol family %d\n", ops->family);
	return 0;
}
EXPORT_SYMBOL(sock_register);

void sock_unregister(int family)
{
	BUG_ON(family < 0 || family >= NPROTO);
	WRITE_ONCE(net_families[family], NULL);
}
EXPORT_SYMBOL(sock_unregister);

bool sock_is_registered(int family)
{
	return family < NPROTO && READ_ONCE(net_families[family]);
}

#define NO_SOCKET_IO	"no network stack behind a socket in user space"

int sock_wake_async(struct socket_wq *wq, int how, int band)
{
	QDK_UNMODELLED(sock_wake_async, "no process to signal");
}
EXPORT_SYMBOL(sock_wake_async);

int __sock_create(struct net *net, int family, int type, int protocol,
		  struct socket **res, int kern)
{
	QDK_UNMODELLED(__sock_create, NO_SOCKET_IO);
}
EXPORT_SYMBOL(__sock_create);

int sock_create(int family, int type, int protocol, struct socket **res)
{
	QDK_UNMODELLED(sock_create, NO_SOCKET_IO);
}
EXPORT_SYMBOL(sock_create);

int sock_create_kern(struct net *net, int family, int type, int protocol,
		     struct socket **res)
{
	QDK_UNMODELLED(sock_create_kern, NO_SOCKET_IO);
}
EXPORT_SYMBOL(sock_create_kern);

int sock_create_lite(int family, int type, int protocol, struct socket **res)
{
	QDK_UNMODELLED(sock_create_lite, NO_SOCKET_IO);
}
EXPORT_SYMBOL(sock_create_lite);

struct socket *sock_alloc(void)
{
	QDK_UNMODELLED(sock_alloc, "no sockfs inodes in user space");
}
EXPORT_SYMBOL(sock_alloc);

void sock_release(struct socket *sock)
{
	QDK_UNMODELLED(sock_release, NO_SOCKET_IO);
}
EXPORT_SYMBOL(sock_release);

int sock_sendmsg(struct socket *sock, struct msghdr *msg)
{
	QDK_UNMODELLED(sock_sendmsg, NO_SOCKET_IO);
}
EXPORT_SYMBOL(sock_sendmsg);

int sock_recvmsg(struct socket *sock, struct msghdr *msg, int flags)
{
	QDK_UNMODELLED(sock_recvmsg, NO_SOCKET_IO);
}
EXPORT_SYMBOL(sock_recvmsg);

struct file *sock_alloc_file(struct socket *sock, int flags, const char *dname)
{
	QDK_UNMODELLED(sock_alloc_file, "no sockfs files in user space");
}
EXPORT_SYMBOL(sock_alloc_file);

struct socket *sockfd_lookup(int fd, int *err)
{
	QDK_UNMODELLED(sockfd_lookup, "no process file table");
}
EXPORT_SYMBOL(sockfd_lookup);

struct socket *sock_from_file(struct file *file)
{
	QDK_UNMODELLED(sock_from_file, "no sockfs files in user space");
}
EXPORT_SYMBOL(sock_from_file);

int kernel_sendmsg(struct socket *sock, struct msghdr *msg, struct kvec *vec,
		   size_t num, size_t size)
{
	QDK_UNMODELLED(kernel_sendmsg, NO_SOCKET_IO);
}
EXPORT_SYMBOL(kernel_sendmsg);

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
int kernel_sendmsg_locked(struct sock *sk, struct msghdr *msg,
			  struct kvec *vec, size_t num, size_t size)
{
	QDK_UNMODELLED(kernel_sendmsg_locked, NO_SOCKET_IO);
}
EXPORT_SYMBOL(kernel_sendmsg_locked);
#endif

int kernel_recvmsg(struct socket *sock, struct msghdr *msg, struct kvec *vec,
		   size_t num, size_t size, int flags)
{
	QDK_UNMODELLED(kernel_recvmsg, NO_SOCKET_IO);
}
EXPORT_SYMBOL(kernel_recvmsg);

int kernel_bind(struct socket *sock, __QDK_SOCKADDR_ARG *addr, int addrlen)
{
	QDK_UNMODELLED(kernel_bind, NO_SOCKET_IO);
}
EXPORT_SYMBOL(kernel_bind);

int kernel_listen(struct socket *sock, int backlog)
{
	QDK_UNMODELLED(kernel_listen, NO_SOCKET_IO);
}
EXPORT_SYMBOL(kernel_listen);

int kernel_accept(struct socket *sock, struct socket **newsock, int flags)
{
	QDK_UNMODELLED(kernel_accept, NO_SOCKET_IO);
}
EXPORT_SYMBOL(kernel_accept);

int kernel_connect(struct socket *sock, __QDK_SOCKADDR_ARG *addr, int addrlen, int flags)
{
	QDK_UNMODELLED(kernel_connect, NO_SOCKET_IO);
}
EXPORT_SYMBOL(kernel_connect);

int kernel_getsockname(struct socket *sock, struct sockaddr *addr)
{
	QDK_UNMODELLED(kernel_getsockname, NO_SOCKET_IO);
}
EXPORT_SYMBOL(kernel_getsockname);

int kernel_getpeername(struct socket *sock, struct sockaddr *addr)
{
	QDK_UNMODELLED(kernel_getpeername, NO_SOCKET_IO);
}
EXPORT_SYMBOL(kernel_getpeername);

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
int kernel_sendpage(struct socket *sock, struct page *page, int offset,
		    size_t size, int flags)
{
	QDK_UNMODELLED(kernel_sendpage, NO_SOCKET_IO);
}
EXPORT_SYMBOL(kernel_sendpage);

int kernel_sendpage_locked(struct sock *sk, struct page *page, int offset,
			   size_t size, int flags)
{
	QDK_UNMODELLED(kernel_sendpage_locked, NO_SOCKET_IO);
}
EXPORT_SYMBOL(kernel_sendpage_locked);
#endif

int kernel_sock_shutdown(struct socket *sock, enum sock_shutdown_cmd how)
{
	QDK_UNMODELLED(kernel_sock_shutdown, NO_SOCKET_IO);
}
EXPORT_SYMBOL(kernel_sock_shutdown);

u32 kernel_sock_ip_overhead(struct sock *sk)
{
	QDK_UNMODELLED(kernel_sock_ip_overhead, "no IP options or routes of a socket");
}
EXPORT_SYMBOL(kernel_sock_ip_overhead);

static DEFINE_MUTEX(vlan_ioctl_mutex);
static int (*vlan_ioctl_hook)(struct net *net, void __user *arg);

void vlan_ioctl_set(int (*hook)(struct net *, void __user *))
{
	mutex_lock(&vlan_ioctl_mutex);
	vlan_ioctl_hook = hook;
	mutex_unlock(&vlan_ioctl_mutex);
}
EXPORT_SYMBOL(vlan_ioctl_set);
