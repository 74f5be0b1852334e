/* SPDX-License-Identifier: GPL-2.0 */
/*
 * trace.h - reading qdk traces (traces/FORMAT.md, versions 1 to 3), text
 * or its binary twin.
 *
 * The reader streams the file through a fixed-size buffer (plain text or
 * binary, or zstd or gzip data decompressed on the way, all told apart by
 * their magic numbers), takes the header directives up to the first event, and then
 * hands out one event per call with a hand-written tokenizer: its memory
 * does not grow with the trace. Flow lines are absorbed
 * wherever they appear. Every malformed line ends the program with
 * "file:line: reason" and exit status 2.
 */
#ifndef QDK_TRACE_H
#define QDK_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <zlib.h>

#include "alloc.h"		/* struct id_index, struct pool */
#include "format.h"		/* struct trace_pkt, struct trace_sk */
#include "write.h"		/* trace_action_name(): the writer owns the words */

#define TRACE_MAX_LINE 4095
/*
 * A tca directive or a c line carries an attribute of up to 65535 bytes in
 * hex (netem's delay distribution table is 8 KiB): its line may be longer.
 */
#define TRACE_MAX_TCA_LINE (TRACE_MAX_LINE + 2 * 65535)
#define TRACE_MAX_FID (1u << 24)
/* a t line's timer offset: within a qdisc's private data, far below 16 MiB */
#define TRACE_MAX_TIMER_OFF ((1u << 24) - 1)
/* Zero bytes readable after the text (the number scanner loads 8 at a time). */
#define TRACE_PAD 16
/*
 * The text buffer: room for the longest line, a pinned line (trace_pin) up
 * to a quarter of it behind, and big reads. The fuzz build makes it as
 * small as that allows (fuzz/fuzz.mk), so that an input reaches the
 * refill and shift paths after a few thousand lines, not forty thousand.
 */
#ifndef TRACE_BUF_SIZE
#define TRACE_BUF_SIZE (1u << 20)
#endif
_Static_assert(TRACE_BUF_SIZE / 4 * 3 > TRACE_MAX_TCA_LINE + TRACE_MAX_LINE,
	       "the longest line must fit in the buffer beside a pinned line");
/* FIDs below this are found without hashing (trace.fdirect) */
#define TRACE_FLOW_DIRECT 256u

/* A flow line: its fields, and where it stands among the trace's flows. */
struct trace_flow {
	uint32_t fid;
	uint32_t index;		/* declaration order, from 0: a caller's per-flow array */
	bool declared;
	struct trace_pkt pkt;	/* every field but id, pkt_len and len */
	char *decl;		/* the declaration after "flow FID " */
};

/* socket ids are below this (FORMAT.md, "Sockets") */
#define TRACE_MAX_SID (1u << 20)


/* Per-packet keys an enqueue line may override (trace_event.ov). */
enum {
	OV_LEN = 1 << 0, OV_GSO = 1 << 1, OV_TOS = 1 << 2, OV_PRIO = 1 << 3,
	OV_MARK = 1 << 4, OV_HASH = 1 << 5, OV_TCP = 1 << 6, OV_TTL = 1 << 7,
	OV_Q = 1 << 8, OV_TCIDX = 1 << 9, OV_THLEN = 1 << 10, OV_TRUESIZE = 1 << 11,
	OV_TSTAMP = 1 << 12, OV_SK = 1 << 13,
};

/* Keys of an `s` line, in the order of trace_event.stat[]. */
enum {
	ST_QLEN, ST_BACKLOG, ST_DROPS, ST_OVERLIMITS, ST_REQUEUES, ST_PACKETS,
	ST_BYTES, ST_NKEYS
};
extern const char *const trace_stat_names[ST_NKEYS];

#define VERDICT_UNKNOWN (-1)	/* '?' in an arrival-only trace */

struct trace_event {
	uint64_t ts;
	uint64_t id;		/* e d p x m n: packet id, 0 for '-' */
	uint64_t from;		/* n: the packet it was made from, 0 for '-' */
	uint64_t jiffies;	/* j */
	uint64_t tstamp;	/* e: skb->tstamp (OV_TSTAMP) */
	const char *text;	/* the line, without its newline; NULL: a binary record's */
	uint32_t text_len;
	uint32_t line;
	char op;		/* e i o d p r c t u x m w s R n j b, 'l' for lost */
	/* e, and i o (no verdict) */
	uint32_t fid, pkt_len;
	int verdict;		/* raw enqueue return value or VERDICT_UNKNOWN */
	uint32_t ov;		/* OV_* */
	uint32_t len, hash, prio, mark;
	uint32_t truesize;	/* e (OV_TRUESIZE), n: skb->truesize; 0: the shim's */
	uint32_t sk;		/* e (OV_SK): the packet's socket id */
	uint16_t gso_segs, gso_size, q, tcidx;
	uint8_t tos, ttl, tcp, thlen;
	const char *keys;	/* the KEY=VAL text after the verdict (drive copies it) */
	uint32_t keys_len;
	/* s */
	uint32_t stat_mask;	/* 1 << ST_* */
	uint64_t stat[ST_NKEYS];
	char stat_of;		/* 0: the root; 'c' a class (cl=), 'q' a qdisc (q=) */
	uint32_t stat_id;	/* its classid or handle */
	/* t: the timer_list that fired: the qdisc of the tree by handle (0: not
	 * named, the earliest pending one) and its offset in qdisc_priv() */
	uint32_t timer_of, timer_off;
	/* C: what tcf_classify() returned (TC_ACT_*) and res->classid */
	int cls_action;
	uint32_t cls_classid;
	/* c */
	int ret;
	const char *hex;	/* NULL for '-' */
	uint32_t hex_len;
	const char *opts;	/* tc words after HEX, may be empty */
	uint32_t opts_len;
	/* lost */
	uint64_t lost;
	/* R: its draws (valid until the next call's first R line) or lost N */
	const struct trace_rand *rv;
	size_t nrv, rv_first;
	uint64_t rlost;
	/* u: a call of the qdisc's device; its bytes come from the b lines before it */
	const char *dev;	/* the device's name, in the line */
	uint32_t dev_len;
	bool dev_write;		/* write(2); else read(2) */
	uint64_t pos;		/* the file position handed to the handler */
	uint64_t count;		/* the bytes user space wrote or asked for */
	int64_t dev_ret;	/* the handler's return value */
	const uint8_t *bytes;	/* written, or read (dev_ret of them) */
	size_t nbytes;
	size_t blost;		/* of those, how many no b line carried */
};

/*
 * One of the kernel's random draws during init (a "random" directive) or a
 * call (an R line): get_random_uN() with width N/8 bytes, or
 * get_random_bytes() (width 0).
 */
struct trace_rand {
	uint8_t width;
	uint32_t line;
	uint64_t val;
	uint8_t *bytes;		/* width 0 */
	size_t len;
};

/* A module parameter of the recorded module at load ("param NAME VALUE"). */
struct trace_param {
	char *name, *value;
	uint32_t line;
};

/*
 * The largest device call a u line may carry, and the bytes one b line
 * carries at most.
 */
#define TRACE_MAX_DEV_CALL (1u << 20)
#define TRACE_MAX_B_CHUNK 1024

/*
 * A node of a classful tree (version 3): a class, a child qdisc or the
 * replay's filter, in the order the header states them.
 */
struct trace_node {
	char what;		/* 'c' class, 'q' child qdisc, 'f' filter, 'k' classifier */
	uint32_t line;
	uint32_t parent;
	uint32_t handle;	/* classid of a class, handle of a qdisc */
	char kind[16];
	uint8_t *tca;		/* TCA_OPTIONS, header included; NULL: none */
	size_t tca_len;
	char *text;		/* the directive line, as written */
};

struct trace_hdr {
	char *qdisc;		/* "KIND OPTS..." or NULL */
	uint32_t qdisc_line;
	bool has_tca;
	uint8_t *tca;		/* NULL with has_tca: "tca -" */
	size_t tca_len;
	uint32_t tca_line;
	char devname[32];
	struct {		/* the dev directive's keys; 0: absent (1500, 1000, 1) */
		uint32_t mtu, tx_queue_len, num_tx_queues;
		uint32_t speed;	/* Mb/s; 0: no link settings, UINT32_MAX: unknown */
	} dev;
	uint32_t handle;
	uint32_t parent;
	uint64_t seed;
	bool has_seed;
	int64_t tai;		/* clock tai=: CLOCK_TAI less CLOCK_MONOTONIC, ns */
	bool has_tai;
	uint64_t created;	/* created N: when the kernel made the qdisc */
	bool has_created;
	struct trace_rand *rand;	/* in the order the kernel drew them */
	size_t nrand, rand_cap;
	uint64_t rand_lost;		/* "random lost N": the recorder missed draws */
	uint32_t rand_lost_line;
	unsigned int hz;
	bool timers_recorded;		/* "timers recorded": t lines drive timer_lists */
	struct trace_node *tree;	/* class, child, filter directives, in order */
	size_t ntree, tree_cap;
	bool has_filter;		/* a filter or classifier directive: calls classify by C lines */
	bool jiffies_recorded;		/* "jiffies N": jiffies move only at j lines */
	uint64_t jiffies;
	char *source;
	struct trace_param *params;	/* "param NAME VALUE", in file order */
	size_t nparams;
};

struct trace {
	const char *path;
	unsigned int version;	/* 1; 2: R lines, every call's draws; 3: trees, C lines */
	/* the source: a file descriptor, its raw bytes, a decoder for zstd or gzip */
	int fd;
	int src;
	char *in;
	size_t in_len, in_pos, in_cap;
	bool src_eof;		/* no raw bytes left */
	bool src_done;		/* no text left */
	bool frame_open;	/* the decoder is inside a frame (gzip member) */
	struct ZSTD_DCtx_s *zstd;
	z_stream gz;
	struct trace_dec *dec;	/* compressed input: the decoder thread (trace.c) */
	/*
	 * The text: [pos, end) whole lines, [end, fill) the next line's start,
	 * TRACE_PAD zero bytes after fill.
	 */
	char *buf;
	size_t buf_size;	/* TRACE_BUF_SIZE, or less for a small plain file */
	const char *pos, *end;
	char *fill;
	const char **pin;	/* trace_pin */
	char *pinned;		/* the pinned line, when it had to leave buf */
	uint32_t line;
	bool in_events;
	uint64_t last_ts;
	/*
	 * The binary twin (write.h, TRACE_BIN_*): [pos, fill) are records, a
	 * line record's text parsed in place (it ends with '\n').
	 */
	bool binary;
	bool nl_added;		/* refill gave the text's last line its '\n' */
	char *fmt;		/* trace_raw_line: a binary record's text */
	struct trace_hdr hdr;
	/*
	 * The flows in declaration order, each and its declaration text from
	 * flow_pool (a pointer trace_flow() gave stays valid; one allocation
	 * for many flows), found by FID through fidx: open
	 * addressing, FID -> index (alloc.h). Memory follows the flows
	 * declared, not the FIDs' size: "flow 16000000 ..." costs one flow.
	 */
	struct trace_flow **flows;
	uint32_t nflows, capflows;
	struct id_index fidx;
	struct pool flow_pool;
	/*
	 * The flows with FID below TRACE_FLOW_DIRECT also by FID directly:
	 * every enqueue looks its flow up, and a trace's FIDs are mostly
	 * small (drive and gen count them from 1).
	 */
	struct trace_flow *fdirect[TRACE_FLOW_DIRECT];
	/* the sockets (sock lines), by id: NULL for an id not declared */
	struct trace_sk **socks;
	uint32_t capsocks;
	struct trace_event first;	/* the first event, read with the header */
	bool have_first;
	/* the R lines read since the last call line */
	struct trace_rand *rv;
	size_t nrv, rv_cap;
	bool r_pending;
	bool c_pending;		/* C lines read since the last call line */
	bool n_pending;		/* n lines read, their call not yet */
	/* the b lines read since the last u line: bytes, and those no b line gave */
	uint8_t *db;
	size_t ndb, db_cap, db_gap;
	bool b_pending;
};

/* Open, read the magic line and the header. Exits 2 on any error. */
void trace_open(struct trace *t, const char *path);
void trace_close(struct trace *t);
/* The next event into ev; false at the end of the trace. */
bool trace_next(struct trace *t, struct trace_event *ev);
/*
 * *text is a line the caller still reports from after later trace_next()
 * calls (verify's pending call line): the reader keeps it readable, moving
 * *text along with the buffer (or to a copy). Other text pointers of an
 * event are valid until the next trace_next().
 */
static inline void trace_pin(struct trace *t, const char **text)
{
	t->pin = text;
}
/*
 * The file as lines, for `qdk-replay convert`: open without reading the
 * header (any trace, text or binary, plain or compressed), then every line of
 * the text (of the text twin for a binary trace) with trace_raw_line(),
 * without its '\n' (*nl: it had one; only the last line may not), valid
 * until the next call; false at the end. The lines' meaning is not checked:
 * that is for trace_open().
 */
void trace_open_raw(struct trace *t, const char *path);
bool trace_raw_line(struct trace *t, const char **line, size_t *n, bool *nl);
/* The trace is the binary twin (told by its magic, not its name). */
static inline bool trace_is_binary(const struct trace *t)
{
	return t->binary;
}
/*
 * An event's line (as in the text twin): ev->text, or for a fixed-size
 * record of a binary trace (ev->text NULL) its text formatted into buf (at
 * least 96 bytes). *len gets its length.
 */
const char *trace_event_text(const struct trace_event *ev, char *buf, uint32_t *len);
/* Line n of the trace read again from its file (error reports), malloc'd, without '\n'. */
char *trace_line_text(const struct trace *t, uint32_t n);
/* "path:line: reason" on stderr, exit 2. */
void trace_fail(const struct trace *t, uint32_t line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4), noreturn));
/* The declared flow FID of an enqueue line, or a failure at that line. */
const struct trace_flow *trace_flow(const struct trace *t, const struct trace_event *ev);
/*
 * Every flow, in declaration order (i < t->nflows; flow i has index i).
 * Flows never move: a pointer stays valid until trace_close().
 */
static inline const struct trace_flow *trace_flow_at(const struct trace *t, uint32_t i)
{
	return t->flows[i];
}
/* The socket of an enqueue with OV_SK (declared: the reader checked it). */
const struct trace_sk *trace_sock(const struct trace *t, const struct trace_event *ev);
/* The packet of an enqueue line: its flow's fields with the line's own and its overrides. */
void trace_packet(const struct trace *t, const struct trace_event *ev, struct trace_pkt *p);
/* The same for the line's flow f, from trace_flow() (one lookup for both). */
void trace_flow_packet(const struct trace_flow *f, const struct trace_event *ev,
		       struct trace_pkt *p);
/* Decode hex into a fresh buffer; -1 when it is not an even number of hex digits. */
int trace_hex(const char *s, size_t n, uint8_t **out, size_t *len);

#endif /* QDK_TRACE_H */
