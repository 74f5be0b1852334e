/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tcns.h - the stock tc against a private user-space network namespace
 * that qdk-replay serves itself (harness/README.md, "tc options").
 *
 * The namespace is a struct qdk_net of this process (shim/api/qdk_api.h,
 * answered by the shim's rtnetlink code), listening under a name of its
 * own ("qdk-replay.PID.N") for the time tc runs. tc runs with the
 * usertc/ preload, so its NETLINK_ROUTE socket reaches this process:
 * tc's parsing, tc's bytes, tc's printing, the kernel-side checks and
 * extack messages of the qdisc's own init() and change().
 */
#ifndef QDK_TCNS_H
#define QDK_TCNS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "qdk_api.h"

struct tcns;

/* One RTM_NEWQDISC tc sent: its TCA_OPTIONS attribute, header included. */
struct tcns_qreq {
	uint8_t *tca;		/* NULL: the request had no TCA_OPTIONS */
	size_t tca_len;
};

/* What one tc run printed and sent. */
struct tcns_run {
	int status;		/* exit status; 128 + signal when killed */
	char *out, *err;	/* stdout and stderr, NUL-terminated */
	struct tcns_qreq *reqs;	/* the RTM_NEWQDISC requests, in order */
	size_t nreqs;
};

/*
 * A namespace with one dummy device named devname (mtu, txqlen as dev
 * says, 1500 and 1000 when 0). Runs qdk_init(1) first. Exits 2 with
 * the reason when it cannot be made.
 */
struct tcns *tcns_open(const char *devname, const struct qdk_dev_cfg *dev);
/* The device's ifindex. */
int tcns_ifindex(const struct tcns *ns);
/*
 * Run tc (QDK_TC, else /usr/sbin/tc) with args (NULL-terminated, without
 * argv[0]) against the namespace and serve it until it exits.
 */
void tcns_tc(struct tcns *ns, const char *const *args, struct tcns_run *run);
void tcns_run_free(struct tcns_run *run);
/*
 * Create qdisc KIND on the device at parent (TC_H_ROOT; TC_H_INGRESS for
 * ingress and clsact) with handle, its TCA_OPTIONS attribute (NULL: none)
 * as is, through the namespace's RTM_NEWQDISC: 0, or -errno with the
 * kernel's extack message in msg.
 */
int tcns_qdisc_add(struct tcns *ns, const char *kind, uint32_t parent, uint32_t handle,
		   const void *tca, size_t tca_len, char *msg, size_t msglen);
/* The same for a change of that qdisc (RTM_NEWQDISC without flags). */
int tcns_qdisc_change(struct tcns *ns, const char *kind, uint32_t parent, uint32_t handle,
		      const void *tca, size_t tca_len, char *msg, size_t msglen);
/* Is there a q_KIND.so in the folder tc loads plugins from (TC_LIB_DIR, else ours)? */
bool tcns_has_plugin(const char *kind);
/* Free the namespace (its devices and qdiscs). */
void tcns_close(struct tcns *ns);

#endif /* QDK_TCNS_H */
