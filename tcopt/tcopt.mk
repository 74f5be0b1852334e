# SPDX-License-Identifier: GPL-2.0
#
# tcopt.mk - the tc-option library (attribute builder/reader, tc's unit
# words, registry, tcopt_build) and the parsers of the upstream kinds.
# Included by Makefile.user; TCOPT_OBJS is linked into qdk-replay.

TCOPT_LIB_SRCS := $(TOP)/tcopt/attr.c $(TOP)/tcopt/units.c $(TOP)/tcopt/registry.c \
	$(TOP)/tcopt/red_words.c
TCOPT_UPSTREAM_SRCS := $(sort $(wildcard $(TOP)/tcopt/upstream/*.c))
TCOPT_SRCS := $(TCOPT_LIB_SRCS) $(TCOPT_UPSTREAM_SRCS)
TCOPT_LIB_OBJS := $(call uobj,$(TCOPT_LIB_SRCS))
TCOPT_OBJS := $(call uobj,$(TCOPT_SRCS))

# Unit test of the library and the upstream parsers (no shim needed).
$(B)/tcopt-test: $(TCOPT_OBJS) $(call uobj,$(TOP)/tcopt/test/tcopt_test.c)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

all: $(B)/tcopt-test
