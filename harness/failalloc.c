// SPDX-License-Identifier: GPL-2.0
/*
 * failalloc.c - allocation-failure injection as a feature.
 *
 * `qdk-replay verify|drive --fail-alloc N ...` fails the Nth allocation the
 * qdisc asks for from its creation on (qdk_api.h, qdk_fail_alloc(): the
 * kmalloc family, kmem_cache, alloc_skb(), skb clones and copies), once,
 * and says at exit which allocation failed and where it was asked for.
 *
 * `qdk-replay sweep-alloc [--rate RATE] [--max N] TRACE` drives TRACE's
 * arrivals once to count the allocations, then once per allocation with
 * that one failing, each run in a child process of its own, and checks
 * each outcome: the run goes on (the qdisc dropped or coped) or stops with
 * a clean refusal (init or change returned -ENOMEM and its message), never
 * a crash, a sanitizer report, a kernel WARN or a leak. Under the SAN=1
 * build a sanitizer's report counts too. Prints the sites covered and each
 * bad outcome with the command that repeats it; exit 1 when there is one.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"
#include "util.h"

/* what a run reports at exit to the sweep (through report_fd) */
struct fail_report {
	uint64_t allocs;	/* since the qdisc's creation began */
	unsigned long warnings;
	int failed;		/* the armed allocation failed */
	char site[240];
};

static uint64_t fail_nth;	/* 0: count only */
static bool fail_on;		/* --fail-alloc given (or the sweep's run) */
static uint64_t fail_base;	/* qdk_alloc_count() when armed */
static bool fail_armed;
static int report_fd = -1;

static void fail_exit_report(void)
{
	struct fail_report r;

	if (!fail_on)
		return;
	memset(&r, 0, sizeof(r));
	r.allocs = fail_armed ? qdk_alloc_count() - fail_base : 0;
	r.warnings = qdk_warnings();
	r.failed = qdk_alloc_failure(r.site, sizeof(r.site));
	if (report_fd >= 0) {
		if (write(report_fd, &r, sizeof(r)) != (ssize_t)sizeof(r))
			_exit(3);
		return;
	}
	if (r.failed)
		fprintf(stderr, "qdk-replay: --fail-alloc %" PRIu64 ": that allocation failed, asked "
			"for at %s\n", fail_nth, r.site);
	else
		fprintf(stderr, "qdk-replay: --fail-alloc %" PRIu64 ": the qdisc asked for %" PRIu64
			" allocation%s, none failed\n", fail_nth, r.allocs, r.allocs == 1 ? "" : "s");
}

int fail_alloc_args(int *argc, char **argv)
{
	int i, j;

	for (i = 1; i < *argc; i++) {
		char *end;

		if (strcmp(argv[i], "--fail-alloc") != 0)
			continue;
		if (i + 1 >= *argc) {
			fprintf(stderr, "qdk-replay: --fail-alloc needs N (the allocation to fail, from 1)\n");
			return 2;
		}
		errno = 0;
		fail_nth = strtoull(argv[i + 1], &end, 10);
		if (errno || *end || end == argv[i + 1] || fail_nth == 0 || argv[i + 1][0] == '-') {
			fprintf(stderr, "qdk-replay: --fail-alloc \"%s\": a number from 1\n", argv[i + 1]);
			return 2;
		}
		fail_on = true;
		for (j = i; j + 2 <= *argc; j++)
			argv[j] = argv[j + 2];
		*argc -= 2;
		i--;
	}
	if (fail_on)
		atexit(fail_exit_report);
	return 0;
}

void fail_alloc_arm(void)
{
	if (!fail_on || fail_armed)
		return;
	fail_armed = true;
	fail_base = qdk_alloc_count();
	qdk_fail_alloc(fail_nth);
}

/* ---- the sweep ------------------------------------------------------------ */

enum outcome { RAN_ON, REFUSED, NOT_REACHED, BAD };

struct run {
	enum outcome how;
	struct fail_report r;
	char why[300];		/* a bad outcome's reason, or the refusal */
};

static void copy_line(char *buf, size_t len, const char *line)
{
	size_t k = strlen(line);

	if (k >= len)
		k = len - 1;
	memcpy(buf, line, k);
	buf[k] = '\0';
}

/* First line of f that contains one of the markers, else its first line. */
static void first_line(FILE *f, char *buf, size_t len)
{
	static const char *const marks[] = { "Sanitizer", "runtime error", "WARNING", "leak",
					     "BUG", "qdk-replay:", ".qtr:" };
	char line[400];
	size_t i;

	buf[0] = '\0';
	rewind(f);
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!buf[0])
			copy_line(buf, len, line);
		for (i = 0; i < sizeof(marks) / sizeof(marks[0]); i++)
			if (strstr(line, marks[i])) {
				copy_line(buf, len, line);
				return;
			}
	}
}

static bool has(FILE *f, const char *s)
{
	char line[400];

	rewind(f);
	while (fgets(line, sizeof(line), f))
		if (strstr(line, s))
			return true;
	return false;
}

/* One drive of the trace in a child, failing allocation n (0: none). */
static void run_one(char **dargv, int dargc, uint64_t n, struct run *out)
{
	FILE *err = tmpfile();
	int pfd[2], st;
	ssize_t got;
	pid_t pid;

	memset(out, 0, sizeof(*out));
	if (!err || pipe(pfd))
		die(3, "sweep-alloc: %s", strerror(errno));
	fflush(NULL);
	pid = fork();
	if (pid < 0)
		die(3, "sweep-alloc: fork: %s", strerror(errno));
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		close(pfd[0]);
		dup2(null, 1);
		dup2(fileno(err), 2);
		report_fd = pfd[1];
		fail_on = true;
		fail_nth = n;
		atexit(fail_exit_report);
		exit(cmd_drive(dargc, dargv));
	}
	close(pfd[1]);
	got = read(pfd[0], &out->r, sizeof(out->r));
	close(pfd[0]);
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	first_line(err, out->why, sizeof(out->why));
	if (WIFSIGNALED(st)) {
		out->how = BAD;
		snprintf(out->why + strlen(out->why), sizeof(out->why) - strlen(out->why),
			 "%skilled by signal %d (%s)", out->why[0] ? ": " : "", WTERMSIG(st),
			 strsignal(WTERMSIG(st)));
	} else if (got != (ssize_t)sizeof(out->r) || has(err, "Sanitizer") ||
		   has(err, "runtime error") || out->r.warnings) {
		out->how = BAD;
		if (out->r.warnings && !out->why[0])
			snprintf(out->why, sizeof(out->why), "a kernel WARN");
	} else if (WEXITSTATUS(st) == 0) {
		out->how = n && !out->r.failed ? NOT_REACHED : RAN_ON;
	} else if (WEXITSTATUS(st) == 2 && out->r.failed) {
		out->how = REFUSED;
	} else {
		out->how = BAD;
	}
	fclose(err);
}

#define MAX_SITES 256

struct site {
	char name[240];
	unsigned int ran_on, refused;
};

static struct site *site_of(struct site *s, size_t *ns, const char *name)
{
	size_t i;

	for (i = 0; i < *ns; i++)
		if (strcmp(s[i].name, name) == 0)
			return &s[i];
	if (*ns == MAX_SITES)
		return NULL;
	snprintf(s[*ns].name, sizeof(s[*ns].name), "%s", name);
	return &s[(*ns)++];
}

static void sweep_usage(FILE *f)
{
	fputs("usage: qdk-replay sweep-alloc [--rate RATE] [--max N] TRACE\n"
	      "  Drives TRACE's arrivals through its qdisc (RATE default 10mbit) once per\n"
	      "  allocation the qdisc asks for, failing that one allocation, and checks\n"
	      "  each run coped or refused cleanly: no crash, WARN, leak or sanitizer\n"
	      "  report. --max (default 5000) bounds the runs.\n", f);
}

/* Standard input into path (the sweep's own folder), for runs that each read it. */
static char *copy_stdin(char *path)
{
	char buf[65536];
	ssize_t n;
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);

	if (fd < 0)
		die(2, "sweep-alloc: %s: %s", path, strerror(errno));
	while ((n = read(STDIN_FILENO, buf, sizeof(buf))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 || write(fd, buf, (size_t)n) != n) {
			unlink(path);
			die(2, "sweep-alloc: standard input: %s", strerror(errno));
		}
	}
	if (close(fd))
		die(2, "sweep-alloc: %s: %s", path, strerror(errno));
	return path;
}

int cmd_sweep_alloc(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "rate", required_argument, NULL, 'r' },
		{ "max", required_argument, NULL, 'm' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *rate = "10mbit";
	char outdir[] = "/tmp/qdk-sweep-XXXXXX", out[64], in[64];
	static struct site sites[MAX_SITES];
	unsigned long ran_on = 0, refused = 0, unreached = 0, bad = 0;
	uint64_t max = 5000, total, n;
	size_t nsites = 0, i;
	struct run r;
	char *dargv[8];
	int c;

	while ((c = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
		switch (c) {
		case 'r':
			rate = optarg;
			break;
		case 'm':
			max = strtoull(optarg, NULL, 10);
			if (!max)
				die(2, "sweep-alloc: --max \"%s\": a number from 1", optarg);
			break;
		case 'h':
			sweep_usage(stdout);
			return 0;
		default:
			sweep_usage(stderr);
			return 2;
		}
	}
	if (optind + 1 != argc) {
		sweep_usage(stderr);
		return 2;
	}
	if (!mkdtemp(outdir))
		die(3, "sweep-alloc: %s", strerror(errno));
	snprintf(out, sizeof(out), "%s/out.qtr", outdir);
	snprintf(in, sizeof(in), "%s/in.qtr", outdir);
	/* every run reads the trace again: standard input is kept in a file first */
	if (!strcmp(argv[optind], "-"))
		argv[optind] = copy_stdin(in);
	dargv[0] = "drive";
	dargv[1] = "--rate";
	dargv[2] = (char *)rate;
	dargv[3] = argv[optind];
	dargv[4] = "-o";
	dargv[5] = out;
	dargv[6] = NULL;

	/* the run without a failure: how many allocations there are to fail */
	optind = 1;
	run_one(dargv, 6, 0, &r);
	if (r.how != RAN_ON) {
		unlink(in);
		rmdir(outdir);
		fprintf(stderr, "sweep-alloc: %s: the run without a failure does not pass: %s\n",
			dargv[3], r.why);
		return 2;
	}
	total = r.r.allocs;
	for (n = 1; n <= total && n <= max; n++) {
		struct site *s;

		optind = 1;
		run_one(dargv, 6, n, &r);
		unlink(out);
		s = r.r.failed ? site_of(sites, &nsites, r.r.site) : NULL;
		switch (r.how) {
		case RAN_ON:
			ran_on++;
			if (s)
				s->ran_on++;
			break;
		case REFUSED:
			refused++;
			if (s)
				s->refused++;
			break;
		case NOT_REACHED:
			unreached++;
			break;
		case BAD:
			bad++;
			printf("FAIL allocation %" PRIu64 "%s%s: %s\n     again: qdk-replay drive "
			       "--fail-alloc %" PRIu64 " --rate %s %s -o OUT.qtr\n", n,
			       r.r.failed ? " at " : "", r.r.failed ? r.r.site : "", r.why, n, rate,
			       dargv[3]);
			break;
		}
	}
	unlink(in);
	rmdir(outdir);
	for (i = 0; i < nsites; i++)
		printf("  site %s: %u ran on, %u refused\n", sites[i].name, sites[i].ran_on,
		       sites[i].refused);
	printf("sweep-alloc: %s: %" PRIu64 " allocations, %" PRIu64 " failed one at a time at %zu "
	       "sites: %lu ran on, %lu refused cleanly, %lu not reached, %lu bad\n", dargv[3],
	       total, total < max ? total : max, nsites, ran_on, refused, unreached, bad);
	if (total > max)
		printf("sweep-alloc: only the first %" PRIu64 " (--max)\n", max);
	if (unreached)
		printf("sweep-alloc: %lu runs never reached the allocation to fail: the runs are "
		       "not deterministic\n", unreached);
	return bad || unreached ? 1 : 0;
}
