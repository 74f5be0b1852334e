// SPDX-License-Identifier: GPL-2.0
/* common.c - the targets' shared pieces (fuzz.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

void fuzz_check(uint64_t mark, const char *what)
{
	static unsigned long warned;
	struct qdk_leak l[4];
	size_t n = qdk_mem_leaks(mark, l, 4), i;
	char line[256];

	for (i = 0; i < n && i < 4; i++) {
		qdk_leak_text(&l[i], line, sizeof(line));
		fprintf(stderr, "fuzz: %s: leaked %s\n", what, line);
	}
	if (n)
		abort();
	if (qdk_warnings() != warned) {
		fprintf(stderr, "fuzz: %s: a kernel WARN (above)\n", what);
		abort();
	}
}
