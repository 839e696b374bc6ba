/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Unit tests of k-way replication's rule (core/hrw.c): the same pick whatever order the ids are
 * listed in (every forwarder computes it alike), the skip, balance over the ids, and that a
 * forwarder joining or leaving moves only its share of the keys (about k/N), the others'
 * holders unchanged.
 */
#include <stdlib.h>

#include "check.h"
#include "hrw.h"
#include "xorshift.h"

#define KEYS 200000u

static uint32_t
key_of(uint32_t i)
{
	union hvlb_addr a;

	memset(&a, 0, sizeof(a));
	hvlb_addr_set4(&a, 0x0a000000u + i / 50);
	return hrw_conn_key(&a, (uint16_t)(1024 + i % 50), HVLB_PROTO_TCP);
}

static bool
same_set(const uint32_t *a, const uint32_t *b, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		if (a[i] != b[i])
			return false;
	return true;
}

static void
test_order_independent(void)
{
	uint32_t ids[16], rev[16], a[3], b[3];
	uint64_t seed = 7;

	for (unsigned i = 0; i < 16; i++) {
		ids[i] = 100 + i * 7;
		rev[15 - i] = ids[i];
	}
	for (uint32_t i = 0; i < 10000; i++) {
		uint32_t k = key_of(i), shuf[16];

		memcpy(shuf, ids, sizeof(ids));
		for (unsigned j = 15; j > 0; j--) {
			unsigned r = (unsigned)(xorshift64(&seed) % (j + 1));
			uint32_t t = shuf[j];

			shuf[j] = shuf[r];
			shuf[r] = t;
		}
		CHECK_EQ(hrw_pick(k, ids, 16, 0, 3, a), 3);
		CHECK_EQ(hrw_pick(k, shuf, 16, 0, 3, b), 3);
		CHECK(same_set(a, b, 3));
		CHECK_EQ(hrw_pick(k, rev, 16, 0, 3, b), 3);
		CHECK(same_set(a, b, 3));
		/* The best three are in order, and nothing outside them ranks above the third. */
		CHECK(hrw_score(k, a[0]) >= hrw_score(k, a[1]));
		CHECK(hrw_score(k, a[1]) >= hrw_score(k, a[2]));
		for (unsigned j = 0; j < 16; j++)
			if (ids[j] != a[0] && ids[j] != a[1] && ids[j] != a[2])
				CHECK(hrw_score(k, ids[j]) <= hrw_score(k, a[2]));
	}
}

static void
test_skip(void)
{
	uint32_t ids[5] = {1, 2, 3, 4, 5}, all[5], out[4];

	for (uint32_t i = 0; i < 1000; i++) {
		uint32_t k = key_of(i);

		CHECK_EQ(hrw_pick(k, ids, 5, 0, 5, all), 5);
		/* Skipping the best gives the rest of the ranking, in order. */
		CHECK_EQ(hrw_pick(k, ids, 5, all[0], 4, out), 4);
		CHECK(same_set(out, all + 1, 4));
		/* Skipping one further down drops it alone. */
		CHECK_EQ(hrw_pick(k, ids, 5, all[2], 2, out), 2);
		CHECK(same_set(out, all, 2));
	}
	CHECK_EQ(hrw_pick(1, ids, 1, 1, 1, out), 0);
	CHECK_EQ(hrw_pick(1, ids, 0, 0, 1, out), 0);
	CHECK_EQ(hrw_pick(1, ids, 3, 0, 0, out), 0);
}

/* Each of N ids is among the first k of about k/N of the keys. */
static void
test_balance(void)
{
	uint32_t ids[16], out[2];
	uint32_t hits[16] = {0};

	for (unsigned i = 0; i < 16; i++)
		ids[i] = i + 1;
	for (uint32_t i = 0; i < KEYS; i++) {
		hrw_pick(key_of(i), ids, 16, 0, 2, out);
		hits[out[0] - 1]++;
		hits[out[1] - 1]++;
	}
	for (unsigned i = 0; i < 16; i++) {
		double share = (double)hits[i] / KEYS;

		if (share < 2.0 / 16 * 0.95 || share > 2.0 / 16 * 1.05)
			fprintf(stderr, "id %u: %.4f of the keys, want 0.125 +- 5 %%\n", i + 1, share);
		CHECK(share >= 2.0 / 16 * 0.95 && share <= 2.0 / 16 * 1.05);
	}
}

/* n ids, then id n+1 joins: the keys whose first k changes are those the new id now ranks in
 * (about k/(n+1)), and each changed set differs by the new id alone. Leaving is the same step
 * read backwards. */
static void
moves_on_join(unsigned n, unsigned k)
{
	uint32_t ids[17], before[3], after[3];
	uint32_t moved = 0;

	for (unsigned i = 0; i <= n; i++)
		ids[i] = 1000 + i * 13;
	for (uint32_t i = 0; i < KEYS; i++) {
		uint32_t key = key_of(i);
		bool has_new = false;
		unsigned kept = 0;

		hrw_pick(key, ids, n, 0, k, before);
		hrw_pick(key, ids, n + 1, 0, k, after);
		for (unsigned j = 0; j < k; j++)
			has_new |= after[j] == ids[n];
		if (!has_new) {
			CHECK(same_set(before, after, k));
			continue;
		}
		moved++;
		/* The others of the new set were all holders before. */
		for (unsigned j = 0; j < k; j++)
			for (unsigned m = 0; m < k; m++)
				kept += after[j] != ids[n] && after[j] == before[m];
		CHECK_EQ(kept, k - 1);
	}
	double share = (double)moved / KEYS, want = (double)k / (n + 1);

	fprintf(stderr, "n=%u k=%u: %.4f of the keys moved (k/(n+1) = %.4f)\n", n, k, share, want);
	CHECK(share > want * 0.93 && share < want * 1.07);
}

static void
test_join_leave_moves_share(void)
{
	moves_on_join(3, 1);
	moves_on_join(3, 2);
	moves_on_join(8, 2);
	moves_on_join(15, 1);
	moves_on_join(15, 3);
}

int
main(void)
{
	RUN(test_order_independent);
	RUN(test_skip);
	RUN(test_balance);
	RUN(test_join_leave_moves_share);
	return check_summary();
}
