# SPDX-License-Identifier: GPL-2.0
#
# import.mk - the user build of a qdisc source outside the repository
# (`make import SRC=DIR`, import/import.py). Included by Makefile.user when
# IMPORT_NAME is set; import.py has run kbuild on a mirror of the source
# and written what it built to build/import/NAME/sources[-SERIES].mk:
#
#   IMPORT_MIRROR    the series' mirror of the source folder, where kbuild
#                    built the modules (the source itself is never read
#                    here, nor written)
#   IMPORT_OBJS_REL  the modules' objects, relative to it
#   IMPORT_BPF_SRCS  its BPF qdisc programs (NAME.bpf.c), in the mirror,
#   IMPORT_BPF_MAP   and the prefix maps that name the source's files
#   per object:      IMPORT_RSP, a response file with the flags its Kbuild
#                    or Makefile gave it, KBUILD_MODNAME, and prefix maps
#                    that make __FILE__ and the debug information name the
#                    source folder's files
#
# Targets:
#   import-flags    where the user build goes, then the compiler command of
#                   those sources (import.py resolves their includes with
#                   it: gcc -M -MG -H)
#   import-replay   build/import/NAME/VARIANT[-SERIES]/qdk-replay: the kit's
#                   qdk-replay plus the imported objects, so `kinds` lists
#                   the imported kind

IMPORT_TOP := $(TOP)/build/import/$(IMPORT_NAME)
IB := $(IMPORT_TOP)/$(VARIANT)$(SERIES_SUFFIX)
-include $(IMPORT_TOP)/sources$(SERIES_SUFFIX).mk

IMPORT_OBJS := $(addprefix $(IB)/,$(IMPORT_OBJS_REL))
# The source's own flags (its include folders, -include files and defines)
# come from the object's response file, after the shim's: its headers are
# found as kbuild finds them (ccflags-y comes after the kernel's include
# path) and never shadow ours. -MD, as Makefile.user says why.
$(IMPORT_OBJS): $(IB)/%.o: $(IMPORT_MIRROR)/%.c $(BUILD_MAKEFILES) $(IMPORT_TOP)/sources$(SERIES_SUFFIX).mk \
		$(TOP)/import/import.mk | $(UPSTREAM_VERSION_H)
	@mkdir -p $(dir $@)
	$(call quiet,CC,$@)$(CC) $(KCFLAGS) @$(IMPORT_RSP) -MD -MP -c $< -o $@

# BPF qdisc programs of the source (import/import_bpf.py, KERNEL=7.x):
# IMPORT_BPF_SRCS, in the mirror, each compiled as shim/bpf/bpf.mk compiles
# a kit program, its files under $(IB), its debug information and __FILE__
# naming the source folder's file (IMPORT_BPF_MAP), and linked with the BPF
# runtime and the kit's own programs.
IMPORT_BPF_PROGS := $(patsubst %.bpf.c,%,$(notdir $(IMPORT_BPF_SRCS)))
$(foreach s,$(IMPORT_BPF_SRCS),$(eval $(call bpf_prog_rule,$(patsubst %.bpf.c,%,$(notdir $(s))),$(s),$(s),$(IB))))
$(foreach p,$(IMPORT_BPF_PROGS),$(eval $(call bpf_prog_flags,$(p),$(IB))))
$(call kobj,$(foreach p,$(IMPORT_BPF_PROGS),$(IB)/gen/bpf/$(p)_prog.c)): KCFLAGS += $(IMPORT_BPF_MAP)
IMPORT_BPF_REG := $(call kobj,$(foreach p,$(IMPORT_BPF_PROGS),$(IB)/gen/bpf/$(p)_reg.c))
$(IMPORT_BPF_REG): KCFLAGS += $(BPF_INC) -DKBUILD_MODNAME='"qdk_bpf"'
IMPORT_OBJS += $(foreach p,$(IMPORT_BPF_PROGS),$(IB)/bpf/$(p).o) $(IMPORT_BPF_REG) \
	$(if $(IMPORT_BPF_SRCS),$(BPF_RT_OBJS) $(BPF_PROG_OBJS))

$(IB)/qdk-replay: $(REPLAY_OBJS) $(IMPORT_OBJS) | $(B)/libqdk-nl.so tc-plugins
	$(call quiet,LD,$@)$(CC) $(LDFLAGS) -o $@ $^ $(REPLAY_LDLIBS)
	@ln -sfn $(B)/libqdk-nl.so $(IB)/libqdk-nl.so

.PHONY: import-replay
import-replay: $(IB)/qdk-replay $(if $(wildcard $(IMPORT_MIRROR)/q_*.c),import-tc)

# The source's own tc parsers (q_KIND.c, iproute2's form): plugins for the
# stock tc, compiled against the headers of Debian's iproute2 source package
# of the host's tc (IPROUTE2_SRC, tools/iproute2-src.sh fetches it once into
# build/iproute2/; import.py passes it), into the tc folder this qdk-replay
# hands tc (TC_LIB_DIR, harness/tcns.c) next to links to the kit's own
# plugins and tc's tables. The plugin is loaded by the stock tc: plain flags
# (no sanitizer), PIC, and it may use every symbol tc exports.
IMPORT_TC_SRCS := $(wildcard $(IMPORT_MIRROR)/q_*.c)
IMPORT_TC := $(patsubst $(IMPORT_MIRROR)/%.c,$(IB)/tc/%.so,$(IMPORT_TC_SRCS))
IMPORT_TC_CFLAGS = -std=gnu11 -D_GNU_SOURCE $(TCP_OPT) $(WARN) -fPIC \
	-I$(IPROUTE2_SRC)/include -I$(IPROUTE2_SRC)/include/uapi -I$(IPROUTE2_SRC)/tc -I$(IMPORT_MIRROR)
# ... and the include folders the modules' objects were given (IMPORT_TC_RSP)

$(IMPORT_TC): $(IB)/tc/%.so: $(IMPORT_MIRROR)/%.c $(TOP)/import/import.mk
	@test -n "$(IPROUTE2_SRC)" || { echo "import.mk: IPROUTE2_SRC is not set (tools/iproute2-src.sh)" >&2; exit 2; }
	@mkdir -p $(dir $@)
	$(call quiet,LD,$@)$(CC) $(IMPORT_TC_CFLAGS) @$(IMPORT_TC_RSP) -shared -Wl,-z,relro -Wl,-z,now -o $@ $<

.PHONY: import-tc
import-tc: $(IMPORT_TC) tc-plugins
	@for f in $(B)/tc/*.so $(B)/tc/*.dist; do \
		[ -e "$$f" ] && [ ! -e "$(IB)/tc/$$(basename "$$f")" ] && ln -s "$$f" "$(IB)/tc/" || true; \
	done

-include $(IMPORT_OBJS:.o=.d)

.PHONY: import-flags
import-flags: | $(UPSTREAM_VERSION_H)
	@echo $(IB)
	@echo $(CC) $(KCFLAGS)
