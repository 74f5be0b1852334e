# SPDX-License-Identifier: GPL-2.0
#
# fuzz.mk - the libFuzzer targets (fuzz/README.md), built by
# `make -f Makefile.user FUZZ=1 fuzz-targets` into build/user-fuzz/fuzz-NAME.
# Most link the shim, every kind (FUZZ_KIND_OBJS) and one target source;
# capture and tcopt link only the code they fuzz.

FUZZ_TARGETS := tca rtnl trace capture args tcopt
FUZZ_QUIET_OBJS := $(call uobj,$(TOP)/fuzz/quiet.c)
FUZZ_COMMON_OBJS := $(call uobj,$(TOP)/fuzz/common.c $(TOP)/tests/lib/pkt.c) $(FUZZ_QUIET_OBJS)

# The trace reader's text buffer as small as its longest line allows
# (trace/trace.h): its refill and shift paths are reached within the
# events an input may have (fuzz/fuzz_trace.c), by plain inputs of up to
# -max_len and by compressed ones alike.
$(B)/u/%.o: UCFLAGS += -DTRACE_BUF_SIZE='(256u << 10)'
# gen's robert fit over scales up to 2^6, not 2^10 (harness/gen.c)
$(B)/u/harness/gen.o: UCFLAGS += -DROBERT_M_HI=6

# every kind: the upstream and kit qdiscs, and on 7.x the BPF programs
# with their runtime (shim/bpf/bpf.mk)
FUZZ_KIND_OBJS := $(UPSTREAM_OBJS) $(QDISC_OBJS) $(BPF_RT_OBJS) $(BPF_PROG_OBJS)

$(call uobj,$(wildcard $(TOP)/fuzz/*.c)): UCFLAGS += -I$(TOP)/fuzz -I$(TOP)/trace -I$(TOP)/harness \
	-I$(TOP)/tests/lib

# the trace reader (trace/ alone: its own allocation helpers); its refusals
# (exit 2) return to the target through the wrapped exit()
$(B)/fuzz-trace: $(B)/u/fuzz/fuzz_trace.o $(B)/u/fuzz/refuse.o $(FUZZ_COMMON_OBJS) $(TRACE_OBJS) \
		$(SHIM_OBJS) $(FUZZ_KIND_OBJS)
	$(call quiet,LD,$@)$(CC) $(LDFLAGS) -fsanitize=fuzzer -Wl,--wrap=exit -o $@ $^ $(LDLIBS) $(TRACE_LDLIBS)

# gen's and drive's command lines: what qdk-replay links but its main(), verify and bench;
# refusals (exit 2) returning through the wrapped exit(), as for trace
$(B)/fuzz-args: $(B)/u/fuzz/fuzz_args.o $(B)/u/fuzz/refuse.o $(FUZZ_COMMON_OBJS) \
		$(filter-out $(call uobj,$(addprefix $(TOP)/harness/,main.c verify.c bench.c)),$(REPLAY_OBJS))
	$(call quiet,LD,$@)$(CC) $(LDFLAGS) -fsanitize=fuzzer -Wl,--wrap=exit -o $@ $^ $(REPLAY_LDLIBS)

# the kit's tc-option parsers and printers: the tcopt library and each
# kit qdisc's NAME_tc.c, no shim
$(B)/fuzz-tcopt: $(B)/u/fuzz/fuzz_tcopt.o $(FUZZ_QUIET_OBJS) $(TCOPT_LIB_OBJS) $(QDISC_TCOPT_OBJS)
	$(call quiet,LD,$@)$(CC) $(LDFLAGS) -fsanitize=fuzzer -o $@ $^ $(LDLIBS)

# qdk-capture's converter (recorder/capture/tracew.c) and the trace writer:
# plain C, no shim
$(call uobj,$(TOP)/fuzz/fuzz_capture.c $(TOP)/recorder/capture/tracew.c): UCFLAGS += -I$(TOP)/recorder/capture
$(B)/fuzz-capture: $(call uobj,$(TOP)/fuzz/fuzz_capture.c $(TOP)/recorder/capture/tracew.c $(TOP)/trace/write.c) \
		$(FUZZ_QUIET_OBJS)
	$(call quiet,LD,$@)$(CC) $(LDFLAGS) -fsanitize=fuzzer -o $@ $^

$(B)/fuzz-%: $(B)/u/fuzz/fuzz_%.o $(FUZZ_COMMON_OBJS) $(SHIM_OBJS) $(FUZZ_KIND_OBJS)
	$(call quiet,LD,$@)$(CC) $(LDFLAGS) -fsanitize=fuzzer -o $@ $^ $(LDLIBS)

.PHONY: fuzz-targets
fuzz-targets: $(addprefix $(B)/fuzz-,$(FUZZ_TARGETS))
