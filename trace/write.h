/* SPDX-License-Identifier: GPL-2.0 */
/*
 * write.h - writing qdk traces (traces/FORMAT.md): the one writer behind
 * `qdk-replay drive` and `gen` and qdk-capture's tracew.c.
 *
 * Text is formatted into the writer's buffer and handed to a sink (a file,
 * an output file that appears when complete, a memory stream) when the
 * buffer fills and at trace_w_flush(); a writer without a sink keeps all its
 * text in buf (lines held back, then copied into another writer). Only the C library is used, so the
 * static qdk-capture links it too. The functions write exactly what the
 * format says, byte for byte: the reader (trace.c) and the committed traces
 * hold them to it.
 */
#ifndef QDK_TRACE_WRITE_H
#define QDK_TRACE_WRITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "format.h"

#define TRACE_W_BUF (64u << 10)

/* The sink takes n bytes: 0, or -1 on an error (which trace_w_flush reports). */
typedef int (*trace_sink_fn)(void *ctx, const void *p, size_t n);

struct trace_w {
	trace_sink_fn sink;	/* NULL: the text stays in buf, which grows */
	void *ctx;
	int err;		/* -1: a sink or an allocation failed; text was lost */
	char *buf;
	size_t len, cap;
};

/* sink NULL: a writer in memory. An allocation failure shows in w->err. */
void trace_w_init(struct trace_w *w, trace_sink_fn sink, void *ctx);
void trace_w_free(struct trace_w *w);
/* Hand what is buffered to the sink (none: keep it): 0, or -1 if anything failed. */
int trace_w_flush(struct trace_w *w);

/* ---- pieces of a line ---- */
void trace_w_mem(struct trace_w *w, const void *p, size_t n);
static inline void trace_w_char(struct trace_w *w, char c)
{
	if (w->len < w->cap)
		w->buf[w->len++] = c;
	else
		trace_w_mem(w, &c, 1);
}
void trace_w_str(struct trace_w *w, const char *s);
void trace_w_u64(struct trace_w *w, uint64_t v);
/* bytes as two lower-case hex digits each */
void trace_w_hex(struct trace_w *w, const uint8_t *p, size_t n);
void trace_w_printf(struct trace_w *w, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* A handle: "MAJ:MIN" in hex, "MAJ:" when MIN is 0. */
void trace_w_handle(struct trace_w *w, uint32_t h);
/* TCP flags as FORMAT.md's letters (FSRPAUEC), "-" for none. */
void trace_w_tcp(struct trace_w *w, uint8_t flags);
/*
 * An enqueue's VERDICT: ok, drop or cn with +stolen/+bypass. false when the
 * value has bits the format cannot say: a base beyond cn is written as
 * 0x%x (which the reader refuses), other unknown bits are left out.
 */
bool trace_w_verdict(struct trace_w *w, uint32_t ret);

/* ---- whole lines ---- */
/* "qdk-trace N" */
void trace_w_magic(struct trace_w *w, unsigned int version);
/*
 * "TS t\n", or "TS t MAJ: OFF\n" naming the timer_list that fired: the
 * qdisc of the tree (handle) and the timer's offset in its private data
 */
void trace_w_timer(struct trace_w *w, uint64_t ts, uint32_t handle, uint32_t off);
/* "TS OP", the start of an event line */
void trace_w_ts_op(struct trace_w *w, uint64_t ts, char op);
/* "TS OP ID" (d p x m; "-" for id 0) */
void trace_w_id_line(struct trace_w *w, uint64_t ts, char op, uint64_t id);
/*
 * "TS e ID FID PKTLEN VERDICT" (the caller adds the keys and '\n'); false
 * when the verdict is not one the format can say (trace_w_verdict).
 */
/*
 * "TS i ID FID LEN" or "TS o ...": a packet through a tc hook (FORMAT.md,
 * "The tc hooks"; the caller adds the keys and '\n').
 */
void trace_w_hook(struct trace_w *w, uint64_t ts, char op, uint64_t id, uint32_t fid,
		  uint32_t len);
bool trace_w_enqueue(struct trace_w *w, uint64_t ts, uint64_t id, uint32_t fid,
		     uint32_t pkt_len, uint32_t ret);
/*
 * Flows (FORMAT.md, "Flows"), the one writer of their declarations and of
 * an enqueue's packet keys, so every tool says a field the same way.
 * "flow FID PROTO SRC DST KEY=VAL...\n": f's declaration (family, ethertype,
 * protocol, addresses, ports) with the keys that differ from
 * trace_pkt_defaults(). ports: the packet's TCP or UDP ports are known; a
 * tcp or udp flow without them (a fragment) is written as ip:6 or ip:17.
 */
void trace_w_flow(struct trace_w *w, uint32_t fid, const struct trace_pkt *f, bool ports);
/*
 * An enqueue's keys after its VERDICT (trace_w_enqueue), not the '\n':
 * len, gso, thlen, tstamp and sk when p has them, and the flow keys of p
 * that differ from its flow's f.
 */
void trace_w_pkt_keys(struct trace_w *w, const struct trace_pkt *p, const struct trace_pkt *f);
/*
 * Sockets (FORMAT.md, "Sockets"). The words of a sock line's values: a
 * TCP state (sk_state 1..12), a congestion state (icsk_ca_state 0..4), a
 * pacing status (0..2) and a socket type (1..3) by name, NULL for a value
 * that has none (written as its number).
 */
const char *trace_sk_state_name(unsigned int v);
const char *trace_sk_ca_name(unsigned int v);
const char *trace_sk_pstatus_name(unsigned int v);
const char *trace_sk_type_name(unsigned int v);
/* s: socket id of protocol proto (6, 17, ...) with every other field at its default */
void trace_sk_defaults(struct trace_sk *s, uint32_t id, uint8_t proto);
/*
 * prev NULL: "sock SID PROTO KEY=VAL...\n", s's declaration, with the keys
 * that differ from the defaults; else "sock SID KEY=VAL...\n", the keys
 * of s that differ from prev (write it only when !trace_sk_same()).
 */
void trace_w_sock(struct trace_w *w, const struct trace_sk *s, const struct trace_sk *prev);
/* every field but id and gen equal */
bool trace_sk_same(const struct trace_sk *a, const struct trace_sk *b);
/* " sk=SID": the socket key of an enqueue line */
void trace_w_sk_key(struct trace_w *w, uint32_t sid);
/* "TS C ACTION MAJ:MIN": a tcf_classify() result (TC_ACT_* by name, else the number) */
void trace_w_classify(struct trace_w *w, uint64_t ts, int action, uint32_t classid);
/* "filter PARENT" (version 3): the block of PARENT has filters */
void trace_w_filter(struct trace_w *w, uint32_t parent);
/*
 * "classifier PARENT KIND HEX" (version 3; "-" for no TCA_OPTIONS): the
 * block of PARENT holds the kit classifier KIND, made with these options
 */
void trace_w_classifier(struct trace_w *w, uint32_t parent, const char *kind,
			const uint8_t *tca, size_t len);
/* "TS n ID FROM" (FROM 0: "-"), a packet the next call makes */
void trace_w_made(struct trace_w *w, uint64_t ts, uint64_t id, uint64_t from,
		  unsigned int truesize);
/* A C line's action name for TC_ACT_* (-1 "unspec"), NULL for another number. */
const char *trace_action_name(int action);

/*
 * A line of draws of one width (1, 2, 4, 8 bytes: u8..u64; 0: bytes):
 * "TS R KIND" (ts given) or "random KIND" (ts NULL), then one
 * trace_w_draw() per value (a number, or bytes as one hex word), then '\n'.
 */
void trace_w_rand(struct trace_w *w, const uint64_t *ts, unsigned int width);
void trace_w_draw(struct trace_w *w, unsigned int width, uint64_t val, const uint8_t *bytes,
		  size_t len);

/*
 * ---- the binary twin (traces/FORMAT.md, "Binary traces") ----
 *
 * A header (TRACE_BIN_MAGIC, the binary version, a zero word), then one
 * record per line of the text twin, in order, 8-byte aligned, little-endian:
 * the hot lines in their canonical text (e d p x m as the writer writes
 * them) as fixed-size records, every other line as a line record of its
 * bytes. Record N is line N of the text twin.
 */
#define TRACE_BIN_MAGIC "\x89QDKTRB\n"
#define TRACE_BIN_MAGIC_LEN 8
#define TRACE_BIN_VERSION 1
#define TRACE_BIN_HDR 16
#define TRACE_BIN_LINE 'L'	/* u8 'L', u8 flags, u16 0, u32 n, n bytes, '\n', 0-pad to 8 */
#define TRACE_BIN_LINE_NONL 1	/* flags: the text's last line, which had no '\n' */
#define TRACE_BIN_E_SIZE 24	/* u8 'e', u8 verdict, u16 0, u32 dts, u64 id, u32 fid, u32 len */
#define TRACE_BIN_ID_SIZE 16	/* u8 op (d p x m), u8 0, u16 0, u32 dts, u64 id (d p: 0 is -) */
/* an e record's verdict byte: the base (ok drop cn ?) and the bits */
#define TRACE_BIN_V_BASE 3u
#define TRACE_BIN_V_UNKNOWN 3u
#define TRACE_BIN_V_STOLEN 4u
#define TRACE_BIN_V_BYPASS 8u

/* The size of a line record of n bytes. */
static inline size_t trace_bin_line_size(size_t n)
{
	return 8 + ((n + 1 + 7) & ~(size_t)7);
}

/*
 * The text line (without '\n') of the hot record rec, whose event is at ts,
 * into buf (at least 96 bytes); returns its length. rec must be valid.
 */
size_t trace_bin_format(const uint8_t *rec, uint64_t ts, char *buf);

/*
 * Text in, binary out: lines given whole (trace_bin_line) or text through
 * trace_bin_sink (a sink for a text writer), records into out.
 */
struct trace_bin_enc {
	struct trace_w *out;
	uint64_t last_ts;	/* of the last event line, as the reader follows it */
	char *carry;		/* trace_bin_sink: the start of a line not yet whole */
	size_t ncarry, capcarry;
	bool started;		/* the header is written */
};
void trace_bin_enc_init(struct trace_bin_enc *e, struct trace_w *out);
/* One line of the text (without its '\n'); nl false: the text's last line had none. */
void trace_bin_line(struct trace_bin_enc *e, const char *line, size_t n, bool nl);
/* A trace_sink_fn: ctx is a struct trace_bin_enc. */
int trace_bin_sink(void *ctx, const void *p, size_t n);
/* The end of the text: a last line without '\n', and the header of an empty one. */
void trace_bin_enc_finish(struct trace_bin_enc *e);
void trace_bin_enc_free(struct trace_bin_enc *e);

#endif /* QDK_TRACE_WRITE_H */
