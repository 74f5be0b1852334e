// SPDX-License-Identifier: GPL-2.0
/*
 * nl_preload.c - libqdk-nl.so: preloaded into the stock tc or ip, it turns
 * every NETLINK_ROUTE socket into a connection to the qdk-ns daemon holding
 * the namespace $QDK_NS ("default"), so their rtnetlink requests reach the
 * shim instead of the kernel. Nothing else is touched: other sockets,
 * files and netlink families go to libc as before.
 *
 * Interposed: the calls iproute2 6.1's libnetlink makes on its socket
 * (socket, bind, getsockname, setsockopt, getsockopt, send, sendto,
 * sendmsg, recv, recvfrom, recvmsg, close). The socket is an AF_UNIX
 * SOCK_SEQPACKET connection: one netlink datagram per record both ways,
 * peeking with MSG_PEEK|MSG_TRUNC returns the full length as netlink's
 * does. Each sent datagram gets a struct qdk_ns_hdr in front (port id and
 * the NETLINK_EXT_ACK/CAP_ACK/GET_STRICT_CHK options set on the socket);
 * replies come back bare. Receiving times out after $QDK_NS_TIMEOUT
 * seconds (10), so a stuck daemon never hangs tc.
 *
 * The namespace's sysfs files (netdevsim's bus and the devices' tx_queue_len,
 * QDK_NS_SYSFS_BUS and QDK_NS_SYSFS_NET):
 * open, open64, openat and openat64 of such a path connect to the daemon,
 * which takes the connection as that file opened (QDK_NS_OP_SYSFS_OPEN;
 * a path it does not have fails with its errno, ENOENT). Each write(2) to
 * it is one datagram, one store; the interposed write() returns the
 * store's answer, and knows the file by its socket's inode, so a shell's
 * dup2() onto its stdout keeps it. (A write libc makes internally, from
 * stdio, still reaches the store but returns the byte count.)
 */
#include <dlfcn.h>
#include <errno.h>
#include <linux/netlink.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <unistd.h>

#include "ns_proto.h"
#include "qdk_api.h"

#define MAX_FDS 1024

struct fake {
	unsigned char used;
	uint32_t portid;
	uint32_t flags;		/* QDK_NL_* */
};

static struct fake fakes[MAX_FDS];
static unsigned int n_sockets;

#define REAL(name) real_##name
#define DECLARE_REAL(ret, name, ...) \
	static ret (*real_##name)(__VA_ARGS__)

DECLARE_REAL(int, socket, int, int, int);
DECLARE_REAL(int, bind, int, const struct sockaddr *, socklen_t);
DECLARE_REAL(int, getsockname, int, struct sockaddr *, socklen_t *);
DECLARE_REAL(int, setsockopt, int, int, int, const void *, socklen_t);
DECLARE_REAL(int, getsockopt, int, int, int, void *, socklen_t *);
DECLARE_REAL(ssize_t, sendmsg, int, const struct msghdr *, int);
DECLARE_REAL(ssize_t, recvmsg, int, struct msghdr *, int);
DECLARE_REAL(int, close, int);
DECLARE_REAL(int, openat, int, const char *, int, ...);
DECLARE_REAL(int, openat64, int, const char *, int, ...);
DECLARE_REAL(ssize_t, write, int, const void *, size_t);

/* the sockets' inodes of the sysfs files this process opened */
#define MAX_SYSFS 16
static ino_t sysfs_ino[MAX_SYSFS];
static unsigned int n_sysfs;

static void *sym(const char *name)
{
	void *p = dlsym(RTLD_NEXT, name);

	if (!p) {
		fprintf(stderr, "qdk-nl: libc has no %s\n", name);
		abort();
	}
	return p;
}

__attribute__((constructor)) static void resolve(void)
{
	real_socket = sym("socket");
	real_bind = sym("bind");
	real_getsockname = sym("getsockname");
	real_setsockopt = sym("setsockopt");
	real_getsockopt = sym("getsockopt");
	real_sendmsg = sym("sendmsg");
	real_recvmsg = sym("recvmsg");
	real_close = sym("close");
	real_openat = sym("openat");
	real_openat64 = sym("openat64");
	real_write = sym("write");
}

static struct fake *fake_of(int fd)
{
	if (fd < 0 || fd >= MAX_FDS || !fakes[fd].used)
		return NULL;
	return &fakes[fd];
}

static const char *ns_name(void)
{
	const char *n = getenv("QDK_NS");

	return n && *n ? n : "default";
}

static int ns_timeout(void)
{
	const char *t = getenv("QDK_NS_TIMEOUT");
	int v = t ? atoi(t) : 0;

	return v > 0 ? v : QDK_NS_TIMEOUT_DEFAULT;
}

/* a connection to the namespace's daemon, or -1 with errno set */
static int ns_connect(int type)
{
	struct timeval tv = { .tv_sec = ns_timeout() };
	const char *name = ns_name();
	struct sockaddr_un sun;
	socklen_t len;
	int fd, err;

	if (qdk_ns_name_check(name)) {
		fprintf(stderr, "qdk-nl: QDK_NS \"%s\" is not a namespace name ([A-Za-z0-9._-], 1..64)\n",
			name);
		errno = EINVAL;
		return -1;
	}
	fd = REAL(socket)(AF_UNIX, SOCK_SEQPACKET | (type & (SOCK_CLOEXEC | SOCK_NONBLOCK)), 0);
	if (fd < 0)
		return -1;
	if (fd >= MAX_FDS) {
		REAL(close)(fd);
		errno = EMFILE;
		return -1;
	}
	len = qdk_ns_addr(name, getuid(), &sun);
	if (connect(fd, (struct sockaddr *)&sun, len) < 0) {
		err = errno;
		fprintf(stderr, "qdk-nl: no user-space namespace \"%s\" is running (%s); qdk-tc and qdk-ip start it, `qdk-ns add %s` too\n",
			name, strerror(err), name);
		REAL(close)(fd);
		errno = err;
		return -1;
	}
	REAL(setsockopt)(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	REAL(setsockopt)(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
	return fd;
}

/* a NETLINK_ROUTE socket: connected to the namespace's daemon */
static int ns_socket(int type)
{
	int fd = ns_connect(type);

	if (fd < 0)
		return -1;
	fakes[fd].used = 1;
	fakes[fd].flags = 0;
	/* the kernel gives the first socket the pid, later ones -4096, -4097 ... */
	fakes[fd].portid = n_sockets ? (uint32_t)(-4095 - (int)n_sockets) :
				       (uint32_t)getpid();
	n_sockets++;
	return fd;
}

int socket(int domain, int type, int protocol)
{
	if (domain == AF_NETLINK && protocol == NETLINK_ROUTE)
		return ns_socket(type);
	return REAL(socket)(domain, type, protocol);
}

int bind(int fd, const struct sockaddr *addr, socklen_t len)
{
	const struct sockaddr_nl *nl = (const void *)addr;
	struct fake *f = fake_of(fd);

	if (!f)
		return REAL(bind)(fd, addr, len);
	if (len < sizeof(*nl) || nl->nl_family != AF_NETLINK) {
		errno = EINVAL;
		return -1;
	}
	if (nl->nl_groups) {
		/* multicast groups (tc monitor): nothing is ever notified */
		errno = EOPNOTSUPP;
		return -1;
	}
	return 0;
}

int getsockname(int fd, struct sockaddr *addr, socklen_t *len)
{
	struct sockaddr_nl nl = { .nl_family = AF_NETLINK };
	struct fake *f = fake_of(fd);

	if (!f)
		return REAL(getsockname)(fd, addr, len);
	nl.nl_pid = f->portid;
	memcpy(addr, &nl, *len < sizeof(nl) ? *len : sizeof(nl));
	*len = sizeof(nl);
	return 0;
}

static int nl_flag(int opt)
{
	switch (opt) {
	case NETLINK_EXT_ACK:
		return QDK_NL_EXT_ACK;
	case NETLINK_CAP_ACK:
		return QDK_NL_CAP_ACK;
	case NETLINK_GET_STRICT_CHK:
		return QDK_NL_STRICT_CHK;
	default:
		return 0;
	}
}

int setsockopt(int fd, int level, int opt, const void *val, socklen_t len)
{
	struct fake *f = fake_of(fd);
	int flag;

	if (!f)
		return REAL(setsockopt)(fd, level, opt, val, len);
	if (level == SOL_SOCKET && (opt == SO_SNDBUF || opt == SO_RCVBUF ||
				    opt == SO_SNDBUFFORCE || opt == SO_RCVBUFFORCE))
		return 0;	/* the connection's own buffers do */
	if (level != SOL_NETLINK)
		return REAL(setsockopt)(fd, level, opt, val, len);
	flag = nl_flag(opt);
	if (!flag || len < sizeof(int)) {
		errno = ENOPROTOOPT;
		return -1;
	}
	if (*(const int *)val)
		f->flags |= flag;
	else
		f->flags &= ~flag;
	return 0;
}

int getsockopt(int fd, int level, int opt, void *val, socklen_t *len)
{
	struct fake *f = fake_of(fd);
	int flag;

	if (!f || level != SOL_NETLINK)
		return REAL(getsockopt)(fd, level, opt, val, len);
	flag = nl_flag(opt);
	if (!flag || *len < sizeof(int)) {
		errno = ENOPROTOOPT;
		return -1;
	}
	*(int *)val = !!(f->flags & flag);
	*len = sizeof(int);
	return 0;
}

/* one datagram: the header, then the caller's iovecs */
static ssize_t ns_send(struct fake *f, int fd, const struct msghdr *msg, int flags)
{
	struct qdk_ns_hdr hdr = {
		.magic = QDK_NS_MAGIC, .op = QDK_NS_OP_NETLINK,
		.portid = f->portid, .flags = f->flags,
	};
	struct iovec iov[64];
	struct msghdr m = { .msg_iov = iov };
	size_t total = 0, i;
	ssize_t n;

	if (msg->msg_iovlen + 1 > sizeof(iov) / sizeof(iov[0])) {
		errno = EMSGSIZE;
		return -1;
	}
	iov[0].iov_base = &hdr;
	iov[0].iov_len = sizeof(hdr);
	for (i = 0; i < msg->msg_iovlen; i++) {
		iov[i + 1] = msg->msg_iov[i];
		total += msg->msg_iov[i].iov_len;
	}
	if (total > QDK_NL_MAX_REQUEST) {
		errno = EMSGSIZE;
		return -1;
	}
	m.msg_iovlen = msg->msg_iovlen + 1;
	n = REAL(sendmsg)(fd, &m, (flags & MSG_DONTWAIT) | MSG_NOSIGNAL);
	if (n < 0)
		return -1;
	return n - (ssize_t)sizeof(hdr);
}

ssize_t sendmsg(int fd, const struct msghdr *msg, int flags)
{
	struct fake *f = fake_of(fd);

	if (!f)
		return REAL(sendmsg)(fd, msg, flags);
	return ns_send(f, fd, msg, flags);
}

ssize_t sendto(int fd, const void *buf, size_t len, int flags,
	       const struct sockaddr *to, socklen_t tolen)
{
	struct iovec iov = { .iov_base = (void *)buf, .iov_len = len };
	struct msghdr m = { .msg_name = (void *)to, .msg_namelen = tolen,
			    .msg_iov = &iov, .msg_iovlen = 1 };
	struct fake *f = fake_of(fd);

	if (!f)
		return REAL(sendmsg)(fd, &m, flags);
	return ns_send(f, fd, &m, flags);
}

ssize_t send(int fd, const void *buf, size_t len, int flags)
{
	return sendto(fd, buf, len, flags, NULL, 0);
}

/* one reply datagram, from "the kernel" (port 0) */
static ssize_t ns_recv(int fd, struct msghdr *msg, int flags)
{
	struct sockaddr_nl *from = msg->msg_name;
	socklen_t fromlen = msg->msg_namelen;
	struct msghdr m = *msg;
	ssize_t n;

	m.msg_name = NULL;
	m.msg_namelen = 0;
	m.msg_control = NULL;
	m.msg_controllen = 0;
	n = REAL(recvmsg)(fd, &m, flags & (MSG_PEEK | MSG_TRUNC | MSG_DONTWAIT));
	if (n < 0) {
		if ((errno == EAGAIN || errno == EWOULDBLOCK) && !(flags & MSG_DONTWAIT)) {
			fprintf(stderr, "qdk-nl: namespace \"%s\" did not answer within %d s\n",
				ns_name(), ns_timeout());
			errno = ETIMEDOUT;
		}
		return -1;
	}
	if (n == 0 && !(flags & MSG_PEEK)) {
		fprintf(stderr, "qdk-nl: namespace \"%s\" closed the connection\n", ns_name());
		errno = ECONNRESET;
		return -1;
	}
	msg->msg_flags = m.msg_flags;
	msg->msg_controllen = 0;
	if (from && fromlen >= sizeof(*from)) {
		memset(from, 0, sizeof(*from));
		from->nl_family = AF_NETLINK;
		msg->msg_namelen = sizeof(*from);
	} else {
		msg->msg_namelen = 0;
	}
	return n;
}

ssize_t recvmsg(int fd, struct msghdr *msg, int flags)
{
	if (!fake_of(fd))
		return REAL(recvmsg)(fd, msg, flags);
	return ns_recv(fd, msg, flags);
}

ssize_t recvfrom(int fd, void *buf, size_t len, int flags,
		 struct sockaddr *from, socklen_t *fromlen)
{
	struct iovec iov = { .iov_base = buf, .iov_len = len };
	struct msghdr m = { .msg_name = from, .msg_namelen = fromlen ? *fromlen : 0,
			    .msg_iov = &iov, .msg_iovlen = 1 };
	ssize_t n;

	if (!fake_of(fd))
		n = REAL(recvmsg)(fd, &m, flags);
	else
		n = ns_recv(fd, &m, flags);
	if (n >= 0 && fromlen)
		*fromlen = m.msg_namelen;
	return n;
}

ssize_t recv(int fd, void *buf, size_t len, int flags)
{
	return recvfrom(fd, buf, len, flags, NULL, NULL);
}

int close(int fd)
{
	struct fake *f = fake_of(fd);

	if (f)
		memset(f, 0, sizeof(*f));
	return REAL(close)(fd);
}

/* ---- the namespace's sysfs files ------------------------------------------ */

/* one int32_t answer from the daemon, or -errno */
static int32_t sysfs_answer(int fd)
{
	struct iovec iov;
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1 };
	int32_t v;

	iov.iov_base = &v;
	iov.iov_len = sizeof(v);
	if (REAL(recvmsg)(fd, &m, 0) != sizeof(v))
		return errno == EAGAIN ? -ETIMEDOUT : -ECONNRESET;
	return v;
}

/* open(2) of a path under QDK_NS_SYSFS_BUS or _NET: the daemon's file */
static int sysfs_open(const char *path, int flags)
{
	struct qdk_ns_hdr hdr = { .magic = QDK_NS_MAGIC, .op = QDK_NS_OP_SYSFS_OPEN };
	size_t plen = strlen(path) + 1;
	struct iovec iov[2] = { { &hdr, sizeof(hdr) }, { (void *)path, plen } };
	struct msghdr m = { .msg_iov = iov, .msg_iovlen = 2 };
	struct stat st;
	int32_t r;
	int fd;

	if ((flags & O_ACCMODE) == O_RDONLY) {
		errno = EACCES;		/* the files are write-only */
		return -1;
	}
	fd = ns_connect(flags & O_CLOEXEC ? SOCK_CLOEXEC : 0);
	if (fd < 0)
		return -1;
	if (REAL(sendmsg)(fd, &m, MSG_NOSIGNAL) < 0) {
		r = -errno;
	} else {
		r = sysfs_answer(fd);
		if (!r && (fstat(fd, &st) || n_sysfs == MAX_SYSFS))
			r = -EMFILE;
	}
	if (r) {
		REAL(close)(fd);
		errno = -r;
		return -1;
	}
	sysfs_ino[n_sysfs++] = st.st_ino;
	return fd;
}

static int is_sysfs_path(const char *path)
{
	return path && (!strncmp(path, QDK_NS_SYSFS_BUS, strlen(QDK_NS_SYSFS_BUS)) ||
			!strncmp(path, QDK_NS_SYSFS_NET, strlen(QDK_NS_SYSFS_NET)));
}

typedef int (*openat_fn)(int, const char *, int, ...);

/* every open variant: the namespace's sysfs file, or libc's openat */
static int open_at(openat_fn real, int dirfd, const char *path, int flags,
		   va_list ap)
{
	mode_t mode = flags & (O_CREAT | O_TMPFILE) ? va_arg(ap, mode_t) : 0;

	if (is_sysfs_path(path))
		return sysfs_open(path, flags);
	return real(dirfd, path, flags, mode);
}

#define OPEN_WRAPPER(call, ...) {		\
	va_list ap;				\
	int fd;					\
	va_start(ap, flags);			\
	fd = open_at(call, __VA_ARGS__, ap);	\
	va_end(ap);				\
	return fd;				\
}

int open(const char *path, int flags, ...)
OPEN_WRAPPER(REAL(openat), AT_FDCWD, path, flags)

int open64(const char *path, int flags, ...)
OPEN_WRAPPER(REAL(openat64), AT_FDCWD, path, flags)

int openat(int dirfd, const char *path, int flags, ...)
OPEN_WRAPPER(REAL(openat), dirfd, path, flags)

int openat64(int dirfd, const char *path, int flags, ...)
OPEN_WRAPPER(REAL(openat64), dirfd, path, flags)

static int is_sysfs_fd(int fd)
{
	struct stat st;
	unsigned int i;

	if (!n_sysfs || fstat(fd, &st) || !S_ISSOCK(st.st_mode))
		return 0;
	for (i = 0; i < n_sysfs; i++)
		if (sysfs_ino[i] == st.st_ino)
			return 1;
	return 0;
}

ssize_t write(int fd, const void *buf, size_t len)
{
	int32_t r;

	if (!is_sysfs_fd(fd))
		return REAL(write)(fd, buf, len);
	if (send(fd, buf, len, MSG_NOSIGNAL) < 0)
		return -1;
	r = sysfs_answer(fd);
	if (r < 0) {
		errno = -r;
		return -1;
	}
	return r;
}
