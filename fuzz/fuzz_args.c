// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_args.c - libFuzzer target: the command lines of `qdk-replay gen` and
 * `qdk-replay drive` (harness/gen.c, drive.c), as the tools take them.
 *
 * Input: the words of a command line, each ended by a NUL (a last word
 * without one counts too); the first says which command ("drive", else
 * gen), and the rest are its arguments. At most MAX_WORDS words.
 *
 * gen: gen_parse(), then, for a command line it takes, gen_write() of the
 * header and up to MAX_ARRIVALS arrivals into a memfd, which the trace
 * reader (trace/) must then read to its end: gen writing a trace its own
 * reader refuses (a line broken by an option's text, time running
 * backwards) is a crash, as is gen not terminating.
 * drive: drive_parse() of its options; no file is opened, and the --qdisc
 * text, which goes to the stock tc (spec_parse), is not run.
 *
 * A refusal (die(), exit 2) returns here through the wrapped exit()
 * (fuzz.mk, -Wl,--wrap=exit), as in fuzz_trace.c; what the refused call had
 * allocated is not freed, so leaks are not checked (run.sh).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz.h"
#include "harness.h"
#include "trace.h"
#include "util.h"

#define MAX_WORDS 64
#define MAX_ARRIVALS 64

static int mem_sink(void *ctx, const void *p, size_t len)
{
	return write(*(int *)ctx, p, len) == (ssize_t)len ? 0 : -1;
}

/* gen's trace, read back to its end by the reader */
static void gen_and_read(struct gen_run *g)
{
	static struct trace t;
	struct trace_event ev;
	struct trace_w w;
	char path[64];
	int fd = memfd_create("qdk-fuzz-gen", MFD_CLOEXEC);

	if (fd < 0)
		abort();
	trace_w_init(&w, mem_sink, &fd);
	gen_write(g, &w, MAX_ARRIVALS);
	if (trace_w_flush(&w) || w.err)
		abort();
	trace_w_free(&w);
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	memset(&t, 0, sizeof(t));
	fuzz_exit_finding = "args: the trace reader refused what gen wrote";
	trace_open(&t, path);
	while (trace_next(&t, &ev))
		if (ev.op == 'e')
			trace_flow(&t, &ev);
	fuzz_exit_finding = NULL;
	trace_close(&t);
	close(fd);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct gen_run g;
	char *copy = malloc(size + 1), *argv[MAX_WORDS + 1];
	int argc = 0;
	size_t i = 0;

	if (!copy)
		abort();
	memcpy(copy, data, size);
	copy[size] = '\0';
	while (i < size && argc < MAX_WORDS) {
		argv[argc++] = copy + i;
		i += strlen(copy + i) + 1;
	}
	argv[argc] = NULL;
	if (argc == 0) {
		free(copy);
		return 0;
	}
	fuzz_quiet_stdout(1);	/* --help prints to stdout */
	fuzz_err_fd = fuzz_quiet_begin();
	memset(&g, 0, sizeof(g));
	fuzz_in_call = 1;
	if (!setjmp(fuzz_refused)) {
		if (strcmp(argv[0], "drive") == 0) {
			struct drive_args a;

			drive_parse(argc, argv, &a);
		} else if (gen_parse(argc, argv, &g) == 0) {
			gen_and_read(&g);
		}
		fuzz_in_call = 0;
	}
	gen_free(&g);
	fuzz_quiet_end(fuzz_err_fd);
	fuzz_err_fd = 2;
	fuzz_quiet_stdout(0);
	free(copy);
	return 0;
}
