// SPDX-License-Identifier: GPL-2.0
/*
 * fpu.c - arch/x86/kernel/fpu/core.c's kernel-mode FPU sections. The
 * process's FPU is always usable in user space, so a section saves
 * nothing; the shim only tracks being inside one (as the kernel's per-CPU
 * in_kernel_fpu does) so that irq_fpu_usable() answers as the kernel's.
 */
#include <linux/kernel.h>
#include <linux/export.h>
#include <linux/bug.h>
#include <asm/fpu/api.h>

static bool in_kernel_fpu;

bool irq_fpu_usable(void)
{
	return !in_kernel_fpu;
}
EXPORT_SYMBOL(irq_fpu_usable);

void kernel_fpu_begin_mask(unsigned int kfpu_mask)
{
	WARN_ON_ONCE(in_kernel_fpu);	/* sections do not nest */
	in_kernel_fpu = true;
}
EXPORT_SYMBOL_GPL(kernel_fpu_begin_mask);

void kernel_fpu_end(void)
{
	WARN_ON_ONCE(!in_kernel_fpu);
	in_kernel_fpu = false;
}
EXPORT_SYMBOL_GPL(kernel_fpu_end);
