/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * An index from a key (an address: a connection) to the positions of its records in an array
 * the caller keeps packed (a record taken out gets the last one in its place), for a key that
 * has a few records at most: open addressing with linear probing and backward-shift deletion,
 * so that a key's records are found without walking the array. The slots hold position + 1
 * (0: empty); the caller sizes them (a power of two) at twice its records at least, and says
 * which key a position's record has (key_at).
 */
#ifndef HVLB_CORE_POS_INDEX_H
#define HVLB_CORE_POS_INDEX_H

#include <stdint.h>

struct pos_index {
	uint32_t *slot;
	uint32_t mask; /* slots - 1 */
};

typedef const void *(*pos_index_key_fn)(const void *ctx, uint32_t pos);

static inline uint32_t
pos_index_home(const struct pos_index *x, const void *key)
{
	uint64_t h = (uint64_t)(uintptr_t)key * 0x9e3779b97f4a7c15ull;

	return (uint32_t)(h >> 32) & x->mask;
}

/* Position pos (its record's key: key) into the index. */
static inline void
pos_index_add(struct pos_index *x, const void *key, uint32_t pos)
{
	uint32_t s = pos_index_home(x, key);

	while (x->slot[s] != 0)
		s = (s + 1) & x->mask;
	x->slot[s] = pos + 1;
}

/* The slot that holds position pos (in the index, its record's key: key). */
static inline uint32_t
pos_index_slot(const struct pos_index *x, const void *key, uint32_t pos)
{
	uint32_t s = pos_index_home(x, key);

	while (x->slot[s] != pos + 1)
		s = (s + 1) & x->mask;
	return s;
}

/* Empty slot s, moving back each later slot of its run that would no longer be found. */
static inline void
pos_index_del(struct pos_index *x, uint32_t s, pos_index_key_fn key_at, const void *ctx)
{
	uint32_t j = s;

	x->slot[s] = 0;
	for (;;) {
		uint32_t home;

		j = (j + 1) & x->mask;
		if (x->slot[j] == 0)
			return;
		home = pos_index_home(x, key_at(ctx, x->slot[j] - 1));
		/* The one at j stays where its home lies cyclically in (s, j]. */
		if (((j - home) & x->mask) < ((j - s) & x->mask))
			continue;
		x->slot[s] = x->slot[j];
		x->slot[j] = 0;
		s = j;
	}
}

/* Up to max positions of key's records into pos: how many. */
static inline unsigned
pos_index_find(const struct pos_index *x, const void *key, pos_index_key_fn key_at,
	       const void *ctx, uint32_t *pos, unsigned max)
{
	unsigned n = 0;

	for (uint32_t s = pos_index_home(x, key); x->slot[s] != 0 && n < max;
	     s = (s + 1) & x->mask)
		if (key_at(ctx, x->slot[s] - 1) == key)
			pos[n++] = x->slot[s] - 1;
	return n;
}

#endif
