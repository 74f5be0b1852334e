/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fuzz.h - what the libFuzzer targets share: the end-of-input
 * check that turns a kernel WARN or a leak into a crash the fuzzer keeps.
 */
#ifndef QDK_FUZZ_H
#define QDK_FUZZ_H

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>

#include "qdk_api.h"
#include "pkt.h"		/* tests/lib: the packets tests describe */

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * quiet.c (no shim): sanitizer reports into the file QDK_FUZZ_REPORT names
 * (run.sh), and stderr on /dev/null from fuzz_quiet_begin() (which returns
 * a copy of the real one, for a target's own findings; the target does not
 * close it) to fuzz_quiet_end(); stdout likewise while fuzz_quiet_stdout(1).
 */
void fuzz_report_to_file(void);
int fuzz_quiet_begin(void);
void fuzz_quiet_end(int err_fd);
void fuzz_quiet_stdout(int quiet);

/*
 * refuse.c, in the targets linked with -Wl,--wrap=exit (trace, args): while
 * fuzz_in_call is set, the tools' refusal (exit 2 after file:line) longjmps
 * back to fuzz_refused, clearing it; with fuzz_exit_finding also set, an
 * exit is a finding: that text goes to fuzz_err_fd and the target aborts.
 * Its LLVMFuzzerInitialize() sets up the shim; quiet.c's weak one, for the
 * targets without the shim, only fuzz_report_to_file().
 */
extern jmp_buf fuzz_refused;
extern int fuzz_in_call;
extern const char *fuzz_exit_finding;
extern int fuzz_err_fd;

/*
 * After one input: anything allocated since mark still live, or a WARN
 * (but a known kernel bug's, common.c), is printed and aborts (what names
 * the input).
 */
void fuzz_check(uint64_t mark, const char *what);

#endif /* QDK_FUZZ_H */
