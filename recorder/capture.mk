# SPDX-License-Identifier: GPL-2.0
#
# capture.mk - builds qdk-capture, the user-space half of the recorder.
# Standalone:   make -f recorder/capture.mk        -> build/user/qdk-capture
#               (and build/user/qdk-capture-static, for the VM's initramfs)
# It can also be included from Makefile.user (uses its $(B), $(CC), $(UCFLAGS)).

ifndef TOP
TOP := $(patsubst %/,%,$(dir $(abspath $(lastword $(MAKEFILE_LIST))))/..)
TOP := $(abspath $(TOP))
B := $(TOP)/build/user
CC := gcc
UCFLAGS := -std=c11 -D_GNU_SOURCE -O2 -g -Wall -Wextra -Wno-unused-parameter \
	-Wno-sign-compare -Wno-missing-field-initializers
.PHONY: all
all:
endif
include $(TOP)/tools/quiet.mk

# trace/write.c: the trace library's writer (C library only, so it links static too)
CAPTURE_SRCS := $(TOP)/recorder/capture/qdk_capture.c $(TOP)/recorder/capture/tracew.c \
	$(TOP)/trace/write.c $(TOP)/harness/outfile.c
CAPTURE_HDRS := $(TOP)/recorder/capture/tracew.h $(TOP)/recorder/qdk_rec.h $(TOP)/trace/write.h \
	$(TOP)/trace/format.h $(TOP)/harness/outfile.h
# The kinds of the kit's classifiers (the .kind of every qdiscs/*/cls_*.c):
# a capture writes a `classifier` line for a block holding one of them.
KIT_CLS_SRCS := $(filter-out %_tc.c,$(wildcard $(TOP)/qdiscs/*/cls_*.c))
KIT_CLS_KINDS := $(sort $(shell sed -n \
	's/^[[:space:]]*\.kind[[:space:]]*=[[:space:]]*"\([a-z0-9_]*\)",*[[:space:]]*$$/\1/p' \
	$(KIT_CLS_SRCS) /dev/null))
CAPTURE_DEFS := -DQDK_KIT_CLASSIFIERS='"$(KIT_CLS_KINDS)"'

all: $(B)/qdk-capture $(B)/qdk-capture-static

$(B)/qdk-capture: $(CAPTURE_SRCS) $(CAPTURE_HDRS) $(KIT_CLS_SRCS)
	@mkdir -p $(dir $@)
	$(call quiet,LD,$@)$(CC) $(UCFLAGS) $(CAPTURE_DEFS) -Werror -o $@ $(CAPTURE_SRCS) $(SAN_LDFLAGS)

# static: the VM's busybox initramfs carries no C library for it
$(B)/qdk-capture-static: $(CAPTURE_SRCS) $(CAPTURE_HDRS) $(KIT_CLS_SRCS)
	@mkdir -p $(dir $@)
	$(call quiet,LD,$@)$(CC) $(CAPTURE_DEFS) -std=c11 -D_GNU_SOURCE -O2 -Wall -Wextra -Wno-unused-parameter -Wno-sign-compare \
		-static -o $@ $(CAPTURE_SRCS)
