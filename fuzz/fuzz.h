/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fuzz.h - what the libFuzzer targets share: the end-of-input
 * check that turns a kernel WARN or a leak into a crash the fuzzer keeps.
 */
#ifndef QDK_FUZZ_H
#define QDK_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "qdk_api.h"
#include "pkt.h"		/* tests/lib: the packets tests describe */

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * After one input: anything allocated since mark still live, or a WARN
 * since the last check, is printed and aborts (what names the input).
 */
void fuzz_check(uint64_t mark, const char *what);

#endif /* QDK_FUZZ_H */
