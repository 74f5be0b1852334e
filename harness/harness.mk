# SPDX-License-Identifier: GPL-2.0
#
# harness.mk - qdk-replay (trace verify/drive/gen/bench) and `coverage`.
# Included by Makefile.user after shim.mk, tcopt.mk, upstream.mk, qdiscs.mk.

HARNESS_SRCS := $(sort $(wildcard $(TOP)/harness/*.c))
HARNESS_OBJS := $(call uobj,$(HARNESS_SRCS))
NS_SERVER_OBJS := $(call uobj,$(TOP)/usertc/ns_server.c)
$(NS_SERVER_OBJS): UCFLAGS += -I$(TOP)/usertc

# The kit's own kinds' xstats structs, as a table xstats.c decodes with
# (tools/xstats-gen.sh reads each kind's uapi header, qdiscs/KIND/KIND.h).
# The list of headers is kept in a file rewritten only when it changes, so
# that a kind's folder removed (make new's tests remove theirs) remakes the
# table rather than compiling one that includes a header now gone.
KIT_XSTATS_C := $(B)/gen/kit_xstats.c
KIT_XSTATS_HDRS := $(foreach d,$(QDISC_DIRS),$(wildcard $(d)/$(notdir $(d)).h))
KIT_XSTATS_LIST := $(B)/gen/kit_xstats.list
$(shell mkdir -p $(B)/gen && { echo '$(KIT_XSTATS_HDRS)' | cmp -s - $(KIT_XSTATS_LIST) || \
	echo '$(KIT_XSTATS_HDRS)' >$(KIT_XSTATS_LIST); })
$(KIT_XSTATS_C): $(TOP)/tools/xstats-gen.sh $(KIT_XSTATS_HDRS) $(KIT_XSTATS_LIST)
	@mkdir -p $(dir $@)
	$(call quiet,GEN,$@)$(TOP)/tools/xstats-gen.sh $(KIT_XSTATS_HDRS) >$@.tmp
	@mv -f $@.tmp $@
HARNESS_OBJS += $(call uobj,$(KIT_XSTATS_C))

# tcns.c serves the namespace the stock tc talks to with the protocol's one
# server (usertc/ns_server.c, usertc/ns_proto.h);
# the trace library is trace/ (trace.mk).
$(HARNESS_OBJS): UCFLAGS += -I$(TOP)/usertc -I$(TOP)/trace -I$(TOP)/harness
# xstats.c decodes by the series' own uapi structs (upstream/headers.txt),
# so a kind only a newer series has (dualpi2) is decoded in its build
$(call uobj,$(TOP)/harness/xstats.c): UCFLAGS += -I$(UPSTREAM_DIR)/include/uapi
$(call uobj,$(TOP)/harness/xstats.c): $(UPSTREAM_STAMP)

# What every qdk-replay links (import.mk adds an imported qdisc's objects);
# `qdk-replay pcap` reads captures with Debian's libpcap (pcap.c).
REPLAY_OBJS := $(HARNESS_OBJS) $(NS_SERVER_OBJS) $(TRACE_OBJS) $(SHIM_OBJS) $(UPSTREAM_OBJS) \
	$(QDISC_OBJS) $(TCOPT_LIB_OBJS)
REPLAY_LDLIBS = $(LDLIBS) $(TRACE_LDLIBS) -lpcap

# qdk-replay runs the stock tc with the preload and the kit's tc plugins
# (usertc.mk, tcplugin.mk): they are built with it.
$(B)/qdk-replay: $(REPLAY_OBJS) | $(B)/libqdk-nl.so tc-plugins
	$(call quiet,LD,$@)$(CC) $(LDFLAGS) -o $@ $^ $(REPLAY_LDLIBS)

all: $(B)/qdk-replay

# make -f Makefile.user COVERAGE=1 coverage (what `make coverage` runs):
# build with gcov, run the unit tests and every trace replay, then write
# build/coverage/index.html (per-file details) and build/coverage/coverage.xml
# (Cobertura, for CI). Counters start from zero on every run.
COV_DIR := $(TOP)/build/coverage

.PHONY: coverage
coverage: all
	@find $(B) -name '*.gcda' -delete
	-$(B)/tcopt-test
	-$(MAKE) -s -f $(TOP)/Makefile.user COVERAGE=$(COVERAGE) shim-check
	-$(MAKE) -s -f $(TOP)/Makefile.user COVERAGE=$(COVERAGE) qdisc-check
	-for s in $(TOP)/tests/suites/30-replay*; do QDK_REPLAY=$(B)/qdk-replay $$s; done
	@mkdir -p $(COV_DIR)
	cd $(TOP) && gcovr --root $(TOP) --object-directory $(B) \
		--exclude '$(TOP)/build/.*' --exclude '.*/test/.*' --exclude '.*/test_.*' \
		--html-details $(COV_DIR)/index.html --xml $(COV_DIR)/coverage.xml --print-summary
	@echo "coverage: $(COV_DIR)/index.html and $(COV_DIR)/coverage.xml"
