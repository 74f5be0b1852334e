// SPDX-License-Identifier: GPL-2.0
/*
 * trace.c - the trace reader: file access, header directives, flows and a
 * hand-written tokenizer for the event lines.
 *
 * Speed matters here (the replay loop's budget is tens of nanoseconds per
 * event), so event lines are scanned byte by byte without copying or
 * splitting; the rarer lines (header, flow) use a simple word splitter.
 * Because the buffer always ends with '\n' and every scanner stops at a
 * character it does not expect, no scanner needs a bounds check.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include "trace.h"
#include "util.h"

const char *const trace_stat_names[ST_NKEYS] = {
	"qlen", "backlog", "drops", "overlimits", "requeues", "packets", "bytes",
};

void trace_fail(const struct trace *t, uint32_t line, const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	/* a binary trace's record N is line N of its text twin */
	fprintf(stderr, t->binary ? "%s:record %u: " : "%s:%u: ", t->path, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

static void file_fail(const char *path, const char *fmt, ...)
	__attribute__((format(printf, 2, 3), noreturn));
static void file_fail(const char *path, const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "%s: ", path);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

/* ---- getting the bytes ------------------------------------------------- */

static inline bool is_digit(char c)
{
	return (unsigned char)(c - '0') < 10;
}

/*
 * The text streams through t->buf: [pos, end) holds whole lines (end is one
 * past the last '\n' read), [end, fill) the start of the next line, and
 * TRACE_PAD zero bytes follow fill. Refilling moves the unread bytes (and
 * the pinned line, trace_pin) to the front and reads more from the source:
 * read(2) for plain text, libzstd's and zlib's streaming decoders for
 * compressed input, told apart by their magic numbers, so memory does not
 * grow with the trace.
 */
#define TRACE_IN_SIZE (128u << 10)	/* compressed bytes read at a time */
#define TRACE_SNIFF_SIZE 4096u		/* bytes read first to tell the format */

enum { SRC_PLAIN, SRC_ZSTD, SRC_GZIP };

/* Raw bytes of the file into t->in; false at its end; -1 with err set on an error. */
static int raw_fill(struct trace *t, char *err, size_t errn)
{
	ssize_t n;

	t->in_pos = 0;
	do
		n = read(t->fd, t->in, t->in_cap);
	while (n < 0 && errno == EINTR);
	if (n < 0) {
		snprintf(err, errn, "%s", strerror(errno));
		t->in_len = 0;
		return -1;
	}
	t->in_len = (size_t)n;
	return n > 0;
}

/*
 * Up to cap decompressed bytes into dst; 0 at the end of the data, or with
 * err set when the data are bad. Runs in the decoder thread (below): it
 * touches only the file, t->in and the decoders, and reports in err.
 */
static size_t dec_read(struct trace *t, char *dst, size_t cap, char *err, size_t errn)
{
	for (;;) {
		if (t->in_pos == t->in_len && !t->src_eof) {
			int r = raw_fill(t, err, errn);

			if (r < 0)
				return 0;
			t->src_eof = !r;
		}
		if (t->src == SRC_ZSTD) {
			ZSTD_inBuffer in = { t->in, t->in_len, t->in_pos };
			ZSTD_outBuffer out = { dst, cap, 0 };
			size_t r;

			if (t->src_eof) {
				if (t->frame_open)
					snprintf(err, errn, "truncated zstd data");
				return 0;
			}
			r = ZSTD_decompressStream(t->zstd, &out, &in);
			if (ZSTD_isError(r)) {
				snprintf(err, errn, "not valid zstd data: %s", ZSTD_getErrorName(r));
				return 0;
			}
			t->in_pos = in.pos;
			t->frame_open = r != 0;
			if (out.pos)
				return out.pos;
		} else {
			z_stream *z = &t->gz;
			int r;

			if (t->src_eof) {
				if (t->frame_open)
					snprintf(err, errn, "truncated gzip data");
				return 0;
			}
			if (!t->frame_open) {
				/* a new member: gzip files may be concatenated */
				if (inflateReset(z) != Z_OK) {
					snprintf(err, errn, "zlib: cannot reset the decoder");
					return 0;
				}
				t->frame_open = true;
			}
			z->next_in = (unsigned char *)t->in + t->in_pos;
			z->avail_in = (unsigned int)(t->in_len - t->in_pos);
			z->next_out = (unsigned char *)dst;
			z->avail_out = (unsigned int)cap;
			r = inflate(z, Z_NO_FLUSH);
			if (r != Z_OK && r != Z_STREAM_END && r != Z_BUF_ERROR) {
				snprintf(err, errn, "not valid gzip data: %s", z->msg ? z->msg : "error");
				return 0;
			}
			t->in_pos = t->in_len - z->avail_in;
			if (r == Z_STREAM_END)
				t->frame_open = false;
			if (cap - z->avail_out)
				return cap - z->avail_out;
		}
	}
}

/*
 * The decoder thread: compressed input is decompressed ahead of the reader,
 * into a ring of DEC_NCHUNK chunks, so that decompression overlaps the
 * replay on a second core. head counts the chunks made, tail those taken;
 * a chunk between them belongs to the reader, the others to the thread.
 */
#define DEC_CHUNK (256u << 10)
#define DEC_NCHUNK 4

struct trace_dec {
	pthread_t th;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	char *chunk[DEC_NCHUNK];
	size_t len[DEC_NCHUNK];
	unsigned int head, tail;
	size_t off;		/* bytes of the tail chunk taken */
	bool end, stop;
	char err[256];
};

static void *dec_main(void *arg)
{
	struct trace *t = arg;
	struct trace_dec *d = t->dec;
	unsigned int slot;
	size_t n;
	bool stop;

	for (;;) {
		pthread_mutex_lock(&d->mu);
		while (d->head - d->tail == DEC_NCHUNK && !d->stop)
			pthread_cond_wait(&d->cv, &d->mu);
		stop = d->stop;
		slot = d->head % DEC_NCHUNK;
		pthread_mutex_unlock(&d->mu);
		if (stop)
			return NULL;
		n = dec_read(t, d->chunk[slot], DEC_CHUNK, d->err, sizeof(d->err));
		pthread_mutex_lock(&d->mu);
		d->len[slot] = n;
		if (n)
			d->head++;
		else
			d->end = true;
		pthread_cond_broadcast(&d->cv);
		pthread_mutex_unlock(&d->mu);
		if (!n)
			return NULL;
	}
}

static void dec_start(struct trace *t)
{
	struct trace_dec *d = xmalloc(sizeof(*d));
	int i;

	memset(d, 0, sizeof(*d));
	for (i = 0; i < DEC_NCHUNK; i++)
		d->chunk[i] = xmalloc(DEC_CHUNK);
	pthread_mutex_init(&d->mu, NULL);
	pthread_cond_init(&d->cv, NULL);
	t->dec = d;
	if (pthread_create(&d->th, NULL, dec_main, t))
		file_fail(t->path, "cannot start the decoder thread");
}

static void dec_stop(struct trace *t)
{
	struct trace_dec *d = t->dec;
	int i;

	if (!d)
		return;
	pthread_mutex_lock(&d->mu);
	d->stop = true;
	pthread_cond_broadcast(&d->cv);
	pthread_mutex_unlock(&d->mu);
	pthread_join(d->th, NULL);
	pthread_mutex_destroy(&d->mu);
	pthread_cond_destroy(&d->cv);
	for (i = 0; i < DEC_NCHUNK; i++)
		free(d->chunk[i]);
	free(d);
	t->dec = NULL;
}

/* Up to cap decompressed bytes from the decoder thread's chunks. */
static size_t dec_take(struct trace *t, char *dst, size_t cap)
{
	struct trace_dec *d = t->dec;
	unsigned int slot;
	size_t n;

	pthread_mutex_lock(&d->mu);
	while (d->head == d->tail && !d->end)
		pthread_cond_wait(&d->cv, &d->mu);
	if (d->head == d->tail) {
		pthread_mutex_unlock(&d->mu);
		if (d->err[0])
			file_fail(t->path, "%s", d->err);
		return 0;
	}
	slot = d->tail % DEC_NCHUNK;
	pthread_mutex_unlock(&d->mu);
	n = d->len[slot] - d->off < cap ? d->len[slot] - d->off : cap;
	memcpy(dst, d->chunk[slot] + d->off, n);
	d->off += n;
	if (d->off == d->len[slot]) {
		pthread_mutex_lock(&d->mu);
		d->tail++;
		d->off = 0;
		pthread_cond_broadcast(&d->cv);
		pthread_mutex_unlock(&d->mu);
	}
	return n;
}

/*
 * The end of a plain file: refused when the file is now shorter than what
 * was read of it (truncated while being read), whose last line may have been
 * cut into one that reads as another ("1076581500 d 1076581" as "... d 107").
 */
static void check_not_shrunk(const struct trace *t)
{
	off_t at = lseek(t->fd, 0, SEEK_CUR);
	struct stat st;

	if (at > 0 && !fstat(t->fd, &st) && S_ISREG(st.st_mode) && st.st_size < at)
		file_fail(t->path, "the file shrank to %lld bytes while %lld were read: truncated under the reader",
			  (long long)st.st_size, (long long)at);
}

/* Up to cap decompressed (or plain) bytes into dst; 0 at the end of the trace. */
static size_t src_read(struct trace *t, char *dst, size_t cap)
{
	ssize_t n;

	if (t->src == SRC_PLAIN) {
		if (t->in_pos < t->in_len) {	/* the bytes read to tell the format */
			n = (ssize_t)(t->in_len - t->in_pos < cap ? t->in_len - t->in_pos : cap);
			memcpy(dst, t->in + t->in_pos, (size_t)n);
			t->in_pos += (size_t)n;
			return (size_t)n;
		}
		do
			n = read(t->fd, dst, cap);
		while (n < 0 && errno == EINTR);
		if (n < 0)
			file_fail(t->path, "%s", strerror(errno));
		if (n == 0)
			check_not_shrunk(t);
		return (size_t)n;
	}
	return dec_take(t, dst, cap);
}

/*
 * The room to read into after fill. A buffer sized for a small file is full
 * only when the file grew after it was opened: it grows, once, to
 * TRACE_BUF_SIZE, so that a line up to its bound still fits.
 */
static size_t buf_room(struct trace *t)
{
	size_t used = (size_t)(t->fill - t->buf);

	if (used == t->buf_size && t->buf_size < TRACE_BUF_SIZE) {
		size_t pos = (size_t)(t->pos - t->buf), end = (size_t)(t->end - t->buf);
		bool pinned = t->pin && (uintptr_t)*t->pin >= (uintptr_t)t->buf &&
			      (uintptr_t)*t->pin < (uintptr_t)t->fill;
		size_t pin = pinned ? (size_t)(*t->pin - t->buf) : 0;

		t->buf = xrealloc(t->buf, TRACE_BUF_SIZE + 1 + TRACE_PAD);
		t->buf_size = TRACE_BUF_SIZE;
		t->pos = t->buf + pos;
		t->end = t->buf + end;
		t->fill = t->buf + used;
		if (pinned)
			*t->pin = t->buf + pin;
	}
	return t->buf_size - used;
}

/*
 * Tell the binary twin from text by the first bytes of the (decompressed)
 * data: TRACE_BIN_MAGIC, the binary version and a zero word.
 */
static void detect(struct trace *t)
{
	const char *nl;
	uint32_t w[2];
	size_t n;

	while ((size_t)(t->fill - t->buf) < TRACE_BIN_HDR && !t->src_done) {
		n = src_read(t, t->fill, buf_room(t));
		if (!n)
			t->src_done = true;
		t->fill += n;
	}
	memset(t->fill, 0, TRACE_PAD);
	if ((size_t)(t->fill - t->buf) >= TRACE_BIN_MAGIC_LEN &&
	    !memcmp(t->buf, TRACE_BIN_MAGIC, TRACE_BIN_MAGIC_LEN)) {
		t->binary = true;
		if ((size_t)(t->fill - t->buf) < TRACE_BIN_HDR)
			file_fail(t->path, "truncated binary trace header");
		memcpy(w, t->buf + TRACE_BIN_MAGIC_LEN, sizeof(w));
		if (w[0] != TRACE_BIN_VERSION)
			file_fail(t->path, "binary trace version %u (this reader knows version %u)",
				  w[0], TRACE_BIN_VERSION);
		if (w[1])
			file_fail(t->path, "bad binary trace header (its last word must be 0)");
		t->pos = t->buf + TRACE_BIN_HDR;
		t->end = t->fill;
		t->fmt = xmalloc(128);
		return;
	}
	nl = memrchr(t->buf, '\n', (size_t)(t->fill - t->buf));
	t->end = nl ? nl + 1 : t->buf;
}

/* Open t->path and tell plain text from zstd and gzip by the first bytes. */
static void src_open(struct trace *t)
{
	const unsigned char *m;
	char err[256];

	struct stat st;

	t->fd = open(t->path, O_RDONLY | O_CLOEXEC);
	if (t->fd < 0)
		file_fail(t->path, "%s", strerror(errno));
	t->in_cap = TRACE_SNIFF_SIZE;
	t->in = xmalloc(t->in_cap);
	if (raw_fill(t, err, sizeof(err)) < 0)
		file_fail(t->path, "%s", err);
	m = (const unsigned char *)t->in;
	if (t->in_len >= 4 && m[0] == 0x28 && m[1] == 0xb5 && m[2] == 0x2f && m[3] == 0xfd) {
		t->src = SRC_ZSTD;
		t->zstd = ZSTD_createDStream();
		if (!t->zstd)
			file_fail(t->path, "zstd: out of memory");
	} else if (t->in_len >= 2 && m[0] == 0x1f && m[1] == 0x8b) {
		t->src = SRC_GZIP;
		if (inflateInit2(&t->gz, 16 + MAX_WBITS) != Z_OK)
			file_fail(t->path, "zlib: cannot start the decoder");
		t->frame_open = true;
	} else {
		t->src = SRC_PLAIN;
	}
	t->buf_size = TRACE_BUF_SIZE;
	if (t->src != SRC_PLAIN) {
		/* what raw_fill() reads from now on; the sniffed bytes stay */
		t->in_cap = TRACE_IN_SIZE;
		t->in = xrealloc(t->in, t->in_cap);
		dec_start(t);
	} else if (!fstat(t->fd, &st) && S_ISREG(st.st_mode) &&
		   st.st_size < (off_t)TRACE_BUF_SIZE) {
		/* the whole file, and a byte of room to see its end */
		t->buf_size = ((size_t)st.st_size + 1 + 4095) & ~(size_t)4095;
		if (t->buf_size > TRACE_BUF_SIZE)
			t->buf_size = TRACE_BUF_SIZE;
	}
	t->buf = xmalloc(t->buf_size + 1 + TRACE_PAD);
	t->pos = t->end = t->fill = t->buf;
	memset(t->buf, 0, TRACE_PAD);
	detect(t);
}

static void src_close(struct trace *t)
{
	dec_stop(t);
	if (t->src == SRC_ZSTD)
		ZSTD_freeDStream(t->zstd);
	else if (t->src == SRC_GZIP)
		inflateEnd(&t->gz);
	if (t->fd >= 0)
		close(t->fd);
	free(t->in);
	free(t->buf);
	free(t->pinned);
	free(t->fmt);
}

/* The longest a line starting at p may be: a tca directive's or a c line's is longer. */
static size_t line_max(const char *p)
{
	if (!memcmp(p, "tca ", 4))
		return TRACE_MAX_TCA_LINE;
	while (is_digit(*p))
		p++;
	return p[0] == ' ' && p[1] == 'c' && p[2] == ' ' ? TRACE_MAX_TCA_LINE : TRACE_MAX_LINE;
}

/* The pinned line moves with the text, or into a copy of its own when it is far behind. */
static const char *keep_from(struct trace *t)
{
	const char *k = t->pin ? *t->pin : NULL;
	size_t n;

	if (!k || (uintptr_t)k < (uintptr_t)t->buf || (uintptr_t)k >= (uintptr_t)t->pos)
		return t->pos;
	if ((size_t)(t->pos - k) <= t->buf_size / 4)
		return k;
	n = (size_t)((const char *)memchr(k, '\n', (size_t)(t->end - k)) - k) + 1;
	if (!t->pinned)
		t->pinned = xmalloc(TRACE_MAX_TCA_LINE + 2);
	memcpy(t->pinned, k, n);
	*t->pin = t->pinned;
	return t->pos;
}

/* The unread bytes (and the pinned line) to the front of buf, for a refill. */
static void buf_shift(struct trace *t)
{
	const char *from = keep_from(t);
	size_t shift = (size_t)(from - t->buf);

	if (!shift)
		return;
	memmove(t->buf, from, (size_t)(t->fill - from));
	if (t->pin && (uintptr_t)*t->pin >= (uintptr_t)from && (uintptr_t)*t->pin < (uintptr_t)t->pos)
		*t->pin -= shift;
	t->pos -= shift;
	t->end -= shift;
	t->fill -= shift;
}

/*
 * Make [pos, end) hold at least one whole line: false at the end of the
 * trace. A last line without its '\n' gets one; a line longer than its
 * bound fails at line number `line` (the one being read).
 */
static bool refill(struct trace *t, uint32_t line)
{
	for (;;) {
		size_t n;
		char *nl;

		if (t->pos < t->end)
			return true;
		if (t->src_done) {
			if (t->fill == t->pos)
				return false;
			t->nl_added = true;
			*t->fill++ = '\n';	/* the last line had none */
			memset(t->fill, 0, TRACE_PAD);
			t->end = t->fill;
			return true;
		}
		buf_shift(t);
		if ((size_t)(t->fill - t->pos) > line_max(t->pos)) {
			if (line == 1)
				trace_fail(t, 1, "not a qdk trace (the first line must be "
					   "\"qdk-trace 1\")");
			trace_fail(t, line, "line longer than %zu bytes", line_max(t->pos));
		}
		n = src_read(t, t->fill, buf_room(t));
		if (!n)
			t->src_done = true;
		nl = memrchr(t->fill, '\n', n);
		t->fill += n;
		memset(t->fill, 0, TRACE_PAD);
		if (nl)
			t->end = nl + 1;
	}
}

/* ---- numbers ----------------------------------------------------------- */

static int hexval(char c)
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

static void __attribute__((noreturn, noinline, cold))
bad_field(const struct trace *t, const char *p, const char *what)
{
	trace_fail(t, t->line, "bad %s \"%.*s\"", what, (int)strcspn(p, " \n"), p);
}

/* A number that must fit in max, ending at a space or the end of the line. */
static inline __attribute__((always_inline)) const char *
field(const struct trace *t, const char *p, uint64_t max, const char *what, uint64_t *v)
{
	const char *e = num(p, v);

	if (__builtin_expect(!e || (*e != ' ' && *e != '\n') || *v > max, 0))
		bad_field(t, p, what);
	return e;
}

/* ---- header and flow lines (rare: simple and careful) ------------------ */

#define MAX_WORDS 64

/* Copy the line at p into a NUL-terminated string and split it into words. */
static int split(char *line, char **w)
{
	int n = 0;
	char *save = NULL, *s;

	for (s = strtok_r(line, " ", &save); s && n < MAX_WORDS; s = strtok_r(NULL, " ", &save))
		w[n++] = s;
	return n;
}

static uint64_t word_num(const struct trace *t, const char *s, uint64_t max, const char *what)
{
	char pad[48] = { 0 };	/* num() may read 16 bytes past the number */
	uint64_t v;
	const char *e = NULL;
	size_t n = strlen(s);

	if (n < sizeof(pad) - TRACE_PAD) {
		memcpy(pad, s, n);
		e = num(pad, &v);
	}
	if (!e || *e || v > max)
		trace_fail(t, t->line, "bad %s \"%s\"", what, s);
	return v;
}

int trace_hex(const char *s, size_t n, uint8_t **out, size_t *len)
{
	uint8_t *b;
	size_t i;

	if (n % 2)
		return -1;
	b = xmalloc(n / 2 + 1);
	for (i = 0; i < n / 2; i++) {
		int hi = hexval(s[2 * i]), lo = hexval(s[2 * i + 1]);

		if (hi < 0 || lo < 0) {
			free(b);
			return -1;
		}
		b[i] = (uint8_t)(hi << 4 | lo);
	}
	*out = b;
	*len = n / 2;
	return 0;
}

/* "MAJ:MIN" in hex as tc writes handles; "root" for the parent. */
static uint32_t handle_word(const struct trace *t, const char *s, bool allow_root)
{
	char *end;
	unsigned long maj, min = 0;

	if (allow_root && strcmp(s, "root") == 0)
		return 0xffffffffu;
	maj = strtoul(s, &end, 16);
	if (end == s || *end != ':' || maj > 0xffff)
		trace_fail(t, t->line, "bad handle \"%s\" (want MAJ:MIN in hex)", s);
	if (end[1]) {
		const char *m = end + 1;

		min = strtoul(m, &end, 16);
		if (end == m || *end || min > 0xffff)
			trace_fail(t, t->line, "bad handle \"%s\" (want MAJ:MIN in hex)", s);
	}
	return (uint32_t)(maj << 16 | min);
}

static uint8_t tcp_flags(const struct trace *t, const char *s, size_t n)
{
	static const char letters[] = "FSRPAUEC";
	uint8_t f = 0;
	size_t i;

	if (n == 1 && s[0] == '-')
		return 0;
	for (i = 0; i < n; i++) {
		const char *c = memchr(letters, s[i], 8);

		if (!c || !s[i])
			trace_fail(t, t->line, "bad TCP flags \"%.*s\" (letters FSRPAUEC or -)",
				   (int)n, s);
		f |= (uint8_t)(1u << (c - letters));
	}
	return f;
}


static inline struct trace_flow *flow_find(const struct trace *t, uint32_t fid)
{
	uint32_t i;

	if (fid < TRACE_FLOW_DIRECT)
		return t->fdirect[fid];
	return idx_get(&t->fidx, fid, &i) ? t->flows[i] : NULL;
}

/* A new flow fid (not declared yet). */
static struct trace_flow *flow_add(struct trace *t, uint32_t fid)
{
	struct trace_flow *f;

	if (t->nflows == t->capflows) {
		t->capflows = t->capflows ? 2 * t->capflows : 64;
		t->flows = xrealloc(t->flows, t->capflows * sizeof(*t->flows));
	}
	f = pool_alloc(&t->flow_pool, sizeof(*f));
	f->fid = fid;
	idx_put(&t->fidx, fid, t->nflows);
	if (fid < TRACE_FLOW_DIRECT)
		t->fdirect[fid] = f;
	t->flows[t->nflows++] = f;
	return f;
}

/* ADDR[:PORT] for the flow's family; returns the family. */
static int endpoint(const struct trace *t, char *s, bool want_port, uint8_t *addr,
		    uint16_t *port)
{
	char *colon;
	int fam;

	if (s[0] == '[') {
		char *close = strchr(s, ']');

		if (!close)
			trace_fail(t, t->line, "bad address \"%s\"", s);
		*close = '\0';
		if (inet_pton(AF_INET6, s + 1, addr) != 1)
			trace_fail(t, t->line, "bad IPv6 address \"%s\"", s + 1);
		fam = QDK_AF_INET6;
		colon = close[1] == ':' ? close + 1 : NULL;
		if (close[1] && !colon)
			trace_fail(t, t->line, "bad address \"%s]%s\"", s, close + 1);
	} else {
		colon = strchr(s, ':');
		if (colon)
			*colon = '\0';
		if (inet_pton(AF_INET, s, addr) != 1)
			trace_fail(t, t->line, "bad IPv4 address \"%s\"", s);
		fam = QDK_AF_INET;
	}
	if (want_port != (colon != NULL))
		trace_fail(t, t->line, want_port ? "address needs a :PORT for tcp and udp"
						 : "a port is only allowed for tcp and udp");
	if (colon)
		*port = (uint16_t)word_num(t, colon + 1, 65535, "port");
	return fam;
}

static void flow_line(struct trace *t, const char *p, size_t n)
{
	/* split() writes into its copy: a long line, rare, goes to the heap */
	char buf[256], *line = n < sizeof(buf) ? buf : xmalloc(n + 1), *w[MAX_WORDS];
	int nw, i, fam;
	uint64_t fid;
	struct trace_flow *f;
	struct qdk_pkt *k;
	const char *proto;
	bool ports;

	memcpy(line, p, n);
	line[n] = '\0';
	nw = split(line, w);
	if (nw < 5)
		trace_fail(t, t->line, "flow needs FID PROTO SRC DST");
	fid = word_num(t, w[1], TRACE_MAX_FID - 1, "flow id");
	if (fid == 0)
		trace_fail(t, t->line, "flow id 0 is not allowed");
	if (flow_find(t, (uint32_t)fid))
		trace_fail(t, t->line, "flow %llu declared twice", (unsigned long long)fid);
	f = flow_add(t, (uint32_t)fid);
	k = &f->tmpl;
	memset(k, 0, sizeof(*k));
	k->ttl = 64;
	k->tcp_flags = QDK_TCP_ACK;
	proto = w[2];
	ports = false;
	if (strcmp(proto, "tcp") == 0) {
		k->l4proto = 6;
		ports = true;
	} else if (strcmp(proto, "udp") == 0) {
		k->l4proto = 17;
		ports = true;
	} else if (strcmp(proto, "icmp") == 0) {
		k->l4proto = 1;
	} else if (strcmp(proto, "icmp6") == 0) {
		k->l4proto = 58;
	} else if (strncmp(proto, "ip:", 3) == 0) {
		k->l4proto = (uint8_t)word_num(t, proto + 3, 255, "IP protocol");
	} else if (strncmp(proto, "eth:", 4) == 0) {
		k->ethertype = (uint16_t)word_num(t, proto + 4, 0xffff, "ethertype");
		k->family = QDK_AF_NONE;
		if (strcmp(w[3], "-") || strcmp(w[4], "-"))
			trace_fail(t, t->line, "a non-IP flow has - as SRC and DST");
	} else {
		trace_fail(t, t->line, "unknown protocol \"%s\"", proto);
	}
	if (strncmp(proto, "eth:", 4) != 0) {
		fam = endpoint(t, w[3], ports, k->saddr, &k->sport);
		if (endpoint(t, w[4], ports, k->daddr, &k->dport) != fam)
			trace_fail(t, t->line, "SRC and DST are of different address families");
		k->family = (uint8_t)fam;
		k->ethertype = fam == QDK_AF_INET ? 0x0800 : 0x86dd;
		if (k->l4proto == 1 && fam != QDK_AF_INET)
			trace_fail(t, t->line, "icmp needs IPv4 addresses (icmp6 for IPv6)");
		if (k->l4proto == 58 && fam != QDK_AF_INET6)
			trace_fail(t, t->line, "icmp6 needs IPv6 addresses");
	}
	for (i = 5; i < nw; i++) {
		char *eq = strchr(w[i], '=');
		const char *v;

		if (!eq)
			trace_fail(t, t->line, "bad flow key \"%s\" (want KEY=VAL)", w[i]);
		*eq = '\0';
		v = eq + 1;
		if (strcmp(w[i], "tos") == 0)
			k->tos = (uint8_t)word_num(t, v, 255, "tos");
		else if (strcmp(w[i], "prio") == 0)
			k->priority = (uint32_t)word_num(t, v, UINT32_MAX, "prio");
		else if (strcmp(w[i], "mark") == 0)
			k->mark = (uint32_t)word_num(t, v, UINT32_MAX, "mark");
		else if (strcmp(w[i], "hash") == 0)
			k->hash = (uint32_t)word_num(t, v, UINT32_MAX, "hash");
		else if (strcmp(w[i], "tcp") == 0)
			k->tcp_flags = tcp_flags(t, v, strlen(v));
		else if (strcmp(w[i], "ttl") == 0)
			k->ttl = (uint8_t)word_num(t, v, 255, "ttl");
		else if (strcmp(w[i], "q") == 0)
			k->queue_mapping = (uint16_t)word_num(t, v, 0xffff, "q");
		else if (strcmp(w[i], "tcidx") == 0)
			k->tc_index = (uint16_t)word_num(t, v, 0xffff, "tcidx");
		else if (strcmp(w[i], "truesize") == 0)
			k->truesize = (uint32_t)word_num(t, v, UINT32_MAX, "truesize");
		else
			trace_fail(t, t->line, "unknown flow key \"%s\"", w[i]);
	}
	f->declared = true;
	/* Keep the declaration as written (after "flow FID ") for drive's output. */
	{
		const char *rest = p + 5, *end = p + n;

		rest += strcspn(rest, " ");
		rest += rest < end;
		f->decl = pool_strndup(&t->flow_pool, rest, (size_t)(end - rest));
	}
	if (line != buf)
		free(line);
}

/* a sock value by its name (name(v), write.c's words: all below 32) or as a number up to max */
static uint64_t sk_word(const struct trace *t, const char *v,
			const char *(*name)(unsigned int), uint64_t max, const char *what)
{
	unsigned int i;

	if (name) {
		for (i = 0; i <= max && i < 32; i++) {
			const char *nm = name(i);

			if (nm && strcmp(nm, v) == 0)
				return i;
		}
	}
	return word_num(t, v, max, what);
}

static uint64_t sk_rate(const struct trace *t, const char *v, const char *what)
{
	if (strcmp(v, "max") == 0)
		return UINT64_MAX;
	return word_num(t, v, UINT64_MAX, what);
}

/*
 * "sock SID PROTO [KEY=VAL...]" declares socket SID, "sock SID KEY=VAL..."
 * changes the keys it names (FORMAT.md, "Sockets").
 */
static void sock_line(struct trace *t, const char *p, size_t n)
{
	static uint32_t gen;	/* across traces: a replayed socket never keeps a stale gen */
	char buf[512], *line = n < sizeof(buf) ? buf : xmalloc(n + 1), *w[MAX_WORDS];
	struct trace_sock *ts;
	struct qdk_sk *k;
	uint64_t sid;
	int nw, i = 2;

	memcpy(line, p, n);
	line[n] = '\0';
	nw = split(line, w);
	if (nw < 2)
		trace_fail(t, t->line, "sock needs SID [PROTO] [KEY=VAL...]");
	sid = word_num(t, w[1], TRACE_MAX_SID - 1, "socket id");
	if (sid == 0)
		trace_fail(t, t->line, "socket id 0 is not allowed");
	if (sid >= t->capsocks) {
		uint32_t cap = t->capsocks ? t->capsocks : 16;

		while (cap <= sid)
			cap *= 2;
		t->socks = xrealloc(t->socks, cap * sizeof(*t->socks));
		memset(t->socks + t->capsocks, 0, (cap - t->capsocks) * sizeof(*t->socks));
		t->capsocks = cap;
	}
	ts = t->socks[sid];
	if (nw > 2 && !strchr(w[2], '=')) {
		uint8_t proto;

		if (ts)
			trace_fail(t, t->line, "socket %llu declared twice", (unsigned long long)sid);
		if (strcmp(w[2], "tcp") == 0)
			proto = 6;
		else if (strcmp(w[2], "udp") == 0)
			proto = 17;
		else if (strncmp(w[2], "ip:", 3) == 0)
			proto = (uint8_t)word_num(t, w[2] + 3, 255, "IP protocol");
		else
			trace_fail(t, t->line, "unknown socket protocol \"%s\"", w[2]);
		ts = xmalloc(sizeof(*ts));
		memset(ts, 0, sizeof(*ts));
		trace_sk_defaults(&ts->sk, (uint32_t)sid, proto);
		t->socks[sid] = ts;
		i = 3;
	} else if (!ts) {
		trace_fail(t, t->line, "socket %llu is not declared (sock SID PROTO first)",
			   (unsigned long long)sid);
	}
	k = &ts->sk;
	for (; i < nw; i++) {
		char *eq = strchr(w[i], '=');
		const char *v;

		if (!eq)
			trace_fail(t, t->line, "bad sock key \"%s\" (want KEY=VAL)", w[i]);
		*eq = '\0';
		v = eq + 1;
		if (strcmp(w[i], "family") == 0) {
			k->family = (uint8_t)word_num(t, v, 6, "family");
			if (k->family != QDK_AF_INET && k->family != QDK_AF_INET6)
				trace_fail(t, t->line, "family is 4 or 6");
		} else if (strcmp(w[i], "type") == 0) {
			k->type = (uint16_t)sk_word(t, v, trace_sk_type_name, 0xffff, "type");
		} else if (strcmp(w[i], "state") == 0) {
			k->state = (uint8_t)sk_word(t, v, trace_sk_state_name, 255, "state");
		} else if (strcmp(w[i], "hash") == 0) {
			k->hash = (uint32_t)word_num(t, v, UINT32_MAX, "hash");
		} else if (strcmp(w[i], "pacing") == 0) {
			k->pacing_rate = sk_rate(t, v, "pacing");
		} else if (strcmp(w[i], "maxpacing") == 0) {
			k->max_pacing_rate = sk_rate(t, v, "maxpacing");
		} else if (strcmp(w[i], "pstatus") == 0) {
			k->pacing_status = (uint8_t)sk_word(t, v, trace_sk_pstatus_name, 255, "pstatus");
		} else if (strcmp(w[i], "ca") == 0) {
			k->ca_state = (uint8_t)sk_word(t, v, trace_sk_ca_name, 31, "ca");
		} else if (strcmp(w[i], "cwnd") == 0) {
			k->cwnd = (uint32_t)word_num(t, v, UINT32_MAX, "cwnd");
		} else if (strcmp(w[i], "srtt") == 0) {
			k->srtt_us = (uint32_t)word_num(t, v, UINT32_MAX, "srtt");
		} else if (strcmp(w[i], "mss") == 0) {
			k->mss = (uint32_t)word_num(t, v, UINT32_MAX, "mss");
		} else {
			trace_fail(t, t->line, "unknown sock key \"%s\"", w[i]);
		}
	}
	k->gen = ++gen;
	if (line != buf)
		free(line);
}

/*
 * The words of a random directive or R line after "random "/"R " (at p, n
 * bytes): "u8|u16|u32|u64 V...", "bytes HEX..." (one get_random_bytes()
 * buffer per word) or "lost N". Values are appended to *arr (*nr of *cap),
 * one per value or HEX word; for "lost", *lost gets N and the return value
 * is true. what names the line in errors. Parsed here rather than by
 * split(), which stops at MAX_WORDS.
 */
static bool rand_parse(struct trace *t, const char *p, size_t n, const char *what,
		       struct trace_rand **arr, size_t *nr, size_t *cap, uint64_t *lost)
{
	char *line = xstrndup(p, n), *save = NULL, *kind, *s;
	unsigned int width = 0;
	int nv = 0;

	kind = strtok_r(line, " ", &save);
	if (!kind)
		trace_fail(t, t->line, "%s needs u8, u16, u32, u64, bytes or lost", what);
	if (strcmp(kind, "lost") == 0) {
		s = strtok_r(NULL, " ", &save);
		if (!s || strtok_r(NULL, " ", &save))
			trace_fail(t, t->line, "%s lost needs one count", what);
		*lost = word_num(t, s, UINT32_MAX, "lost count");
		free(line);
		return true;
	}
	if (strcmp(kind, "u8") == 0)
		width = 1;
	else if (strcmp(kind, "u16") == 0)
		width = 2;
	else if (strcmp(kind, "u32") == 0)
		width = 4;
	else if (strcmp(kind, "u64") == 0)
		width = 8;
	else if (strcmp(kind, "bytes") != 0)
		trace_fail(t, t->line, "unknown %s kind \"%s\" (u8, u16, u32, u64, bytes, lost)",
			   what, kind);
	while ((s = strtok_r(NULL, " ", &save)) != NULL) {
		struct trace_rand *r;

		if (*nr == *cap) {
			*cap = *cap ? 2 * *cap : 16;
			*arr = xrealloc(*arr, *cap * sizeof(**arr));
		}
		r = &(*arr)[(*nr)++];
		memset(r, 0, sizeof(*r));
		r->width = (uint8_t)width;
		r->line = t->line;
		if (width) {
			r->val = word_num(t, s, width == 8 ? UINT64_MAX :
					  (1ULL << (8 * width)) - 1, "random value");
		} else if (trace_hex(s, strlen(s), &r->bytes, &r->len) || !r->len) {
			trace_fail(t, t->line, "bad %s bytes hex \"%s\"", what, s);
		}
		nv++;
	}
	if (!nv)
		trace_fail(t, t->line, "%s %s needs at least one value", what, kind);
	free(line);
	return false;
}

/* random ...: the kernel's draws during init, appended in order. */
static void random_line(struct trace *t, const char *p, size_t n)
{
	struct trace_hdr *h = &t->hdr;
	uint64_t lost;

	if (!rand_parse(t, p + 7, n - 7, "random", &h->rand, &h->nrand, &h->rand_cap, &lost))
		return;
	h->rand_lost += lost;
	if (!h->rand_lost_line)
		h->rand_lost_line = t->line;
}

static void rands_free(struct trace_rand *r, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(r[i].bytes);
}

/* TS R ...: the draws of the call that follows, into t->rv (ev points there). */
static const char *rand_event(struct trace *t, const char *p, struct trace_event *ev)
{
	size_t n = strcspn(p, "\n");

	if (t->version < 2)
		trace_fail(t, t->line, "R lines (random draws during calls) need \"qdk-trace 2\"");
	if (!t->r_pending) {
		/* the draws of the previous call were handed on: start afresh */
		rands_free(t->rv, t->nrv);
		t->nrv = 0;
	}
	ev->rv_first = t->nrv;
	ev->rlost = 0;
	if (rand_parse(t, p, n, "R", &t->rv, &t->nrv, &t->rv_cap, &ev->rlost) && !ev->rlost)
		trace_fail(t, t->line, "R lost needs a positive count");
	/* an R lost line alone leaves no values (and rv may still be NULL) */
	ev->rv = t->rv ? t->rv + ev->rv_first : NULL;
	ev->nrv = t->nrv - ev->rv_first;
	t->r_pending = true;
	return p + n;
}

/* A tree node's KIND and its TCA_OPTIONS HEX|- (header included). */
static void node_kind_tca(struct trace *t, struct trace_node *nd, const char *kind,
			  const char *hex)
{
	if (strlen(kind) >= sizeof(nd->kind))
		trace_fail(t, t->line, "bad kind \"%s\"", kind);
	snprintf(nd->kind, sizeof(nd->kind), "%s", kind);
	if (strcmp(hex, "-") && trace_hex(hex, strlen(hex), &nd->tca, &nd->tca_len))
		trace_fail(t, t->line, "bad options hex \"%s\"", hex);
	if (nd->tca && nd->tca_len < 4)
		trace_fail(t, t->line, "options are shorter than an attribute header");
}

/*
 * "classifier PARENT KIND HEX|- [OPTIONS...]" (version 3): the kit
 * classifier KIND in the block of PARENT, created with TCA_OPTIONS HEX;
 * like "filter PARENT", its block's classifications are C lines.
 */
static void classifier_line(struct trace *t, struct trace_node *nd, char **w, int nw)
{
	if (nw < 4)
		trace_fail(t, t->line, "classifier needs PARENT KIND HEX|- [OPTIONS...]");
	nd->parent = handle_word(t, w[1], false);
	node_kind_tca(t, nd, w[2], w[3]);
	t->hdr.has_filter = true;
}

/*
 * "class PARENT CLASSID KIND HEX|- [OPTIONS...]", "child PARENT HANDLE KIND
 * HEX|- [OPTIONS...]", "filter PARENT" (version 3).
 */
static void tree_line(struct trace *t, const char *p, size_t n, char **w, int nw)
{
	struct trace_hdr *h = &t->hdr;
	struct trace_node *nd;

	if (t->version < 3)
		trace_fail(t, t->line, "\"%s\" (a classful tree) needs \"qdk-trace 3\"", w[0]);
	if (h->ntree == h->tree_cap) {
		h->tree_cap = h->tree_cap ? 2 * h->tree_cap : 8;
		h->tree = xrealloc(h->tree, h->tree_cap * sizeof(*h->tree));
	}
	nd = &h->tree[h->ntree];
	memset(nd, 0, sizeof(*nd));
	nd->what = w[0][0] == 'f' ? 'f' : strcmp(w[0], "classifier") == 0 ? 'k' :
		   w[0][1] == 'l' ? 'c' : 'q';
	nd->line = t->line;
	if (nd->what == 'k') {
		classifier_line(t, nd, w, nw);
	} else if (nd->what == 'f') {
		if (nw != 2)
			trace_fail(t, t->line, "filter needs PARENT (MAJ: or MAJ:MIN)");
		nd->parent = handle_word(t, w[1], false);
		h->has_filter = true;
	} else {
		if (nw < 5)
			trace_fail(t, t->line, "%s needs PARENT %s KIND HEX|- [OPTIONS...]", w[0],
				   nd->what == 'c' ? "CLASSID" : "HANDLE");
		nd->parent = handle_word(t, w[1], true);
		nd->handle = handle_word(t, w[2], false);
		node_kind_tca(t, nd, w[3], w[4]);
	}
	nd->text = xstrndup(p, n);
	h->ntree++;
}

static void directive(struct trace *t, const char *p, size_t n)
{
	char *line, *w[MAX_WORDS];
	int nw, i;
	struct trace_hdr *h = &t->hdr;

	if (n >= 5 && memcmp(p, "flow ", 5) == 0) {
		flow_line(t, p, n);
		return;
	}
	if (n >= 5 && memcmp(p, "sock ", 5) == 0) {
		sock_line(t, p, n);
		return;
	}
	if (n >= 7 && memcmp(p, "random ", 7) == 0 && !t->in_events) {
		random_line(t, p, n);
		return;
	}
	line = xstrndup(p, n);
	nw = split(line, w);
	if (nw == 0)
		trace_fail(t, t->line, "a line may not start with a space");
	if (w[0][0] == '-' && is_digit(w[0][1]))
		trace_fail(t, t->line, "negative time \"%s\" (TS counts nanoseconds from 0)", w[0]);
	if (t->in_events)
		trace_fail(t, t->line, "\"%s\" is not an event (header directives come before the first event)",
			   w[0]);
	if (strcmp(w[0], "qdisc") == 0) {
		if (nw < 2)
			trace_fail(t, t->line, "qdisc needs a KIND");
		free(h->qdisc);
		h->qdisc = xstrndup(p + 6, n - 6);
		h->qdisc_line = t->line;
	} else if (strcmp(w[0], "tca") == 0) {
		if (nw != 2)
			trace_fail(t, t->line, "tca needs one HEX word or -");
		free(h->tca);
		h->tca = NULL;
		h->tca_len = 0;
		if (strcmp(w[1], "-") && trace_hex(w[1], strlen(w[1]), &h->tca, &h->tca_len))
			trace_fail(t, t->line, "bad tca hex \"%s\"", w[1]);
		if (h->tca && h->tca_len < 4)
			trace_fail(t, t->line, "tca is shorter than an attribute header");
		h->has_tca = true;
		h->tca_line = t->line;
	} else if (strcmp(w[0], "dev") == 0) {
		for (i = 1; i < nw; i++) {
			char *eq = strchr(w[i], '=');

			if (!eq)
				trace_fail(t, t->line, "bad dev key \"%s\" (want KEY=VAL)", w[i]);
			*eq++ = '\0';
			if (strcmp(w[i], "name") == 0) {
				if (!*eq || strlen(eq) >= 16)
					trace_fail(t, t->line, "bad device name \"%s\"", eq);
				snprintf(h->devname, sizeof(h->devname), "%s", eq);
			} else if (strcmp(w[i], "mtu") == 0) {
				h->dev.mtu = (uint32_t)word_num(t, eq, 65535, "mtu");
			} else if (strcmp(w[i], "txqlen") == 0) {
				h->dev.tx_queue_len = (uint32_t)word_num(t, eq, UINT32_MAX, "txqlen");
			} else if (strcmp(w[i], "txqs") == 0) {
				h->dev.num_tx_queues = (uint32_t)word_num(t, eq, 4096, "txqs");
				if (!h->dev.num_tx_queues)
					trace_fail(t, t->line, "txqs must be at least 1");
			} else {
				trace_fail(t, t->line, "unknown dev key \"%s\"", w[i]);
			}
		}
	} else if (strcmp(w[0], "handle") == 0 && nw == 2) {
		h->handle = handle_word(t, w[1], false);
	} else if (strcmp(w[0], "parent") == 0 && nw == 2) {
		h->parent = handle_word(t, w[1], true);
	} else if (strcmp(w[0], "seed") == 0 && nw == 2) {
		h->seed = word_num(t, w[1], UINT64_MAX, "seed");
		h->has_seed = true;
	} else if (strcmp(w[0], "hz") == 0 && nw == 2) {
		h->hz = (unsigned int)word_num(t, w[1], 100000, "hz");
		if (!h->hz)
			trace_fail(t, t->line, "hz must be positive");
	} else if (strcmp(w[0], "timers") == 0 && nw == 2 && strcmp(w[1], "recorded") == 0) {
		h->timers_recorded = true;
	} else if (strcmp(w[0], "class") == 0 || strcmp(w[0], "child") == 0 ||
		   strcmp(w[0], "filter") == 0 || strcmp(w[0], "classifier") == 0) {
		tree_line(t, p, n, w, nw);
	} else if (strcmp(w[0], "jiffies") == 0 && nw == 2) {
		h->jiffies = word_num(t, w[1], UINT64_MAX, "jiffies");
		h->jiffies_recorded = true;
	} else if (strcmp(w[0], "param") == 0 && nw == 3) {
		/* a module parameter of the recorded module at load */
		if (t->version < 3)
			trace_fail(t, t->line, "param (a module parameter) needs \"qdk-trace 3\"");
		h->params = xrealloc(h->params, (h->nparams + 1) * sizeof(*h->params));
		h->params[h->nparams].name = xstrndup(w[1], strlen(w[1]));
		h->params[h->nparams].value = xstrndup(w[2], strlen(w[2]));
		h->params[h->nparams++].line = t->line;
	} else if (strcmp(w[0], "source") == 0) {
		free(h->source);
		h->source = xstrndup(n > 7 ? p + 7 : p + n, n > 7 ? n - 7 : 0);
	} else {
		trace_fail(t, t->line, "unknown directive \"%s\"", w[0]);
	}
	free(line);
}

/* ---- event lines (hot) ------------------------------------------------- */

/*
 * " ID" after the letter of an e, x, m or n line: a positive packet id.
 * Inline, like id_or_dash(): every e and d line reads one.
 */
static inline __attribute__((always_inline)) const char *packet_id(struct trace *t, const char *p, char op, uint64_t *id)
{
	if (*p != ' ')
		trace_fail(t, t->line, "missing fields for \"%c\"", op);
	p = field(t, p + 1, UINT64_MAX, "packet id", id);
	if (*id == 0)
		trace_fail(t, t->line, "packet id 0 is not allowed");
	return p;
}

static inline __attribute__((always_inline)) const char *
id_or_dash(const struct trace *t, const char *p, uint64_t *id)
{
	if (p[0] == '-' && (p[1] == '\n' || p[1] == ' ')) {
		*id = 0;
		return p + 1;
	}
	p = field(t, p, UINT64_MAX, "packet id", id);
	if (*id == 0)
		trace_fail(t, t->line, "packet id 0 is not allowed");
	return p;
}

static const char *verdict(const struct trace *t, const char *p, int *v)
{
	const char *s = p;
	int x;

	if (p[0] == 'o' && p[1] == 'k') {
		x = QDK_XMIT_SUCCESS;
		p += 2;
	} else if (p[0] == 'd' && p[1] == 'r' && p[2] == 'o' && p[3] == 'p') {
		x = QDK_XMIT_DROP;
		p += 4;
	} else if (p[0] == 'c' && p[1] == 'n') {
		x = QDK_XMIT_CN;
		p += 2;
	} else if (p[0] == '?') {
		x = VERDICT_UNKNOWN;
		p += 1;
	} else {
		goto bad;
	}
	while (*p == '+' && x != VERDICT_UNKNOWN) {
		if (memcmp(p, "+stolen", 7) == 0) {
			x |= QDK_XMIT_STOLEN;
			p += 7;
		} else if (memcmp(p, "+bypass", 7) == 0) {
			x |= QDK_XMIT_BYPASS;
			p += 7;
		} else {
			goto bad;
		}
	}
	if (*p != ' ' && *p != '\n')
		goto bad;
	*v = x;
	return p;
bad:
	trace_fail(t, t->line, "bad verdict \"%.*s\" (ok, drop, cn, +stolen, +bypass or ?)",
		   (int)strcspn(s, " \n"), s);
}

/* KEY=VAL words after an enqueue verdict, each overriding one flow field. */
static const char *pkt_keys(const struct trace *t, const char *p, struct trace_event *ev)
{
	ev->keys = p + 1;
	while (*p == ' ') {
		const char *k = p + 1, *v = k + strcspn(k, "= \n");
		size_t kl = (size_t)(v - k);
		uint64_t x;

		if (*v != '=')
			trace_fail(t, t->line, "bad packet key \"%.*s\" (want KEY=VAL)",
				   (int)strcspn(k, " \n"), k);
		v++;
		if (kl == 3 && memcmp(k, "len", 3) == 0) {
			p = field(t, v, UINT32_MAX, "len", &x);
			ev->len = (uint32_t)x;
			ev->ov |= OV_LEN;
		} else if (kl == 3 && memcmp(k, "gso", 3) == 0) {
			const char *c = num(v, &x);

			if (!c || *c != ':' || x > 0xffff)
				trace_fail(t, t->line, "bad gso \"%.*s\" (want SEGS:SIZE)",
					   (int)strcspn(v, " \n"), v);
			ev->gso_segs = (uint16_t)x;
			p = field(t, c + 1, 0xffff, "gso size", &x);
			ev->gso_size = (uint16_t)x;
			ev->ov |= OV_GSO;
		} else if (kl == 3 && memcmp(k, "tos", 3) == 0) {
			p = field(t, v, 255, "tos", &x);
			ev->tos = (uint8_t)x;
			ev->ov |= OV_TOS;
		} else if (kl == 4 && memcmp(k, "prio", 4) == 0) {
			p = field(t, v, UINT32_MAX, "prio", &x);
			ev->prio = (uint32_t)x;
			ev->ov |= OV_PRIO;
		} else if (kl == 4 && memcmp(k, "mark", 4) == 0) {
			p = field(t, v, UINT32_MAX, "mark", &x);
			ev->mark = (uint32_t)x;
			ev->ov |= OV_MARK;
		} else if (kl == 4 && memcmp(k, "hash", 4) == 0) {
			p = field(t, v, UINT32_MAX, "hash", &x);
			ev->hash = (uint32_t)x;
			ev->ov |= OV_HASH;
		} else if (kl == 3 && memcmp(k, "tcp", 3) == 0) {
			size_t n = strcspn(v, " \n");

			ev->tcp = tcp_flags(t, v, n);
			p = v + n;
			ev->ov |= OV_TCP;
		} else if (kl == 3 && memcmp(k, "ttl", 3) == 0) {
			p = field(t, v, 255, "ttl", &x);
			ev->ttl = (uint8_t)x;
			ev->ov |= OV_TTL;
		} else if (kl == 1 && k[0] == 'q') {
			p = field(t, v, 0xffff, "q", &x);
			ev->q = (uint16_t)x;
			ev->ov |= OV_Q;
		} else if (kl == 5 && memcmp(k, "tcidx", 5) == 0) {
			p = field(t, v, 0xffff, "tcidx", &x);
			ev->tcidx = (uint16_t)x;
			ev->ov |= OV_TCIDX;
		} else if (kl == 5 && memcmp(k, "thlen", 5) == 0) {
			p = field(t, v, 60, "thlen", &x);
			if (x < 20 || x % 4)
				trace_fail(t, t->line,
					   "bad thlen %llu (a TCP header is 20 to 60 bytes, a multiple of 4)",
					   (unsigned long long)x);
			ev->thlen = (uint8_t)x;
			ev->ov |= OV_THLEN;
		} else if (kl == 8 && memcmp(k, "truesize", 8) == 0) {
			p = field(t, v, UINT32_MAX, "truesize", &x);
			ev->truesize = (uint32_t)x;
			ev->ov |= OV_TRUESIZE;
		} else if (kl == 6 && memcmp(k, "tstamp", 6) == 0) {
			p = field(t, v, INT64_MAX, "tstamp", &x);
			ev->tstamp = x;
			ev->ov |= OV_TSTAMP;
		} else if (kl == 2 && memcmp(k, "sk", 2) == 0) {
			p = field(t, v, TRACE_MAX_SID - 1, "sk", &x);
			if (x >= t->capsocks || !t->socks[x])
				trace_fail(t, t->line, "socket %llu is not declared", (unsigned long long)x);
			ev->sk = (uint32_t)x;
			ev->ov |= OV_SK;
		} else {
			trace_fail(t, t->line, "unknown packet key \"%.*s\"", (int)kl, k);
		}
	}
	ev->keys_len = (uint32_t)(p - ev->keys);
	return p;
}

/* "MAJ:MIN" or "MAJ:" in hex at p, ending at a space or the line's end */
static const char *handle_at(const struct trace *t, const char *p, uint32_t *v)
{
	size_t n = strcspn(p, " \n");
	char buf[16];

	if (n == 0 || n >= sizeof(buf))
		bad_field(t, p, "handle (want MAJ:MIN in hex)");
	memcpy(buf, p, n);
	buf[n] = '\0';
	*v = handle_word(t, buf, false);
	return p + n;
}

static const char *stats_keys(const struct trace *t, const char *p, struct trace_event *ev)
{
	ev->stat_mask = 0;
	ev->stat_of = 0;
	if (__builtin_expect(memcmp(p, " cl=", 4) == 0 || memcmp(p, " q=", 3) == 0, 0)) {
		if (t->version < 3)
			trace_fail(t, t->line, "statistics of a class or child (cl=, q=) need "
				   "\"qdk-trace 3\"");
		ev->stat_of = p[1] == 'c' ? 'c' : 'q';
		p = handle_at(t, p + (ev->stat_of == 'c' ? 4 : 3), &ev->stat_id);
	}
	while (*p == ' ') {
		const char *k = p + 1, *v = k + strcspn(k, "= \n");
		size_t kl = (size_t)(v - k);
		int i;

		if (*v != '=')
			trace_fail(t, t->line, "bad statistics key \"%.*s\" (want KEY=VAL)",
				   (int)strcspn(k, " \n"), k);
		for (i = 0; i < ST_NKEYS; i++)
			if (strlen(trace_stat_names[i]) == kl &&
			    memcmp(trace_stat_names[i], k, kl) == 0)
				break;
		if (i == ST_NKEYS)
			trace_fail(t, t->line, "unknown statistics key \"%.*s\"", (int)kl, k);
		p = field(t, v + 1, UINT64_MAX, trace_stat_names[i], &ev->stat[i]);
		ev->stat_mask |= 1u << i;
	}
	return p;
}

static const char *change_fields(const struct trace *t, const char *p, struct trace_event *ev)
{
	uint64_t r;
	const char *e;
	bool neg = *p == '-';

	e = num(p + neg, &r);
	if (!e || *e != ' ' || r > 4095)
		trace_fail(t, t->line, "bad change result \"%.*s\" (0 or -errno)",
			   (int)strcspn(p, " \n"), p);
	ev->ret = neg ? -(int)r : (int)r;
	p = e + 1;
	ev->hex_len = (uint32_t)strcspn(p, " \n");
	ev->hex = (ev->hex_len == 1 && p[0] == '-') ? NULL : p;
	if (ev->hex_len == 0)
		trace_fail(t, t->line, "change needs HEX or -");
	p += ev->hex_len;
	ev->opts = p + (*p == ' ');
	p += strcspn(p, "\n");
	ev->opts_len = (uint32_t)(p - ev->opts);
	return p;
}

/* "C ACTION CLASSID": one tcf_classify() result of the next call (version 3) */
static const char *classify_event(struct trace *t, const char *p, struct trace_event *ev)
{
	size_t n = strcspn(p, " \n"), i;
	uint64_t v;

	if (t->version < 3)
		trace_fail(t, t->line, "C lines (classification results) need \"qdk-trace 3\"");
	if (!t->hdr.has_filter)
		trace_fail(t, t->line, "C lines need a \"filter PARENT\" directive: without "
			   "filters the qdisc never asks for a classification");
	ev->cls_action = -2;
	for (i = 0; i < 16; i++) {
		const char *name = trace_action_name((int)i - 1);	/* from -1, "unspec" */

		if (name && strlen(name) == n && memcmp(name, p, n) == 0)
			ev->cls_action = (int)i - 1;
	}
	if (ev->cls_action == -2) {
		p = field(t, p, 255, "classification action (a TC_ACT_ name or number)", &v);
		ev->cls_action = (int)v;
	} else {
		p += n;
	}
	if (*p != ' ')
		trace_fail(t, t->line, "missing fields for \"C\" (want ACTION CLASSID)");
	p = handle_at(t, p + 1, &ev->cls_classid);
	t->c_pending = true;
	return p;
}

/* Which lines wait for their call: R, C, n or b (the first kind pending). */
static const char *pending_kind(const struct trace *t)
{
	return t->r_pending ? "R" : t->c_pending ? "C" : t->n_pending ? "n" : "b";
}

/*
 * "b OFF HEX": bytes OFF.. of the device call that follows (its u line),
 * into t->db; "b lost N": the recorder could not keep N of them. A gap
 * between b lines is counted, not refused here: verify refuses the call,
 * drive ignores it.
 */
static const char *bytes_event(struct trace *t, const char *p)
{
	uint64_t off, n;
	size_t hn, i;

	if (t->version < 3)
		trace_fail(t, t->line, "b lines (bytes of a device call) need \"qdk-trace 3\"");
	if (!t->b_pending) {
		t->ndb = 0;
		t->db_gap = 0;
	}
	t->b_pending = true;
	if (memcmp(p, "lost ", 5) == 0) {
		p = field(t, p + 5, TRACE_MAX_DEV_CALL, "lost byte count", &n);
		if (!n)
			trace_fail(t, t->line, "b lost needs a positive count");
		t->db_gap += n;
		return p;
	}
	p = field(t, p, TRACE_MAX_DEV_CALL, "byte offset", &off);
	if (off < t->ndb)
		trace_fail(t, t->line, "bytes from offset %llu overlap the previous b line's "
			   "(which end at %zu)", (unsigned long long)off, t->ndb);
	if (*p != ' ')
		trace_fail(t, t->line, "missing fields for \"b\" (want OFF HEX)");
	p++;
	hn = strcspn(p, " \n");
	if (hn == 0 || hn % 2 || hn / 2 > TRACE_MAX_B_CHUNK || off + hn / 2 > TRACE_MAX_DEV_CALL)
		trace_fail(t, t->line, "bad bytes \"%.*s\" (1 to %u bytes in hex, within %u)",
			   (int)(hn > 32 ? 32 : hn), p, TRACE_MAX_B_CHUNK, TRACE_MAX_DEV_CALL);
	if (off + hn / 2 > t->db_cap) {
		t->db_cap = off + hn / 2 > 2 * t->db_cap ? off + hn / 2 : 2 * t->db_cap;
		t->db = xrealloc(t->db, t->db_cap);
	}
	/* bytes no b line carried read as zeroes (and are counted) */
	memset(t->db + t->ndb, 0, off - t->ndb);
	t->db_gap += off - t->ndb;
	for (i = 0; i < hn / 2; i++) {
		int hi = hexval(p[2 * i]), lo = hexval(p[2 * i + 1]);

		if (hi < 0 || lo < 0)
			trace_fail(t, t->line, "bad bytes \"%.*s\" (hex)", (int)(hn > 32 ? 32 : hn),
				   p);
		t->db[off + i] = (uint8_t)(hi << 4 | lo);
	}
	t->ndb = off + hn / 2;
	return p + hn;
}

/*
 * "u DEV write|read POS COUNT RET": user space wrote COUNT bytes to (or
 * asked COUNT bytes from) the qdisc's device DEV at file position POS and
 * its handler returned RET. The b lines before it carry the bytes written,
 * or the RET bytes read.
 */
static const char *device_event(struct trace *t, const char *p, struct trace_event *ev)
{
	size_t n = strcspn(p, " \n"), want;
	uint64_t r;
	bool neg;

	if (t->version < 3)
		trace_fail(t, t->line, "u lines (device calls) need \"qdk-trace 3\"");
	if (n == 0 || n > 31 || p[n] != ' ')
		trace_fail(t, t->line, "bad device name \"%.*s\" (1 to 31 bytes)", (int)n, p);
	ev->dev = p;
	ev->dev_len = (uint32_t)n;
	p += n + 1;
	if (memcmp(p, "write ", 6) == 0)
		ev->dev_write = true;
	else if (memcmp(p, "read ", 5) == 0)
		ev->dev_write = false;
	else
		trace_fail(t, t->line, "bad device call \"%.*s\" (write or read)",
			   (int)strcspn(p, " \n"), p);
	p += ev->dev_write ? 6 : 5;
	p = field(t, p, INT64_MAX, "file position", &ev->pos);
	if (*p != ' ')
		trace_fail(t, t->line, "missing fields for \"u\" (want DEV write|read POS COUNT RET)");
	p = field(t, p + 1, TRACE_MAX_DEV_CALL, "byte count", &ev->count);
	if (*p != ' ')
		trace_fail(t, t->line, "missing fields for \"u\" (want DEV write|read POS COUNT RET)");
	p++;
	neg = *p == '-';
	p = field(t, p + neg, neg ? 4095 : ev->count, "result (bytes, at most COUNT, or -errno)",
		  &r);
	ev->dev_ret = neg ? -(int64_t)r : (int64_t)r;
	want = ev->dev_write ? ev->count : ev->dev_ret > 0 ? (size_t)ev->dev_ret : 0;
	if (!t->b_pending) {
		t->ndb = 0;
		t->db_gap = 0;
	}
	if (t->ndb > want)
		trace_fail(t, t->line, "the b lines before it carry %zu bytes, the %s %zu", t->ndb,
			   ev->dev_write ? "write only" : "read returned only", want);
	if (want > t->db_cap) {
		t->db_cap = want;
		t->db = xrealloc(t->db, t->db_cap);
	}
	/* bytes no b line carried read as zeroes (none at all: db may be NULL) */
	if (want > t->ndb)
		memset(t->db + t->ndb, 0, want - t->ndb);
	ev->bytes = t->db;
	ev->nbytes = want;
	ev->blost = t->db_gap + (want - t->ndb);
	if (ev->blost > want)
		ev->blost = want;
	t->b_pending = false;
	return p;
}

/* R, C, n and b lines wait for their call: an event op after them ends or breaks the wait. */
static inline void pending_check(struct trace *t, char op)
{
	if (__builtin_expect(t->b_pending, 0) && op != 'b')
		trace_fail(t, t->line, "b lines must come right before the device call (u line) "
			   "they belong to, not before \"%c\"", op);
	if (__builtin_expect(t->r_pending || t->c_pending || t->n_pending, 0) && op != 'R' &&
	    op != 'C' && op != 'n') {
		if (!strchr("edprct", op))
			trace_fail(t, t->line, "%s lines must come right before the call line they "
				   "belong to, not before \"%c\"", pending_kind(t), op);
		t->r_pending = false;
		t->c_pending = false;
		t->n_pending = false;
	}
}

/* Parse the event line at p (which starts with a digit) into ev. */
static const char *event_line(struct trace *t, const char *p, struct trace_event *ev)
{
	const char *line = p;
	uint64_t x;

	ev->line = t->line;
	ev->text = line;
	p = num(p, &ev->ts);
	if (!p || *p != ' ')
		trace_fail(t, t->line, "bad timestamp \"%.*s\"", (int)strcspn(line, " \n"), line);
	if (ev->ts < t->last_ts)
		trace_fail(t, t->line, "timestamp %llu is before the previous event's %llu",
			   (unsigned long long)ev->ts, (unsigned long long)t->last_ts);
	t->last_ts = ev->ts;
	p++;
	ev->op = *p;
	if (p[1] != ' ' && p[1] != '\n') {
		if (memcmp(p, "lost ", 5) == 0) {
			ev->op = 'l';
			p = field(t, p + 5, UINT64_MAX, "lost count", &ev->lost);
			goto end;
		}
		goto bad_op;
	}
	p++;
	switch (ev->op) {
	case 'e':
		p = packet_id(t, p, ev->op, &ev->id);
		if (*p != ' ')
			goto short_line;
		p = field(t, p + 1, TRACE_MAX_FID - 1, "flow id", &x);
		ev->fid = (uint32_t)x;
		if (*p != ' ')
			goto short_line;
		p = field(t, p + 1, UINT32_MAX, "packet length", &x);
		ev->pkt_len = (uint32_t)x;
		if (*p != ' ')
			goto short_line;
		p = verdict(t, p + 1, &ev->verdict);
		ev->ov = 0;
		if (*p == ' ')
			p = pkt_keys(t, p, ev);
		else
			ev->keys_len = 0;
		break;
	case 'd':
	case 'p':
		if (*p != ' ')
			goto short_line;
		p = id_or_dash(t, p + 1, &ev->id);
		break;
	case 'x':
	case 'm':
		p = packet_id(t, p, ev->op, &ev->id);
		break;
	case 's':
		p = stats_keys(t, p, ev);
		break;
	case 'c':
		if (*p != ' ')
			goto short_line;
		p = change_fields(t, p + 1, ev);
		break;
	case 'j':
		if (!t->hdr.jiffies_recorded)
			trace_fail(t, t->line, "j lines need the header directive \"jiffies N\"");
		if (*p != ' ')
			goto short_line;
		p = field(t, p + 1, UINT64_MAX, "jiffies", &ev->jiffies);
		break;
	case 't':
		if (!t->hdr.timers_recorded)
			trace_fail(t, t->line, "t lines need the header directive \"timers recorded\"");
		break;
	case 'r':
	case 'w':
		break;
	case 'R':
		if (*p != ' ')
			goto short_line;
		p = rand_event(t, p + 1, ev);
		break;
	case 'C':
		if (*p != ' ')
			goto short_line;
		p = classify_event(t, p + 1, ev);
		break;
	case 'b':
		if (*p != ' ')
			goto short_line;
		p = bytes_event(t, p + 1);
		break;
	case 'u':
		if (*p != ' ')
			goto short_line;
		p = device_event(t, p + 1, ev);
		break;
	case 'n':
		if (t->version < 3)
			trace_fail(t, t->line, "n lines (packets a qdisc makes) need \"qdk-trace 3\"");
		p = packet_id(t, p, ev->op, &ev->id);
		if (*p != ' ')
			goto short_line;
		p = id_or_dash(t, p + 1, &ev->from);
		ev->truesize = 0;
		if (*p == ' ' && strncmp(p + 1, "truesize=", 9) == 0) {
			uint64_t x;

			p = field(t, p + 10, UINT32_MAX, "truesize", &x);
			ev->truesize = (uint32_t)x;
		}
		t->n_pending = true;
		break;
	default:
		goto bad_op;
	}
	pending_check(t, ev->op);
end:
	if (*p != '\n')
		trace_fail(t, t->line, "unexpected \"%.*s\" at the end of the line",
			   (int)strcspn(p, "\n"), p);
	ev->text_len = (uint32_t)(p - line);
	if (ev->text_len > (ev->op == 'c' ? TRACE_MAX_TCA_LINE : TRACE_MAX_LINE))
		trace_fail(t, t->line, "line longer than %d bytes",
			   ev->op == 'c' ? TRACE_MAX_TCA_LINE : TRACE_MAX_LINE);
	return p + 1;
short_line:
	trace_fail(t, t->line, "missing fields for \"%c\"", ev->op);
bad_op:
	trace_fail(t, t->line, "unknown operation \"%.*s\"", (int)strcspn(p, " \n"), p);
}

/* ---- the binary twin (write.h, TRACE_BIN_*) --------------------------- */

/*
 * At least n bytes of records at pos, refilling as refill() does (the pinned
 * line kept); false when no byte is left. Record rec cut short fails.
 */
static bool bin_have(struct trace *t, size_t n, uint32_t rec)
{
	while ((size_t)(t->fill - t->pos) < n) {
		size_t got;

		if (t->src_done) {
			if (t->fill == t->pos)
				return false;
			trace_fail(t, rec, "truncated record (%zu of its %zu bytes)",
				   (size_t)(t->fill - t->pos), n);
		}
		buf_shift(t);
		got = src_read(t, t->fill, buf_room(t));
		if (!got)
			t->src_done = true;
		t->fill += got;
		memset(t->fill, 0, TRACE_PAD);
		t->end = t->fill;
	}
	return true;
}

static void __attribute__((noreturn, noinline, cold))
bad_record(const struct trace *t, const uint8_t *r, const char *why)
{
	trace_fail(t, t->line, "bad %c record: %s", r[0], why);
}

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
		bin_have(t, size, t->line);
		*rp = r = (const uint8_t *)t->pos;
	}
	if (r[2] | r[3])
		bad_record(t, r, "its bytes 2 and 3 must be 0");
	memcpy(&dts, r + 4, 4);
	memcpy(&id, r + 8, 8);
	if (r[0] == 'e') {
		memcpy(&fid, r + 16, 4);
		if (r[1] > 15 || ((r[1] & TRACE_BIN_V_BASE) == TRACE_BIN_V_UNKNOWN && r[1] > 3))
			bad_record(t, r, "bad verdict byte");
		if (fid >= TRACE_MAX_FID)
			bad_record(t, r, "flow id beyond 2^24 - 1");
	} else if (r[1]) {
		bad_record(t, r, "its byte 1 must be 0");
	}
	if (!id && r[0] != 'd' && r[0] != 'p')
		trace_fail(t, t->line, "packet id 0 is not allowed");
	*ts = t->last_ts + dts;
	if (*ts < t->last_ts)
		bad_record(t, r, "its time is beyond 64 bits");
	t->last_ts = *ts;
	return size;
}

/*
 * The line record at pos (8 bytes there): checked, *p and *n its text (which
 * ends with '\n' in the buffer); pos moves past it.
 */
static void bin_line(struct trace *t, const char **p, uint32_t *n, bool *nl)
{
	const uint8_t *r = (const uint8_t *)t->pos;
	const char *l;
	size_t size, i;

	memcpy(n, r + 4, 4);
	if (r[1] & ~TRACE_BIN_LINE_NONL || r[2] | r[3])
		bad_record(t, r, "its bytes 1 to 3 must be 0 or 1, 0, 0");
	if (*n > TRACE_MAX_TCA_LINE)
		trace_fail(t, t->line, "line longer than %d bytes", TRACE_MAX_TCA_LINE);
	size = trace_bin_line_size(*n);
	bin_have(t, size, t->line);
	r = (const uint8_t *)t->pos;
	l = t->pos + 8;
	if (l[*n] != '\n' || memchr(l, '\n', *n))
		bad_record(t, r, "its text must end with its only newline");
	for (i = *n + 1; i < size - 8; i++)
		if (l[i])
			bad_record(t, r, "its padding must be 0");
	*nl = !(r[1] & TRACE_BIN_LINE_NONL);
	t->pos += size;
	if (!*nl && bin_have(t, 1, t->line + 1))
		bad_record(t, r, "a line without its newline must be the last record");
	*p = l;
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
			      (r[1] & TRACE_BIN_V_STOLEN ? QDK_XMIT_STOLEN : 0) |
			      (r[1] & TRACE_BIN_V_BYPASS ? QDK_XMIT_BYPASS : 0));
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

/* trace_next() for the binary twin: records to events, line records parsed as text. */
static __attribute__((noinline)) bool bin_next(struct trace *t, struct trace_event *ev)
{
	const uint8_t *r;
	const char *p;
	uint32_t n;
	size_t size;
	bool nl;

	for (;;) {
		if (__builtin_expect((size_t)(t->fill - t->pos) < TRACE_BIN_E_SIZE, 0) &&
		    !bin_have(t, 8, t->line + 1)) {
			if (t->r_pending || t->c_pending || t->n_pending || t->b_pending)
				trace_fail(t, t->line, "the trace ends with %s lines and no call "
					   "after them", pending_kind(t));
			return false;
		}
		r = (const uint8_t *)t->pos;
		t->line++;
		switch (r[0]) {
		case 'e':
		case 'd':
		case 'p':
		case 'x':
		case 'm':
			bin_event(t, ev);
			return true;
		case TRACE_BIN_LINE:
			bin_line(t, &p, &n, &nl);
			if (is_digit(*p)) {
				event_line(t, p, ev);
				return true;
			}
			size = n >= 4 && !memcmp(p, "tca ", 4) ? TRACE_MAX_TCA_LINE : TRACE_MAX_LINE;
			if (n > size)
				trace_fail(t, t->line, "line longer than %zu bytes", size);
			if (*p != '#' && *p != '\n')
				directive(t, p, n);
			continue;
		default:
			trace_fail(t, t->line, "unknown record type 0x%02x", r[0]);
		}
	}
}

const char *trace_event_text(const struct trace_event *ev, char *buf, uint32_t *len)
{
	uint8_t r[TRACE_BIN_E_SIZE] = { (uint8_t)ev->op };
	uint32_t v = (uint32_t)ev->verdict;

	if (ev->text) {
		*len = ev->text_len;
		return ev->text;
	}
	memcpy(r + 8, &ev->id, 8);
	if (ev->op == 'e') {
		r[1] = (uint8_t)(ev->verdict == VERDICT_UNKNOWN ? TRACE_BIN_V_UNKNOWN :
			(v & TRACE_BIN_V_BASE) | (v & QDK_XMIT_STOLEN ? TRACE_BIN_V_STOLEN : 0) |
			(v & QDK_XMIT_BYPASS ? TRACE_BIN_V_BYPASS : 0));
		memcpy(r + 16, &ev->fid, 4);
		memcpy(r + 20, &ev->pkt_len, 4);
	}
	*len = (uint32_t)trace_bin_format(r, ev->ts, buf);
	return buf;
}

void trace_open_raw(struct trace *t, const char *path)
{
	memset(t, 0, sizeof(*t));
	t->path = path;
	src_open(t);
}

bool trace_raw_line(struct trace *t, const char **line, size_t *n, bool *nl)
{
	const char *p, *e;

	if (t->binary) {
		const uint8_t *r;
		uint32_t len;
		uint64_t ts;

		if (!bin_have(t, 8, t->line + 1))
			return false;
		r = (const uint8_t *)t->pos;
		t->line++;
		if (r[0] == TRACE_BIN_LINE) {
			bin_line(t, line, &len, nl);
			*n = len;
			/* an event line: the hot records after it count their time from it */
			e = is_digit(**line) ? num(*line, &ts) : NULL;
			if (e && *e == ' ' && ts >= t->last_ts)
				t->last_ts = ts;
			return true;
		}
		if (!strchr("edpxm", r[0]) || !r[0])
			trace_fail(t, t->line, "unknown record type 0x%02x", r[0]);
		len = (uint32_t)bin_hot(t, &r, &ts);
		t->pos += len;
		*n = trace_bin_format(r, ts, t->fmt);
		*line = t->fmt;
		*nl = true;
		return true;
	}
	if (!refill(t, t->line + 1))
		return false;
	t->line++;
	p = t->pos;
	e = memchr(p, '\n', (size_t)(t->end - p));
	*line = p;
	*n = (size_t)(e - p);
	*nl = !(t->nl_added && e + 1 == t->fill);
	t->pos = e + 1;
	return true;
}

/* trace_next() for text: event lines parsed, header lines taken as directives. */
static __attribute__((noinline)) bool text_next(struct trace *t, struct trace_event *ev)
{
	const char *p;

	for (;;) {
		p = t->pos;
		if (__builtin_expect(p >= t->end, 0)) {
			if (!refill(t, t->line + 1)) {
				if (t->r_pending || t->c_pending || t->n_pending || t->b_pending)
					trace_fail(t, t->line, "the trace ends with %s lines and no "
						   "call after them", pending_kind(t));
				return false;
			}
			p = t->pos;
		}
		t->line++;
		if (is_digit(*p)) {
			t->pos = event_line(t, p, ev);
			return true;
		}
		if (*p == '#' || *p == '\n') {
			const char *nl = memchr(p, '\n', (size_t)(t->end - p));

			if ((size_t)(nl - p) > TRACE_MAX_LINE)
				trace_fail(t, t->line, "line longer than %d bytes", TRACE_MAX_LINE);
			t->pos = nl + 1;
			continue;
		}
		{
			const char *nl = memchr(p, '\n', (size_t)(t->end - p));
			size_t n = (size_t)(nl - p);

			size_t max = n >= 4 && !memcmp(p, "tca ", 4) ? TRACE_MAX_TCA_LINE :
				     TRACE_MAX_LINE;

			if (n > max)
				trace_fail(t, t->line, "line longer than %zu bytes", max);
			directive(t, p, n);
			t->pos = nl + 1;
		}
	}
}

bool trace_next(struct trace *t, struct trace_event *ev)
{
	const char *r = t->pos;

	if (__builtin_expect(t->have_first, 0)) {
		*ev = t->first;
		t->have_first = false;
		return true;
	}
	if (!t->binary)
		return text_next(t, ev);
	/* the common records here, without a stack frame; the rest in bin_next() */
	if (__builtin_expect((size_t)(t->fill - r) >= TRACE_BIN_E_SIZE && (*r == 'e' || *r == 'd'), 1)) {
		t->line++;
		bin_event(t, ev);
		return true;
	}
	return bin_next(t, ev);
}

char *trace_line_text(const struct trace *t, uint32_t n)
{
	struct trace r;
	const char *l;
	char *text = NULL;
	size_t len;
	bool nl;

	trace_open_raw(&r, t->path);
	while (!text && trace_raw_line(&r, &l, &len, &nl))
		if (r.line == n)
			text = xstrndup(l, len);
	trace_close(&r);
	return text ? text : xstrdup("");
}

/* ---- open and close ---------------------------------------------------- */

void trace_open(struct trace *t, const char *path)
{
	const char *l, *e;
	uint64_t ver;
	size_t n;
	bool nl;

	memset(t, 0, sizeof(*t));
	t->path = path;
	t->hdr.seed = 1;
	t->hdr.hz = 250;
	t->hdr.handle = 0x80010000u;
	t->hdr.parent = 0xffffffffu;
	snprintf(t->hdr.devname, sizeof(t->hdr.devname), "qdk0");
	src_open(t);
	/* the first line (record): an empty file reads as one empty line */
	if (!trace_raw_line(t, &l, &n, &nl)) {
		l = "\n";
		n = 0;
	}
	t->line = 1;
	if (n < 10 || memcmp(l, "qdk-trace ", 10) != 0)
		trace_fail(t, 1, "not a qdk trace (the first line must be \"qdk-trace 1\")");
	e = num(l + 10, &ver);
	if (!e || e != l + n)
		trace_fail(t, 1, "bad trace version \"%.*s\"", (int)(n - 10), l + 10);
	if (ver < 1 || ver > 3)
		trace_fail(t, 1, "unknown trace version %llu (this reader knows versions 1 to 3)",
			   (unsigned long long)ver);
	t->version = (unsigned int)ver;
	/* Header directives run up to the first event, which is kept. */
	t->have_first = trace_next(t, &t->first);
	t->in_events = true;
	t->hdr.dev.name = t->hdr.devname;
}

void trace_close(struct trace *t)
{
	uint32_t i;

	src_close(t);
	for (i = 0; i < t->nflows; i++)
		if (t->flows[i]->skbt)
			qdk_skb_tmpl_free(t->flows[i]->skbt);
	pool_free(&t->flow_pool);
	free(t->flows);
	for (i = 0; i < t->capsocks; i++)
		free(t->socks[i]);
	free(t->socks);
	t->socks = NULL;
	t->capsocks = 0;
	idx_free(&t->fidx);
	free(t->hdr.qdisc);
	free(t->hdr.tca);
	free(t->hdr.source);
	for (i = 0; i < t->hdr.ntree; i++) {
		free(t->hdr.tree[i].tca);
		free(t->hdr.tree[i].text);
	}
	free(t->hdr.tree);
	rands_free(t->hdr.rand, t->hdr.nrand);
	free(t->hdr.rand);
	rands_free(t->rv, t->nrv);
	free(t->rv);
	free(t->db);
	for (i = 0; i < t->hdr.nparams; i++) {
		free(t->hdr.params[i].name);
		free(t->hdr.params[i].value);
	}
	free(t->hdr.params);
	memset(t, 0, sizeof(*t));
}

/* n recorded draws into the shim's queue, in order; an overflow fails at its line */
static void rands_queue(const struct trace *t, const struct trace_rand *r, size_t n)
{
	size_t i;
	int err;

	for (i = 0; i < n; i++, r++) {
		if (r->width)
			err = qdk_random_queue_u(r->width, r->val, r->line);
		else
			err = qdk_random_queue_bytes(r->bytes, r->len, r->line);
		if (err)
			trace_fail(t, r->line, "too many random draws at once for the shim's queue");
	}
}

void trace_params_set(const struct trace *t)
{
	const struct trace_param *pa = t->hdr.params;
	size_t i;
	int err;

	for (i = 0; i < t->hdr.nparams; i++, pa++) {
		err = qdk_param_set(pa->name, pa->value);
		if (err)
			trace_fail(t, pa->line, "param %s: %s", pa->name, param_error(err));
	}
}

void trace_random_queue(const struct trace *t, bool refuse_lost)
{
	const struct trace_hdr *h = &t->hdr;

	if (h->rand_lost && refuse_lost)
		trace_fail(t, h->rand_lost_line, "the recorder missed %llu of the kernel's random "
			   "draws during init: the replay cannot give the qdisc the same values",
			   (unsigned long long)h->rand_lost);
	rands_queue(t, h->rand, h->nrand);
}

void trace_random_queue_event(const struct trace *t, const struct trace_event *ev)
{
	qdk_random_hold();
	rands_queue(t, ev->rv, ev->nrv);
}

void trace_random_check(const struct trace *t)
{
	uint32_t line = 0;
	char msg[160];

	if (!qdk_random_status(&line, msg, sizeof(msg)))
		return;
	fprintf(stderr, "%s:%u: divergence: random draws during init: %s\n", t->path, line, msg);
	exit(1);
}

struct trace_flow *trace_flow(const struct trace *t, const struct trace_event *ev)
{
	struct trace_flow *f = flow_find(t, ev->fid);

	if (!f || !f->declared)
		trace_fail(t, ev->line, "flow %u is not declared", ev->fid);
	return f;
}

struct trace_sock *trace_sock(const struct trace *t, const struct trace_event *ev)
{
	return t->socks[ev->sk];
}

static void flow_packet(const struct trace *t, const struct trace_flow *f,
			const struct trace_event *ev, struct qdk_pkt *p)
{
	*p = f->tmpl;
	p->id = ev->id;
	p->pkt_len = ev->pkt_len;
	p->len = ev->pkt_len;
	if (__builtin_expect(ev->ov != 0, 0)) {
		if (ev->ov & OV_LEN)
			p->len = ev->len;
		if (ev->ov & OV_GSO) {
			p->gso_segs = ev->gso_segs;
			p->gso_size = ev->gso_size;
		}
		if (ev->ov & OV_TOS)
			p->tos = ev->tos;
		if (ev->ov & OV_PRIO)
			p->priority = ev->prio;
		if (ev->ov & OV_MARK)
			p->mark = ev->mark;
		if (ev->ov & OV_HASH)
			p->hash = ev->hash;
		if (ev->ov & OV_TCP)
			p->tcp_flags = ev->tcp;
		if (ev->ov & OV_TTL)
			p->ttl = ev->ttl;
		if (ev->ov & OV_Q)
			p->queue_mapping = ev->q;
		if (ev->ov & OV_TCIDX)
			p->tc_index = ev->tcidx;
		if (ev->ov & OV_THLEN)
			p->thlen = ev->thlen;
		if (ev->ov & OV_TRUESIZE)
			p->truesize = ev->truesize;
		if (ev->ov & OV_TSTAMP)
			p->tstamp = ev->tstamp;
		if (ev->ov & OV_SK)
			p->sk = &t->socks[ev->sk]->sk;
	}
}

void trace_packet(const struct trace *t, const struct trace_event *ev, struct qdk_pkt *p)
{
	flow_packet(t, trace_flow(t, ev), ev, p);
}

/* the flow's template, made at its first packet */
static const struct qdk_skb_tmpl *flow_skb_tmpl(struct trace_flow *f)
{
	if (__builtin_expect(!f->skbt, 0)) {
		f->skbt = qdk_skb_tmpl_new(&f->tmpl);
		if (!f->skbt)
			die(1, "out of memory");
	}
	return f->skbt;
}

const struct qdk_skb_tmpl *trace_skb_tmpl(struct trace *t, const struct trace_event *ev)
{
	struct trace_flow *f = trace_flow(t, ev);

	return ev->ov ? NULL : flow_skb_tmpl(f);
}

struct qdk_skb *trace_flow_skb(struct trace *t, struct trace_flow *f, const struct trace_event *ev)
{
	struct qdk_skb *skb;
	struct qdk_pkt p;
	char msg[256];

	if (__builtin_expect(!ev->ov, 1)) {
		skb = qdk_skb_build_tmpl(flow_skb_tmpl(f), ev->id, ev->pkt_len, msg, sizeof(msg));
	} else {
		flow_packet(t, f, ev, &p);
		skb = qdk_skb_build(&p, msg, sizeof(msg));
	}
	if (!skb)
		trace_fail(t, ev->line, "bad packet: %s", msg);
	return skb;
}

struct qdk_skb *trace_skb(struct trace *t, const struct trace_event *ev)
{
	return trace_flow_skb(t, trace_flow(t, ev), ev);
}

void trace_tree_build(const struct trace *t, struct qdk_qdisc *root, bool with_filters)
{
	const struct trace_node *nd;
	char msg[512];
	size_t i;
	int err;

	for (i = 0; i < t->hdr.ntree; i++) {
		nd = &t->hdr.tree[i];
		msg[0] = '\0';
		if (nd->what == 'f' || nd->what == 'k') {
			if (!with_filters)
				continue;
			err = nd->what == 'f' ? qdk_tree_filter(root, nd->parent, msg, sizeof(msg)) :
			      qdk_tree_classifier(root, nd->parent, nd->kind, nd->tca,
						  nd->tca_len, msg, sizeof(msg));
		} else {
			err = qdk_tree_add(root, nd->what == 'c', nd->parent, nd->handle, nd->kind,
					   nd->tca, nd->tca_len, msg, sizeof(msg));
		}
		if (err)
			trace_fail(t, nd->line, "the shim refused this %s: %s (%s)",
				   nd->what == 'c' ? "class" : nd->what == 'q' ? "child qdisc" :
				   nd->what == 'k' ? "classifier" : "filter",
				   msg, strerror(-err));
	}
}
