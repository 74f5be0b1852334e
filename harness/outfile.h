/* SPDX-License-Identifier: GPL-2.0 */
/*
 * outfile.h - the files the kit's commands write (qdk-replay's outputs,
 * qdk-capture's trace and raw records), and "-" for the standard streams.
 *
 * What a path names decides how it is written:
 *   "-"                standard output, written as it goes (so is
 *                      /dev/stdout)
 *   a special file     (a device, a FIFO, a socket) opened and written in
 *                      place: /dev/null, /dev/full, a pipe a reader waits on
 *   anything else      a regular file that appears only when complete: the
 *                      text goes to a nameless file in PATH's directory
 *                      (O_TMPFILE; where the file system has none, a file
 *                      "PATH.tmpXXXXXX"), which out_commit() names PATH.
 *                      Any other end (an error, exit, SIGINT, SIGTERM,
 *                      SIGHUP, SIGPIPE, SIGKILL) leaves PATH as it was
 *                      and no temporary behind.
 * A write, sync or close that fails ends the program: exit 2 with
 * "PROGRAM: PATH: what failed: why" on stderr, after the temporaries are
 * removed. A directory is refused when it is opened.
 *
 * The text goes through w, the trace library's buffered writer
 * (trace/write.h): a trace is written with the trace_w_ functions on
 * &o->w, other text with the out_ ones below. Plain C library only, so the
 * static qdk-capture links it too.
 */
#ifndef QDK_OUTFILE_H
#define QDK_OUTFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../trace/write.h"

struct outfile {
	char *path;		/* as given ("-": standard output) */
	char *target;		/* the regular file replaced: PATH, or the file its link names */
	char *tmp;		/* the temporary's name while it has one, else NULL */
	int fd;			/* -1 once closed */
	bool in_place;		/* standard output or a special file */
	bool nameless;		/* O_TMPFILE: no name until committed */
	struct trace_w w;
};

/* Open PATH for writing as above; exits 2 when it cannot be. */
void out_open(struct outfile *o, const char *path);
/* Everything buffered to the file (exits 2 when a write fails). */
void out_flush(struct outfile *o);
/* Flush, sync, close and put the file in place under its name. */
void out_commit(struct outfile *o);
/*
 * Several outputs as one commit (drive's trace and summary): all are
 * written out and synced first, and SIGINT/SIGTERM wait until every file
 * is in place. So a failed or interrupted run leaves all the old files, a
 * finished one all the new.
 */
void out_commit_all(struct outfile *const *o, size_t n);
/* Give up: the temporary goes, PATH stays as it was (what went to "-" or a special file stays sent). */
void out_abort(struct outfile *o);

/* Appending (buffered). */
static inline void out_mem(struct outfile *o, const void *p, size_t n)
{
	trace_w_mem(&o->w, p, n);
}
static inline void out_char(struct outfile *o, char c)
{
	trace_w_char(&o->w, c);
}
static inline void out_str(struct outfile *o, const char *s)
{
	trace_w_str(&o->w, s);
}
static inline void out_u64(struct outfile *o, uint64_t v)
{
	trace_w_u64(&o->w, v);
}
#define out_printf(o, ...) trace_w_printf(&(o)->w, __VA_ARGS__)

/*
 * An input path as open(2) takes it: "-" is standard input ("/dev/stdin"),
 * anything else itself.
 */
const char *in_path(const char *path);
/*
 * Refuse (exit 2) to write output OUT when it is input IN (the same name
 * or file), as that would destroy the input; "-" is never the same as "-"
 * (standard output is not standard input).
 */
void refuse_same_file(const char *out, const char *in);

#endif /* QDK_OUTFILE_H */
