/* SPDX-License-Identifier: GPL-2.0 */
/* shim_frame.h - ktest_frame.c's entry point, built-in types only. */
#ifndef QDK_SHIM_FRAME_H
#define QDK_SHIM_FRAME_H

struct qdk_skb;
int shim_test_frame_ok(const struct qdk_skb *s);
/* skb_gso_segment() of a TCP GSO frame into nseg segments with ids[] */
int shim_test_gso_segments(struct qdk_skb *s, unsigned int nseg,
			   const unsigned long long *ids);
/* the same headers and fields (qdk_skb_build() against qdk_skb_build_tmpl()) */
int shim_test_frames_same(const struct qdk_skb *a, const struct qdk_skb *b, unsigned int hdr);

#endif
