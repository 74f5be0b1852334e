// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_trace.c - libFuzzer target: the trace reader (trace/), text or its binary
 * twin (traces/FORMAT.md, "Binary traces"), plain, zstd and gzip, as
 * verify, drive and show open a file: the header, every event, the flows
 * and packets the replay would build from them; then as `qdk-replay
 * convert` reads it: every line (a binary record's text formatted), each
 * turned into its binary record again by the writer's encoder.
 *
 * Input: a file's bytes, handed to trace_open() through a memfd (the reader
 * takes a path). A malformed trace ends in trace_fail(), which prints
 * file:line and exits 2 in the tools; here the link wraps exit() so that
 * a refusal returns to the target (fuzz.mk, -Wl,--wrap=exit) and the
 * reader's memory is given back by trace_close(). Refusals print nothing
 * (stderr goes to /dev/null during the call; a sanitizer's report goes to
 * the file fuzz/run.sh names).
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz.h"
#include "trace.h"

/*
 * Events read per pass. A compressed seed of up to -max_len (64 KiB)
 * expands to some 15 000 lines of a capture (about 350 KB, past the fuzz
 * build's 256 KiB buffer, fuzz.mk, so refills are reached); a mutant that
 * expands much further (a zstd bomb) costs no more than 20 000 lines.
 */
#define FUZZ_TRACE_EVENTS 20000

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct trace t;
	static struct trace_w w;
	static struct trace_bin_enc enc;
	struct trace_event ev;
	char path[64];
	int fd, err_fd;
	uint64_t events = 0;

	fd = memfd_create("qdk-fuzz-trace", MFD_CLOEXEC);
	if (fd < 0 || write(fd, data, size) != (ssize_t)size)
		abort();
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	err_fd = fuzz_quiet_begin();
	memset(&t, 0, sizeof(t));
	fuzz_in_call = 1;
	if (!setjmp(fuzz_refused)) {
		trace_open(&t, path);
		while (events < FUZZ_TRACE_EVENTS && trace_next(&t, &ev)) {
			struct trace_pkt p;

			if (ev.op == 'e' && trace_flow(&t, &ev))
				trace_packet(&t, &ev, &p);
			events++;
		}
		fuzz_in_call = 0;
	}
	trace_close(&t);
	/* convert's way through the same bytes, its lines encoded again */
	trace_w_init(&w, NULL, NULL);
	trace_bin_enc_init(&enc, &w);
	fuzz_in_call = 1;
	if (!setjmp(fuzz_refused)) {
		const char *line;
		size_t n;
		bool nl;

		trace_open_raw(&t, path);
		for (events = 0; events < FUZZ_TRACE_EVENTS && trace_raw_line(&t, &line, &n, &nl); events++) {
			trace_bin_line(&enc, line, n, nl);
			if (w.len > (1u << 20))
				w.len = 0;	/* what it wrote is not the point: memory */
		}
		trace_bin_enc_finish(&enc);
		fuzz_in_call = 0;
	}
	trace_close(&t);
	trace_bin_enc_free(&enc);
	trace_w_free(&w);
	fuzz_quiet_end(err_fd);
	close(fd);
	return 0;
}
