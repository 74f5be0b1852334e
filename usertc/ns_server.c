// SPDX-License-Identifier: GPL-2.0
/*
 * ns_server.c - the one server of the namespace protocol (ns_server.h,
 * ns_proto.h), for qdk-ns and qdk-replay.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "ns_proto.h"
#include "ns_server.h"

static void say(const struct ns_server *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void say(const struct ns_server *s, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	if (!s->log)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	s->log(msg);
}

int ns_server_listen(struct ns_server *s, const char *name)
{
	struct sockaddr_un sun;
	socklen_t len = qdk_ns_addr(name, getuid(), &sun);

	s->nclients = 0;
	s->destroy_fd = -1;
	s->lfd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (s->lfd < 0)
		return -errno;
	if (bind(s->lfd, (struct sockaddr *)&sun, len) < 0 || listen(s->lfd, 16) < 0) {
		int err = errno;

		close(s->lfd);
		s->lfd = -1;
		return -err;
	}
	return 0;
}

static int reply_to(void *ctx, const void *buf, size_t len)
{
	const struct ns_client *c = ctx;

	if (send(c->fd, buf, len, MSG_NOSIGNAL) != (ssize_t)len)
		return -errno;
	return 0;
}

static int answer(const struct ns_client *c, int32_t v)
{
	return send(c->fd, &v, sizeof(v), MSG_NOSIGNAL | MSG_DONTWAIT) == sizeof(v) ? 0 : 1;
}

/* One datagram from c: 0 keep the client, 1 drop it, 2 the end of the namespace. */
static int serve_one(struct ns_server *s, struct ns_client *c)
{
	static unsigned char buf[sizeof(struct qdk_ns_hdr) + QDK_NL_MAX_REQUEST];
	const size_t cap = sizeof(buf);
	struct qdk_ns_hdr hdr;
	ssize_t n;
	int err;

	n = recv(c->fd, buf, cap, MSG_TRUNC | MSG_DONTWAIT);
	if (n < 0)
		return errno == EAGAIN || errno == EINTR ? 0 : 1;
	if (n == 0)
		return 1;
	if (c->sysfs >= 0) {
		/* a write(2) to the file; a writer that does not read the answer
		 * (stdio inside libc) leaves it in the buffer */
		if ((size_t)n > cap)
			return 1;
		answer(c, (int32_t)qdk_net_sysfs_write(s->net, c->sysfs, buf, (size_t)n));
		return 0;
	}
	if ((size_t)n > cap || (size_t)n < sizeof(hdr)) {
		say(s, "datagram of %zd bytes dropped (bounds %zu..%zu)", n, sizeof(hdr), cap);
		return 1;
	}
	memcpy(&hdr, buf, sizeof(hdr));
	if (hdr.magic != QDK_NS_MAGIC) {
		say(s, "datagram without the qdk-ns header dropped");
		return 1;
	}
	switch (hdr.op) {
	case QDK_NS_OP_NETLINK:
		if (s->on_request)
			s->on_request(s->ctx, buf + sizeof(hdr), (size_t)n - sizeof(hdr));
		err = qdk_rtnl_rcv(s->net, buf + sizeof(hdr), (size_t)n - sizeof(hdr), hdr.portid,
				   hdr.flags, reply_to, c);
		return err ? 1 : 0;
	case QDK_NS_OP_DESTROY:
		return 2;
	case QDK_NS_OP_SYSFS_OPEN:
		buf[(size_t)n < cap ? (size_t)n : cap - 1] = '\0';
		err = qdk_net_sysfs_open(s->net, (const char *)buf + sizeof(hdr));
		if (err >= 0)
			c->sysfs = err;
		return answer(c, err < 0 ? err : 0);
	case QDK_NS_OP_ROOT_TCA: {
		static unsigned char tca[QDK_NL_MAX_REQUEST];
		int32_t r;
		struct iovec iov[2] = { { &r, sizeof(r) }, { tca, 0 } };
		struct msghdr m = { .msg_iov = iov, .msg_iovlen = 2 };
		long got;

		buf[(size_t)n < cap ? (size_t)n : cap - 1] = '\0';
		got = qdk_net_root_tca(s->net, (const char *)buf + sizeof(hdr), tca, sizeof(tca));
		r = (int32_t)got;
		iov[1].iov_len = got > 0 ? (size_t)got : 0;
		return sendmsg(c->fd, &m, MSG_NOSIGNAL | MSG_DONTWAIT) < 0;
	}
	default:
		say(s, "unknown operation %u", hdr.op);
		return 1;
	}
}

/* A new client: this user's (and only_pid's, when set), or closed. */
static void take_client(struct ns_server *s)
{
	struct ucred cred;
	socklen_t clen = sizeof(cred);
	int fd = accept4(s->lfd, NULL, NULL, SOCK_CLOEXEC);

	if (fd < 0)
		return;
	if (s->nclients == NS_MAX_CLIENTS) {
		say(s, "too many clients: one refused");
		close(fd);
		return;
	}
	if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &clen) < 0 || cred.uid != getuid() ||
	    (s->only_pid && cred.pid != s->only_pid)) {
		say(s, "client of another user or process refused");
		close(fd);
		return;
	}
	if (s->send_timeout_s) {
		struct timeval tv = { .tv_sec = s->send_timeout_s };

		setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
	}
	s->clients[s->nclients].sysfs = -1;
	s->clients[s->nclients++].fd = fd;
}

int ns_server_poll(struct ns_server *s, struct pollfd *extra, int nextra)
{
	struct pollfd pfd[1 + NS_MAX_CLIENTS + 8];
	int np = 0, i, first;

	if (nextra > 8) {
		errno = EINVAL;
		return -1;
	}
	pfd[np++] = (struct pollfd){ .fd = s->lfd, .events = POLLIN };
	for (i = 0; i < nextra; i++)
		pfd[np++] = extra[i];
	first = np;
	for (i = 0; i < s->nclients; i++)
		pfd[np++] = (struct pollfd){ .fd = s->clients[i].fd, .events = POLLIN };
	if (poll(pfd, (nfds_t)np, -1) < 0) {
		for (i = 0; i < nextra; i++)
			extra[i].revents = 0;
		return errno == EINTR ? 0 : -1;
	}
	for (i = 0; i < nextra; i++)
		extra[i].revents = pfd[1 + i].revents;
	/* last to first, so that dropping one (the last moved into its place) skips none */
	for (i = s->nclients - 1; i >= 0; i--) {
		short ev = pfd[first + i].revents;
		int r = 0;

		if (!ev)
			continue;
		if (ev & POLLIN)
			r = serve_one(s, &s->clients[i]);
		else if (ev & (POLLHUP | POLLERR | POLLNVAL))
			r = 1;
		if (r == 2) {
			s->destroy_fd = s->clients[i].fd;
			s->clients[i] = s->clients[--s->nclients];
			return 1;
		}
		if (r == 1) {
			close(s->clients[i].fd);
			s->clients[i] = s->clients[--s->nclients];
		}
	}
	if (pfd[0].revents & POLLIN)
		take_client(s);
	return 0;
}

void ns_server_close(struct ns_server *s)
{
	int i;

	if (s->lfd >= 0)
		close(s->lfd);
	s->lfd = -1;
	for (i = 0; i < s->nclients; i++)
		close(s->clients[i].fd);
	s->nclients = 0;
}
