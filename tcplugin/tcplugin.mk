# SPDX-License-Identifier: GPL-2.0
#
# tcplugin.mk - tc plugins: build/VARIANT/tc/q_<kind>.so for the template and
# every qdiscs/<kind>/ that has a <kind>_tc.c (the kind is the directory
# name), and f_<kind>.so for a kind with a classifier's cls_<kind>_tc.c.
# Included by Makefile.user after tcopt.mk and qdiscs.mk.
#
# Each plugin is tcplugin/q_plugin.c compiled with -DQDK_KIND=<kind>, the
# kind's own *_tc.c and the tcopt library, all as position-independent code
# with hidden visibility: the only exported symbol is <kind>_qdisc_util, and
# -Bsymbolic binds every internal reference inside the object, so nothing in
# the plugin can collide with a symbol of tc. The only undefined symbols are
# libc's and the helpers tc itself exports (tcplugin/tc_abi.h).
#
#   make -f Makefile.user tc-plugins
#   TC_LIB_DIR=build/user/tc tc qdisc add dev lo root template help
#
# The plugins are loaded by an uninstrumented tc, so sanitizer and coverage
# flags are never used for them (in every variant they are plain builds).

TCP_B := $(B)/tc
TCP_OPT := $(filter-out -fsanitize% -fno-sanitize% --coverage,$(OPT))
TCP_CFLAGS := -std=c11 -D_GNU_SOURCE $(TCP_OPT) $(WARN) -fPIC -fvisibility=hidden \
	-I$(TOP)/tcplugin -I$(TOP)/tcopt
TCP_LDFLAGS := -shared -fPIC -Wl,-Bsymbolic -Wl,-z,relro -Wl,-z,now

# Kinds that have a parser: the directory name of every QDISC_DIRS entry
# holding a *_tc.c; those with a qdisc's parser (a *_tc.c other than a
# classifier's cls_*_tc.c) get q_<kind>.so.
TCP_DIRS := $(foreach d,$(QDISC_DIRS),$(if $(wildcard $(d)/*_tc.c),$(d)))
TCQ_DIRS := $(foreach d,$(TCP_DIRS),$(if $(filter-out $(d)/cls_%,$(wildcard $(d)/*_tc.c)),$(d)))
TCP_KINDS := $(notdir $(TCQ_DIRS))
TC_PLUGINS := $(patsubst %,$(TCP_B)/q_%.so,$(TCP_KINDS))

# The tcopt library once, as PIC.
TCP_LIB_OBJS := $(patsubst $(TOP)/%.c,$(TCP_B)/obj/%.o,$(TCOPT_LIB_SRCS))

$(TCP_B)/obj/tcopt/%.o: $(TOP)/tcopt/%.c
	@mkdir -p $(dir $@)
	$(call quiet,CC,$@)$(CC) $(TCP_CFLAGS) -MMD -MP -c $< -o $@

# Per kind: its parsers (every *_tc.c of the directory) ...
define tcp_parser_rule
$(TCP_B)/obj/$(notdir $(1))/%_tc.o: $(1)/%_tc.c
	@mkdir -p $$(dir $$@)
	$$(call quiet,CC,$$@)$$(CC) $$(TCP_CFLAGS) -I$(1) -MMD -MP -c $$< -o $$@
endef
$(foreach d,$(TCP_DIRS),$(eval $(call tcp_parser_rule,$(d))))

# ... and the adapter with the kind's name baked in.
define tcp_kind_rule
$(TCP_B)/obj/$(notdir $(1))/q_plugin.o: $(TOP)/tcplugin/q_plugin.c
	@mkdir -p $$(dir $$@)
	$$(call quiet,CC,$$@)$$(CC) $$(TCP_CFLAGS) -DQDK_KIND=$(notdir $(1)) -MMD -MP -c $$< -o $$@

$(TCP_B)/q_$(notdir $(1)).so: $(TCP_B)/obj/$(notdir $(1))/q_plugin.o \
		$(patsubst $(1)/%.c,$(TCP_B)/obj/$(notdir $(1))/%.o,$(wildcard $(1)/*_tc.c)) \
		$(TCP_LIB_OBJS)
	$$(call quiet,LD,$$@)$$(CC) $$(TCP_LDFLAGS) -o $$@ $$^ -lm
endef
$(foreach d,$(TCQ_DIRS),$(eval $(call tcp_kind_rule,$(d))))

# A kind with a classifier (cls_<kind>_tc.c, the tcopt parser "cls_<kind>")
# also gets f_<kind>.so: the same adapter built with -DQDK_FILTER, exporting
# <kind>_filter_util, linked with the same *_tc.c objects.
TCF_DIRS := $(foreach d,$(TCP_DIRS),$(if $(wildcard $(d)/cls_$(notdir $(d))_tc.c),$(d)))
TC_PLUGINS += $(patsubst %,$(TCP_B)/f_%.so,$(notdir $(TCF_DIRS)))

define tcf_kind_rule
$(TCP_B)/obj/$(notdir $(1))/f_plugin.o: $(TOP)/tcplugin/q_plugin.c
	@mkdir -p $$(dir $$@)
	$$(call quiet,CC,$$@)$$(CC) $$(TCP_CFLAGS) -DQDK_KIND=$(notdir $(1)) -DQDK_FILTER -MMD -MP -c $$< -o $$@

$(TCP_B)/f_$(notdir $(1)).so: $(TCP_B)/obj/$(notdir $(1))/f_plugin.o \
		$(patsubst $(1)/%.c,$(TCP_B)/obj/$(notdir $(1))/%.o,$(wildcard $(1)/*_tc.c)) \
		$(TCP_LIB_OBJS)
	$$(call quiet,LD,$$@)$$(CC) $$(TCP_LDFLAGS) -o $$@ $$^ -lm
endef
$(foreach d,$(TCF_DIRS),$(eval $(call tcf_kind_rule,$(d))))

# The series' own tc (tools/kdir.sh --iproute2: a newer series' iproute2
# under build/kernels/; empty for 6.1, whose tc is the host's), which loads
# these plugins and which usertc's qdk-tc runs.
IPROUTE2_DIR := $(shell KERNEL=$(KERNEL) $(TOP)/tools/kdir.sh --iproute2)

# tc reads its delay distributions (netem's `distribution normal`) from the
# same TC_LIB_DIR as its plugins: the series' tc's own tables, linked beside
# ours, so that tc with TC_LIB_DIR=$(TCP_B) finds both.
ifneq ($(IPROUTE2_DIR),)
TC_SYS_LIB := $(IPROUTE2_DIR)/tree/usr/lib/x86_64-linux-gnu/tc
else
TC_SYS_LIB := $(firstword $(wildcard /usr/lib/$(shell $(CC) -print-multiarch 2>/dev/null)/tc) \
	$(wildcard /usr/lib/tc))
endif
TC_DISTS := $(patsubst $(TC_SYS_LIB)/%,$(TCP_B)/%,$(wildcard $(TC_SYS_LIB)/*.dist))

$(TCP_B)/%.dist: $(TC_SYS_LIB)/%.dist $(wildcard $(IPROUTE2_DIR)/version)
	@mkdir -p $(dir $@)
	$(call quiet,LN,$@)ln -sfn $< $@

.PHONY: tc-plugins
tc-plugins: $(TC_PLUGINS) $(TC_DISTS)

all: tc-plugins
