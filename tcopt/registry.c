// SPDX-License-Identifier: GPL-2.0
/*
 * registry.c - the table of tc-option parsers, error messages, and
 * tcopt_build(): "KIND OPTS..." -> the complete TCA_OPTIONS attribute.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tcopt.h"

/* TCA_OPTIONS from <linux/rtnetlink.h>; spelled out to stay uapi-free here. */
#define QDK_TCA_OPTIONS 2
#define QDK_NLA_F_NESTED 0x8000
#define MAX_KINDS 128
#define MAX_WORDS 256

static const struct tcopt_kind *kinds[MAX_KINDS];
static size_t nkinds;

void tcopt_register(const struct tcopt_kind *k)
{
	size_t i;

	/* A later registration of the same kind wins, as a tc plugin does. */
	for (i = 0; i < nkinds; i++) {
		if (strcmp(kinds[i]->kind, k->kind) == 0) {
			kinds[i] = k;
			return;
		}
	}
	if (nkinds < MAX_KINDS)
		kinds[nkinds++] = k;
}

const struct tcopt_kind *tcopt_find(const char *kind)
{
	size_t i;

	for (i = 0; i < nkinds; i++)
		if (strcmp(kinds[i]->kind, kind) == 0)
			return kinds[i];
	return NULL;
}

int tcopt_fail(struct tcopt_err *e, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
	return -1;
}

int tcopt_build(const char *spec, char *kind_out, size_t kind_len,
		struct tcopt_buf *tca, struct tcopt_err *e)
{
	const struct tcopt_kind *k;
	struct tcopt_buf payload;
	char *copy, *save = NULL, *w;
	char *argv[MAX_WORDS];
	int argc = 0, ret = -1;

	e->msg[0] = '\0';
	copy = strdup(spec ? spec : "");
	if (!copy)
		return tcopt_fail(e, "out of memory");
	for (w = strtok_r(copy, " \t\n", &save); w; w = strtok_r(NULL, " \t\n", &save)) {
		if (argc == MAX_WORDS) {
			tcopt_fail(e, "too many words in \"%s\"", spec);
			goto out;
		}
		argv[argc++] = w;
	}
	if (argc == 0) {
		tcopt_fail(e, "no qdisc kind given");
		goto out;
	}
	if (kind_out && kind_len) {
		snprintf(kind_out, kind_len, "%s", argv[0]);
	}
	k = tcopt_find(argv[0]);
	if (!k) {
		if (argc > 1)
			tcopt_fail(e, "Unknown qdisc \"%s\", hence option \"%s\" is unparsable",
				   argv[0], argv[1]);
		else
			tcopt_fail(e, "Unknown qdisc \"%s\"", argv[0]);
		goto out;
	}
	tcopt_buf_init(&payload);
	if (k->parse(argc - 1, argv + 1, &payload, e)) {
		tcopt_buf_free(&payload);
		goto out;
	}
	/*
	 * tc adds TCA_OPTIONS for a struct-payload kind only when an option was
	 * given (opt == NULL in init otherwise); a nested kind always opens its
	 * nest (addattr_nest), so an empty nest is still an attribute. A nest
	 * carries NLA_F_NESTED: strict nla_parse_nested() requires it.
	 */
	tca->len = 0;
	if (payload.oom) {
		tcopt_fail(e, "out of memory");
	} else if (payload.len || k->nested) {
		tcopt_put(tca, k->nested ? QDK_TCA_OPTIONS | QDK_NLA_F_NESTED
					 : QDK_TCA_OPTIONS, payload.data, payload.len);
		if (tca->oom)
			tcopt_fail(e, "options too long");
		else
			ret = 0;
	} else {
		ret = 0;
	}
	tcopt_buf_free(&payload);
out:
	free(copy);
	return ret;
}
