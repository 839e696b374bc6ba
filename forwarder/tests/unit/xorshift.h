/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The unit tests' pseudo-random numbers: Marsaglia's xorshift64 (shifts 13, 7, 17). Each test
 * file seeds its own state, so its sequence, and every figure it prints, is the same at each
 * run.
 */
#ifndef HVLB_TEST_XORSHIFT_H
#define HVLB_TEST_XORSHIFT_H

#include <stdint.h>

static inline uint64_t
xorshift64(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

#endif
