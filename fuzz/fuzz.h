/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fuzz.h - what the libFuzzer targets share: a packet, and the end-of-input
 * check that turns a kernel WARN or a leak into a crash the fuzzer keeps.
 */
#ifndef QDK_FUZZ_H
#define QDK_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "qdk_api.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A UDP/IPv4 packet of len bytes; flow picks one of 256 source ports. */
struct qdk_pkt fuzz_udp4(uint64_t id, uint32_t len, uint8_t flow);
/*
 * After one input: anything allocated since mark still live, or a WARN
 * since the last check, is printed and aborts (what names the input).
 */
void fuzz_check(uint64_t mark, const char *what);

#endif /* QDK_FUZZ_H */
