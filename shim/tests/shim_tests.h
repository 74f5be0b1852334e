/* SPDX-License-Identifier: GPL-2.0 */
/* shim_tests.h - the plain-C suites of the shim's unit tests. */
#ifndef QDK_SHIM_TESTS_H
#define QDK_SHIM_TESTS_H

#include <check.h>

/* test_api.c: the bridge (qdk_api.h) */
void shim_api_suites(SRunner *sr);

/* ktest_frame.c: 0 when the skb holds a well-formed frame, else a code */
#include "shim_frame.h"

#endif
