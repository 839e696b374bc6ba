/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * conn_lookup, in line and in three steps, for the worker's burst path: each step is taken
 * for a whole burst before the next, so that each key's memory is in flight while the
 * burst's other keys are worked on. The steps are the same as conn_lookup_burst's, with no
 * arrays of its own and no calls:
 *   1. conn_fast_bucket: the key's primary bucket, prefetched (while the packet is parsed);
 *   2. conn_fast_probe: its first signature hit, whose connection is prefetched;
 *   3. conn_fast_resolve: that connection if it is the key's; with no signature hit, the
 *      secondary bucket alone, when a key may have spilled there (conn_may_spill); else
 *      conn_lookup in full (other hits, FullNAT's reply keys).
 * The answer is conn_lookup's for every key (tests/unit/test_conn.c compares them).
 */
#ifndef HVLB_CORE_CONN_FAST_H
#define HVLB_CORE_CONN_FAST_H

#include "conn.h"
#include "conn_table.h"

static inline const struct conn_bucket *
conn_fast_bucket(const struct conn_table *t, uint32_t hash)
{
	const struct conn_bucket *b = &t->buckets[conn_bucket_prim(t, hash)];

	__builtin_prefetch(b);
	return b;
}

/* conn_fast_probe's answer for a hit on a free slot (a key whose hash is 0): no value is it
 * (values stay below CONN_MAX_CONNS + 1 and the REPLY bit). */
#define CONN_FAST_FULL UINT32_MAX

/* The value of b's first slot whose signature is hash, its connection prefetched; 0 when no
 * signature is hash (the key can only be in its secondary bucket). conns: t->conns, which a
 * caller's loop reads once (a store in the loop would have it read again for each key). */
static inline uint32_t
conn_fast_probe(const struct conn *conns, const struct conn_bucket *b, uint32_t hash)
{
	unsigned m = conn_match8(b->sig, hash);
	uint32_t v;

	if (m == 0)
		return 0;
	v = b->val[__builtin_ctz(m)];
	if (hvlb_unlikely(v == 0))
		return CONN_FAST_FULL;
	/* The index widened first: its - 1 is then the address's displacement. */
	__builtin_prefetch(&conns[(size_t)(v & CONN_V_IDX) - 1]);
	return v;
}

/* key's connection and its direction in *dir, or NULL: v is conn_fast_probe's answer.
 * known_v4 (a constant in the caller): key is IPv4, its family need not be asked. */
static inline struct conn *
conn_fast_resolve(struct conn_table *t, const struct flow_key *key, uint32_t hash, uint32_t v,
		  enum conn_dir *dir, bool known_v4)
{
	if (hvlb_unlikely(v == 0)) {
		/* A new key, nearly always: no key of its primary bucket went to its secondary
		 * (or none there has its signature). */
		*dir = CONN_DIR_ORIG;
		if (!conn_may_spill(t, hash))
			return NULL;
		return conn_lookup_secondary(t, key, hash, dir);
	}
	if (hvlb_likely(v != CONN_FAST_FULL)) {
		struct conn *c = &t->conns[(size_t)(v & CONN_V_IDX) - 1];

		if (!(v & CONN_V_REPLY)) {
			if (hvlb_likely(conn_orig_eq_af(c, key, known_v4))) {
				*dir = CONN_DIR_ORIG;
				return c;
			}
		} else if (!(c->reserved & CONN_F_REPLY_ODD) &&
			   conn_reply_eq_nat_af(c, key, known_v4)) {
			*dir = CONN_DIR_REPLY;
			return c;
		}
	}
	/* Set here, not on entry: *dir then lives in a register on the paths above. */
	*dir = CONN_DIR_ORIG;
	return conn_lookup(t, key, hash, dir);
}

#endif
