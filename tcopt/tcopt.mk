# SPDX-License-Identifier: GPL-2.0
#
# tcopt.mk - the tc-option library the kit's own kinds write their tc
# plugins with (attribute builder/reader, tc's unit words, registry,
# tcopt_build). Upstream kinds have no parser here: the stock tc parses
# them. Included by Makefile.user.

TCOPT_LIB_SRCS := $(TOP)/tcopt/attr.c $(TOP)/tcopt/units.c $(TOP)/tcopt/registry.c \
	$(TOP)/tcopt/red_words.c
TCOPT_LIB_OBJS := $(call uobj,$(TCOPT_LIB_SRCS))

# Unit test of the library (no shim needed).
$(B)/tcopt-test: $(TCOPT_LIB_OBJS) $(call uobj,$(TOP)/tcopt/test/tcopt_test.c)
	$(call quiet,LD,$@)$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

all: $(B)/tcopt-test
