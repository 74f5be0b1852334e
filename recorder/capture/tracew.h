/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tracew.h - turn the recorder's binary records (qdk_rec.h) into a qdk
 * trace (traces/FORMAT.md): follow one child qdisc, give packets ids, declare
 * each 5-tuple once as a flow, attach drops and CE marks to their call.
 */
#ifndef QDK_TRACEW_H
#define QDK_TRACEW_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../qdk_rec.h"

struct tw_opts {
	const char *dev;	/* follow only a child on this device */
	uint32_t handle;	/* ... with this handle (0: any) */
	const char *kind;	/* ... of this kind */
	const char *qdisc_opts;	/* tc-style options for the qdisc line */
	const char *source;	/* the source directive's text */
	const char *note;	/* a comment line for the header (e.g. the scenario) */
	/*
	 * the kinds of the kit's classifiers, separated by spaces: a block
	 * whose one filter is of one of them, with the options tc made it
	 * with, is a `classifier` line; any other block with filters a
	 * `filter` line (NULL: none)
	 */
	const char *classifiers;
	unsigned int stats_every; /* an s line every N calls (0: only last) */
};

struct tw_counts {
	uint64_t calls, enq, deq, peek, reset, change, timers, drops, marks;
	uint64_t draws;		/* random draws during calls and changes */
	uint64_t cls;		/* classifications (tcf_classify) during calls */
	uint64_t rand_lost;	/* ... the recorder could not keep */
	uint64_t lost;		/* events the ring lost */
	uint64_t unknown;	/* packets seen leaving that never arrived */
	uint64_t made;		/* packets the qdisc made (n lines) */
	uint64_t devcalls;	/* writes and reads of its module's devices (u lines) */
	uint64_t hooked;	/* packets through an ingress or clsact qdisc's hooks (i, o) */
	uint64_t socks;		/* sockets of the packets (sock declarations) */
	uint64_t sock_lines;	/* ... and the changes of their fields (sock updates) */
	uint64_t records;
};

struct tw;

/*
 * The length of the record at p, from its header (qdk_rec.h): 0 when the
 * have bytes there do not hold all of it yet, -1 when it is not a record.
 * How a raw stream (the device, or qdk-capture -i's file) is cut.
 */
long tw_rec_len(const unsigned char *p, size_t have);

struct tw *tw_new(FILE *out, const struct tw_opts *o);
/* 0: go on; 1: the followed qdisc is gone or replaced (stop); -1: error */
int tw_record(struct tw *t, const struct qdk_rec *r);
/* Write what is pending (and the header if no event came); 0 or -1. */
int tw_finish(struct tw *t);
const struct tw_counts *tw_counts(const struct tw *t);
/* Did a CONF for a followed child arrive? */
int tw_following(const struct tw *t);
void tw_free(struct tw *t);

#endif /* QDK_TRACEW_H */
