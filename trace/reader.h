/* SPDX-License-Identifier: GPL-2.0 */
/*
 * reader.h - what the trace reader's files share (private to trace/):
 *
 *   source.c      the bytes: the file, the zstd/gzip decoder thread, the
 *                 text buffer and its refills
 *   events.c      the tokenizer of event lines (hot), trace_next()
 *   directives.c  header directives, flow, sock and random lines
 *   binary.c      the binary twin's records
 *   trace.c       opening and closing, raw lines, flows and sockets
 *
 * The number scanners and the binary twin's hot records are inline here:
 * every event goes through them, and a call per field would cost more than
 * the field.
 */
#ifndef QDK_TRACE_READER_H
#define QDK_TRACE_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "trace.h"

/* ---- errors -------------------------------------------------------------- */

/* "path:line: bad WHAT \"FIELD\"", exit 2 (events.c) */
void trace_bad_field(const struct trace *t, const char *p, const char *what)
	__attribute__((noreturn, noinline, cold));
/* "path:record N: bad X record: why", exit 2 (binary.c) */
void trace_bad_record(const struct trace *t, const uint8_t *r, const char *why)
	__attribute__((noreturn, noinline, cold));

/* ---- the bytes (source.c) ------------------------------------------------ */

/* Open t->path, tell plain text, the binary twin, zstd and gzip apart. */
void trace_src_open(struct trace *t);
void trace_src_close(struct trace *t);
/* Up to cap bytes of text (decompressed) into dst; 0 at the end. */
size_t trace_src_read(struct trace *t, char *dst, size_t cap);
/* Room left in the buffer after fill (grown for a plain file that grew). */
size_t trace_buf_room(struct trace *t);
/* The unread bytes and the pinned line moved to the front of the buffer. */
void trace_buf_shift(struct trace *t);
/* At least one whole line in [pos, end); false at the end of the text. */
bool trace_refill(struct trace *t, uint32_t line);

/* ---- lines (directives.c, events.c) ------------------------------------- */

/* A header directive, flow, sock or random line at p, n bytes (no '\n'). */
void trace_directive(struct trace *t, const char *p, size_t n);
/* Parse the event line at p (which starts with a digit) into ev; returns its end. */
const char *trace_event_line(struct trace *t, const char *p, struct trace_event *ev);
/*
 * The words of a random directive or R line after "random "/"R ": values
 * into *arr; true for "lost N" (in *lost). what names the line in errors.
 */
bool trace_rand_parse(struct trace *t, const char *p, size_t n, const char *what,
		      struct trace_rand **arr, size_t *nr, size_t *cap, uint64_t *lost);
void trace_rands_free(struct trace_rand *r, size_t n);
/* "MAJ:MIN" in hex as tc writes handles ("root" with allow_root); else fails at the line. */
uint32_t trace_handle_word(const struct trace *t, const char *s, bool allow_root);
/* TCP flags as the letters FSRPAUEC or "-" (n bytes at s); else fails at the line. */
uint8_t trace_tcp_flags(const struct trace *t, const char *s, size_t n);
/* Which lines wait for their call: R, C, n or b (the first kind pending). */
const char *trace_pending_kind(const struct trace *t);

/* ---- the binary twin (binary.c) ----------------------------------------- */

/* At least n bytes of records at pos; false when none is left; record rec cut short fails. */
bool trace_bin_have(struct trace *t, size_t n, uint32_t rec);
/* The line record at pos: its text into *p, *n, *nl; pos moves past it. */
void trace_bin_record_line(struct trace *t, const char **p, uint32_t *n, bool *nl);
/* trace_next() for the binary twin, past its inline fast path. */
bool trace_bin_next(struct trace *t, struct trace_event *ev);

/* ---- numbers ------------------------------------------------------------- */

static inline bool is_digit(char c)
{
	return (unsigned char)(c - '0') < 10;
}

static inline int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/*
 * Eight decimal digit values (0..9, one per byte, the most significant in the
 * lowest byte as loaded from memory) into their value, in three multiplies.
 */
static inline uint64_t swar8(uint64_t v)
{
	v = v * 10 + (v >> 8);
	return (((v & 0x000000ff000000ffull) * (100 + (1000000ull << 32))) +
		(((v >> 16) & 0x000000ff000000ffull) * (1 + (10000ull << 32)))) >> 32;
}

/* How many of the 8 bytes of c (after subtracting '0' into *x) are digits. */
static inline unsigned int digits8(const char *p, uint64_t *x)
{
	uint64_t c, nd;

	memcpy(&c, p, 8);
	*x = c - 0x3030303030303030ull;
	nd = (*x | (*x + 0x7676767676767676ull)) & 0x8080808080808080ull;
	return nd ? (unsigned int)__builtin_ctzll(nd) >> 3 : 8;
}

static const uint64_t pow10[9] = {
	1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000,
};

/*
 * A decimal or 0x-hex number at p; returns the first byte after it, or NULL
 * when there is no number or it does not fit in 64 bits. Decimal numbers are
 * read eight digits at a time: every buffer has at least 16 readable bytes
 * after its end (see read_plain), so the loads never leave it.
 */
static inline __attribute__((always_inline)) const char *num(const char *p, uint64_t *v)
{
	uint64_t x, acc;
	unsigned int n;

	if (__builtin_expect(p[0] == '0' && p[1] == 'x', 0)) {
		const char *s;
		int d;

		p += 2;
		s = p;
		acc = 0;
		while ((d = hexval(*p)) >= 0) {
			if (acc >> 60)
				return NULL;
			acc = acc << 4 | (uint64_t)d;
			p++;
		}
		if (p == s)
			return NULL;
		*v = acc;
		return p;
	}
	n = digits8(p, &x);
	if (n < 8) {
		if (n == 0)
			return NULL;
		*v = swar8(x << (64 - 8 * n));
		return p + n;
	}
	acc = swar8(x);
	p += 8;
	n = digits8(p, &x);
	if (n < 8) {
		if (n)
			acc = acc * pow10[n] + swar8(x << (64 - 8 * n));
		*v = acc;
		return p + n;
	}
	acc = acc * pow10[8] + swar8(x);
	p += 8;
	/* 16 digits so far: at most 4 more fit in 64 bits; check each one. */
	while (is_digit(*p)) {
		if (__builtin_mul_overflow(acc, 10, &acc) ||
		    __builtin_add_overflow(acc, (uint64_t)(*p - '0'), &acc))
			return NULL;
		p++;
	}
	*v = acc;
	return p;
}

/* A number that must fit in max, ending at a space or the end of the line. */
static inline __attribute__((always_inline)) const char *
field(const struct trace *t, const char *p, uint64_t max, const char *what, uint64_t *v)
{
	const char *e = num(p, v);

	if (__builtin_expect(!e || (*e != ' ' && *e != '\n') || *v > max, 0))
		trace_bad_field(t, p, what);
	return e;
}

/* ---- flows --------------------------------------------------------------- */

static inline struct trace_flow *flow_find(const struct trace *t, uint32_t fid)
{
	uint32_t i;

	if (fid < TRACE_FLOW_DIRECT)
		return t->fdirect[fid];
	return idx_get(&t->fidx, fid, &i) ? t->flows[i] : NULL;
}

/* ---- calls and their pending lines ------------------------------------- */

/* R, C, n and b lines wait for their call: an event op after them ends or breaks the wait. */
static inline void pending_check(struct trace *t, char op)
{
	if (__builtin_expect(t->b_pending, 0) && op != 'b')
		trace_fail(t, t->line, "b lines must come right before the device call (u line) "
			   "they belong to, not before \"%c\"", op);
	if (__builtin_expect(t->r_pending || t->c_pending || t->n_pending, 0) && op != 'R' &&
	    op != 'C' && op != 'n') {
		if (!strchr("edprctio", op))
			trace_fail(t, t->line, "%s lines must come right before the call line they "
				   "belong to, not before \"%c\"", trace_pending_kind(t), op);
		t->r_pending = false;
		t->c_pending = false;
		t->n_pending = false;
	}
}

/* ---- the binary twin's hot records ---------------------------------------- */

/*
 * The hot record at pos (its first 8 bytes there; record t->line): checked,
 * its time into *ts (t->last_ts moves on); returns its size.
 */
static inline __attribute__((always_inline)) size_t
bin_hot(struct trace *t, const uint8_t **rp, uint64_t *ts)
{
	const uint8_t *r = *rp;
	size_t size = r[0] == 'e' ? TRACE_BIN_E_SIZE : TRACE_BIN_ID_SIZE;
	uint32_t dts, fid;
	uint64_t id;

	if (__builtin_expect((size_t)(t->fill - t->pos) < size, 0)) {
		trace_bin_have(t, size, t->line);
		*rp = r = (const uint8_t *)t->pos;
	}
	if (r[2] | r[3])
		trace_bad_record(t, r, "its bytes 2 and 3 must be 0");
	memcpy(&dts, r + 4, 4);
	memcpy(&id, r + 8, 8);
	if (r[0] == 'e') {
		memcpy(&fid, r + 16, 4);
		if (r[1] > 15 || ((r[1] & TRACE_BIN_V_BASE) == TRACE_BIN_V_UNKNOWN && r[1] > 3))
			trace_bad_record(t, r, "bad verdict byte");
		if (fid >= TRACE_MAX_FID)
			trace_bad_record(t, r, "flow id beyond 2^24 - 1");
	} else if (r[1]) {
		trace_bad_record(t, r, "its byte 1 must be 0");
	}
	if (!id && r[0] != 'd' && r[0] != 'p')
		trace_fail(t, t->line, "packet id 0 is not allowed");
	*ts = t->last_ts + dts;
	if (*ts < t->last_ts)
		trace_bad_record(t, r, "its time is beyond 64 bits");
	t->last_ts = *ts;
	return size;
}

/*
 * A fixed-size record (e d p x m, record t->line) at pos into ev; pos moves
 * past it. Inline: trace_next() takes e and d records without a frame.
 */
static inline __attribute__((always_inline)) void bin_event(struct trace *t,
							     struct trace_event *ev)
{
	const uint8_t *r = (const uint8_t *)t->pos;

	t->pos += bin_hot(t, &r, &ev->ts);
	memcpy(&ev->id, r + 8, 8);
	if (r[0] == 'e') {
		memcpy(&ev->fid, r + 16, 4);
		memcpy(&ev->pkt_len, r + 20, 4);
		ev->verdict = (r[1] & TRACE_BIN_V_BASE) == TRACE_BIN_V_UNKNOWN ?
			      VERDICT_UNKNOWN : (int)((r[1] & TRACE_BIN_V_BASE) |
			      (r[1] & TRACE_BIN_V_STOLEN ? TRACE_XMIT_STOLEN : 0) |
			      (r[1] & TRACE_BIN_V_BYPASS ? TRACE_XMIT_BYPASS : 0));
		ev->ov = 0;
		ev->keys = NULL;
		ev->keys_len = 0;
	}
	ev->op = (char)r[0];
	ev->line = t->line;
	ev->text = NULL;
	ev->text_len = 0;
	pending_check(t, ev->op);
}

#endif /* QDK_TRACE_READER_H */
