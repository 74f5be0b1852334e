// SPDX-License-Identifier: GPL-2.0
/*
 * tcns.c - the stock tc against a private namespace this process serves
 * (tcns.h). While tc runs, this process serves the namespace as the qdk-ns
 * daemon does (the protocol's one server, usertc/ns_server.c), taking only
 * the tc it started, and notes the TCA_OPTIONS of every RTM_NEWQDISC, so
 * the bytes the replay hands to init() and change() are the ones tc sent.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/if_link.h>
#include <linux/netlink.h>
#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ns_proto.h"
#include "ns_server.h"
#include "tcns.h"
#include "tcopt.h"
#include "util.h"

struct tcns {
	struct qdk_net *net;
	char name[QDK_NS_NAME_MAX + 1];
	int ifindex;
};

/* The folder qdk-replay runs from: the preload and the tc plugins are there. */
static const char *self_dir(void)
{
	static char dir[4096];
	ssize_t n;

	if (dir[0])
		return dir;
	n = readlink("/proc/self/exe", dir, sizeof(dir) - 1);
	if (n <= 0)
		die(2, "cannot find qdk-replay's own folder: %s", strerror(errno));
	dir[n] = '\0';
	*strrchr(dir, '/') = '\0';
	return dir;
}

/* The folder tc takes its plugins and distributions from: TC_LIB_DIR, else ours. */
static const char *lib_dir(void)
{
	static char dir[4200];

	if (getenv("TC_LIB_DIR"))
		return getenv("TC_LIB_DIR");
	snprintf(dir, sizeof(dir), "%s/tc", self_dir());
	return dir;
}

/* The preload: beside qdk-replay in a build, PREFIX/lib/qdk/ when installed. */
static const char *preload(void)
{
	static char path[4200];

	snprintf(path, sizeof(path), "%s/libqdk-nl.so", self_dir());
	if (access(path, R_OK))
		snprintf(path, sizeof(path), "%s/../lib/qdk/libqdk-nl.so", self_dir());
	return path;
}

/* The tc to run: $QDK_TC, else the series' own (the folder the file
 * iproute2-bin beside the executable names, as for qdk-tc: usertc.mk writes
 * it in a newer series' build), else Debian's. */
static const char *tc_path(void)
{
	static char path[4200];
	char file[4200];
	FILE *f;

	if (getenv("QDK_TC"))
		return getenv("QDK_TC");
	snprintf(file, sizeof(file), "%s/iproute2-bin", self_dir());
	f = fopen(file, "r");
	if (f) {
		char dir[4096];

		bool got = fgets(dir, sizeof(dir), f) != NULL;

		fclose(f);
		if (got)
			dir[strcspn(dir, "\n")] = '\0';
		if (got && dir[0]) {
			snprintf(path, sizeof(path), "%s/tc", dir);
			return path;
		}
	}
	return "/usr/sbin/tc";
}

bool tcns_has_plugin(const char *kind)
{
	char path[4400];

	snprintf(path, sizeof(path), "%s/q_%s.so", lib_dir(), kind);
	return access(path, R_OK) == 0;
}

/* ---- in-process requests -------------------------------------------------- */

struct ack {
	int err;
	char *msg;
	size_t msglen;
};

/* NLMSG_ERROR: the error and the extack message (NLMSGERR_ATTR_MSG) */
static int take_ack(void *ctx, const void *buf, size_t len)
{
	const struct nlmsghdr *n = buf;
	struct ack *a = ctx;

	for (; NLMSG_OK(n, len); n = NLMSG_NEXT(n, len)) {
		const struct nlmsgerr *e = NLMSG_DATA(n);
		const struct nlattr *at;
		size_t off, end = n->nlmsg_len;

		if (n->nlmsg_type != NLMSG_ERROR || n->nlmsg_len < NLMSG_LENGTH(sizeof(*e)))
			continue;
		a->err = e->error;
		off = NLMSG_LENGTH(sizeof(*e));
		if (!(n->nlmsg_flags & NLM_F_CAPPED))
			off += NLMSG_ALIGN(e->msg.nlmsg_len) - NLMSG_HDRLEN;
		while (off + NLA_HDRLEN <= end) {
			at = (const void *)((const char *)n + off);
			if (at->nla_len < NLA_HDRLEN || off + at->nla_len > end)
				break;
			if ((at->nla_type & NLA_TYPE_MASK) == NLMSGERR_ATTR_MSG && a->msglen)
				snprintf(a->msg, a->msglen, "%.*s", (int)(at->nla_len - NLA_HDRLEN),
					 (const char *)at + NLA_HDRLEN);
			off += NLA_ALIGN(at->nla_len);
		}
	}
	return 0;
}

/* b holds one message (header first): fix its length, send it, take the ack. */
static int request(struct tcns *ns, struct tcopt_buf *b, char *msg, size_t msglen)
{
	struct ack a = { .err = -EIO, .msg = msg, .msglen = msglen };
	struct nlmsghdr *n = (struct nlmsghdr *)b->data;

	if (msglen)
		msg[0] = '\0';
	if (b->oom)
		die(2, "out of memory");
	n->nlmsg_len = (uint32_t)b->len;
	qdk_rtnl_rcv(ns->net, b->data, b->len, 0, QDK_NL_EXT_ACK | QDK_NL_CAP_ACK, take_ack, &a);
	tcopt_buf_free(b);
	if (a.err && msglen && !msg[0])
		snprintf(msg, msglen, "%s", strerror(-a.err));
	return a.err;
}

static void msg_start(struct tcopt_buf *b, uint16_t type, uint16_t flags, const void *fam,
		      size_t famlen)
{
	struct nlmsghdr n = {
		.nlmsg_type = type, .nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK | flags,
		.nlmsg_seq = 1,
	};

	tcopt_buf_init(b);
	tcopt_put_raw(b, &n, sizeof(n));
	tcopt_put_raw(b, fam, famlen);
}

struct tcns *tcns_open(const char *devname, const struct qdk_dev_cfg *dev)
{
	static unsigned int count;
	struct ifinfomsg ifi = { .ifi_family = AF_UNSPEC };
	struct tcns *ns = xmalloc(sizeof(*ns));
	struct tcopt_buf b;
	char msg[256];
	size_t nest;

	memset(ns, 0, sizeof(*ns));
	snprintf(ns->name, sizeof(ns->name), "qdk-replay.%d.%u", (int)getpid(), count++);
	ns->net = qdk_net_new();
	if (!ns->net)
		die(2, "the shim could not make a namespace");
	msg_start(&b, RTM_NEWLINK, NLM_F_CREATE | NLM_F_EXCL, &ifi, sizeof(ifi));
	tcopt_put(&b, IFLA_IFNAME, devname, strlen(devname) + 1);
	tcopt_put_u32(&b, IFLA_MTU, dev->mtu ? dev->mtu : 1500);
	tcopt_put_u32(&b, IFLA_TXQLEN, dev->tx_queue_len ? dev->tx_queue_len : 1000);
	/* the trace's txqs: multiq and mq need a multi-queue device */
	if (dev->num_tx_queues > 1)
		tcopt_put_u32(&b, IFLA_NUM_TX_QUEUES, dev->num_tx_queues);
	nest = tcopt_nest_start(&b, IFLA_LINKINFO);
	tcopt_put(&b, IFLA_INFO_KIND, "dummy", 6);
	tcopt_nest_end(&b, nest);
	if (request(ns, &b, msg, sizeof(msg)))
		die(2, "device %s in qdk-replay's namespace: %s", devname, msg);
	/* the dummy comes after lo */
	ns->ifindex = 2;
	return ns;
}

int tcns_ifindex(const struct tcns *ns)
{
	return ns->ifindex;
}

static int qdisc_req(struct tcns *ns, uint16_t flags, const char *kind, uint32_t parent,
		     uint32_t handle, const void *tca, size_t tca_len, char *msg, size_t msglen)
{
	struct tcmsg t = {
		.tcm_family = AF_UNSPEC, .tcm_ifindex = ns->ifindex,
		.tcm_handle = handle & 0xffff0000u, .tcm_parent = parent,
	};
	struct tcopt_buf b;

	msg_start(&b, RTM_NEWQDISC, flags, &t, sizeof(t));
	tcopt_put(&b, TCA_KIND, kind, strlen(kind) + 1);
	if (tca)
		tcopt_put_raw(&b, tca, tca_len);
	return request(ns, &b, msg, msglen);
}

int tcns_qdisc_add(struct tcns *ns, const char *kind, uint32_t parent, uint32_t handle,
		   const void *tca, size_t tca_len, char *msg, size_t msglen)
{
	return qdisc_req(ns, NLM_F_CREATE | NLM_F_EXCL, kind, parent, handle, tca, tca_len, msg,
			 msglen);
}

int tcns_qdisc_change(struct tcns *ns, const char *kind, uint32_t parent, uint32_t handle,
		      const void *tca, size_t tca_len, char *msg, size_t msglen)
{
	return qdisc_req(ns, 0, kind, parent, handle, tca, tca_len, msg, msglen);
}

void tcns_close(struct tcns *ns)
{
	if (!ns)
		return;
	qdk_net_free(ns->net);
	free(ns);
}

/* ---- serving tc ------------------------------------------------------------- */

/* Note the TCA_OPTIONS of each RTM_NEWQDISC in one datagram tc sent. */
static void note_requests(void *ctx, const void *buf, size_t len)
{
	struct tcns_run *run = ctx;
	const struct nlmsghdr *n = buf;

	for (; NLMSG_OK(n, len); n = NLMSG_NEXT(n, len)) {
		size_t off = NLMSG_SPACE(sizeof(struct tcmsg)), end = n->nlmsg_len;
		struct tcns_qreq *r;

		if (n->nlmsg_type != RTM_NEWQDISC || end < off)
			continue;
		run->reqs = xrealloc(run->reqs, (run->nreqs + 1) * sizeof(*run->reqs));
		r = &run->reqs[run->nreqs++];
		memset(r, 0, sizeof(*r));
		while (off + NLA_HDRLEN <= end) {
			const struct nlattr *a = (const void *)((const char *)n + off);

			if (a->nla_len < NLA_HDRLEN || off + a->nla_len > end)
				break;
			if ((a->nla_type & NLA_TYPE_MASK) == TCA_OPTIONS) {
				free(r->tca);
				r->tca_len = NLA_ALIGN(a->nla_len) <= end - off ?
					     NLA_ALIGN(a->nla_len) : a->nla_len;
				r->tca = xmalloc(r->tca_len);
				memcpy(r->tca, a, r->tca_len);
			}
			off += NLA_ALIGN(a->nla_len);
		}
	}
}

/* Append what is readable on fd to *text; false at EOF. */
static bool drain(int fd, char **text, size_t *len)
{
	char chunk[4096];
	ssize_t n = read(fd, chunk, sizeof(chunk));

	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return true;
	if (n <= 0)
		return false;
	*text = xrealloc(*text, *len + (size_t)n + 1);
	memcpy(*text + *len, chunk, (size_t)n);
	*len += (size_t)n;
	(*text)[*len] = '\0';
	return true;
}

static void child(const struct tcns *ns, const char *tc, const char *const *args, int out,
		  int err)
{
	char pre[4200];
	const char *old = getenv("LD_PRELOAD");
	const char *argv[160];
	size_t i;

	/* the kit's plugins and tc's distributions (tcplugin.mk), when built */
	if (access(lib_dir(), F_OK) == 0)
		setenv("TC_LIB_DIR", lib_dir(), 1);
	snprintf(pre, sizeof(pre), "%s%s%s", preload(), old && *old ? " " : "",
		 old && *old ? old : "");
	setenv("LD_PRELOAD", pre, 1);
	setenv("QDK_NS", ns->name, 1);
	dup2(out, 1);
	dup2(err, 2);
	argv[0] = tc;
	for (i = 0; args[i] && i < 158; i++)
		argv[i + 1] = args[i];
	argv[i + 1] = NULL;
	execv(tc, (char *const *)argv);
	dprintf(2, "cannot run %s: %s\n", tc, strerror(errno));
	_exit(127);
}

void tcns_tc(struct tcns *ns, const char *const *args, struct tcns_run *run)
{
	const char *tc = tc_path();
	struct ns_server srv = { .net = ns->net, .on_request = note_requests, .ctx = run };
	int po[2], pe[2], err, status;
	size_t outlen = 0, errlen = 0;
	bool out_open = true, err_open = true;
	pid_t pid;

	memset(run, 0, sizeof(*run));
	run->out = xstrdup("");
	run->err = xstrdup("");
	if (access(preload(), R_OK))
		die(2, "%s: %s (make user builds it)", preload(), strerror(errno));
	if (access(tc, X_OK))
		die(2, "%s: %s (Debian's iproute2 package has it)", tc, strerror(errno));
	err = ns_server_listen(&srv, ns->name);
	if (err)
		die(2, "qdk-replay's namespace %s: %s", ns->name, strerror(-err));
	if (pipe2(po, O_CLOEXEC) || pipe2(pe, O_CLOEXEC))
		die(2, "pipe: %s", strerror(errno));
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0)
		die(2, "fork: %s", strerror(errno));
	if (pid == 0)
		child(ns, tc, args, po[1], pe[1]);
	close(po[1]);
	close(pe[1]);
	srv.only_pid = pid;	/* only the tc we started */
	/* tc is done when both its pipes reach EOF; then no request is pending */
	while (out_open || err_open) {
		struct pollfd pipes[2] = {
			{ .fd = out_open ? po[0] : -1, .events = POLLIN },
			{ .fd = err_open ? pe[0] : -1, .events = POLLIN },
		};

		if (ns_server_poll(&srv, pipes, 2) < 0)
			die(2, "poll: %s", strerror(errno));
		if (srv.destroy_fd >= 0) {	/* not tc's to ask: the namespace stays */
			close(srv.destroy_fd);
			srv.destroy_fd = -1;
		}
		if (pipes[0].revents && !drain(po[0], &run->out, &outlen))
			out_open = false;
		if (pipes[1].revents && !drain(pe[0], &run->err, &errlen))
			err_open = false;
	}
	close(po[0]);
	close(pe[0]);
	ns_server_close(&srv);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			die(2, "waitpid: %s", strerror(errno));
	run->status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

void tcns_run_free(struct tcns_run *run)
{
	size_t i;

	for (i = 0; i < run->nreqs; i++)
		free(run->reqs[i].tca);
	free(run->reqs);
	free(run->out);
	free(run->err);
	memset(run, 0, sizeof(*run));
}
