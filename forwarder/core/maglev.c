/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Weighted Maglev population (Eisenbud et al., NSDI 2016, Pseudocode 1, with weights as in
 * Katran's MaglevHashV2).
 *
 * Backend i's permutation is permutation[i][j] = (offset + j * skip) % size, with
 *   offset = hash_bytes(id, 18, MAGLEV_SEED_OFFSET) % size
 *   skip   = hash_bytes(id, 18, MAGLEV_SEED_SKIP) % (size - 1) + 1
 * so it depends only on the backend's identity, and adding or removing one backend moves few
 * entries.
 *
 * Weights: every round visits the backends in turn; a backend adds its weight to its credit
 * and, when the credit reaches max_weight, takes one turn (its next free preferred entry) and
 * pays max_weight. The heaviest backend takes a turn every round, the others in proportion.
 *
 * The order of the turns decides who wins a contested entry, so it must not be the order of
 * the caller's array: that is the order in which reals were added and removed (cfgstore
 * reuses places), which differs between forwarders behind the same ECMP group. Rounds visit
 * the backends by ascending identity bytes instead, and the table stores the caller's index:
 * every forwarder holding the same backends and weights, in any order, builds a table that
 * names the same backends entry for entry. Lookups are unchanged (one load).
 *
 * tests/model/hvlb_model.py implements the same thing and must change with it.
 */
#include <errno.h>
#include <string.h>

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

static int
maglev_id_cmp(const struct maglev_backend *b, uint32_t x, uint32_t y)
{
	return memcmp(b[x].id, b[y].id, sizeof(b[x].id));
}

static void
maglev_sift_down(uint32_t *idx, uint32_t root, uint32_t n, const struct maglev_backend *b)
{
	for (;;) {
		uint32_t child = 2 * root + 1;
		uint32_t top = root;
		uint32_t t;

		if (child < n && maglev_id_cmp(b, idx[child], idx[top]) > 0)
			top = child;
		if (child + 1 < n && maglev_id_cmp(b, idx[child + 1], idx[top]) > 0)
			top = child + 1;
		if (top == root)
			return;
		t = idx[root];
		idx[root] = idx[top];
		idx[top] = t;
		root = top;
	}
}

/* idx[0..n) = the indexes of b sorted by identity. A heap sort: in place, O(n log n), and
 * it needs no comparison context (qsort has none, qsort_r is not portable). */
static void
maglev_sort_by_id(uint32_t *idx, uint32_t n, const struct maglev_backend *b)
{
	for (uint32_t i = 0; i < n; i++)
		idx[i] = i;
	for (uint32_t i = n / 2; i-- > 0;)
		maglev_sift_down(idx, i, n, b);
	for (uint32_t end = n; end-- > 1;) {
		uint32_t t = idx[0];

		idx[0] = idx[end];
		idx[end] = t;
		maglev_sift_down(idx, 0, end, b);
	}
}

/* (pos + skip) % size for pos, skip < size: one compare instead of a division, which was
 * most of a build's time (a table takes about size x ln(size) probes). */
static inline uint32_t
maglev_next(uint32_t pos, uint32_t skip, uint32_t size)
{
	uint64_t next = (uint64_t)pos + skip; /* < 2 x size */

	return (uint32_t)(next >= size ? next - size : next);
}

int
maglev_build(uint16_t *table, uint32_t size, const struct maglev_backend *b, uint16_t n,
	     uint32_t *scratch)
{
	/* scratch, by rank k in identity order: idx[k] is the caller's index of that backend,
	 * pos[k] its current place in its permutation (offset + j * skip, kept reduced), skip[k]
	 * its stride, credit[k] its accumulated weight, weight[k] its weight (copied, so that the
	 * rounds read every array in sequence). Set once scratch is known not to be NULL (it may
	 * be with no backend): NULL + 0 is undefined. */
	uint32_t *idx, *pos, *skip, *credit, *weight;
	uint32_t max_w = 0;
	uint32_t filled = 0;

	if (table == NULL || !maglev_is_prime(size) || size <= n || (n > 0 && b == NULL) ||
	    (n > 0 && scratch == NULL))
		return -EINVAL;
	if (n == 0) {
		maglev_fill_empty(table, size);
		return 0;
	}
	idx = scratch;
	pos = scratch + n;
	skip = scratch + 2 * (uint32_t)n;
	credit = scratch + 3 * (uint32_t)n;
	weight = scratch + 4 * (uint32_t)n;

	/* Two backends with one identity would share a permutation, and nothing would say
	 * which of them comes first: the table would depend on the caller's order again. */
	maglev_sort_by_id(idx, n, b);
	for (uint32_t k = 1; k < n; k++)
		if (maglev_id_cmp(b, idx[k - 1], idx[k]) == 0)
			return -EINVAL;

	for (uint16_t i = 0; i < n; i++)
		if (b[i].weight > max_w)
			max_w = b[i].weight;
	maglev_fill_empty(table, size);
	if (max_w == 0)
		return 0;

	for (uint32_t k = 0; k < n; k++) {
		const uint8_t *id = b[idx[k]].id;

		pos[k] = hash_bytes(id, sizeof(b->id), MAGLEV_SEED_OFFSET) % size;
		skip[k] = hash_bytes(id, sizeof(b->id), MAGLEV_SEED_SKIP) % (size - 1) + 1;
		credit[k] = 0;
		weight[k] = b[idx[k]].weight;
	}

	/* Each round the heaviest backend places one entry, so this ends within size rounds. */
	while (filled < size) {
		for (uint32_t k = 0; k < n && filled < size; k++) {
			uint32_t w = weight[k];

			if (w == 0)
				continue;
			/* credit + w >= max_w, written so that it cannot overflow. */
			if (credit[k] < max_w - w) {
				credit[k] += w;
				continue;
			}
			credit[k] -= max_w - w;
			while (table[pos[k]] != MAGLEV_EMPTY)
				pos[k] = maglev_next(pos[k], skip[k], size);
			table[pos[k]] = (uint16_t)idx[k];
			pos[k] = maglev_next(pos[k], skip[k], size);
			filled++;
		}
	}
	return 0;
}
