# SPDX-License-Identifier: GPL-2.0
#
# import.mk - the user build of a qdisc source outside the repository
# (`make import SRC=DIR`, import/import.py). Included by Makefile.user when
# IMPORT_NAME is set; import.py has written the list of the source's
# module objects to build/import/NAME/sources.mk:
#
#   IMPORT_SRC   the source directory (read only: nothing is written there)
#   IMPORT_SRCS  its .c files that kbuild links into modules
#   per object:  IMPORT_MODNAME, the module it belongs to (KBUILD_MODNAME)
#
# Targets:
#   import-flags    the compiler command of those sources (import.py
#                   resolves their includes with it: gcc -M -MG -H)
#   import-replay   build/import/NAME/VARIANT[-SERIES]/qdk-replay: the kit's
#                   qdk-replay plus the imported objects, so `kinds` lists
#                   the imported kind

IMPORT_TOP := $(TOP)/build/import/$(IMPORT_NAME)
IB := $(IMPORT_TOP)/$(VARIANT)$(SERIES_SUFFIX)
include $(IMPORT_TOP)/sources.mk

IMPORT_OBJS := $(patsubst $(IMPORT_SRC)/%.c,$(IB)/%.o,$(IMPORT_SRCS))
# The source's own directory comes after the shim: its headers are found
# as kbuild finds them with ccflags-y += -I$(src), and never shadow ours.
IMPORT_KCFLAGS = $(KCFLAGS) -I$(IMPORT_SRC) -DKBUILD_MODNAME='"$(IMPORT_MODNAME)"' \
	-DKBUILD_BASENAME='"$(basename $(notdir $<))"'

$(IMPORT_OBJS): $(IB)/%.o: $(IMPORT_SRC)/%.c $(BUILD_MAKEFILES) $(IMPORT_TOP)/sources.mk $(TOP)/import/import.mk \
		| $(UPSTREAM_VERSION_H)
	@mkdir -p $(dir $@)
	$(CC) $(IMPORT_KCFLAGS) -MMD -MP -c $< -o $@

$(IB)/qdk-replay: $(REPLAY_OBJS) $(IMPORT_OBJS) | $(B)/libqdk-nl.so tc-plugins
	$(CC) $(LDFLAGS) -o $@ $^ $(REPLAY_LDLIBS)
	@ln -sfn $(B)/libqdk-nl.so $(IB)/libqdk-nl.so

.PHONY: import-replay
import-replay: $(IB)/qdk-replay $(if $(wildcard $(IMPORT_SRC)/q_*.c),import-tc)

# The source's own tc parsers (q_KIND.c, iproute2's form): plugins for the
# stock tc, compiled against the headers of Debian's iproute2 source package
# of the host's tc (IPROUTE2_SRC, tools/iproute2-src.sh fetches it once into
# build/iproute2/; import.py passes it), into the tc folder this qdk-replay
# hands tc (TC_LIB_DIR, harness/tcns.c) next to links to the kit's own
# plugins and tc's tables. The plugin is loaded by the stock tc: plain flags
# (no sanitizer), PIC, and it may use every symbol tc exports.
IMPORT_TC_SRCS := $(wildcard $(IMPORT_SRC)/q_*.c)
IMPORT_TC := $(patsubst $(IMPORT_SRC)/%.c,$(IB)/tc/%.so,$(IMPORT_TC_SRCS))
IMPORT_TC_CFLAGS = -std=gnu11 -D_GNU_SOURCE $(TCP_OPT) $(WARN) -fPIC \
	-I$(IPROUTE2_SRC)/include -I$(IPROUTE2_SRC)/include/uapi -I$(IPROUTE2_SRC)/tc -I$(IMPORT_SRC)

$(IMPORT_TC): $(IB)/tc/%.so: $(IMPORT_SRC)/%.c $(TOP)/import/import.mk
	@test -n "$(IPROUTE2_SRC)" || { echo "import.mk: IPROUTE2_SRC is not set (tools/iproute2-src.sh)" >&2; exit 2; }
	@mkdir -p $(dir $@)
	$(CC) $(IMPORT_TC_CFLAGS) -shared -Wl,-z,relro -Wl,-z,now -o $@ $<

.PHONY: import-tc
import-tc: $(IMPORT_TC) tc-plugins
	@for f in $(B)/tc/*.so $(B)/tc/*.dist; do \
		[ -e "$$f" ] && [ ! -e "$(IB)/tc/$$(basename "$$f")" ] && ln -s "$$f" "$(IB)/tc/" || true; \
	done

-include $(IMPORT_OBJS:.o=.d)

.PHONY: import-flags
import-flags: | $(UPSTREAM_VERSION_H)
	@echo $(CC) $(KCFLAGS) -I$(IMPORT_SRC)
