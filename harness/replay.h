/* SPDX-License-Identifier: GPL-2.0 */
/*
 * replay.h - a trace's records turned into what the shim takes (replay.c):
 * an enqueue line's sk_buff (from its flow's skb template when it can), its
 * socket, the header's recorded random draws, module parameters, tree and
 * device. trace/ reads the format and knows nothing of the shim; this is
 * where the two meet (verify, drive and bench all replay through it).
 */
#ifndef QDK_REPLAY_H
#define QDK_REPLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "qdk_api.h"
#include "trace.h"

/*
 * The shim's side of one open trace: per flow (by its index) the skb
 * template made at its first packet, per socket (by id) the shim's copy of
 * its fields, brought up to date when the trace's gen moved on.
 */
struct replay {
	const struct trace *t;
	struct qdk_skb_tmpl **tmpl;
	uint32_t ntmpl;
	struct qdk_sk **sk;
	uint32_t nsk;
};

/* Start replaying t (opened; it outlives r). */
void replay_init(struct replay *r, const struct trace *t);
void replay_free(struct replay *r);
/*
 * The skb for an enqueue line: from its flow's template (qdk_skb_build_tmpl())
 * when the line overrides none of the flow's fields, else from
 * replay_packet(). A packet the shim refuses to build fails at the line.
 */
struct qdk_skb *replay_skb(struct replay *r, const struct trace_event *ev);
/* The same for the line's flow f, from trace_flow() (one lookup for both). */
struct qdk_skb *replay_flow_skb(struct replay *r, const struct trace_flow *f,
				const struct trace_event *ev);
/* That template (valid until replay_free()), or NULL when the line overrides a field. */
const struct qdk_skb_tmpl *replay_skb_tmpl(struct replay *r, const struct trace_event *ev);
/* The shim's packet for an enqueue line (its socket, if any, valid until replay_free()). */
void replay_packet(struct replay *r, const struct trace_event *ev, struct qdk_pkt *p);
/*
 * The header's recorded random draws into the shim's queue (after
 * qdk_init/qdk_seed, before the qdisc is created); a "random lost" line
 * fails here when refuse_lost is set (verify), not for drive.
 */
void replay_random_queue(const struct trace *t, bool refuse_lost);
/*
 * An R line's draws into the shim's queue, held there until the call
 * (qdk_random_exact); a queue overflow fails at the line.
 */
void replay_random_queue_event(const struct trace *t, const struct trace_event *ev);
/* After init: every queued draw was made, with its width; else file:line, exit 1. */
void replay_random_check(const struct trace *t);
/*
 * The tree the header states (class, child, filter directives) built under
 * root through the shim's rtnetlink path; a request the shim refuses fails
 * at its line (exit 2). with_filters: attach the replay's filters (verify).
 */
void replay_tree_build(const struct trace *t, struct qdk_qdisc *root, bool with_filters);
/*
 * The header's module parameters (param directives) set as insmod would,
 * before qdk_init(); a parameter the linked modules refuse fails at its line.
 */
void replay_params_set(const struct trace *t);
/*
 * When the qdisc is made, first being the first event's time: the header's
 * created time, the kernel's, when it is not after that (FORMAT.md).
 */
uint64_t replay_created_at(const struct trace_hdr *h, uint64_t first);
/* The device the dev directive states (its name in h->devname). */
struct qdk_dev_cfg replay_dev(const struct trace_hdr *h);

#endif /* QDK_REPLAY_H */
