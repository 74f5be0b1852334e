// SPDX-License-Identifier: GPL-2.0
/*
 * source.c - the trace reader's bytes (reader.h): the file, read(2) for
 * plain text and the binary twin, libzstd's and zlib's streaming decoders
 * in a thread of their own for compressed input, the fixed-size text
 * buffer and its refills, and the reader's one way to fail.
 */
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

#include "alloc.h"
#include "reader.h"

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
size_t trace_src_read(struct trace *t, char *dst, size_t cap)
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
size_t trace_buf_room(struct trace *t)
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
		n = trace_src_read(t, t->fill, trace_buf_room(t));
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
void trace_src_open(struct trace *t)
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

void trace_src_close(struct trace *t)
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
void trace_buf_shift(struct trace *t)
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
bool trace_refill(struct trace *t, uint32_t line)
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
		trace_buf_shift(t);
		if ((size_t)(t->fill - t->pos) > line_max(t->pos)) {
			if (line == 1)
				trace_fail(t, 1, "not a qdk trace (the first line must be "
					   "\"qdk-trace 1\")");
			trace_fail(t, line, "line longer than %zu bytes", line_max(t->pos));
		}
		n = trace_src_read(t, t->fill, trace_buf_room(t));
		if (!n)
			t->src_done = true;
		nl = memrchr(t->fill, '\n', n);
		t->fill += n;
		memset(t->fill, 0, TRACE_PAD);
		if (nl)
			t->end = nl + 1;
	}
}
