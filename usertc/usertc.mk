# SPDX-License-Identifier: GPL-2.0
#
# usertc.mk - the stock tc and ip against user-space namespaces
# (usertc/README.md). Included by Makefile.user after harness.mk and
# tcplugin.mk.
#
#   build/VARIANT/qdk-ns         the daemon holding a namespace: shim + qdiscs
#   build/VARIANT/libqdk-nl.so   the netlink transport preloaded into tc and ip
#   build/VARIANT/qdk-tc, qdk-ip tc and ip through it (usertc/qdk-run.sh)
#
# The preload library runs inside an uninstrumented tc, so like the tc
# plugins it never gets sanitizer or coverage flags.

# qdk-ns.c: the daemon's commands; ns_server.c: the protocol's one server,
# which qdk-replay links too (harness.mk, NS_SERVER_OBJS)
USERTC_OBJS := $(call uobj,$(TOP)/usertc/qdk-ns.c $(TOP)/usertc/ns_server.c)

$(USERTC_OBJS): UCFLAGS += -I$(TOP)/usertc

$(B)/qdk-ns: $(USERTC_OBJS) $(SHIM_OBJS) $(UPSTREAM_OBJS) $(QDISC_OBJS)
	$(call quiet,LD,$@)$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(B)/libqdk-nl.so: $(TOP)/usertc/nl_preload.c $(TOP)/usertc/ns_proto.h $(TOP)/shim/api/qdk_api.h
	@mkdir -p $(dir $@)
	$(call quiet,LD,$@)$(CC) -std=c11 -D_GNU_SOURCE $(TCP_OPT) $(WARN) -fPIC -shared \
		-I$(TOP)/usertc -I$(TOP)/shim/api -Wl,-z,relro -Wl,-z,now \
		-o $@ $< -ldl

# tc reads netem's delay distribution tables (`distribution normal`) from
# TC_LIB_DIR, which qdk-tc points at build/VARIANT/tc: the series' tc's
# tables are linked there (tcplugin.mk, TC_DISTS).

# qdk-tc and qdk-ip run the series' own tc and ip: the host's /usr/sbin ones
# for 6.1, a newer series' from its iproute2 (IPROUTE2_DIR, tcplugin.mk),
# whose bin/ directory $(B)/iproute2-bin names (absent for the host's).
$(B)/qdk-tc $(B)/qdk-ip: $(TOP)/usertc/qdk-run.sh
	@mkdir -p $(dir $@)
	$(call quiet,INSTALL,$@)install -m 755 $< $@

.PHONY: usertc usertc-iproute2
usertc-iproute2:
	@mkdir -p $(B)
	@$(if $(IPROUTE2_DIR),echo '$(IPROUTE2_DIR)/bin' >$(B)/iproute2-bin.tmp && \
		{ cmp -s $(B)/iproute2-bin.tmp $(B)/iproute2-bin || mv $(B)/iproute2-bin.tmp $(B)/iproute2-bin; } && \
		rm -f $(B)/iproute2-bin.tmp,rm -f $(B)/iproute2-bin)

usertc: $(B)/qdk-ns $(B)/libqdk-nl.so $(B)/qdk-tc $(B)/qdk-ip tc-plugins usertc-iproute2

all: usertc
