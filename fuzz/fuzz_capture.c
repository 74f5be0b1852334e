// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_capture.c - libFuzzer target: the recorder's raw record stream
 * (recorder/qdk_rec.h) as `qdk-capture -i FILE -o OUT` converts it: cut
 * into records by tw_rec_len(), each handed to tw_record() until one says
 * stop, then tw_finish() when a child was followed, tw_free().
 *
 * Input: the stream's bytes (what the module's device gives, or a file
 * -r saved). The trace text goes to a sink that only counts: more than
 * OUT_MAX bytes from one input is a crash, as a stream that claims much
 * and holds little must not make a big trace (issue 14: 176 bytes wrote
 * 33 MB). A leak (LeakSanitizer) or a sanitizer report is a crash.
 * qdk-capture's messages are dropped (stderr is /dev/null during a call).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "tracew.h"

/* a record of up to 136 bytes makes a line or two: 64 bytes of text per
 * input byte is far beyond any, and a 64 KiB input's TCA hex fits in 1 MiB */
#define OUT_PER_BYTE 64
#define OUT_FIXED (1u << 20)


static size_t out_bytes, out_max;
static int err_fd;		/* the real stderr, while 2 is /dev/null */

static ssize_t count_write(void *cookie, const char *buf, size_t len)
{
	(void)cookie;
	(void)buf;
	out_bytes += len;
	if (out_bytes > out_max) {
		dprintf(err_fd, "fuzz: capture: %zu bytes of trace from an input of %zu\n",
			out_bytes, (out_max - OUT_FIXED) / OUT_PER_BYTE);
		abort();
	}
	return (ssize_t)len;
}


int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const cookie_io_functions_t io = { .write = count_write };
	struct tw_opts o = { .stats_every = 1000, .source = "fuzz" };
	int st = 0;
	struct tw *t;
	size_t end = 0;
	FILE *f;
	long len;

	out_bytes = 0;
	out_max = OUT_FIXED + OUT_PER_BYTE * size;
	f = fopencookie(NULL, "w", io);
	if (!f)
		abort();
	err_fd = fuzz_quiet_begin();
	t = tw_new(f, &o);
	if (!t)
		abort();
	while (!st && (len = tw_rec_len(data + end, size - end)) > 0) {
		struct qdk_rec r;

		memset(&r, 0, sizeof(r));
		memcpy(&r, data + end, (size_t)len);
		st = tw_record(t, &r);
		end += (size_t)len;
	}
	if (st >= 0 && tw_following(t))
		tw_finish(t);
	tw_free(t);
	fclose(f);
	fuzz_quiet_end(err_fd);
	return 0;
}
