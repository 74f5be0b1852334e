// SPDX-License-Identifier: GPL-2.0
/*
 * pool_redzone.c - the trace library's pool (alloc.h) under ASan. It fills
 * a pool with strings across several chunks and checks each kept its bytes
 * and its alignment, then reads one byte past the end of one of them: 55-san
 * builds this with -fsanitize=address and wants ASan's report at that
 * line. A pool carves many objects from one malloc; its poisoned gaps are
 * what keep an overflow from one flow's text into the next visible, as
 * separate mallocs would.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "alloc.h"

#define N 20000

int main(int argc, char **argv)
{
	static char *s[N];
	struct pool p = { 0 };
	char want[32];
	unsigned int i;

	(void)argv;
	for (i = 0; i < N; i++) {
		int n = snprintf(want, sizeof(want), "flow %u", i);

		s[i] = pool_strndup(&p, want, (size_t)n);
		if ((uintptr_t)s[i] % 16) {
			fprintf(stderr, "pool_redzone: object %u not aligned to 16\n", i);
			return 1;
		}
	}
	for (i = 0; i < N; i++) {
		snprintf(want, sizeof(want), "flow %u", i);
		if (strcmp(s[i], want)) {
			fprintf(stderr, "pool_redzone: object %u holds \"%s\"\n", i, s[i]);
			return 1;
		}
	}
	printf("pool_redzone: %u strings intact\n", N);
	fflush(stdout);
	/* argc is 1: s[7][8], one byte past "flow 7" and its NUL */
	i = (unsigned int)s[7][6 + argc + 1];	/* OVERFLOW */
	pool_free(&p);
	return (int)i;
}
