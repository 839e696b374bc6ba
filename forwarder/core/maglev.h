/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Weighted Maglev lookup tables (Eisenbud et al., NSDI 2016, section 3.4), with weights as in
 * Katran: in each round of the population loop a backend takes turns in proportion to its
 * weight. The table is a function of the set of (identity, weight) pairs alone, not of the
 * order the caller lists them in, so forwarders behind one ECMP group pick the same backend
 * for a flow whatever their history. Built on the control thread; read-only afterwards.
 */
#ifndef HVLB_CORE_MAGLEV_H
#define HVLB_CORE_MAGLEV_H

#include <stdint.h>

#define MAGLEV_TABLE_SIZE 65537u /* prime; at least 100 x the largest backend count */
#define MAGLEV_EMPTY 0xFFFFu

/* One backend as Maglev sees it: its identity (hashed into its permutation, so the same
 * backend gets the same permutation on every forwarder) and its weight (0: no entries). */
struct maglev_backend {
	uint8_t id[18];  /* address (16) + port (2), network order */
	uint32_t weight;
};

/* The uint32_t words maglev_build needs as scratch for n backends. */
#define MAGLEV_SCRATCH_WORDS(n) (5u * (uint32_t)(n))

/* Fill table[0..size) with indexes into b (0..n-1), or MAGLEV_EMPTY everywhere when every
 * weight is 0. Permuting b permutes the indexes and nothing else: each entry names the same
 * backend. size must be prime and > n; identities must be distinct. scratch must hold
 * MAGLEV_SCRATCH_WORDS(n) words. Returns 0, or -EINVAL. */
int maglev_build(uint16_t *table, uint32_t size, const struct maglev_backend *b, uint16_t n,
		 uint32_t *scratch);

/* The backend index for a flow hash. */
static inline uint16_t
maglev_lookup(const uint16_t *table, uint32_t size, uint32_t hash)
{
	return table[hash % size];
}

#endif
