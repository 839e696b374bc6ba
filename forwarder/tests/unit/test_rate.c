/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * rate.h: a worker's share of a forwarder-wide limit, and the GCRA bucket: a full bucket's
 * burst, the steady rate after it, no credit beyond one bucket after a quiet time, a refused
 * event that costs nothing, and the rate over long runs for several rates and worker counts.
 */
#include "check.h"
#include "rate.h"

#define HZ 1000000000ull /* a nanosecond clock */

static void
test_share(void)
{
	CHECK_EQ(rate_share(0, 1), 0);
	CHECK_EQ(rate_share(10, 1), 10);
	CHECK_EQ(rate_share(10, 4), 3);
	CHECK_EQ(rate_share(12, 4), 3);
	CHECK_EQ(rate_share(1, 8), 1);
	CHECK_EQ(rate_share(UINT32_MAX, 1), UINT32_MAX);
	CHECK_EQ(rate_share(UINT32_MAX, 2), 2147483648u);
}

/* Events at once admitted from a bucket of per_s over n workers, starting at now. */
static unsigned
burst(uint64_t *tat, uint64_t now, uint32_t per_s, uint16_t n)
{
	unsigned k = 0;

	while (k < 10000000 && rate_admit(tat, now, HZ, per_s, n))
		k++;
	return k;
}

static void
test_bucket(void)
{
	uint64_t tat = 0, now = 5 * HZ;

	/* A full bucket holds one second's share, then the rate is the share. */
	CHECK_EQ(burst(&tat, now, 100, 1), 100);
	CHECK(!rate_admit(&tat, now + HZ / 100 - 1000, HZ, 100, 1));
	CHECK(rate_admit(&tat, now + HZ / 100 + 1000, HZ, 100, 1));
	CHECK(!rate_admit(&tat, now + HZ / 100 + 2000, HZ, 100, 1));
	/* A long quiet time gives one bucket, not more. */
	CHECK_EQ(burst(&tat, now + 100 * HZ, 100, 1), 100);
	/* Four workers: each holds a quarter, rounded up. */
	tat = 0;
	CHECK_EQ(burst(&tat, now, 10, 4), 3);
	/* A rate of 1 on 8 workers still lets one in on each, every 8 s. */
	tat = 0;
	CHECK_EQ(burst(&tat, now, 1, 8), 1);
	CHECK(!rate_admit(&tat, now + 7 * HZ, HZ, 1, 8));
	CHECK(rate_admit(&tat, now + 8 * HZ + 10, HZ, 1, 8));
	/* The largest rate does not overflow or stall. */
	tat = 0;
	CHECK(burst(&tat, now, UINT32_MAX, 1) > 1000000);
}

/* Events every `gap` ticks for 20 s: the admitted count is the share's rate over those 20 s
 * plus the first bucket, within one event. */
static void
test_long_run(void)
{
	static const struct {
		uint32_t per_s;
		uint16_t n;
		uint64_t gap;
	} cases[] = {
		{ 1000, 1, HZ / 5000 }, { 1000, 2, HZ / 5000 }, { 50, 1, HZ / 1000 },
		{ 7, 3, HZ / 100 },     { 100000, 4, HZ / 1000000 },
	};

	for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		uint64_t tat = 0, admitted = 0, start = HZ;
		double share = (double)cases[i].per_s / cases[i].n, want;

		for (uint64_t t = start; t < start + 20 * HZ; t += cases[i].gap)
			admitted += rate_admit(&tat, t, HZ, cases[i].per_s, cases[i].n);
		want = share * 20 + rate_share(cases[i].per_s, cases[i].n);
		if (admitted + 1 < want * 0.999 || admitted > want + 1)
			fprintf(stderr, "case %u: %llu admitted, want %.1f\n", i,
				(unsigned long long)admitted, want);
		CHECK(admitted + 1 >= want * 0.999 && admitted <= want + 1);
	}
}

int
main(void)
{
	RUN(test_share);
	RUN(test_bucket);
	RUN(test_long_run);
	return check_summary();
}
