# SPDX-License-Identifier: GPL-2.0
#
# qdiscs/qdiscs.mk - the kit's own qdiscs in the user build (included by
# Makefile.user): template/ and every qdiscs/<name>/ directory.
#
#   sch_*.c     the qdisc, compiled kernel-style against shim/  -> QDISC_OBJS
#   *_tc.c      its tc-syntax parser (tcopt), plain user space  -> QDISC_TCOPT_OBJS
#   test_*.c    Check unit tests, one binary each, run by `qdisc-check`,
#               linked with the shared helpers of tests/lib (qdisc_test.h)
#   ktest_*.c   kernel-style helpers linked into that binary (reach internals)
#
# Targets:
#   qdisc-tests   build every test binary into build/VARIANT/tests/<dir>/
#   qdisc-check   build and run them; prints "N passed, M failed"

QDISC_OBJS := $(call kobj,$(QDISC_SRCS))
QDISC_TCOPT_OBJS := $(call uobj,$(QDISC_TCOPT_SRCS))

# kbuild names every object's module: NL_SET_ERR_MSG_MOD() and pr_*() use
# KBUILD_MODNAME, so give each qdisc source the name its .ko has.
$(foreach s,$(QDISC_SRCS),$(eval $(call kobj,$(s)): KCFLAGS += \
	-DKBUILD_MODNAME='"$(basename $(notdir $(s)))"' \
	-DKBUILD_BASENAME='"$(basename $(notdir $(s)))"'))

CHECK_CFLAGS := $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS := $(shell pkg-config --libs check 2>/dev/null)

QDISC_TEST_SRCS := $(foreach d,$(QDISC_DIRS),$(wildcard $(d)/test_*.c))
# template/test_template.c -> build/VARIANT/tests/template/test_template
qdisc_test_bin = $(B)/tests/$(notdir $(patsubst %/,%,$(dir $(1))))/$(basename $(notdir $(1)))
QDISC_TESTS := $(foreach t,$(QDISC_TEST_SRCS),$(call qdisc_test_bin,$(t)))

# The helpers every test shares (tests/lib: create/change from tc words or
# raw bytes, packets, stats, dump, the leak fixture, main), plain C11.
QDISC_TEST_LIB_SRCS := $(wildcard $(TOP)/tests/lib/*.c)
QDISC_TEST_LIB_OBJS := $(call uobj,$(QDISC_TEST_LIB_SRCS))

$(call uobj,$(QDISC_TEST_SRCS)) $(QDISC_TEST_LIB_OBJS): UCFLAGS += $(CHECK_CFLAGS) \
	-I$(TOP)/tests/lib

QDISC_LINK_OBJS = $(SHIM_OBJS) $(UPSTREAM_OBJS) $(QDISC_OBJS) \
	$(QDISC_TCOPT_OBJS) $(TCOPT_LIB_OBJS)

# Kernel-style test helpers (ktest_*.c, compiled with KCFLAGS like the qdisc)
# can reach a qdisc's internals, e.g. an algorithm core's drop function;
# they are linked into the directory's test binary next to test_*.c.
qdisc_ktest_objs = $(call kobj,$(wildcard $(dir $(1))ktest_*.c))
$(foreach t,$(QDISC_TEST_SRCS),$(eval $(call qdisc_ktest_objs,$(t)): KCFLAGS += \
	-DKBUILD_MODNAME='"qdk_test"'))

define qdisc_test_rule
$(call qdisc_test_bin,$(1)): $(call uobj,$(1)) $(call qdisc_ktest_objs,$(1)) \
		$(QDISC_TEST_LIB_OBJS) $(QDISC_LINK_OBJS)
	@mkdir -p $$(dir $$@)
	$$(call quiet,LD,$$@)$$(CC) $$(LDFLAGS) -o $$@ $$^ $$(CHECK_LIBS) $$(LDLIBS)
endef
$(foreach t,$(QDISC_TEST_SRCS),$(eval $(call qdisc_test_rule,$(t))))

.PHONY: qdisc-tests qdisc-check
# Every variant's `all` builds the test binaries too, so a test run by hand
# (build/VARIANT/tests/<dir>/test_<name>) is never older than its sources.
all: $(QDISC_OBJS) $(QDISC_TCOPT_OBJS) $(QDISC_TESTS)

qdisc-tests: $(QDISC_TESTS)

# Run every test binary (CK_FORK=yes: a crash fails one test, not the run)
# and sum Check's "Checks: N, Failures: F, Errors: E" lines.
qdisc-check: $(QDISC_TESTS)
	@pass=0; fail=0; \
	for t in $(QDISC_TESTS); do \
		echo "--- $${t#$(TOP)/}"; \
		out=$$(CK_FORK=yes "$$t" 2>&1); rc=$$?; echo "$$out"; \
		line=$$(echo "$$out" | grep -E 'Checks: [0-9]+, Failures: [0-9]+, Errors: [0-9]+' | tail -n 1); \
		if [ -z "$$line" ]; then fail=$$((fail + 1)); echo "!!! $$t: no Check summary (rc $$rc)"; continue; fi; \
		n=$$(echo "$$line" | sed -E 's/.*Checks: ([0-9]+).*/\1/'); \
		f=$$(echo "$$line" | sed -E 's/.*Failures: ([0-9]+).*/\1/'); \
		e=$$(echo "$$line" | sed -E 's/.*Errors: ([0-9]+).*/\1/'); \
		pass=$$((pass + n - f - e)); fail=$$((fail + f + e)); \
		[ $$rc -eq 0 ] || [ $$((f + e)) -gt 0 ] || { fail=$$((fail + 1)); echo "!!! $$t exited $$rc"; }; \
	done; \
	echo "$$pass passed, $$fail failed"; [ $$fail -eq 0 ]
