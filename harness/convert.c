// SPDX-License-Identifier: GPL-2.0
/*
 * convert.c - `qdk-replay convert IN OUT`: a trace into its twin, text to
 * binary or binary to text (traces/FORMAT.md, "Binary traces"), line for
 * record, so that converting back gives the same bytes. IN may be
 * compressed; OUT is written plain. The lines' meaning is not checked here
 * (verify does that): a bad line stays bad at the same number.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "trace.h"
#include "util.h"

static void usage(FILE *f)
{
	fputs("usage: qdk-replay convert [--to text|binary] IN OUT\n"
	      "  IN's twin into OUT: text becomes binary, binary becomes text\n", f);
}

int cmd_convert(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "to", required_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	const char *to = NULL, *line;
	struct trace_bin_enc enc;
	struct outfile o;
	struct trace t;
	bool binary, nl;
	size_t n;
	int c;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
		switch (c) {
		case 't':
			to = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind != argc - 2 || (to && strcmp(to, "text") && strcmp(to, "binary"))) {
		usage(stderr);
		return 2;
	}
	refuse_same_file(argv[optind + 1], argv[optind]);
	trace_open_raw(&t, argv[optind]);
	binary = to ? to[0] == 'b' : !trace_is_binary(&t);
	out_open(&o, argv[optind + 1]);
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
