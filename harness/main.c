// SPDX-License-Identifier: GPL-2.0
/*
 * main.c - qdk-replay's command line: one subcommand per job.
 */
#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "tcopt.h"
#include "util.h"

static void usage(FILE *f)
{
	fputs("usage: qdk-replay COMMAND [ARGS]\n"
	      "  verify [--seed N] [-q] TRACE...     replay traces, check every decision\n"
	      "  drive [--qdisc \"KIND OPTS\"] --rate RATE [--seed N] [--interval TIME]\n"
	      "        TRACE -o OUT.qtr [--summary OUT.json]\n"
	      "                                      run TRACE's arrivals through the qdisc\n"
	      "                                      on a link of RATE, write the full trace\n"
	      "  gen --flow MODEL[:K=V,...]... [--duration T] [--seed N] -o OUT.qtr\n"
	      "                                      write an arrival trace (bulk cbr poisson onoff)\n"
	      "  bench --qdisc \"KIND OPTS\" -n N      bare enqueue/dequeue loop, for comparison\n"
	      "  kinds                               list the qdisc kinds linked in\n"
	      "  tca \"KIND OPTS\"                     the TCA_OPTIONS bytes (hex) the options give\n"
	      "  help                                this text; `--qdisc \"KIND help\"` for options\n"
	      "Traces: traces/FORMAT.md. Exit status: 0 ok, 1 divergence or leak, 2 bad input.\n",
	      f);
}

static int cmd_kinds(void)
{
	const char *names[256];
	size_t n, i;

	qdk_init(1);
	n = qdk_kinds(names, 256);
	for (i = 0; i < n && i < 256; i++)
		printf("%-16s %s\n", names[i],
		       tcopt_find(names[i]) ? "tc options" : "(no tc-option parser)");
	qdk_exit();
	return 0;
}

/* The TCA_OPTIONS bytes the kind's parser builds, as a trace's tca line has them. */
static int cmd_tca(int argc, char **argv)
{
	struct qdisc_spec qs;
	size_t i;

	if (argc != 2) {
		fputs("usage: qdk-replay tca \"KIND OPTS\"\n", stderr);
		return 2;
	}
	spec_parse(argv[1], NULL, &qs);
	if (!qs.tca)
		putchar('-');
	for (i = 0; qs.tca && i < qs.tca_len; i++)
		printf("%02x", qs.tca[i]);
	putchar('\n');
	spec_free(&qs);
	return 0;
}

int main(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : "help";

	if (strcmp(cmd, "verify") == 0)
		return cmd_verify(argc - 1, argv + 1);
	if (strcmp(cmd, "drive") == 0)
		return cmd_drive(argc - 1, argv + 1);
	if (strcmp(cmd, "gen") == 0)
		return cmd_gen(argc - 1, argv + 1);
	if (strcmp(cmd, "bench") == 0)
		return cmd_bench(argc - 1, argv + 1);
	if (strcmp(cmd, "kinds") == 0)
		return cmd_kinds();
	if (strcmp(cmd, "tca") == 0)
		return cmd_tca(argc - 1, argv + 1);
	if (strcmp(cmd, "help") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
		usage(stdout);
		return 0;
	}
	fprintf(stderr, "qdk-replay: unknown command \"%s\"\n", cmd);
	usage(stderr);
	return 2;
}
