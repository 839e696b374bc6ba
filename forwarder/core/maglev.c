/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Weighted Maglev population (Eisenbud et al., NSDI 2016, Pseudocode 1, with weights as in
 * Katran's MaglevHashV2).
 *
 * Backend i's permutation is permutation[i][j] = (offset + j * skip) % size, with
 *   offset = hash_bytes(id, 18, MAGLEV_SEED_OFFSET) % size
 *   skip   = hash_bytes(id, 18, MAGLEV_SEED_SKIP) % (size - 1) + 1
 * so it depends only on the backend's identity: every forwarder holding the same backends
 * and weights builds the same table, and adding or removing one backend moves few entries.
 * tests/model/hvlb_model.py implements the same thing and must change with it.
 *
 * Weights: every round visits the backends in order; backend i adds weight[i] to its credit
 * and, when the credit reaches max_weight, takes one turn (its next free preferred entry) and
 * pays max_weight. The heaviest backend takes a turn every round, the others in proportion.
 */
#include <errno.h>

#include "hash.h"
#include "maglev.h"

#define MAGLEV_SEED_OFFSET 0xA5A5A5A5u
#define MAGLEV_SEED_SKIP 0x5A5A5A5Au

/* A non-prime size would give some permutations a cycle shorter than the table, and the
 * population loop could then spin forever on a backend whose cycle is full. */
static int
maglev_is_prime(uint32_t n)
{
	if (n < 2)
		return 0;
	if (n % 2 == 0)
		return n == 2;
	for (uint32_t d = 3; (uint64_t)d * d <= n; d += 2)
		if (n % d == 0)
			return 0;
	return 1;
}

static void
maglev_fill_empty(uint16_t *table, uint32_t size)
{
	for (uint32_t i = 0; i < size; i++)
		table[i] = MAGLEV_EMPTY;
}

int
maglev_build(uint16_t *table, uint32_t size, const struct maglev_backend *b, uint16_t n,
	     uint32_t *scratch)
{
	/* scratch: pos[] is backend i's current place in its permutation (offset + j * skip,
	 * kept reduced), skip[] its stride, credit[] its accumulated weight. Set once scratch
	 * is known not to be NULL (it may be with no backend): NULL + 0 is undefined. */
	uint32_t *pos, *skip, *credit;
	uint32_t max_w = 0;
	uint32_t filled = 0;

	if (table == NULL || !maglev_is_prime(size) || size <= n || (n > 0 && b == NULL) ||
	    (n > 0 && scratch == NULL))
		return -EINVAL;

	for (uint16_t i = 0; i < n; i++)
		if (b[i].weight > max_w)
			max_w = b[i].weight;
	maglev_fill_empty(table, size);
	if (max_w == 0)
		return 0;
	pos = scratch;
	skip = scratch + n;
	credit = scratch + 2 * (uint32_t)n;

	for (uint16_t i = 0; i < n; i++) {
		pos[i] = hash_bytes(b[i].id, sizeof(b[i].id), MAGLEV_SEED_OFFSET) % size;
		skip[i] = hash_bytes(b[i].id, sizeof(b[i].id), MAGLEV_SEED_SKIP) % (size - 1) + 1;
		credit[i] = 0;
	}

	/* Each round the heaviest backend places one entry, so this ends within size rounds. */
	while (filled < size) {
		for (uint16_t i = 0; i < n && filled < size; i++) {
			uint32_t w = b[i].weight;

			if (w == 0)
				continue;
			/* credit + w >= max_w, written so that it cannot overflow. */
			if (credit[i] < max_w - w) {
				credit[i] += w;
				continue;
			}
			credit[i] -= max_w - w;
			while (table[pos[i]] != MAGLEV_EMPTY)
				pos[i] = (uint32_t)(((uint64_t)pos[i] + skip[i]) % size);
			table[pos[i]] = i;
			pos[i] = (uint32_t)(((uint64_t)pos[i] + skip[i]) % size);
			filled++;
		}
	}
	return 0;
}
