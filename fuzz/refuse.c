// SPDX-License-Identifier: GPL-2.0
/*
 * refuse.c - for the targets linked with -Wl,--wrap=exit (trace, args;
 * fuzz.mk): the tools refuse bad input by printing file:line and calling
 * exit(2), which here returns to the target (fuzz.h, fuzz_refused).
 */
#include <stdio.h>
#include <stdlib.h>

#include "fuzz.h"

void __real_exit(int status) __attribute__((noreturn));
void __wrap_exit(int status) __attribute__((noreturn));

jmp_buf fuzz_refused;
int fuzz_in_call;
const char *fuzz_exit_finding;
int fuzz_err_fd = 2;

/* A refusal inside the call comes back to fuzz_refused; any other exit is real. */
void __wrap_exit(int status)
{
	if (fuzz_in_call && fuzz_exit_finding) {
		dprintf(fuzz_err_fd, "fuzz: %s (exit %d)\n", fuzz_exit_finding, status);
		abort();
	}
	if (fuzz_in_call) {
		fuzz_in_call = 0;
		longjmp(fuzz_refused, 1);
	}
	__real_exit(status);
}

/* these targets run the shim: set up once */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_report_to_file();	/* stderr is /dev/null during a call */
	qdk_init(1);
	return 0;
}
