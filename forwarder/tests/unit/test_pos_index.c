/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pos_index.h against a walk of the array it indexes: records (one or two per key, as a
 * connection's directions handed to the kernel are) added at the end and taken out from
 * anywhere, the last one moved into the hole as worker_kfp.c does, many times over with
 * keys whose homes collide; after every step each key's records are found, exactly, and every
 * record's slot holds its position.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "pos_index.h"
#include "xorshift.h"

#define SLOTS 256 /* small, so that runs are long and wrap around the end */
#define MAXREC (SLOTS / 2)
#define KEYS 97

static char key_space[KEYS];
static const void *rec[MAXREC]; /* each record's key */
static uint32_t n;
static uint32_t slot[SLOTS];
static struct pos_index x = {.slot = slot, .mask = SLOTS - 1};

static const void *
key_at(const void *ctx, uint32_t pos)
{
	(void)ctx;
	return rec[pos];
}

static void
add(const void *key)
{
	rec[n] = key;
	pos_index_add(&x, key, n++);
}

static void
take_out(uint32_t i)
{
	uint32_t last = n - 1;

	pos_index_del(&x, pos_index_slot(&x, rec[i], i), key_at, NULL);
	if (i != last) {
		slot[pos_index_slot(&x, rec[last], last)] = i + 1;
		rec[i] = rec[last];
	}
	n--;
}

static unsigned
records_of(const void *key)
{
	unsigned c = 0;

	for (uint32_t i = 0; i < n; i++)
		c += rec[i] == key;
	return c;
}

static void
check_all(void)
{
	unsigned used = 0;

	for (uint32_t s = 0; s < SLOTS; s++)
		used += slot[s] != 0;
	CHECK_EQ(used, n);
	for (uint32_t i = 0; i < n; i++)
		CHECK_EQ(slot[pos_index_slot(&x, rec[i], i)], i + 1);
	for (unsigned k = 0; k < KEYS; k++) {
		uint32_t pos[4];
		unsigned got = pos_index_find(&x, &key_space[k], key_at, NULL, pos, 4);

		CHECK_EQ(got, records_of(&key_space[k]));
		for (unsigned j = 0; j < got; j++)
			CHECK(rec[pos[j]] == &key_space[k]);
	}
}

static void
test_random_steps(void)
{
	uint64_t seed = 0x243f6a8885a308d3ull;
	unsigned steps = 0;

	for (unsigned round = 0; round < 20000; round++) {
		uint64_t r = xorshift64(&seed);
		const void *key = &key_space[r % KEYS];

		if (n < MAXREC - 1 && (r >> 32) % 3 != 0 && records_of(key) < 2) {
			add(key);
			if ((r >> 40) % 2 && records_of(key) < 2 && n < MAXREC - 1)
				add(key); /* both directions */
		} else if (n > 0) {
			take_out((uint32_t)((r >> 16) % n));
		}
		if (round % 7 == 0)
			check_all();
		steps++;
	}
	check_all();
	while (n > 0)
		take_out(n / 2), check_all();
	for (uint32_t s = 0; s < SLOTS; s++)
		CHECK_EQ(slot[s], 0);
	CHECK_EQ(steps, 20000);
}

int
main(void)
{
	RUN(test_random_steps);
	return check_summary();
}
