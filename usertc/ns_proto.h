/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ns_proto.h - what qdk-ns (the daemon holding a namespace) and
 * libqdk-nl.so (the netlink transport preloaded into tc and ip) agree on:
 * where a namespace listens and the header in front of each datagram.
 *
 * A namespace NAME of user UID listens on the abstract AF_UNIX
 * SOCK_SEQPACKET address "@qdk-ns/UID/NAME": nothing on disk goes stale
 * when a daemon dies, and binding the name is the lock that keeps two
 * daemons from holding one namespace.
 */
#ifndef QDK_NS_PROTO_H
#define QDK_NS_PROTO_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>

#define QDK_NS_MAGIC		0x716b6e73u	/* "qkns" */
#define QDK_NS_NAME_MAX		64
#define QDK_NS_PREFIX		"qdk-ns/"
/* seconds a tool waits for its namespace before failing (QDK_NS_TIMEOUT) */
#define QDK_NS_TIMEOUT_DEFAULT	10

enum qdk_ns_op {
	QDK_NS_OP_NETLINK = 1,	/* payload: netlink messages for the namespace */
	QDK_NS_OP_DESTROY = 2,	/* no payload: free the namespace and exit */
	/*
	 * payload: a sysfs path, NUL-terminated. The daemon answers with an
	 * int32_t, 0 or -errno (no such file); on 0 the connection is that
	 * file opened for writing: each later datagram on it, bare (no
	 * header), is one write(2) to it, answered by an int32_t: the bytes
	 * taken or -errno.
	 */
	QDK_NS_OP_SYSFS_OPEN = 3,
	/*
	 * payload: a device name, NUL-terminated. The answer: an int32_t,
	 * qdk_net_root_tca()'s result, followed by that many bytes when it is
	 * positive: the TCA_OPTIONS of the request that made the root qdisc.
	 */
	QDK_NS_OP_ROOT_TCA = 4,
};

/* the sysfs files the namespace answers (qdk_net_sysfs_open()) live here */
#define QDK_NS_SYSFS_BUS	"/sys/bus/netdevsim/"
#define QDK_NS_SYSFS_NET	"/sys/class/net/"

/* in front of every datagram a client sends; replies are bare netlink */
struct qdk_ns_hdr {
	uint32_t magic;
	uint32_t op;		/* enum qdk_ns_op */
	uint32_t portid;	/* the client socket's netlink port id */
	uint32_t flags;		/* QDK_NL_* socket options (qdk_api.h) */
};

/* A name is 1..64 of [A-Za-z0-9._-]; returns 0 when it is one. */
static inline int qdk_ns_name_check(const char *name)
{
	size_t n = strlen(name), i;

	if (n == 0 || n > QDK_NS_NAME_MAX)
		return -1;
	for (i = 0; i < n; i++) {
		char c = name[i];

		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		      (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-'))
			return -1;
	}
	return 0;
}

/* The namespace's address; returns its length for bind()/connect(). */
static inline socklen_t qdk_ns_addr(const char *name, unsigned int uid,
				    struct sockaddr_un *sun)
{
	int n;

	memset(sun, 0, sizeof(*sun));
	sun->sun_family = AF_UNIX;
	n = snprintf(sun->sun_path + 1, sizeof(sun->sun_path) - 1,
		     QDK_NS_PREFIX "%u/%s", uid, name);
	return (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + n);
}

#endif
