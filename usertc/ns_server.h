/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ns_server.h - the server side of the namespace protocol (ns_proto.h):
 * a listener on a namespace's address and the clients libqdk-nl.so
 * connects, each datagram answered from one struct qdk_net. The one server
 * of it, run by the qdk-ns daemon (qdk-ns.c) and by qdk-replay while the
 * stock tc it starts talks to its private namespace (harness/tcns.c).
 *
 * A client is accepted only when it runs as this user (SO_PEERCRED) and,
 * with only_pid set, when it is that process. Its datagrams are served one
 * at a time, in arrival order: netlink (QDK_NS_OP_NETLINK, answered by
 * qdk_rtnl_rcv()), the netdevsim sysfs files (QDK_NS_OP_SYSFS_OPEN), the
 * root qdisc's options (QDK_NS_OP_ROOT_TCA) and the end of the namespace
 * (QDK_NS_OP_DESTROY). A client that breaks the protocol is dropped.
 */
#ifndef QDK_NS_SERVER_H
#define QDK_NS_SERVER_H

#include <poll.h>
#include <stddef.h>
#include <sys/types.h>

#include "qdk_api.h"

#define NS_MAX_CLIENTS 64

struct ns_client {
	int fd;
	int sysfs;		/* -1: netlink; else the sysfs file it opened */
};

struct ns_server {
	/* set by the caller before ns_server_listen() */
	struct qdk_net *net;
	pid_t only_pid;		/* 0: any process of this user */
	int send_timeout_s;	/* a client not taking its replies this long is dropped (0: none) */
	/* each netlink request, before it is answered (NULL: none) */
	void (*on_request)(void *ctx, const void *msg, size_t len);
	void *ctx;
	/* why a datagram or a client was dropped, in words (NULL: quiet) */
	void (*log)(const char *what);

	/* the server's own */
	int lfd;
	struct ns_client clients[NS_MAX_CLIENTS];
	int nclients;
	int destroy_fd;		/* the client that asked for the end, or -1 */
};

/* Listen on namespace name's address: 0, or -errno (-EADDRINUSE: another server holds it). */
int ns_server_listen(struct ns_server *s, const char *name);
/*
 * One round: wait until the listener, a client or one of the caller's
 * extra descriptors is ready (their revents filled in), serve every client
 * that sent something, accept who connected. 0; 1 when a client asked for
 * the end of the namespace (s->destroy_fd, which the caller answers and
 * closes); -1 when poll() failed (errno).
 */
int ns_server_poll(struct ns_server *s, struct pollfd *extra, int nextra);
/* Close the listener (the name is free again) and every client. */
void ns_server_close(struct ns_server *s);

#endif /* QDK_NS_SERVER_H */
