// SPDX-License-Identifier: GPL-2.0
/*
 * quiet.c - what every target shares, the shim's or not (fuzz.h): the
 * sanitizers' reports into the file run.sh names, stderr silenced while
 * an input runs (a refusal's message is not a finding).
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "fuzz.h"

void __sanitizer_set_report_path(const char *path);

void fuzz_report_to_file(void)
{
	const char *report = getenv("QDK_FUZZ_REPORT");

	if (report && *report)
		__sanitizer_set_report_path(report);
}

/* a target without its own: the reports' file only (refuse.c's, tca's and rtnl's win) */
__attribute__((weak)) int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_report_to_file();
	return 0;
}

int fuzz_quiet_begin(void)
{
	int err_fd, null_fd;

	fflush(stderr);
	err_fd = dup(2);
	null_fd = open("/dev/null", O_WRONLY);
	dup2(null_fd, 2);
	close(null_fd);
	return err_fd;
}

void fuzz_quiet_end(int err_fd)
{
	fflush(stderr);
	dup2(err_fd, 2);
	close(err_fd);
}
