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
/* "TS OP", the start of an event line */
void trace_w_ts_op(struct trace_w *w, uint64_t ts, char op);
/* "TS OP ID" (d p x m; "-" for id 0) */
void trace_w_id_line(struct trace_w *w, uint64_t ts, char op, uint64_t id);
/*
 * "TS e ID FID PKTLEN VERDICT" (the caller adds the keys and '\n'); false
 * when the verdict is not one the format can say (trace_w_verdict).
 */
bool trace_w_enqueue(struct trace_w *w, uint64_t ts, uint64_t id, uint32_t fid,
		     uint32_t pkt_len, uint32_t ret);
/* "TS C ACTION MAJ:MIN": a tcf_classify() result (TC_ACT_* by name, else the number) */
void trace_w_classify(struct trace_w *w, uint64_t ts, int action, uint32_t classid);
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

#endif /* QDK_TRACE_WRITE_H */
