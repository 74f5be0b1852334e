# SPDX-License-Identifier: GPL-2.0
#
# quiet.mk - what the user build prints, as kbuild's quiet_cmd_ does: a short
# line per target made ("  CC      harness/drive.o", "  LD      build/user/qdk-replay"),
# the full commands with V=1, nothing with make -s. A recipe line that makes
# a target starts with $(call quiet,TAG,TARGET) before its command; TARGET
# is shown relative to the repository's top.

ifndef QDK_QUIET_MK
QDK_QUIET_MK := 1
ifeq ($(V),1)
quiet =
else ifneq ($(findstring s,$(firstword -$(MAKEFLAGS))),)
quiet = @
else
quiet = @printf '  %-7s %s\n' '$(1)' '$(patsubst $(TOP)/%,%,$(2))';
endif
endif
