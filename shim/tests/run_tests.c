// SPDX-License-Identifier: GPL-2.0
/*
 * run_tests.c - the shim's unit test runner: one Check test per kernel-side
 * case (ktest.h) plus the plain-C suites of test_*.c. Prints Check's
 * summary and, last, "N passed, M failed".
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktest.h"
#include "qdk_api.h"
#include "shim_tests.h"

#define MAX_KTESTS 1024

static struct ktest ktests[MAX_KTESTS];
static unsigned long n_ktests;

void ktest_register(const char *suite, const char *name, ktest_fn fn)
{
	if (n_ktests == MAX_KTESTS) {
		fprintf(stderr, "too many ktests\n");
		exit(2);
	}
	ktests[n_ktests].suite = suite;
	ktests[n_ktests].name = name;
	ktests[n_ktests].fn = fn;
	n_ktests++;
}

long qdk_test_mem_objects(void)
{
	long objs, bytes;

	qdk_mem_usage(&objs, &bytes);
	return objs;
}

unsigned long ktest_count(void)
{
	return n_ktests;
}

const struct ktest *ktest_get(unsigned long i)
{
	return i < n_ktests ? &ktests[i] : NULL;
}

static void run_ktest(int i)
{
	char msg[512] = "";
	long leaked;
	int rc;

	ck_assert_int_eq(qdk_init(1), 0);
	rc = ktests[i].fn(msg, sizeof(msg));
	ck_assert_msg(rc == 0, "%s", msg);
	leaked = qdk_exit();
	ck_assert_msg(leaked == 0, "%ld allocation(s) leaked", leaked);
}

/* Check's loop tests carry the index of the case to run */
START_TEST(ktest_case)
{
	run_ktest(_i);
}
END_TEST

static Suite *ktest_suite(const char *suite)
{
	Suite *s = suite_create(suite);
	unsigned long i;

	for (i = 0; i < n_ktests; i++) {
		TCase *tc;

		if (strcmp(ktests[i].suite, suite))
			continue;
		tc = tcase_create(ktests[i].name);
		tcase_add_loop_test(tc, ktest_case, (int)i, (int)i + 1);
		suite_add_tcase(s, tc);
	}
	return s;
}

int main(int argc, char **argv)
{
	const char *done[MAX_KTESTS];
	unsigned long i, j, n_done = 0;
	SRunner *sr = srunner_create(NULL);
	int total, failed;

	for (i = 0; i < n_ktests; i++) {
		for (j = 0; j < n_done; j++)
			if (!strcmp(done[j], ktests[i].suite))
				break;
		if (j < n_done)
			continue;
		done[n_done++] = ktests[i].suite;
		srunner_add_suite(sr, ktest_suite(ktests[i].suite));
	}
	shim_api_suites(sr);
	srunner_run_all(sr, CK_NORMAL);
	total = srunner_ntests_run(sr);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	printf("%d passed, %d failed\n", total - failed, failed);
	return failed ? 1 : 0;
}
