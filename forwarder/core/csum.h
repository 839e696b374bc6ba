/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Internet checksums: full computation (for verification and for packets hvlb builds) and
 * RFC 1624 incremental updates (for rewrites, so the cost does not grow with the payload and
 * a checksum that was wrong on arrival stays wrong on departure).
 */
#ifndef HVLB_CORE_CSUM_H
#define HVLB_CORE_CSUM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "types.h"

/* One's-complement sum of len bytes folded into 32 bits, starting from sum (not folded to 16
 * bits, not inverted). Byte order: the sum of network-order 16-bit words, as memory holds them. */
uint32_t csum_partial(const void *buf, size_t len, uint32_t sum);

/* Partial sum of the TCP/UDP pseudo-header. len and proto in host order. */
uint32_t csum_pseudo4(uint32_t src_be, uint32_t dst_be, uint8_t proto, uint16_t len);
uint32_t csum_pseudo6(const uint8_t src[16], const uint8_t dst[16], uint8_t proto, uint32_t len);

/* Checksum of an L4 segment (header + payload) with its pseudo-header: 0 when a received
 * segment's checksum is right. */
uint16_t csum_l4_verify4(uint32_t src_be, uint32_t dst_be, uint8_t proto, const void *l4,
			 uint16_t l4_len);
uint16_t csum_l4_verify6(const uint8_t src[16], const uint8_t dst[16], uint8_t proto,
			 const void *l4, uint32_t l4_len);

/* Fold a 64-bit accumulator to 32 bits without losing carries: 2^32 == 1 modulo 0xffff, so
 * the folded value has the same one's-complement sum. */
static inline uint32_t
csum_fold64(uint64_t acc)
{
	acc = (acc & 0xffffffffu) + (acc >> 32);
	/* Now at most 2^33 - 2, and adding the high bit to the low 32 cannot carry out of them:
	 * the low 32 bits of acc + (acc >> 32) are the second fold, without masking first. */
	return (uint32_t)(acc + (acc >> 32));
}

/* Fold a 32-bit partial sum to 16 bits and invert it: the value to store in a header. */
static inline uint16_t
csum_fold(uint32_t sum)
{
	sum = (sum & 0xffff) + (sum >> 16);
	/* At most 0x1fffe now: the second fold's carry-free, as in csum_fold64. */
	return (uint16_t)~(sum + (sum >> 16));
}

/* IPv4 header checksum of a header of ihl_bytes (the checksum field is included as is). The
 * usual option-less header is summed inline, since the parser checks it on every packet. */
static inline uint16_t
csum_ipv4_hdr(const void *iph, unsigned ihl_bytes)
{
	const uint8_t *p = iph;
	uint64_t a, b;
	uint32_t c;

	if (ihl_bytes != 20)
		return csum_fold(csum_partial(iph, ihl_bytes, 0));
	memcpy(&a, p, 8);
	memcpy(&b, p + 8, 8);
	memcpy(&c, p + 16, 4);
	/* 64-bit words with the carries added back in (end-around carry), then folded. */
	a += b;
	a += a < b;
	a += c;
	a += a < c;
	return csum_fold(csum_fold64(a));
}

/* Whether an option-less IPv4 header's checksum is right, the parsers' check of every packet,
 * without folding: the one's-complement sum of the header's 16-bit words is 0xffff exactly when
 * their plain sum is a non-zero multiple of 0xffff (folding keeps a sum's value modulo 0xffff
 * and gives 1 to 0xffff for one that is not 0). A 32-bit word is two 16-bit words modulo
 * 0xffff (2^16 == 1), and the byte order does not matter (RFC 1071 2.(B)): the five words as
 * memory holds them, added in 64 bits without carries to put back, then one remainder by a
 * constant, which the compiler makes a multiplication. Against csum_ipv4_hdr(iph, 20) == 0:
 * test_csum. */
static inline uint64_t
csum_ipv4_hdr20_sum(const void *iph)
{
	const uint8_t *p = iph;
	uint32_t w0, w1, w2, w3, w4;

	memcpy(&w0, p, 4);
	memcpy(&w1, p + 4, 4);
	memcpy(&w2, p + 8, 4);
	memcpy(&w3, p + 12, 4);
	memcpy(&w4, p + 16, 4);
	return (uint64_t)w0 + w1 + w2 + w3 + w4;
}

static inline bool
csum_ipv4_hdr20_ok(const void *iph)
{
	uint64_t s = csum_ipv4_hdr20_sum(iph);

	return s % 0xffff == 0 && s != 0;
}

/* csum_ipv4_hdr20_ok of a header known to start with 0x45 (version 4, 20 bytes): its sum
 * cannot be 0. */
static inline bool
csum_ipv4_hdr20_ok_v45(const void *iph)
{
	return csum_ipv4_hdr20_sum(iph) % 0xffff == 0;
}

/* RFC 1624 eqn. 3, HC' = ~(~HC + ~m + m'), split in two so that a rewrite changing several
 * fields folds once per checksum: csum_delta* give the (unfolded) ~m + m' of one field change,
 * deltas add up, and csum_adjust applies their sum. Using ~m rather than subtracting m keeps
 * the result off 0xffff, the value a full computation never gives for non-zero data. Values
 * as memory holds them (network order). Inline: every forwarded packet makes a few. */
static inline uint32_t
csum_delta16(uint16_t old, uint16_t new_)
{
	return (uint32_t)(uint16_t)~old + new_;
}

static inline uint32_t
csum_delta32(uint32_t old, uint32_t new_)
{
	old = ~old;
	return (old & 0xffff) + (old >> 16) + (new_ & 0xffff) + (new_ >> 16);
}

static inline uint32_t
csum_delta128(const union hvlb_addr *old, const union hvlb_addr *new_)
{
	uint32_t d = 0;

	for (int i = 0; i < 4; i++)
		d += csum_delta32(old->w[i], new_->w[i]);
	return d;
}

/* The checksum csum after changes whose deltas sum to delta (at most a few dozen of them). */
static inline uint16_t
csum_adjust(uint16_t csum, uint32_t delta)
{
	return csum_fold((uint32_t)(uint16_t)~csum + delta);
}

/* The checksum after one 16-bit / 32-bit / 128-bit field changed from old to new. */
static inline uint16_t
csum_update16(uint16_t csum, uint16_t old, uint16_t new_)
{
	return csum_adjust(csum, csum_delta16(old, new_));
}

static inline uint16_t
csum_update32(uint16_t csum, uint32_t old, uint32_t new_)
{
	return csum_adjust(csum, csum_delta32(old, new_));
}

static inline uint16_t
csum_update128(uint16_t csum, const union hvlb_addr *old, const union hvlb_addr *new_)
{
	return csum_adjust(csum, csum_delta128(old, new_));
}

#endif
