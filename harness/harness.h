/* SPDX-License-Identifier: GPL-2.0 */
/*
 * harness.h - the parts of qdk-replay: one file per command, plus the qdisc
 * set-up shared by all of them.
 */
#ifndef QDK_HARNESS_H
#define QDK_HARNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "qdk_api.h"

struct trace_hdr;

/* A change tc sent after the add ("KIND OPTS; KIND OPTS2"). */
struct qdisc_change {
	uint8_t *tca;		/* NULL: no TCA_OPTIONS */
	size_t tca_len;
	char *text;		/* "KIND OPTS2" */
};

/* A qdisc to create: its kind and the exact TCA_OPTIONS bytes. */
struct qdisc_spec {
	char kind[64];
	char *text;		/* "KIND OPTS..." as given */
	uint8_t *tca;		/* NULL: opt == NULL */
	size_t tca_len;
	struct qdisc_change *changes;	/* applied after init, in order */
	size_t nchanges;
};

/*
 * "KIND OPTS..." -> spec through the stock tc: `tc qdisc add dev DEV root
 * handle H: KIND OPTS` against a private namespace holding h's device
 * (qdk0 with the defaults when h is NULL), the TCA_OPTIONS tc sent taken
 * as is. "KIND OPTS; KIND OPTS2; ..." runs `tc qdisc change ...` for each
 * further command (gred's setup, then its virtual queues), kept as
 * changes. Runs qdk_init(1): call before the replay's own qdk_init(). A
 * "help" word prints tc's usage of the kind and exits 0; tc's refusal
 * prints its message (prefixed by where, "file:line", when not NULL) and
 * exits 2.
 */
void spec_parse(const char *text, const char *where, const struct trace_hdr *h,
		struct qdisc_spec *qs);
/* A trace header's qdisc: its tca bytes when it has a tca line, else spec_parse(). */
void spec_from_trace(const struct trace_hdr *h, const char *where, struct qdisc_spec *qs);
/* The kind must be registered in the shim; exits 2 naming where otherwise. */
void spec_check_kind(const struct qdisc_spec *qs, const char *where);
void spec_free(struct qdisc_spec *qs);
/*
 * Allocation-failure injection (failalloc.c): fail_alloc_args() takes
 * "--fail-alloc N" out of a command's arguments (2: a bad N);
 * fail_alloc_arm() starts counting at the qdisc's creation (spec_create).
 */
int fail_alloc_args(int *argc, char **argv);
void fail_alloc_arm(void);
int cmd_sweep_alloc(int argc, char **argv);

/* Create it on the header's device; exits 2 with the qdisc's extack message. */
struct qdk_qdisc *spec_create(const struct qdisc_spec *qs, const struct trace_hdr *h,
			      const char *where);
/* Apply qs's change i to q (after spec_create); exits 2 with the extack message. */
void spec_change(const struct qdisc_spec *qs, size_t i, struct qdk_qdisc *q, const char *where);
/*
 * Print the qdisc qs and h describe as `tc -d qdisc show` prints it, each
 * line behind indent: a namespace with h's device gets the qdisc with
 * qs's bytes (and changes), tc prints it. When the namespace refuses the
 * qdisc: with where, "where: reason" and exit 2; without, said in f and
 * false.
 */
bool spec_show(FILE *f, const struct qdisc_spec *qs, const struct trace_hdr *h,
	       const char *indent, const char *where);
/* A divergence report: q's counters, its configuration as tc shows it, watchdog. */
void qdisc_print_state(FILE *f, struct qdk_qdisc *q, const struct qdisc_spec *qs,
		       const struct trace_hdr *h);
/* The verdict as a trace writes it ("ok", "drop+stolen", ...); NULL if unwritable. */
const char *verdict_text(int v, char *buf, size_t len);

/*
 * qdk-replay's leading `--param NAME=VALUE` arguments, as given (main.c):
 * a command that runs qdk-replay again passes them on.
 */
extern char **replay_param_args;
extern int replay_n_param_args;
/* Set them again, after a trace's param directives: the command line wins. */
void replay_params_again(void);

int cmd_verify(int argc, char **argv);
int cmd_dev(int argc, char **argv);
int cmd_drive(int argc, char **argv);
int cmd_gen(int argc, char **argv);
int cmd_pcap(int argc, char **argv);

/*
 * gen's two halves (gen.c), apart for fuzz/fuzz_args.c: gen_parse() takes the
 * command line (0: go on, 1: --help printed, 2: usage printed; a bad
 * value dies with exit 2) and sets up the flows; gen_write() writes the
 * trace to w, at most max arrivals (0: every one), and returns how many;
 * gen_free() gives back what gen_parse() took.
 */
struct gflow;
struct gshape;
struct trace_w;
struct gen_run {
	const char **specs, *out, *qdisc;
	unsigned int nspecs, nfl, cap, fid;
	uint64_t seed, duration, start;
	struct gflow *fl;
	struct gshape *shapes;	/* one a spec */
};
int gen_parse(int argc, char **argv, struct gen_run *g);
uint64_t gen_write(struct gen_run *g, struct trace_w *w, uint64_t max);
void gen_free(struct gen_run *g);
/* drive's command line (drive.c), as gen_parse() returns */
struct drive_args {
	const char *qdisc, *rate_word, *out, *sum_path, *in;
	uint64_t rate, seed, interval;
	double mu;		/* --service geometric: P(a slot ends the service) */
	uint64_t slot;		/* its slot, ns */
	bool have_seed;
};
int drive_parse(int argc, char **argv, struct drive_args *a);
int cmd_bench(int argc, char **argv);
int cmd_show(int argc, char **argv);
int cmd_convert(int argc, char **argv);
/* records.c: `qdk-replay records TRACE`, the reader's events as JSON lines */
int cmd_records(int argc, char **argv);

#endif /* QDK_HARNESS_H */
