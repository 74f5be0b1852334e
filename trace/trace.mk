# SPDX-License-Identifier: GPL-2.0
#
# trace.mk - the trace library (trace/): reading and writing qdk traces
# (traces/FORMAT.md), plain or zstd/gzip-compressed, streamed. Included by
# Makefile.user before harness.mk; qdk-replay links its objects and
# TRACE_LDLIBS.

TRACE_SRCS := $(sort $(wildcard $(TOP)/trace/*.c))
TRACE_OBJS := $(call uobj,$(TRACE_SRCS))
TRACE_LDLIBS := -lzstd -lz

# The library includes only its own headers and the C library's: nothing
# of the replay tool or the kernel stand-ins (the tool includes it, never
# the other way; tests/suites/80-style checks).
$(TRACE_OBJS): UCFLAGS += -I$(TOP)/trace
