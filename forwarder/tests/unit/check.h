/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A minimal unit-test harness: CHECK* record a failure and go on, RUN runs one test function,
 * and check_summary prints "N passed, N failed" and gives main's exit status.
 */
#ifndef HVLB_TEST_CHECK_H
#define HVLB_TEST_CHECK_H

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static int check_failed_now;
static int check_tests_passed;
static int check_tests_failed;

#define CHECK(cond)                                                                                \
	do {                                                                                       \
		if (!(cond)) {                                                                     \
			fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond);   \
			check_failed_now = 1;                                                      \
		}                                                                                  \
	} while (0)

#define CHECK_EQ(a, b)                                                                             \
	do {                                                                                       \
		long long check_a_ = (long long)(a), check_b_ = (long long)(b);                    \
		if (check_a_ != check_b_) {                                                        \
			fprintf(stderr, "%s:%d: %s == %s failed: %lld != %lld\n", __FILE__,         \
				__LINE__, #a, #b, check_a_, check_b_);                              \
			check_failed_now = 1;                                                      \
		}                                                                                  \
	} while (0)

#define CHECK_MEM(a, b, n)                                                                         \
	do {                                                                                       \
		if (memcmp((a), (b), (n)) != 0) {                                                  \
			fprintf(stderr, "%s:%d: memory %s != %s (%zu bytes)\n", __FILE__,          \
				__LINE__, #a, #b, (size_t)(n));                                     \
			check_failed_now = 1;                                                      \
		}                                                                                  \
	} while (0)

#define RUN(fn)                                                                                    \
	do {                                                                                       \
		check_failed_now = 0;                                                              \
		fn();                                                                              \
		if (check_failed_now) {                                                            \
			fprintf(stderr, "FAIL %s\n", #fn);                                          \
			check_tests_failed++;                                                      \
		} else {                                                                           \
			printf("ok   %s\n", #fn);                                                   \
			check_tests_passed++;                                                      \
		}                                                                                  \
	} while (0)

static inline int
check_summary(void)
{
	printf("%d passed, %d failed\n", check_tests_passed, check_tests_failed);
	return check_tests_failed ? 1 : 0;
}

#endif
