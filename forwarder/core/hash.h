/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The flow hash. The same function runs in every forwarder, so the Maglev choice for a
 * 5-tuple is the same everywhere (and tests model it in Python: tests/model/hvlb_model.py).
 */
#ifndef HVLB_CORE_HASH_H
#define HVLB_CORE_HASH_H

#include <stdint.h>

#include "types.h"

/* 32-bit hash of a 5-tuple (all 40 bytes of the key). */
uint32_t flow_hash(const struct flow_key *k);

/* 32-bit hash of an address alone (source hashing). */
uint32_t addr_hash(const union hvlb_addr *a);

/* 32-bit hash of n bytes with a seed (Maglev permutations, tables). */
uint32_t hash_bytes(const void *p, uint32_t n, uint32_t seed);

#endif
