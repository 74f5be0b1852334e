// SPDX-License-Identifier: GPL-2.0
/*
 * convert.c - `qdk-replay convert IN OUT`: a trace into its twin, text to
 * binary or binary to text (traces/FORMAT.md, "Binary traces"), line for
 * record, so that converting back gives the same bytes. IN may be
 * compressed; OUT is written plain. The lines' meaning is not checked here
 * (verify does that): a bad line stays bad at the same number.
 */
#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "trace.h"
#include "outfile.h"
#include "util.h"

static void usage(FILE *f)
{
	fputs("usage: qdk-replay convert [--to text|binary] IN OUT\n"
	      "  IN's twin into OUT: text becomes binary, binary becomes text\n", f);
}

int cmd_convert(int argc, char **argv)
{
	const char *to = NULL, *line, *in, *out;
	struct trace_bin_enc enc;
	struct outfile o;
	struct trace t;
	bool binary, nl;
	size_t n;

	if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		usage(stdout);
		return 0;
	}
	if (argc == 5 && !strcmp(argv[1], "--to"))
		to = argv[2];
	if ((argc != 3 && !to) || (to && strcmp(to, "text") && strcmp(to, "binary"))) {
		usage(stderr);
		return 2;
	}
	in = argv[argc - 2];
	out = argv[argc - 1];
	refuse_same_file(out, in);
	trace_open_raw(&t, in_path(in));
	binary = to ? to[0] == 'b' : !trace_is_binary(&t);
	out_open(&o, out);
	trace_bin_enc_init(&enc, &o.w);
	while (trace_raw_line(&t, &line, &n, &nl)) {
		if (binary) {
			trace_bin_line(&enc, line, n, nl);
		} else {
			trace_w_mem(&o.w, line, n);
			if (nl)
				trace_w_char(&o.w, '\n');
		}
	}
	if (binary)
		trace_bin_enc_finish(&enc);
	trace_bin_enc_free(&enc);
	trace_close(&t);
	out_commit(&o);
	return 0;
}
