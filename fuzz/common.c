// SPDX-License-Identifier: GPL-2.0
/* common.c - the targets' shared pieces (fuzz.h). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

/*
 * WARNs of a series' own code that fuzzing reaches and a later kernel fixed:
 * the series' bug, reproduced as it is, not the shim's. Each is named by its
 * site in that series' source (another series' lines differ) and said once;
 * fuzzing goes on past it. fuzz/README.md lists them with their fixes.
 */
static const struct {
	const char *site;	/* the end of "FILE:LINE" */
	const char *cond;
	const char *bug;
} known_warns[] = {
	{ "/net/sched/sch_taprio.c:1022", "!cycle",
	  "6.1's taprio takes a schedule with no entries, whose cycle is 0 (6.12 refuses it)" },
};

static unsigned long unknown_warns;

static void on_warn(const char *file, int line, const char *cond)
{
	static bool said[sizeof(known_warns) / sizeof(known_warns[0])];
	char site[512];
	size_t i, n, k;

	snprintf(site, sizeof(site), "%s:%d", file, line);
	n = strlen(site);
	for (i = 0; i < sizeof(known_warns) / sizeof(known_warns[0]); i++) {
		k = strlen(known_warns[i].site);
		if (n >= k && !strcmp(site + n - k, known_warns[i].site) &&
		    !strcmp(cond, known_warns[i].cond)) {
			if (!said[i])
				fprintf(stderr, "fuzz: a known kernel bug, not a finding: %s\n",
					known_warns[i].bug);
			said[i] = true;
			return;
		}
	}
	unknown_warns++;
}

__attribute__((constructor)) static void watch_warnings(void)
{
	qdk_warnings_watch(on_warn);
}

void fuzz_check(uint64_t mark, const char *what)
{
	struct qdk_leak l[4];
	size_t n = qdk_mem_leaks(mark, l, 4), i;
	char line[256];

	for (i = 0; i < n && i < 4; i++) {
		qdk_leak_text(&l[i], line, sizeof(line));
		fprintf(stderr, "fuzz: %s: leaked %s\n", what, line);
	}
	if (n)
		abort();
	if (unknown_warns) {
		fprintf(stderr, "fuzz: %s: a kernel WARN (above)\n", what);
		abort();
	}
}
