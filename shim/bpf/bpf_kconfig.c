// SPDX-License-Identifier: GPL-2.0
/*
 * bpf_kconfig.c - the kernel configuration a BPF program reads as
 * `extern T CONFIG_X __kconfig;`, which libbpf fills in at load from the
 * running kernel's config: here the series' own (the shim's
 * <generated/autoconf.h>), read-only as the loader maps it. One at a time,
 * as programs need them: a value missing here is a link error naming it
 * (include/vmlinux.h undefines the macro of each one defined here).
 */
#include <linux/types.h>

/* the tick rate the virtual clock's jiffies run at (bpf_jiffies64()) */
enum { QDK_KCONFIG_HZ = CONFIG_HZ };
#undef CONFIG_HZ
const unsigned int CONFIG_HZ = QDK_KCONFIG_HZ;
