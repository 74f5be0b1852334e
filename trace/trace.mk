# SPDX-License-Identifier: GPL-2.0
#
# trace.mk - the trace library (trace/): reading qdk traces (traces/FORMAT.md),
# plain or zstd/gzip-compressed, streamed. Included by Makefile.user before
# harness.mk; qdk-replay links its objects and TRACE_LDLIBS.

TRACE_SRCS := $(sort $(wildcard $(TOP)/trace/*.c))
TRACE_OBJS := $(call uobj,$(TRACE_SRCS))
TRACE_LDLIBS := -lzstd -lz

# util.h (allocation that cannot fail) is the harness's; it includes write.h.
$(TRACE_OBJS): UCFLAGS += -I$(TOP)/harness -I$(TOP)/trace
