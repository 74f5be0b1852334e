/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bpf_may_goto.h - the verifier's bounded-loop escape (may_goto) for a BPF
 * program compiled as user-space C. In the kernel a may_goto is taken once
 * a loop has run the verifier's budget of iterations; here loops run as C
 * does, so can_loop is always true and cond_break never breaks.
 */
#ifndef _QDK_BPF_MAY_GOTO_H
#define _QDK_BPF_MAY_GOTO_H

#ifndef can_loop
#define can_loop 1
#endif
#ifndef cond_break
#define cond_break do { } while (0)
#endif
#ifndef cond_break_label
#define cond_break_label(label) do { } while (0)
#endif

#endif
