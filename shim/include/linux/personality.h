/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's linux/personality.h over the uapi one (linux-libc-dev's,
 * whose include guard is the kernel header's own name): the execution
 * domain flags (READ_IMPLIES_EXEC ...) and the current task's personality,
 * which mm.h's TASK_EXEC and VM_STACK_FLAGS read.
 */
#ifndef _QDK_SHIM_LINUX_PERSONALITY_H
#define _QDK_SHIM_LINUX_PERSONALITY_H

#include_next <linux/personality.h>

/* the base personality, its flags masked off */
#define personality(pers)	((pers) & PER_MASK)

/* the current task's personality set to pers */
#define set_personality(pers)	(current->personality = (pers))

#endif
