/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Socket addresses, families, message flags, option levels and the message
 * headers (struct msghdr, control messages) of the series' linux/socket.h.
 * Sockets' own I/O is not modelled (linux/net.h).
 */
#ifndef _QDK_SHIM_LINUX_SOCKET_H
#define _QDK_SHIM_LINUX_SOCKET_H
#include_next <linux/socket.h>
#include <asm/socket.h>
#include <linux/sockios.h>
#include <linux/uio.h>
#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/version.h>
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#include <linux/ktime.h>
#else
#include <linux/time64.h>
#endif

struct file;
struct pid;
struct cred;
struct socket;
struct sock;
struct sk_buff;
struct kiocb;
struct ubuf_info;
struct proto_accept_arg;

typedef __kernel_sa_family_t sa_family_t;

/* the generic socket address, as the series' linux/socket.h has it */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
struct sockaddr {
	sa_family_t	sa_family;
	char		sa_data[14];
};

/* 7.x: an address whose length travels beside it (callbacks) */
struct sockaddr_unsized {
	__kernel_sa_family_t	sa_family;
	char			sa_data[];
};
#else
struct sockaddr {
	sa_family_t	sa_family;
	union {
		char sa_data_min[14];
		struct {
			struct {} __empty_sa_data;
			char sa_data[];
		};
	};
};
#endif

struct linger {
	int	l_onoff;	/* lingering on close or not */
	int	l_linger;	/* for how many seconds */
};

#define sockaddr_storage __kernel_sockaddr_storage

/* a message as the kernel's socket layer passes it (sendmsg/recvmsg) */
struct msghdr {
	void		*msg_name;	/* the peer's address, or NULL */
	int		msg_namelen;
	int		msg_inq;	/* receive: bytes left queued */
	struct iov_iter	msg_iter;	/* the data */
	union {
		void		*msg_control;
		void __user	*msg_control_user;
	};
	bool		msg_control_is_user : 1;
	bool		msg_get_inq : 1;
	unsigned int	msg_flags;
	__kernel_size_t	msg_controllen;
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	struct kiocb	*msg_iocb;
#endif
	struct ubuf_info *msg_ubuf;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	int (*sg_from_iter)(struct sk_buff *skb, struct iov_iter *from,
			    size_t length);
#else
	int (*sg_from_iter)(struct sock *sk, struct sk_buff *skb,
			    struct iov_iter *from, size_t length);
#endif
};

/* the message header as user space passes it to sendmsg(2)/recvmsg(2) */
struct user_msghdr {
	void		__user *msg_name;
	int		msg_namelen;
	struct iovec	__user *msg_iov;
	__kernel_size_t	msg_iovlen;
	void		__user *msg_control;
	__kernel_size_t	msg_controllen;
	unsigned int	msg_flags;
};

/* one message of sendmmsg(2)/recvmmsg(2) */
struct mmsghdr {
	struct user_msghdr	msg_hdr;
	unsigned int		msg_len;
};

/* a control message: its header, then its data at the next long boundary */
struct cmsghdr {
	__kernel_size_t	cmsg_len;	/* header and data, in bytes */
	int		cmsg_level;
	int		cmsg_type;
};

#define CMSG_ALIGN(len)		(((len) + sizeof(long) - 1) & ~(sizeof(long) - 1))
#define CMSG_DATA(cmsg)		((void *)(cmsg) + sizeof(struct cmsghdr))
#define CMSG_USER_DATA(cmsg)	((void __user *)(cmsg) + sizeof(struct cmsghdr))
#define CMSG_SPACE(len)		(sizeof(struct cmsghdr) + CMSG_ALIGN(len))
#define CMSG_LEN(len)		(sizeof(struct cmsghdr) + (len))

#define __CMSG_FIRSTHDR(ctl, len)					\
	((len) >= sizeof(struct cmsghdr) ? (struct cmsghdr *)(ctl) :	\
	 (struct cmsghdr *)NULL)
#define CMSG_FIRSTHDR(msg)	__CMSG_FIRSTHDR((msg)->msg_control, (msg)->msg_controllen)
#define __CMSG_NXTHDR(ctl, len, cmsg)	__cmsg_nxthdr((ctl), (len), (cmsg))
#define CMSG_NXTHDR(mhdr, cmsg)		cmsg_nxthdr((mhdr), (cmsg))

/* the header fits in, and its length stays inside, the control buffer */
#define CMSG_OK(mhdr, cmsg)						\
	((cmsg)->cmsg_len >= sizeof(struct cmsghdr) &&			\
	 (cmsg)->cmsg_len <= (unsigned long)((mhdr)->msg_controllen -	\
		((char *)(cmsg) - (char *)(mhdr)->msg_control)))

#define for_each_cmsghdr(cmsg, msg)					\
	for (cmsg = CMSG_FIRSTHDR(msg); cmsg; cmsg = CMSG_NXTHDR(msg, cmsg))

/*
 * The header after cmsg in a control buffer of size bytes at ctl, or NULL
 * when a whole header no longer fits.
 */
static inline struct cmsghdr *__cmsg_nxthdr(void *__ctl, __kernel_size_t __size,
					    struct cmsghdr *__cmsg)
{
	struct cmsghdr *next;

	next = (struct cmsghdr *)((unsigned char *)__cmsg + CMSG_ALIGN(__cmsg->cmsg_len));
	if ((unsigned long)((char *)(next + 1) - (char *)__ctl) > __size)
		return NULL;
	return next;
}

static inline struct cmsghdr *cmsg_nxthdr(struct msghdr *__msg, struct cmsghdr *__cmsg)
{
	return __cmsg_nxthdr(__msg->msg_control, __msg->msg_controllen, __cmsg);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
static inline size_t msg_data_left(const struct msghdr *msg)
#else
static inline size_t msg_data_left(struct msghdr *msg)
#endif
{
	return iov_iter_count(&msg->msg_iter);
}

/* control message types at SOL_SOCKET */
#define SCM_RIGHTS	0x01	/* file descriptors */
#define SCM_CREDENTIALS	0x02	/* struct ucred */
#define SCM_SECURITY	0x03	/* the security label */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define SCM_PIDFD	0x04	/* a pidfd of the sender */
#endif

struct ucred {
	__u32	pid;
	__u32	uid;
	__u32	gid;
};

/* address families */
#define AF_UNSPEC	0
#define AF_UNIX		1
#define AF_LOCAL	1
#define AF_INET		2
#define AF_AX25		3
#define AF_IPX		4
#define AF_APPLETALK	5
#define AF_NETROM	6
#define AF_BRIDGE	7
#define AF_ATMPVC	8
#define AF_X25		9
#define AF_INET6	10
#define AF_ROSE		11
#define AF_DECnet	12
#define AF_NETBEUI	13
#define AF_SECURITY	14
#define AF_KEY		15
#define AF_NETLINK	16
#define AF_ROUTE	AF_NETLINK
#define AF_PACKET	17
#define AF_ASH		18
#define AF_ECONET	19
#define AF_ATMSVC	20
#define AF_RDS		21
#define AF_SNA		22
#define AF_IRDA		23
#define AF_PPPOX	24
#define AF_WANPIPE	25
#define AF_LLC		26
#define AF_IB		27
#define AF_MPLS		28
#define AF_CAN		29
#define AF_TIPC		30
#define AF_BLUETOOTH	31
#define AF_IUCV		32
#define AF_RXRPC	33
#define AF_ISDN		34
#define AF_PHONET	35
#define AF_IEEE802154	36
#define AF_CAIF		37
#define AF_ALG		38
#define AF_NFC		39
#define AF_VSOCK	40
#define AF_KCM		41
#define AF_QIPCRTR	42
#define AF_SMC		43
#define AF_XDP		44
#define AF_MCTP		45
#define AF_MAX		46

/* protocol families: the address families' numbers */
#define PF_UNSPEC	AF_UNSPEC
#define PF_UNIX		AF_UNIX
#define PF_LOCAL	AF_LOCAL
#define PF_INET		AF_INET
#define PF_AX25		AF_AX25
#define PF_IPX		AF_IPX
#define PF_APPLETALK	AF_APPLETALK
#define PF_NETROM	AF_NETROM
#define PF_BRIDGE	AF_BRIDGE
#define PF_ATMPVC	AF_ATMPVC
#define PF_X25		AF_X25
#define PF_INET6	AF_INET6
#define PF_ROSE		AF_ROSE
#define PF_DECnet	AF_DECnet
#define PF_NETBEUI	AF_NETBEUI
#define PF_SECURITY	AF_SECURITY
#define PF_KEY		AF_KEY
#define PF_NETLINK	AF_NETLINK
#define PF_ROUTE	AF_ROUTE
#define PF_PACKET	AF_PACKET
#define PF_ASH		AF_ASH
#define PF_ECONET	AF_ECONET
#define PF_ATMSVC	AF_ATMSVC
#define PF_RDS		AF_RDS
#define PF_SNA		AF_SNA
#define PF_IRDA		AF_IRDA
#define PF_PPPOX	AF_PPPOX
#define PF_WANPIPE	AF_WANPIPE
#define PF_LLC		AF_LLC
#define PF_IB		AF_IB
#define PF_MPLS		AF_MPLS
#define PF_CAN		AF_CAN
#define PF_TIPC		AF_TIPC
#define PF_BLUETOOTH	AF_BLUETOOTH
#define PF_IUCV		AF_IUCV
#define PF_RXRPC	AF_RXRPC
#define PF_ISDN		AF_ISDN
#define PF_PHONET	AF_PHONET
#define PF_IEEE802154	AF_IEEE802154
#define PF_CAIF		AF_CAIF
#define PF_ALG		AF_ALG
#define PF_NFC		AF_NFC
#define PF_VSOCK	AF_VSOCK
#define PF_KCM		AF_KCM
#define PF_QIPCRTR	AF_QIPCRTR
#define PF_SMC		AF_SMC
#define PF_XDP		AF_XDP
#define PF_MCTP		AF_MCTP
#define PF_MAX		AF_MAX

#define SOMAXCONN	4096	/* the largest backlog listen() takes */

/* send and receive flags */
#define MSG_OOB			0x1
#define MSG_PEEK		0x2
#define MSG_DONTROUTE		0x4
#define MSG_TRYHARD		0x4
#define MSG_CTRUNC		0x8
#define MSG_PROBE		0x10
#define MSG_TRUNC		0x20
#define MSG_DONTWAIT		0x40
#define MSG_EOR			0x80
#define MSG_WAITALL		0x100
#define MSG_FIN			0x200
#define MSG_SYN			0x400
#define MSG_CONFIRM		0x800
#define MSG_RST			0x1000
#define MSG_ERRQUEUE		0x2000
#define MSG_NOSIGNAL		0x4000
#define MSG_MORE		0x8000
#define MSG_WAITFORONE		0x10000
#define MSG_SENDPAGE_NOPOLICY	0x10000
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
#define MSG_SENDPAGE_NOTLAST	0x20000
#endif
#define MSG_BATCH		0x40000
#define MSG_EOF			MSG_FIN
#define MSG_NO_SHARED_FRAGS	0x80000
#define MSG_SENDPAGE_DECRYPTED	0x100000
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define MSG_SOCK_DEVMEM		0x2000000
#endif
#define MSG_ZEROCOPY		0x4000000
#define MSG_SPLICE_PAGES	0x8000000
#define MSG_FASTOPEN		0x20000000
#define MSG_CMSG_CLOEXEC	0x40000000
#define MSG_CMSG_COMPAT		0x80000000	/* Debian's x86-64 builds CONFIG_COMPAT */

/* what sendmsg() and sendmmsg() clear on entry from user space */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define MSG_INTERNAL_SENDMSG_FLAGS					\
	(MSG_SPLICE_PAGES | MSG_SENDPAGE_NOPOLICY | MSG_SENDPAGE_DECRYPTED | \
	 MSG_NO_SHARED_FRAGS)
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define MSG_INTERNAL_SENDMSG_FLAGS					\
	(MSG_SPLICE_PAGES | MSG_SENDPAGE_NOPOLICY | MSG_SENDPAGE_DECRYPTED)
#else
#define MSG_INTERNAL_SENDMSG_FLAGS	(MSG_SPLICE_PAGES)
#endif

/* setsockopt() levels: the IP protocol numbers, then Linux's own */
#define SOL_IP		0
#define SOL_TCP		6
#define SOL_UDP		17
#define SOL_IPV6	41
#define SOL_ICMPV6	58
#define SOL_SCTP	132
#define SOL_UDPLITE	136
#define SOL_RAW		255
#define SOL_IPX		256
#define SOL_AX25	257
#define SOL_ATALK	258
#define SOL_NETROM	259
#define SOL_ROSE	260
#define SOL_DECNET	261
#define SOL_X25		262
#define SOL_PACKET	263
#define SOL_ATM		264
#define SOL_AAL		265
#define SOL_IRDA	266
#define SOL_NETBEUI	267
#define SOL_LLC		268
#define SOL_DCCP	269
#define SOL_NETLINK	270
#define SOL_TIPC	271
#define SOL_RXRPC	272
#define SOL_PPPOL2TP	273
#define SOL_BLUETOOTH	274
#define SOL_PNPIPE	275
#define SOL_RDS		276
#define SOL_IUCV	277
#define SOL_CAIF	278
#define SOL_ALG		279
#define SOL_NFC		280
#define SOL_KCM		281
#define SOL_TLS		282
#define SOL_XDP		283
#define SOL_MPTCP	284
#define SOL_MCTP	285
#define SOL_SMC		286
#define SOL_VSOCK	287

#define IPX_TYPE	1

struct timespec64;
struct __kernel_timespec;
struct old_timespec32;

/* the three timestamps of SCM_TIMESTAMPING (software, legacy, hardware) */
struct scm_timestamping_internal {
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	ktime_t ts[3];
#else
	struct timespec64 ts[3];
#endif
};

/* control messages into a receive's msghdr: not modelled (no socket I/O) */
extern int put_cmsg(struct msghdr *msg, int level, int type, int len, void *data);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
extern int put_cmsg_notrunc(struct msghdr *msg, int level, int type, int len,
			    void *data);
#endif
extern void put_cmsg_scm_timestamping64(struct msghdr *msg,
					struct scm_timestamping_internal *tss);
extern void put_cmsg_scm_timestamping(struct msghdr *msg,
				      struct scm_timestamping_internal *tss);

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/types.h>
#include <linux/compiler.h>
#endif
