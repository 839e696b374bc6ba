/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Internet checksums: full computation (for verification and for packets hvlb builds) and
 * RFC 1624 incremental updates (for rewrites, so the cost does not grow with the payload and
 * a checksum that was wrong on arrival stays wrong on departure).
 */
#ifndef HVLB_CORE_CSUM_H
#define HVLB_CORE_CSUM_H

#include <stddef.h>
#include <stdint.h>

#include "types.h"

/* One's-complement sum of len bytes folded into 32 bits, starting from sum (not folded to 16
 * bits, not inverted). Byte order: the sum of network-order 16-bit words, as memory holds them. */
uint32_t csum_partial(const void *buf, size_t len, uint32_t sum);

/* Fold a 32-bit partial sum to 16 bits and invert it: the value to store in a header. */
uint16_t csum_fold(uint32_t sum);

/* IPv4 header checksum of a header of ihl_bytes (the checksum field is included as is). */
uint16_t csum_ipv4_hdr(const void *iph, unsigned ihl_bytes);

/* Partial sum of the TCP/UDP pseudo-header. len and proto in host order. */
uint32_t csum_pseudo4(uint32_t src_be, uint32_t dst_be, uint8_t proto, uint16_t len);
uint32_t csum_pseudo6(const uint8_t src[16], const uint8_t dst[16], uint8_t proto, uint32_t len);

/* Checksum of an L4 segment (header + payload) with its pseudo-header: 0 when a received
 * segment's checksum is right. */
uint16_t csum_l4_verify4(uint32_t src_be, uint32_t dst_be, uint8_t proto, const void *l4,
			 uint16_t l4_len);
uint16_t csum_l4_verify6(const uint8_t src[16], const uint8_t dst[16], uint8_t proto,
			 const void *l4, uint32_t l4_len);

/* RFC 1624 eqn. 3: the checksum after a 16-bit / 32-bit / 128-bit field changed from old to
 * new. All values as memory holds them (network order). */
uint16_t csum_update16(uint16_t csum, uint16_t old, uint16_t new_);
uint16_t csum_update32(uint16_t csum, uint32_t old, uint32_t new_);
uint16_t csum_update128(uint16_t csum, const union hvlb_addr *old, const union hvlb_addr *new_);

#endif
