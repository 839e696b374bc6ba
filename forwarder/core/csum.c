/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Internet checksum (RFC 1071). The folds, the option-less IPv4 header check and the
 * incremental updates (RFC 1624) are inline in csum.h, since every forwarded packet uses them.
 *
 * Every sum here and in csum.h is taken over words loaded in the machine's own byte order
 * straight from memory. The one's-complement sum is byte-order independent (RFC 1071 section
 * 2B), so the folded result, stored back the same way, is the right checksum on either
 * endianness and no byte is ever swapped except for the host-order length and protocol of the
 * pseudo-headers.
 */
#include <string.h>

#include "csum.h"

/* A host-order 16/32-bit value as the network-order word memory would hold. */
static inline uint16_t
csum_be16(uint16_t v)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	return __builtin_bswap16(v);
#else
	return v;
#endif
}

static inline uint32_t
csum_be32(uint32_t v)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	return __builtin_bswap32(v);
#else
	return v;
#endif
}

/* The sum of buf's bytes as network-order 16-bit words, added to acc, unfolded (below 2^34
 * for any acc below 2^33). */
static inline uint64_t
csum_words(const uint8_t *p, size_t len, uint64_t acc)
{
	uint64_t w64;
	uint32_t w32;
	uint16_t w16;

	/* 64-bit words with the end-around carry (add, adc): 2^64 is 1 modulo 0xffff as 2^16
	 * is, so the sum folds to the same 16 bits as one of 16-bit words. A 20-byte TCP header
	 * takes 2 rounds and a 32-bit word where it took 5 of those. */
	for (; len >= 8; len -= 8, p += 8) {
		memcpy(&w64, p, 8);
		acc += w64;
		acc += acc < w64;
	}
	acc = (acc & 0xffffffffu) + (acc >> 32); /* below 2^33: what is left cannot overflow */
	if (len >= 4) {
		memcpy(&w32, p, 4);
		acc += w32;
		len -= 4;
		p += 4;
	}
	if (len >= 2) {
		memcpy(&w16, p, 2);
		acc += w16;
		len -= 2;
		p += 2;
	}
	if (len) {
		/* An odd byte is the high half of a network-order word whose low half is 0. */
		w16 = 0;
		memcpy(&w16, p, 1);
		acc += w16;
	}
	return acc;
}

uint32_t
csum_partial(const void *buf, size_t len, uint32_t sum)
{
	return csum_fold64(csum_words(buf, len, sum));
}

uint32_t
csum_pseudo4(uint32_t src_be, uint32_t dst_be, uint8_t proto, uint16_t len)
{
	uint64_t acc = (uint64_t)src_be + dst_be;

	acc += csum_be16(proto);
	acc += csum_be16(len);
	return csum_fold64(acc);
}

uint32_t
csum_pseudo6(const uint8_t src[16], const uint8_t dst[16], uint8_t proto, uint32_t len)
{
	uint64_t acc = csum_partial(src, 16, 0);

	acc += csum_partial(dst, 16, 0);
	acc += csum_be32(len);
	acc += csum_be16(proto);
	return csum_fold64(acc);
}

uint16_t
csum_l4_verify4(uint32_t src_be, uint32_t dst_be, uint8_t proto, const void *l4, uint16_t l4_len)
{
	/* The pseudo-header's words and the segment's in one sum, in one function: a new
	 * connection's first packet is verified here. */
	uint64_t acc = (uint64_t)src_be + dst_be + csum_be16(proto) + csum_be16(l4_len);

	return csum_fold(csum_fold64(csum_words(l4, l4_len, acc)));
}

uint16_t
csum_l4_verify6(const uint8_t src[16], const uint8_t dst[16], uint8_t proto, const void *l4,
		uint32_t l4_len)
{
	return csum_fold(csum_partial(l4, l4_len, csum_pseudo6(src, dst, proto, l4_len)));
}
