// SPDX-License-Identifier: GPL-2.0
/*
 * outfile.c - the files the kit's commands write (outfile.h): standard
 * output and special files in place, regular files complete or not at all.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "outfile.h"

#define MAX_OPEN 8
static struct outfile *open_files[MAX_OPEN];
static const int fatal_sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT };
#define N_FATAL (sizeof(fatal_sigs) / sizeof(fatal_sigs[0]))

/* Named temporaries go on every exit; nameless ones go by themselves. */
static void remove_temps(void)
{
	int i;

	for (i = 0; i < MAX_OPEN; i++)
		if (open_files[i] && open_files[i]->tmp)
			unlink(open_files[i]->tmp);
}

/* Interrupted: take the temporaries away, then die of the same signal (unlink() is async-signal-safe). */
static void remove_temps_on_signal(int sig)
{
	remove_temps();
	signal(sig, SIG_DFL);
	raise(sig);
}

/* "PROGRAM: PATH: message" and exit 2; the temporaries go with atexit. */
static void __attribute__((format(printf, 2, 3), noreturn))
fail(const struct outfile *o, const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "%s: %s: ", program_invocation_short_name, o->path);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

static char *dup_or_fail(const struct outfile *o, const char *s)
{
	char *d = strdup(s);

	if (!d)
		fail(o, "out of memory");
	return d;
}

/* The writer's sink: everything into the file, or fail. */
static int fd_sink(void *ctx, const void *p, size_t len)
{
	struct outfile *o = ctx;
	size_t off = 0;

	while (off < len) {
		ssize_t n = write(o->fd, (const char *)p + off, len - off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			fail(o, "write failed: %s", n ? strerror(errno) : "no room");
		off += (size_t)n;
	}
	return 0;
}

static void guard_once(void)
{
	static bool registered;
	size_t i;

	if (registered)
		return;
	atexit(remove_temps);
	for (i = 0; i < N_FATAL; i++) {
		struct sigaction sa = { .sa_handler = remove_temps_on_signal };
		struct sigaction was;

		/* under nohup, a hangup stays ignored */
		if (fatal_sigs[i] == SIGHUP && sigaction(SIGHUP, NULL, &was) == 0 &&
		    was.sa_handler == SIG_IGN)
			continue;
		sigemptyset(&sa.sa_mask);
		sigaction(fatal_sigs[i], &sa, NULL);
	}
	registered = true;
}

/* A nameless file in the directory of path, open for writing; -1 if none. */
static int nameless_open(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir;
	int fd;

	if (!slash)
		return open(".", O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
	if (slash == path)
		return open("/", O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
	dir = strndup(path, (size_t)(slash - path));
	if (!dir)
		return -1;
	fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
	free(dir);
	return fd;
}

/* The names of standard output: "-" and the system's own. */
static bool is_stdout(const char *path)
{
	return !strcmp(path, "-") || !strcmp(path, "/dev/stdout") || !strcmp(path, "/dev/fd/1") ||
	       !strcmp(path, "/proc/self/fd/1");
}

void out_open(struct outfile *o, const char *path)
{
	struct stat st;
	int i;

	memset(o, 0, sizeof(*o));
	o->fd = -1;
	o->path = (char *)path;	/* for fail() until the copy is made */
	o->path = dup_or_fail(o, path);
	guard_once();
	if (is_stdout(path)) {
		o->in_place = true;
		o->fd = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
		if (o->fd < 0)
			fail(o, "standard output: %s", strerror(errno));
	} else if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		fail(o, "is a directory: nothing written");
	} else if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		/* a device, a FIFO or a socket: the file is the reader, never replaced */
		o->in_place = true;
		o->fd = open(path, O_WRONLY | O_CLOEXEC);
		if (o->fd < 0)
			fail(o, "%s", strerror(errno));
	} else {
		/* a symbolic link stays: the file it names is the one replaced */
		o->target = realpath(path, NULL);
		if (!o->target)
			o->target = dup_or_fail(o, path);	/* a new file */
		path = o->target;
		o->fd = nameless_open(path);
		o->nameless = o->fd >= 0;
		if (!o->nameless) {
			size_t n = strlen(path) + 16;

			o->tmp = malloc(n);
			if (!o->tmp)
				fail(o, "out of memory");
			snprintf(o->tmp, n, "%s.tmpXXXXXX", path);
			o->fd = mkostemp(o->tmp, O_CLOEXEC);
			if (o->fd < 0) {
				free(o->tmp);
				o->tmp = NULL;
				fail(o, "cannot create: %s", strerror(errno));
			}
			fchmod(o->fd, 0644);
		}
	}
	trace_w_init(&o->w, fd_sink, o);
	if (o->w.err)
		fail(o, "out of memory");
	for (i = 0; i < MAX_OPEN; i++) {
		if (!open_files[i]) {
			open_files[i] = o;
			break;
		}
	}
}

void out_flush(struct outfile *o)
{
	if (trace_w_flush(&o->w))
		fail(o, "write failed");
}

/* Flushed, synced and closed; a regular file still without its name. */
static void close_written(struct outfile *o)
{
	out_flush(o);
	/* a device or a pipe has nothing to sync (and says EINVAL) */
	if (!o->in_place && fsync(o->fd))
		fail(o, "sync failed: %s", strerror(errno));
	if (!o->nameless) {
		if (close(o->fd))
			fail(o, "close failed: %s", strerror(errno));
		o->fd = -1;
	}
}

/* The nameless file gets a temporary name (through /proc, else by its descriptor). */
static void give_name(struct outfile *o)
{
	char fdpath[64];
	size_t n = strlen(o->target) + 24;
	unsigned int k;

	o->tmp = malloc(n);
	if (!o->tmp)
		fail(o, "out of memory");
	snprintf(fdpath, sizeof(fdpath), "/proc/self/fd/%d", o->fd);
	for (k = 0; k < 1000; k++) {
		snprintf(o->tmp, n, "%s.tmp%ld.%u", o->target, (long)getpid(), k);
		if (!linkat(AT_FDCWD, fdpath, AT_FDCWD, o->tmp, AT_SYMLINK_FOLLOW) ||
		    !linkat(o->fd, "", AT_FDCWD, o->tmp, AT_EMPTY_PATH))
			break;
		if (errno != EEXIST)
			fail(o, "cannot name the file: %s", strerror(errno));
	}
	if (k == 1000)
		fail(o, "cannot name the file: %s", strerror(EEXIST));
	o->nameless = false;
	if (close(o->fd))
		fail(o, "close failed: %s", strerror(errno));
	o->fd = -1;
}

static void forget(struct outfile *o)
{
	int i;

	for (i = 0; i < MAX_OPEN; i++)
		if (open_files[i] == o)
			open_files[i] = NULL;
	if (o->fd >= 0)
		close(o->fd);
	free(o->tmp);
	free(o->target);
	free(o->path);
	trace_w_free(&o->w);
	o->fd = -1;
	o->tmp = NULL;
	o->target = NULL;
	o->path = NULL;
}

void out_commit_all(struct outfile *const *o, size_t n)
{
	sigset_t hold, was;
	size_t i, j;

	/* a failure here (a full disk) still removes every temporary */
	for (i = 0; i < n; i++)
		close_written(o[i]);
	/* an interrupt waits until every file is in place */
	sigemptyset(&hold);
	for (j = 0; j < N_FATAL; j++)
		sigaddset(&hold, fatal_sigs[j]);
	sigprocmask(SIG_BLOCK, &hold, &was);
	for (i = 0; i < n; i++)
		if (o[i]->nameless)
			give_name(o[i]);
	for (i = 0; i < n; i++) {
		if (o[i]->tmp && rename(o[i]->tmp, o[i]->target))
			fail(o[i], "rename: %s%s", strerror(errno),
			     i ? " (the outputs before it were written)" : "");
		forget(o[i]);
	}
	sigprocmask(SIG_SETMASK, &was, NULL);
}

void out_commit(struct outfile *o)
{
	out_commit_all(&o, 1);
}

void out_abort(struct outfile *o)
{
	if (!o->path)
		return;
	if (o->tmp)
		unlink(o->tmp);
	forget(o);
}

const char *in_path(const char *path)
{
	return strcmp(path, "-") ? path : "/dev/stdin";
}

void refuse_same_file(const char *out, const char *in)
{
	struct stat a, b;
	char *ra, *rb;
	int same;

	if (!strcmp(out, "-") || !strcmp(in, "-"))
		return;
	same = strcmp(out, in) == 0;
	if (!same && stat(out, &a) == 0 && stat(in, &b) == 0)
		same = S_ISREG(a.st_mode) && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
	if (!same) {
		ra = realpath(out, NULL);
		rb = realpath(in, NULL);
		same = ra && rb && strcmp(ra, rb) == 0;
		free(ra);
		free(rb);
	}
	if (same) {
		fflush(stdout);
		fprintf(stderr, "%s: refusing to write %s: it is an input\n",
			program_invocation_short_name, out);
		exit(2);
	}
}
