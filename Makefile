# SPDX-License-Identifier: GPL-2.0
#
# qdk - the qdisc development kit. Start here:
#
#   make demo       replay a trace captured from Debian's kernel through the
#                   template's user build, drive traffic over a slower link and
#                   plot queue length and sojourn time
#   make check      every test: shim and template unit tests, trace replays,
#                   gdb, kernel module builds, upstream qdiscs, the VM
#   make user       the user-space build (DEBUG=1, SAN=1, COVERAGE=1 variants)
#   make kernel     sch_<kind>.ko for the template and every qdisc (KDIR=...,
#                   or KERNEL=6.1|6.12|7.x: tools/kdir.sh)
#   make tdc        the kernel's tc-testing qdisc cases through qdk-tc and in
#                   the VM, per-kind table in build/tdc/report.txt (KERNEL=
#                   6.12|7.x: that series' own cases, build/tdc-SERIES/)
#   make bench      whole-process replay times against cat and a bare qdisc loop
#                   (BENCH_BIG=1: also 50M events; BENCH_VM=0: not the recorder)
#   make fidelity   kind x option set -> events, drops, marks, draws, exact or not,
#                   from the committed kernel captures (VM=1: captured afresh)
#   make coverage   gcovr HTML and XML of the unit and replay tests
#   make shim-coverage [KERNEL=...] [ARGS=--missing]  per mirrored header, the
#                   names the series' header gives a module and how many the
#                   shim has (tools/shim-coverage.py)
#   make repro-residential, make repro-cbt, make repro-nac, make repro-mice,
#   make repro-mice-cls  a
#                   paper's result reproduced in the VM, printed beside the paper's
#                   (experiments/README.md)
#   make repro-red  Domanska et al.'s Tables I-III (RED, DSRED, drop-from-front
#                   on the slot model) beside the paper's (experiments/red/README.md)
#   make new NAME=foo   start qdiscs/foo/ from the template
#   make new NAME=foo TYPE=classifier   start qdiscs/foo/ with a classifier
#                   (cls_foo.c) from template/classifier/
#   make import SRC=DIR [KERNEL=...]  build a qdisc source from outside the
#                   repository, unmodified: its modules and a qdk-replay that
#                   knows it, under build/import/NAME/ (import/import.py)
#   make trace NAME=foo [OPTS=...]  regenerate qdiscs/foo/foo.qtr with foo's own code
#   make capture NAME=foo [OPTS=...]  capture foo in Debian's kernel in the VM and
#                   verify the trace (build/capture/foo/foo-record.qtr); DEBUG=1
#                   on the series' debug kernel (make debug-kernel)
#   make debug-kernel [KERNEL=...]  the series' kernel from Debian's source with
#                   DEBUG_ATOMIC_SLEEP, lockdep, KASAN and kmemleak, for the VM
#                   (tools/kernel-debug.sh; vm/README.md "Debug kernel")
#   make regress NAME=foo  that capture -> qdiscs/foo/foo-record.qtr.zst, replayed
#                   by make check
#   make install    modules, tc plugins, man pages, tools (DESTDIR=, PREFIX=/usr/local)
#   make uninstall  remove what install installed (same DESTDIR, PREFIX)
#   make dkms-check dkms add + build of this tree in a private DKMS tree
#   make clean
#
# Missing Debian packages are installed first (as root), or the exact
# apt-get line is printed.

TOP := $(patsubst %/,%,$(dir $(abspath $(lastword $(MAKEFILE_LIST)))))
PYTHON ?= /usr/bin/python3
export PYTHON

# KDIR (kernel headers) is not computed here: this make runs before
# tools/deps.sh has installed them on a fresh machine. The sub-makes ask
# tools/kdir.sh when they need it; KDIR=... on the command line or in the
# environment reaches them as it is.

USER_MAKE = $(MAKE) -f $(TOP)/Makefile.user
KERNEL_MAKE = $(MAKE) -f $(TOP)/Makefile.kernel

.PHONY: all demo check user kernel bench coverage new clean deps deps-vm deps-check deps-kbuild vmtest tdc fuzz

all: user

deps:
	@$(TOP)/tools/deps.sh build

deps-vm:
	@$(TOP)/tools/deps.sh vm

deps-check:
	@$(TOP)/tools/deps.sh build vm check

deps-kbuild:
	@$(TOP)/tools/deps.sh kbuild

user: deps
	+$(USER_MAKE) all

kernel: deps $(if $(KSRC),deps-kbuild)
	$(if $(filter-out 6.1,$(KERNEL)),@KERNEL=$(KERNEL) $(TOP)/tools/kdir.sh --fetch >/dev/null)
	+$(KERNEL_MAKE)

demo: deps
	+$(USER_MAKE) all
	@$(TOP)/tools/demo.sh

check: deps-check
	@$(TOP)/tests/run-all

vmtest: deps deps-vm deps-kbuild
	+$(MAKE) -C $(TOP)/vm test

tdc: deps deps-vm
	@$(TOP)/tests/tdc/run.sh

# libFuzzer targets, FUZZ_SECONDS each (default 600), or FUZZ_RUNS inputs
# each (no time limit unless FUZZ_SECONDS too): fuzz/README.md
fuzz: deps deps-check
	@$(TOP)/fuzz/run.sh $(if $(FUZZ_RUNS),-r $(FUZZ_RUNS) $(or $(FUZZ_SECONDS),0),$(or $(FUZZ_SECONDS),600))

bench: deps
	+$(USER_MAKE) all
	@$(PYTHON) $(TOP)/bench/bench.py

# The papers' results, reproduced (experiments/README.md).
.PHONY: repro-residential repro-cbt repro-nac repro-mice repro-mice-cls
repro-residential: deps deps-vm
	@$(PYTHON) $(TOP)/experiments/residential/rrul.py

repro-cbt: deps deps-vm
	+$(USER_MAKE) tc-plugins
	+$(KERNEL_MAKE)
	@$(PYTHON) $(TOP)/experiments/cbt/throughput.py

repro-nac: deps deps-vm
	+$(USER_MAKE) tc-plugins
	+$(KERNEL_MAKE)
	@$(PYTHON) $(TOP)/experiments/nac/cwnd.py

repro-mice: deps deps-vm
	+$(USER_MAKE) tc-plugins
	+$(KERNEL_MAKE)
	@$(PYTHON) $(TOP)/experiments/mice/response.py

repro-mice-cls: deps deps-vm
	+$(USER_MAKE) tc-plugins
	+$(KERNEL_MAKE)
	@$(PYTHON) $(TOP)/experiments/mice/classifier.py

coverage: deps
	+$(USER_MAKE) COVERAGE=1 coverage

# What the shim has of the series' module API, per header it mirrors
# (tools/shim-coverage.py; ARGS=--missing lists what it lacks,
# ARGS=--update-readme rewrites the series' block of shim/README.md).
.PHONY: shim-coverage
shim-coverage: deps
	+$(USER_MAKE) KERNEL=$(or $(KERNEL),6.1) shim-objs
	@$(PYTHON) $(TOP)/tools/shim-coverage.py --kernel $(or $(KERNEL),6.1) $(ARGS)

new:
	@$(TOP)/tools/new-qdisc.sh "$(NAME)" "$(or $(TYPE),qdisc)"

# An out-of-tree qdisc source, built both ways (import/import.py).
.PHONY: import
import: deps
	+@KERNEL=$(KERNEL) NAME=$(NAME) $(PYTHON) $(TOP)/import/import.py "$(SRC)"

# The sample trace of NAME, made by NAME's own code (tools/qdisc-trace.sh);
# a BPF qdisc's (qdiscs/NAME/NAME.bpf.c) by the 7.x series' qdk-replay.
.PHONY: trace
trace: deps
	+$(if $(wildcard $(TOP)/qdiscs/$(NAME)/$(NAME).bpf.c),$(USER_MAKE) KERNEL=7.x \
		$(TOP)/build/user-7.x/qdk-replay,$(USER_MAKE) $(TOP)/build/user/qdk-replay)
	@$(TOP)/tools/qdisc-trace.sh "$(NAME)"

# A kernel capture of NAME in the VM, verified (tools/capture.sh), and the
# command that keeps it as a regression test.
.PHONY: capture regress

# Every upstream kind: its committed kernel captures replayed (tools/fidelity.py);
# VM=1 captures them afresh in the VM first. KERNEL=6.12|7.x: that series'
# captures (traces/captured/SERIES/), VM and qdk-replay.
# KSRC=DIR: the upstream qdiscs of your own kernel tree (tools/ksrc.sh) replay
# the captures of its nearest series.
ifneq ($(strip $(KSRC)),)
KSRC_SERIES := $(shell $(TOP)/tools/ksrc.sh --series '$(KSRC)')
KSRC_REPLAY := $(TOP)/build/user-$(shell $(TOP)/tools/ksrc.sh --tag '$(KSRC)')/qdk-replay
endif
SERIES_REPLAY = $(or $(KSRC_REPLAY),$(TOP)/build/user$(if $(filter-out 6.1,$(KERNEL)),-$(KERNEL))/qdk-replay)
fidelity: deps
	@test -z "$(KSRC)" -o -n "$(KSRC_SERIES)" || { echo "fidelity: KSRC=$(KSRC) (above)" >&2; exit 2; }
	+$(USER_MAKE) $(SERIES_REPLAY)
	@$(PYTHON) $(TOP)/tools/fidelity.py --kernel $(or $(KSRC_SERIES),$(KERNEL),6.1) \
		--replay $(SERIES_REPLAY) $(if $(filter 1,$(VM)),--vm)
.PHONY: fidelity

# Domanska et al.'s Tables I-III through the kit's dsred and ared on the slot
# model, beside the paper's numbers (experiments/red/tables.py, experiments/red/README.md);
# SLOTS=N a run (default 20 million), JOBS=N at once (default 2).
repro-red: deps
	+$(USER_MAKE) $(TOP)/build/user/qdk-replay
	@$(PYTHON) $(TOP)/experiments/red/tables.py $(if $(SLOTS),--slots $(SLOTS)) $(if $(JOBS),-j $(JOBS))
.PHONY: repro-red
capture: deps deps-vm $(if $(filter 1,$(DEBUG))$(KSRC),deps-kbuild)
	@$(TOP)/tools/capture.sh "$(NAME)"

debug-kernel: deps-kbuild
	@$(TOP)/tools/kernel-debug.sh
.PHONY: debug-kernel

regress: deps
	+$(USER_MAKE) $(TOP)/build/user/qdk-replay
	@$(TOP)/tools/capture.sh --regress "$(NAME)"

# make foo-trace, foo-capture, foo-regress: the same with NAME=foo
%-trace:
	+$(MAKE) -f $(TOP)/Makefile trace NAME=$*
%-capture:
	+$(MAKE) -f $(TOP)/Makefile capture NAME=$*
%-regress:
	+$(MAKE) -f $(TOP)/Makefile regress NAME=$*

# Never through a mount: a kernel build in a chroot (tools/kdir.sh) mounts the
# repository under build/kernels/ while it runs; one left by a killed build
# would let rm reach the sources.
clean:
	@if grep -q " $(TOP)/build/" /proc/self/mounts; then \
		echo "clean: still mounted under build/ (an interrupted kernel build?); umount first:" >&2; \
		grep " $(TOP)/build/" /proc/self/mounts | cut -d' ' -f2 >&2; exit 1; fi
	rm -rf $(TOP)/build

# Install (tools/install.sh): modules_install against KDIR into
# /lib/modules/KVER/extra, tc plugins into tc's directory (TCLIBDIR, default
# /usr/lib/<multiarch>/tc whatever PREFIX is: the only place tc looks), man
# pages into MANDIR/man8, qdk-replay and qdk-capture into BINDIR.
PREFIX ?= /usr/local
export PREFIX DESTDIR BINDIR MANDIR TCLIBDIR

.PHONY: install uninstall dkms-check
install: user kernel
	$(if $(wildcard $(TOP)/recorder/capture.mk),+$(MAKE) -s -f $(TOP)/recorder/capture.mk $(TOP)/build/user/qdk-capture)
	@$(TOP)/tools/install.sh install

uninstall:
	@$(TOP)/tools/install.sh uninstall

dkms-check: deps-check
	@$(TOP)/tools/install.sh dkms-check
