# SPDX-License-Identifier: GPL-2.0
#
# upstream.mk - unmodified upstream qdiscs (net/sched/sch_*.c of the
# chosen series' Debian linux-source: KERNEL=6.1, 6.12 or 7.x, the tarball
# tools/kdir.sh --source names) compiled against the shim of that series.
# Included by Makefile.user.
#
# upstream/kinds.txt lists the sources (and the kinds each registers),
# upstream/headers.txt the headers they need. Both are extracted at build
# time into UPSTREAM_DIR (build/upstream, build/upstream-6.12 ...; never
# committed); only the listed headers land in UPSTREAM_DIR/include/, which is
# searched after shim/include. The same pass makes the series'
# <linux/version.h> (UPSTREAM_DIR/include/generated/uapi, from the tarball's
# Makefile) that every kernel-style object sees, with the series' uapi
# headers (UPSTREAM_DIR/include/uapi), as kbuild's -I paths do.
#
#   UPSTREAM_OBJS    linked into qdk-replay
#   upstream-check   run the Check tests of the upstream kinds
# shim.mk includes this file once SHIM_OBJS is known (the guard below keeps
# Makefile.user's own include from repeating it).
#   UPSTREAM_KINDS   the qdisc kinds they register

ifndef UPSTREAM_MK_INCLUDED
UPSTREAM_MK_INCLUDED := 1

# KSRC (Makefile.user): the tree itself, which extract.sh copies from
ifneq ($(KSRC_DIR),)
UPSTREAM_TARBALL := $(KSRC_DIR)
else
UPSTREAM_TARBALL ?= $(shell KERNEL=$(KERNEL) $(TOP)/tools/kdir.sh --source)
endif
UPSTREAM_LIST := $(TOP)/upstream/kinds.txt
UPSTREAM_HLIST := $(TOP)/upstream/headers.txt
UPSTREAM_LLIST := $(TOP)/upstream/libs.txt

upstream_words = $(shell sed -e 's/\#.*//' $(1) | awk 'NF { print $$$(2) }')
# kinds.txt's lines this series builds: those naming no @SERIES, and those
# naming this one (a KSRC tree: those whose source the tree has)
upstream_lines = sed -e 's/\#.*//' $(UPSTREAM_LIST) | \
	awk -v k='@$(KERNEL)' -v t='$(KSRC_DIR)' 'NF { s = 0; h = 0; \
	for (i = 2; i <= NF; i++) if ($$i ~ /^@/) { s = 1; if ($$i == k) h = 1 } \
	if (t != "") h = !system("test -f \"" t "/net/sched/" $$1 "\""); \
	if (!s || h) print }'
UPSTREAM_SOURCES := $(shell $(upstream_lines) | awk '{ print $$1 }')
UPSTREAM_KINDS := $(shell $(upstream_lines) | awk '{ for (i = 2; i <= NF; i++) if ($$i !~ /^@/) print $$i }')
UPSTREAM_HEADERS := $(call upstream_words,$(UPSTREAM_HLIST),1)
# The helper sources this series' tree has (libs.txt), with their headers
# (sch_mqprio_lib.c: sch_mqprio_lib.h beside it).
UPSTREAM_LIBS := $(shell sed -e 's/\#.*//' $(UPSTREAM_LLIST) | \
	awk -v k='$(KERNEL)' 'NF { for (i = 2; i <= NF; i++) if ($$i == k) print $$1 }')
# (a KSRC tree: the helper sources it has, whatever its nearest series)
ifneq ($(KSRC_DIR),)
UPSTREAM_LIBS := $(notdir $(wildcard $(addprefix $(KSRC_DIR)/net/sched/,\
	$(call upstream_words,$(UPSTREAM_LLIST),1))))
endif
UPSTREAM_SOURCES += $(UPSTREAM_LIBS)
UPSTREAM_LIB_HDRS := $(addprefix net/sched/,$(UPSTREAM_LIBS:.c=.h))

UPSTREAM_SRCS := $(addprefix $(UPSTREAM_DIR)/net/sched/,$(UPSTREAM_SOURCES))
UPSTREAM_HDRS := $(addprefix $(UPSTREAM_DIR)/,$(UPSTREAM_HEADERS) $(UPSTREAM_LIB_HDRS))
UPSTREAM_OBJS := $(call kobj,$(UPSTREAM_SRCS))
UPSTREAM_STAMP := $(UPSTREAM_DIR)/.extracted
UPSTREAM_VERSION_H := $(UPSTREAM_DIR)/include/generated/uapi/linux/version.h

# One pass over the tarball for every listed file (xz is slow to seek), and
# the series' version.h as the kernel's top Makefile writes it.
# A KSRC tree is compared with the copies at every make: a file whose
# contents differ is copied again (extract.sh), and only its objects are
# rebuilt; file times are not trusted (a checkout or a restored file keeps
# old ones).
ifneq ($(KSRC_DIR),)
UPSTREAM_TREE_FILES := Makefile $(addprefix net/sched/,$(UPSTREAM_SOURCES)) \
	$(UPSTREAM_LIB_HDRS) $(UPSTREAM_HEADERS)
ifneq ($(shell cd '$(KSRC_DIR)' && for f in $(UPSTREAM_TREE_FILES); do \
	[ -d "$$f" ] || cmp -s "$$f" '$(UPSTREAM_DIR)'/"$$f" || { echo differs; break; }; done),)
.PHONY: $(UPSTREAM_STAMP)
endif
endif
$(UPSTREAM_STAMP): $(UPSTREAM_LIST) $(UPSTREAM_HLIST) $(UPSTREAM_LLIST) $(TOP)/upstream/extract.sh
	@test -n "$(UPSTREAM_TARBALL)" || { echo "upstream.mk: no linux-source for KERNEL=$(KERNEL)" >&2; exit 1; }
	@mkdir -p $(UPSTREAM_DIR) $(dir $(UPSTREAM_VERSION_H))
	$(call quiet,EXTRACT,$(UPSTREAM_DIR))$(TOP)/upstream/extract.sh $(UPSTREAM_TARBALL) $(UPSTREAM_DIR) Makefile \
		$(addprefix net/sched/,$(UPSTREAM_SOURCES)) $(UPSTREAM_LIB_HDRS) \
		$(UPSTREAM_HEADERS)
	$(call quiet,GEN,$(UPSTREAM_VERSION_H))awk -F ' = ' '/^(VERSION|PATCHLEVEL|SUBLEVEL) = / { v[$$1] = $$2 } END { \
		s = v["SUBLEVEL"] > 255 ? 255 : v["SUBLEVEL"]; \
		printf "#define LINUX_VERSION_CODE %d\n", v["VERSION"] * 65536 + v["PATCHLEVEL"] * 256 + s; \
		print "#define KERNEL_VERSION(a,b,c) (((a) << 16) + ((b) << 8) + ((c) > 255 ? 255 : (c)))"; \
		printf "#define LINUX_VERSION_MAJOR %d\n", v["VERSION"]; \
		printf "#define LINUX_VERSION_PATCHLEVEL %d\n", v["PATCHLEVEL"]; \
		printf "#define LINUX_VERSION_SUBLEVEL %d\n", v["SUBLEVEL"] }' \
		$(UPSTREAM_DIR)/Makefile >$(UPSTREAM_VERSION_H).tmp
	@# (unchanged: kept, so that re-copying a KSRC tree rebuilds only what changed)
	@cmp -s $(UPSTREAM_VERSION_H).tmp $(UPSTREAM_VERSION_H) && rm -f $(UPSTREAM_VERSION_H).tmp || \
		mv -f $(UPSTREAM_VERSION_H).tmp $(UPSTREAM_VERSION_H)
	@touch $@

$(UPSTREAM_SRCS) $(UPSTREAM_HDRS) $(UPSTREAM_VERSION_H): $(UPSTREAM_STAMP)

# kbuild's per-object names (the extracted headers are on every kernel-style
# object's path, after the shim's: Makefile.user)
$(foreach s,$(UPSTREAM_SRCS),$(eval $(call kobj,$(s)): KCFLAGS += \
	-DKBUILD_MODNAME='"$(basename $(notdir $(s)))"' \
	-DKBUILD_BASENAME='"$(basename $(notdir $(s)))"'))
$(UPSTREAM_OBJS): $(UPSTREAM_HDRS)

# Check tests of the upstream kinds through qdk_api.h (tests/suites/40-upstream).
UPSTREAM_TEST_SRCS := $(TOP)/upstream/tests/test_upstream.c
UPSTREAM_TEST := $(B)/tests/upstream/test_upstream
$(call uobj,$(UPSTREAM_TEST_SRCS)): UCFLAGS += $(shell pkg-config --cflags check 2>/dev/null)
$(UPSTREAM_TEST): $(call uobj,$(UPSTREAM_TEST_SRCS)) $(SHIM_OBJS) $(UPSTREAM_OBJS)
	@mkdir -p $(dir $@)
	$(call quiet,LD,$@)$(CC) $(LDFLAGS) -o $@ $^ $(shell pkg-config --libs check 2>/dev/null) $(LDLIBS)

all: $(UPSTREAM_TEST)

.PHONY: upstream-extract upstream-kinds upstream-check
upstream-check: $(UPSTREAM_TEST)
	@$(UPSTREAM_TEST)

upstream-extract: $(UPSTREAM_STAMP)
upstream-kinds:
	@echo $(UPSTREAM_KINDS)

endif # UPSTREAM_MK_INCLUDED
