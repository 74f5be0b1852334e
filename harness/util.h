/* SPDX-License-Identifier: GPL-2.0 */
/*
 * util.h - small helpers of the harness: fatal errors, wall-clock timing,
 * and output files that appear only when complete (temp file + rename,
 * removed on any exit path). Allocation is the trace library's (alloc.h).
 */
#ifndef QDK_UTIL_H
#define QDK_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "alloc.h"		/* xmalloc() and friends, id_index, pool */
#include "write.h"

/* "qdk-replay: message" on stderr, exit with status. */
void die(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));

/* Monotonic wall clock in ns (for the timing lines only, never for output). */
uint64_t wall_ns(void);
/* CPU time this process used, in ns: steadier than wall time on a busy machine. */
uint64_t cpu_ns(void);

/*
 * An output file written to "PATH.tmpXXXXXX" next to PATH and renamed into
 * place by out_commit(); any exit before that removes the temp file. Its
 * text goes through w, the trace library's buffered writer (trace/write.h):
 * a trace is written with the trace_w_ functions on &o->w, other text
 * (drive's summary) with the out_ ones. A write error dies (exit 2).
 * PATH /dev/null is written directly: output nobody keeps costs no fsync.
 */
struct outfile {
	char *path;
	char *tmp;
	int fd;
	struct trace_w w;
};
void out_open(struct outfile *o, const char *path);
void out_commit(struct outfile *o);
/*
 * Several outputs as one commit (drive's trace and summary): all are
 * written out and synced first, a name rename() would refuse (a
 * directory) is refused before any is renamed, and SIGINT/SIGTERM wait
 * until every file is in place. So a failed or interrupted run leaves all
 * the old files, a finished one all the new.
 */
void out_commit_all(struct outfile *const *o, size_t n);
void out_flush(struct outfile *o);
/* Appending (buffered). */
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
 * The traffic models' random numbers (gen's sources, drive's geometric
 * service): splitmix64, small, fast and good enough for traffic; never the
 * qdisc's generator, so a model's draws change none of the qdisc's.
 */
uint64_t rng_next(uint64_t *s);
/* Uniform in (0, 1]. */
double rng_unif(uint64_t *s);
/* Slots up to and including the first success of a Bernoulli(p) trial per slot (>= 1). */
uint64_t rng_geom(uint64_t *s, double p);
/* Text an option puts into a trace's line: a control character dies (exit 2). */
void check_one_line(const char *opt, const char *s);

/* Why qdk_param_set() refused a module parameter, in words. */
const char *param_error(int err);

/* Refuse to write an output that is one of the inputs (same file or name). */
void refuse_same_file(const char *out, const char *in);

#endif /* QDK_UTIL_H */
