# SPDX-License-Identifier: GPL-2.0
#
# fuzz.mk - the libFuzzer targets (fuzz/README.md), built by
# `make -f Makefile.user FUZZ=1 fuzz-targets` into build/user-fuzz/fuzz-NAME.
# Each links the shim, the upstream and kit qdiscs and one target source.

FUZZ_TARGETS := tca rtnl
FUZZ_COMMON_OBJS := $(call uobj,$(TOP)/fuzz/common.c)

$(call uobj,$(wildcard $(TOP)/fuzz/*.c)): UCFLAGS += -I$(TOP)/fuzz

$(B)/fuzz-%: $(B)/u/fuzz/%.o $(FUZZ_COMMON_OBJS) $(SHIM_OBJS) $(UPSTREAM_OBJS) $(QDISC_OBJS)
	$(CC) $(LDFLAGS) -fsanitize=fuzzer -o $@ $^ $(LDLIBS)

.PHONY: fuzz-targets
fuzz-targets: $(addprefix $(B)/fuzz-,$(FUZZ_TARGETS))
