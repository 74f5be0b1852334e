# SPDX-License-Identifier: GPL-2.0
#
# shim.mk - the shim (kernel-mirror headers + runtime + qdk_api bridge) and
# its Check unit tests. Included by Makefile.user.
#
#   SHIM_OBJS     linked into qdk-replay and every test binary
#   shim-tests    build build/VARIANT/tests/shim/shim-test
#   shim-check    build and run it; prints "N passed, M failed"
#
# shim/lib/host.c is the only file that sees the C library (plain C); the
# rest of shim/lib and shim/api/api.c are kernel-style (KCFLAGS).

# What kbuild adds for Debian's config with gcc 12, so every kernel-style
# object (shim, upstream, the kit's qdiscs) compiles as it would there:
# CONFIG_CC_NO_ARRAY_BOUNDS=y, the top Makefile's code-generation flags, and
# scripts/Makefile.extrawarn's gcc default without W=1 (no format-truncation:
# 6.12's sch_mqprio_lib.c formats into the 80-byte extack buffer), and the
# top Makefile's -Wno-pointer-sign (module_param(x, short, ...) on a u16 is
# silent, as param_check_short() is in the kernel).
KCFLAGS += -Wno-array-bounds -Wno-maybe-uninitialized -fno-strict-overflow \
	-fno-delete-null-pointer-checks -Wno-format-truncation -Wno-pointer-sign

SHIM_KSRCS := $(filter-out $(TOP)/shim/lib/host.c,$(sort $(wildcard $(TOP)/shim/lib/*.c))) \
	$(TOP)/shim/api/api.c
SHIM_USRCS := $(TOP)/shim/lib/host.c
SHIM_OBJS := $(call kobj,$(SHIM_KSRCS)) $(call uobj,$(SHIM_USRCS))

# The shim's tests link the upstream FIFOs and upstream's tests link the
# shim: include upstream.mk here, once SHIM_OBJS is known (Makefile.user's
# later include of it is then a no-op).
include $(TOP)/upstream/upstream.mk

$(foreach s,$(SHIM_KSRCS),$(eval $(call kobj,$(s)): KCFLAGS += \
	-DKBUILD_MODNAME='"qdk_shim"' -DKBUILD_BASENAME='"$(basename $(notdir $(s)))"'))

# Unit tests: kernel-side cases (ktest_*.c, KCFLAGS) registered in a table,
# run one Check test each by a plain-C runner (run_tests.c, Check + libc),
# plus plain-C tests of the bridge (test_*.c).
SHIM_CHECK_CFLAGS := $(shell pkg-config --cflags check 2>/dev/null)
SHIM_CHECK_LIBS := $(shell pkg-config --libs check 2>/dev/null)
SHIM_TEST_KSRCS := $(sort $(wildcard $(TOP)/shim/tests/ktest_*.c))
SHIM_TEST_USRCS := $(sort $(wildcard $(TOP)/shim/tests/test_*.c)) $(TOP)/shim/tests/run_tests.c
SHIM_TEST_OBJS := $(call kobj,$(SHIM_TEST_KSRCS)) $(call uobj,$(SHIM_TEST_USRCS))
SHIM_TEST := $(B)/tests/shim/shim-test

$(call uobj,$(SHIM_TEST_USRCS)): UCFLAGS += $(SHIM_CHECK_CFLAGS) -I$(TOP)/shim/tests
$(call kobj,$(SHIM_TEST_KSRCS)): KCFLAGS += -I$(TOP)/shim/tests -I$(TOP)/shim/lib \
	-DKBUILD_MODNAME='"qdk_shim_test"'

# The tests link the upstream FIFOs too (pktsched_init registers them).
$(SHIM_TEST): $(SHIM_TEST_OBJS) $(SHIM_OBJS) $(UPSTREAM_OBJS)
	@mkdir -p $(dir $@)
	$(call quiet,LD,$@)$(CC) $(LDFLAGS) -o $@ $^ $(SHIM_CHECK_LIBS) $(LDLIBS)

.PHONY: shim-tests shim-check
shim-tests: $(SHIM_TEST)
shim-check: $(SHIM_TEST)
	@$(SHIM_TEST)

all: $(SHIM_TEST)

# tools/shim-coverage.py asks here how kernel-style code is compiled against
# the shim (CC and KCFLAGS, one line each) and which objects define what an
# imported module links: the shim's and the series' own net/sched sources
# (OBJS); shim-objs builds them.
.PHONY: shim-flags shim-objs
shim-flags: | $(UPSTREAM_VERSION_H)
	@echo "CC=$(CC)"
	@echo "KCFLAGS=$(KCFLAGS)"
	@echo "OBJS=$(SHIM_OBJS) $(UPSTREAM_OBJS)"
shim-objs: $(SHIM_OBJS) $(UPSTREAM_OBJS)
