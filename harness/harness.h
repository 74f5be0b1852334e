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

/* A qdisc to create: its kind and the exact TCA_OPTIONS bytes. */
struct qdisc_spec {
	char kind[64];
	char *text;		/* "KIND OPTS..." as given */
	uint8_t *tca;		/* NULL: opt == NULL */
	size_t tca_len;
};

/*
 * "KIND OPTS..." -> spec through the kind's tc-option parser. A "help" word
 * prints the parser's usage and exits 0; a parse error prints the tc-style
 * message (prefixed by where, "file:line", when not NULL) and the usage, and
 * exits 2.
 */
void spec_parse(const char *text, const char *where, struct qdisc_spec *qs);
/* The kind must be registered in the shim; exits 2 naming where otherwise. */
void spec_check_kind(const struct qdisc_spec *qs, const char *where);
void spec_free(struct qdisc_spec *qs);
/* Create it on the header's device; exits 2 with the qdisc's extack message. */
struct qdk_qdisc *spec_create(const struct qdisc_spec *qs, const struct trace_hdr *h,
			      const char *where);
/* The qdisc's state for a divergence report: stats, options, xstats, watchdog. */
void qdisc_print_state(FILE *f, struct qdk_qdisc *q);
/* The verdict as a trace writes it ("ok", "drop+stolen", ...); NULL if unwritable. */
const char *verdict_text(int v, char *buf, size_t len);

int cmd_verify(int argc, char **argv);
int cmd_drive(int argc, char **argv);
int cmd_gen(int argc, char **argv);
int cmd_bench(int argc, char **argv);

#endif /* QDK_HARNESS_H */
