/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The flow hash. The same function runs in every forwarder, so the Maglev choice for a
 * 5-tuple is the same everywhere (and tests model it in Python: tests/model/hvlb_model.py).
 */
#ifndef HVLB_CORE_HASH_H
#define HVLB_CORE_HASH_H

#include <stdint.h>

#include "types.h"

/* With SSE4.2, CRC32C is one instruction per 8 bytes and the hashes are inline: several are
 * taken per packet, and with constant lengths the compiler unrolls them. hash.c has the same
 * functions, table-driven, for builds without it (the unit test compares the two). */
#if defined(__SSE4_2__) && defined(__x86_64__) && !defined(HVLB_HASH_NO_SSE42)
#include <string.h>

#include <nmmintrin.h>

static inline uint32_t
hash_crc32c_sse(uint32_t crc, const uint8_t *p, uint32_t n)
{
	uint64_t v64;
	uint32_t v32;

	for (; n >= 8; n -= 8, p += 8) {
		memcpy(&v64, p, 8);
		crc = (uint32_t)_mm_crc32_u64(crc, v64);
	}
	if (n >= 4) {
		memcpy(&v32, p, 4);
		crc = _mm_crc32_u32(crc, v32);
		n -= 4;
		p += 4;
	}
	for (; n; n--, p++)
		crc = _mm_crc32_u8(crc, *p);
	return crc;
}

/* 32-bit hash of n bytes with a seed (Maglev permutations, tables). */
static inline uint32_t
hash_bytes(const void *p, uint32_t n, uint32_t seed)
{
	return ~hash_crc32c_sse(~seed, p, n);
}

/* 32-bit hash of a 5-tuple (all 40 bytes of the key). */
static inline uint32_t
flow_hash(const struct flow_key *k)
{
	/* The key's padding is part of the hash: struct flow_key promises it is zero. */
	return hash_bytes(k, sizeof(*k), 0);
}

/* 32-bit hash of an address alone (source hashing). */
static inline uint32_t
addr_hash(const union hvlb_addr *a)
{
	return hash_bytes(a->b, sizeof(a->b), 0);
}

/* 32-bit hash of the 19 bytes proto (1), addr (16), port (2, as stored): hash_bytes of them
 * laid end to end, fed to the CRC from registers (a CRC takes its bytes in any grouping). */
static inline uint32_t
proto_addr_port_hash(uint8_t proto, const union hvlb_addr *a, uint16_t port)
{
	uint32_t crc = _mm_crc32_u8(~0u, proto);

	crc = (uint32_t)_mm_crc32_u64(crc, a->q[0]);
	crc = (uint32_t)_mm_crc32_u64(crc, a->q[1]);
	return ~_mm_crc32_u16(crc, port);
}

/* 32-bit hash of 16 bytes: a (4), b (4) and tail (8), as memory holds them: hash_bytes of them
 * laid end to end, fed to the CRC from registers. The connection table's hash of an IPv4 key
 * (conn.h conn_key_hash), not the flow hash. */
static inline uint32_t
hash_16b(uint32_t a, uint32_t b, uint64_t tail)
{
	uint32_t crc = _mm_crc32_u32(~0u, a);

	crc = _mm_crc32_u32(crc, b);
	return ~(uint32_t)_mm_crc32_u64(crc, tail);
}
#else
uint32_t hash_bytes(const void *p, uint32_t n, uint32_t seed);
uint32_t flow_hash(const struct flow_key *k);
uint32_t addr_hash(const union hvlb_addr *a);
uint32_t proto_addr_port_hash(uint8_t proto, const union hvlb_addr *a, uint16_t port);
uint32_t hash_16b(uint32_t a, uint32_t b, uint64_t tail);
#endif

#endif
