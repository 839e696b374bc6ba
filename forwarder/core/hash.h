/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The flow hash. The same function runs in every forwarder, so the Maglev choice for a
 * 5-tuple is the same everywhere (and tests model it in Python: tests/model/hvlb_model.py).
 */
#ifndef HVLB_CORE_HASH_H
#define HVLB_CORE_HASH_H

#include <stdint.h>

#include "types.h"

#if defined(__SSE4_2__) && defined(__x86_64__) && !defined(HVLB_HASH_NO_SSE42)
#include <string.h>

#include <nmmintrin.h>

/* With SSE4.2 the two per-packet hashes are a few crc32 instructions: inline. hash.c has the
 * same functions for builds without it (and the unit test compares the two). */
static inline uint32_t
hash_crc32c_words(const void *p, unsigned n_words)
{
	const uint8_t *b = p;
	uint32_t crc = ~0u;
	uint64_t v;

	for (unsigned i = 0; i < n_words; i++) {
		memcpy(&v, b + 8 * i, 8);
		crc = (uint32_t)_mm_crc32_u64(crc, v);
	}
	return ~crc;
}

/* 32-bit hash of a 5-tuple (all 40 bytes of the key). */
static inline uint32_t
flow_hash(const struct flow_key *k)
{
	/* The key's padding is part of the hash: struct flow_key promises it is zero. */
	return hash_crc32c_words(k, sizeof(*k) / 8);
}

/* 32-bit hash of an address alone (source hashing). */
static inline uint32_t
addr_hash(const union hvlb_addr *a)
{
	return hash_crc32c_words(a->b, sizeof(a->b) / 8);
}
#else
/* 32-bit hash of a 5-tuple (all 40 bytes of the key). */
uint32_t flow_hash(const struct flow_key *k);

/* 32-bit hash of an address alone (source hashing). */
uint32_t addr_hash(const union hvlb_addr *a);
#endif

/* 32-bit hash of n bytes with a seed (Maglev permutations, tables). */
uint32_t hash_bytes(const void *p, uint32_t n, uint32_t seed);

#endif
