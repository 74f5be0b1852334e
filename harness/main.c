// SPDX-License-Identifier: GPL-2.0
/*
 * main.c - qdk-replay's command line: one subcommand per job.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "tcns.h"
#include "trace.h"
#include "util.h"

static void usage(FILE *f)
{
	fputs("usage: qdk-replay [--param NAME=VALUE]... [--events SPEC]... COMMAND [ARGS]\n"
	      "  verify [--seed N] [-q] TRACE...     replay traces, check every decision\n"
	      "  drive [--qdisc \"KIND OPTS\"] --rate RATE [--seed N] [--interval TIME]\n"
	      "        TRACE -o OUT.qtr [--summary OUT.json]\n"
	      "                                      run TRACE's arrivals through the qdisc\n"
	      "                                      on a link of RATE, write the full trace\n"
	      "  gen --flow MODEL[:K=V,...]... [--duration T] [--seed N] -o OUT.qtr\n"
	      "                                      write an arrival trace (bulk cbr poisson onoff)\n"
	      "  pcap [--start NS | --keep-time] CAPTURE -o OUT.qtr\n"
	      "                                      a pcap/pcapng capture's packets as arrivals\n"
	      "  bench --qdisc \"KIND OPTS\" -n N      bare enqueue/dequeue loop, for comparison\n"
	      "  sweep-alloc [--rate R] [--max N] TRACE\n"
	      "                                      drive TRACE failing each allocation in turn\n"
	      "  convert [--to text|binary] IN OUT   IN's twin: text to binary, binary to text\n"
	      "  show TRACE                          the trace's qdisc as `tc -d qdisc show` prints it\n"
	      "  records TRACE                       the events as the reader reads them (JSON lines)\n"
	      "  kinds                               list the qdisc kinds linked in\n"
	      "  events                              list the modules' trace events (SYSTEM:NAME)\n"
	      "  tca \"KIND OPTS\"                     the TCA_OPTIONS bytes (hex) tc sends for them\n"
	      "  dev PATH|NAME [write TEXT | read | poll | ioctl CMD [ARG|@SIZE[:HEX]]]...\n"
	      "                                      use a module's device or entry (dev -l: list)\n"
	      "  help                                this text; `--qdisc \"KIND help\"` for options\n"
	      "verify and drive take --fail-alloc N: the qdisc's Nth allocation fails.\n"
	      "--param: a module parameter (module_param(); NAME or MODULE.NAME), set before\n"
	      "the modules' init as insmod sets it.\n"
	      "--events: turn on the modules' trace events SPEC names (NAME, SYSTEM:NAME,\n"
	      "globs, \"all\"; comma-separated): each hit prints TIME: NAME: TEXT to stderr.\n"
	      "Traces: traces/FORMAT.md, text or binary (by their first bytes), plain, .zst or .gz.\n"
	      "A file named - is standard input or output (gen -o - | drive - -o - | verify -).\n"
	      "Exit status: 0 ok, 1 divergence or leak, 2 bad input.\n",
	      f);
}

static int cmd_kinds(void)
{
	const char *names[256];
	size_t n, i;

	qdk_init(1);
	n = qdk_kinds(names, 256);
	for (i = 0; i < n && i < 256; i++) {
		/* tc passes a BPF qdisc nothing (no parser for its kind) */
		if (qdk_kind_bpf(names[i]))
			printf("%-16s options: none (a BPF program)\n", names[i]);
		else
			printf("%-16s options: %s%s%s\n", names[i],
			       tcns_has_plugin(names[i]) ? "tc with q_" : "tc",
			       tcns_has_plugin(names[i]) ? names[i] : "",
			       tcns_has_plugin(names[i]) ? ".so" : "");
	}
	qdk_exit();
	return 0;
}

static void print_tca(const uint8_t *tca, size_t len)
{
	size_t i;

	if (!tca)
		putchar('-');
	for (i = 0; tca && i < len; i++)
		printf("%02x", tca[i]);
	putchar('\n');
}

/*
 * The TCA_OPTIONS bytes the stock tc sends for "KIND OPTS", as a trace's
 * tca line has them; one line more per "; KIND OPTS2" change.
 */
static int cmd_tca(int argc, char **argv)
{
	struct qdisc_spec qs;
	size_t i;

	if (argc != 2) {
		fputs("usage: qdk-replay tca \"KIND OPTS[; KIND OPTS2...]\"\n", stderr);
		return 2;
	}
	spec_parse(argv[1], NULL, NULL, &qs);
	print_tca(qs.tca, qs.tca_len);
	for (i = 0; i < qs.nchanges; i++)
		print_tca(qs.changes[i].tca, qs.changes[i].tca_len);
	spec_free(&qs);
	return 0;
}

/*
 * --param NAME=VALUE (any number, before the command): module parameters,
 * set before any command runs the modules' init. 0, or 2 with a message.
 */
static int set_params(int *argc, char ***argv)
{
	while (*argc > 1 && strcmp((*argv)[1], "--param") == 0) {
		char *arg = *argc > 2 ? (*argv)[2] : NULL;
		char *eq = arg ? strchr(arg, '=') : NULL;
		int err;

		if (!eq || eq == arg) {
			fprintf(stderr, "qdk-replay: --param needs NAME=VALUE\n");
			return 2;
		}
		*eq = '\0';
		err = qdk_param_set(arg, eq + 1);
		*eq = '=';
		if (err) {
			fprintf(stderr, "qdk-replay: --param %s: %s\n", arg, param_error(err));
			return 2;
		}
		*argc -= 2;
		*argv += 2;
	}
	return 0;
}

static int cmd_events(void)
{
	const char *systems[512], *names[512];
	size_t n, i;

	n = qdk_trace_events(systems, names, 512);
	for (i = 0; i < n && i < 512; i++)
		printf("%s:%s\n", systems[i], names[i]);
	return 0;
}

/*
 * --events SPEC (any number, among the leading options): the trace events
 * to print, turned on before the command runs; taken out of argv, so that
 * the --param words main() keeps for a second run stay together (a second
 * run prints none). 0, or 2 with a message.
 */
static int set_events(int *argc, char **argv)
{
	int i = 1, j;

	while (i < *argc && (!strcmp(argv[i], "--param") || !strcmp(argv[i], "--events"))) {
		char bad[128];
		int n;

		if (!strcmp(argv[i], "--param")) {
			i += 2;
			continue;
		}
		if (i + 1 >= *argc) {
			fprintf(stderr, "qdk-replay: --events needs SPEC (qdk-replay events lists them)\n");
			return 2;
		}
		n = qdk_trace_events_enable(argv[i + 1], bad, sizeof(bad));
		if (n == -ENOENT) {
			fprintf(stderr, "qdk-replay: --events %s: no event matches \"%s\""
				" (qdk-replay events lists them)\n", argv[i + 1], bad);
			return 2;
		}
		if (n < 0) {
			fprintf(stderr, "qdk-replay: --events %s: %s\n", argv[i + 1], strerror(-n));
			return 2;
		}
		for (j = i; j + 2 <= *argc; j++)
			argv[j] = argv[j + 2];
		*argc -= 2;
	}
	return 0;
}

int main(int argc, char **argv)
{
	const char *cmd;

	if (set_events(&argc, argv))
		return 2;
	replay_param_args = argv + 1;
	replay_n_param_args = argc - 1;
	if (set_params(&argc, &argv))
		return 2;
	replay_n_param_args -= argc - 1;
	cmd = argc > 1 ? argv[1] : "help";

	if (strcmp(cmd, "verify") == 0 || strcmp(cmd, "drive") == 0) {
		int n = argc - 1;

		if (fail_alloc_args(&n, argv + 1))
			return 2;
		return cmd[0] == 'v' ? cmd_verify(n, argv + 1) : cmd_drive(n, argv + 1);
	}
	if (strcmp(cmd, "sweep-alloc") == 0)
		return cmd_sweep_alloc(argc - 1, argv + 1);
	if (strcmp(cmd, "gen") == 0)
		return cmd_gen(argc - 1, argv + 1);
	if (strcmp(cmd, "pcap") == 0)
		return cmd_pcap(argc - 1, argv + 1);
	if (strcmp(cmd, "bench") == 0)
		return cmd_bench(argc - 1, argv + 1);
	if (strcmp(cmd, "kinds") == 0)
		return cmd_kinds();
	if (strcmp(cmd, "events") == 0)
		return cmd_events();
	if (strcmp(cmd, "convert") == 0)
		return cmd_convert(argc - 1, argv + 1);
	if (strcmp(cmd, "records") == 0)
		return cmd_records(argc - 1, argv + 1);
	if (strcmp(cmd, "show") == 0)
		return cmd_show(argc - 1, argv + 1);
	if (strcmp(cmd, "tca") == 0)
		return cmd_tca(argc - 1, argv + 1);
	if (strcmp(cmd, "dev") == 0)
		return cmd_dev(argc - 1, argv + 1);
	if (strcmp(cmd, "help") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
		usage(stdout);
		return 0;
	}
	fprintf(stderr, "qdk-replay: unknown command \"%s\"\n", cmd);
	usage(stderr);
	return 2;
}
