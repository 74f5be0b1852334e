// SPDX-License-Identifier: GPL-2.0
/*
 * run_init.c - a program that starts the shim (qdk_init: every linked
 * module's init runs) and stops it again: linked with one source of
 * shim/tests/build whose `// qdk-build: stops REGEX` line says how a call
 * its init makes must stop the program (tests/suites/10-shim).
 */
#include <stdio.h>

#include "qdk_api.h"

int main(void)
{
	int err = qdk_init(0);

	if (err) {
		fprintf(stderr, "qdk_init: %d\n", err);
		return 1;
	}
	qdk_exit();
	return 0;
}
