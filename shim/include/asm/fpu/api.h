/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Using the FPU in kernel code, between kernel_fpu_begin() and
 * kernel_fpu_end(). The kernel must save the user task's FPU registers
 * first, and disables preemption until the end; in user space the FPU is
 * always the process's own and usable, so nothing is saved. What the shim
 * keeps is the section itself: irq_fpu_usable() is false inside one, as in
 * the kernel (a section does not nest), and an unbalanced end warns.
 */
#ifndef _ASM_X86_FPU_API_H
#define _ASM_X86_FPU_API_H

#include <linux/bottom_half.h>
#include <linux/const.h>
#include <linux/types.h>

/* what kernel_fpu_begin_mask() initializes: the 387 state, MXCSR */
#define KFPU_387	_BITUL(0)
#define KFPU_MXCSR	_BITUL(1)

void kernel_fpu_begin_mask(unsigned int kfpu_mask);
void kernel_fpu_end(void);
bool irq_fpu_usable(void);

static inline void kernel_fpu_begin(void)
{
	kernel_fpu_begin_mask(KFPU_387 | KFPU_MXCSR);
}

/* the task's own FPU state, kept from being switched: bottom halves off */
static inline void fpregs_lock(void)
{
	local_bh_disable();
}

static inline void fpregs_unlock(void)
{
	local_bh_enable();
}

static inline void fpregs_assert_state_consistent(void)
{
}

#endif /* _ASM_X86_FPU_API_H */
