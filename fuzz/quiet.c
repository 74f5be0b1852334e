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

/*
 * /dev/null and copies of the real stdout and stderr, opened once: an input
 * then costs two dup2() calls, where opening /dev/null for each input took
 * a fifth of the args target's time (path lookup, open and close).
 */
static int null_fd = -1, real_fd[3] = { -1, -1, -1 };

static int quiet_fd(int fd)
{
	if (null_fd < 0)
		null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (real_fd[fd] < 0)
		real_fd[fd] = fcntl(fd, F_DUPFD_CLOEXEC, 3);
	if (null_fd < 0 || real_fd[fd] < 0)
		abort();
	return real_fd[fd];
}

int fuzz_quiet_begin(void)
{
	int err_fd = quiet_fd(2);

	fflush(stderr);
	dup2(null_fd, 2);
	return err_fd;
}

void fuzz_quiet_end(int err_fd)
{
	fflush(stderr);
	dup2(err_fd, 2);
}

void fuzz_quiet_stdout(int quiet)
{
	int out_fd = quiet_fd(1);

	fflush(stdout);
	dup2(quiet ? null_fd : out_fd, 1);
}
