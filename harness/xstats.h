/* SPDX-License-Identifier: GPL-2.0 */
/*
 * xstats.h - a qdisc's or class's xstats (what its dump_stats op hands to
 * gnet_stats_copy_app(), `tc -s` prints as its kind's own lines) decoded by
 * field, as JSON. The upstream kinds' structs are the uapi's
 * (<linux/pkt_sched.h>), the kit's own kinds' come from their headers
 * (tools/xstats-gen.sh); any other blob is given as hex.
 */
#ifndef QDK_XSTATS_H
#define QDK_XSTATS_H

#include <stdbool.h>
#include <stddef.h>

#include "outfile.h"
#include "util.h"

struct xfield {
	const char *name;
	unsigned short off;
	unsigned char size;	/* 1, 2, 4 or 8 bytes */
	bool sgn;
};

#define XF(T, f, s) { #f, offsetof(struct T, f), sizeof(((struct T *)0)->f), s }

struct xkind {
	const char *kind;	/* the qdisc's kind (a class: its qdisc's) */
	const char *type;	/* the uapi struct's name, for people */
	size_t len;		/* its size */
	const struct xfield *f;
	size_t nf;
};

/* the kit's own kinds, generated (tools/xstats-gen.sh); ends with kind NULL */
extern const struct xkind kit_xkinds[];

/*
 * The blob buf[0..len) of a qdisc of kind (cls: of a class of a qdisc of
 * kind) as a JSON object into o: {"struct": NAME, FIELD: VALUE, ...} when
 * the struct is known (with "hex" too when the blob's length is not the
 * struct's: a newer series may have grown it), else {"hex": "..."}.
 */
void xstats_json(struct outfile *o, const char *kind, bool cls, const void *buf, size_t len);

#endif /* QDK_XSTATS_H */
