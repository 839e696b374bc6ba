/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Internet checksum (RFC 1071) and its incremental update (RFC 1624).
 *
 * Every sum here is taken over words loaded in the machine's own byte order straight from
 * memory. The one's-complement sum is byte-order independent (RFC 1071 section 2B), so the
 * folded result, stored back the same way, is the right checksum on either endianness and no
 * byte is ever swapped except for the host-order length and protocol of the pseudo-headers.
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

/* Fold a 64-bit accumulator to 32 bits without losing carries: 2^32 == 1 modulo 0xffff, so
 * the folded value has the same one's-complement sum. */
static inline uint32_t
csum_fold64(uint64_t acc)
{
	acc = (acc & 0xffffffffu) + (acc >> 32);
	acc = (acc & 0xffffffffu) + (acc >> 32);
	return (uint32_t)acc;
}

uint32_t
csum_partial(const void *buf, size_t len, uint32_t sum)
{
	const uint8_t *p = buf;
	uint64_t acc = sum;
	uint32_t w32;
	uint16_t w16;

	/* 32-bit words: a 64-bit accumulator cannot overflow for any frame-sized buffer. */
	for (; len >= 4; len -= 4, p += 4) {
		memcpy(&w32, p, 4);
		acc += w32;
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
	return csum_fold64(acc);
}

uint16_t
csum_fold(uint32_t sum)
{
	sum = (sum & 0xffff) + (sum >> 16);
	sum = (sum & 0xffff) + (sum >> 16);
	return (uint16_t)~sum;
}

uint16_t
csum_ipv4_hdr(const void *iph, unsigned ihl_bytes)
{
	return csum_fold(csum_partial(iph, ihl_bytes, 0));
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
	return csum_fold(csum_partial(l4, l4_len, csum_pseudo4(src_be, dst_be, proto, l4_len)));
}

uint16_t
csum_l4_verify6(const uint8_t src[16], const uint8_t dst[16], uint8_t proto, const void *l4,
		uint32_t l4_len)
{
	return csum_fold(csum_partial(l4, l4_len, csum_pseudo6(src, dst, proto, l4_len)));
}

/* RFC 1624 eqn. 3: HC' = ~(~HC + ~m + m'). Using ~m rather than subtracting m keeps the
 * result off 0xffff, the value a full computation never gives for non-zero data. */
uint16_t
csum_update16(uint16_t csum, uint16_t old, uint16_t new_)
{
	uint32_t sum = (uint16_t)~csum;

	sum += (uint16_t)~old;
	sum += new_;
	return csum_fold(sum);
}

uint16_t
csum_update32(uint16_t csum, uint32_t old, uint32_t new_)
{
	uint32_t sum = (uint16_t)~csum;

	old = ~old;
	sum += (old & 0xffff) + (old >> 16);
	sum += (new_ & 0xffff) + (new_ >> 16);
	return csum_fold(sum);
}

uint16_t
csum_update128(uint16_t csum, const union hvlb_addr *old, const union hvlb_addr *new_)
{
	uint64_t acc = (uint16_t)~csum;

	for (int i = 0; i < 4; i++) {
		acc += (uint32_t)~old->w[i];
		acc += new_->w[i];
	}
	return csum_fold(csum_fold64(acc));
}
