// SPDX-License-Identifier: GPL-2.0
/*
 * util.c - fatal errors, timing and atomic output files (allocation is
 * the trace library's, trace/alloc.c).
 */
#include <errno.h>
#include <math.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "util.h"

void die(int status, const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("qdk-replay: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(status);
}

uint64_t wall_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

uint64_t cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* ---- atomic output files ------------------------------------------------ */

#define MAX_OPEN 8
static struct outfile *open_files[MAX_OPEN];

static void remove_temps(void)
{
	int i;

	for (i = 0; i < MAX_OPEN; i++)
		if (open_files[i] && open_files[i]->tmp)
			unlink(open_files[i]->tmp);
}

/*
 * Interrupted (^C, kill, a closed terminal or pipe): the output files stay
 * as they were, so take the temporaries away, then die of the same signal.
 * unlink() is async-signal-safe.
 */
static void remove_temps_on_signal(int sig)
{
	remove_temps();
	signal(sig, SIG_DFL);
	raise(sig);
}

/* The writer's sink: everything into the temporary file, or die. */
static int fd_sink(void *ctx, const void *p, size_t len)
{
	struct outfile *o = ctx;
	size_t off = 0;

	while (off < len) {
		ssize_t n = write(o->fd, (const char *)p + off, len - off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			die(2, "%s: write failed: %s", o->path, strerror(errno));
		off += (size_t)n;
	}
	return 0;
}

void out_open(struct outfile *o, const char *path)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT };
	static int registered;
	size_t n = strlen(path);
	int i;

	if (!registered) {
		atexit(remove_temps);
		for (i = 0; i < (int)(sizeof(sigs) / sizeof(sigs[0])); i++) {
			struct sigaction sa = { .sa_handler = remove_temps_on_signal };

			sigemptyset(&sa.sa_mask);
			sigaction(sigs[i], &sa, NULL);
		}
		registered = 1;
	}
	o->path = xstrdup(path);
	if (strcmp(path, "/dev/null") == 0) {
		/* nothing to keep (drive --summary alone): no temporary, no fsync */
		o->tmp = NULL;
		o->fd = open(path, O_WRONLY);
		if (o->fd < 0)
			die(2, "%s: %s", path, strerror(errno));
		trace_w_init(&o->w, fd_sink, o);
		if (o->w.err)
			die(2, "%s: out of memory", path);
		return;
	}
	o->tmp = xmalloc(n + 16);
	snprintf(o->tmp, n + 16, "%s.tmpXXXXXX", path);
	o->fd = mkstemp(o->tmp);
	if (o->fd < 0) {
		free(o->tmp);
		o->tmp = NULL;
		die(2, "%s: cannot create: %s", path, strerror(errno));
	}
	fchmod(o->fd, 0644);
	trace_w_init(&o->w, fd_sink, o);
	if (o->w.err)
		die(2, "%s: out of memory", path);
	for (i = 0; i < MAX_OPEN; i++) {
		if (!open_files[i]) {
			open_files[i] = o;
			break;
		}
	}
}

void out_flush(struct outfile *o)
{
	trace_w_flush(&o->w);
}

/* Flushed, synced and closed; still under its temporary name. */
static void out_close_temp(struct outfile *o)
{
	out_flush(o);
	if (!o->tmp) {		/* /dev/null: written in place, nothing to rename */
		close(o->fd);
		o->fd = -1;
		return;
	}
	if (fsync(o->fd) && errno != EINVAL)
		die(2, "%s: fsync: %s", o->path, strerror(errno));
	if (close(o->fd))
		die(2, "%s: close: %s", o->path, strerror(errno));
	o->fd = -1;
}

static void out_forget(struct outfile *o)
{
	int i;

	for (i = 0; i < MAX_OPEN; i++)
		if (open_files[i] == o)
			open_files[i] = NULL;
	free(o->tmp);
	free(o->path);
	trace_w_free(&o->w);
	o->tmp = NULL;
	o->path = NULL;
}

void out_commit_all(struct outfile *const *o, size_t n)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT };
	sigset_t hold, was;
	struct stat st;
	size_t i, j;

	/* a failure here (a full disk) still removes every temporary */
	for (i = 0; i < n; i++)
		out_close_temp(o[i]);
	/* what rename() would refuse, refused before the first rename */
	for (i = 0; i < n; i++)
		if (o[i]->tmp && stat(o[i]->path, &st) == 0 && S_ISDIR(st.st_mode))
			die(2, "%s: is a directory: nothing written", o[i]->path);
	/* an interrupt waits until every file is in place */
	sigemptyset(&hold);
	for (j = 0; j < sizeof(sigs) / sizeof(sigs[0]); j++)
		sigaddset(&hold, sigs[j]);
	sigprocmask(SIG_BLOCK, &hold, &was);
	for (i = 0; i < n; i++) {
		if (o[i]->tmp && rename(o[i]->tmp, o[i]->path))
			die(2, "%s: rename: %s%s", o[i]->path, strerror(errno),
			    i ? " (the outputs before it were written)" : "");
		out_forget(o[i]);
	}
	sigprocmask(SIG_SETMASK, &was, NULL);
}

void out_commit(struct outfile *o)
{
	out_commit_all(&o, 1);
}

void check_one_line(const char *opt, const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			die(2, "%s: a control character (0x%02x) has no place in a trace's line", opt,
			    (unsigned char)*s);
}

void refuse_same_file(const char *out, const char *in)
{
	struct stat a, b;
	char *ra, *rb;
	int same = strcmp(out, in) == 0;

	if (!same && stat(out, &a) == 0 && stat(in, &b) == 0)
		same = a.st_dev == b.st_dev && a.st_ino == b.st_ino;
	if (!same) {
		ra = realpath(out, NULL);
		rb = realpath(in, NULL);
		same = ra && rb && strcmp(ra, rb) == 0;
		free(ra);
		free(rb);
	}
	if (same)
		die(2, "refusing to write %s: it is an input", out);
}

const char *param_error(int err)
{
	return err == -ENOENT ? "no module parameter of that name" :
	       err == -ENOTUNIQ ? "a parameter of several modules: give MODULE.NAME" :
	       err == -ERANGE ? "value out of range for its type" : "not a value of its type";
}

uint64_t rng_next(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

double rng_unif(uint64_t *s)
{
	return ((double)(rng_next(s) >> 11) + 1.0) / 9007199254740992.0;
}

uint64_t rng_geom(uint64_t *s, double p)
{
	double k;

	if (p >= 1.0)
		return 1;
	/* inversion: P(K > k) = (1 - p)^k */
	k = ceil(log(rng_unif(s)) / log1p(-p));
	return k < 1.0 ? 1 : k > 1e18 ? (uint64_t)1e18 : (uint64_t)k;
}
