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

$(IB)/qdk-replay: $(HARNESS_OBJS) $(SHIM_OBJS) $(UPSTREAM_OBJS) $(QDISC_OBJS) \
		$(TCOPT_LIB_OBJS) $(IMPORT_OBJS) | $(B)/libqdk-nl.so tc-plugins
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)
	@ln -sfn $(B)/libqdk-nl.so $(IB)/libqdk-nl.so

.PHONY: import-replay
import-replay: $(IB)/qdk-replay

-include $(IMPORT_OBJS:.o=.d)

.PHONY: import-flags
import-flags: | $(UPSTREAM_VERSION_H)
	@echo $(CC) $(KCFLAGS) -I$(IMPORT_SRC)
