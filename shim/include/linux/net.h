/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The BSD socket layer's view of a socket (struct socket, struct proto_ops,
 * socket types and flags) as the series' linux/net.h has it. The socket
 * layer's I/O (sock_create(), kernel_sendmsg(), ...) is declared with the
 * series' signatures and not modelled: user space has no network stack
 * behind a socket (lib/socket.c).
 */
#ifndef _QDK_SHIM_LINUX_NET_H
#define _QDK_SHIM_LINUX_NET_H

#include_next <linux/net.h>	/* uapi: SYS_*, socket_state */
#include <linux/stringify.h>
#include <linux/random.h>
#include <linux/once.h>
#include <linux/rcupdate.h>
#include <linux/mm.h>
#include <linux/wait.h>
#include <linux/fcntl.h>
#include <linux/uio.h>
#include <linux/sockptr.h>
#include <linux/version.h>

struct poll_table_struct;
struct pipe_inode_info;
struct inode;
struct file;
struct net;
struct seq_file;
struct fasync_struct;

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* a getsockopt() value: where it is read from and written to, its length */
typedef struct sockopt {
	struct iov_iter	iter_in;
	struct iov_iter	iter_out;
	int		optlen;
} sockopt_t;
#endif

/* bits of struct socket's flags and of struct socket_wq's */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
enum socket_flags {
	SOCKWQ_ASYNC_NOSPACE,
	SOCKWQ_ASYNC_WAITDATA,
	SOCK_NOSPACE,
	SOCK_SUPPORT_ZC,
	SOCK_CUSTOM_SOCKOPT,
};
#else
#define SOCKWQ_ASYNC_NOSPACE	0
#define SOCKWQ_ASYNC_WAITDATA	1
#define SOCK_NOSPACE		2
#define SOCK_PASSCRED		3
#define SOCK_PASSSEC		4
#define SOCK_SUPPORT_ZC		5
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define SOCK_CUSTOM_SOCKOPT	6
#define SOCK_PASSPIDFD		7
#endif
#endif

enum sock_type {
	SOCK_STREAM	= 1,
	SOCK_DGRAM	= 2,
	SOCK_RAW	= 3,
	SOCK_RDM	= 4,
	SOCK_SEQPACKET	= 5,
	SOCK_DCCP	= 6,
	SOCK_PACKET	= 10,
};

#define SOCK_MAX	(SOCK_PACKET + 1)
#define SOCK_TYPE_MASK	0xf

/* socket(2)'s type flags: the file flags they set */
#define SOCK_CLOEXEC	O_CLOEXEC
#ifndef SOCK_NONBLOCK
#define SOCK_NONBLOCK	O_NONBLOCK
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define SOCK_COREDUMP	O_NOCTTY
#endif

enum sock_shutdown_cmd {
	SHUT_RD,
	SHUT_WR,
	SHUT_RDWR,
};

/* a socket's wait queue and async notification, RCU-freed */
struct socket_wq {
	wait_queue_head_t	wait;		/* first, as the kernel needs */
	struct fasync_struct	*fasync_list;
	unsigned long		flags;		/* SOCKWQ_ASYNC_* */
	struct rcu_head		rcu;
} ____cacheline_aligned_in_smp;

/* the socket behind a file: its state, type and protocol sock */
struct socket {
	socket_state		state;
	short			type;		/* enum sock_type */
	unsigned long		flags;		/* SOCK_NOSPACE ... */
	struct file		*file;
	struct sock		*sk;
	const struct proto_ops	*ops;
	struct socket_wq	wq;
};

/* a read_sock() walk's progress */
typedef struct {
	size_t	written;
	size_t	count;
	union {
		char __user	*buf;
		void		*data;
	} arg;
	int	error;
} read_descriptor_t;

struct vm_area_struct;
struct page;
struct sockaddr;
struct msghdr;
struct module;
struct sk_buff;
struct proto_accept_arg;
struct kvec;

typedef int (*sk_read_actor_t)(read_descriptor_t *, struct sk_buff *,
			       unsigned int, size_t);
typedef int (*skb_read_actor_t)(struct sock *, struct sk_buff *);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define __QDK_SOCKADDR_ARG	struct sockaddr_unsized
#else
#define __QDK_SOCKADDR_ARG	struct sockaddr
#endif

/* a protocol family's socket calls (inet_stream_ops ...) */
struct proto_ops {
	int		family;
	struct module	*owner;
	int		(*release)(struct socket *sock);
	int		(*bind)(struct socket *sock, __QDK_SOCKADDR_ARG *myaddr,
				int sockaddr_len);
	int		(*connect)(struct socket *sock, __QDK_SOCKADDR_ARG *vaddr,
				   int sockaddr_len, int flags);
	int		(*socketpair)(struct socket *sock1, struct socket *sock2);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	int		(*accept)(struct socket *sock, struct socket *newsock,
				  struct proto_accept_arg *arg);
#else
	int		(*accept)(struct socket *sock, struct socket *newsock, int flags,
				  bool kern);
#endif
	int		(*getname)(struct socket *sock, struct sockaddr *addr, int peer);
	__poll_t	(*poll)(struct file *file, struct socket *sock,
				struct poll_table_struct *wait);
	int		(*ioctl)(struct socket *sock, unsigned int cmd, unsigned long arg);
	int		(*compat_ioctl)(struct socket *sock, unsigned int cmd,
					unsigned long arg);
	int		(*gettstamp)(struct socket *sock, void __user *userstamp,
				     bool timeval, bool time32);
	int		(*listen)(struct socket *sock, int len);
	int		(*shutdown)(struct socket *sock, int flags);
	int		(*setsockopt)(struct socket *sock, int level, int optname,
				      sockptr_t optval, unsigned int optlen);
	int		(*getsockopt)(struct socket *sock, int level, int optname,
				      char __user *optval, int __user *optlen);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	int		(*getsockopt_iter)(struct socket *sock, int level, int optname,
					   sockopt_t *opt);
#endif
	void		(*show_fdinfo)(struct seq_file *m, struct socket *sock);
	int		(*sendmsg)(struct socket *sock, struct msghdr *m, size_t total_len);
	int		(*recvmsg)(struct socket *sock, struct msghdr *m, size_t total_len,
				   int flags);
	int		(*mmap)(struct file *file, struct socket *sock,
				struct vm_area_struct *vma);
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	ssize_t		(*sendpage)(struct socket *sock, struct page *page, int offset,
				    size_t size, int flags);
#endif
	ssize_t		(*splice_read)(struct socket *sock, loff_t *ppos,
				       struct pipe_inode_info *pipe, size_t len,
				       unsigned int flags);
	void		(*splice_eof)(struct socket *sock);
	int		(*set_peek_off)(struct sock *sk, int val);
	int		(*peek_len)(struct socket *sock);
	int		(*read_sock)(struct sock *sk, read_descriptor_t *desc,
				     sk_read_actor_t recv_actor);
	int		(*read_skb)(struct sock *sk, skb_read_actor_t recv_actor);
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	int		(*sendpage_locked)(struct sock *sk, struct page *page, int offset,
					   size_t size, int flags);
#endif
	int		(*sendmsg_locked)(struct sock *sk, struct msghdr *msg, size_t size);
	int		(*set_rcvlowat)(struct sock *sk, int val);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	void		(*set_rcvbuf)(struct sock *sk, int val);
#endif
};

/* a typed pointer to a socket address no larger than sockaddr_storage */
#define DECLARE_SOCKADDR(type, dst, src)				\
	type dst = ({ BUILD_BUG_ON(sizeof(*dst) >			\
				   sizeof(struct __kernel_sockaddr_storage)); \
		      (type) src; })

/* a protocol family: socket(2)'s create for it */
struct net_proto_family {
	int		family;
	int		(*create)(struct net *net, struct socket *sock, int protocol,
				  int kern);
	struct module	*owner;
};

enum {
	SOCK_WAKE_IO,
	SOCK_WAKE_WAITD,
	SOCK_WAKE_SPACE,
	SOCK_WAKE_URG,
};

/* the socket layer: no network stack behind a socket (lib/socket.c) */
int sock_wake_async(struct socket_wq *sk_wq, int how, int band);
int sock_register(const struct net_proto_family *fam);
void sock_unregister(int family);
bool sock_is_registered(int family);
int __sock_create(struct net *net, int family, int type, int proto,
		  struct socket **res, int kern);
int sock_create(int family, int type, int proto, struct socket **res);
int sock_create_kern(struct net *net, int family, int type, int proto, struct socket **res);
int sock_create_lite(int family, int type, int proto, struct socket **res);
struct socket *sock_alloc(void);
void sock_release(struct socket *sock);
int sock_sendmsg(struct socket *sock, struct msghdr *msg);
int sock_recvmsg(struct socket *sock, struct msghdr *msg, int flags);
struct file *sock_alloc_file(struct socket *sock, int flags, const char *dname);
struct socket *sockfd_lookup(int fd, int *err);
struct socket *sock_from_file(struct file *file);
#define sockfd_put(sock)	fput(sock->file)

/* printk()s at most as often as net_ratelimit() allows */
#define net_ratelimited_function(function, ...)				\
do {									\
	if (net_ratelimit())						\
		function(__VA_ARGS__);					\
} while (0)

#define net_emerg_ratelimited(fmt, ...)					\
	net_ratelimited_function(pr_emerg, fmt, ##__VA_ARGS__)
#define net_alert_ratelimited(fmt, ...)					\
	net_ratelimited_function(pr_alert, fmt, ##__VA_ARGS__)
#define net_crit_ratelimited(fmt, ...)					\
	net_ratelimited_function(pr_crit, fmt, ##__VA_ARGS__)
#define net_notice_ratelimited(fmt, ...)				\
	net_ratelimited_function(pr_notice, fmt, ##__VA_ARGS__)
/* net_err/warn/info/dbg_ratelimited(): linux/printk.h's, which print each time */
#include <linux/printk.h>

#define net_get_random_once(buf, nbytes) get_random_once((buf), (nbytes))
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* the sleeping variant: the same once-only draw on the shim's one task */
#define net_get_random_sleepable_once(buf, nbytes) get_random_once((buf), (nbytes))
#endif

/*
 * A page the socket layer may hand to a device by reference: a counted page
 * that is not a slab's (the shim's kmalloc objects lie in no struct page).
 */
static inline bool sendpage_ok(struct page *page)
{
	return page_count(page) >= 1;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* every page of len bytes from offset in a run of pages passes sendpage_ok() */
static inline bool sendpages_ok(struct page *page, size_t len, size_t offset)
{
	struct page *p = page + (offset >> PAGE_SHIFT);
	size_t done;

	for (done = 0; done < len; done += PAGE_SIZE, p++)
		if (!sendpage_ok(p))
			return false;
	return true;
}
#endif

int kernel_sendmsg(struct socket *sock, struct msghdr *msg, struct kvec *vec,
		   size_t num, size_t len);
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
int kernel_sendmsg_locked(struct sock *sk, struct msghdr *msg,
			  struct kvec *vec, size_t num, size_t len);
#endif
int kernel_recvmsg(struct socket *sock, struct msghdr *msg, struct kvec *vec,
		   size_t num, size_t len, int flags);
int kernel_bind(struct socket *sock, __QDK_SOCKADDR_ARG *addr, int addrlen);
int kernel_listen(struct socket *sock, int backlog);
int kernel_accept(struct socket *sock, struct socket **newsock, int flags);
int kernel_connect(struct socket *sock, __QDK_SOCKADDR_ARG *addr, int addrlen,
		   int flags);
int kernel_getsockname(struct socket *sock, struct sockaddr *addr);
int kernel_getpeername(struct socket *sock, struct sockaddr *addr);
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
int kernel_sendpage(struct socket *sock, struct page *page, int offset,
		    size_t size, int flags);
int kernel_sendpage_locked(struct sock *sk, struct page *page, int offset,
			   size_t size, int flags);
#endif
int kernel_sock_shutdown(struct socket *sock, enum sock_shutdown_cmd how);
u32 kernel_sock_ip_overhead(struct sock *sk);

/* the module aliases socket(2) asks the module loader for */
#define MODULE_ALIAS_NETPROTO(proto)					\
	MODULE_ALIAS("net-pf-" __stringify(proto))
#define MODULE_ALIAS_NET_PF_PROTO(pf, proto)				\
	MODULE_ALIAS("net-pf-" __stringify(pf) "-proto-" __stringify(proto))
#define MODULE_ALIAS_NET_PF_PROTO_TYPE(pf, proto, type)			\
	MODULE_ALIAS("net-pf-" __stringify(pf) "-proto-" __stringify(proto) \
		     "-type-" __stringify(type))
#define MODULE_ALIAS_NET_PF_PROTO_NAME(pf, proto, name)			\
	MODULE_ALIAS("net-pf-" __stringify(pf) "-proto-" __stringify(proto) \
		     name)


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/fs.h>
#include <linux/uidgid.h>
#endif
