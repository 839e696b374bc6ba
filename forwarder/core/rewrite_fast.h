/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * NAT of an IPv4 TCP or UDP frame that parse_fast4 accepted (no VLAN tag, no IP options), in
 * line: rewrite_nat's IPv4 case with the frame's offsets known. The result is byte for byte
 * rewrite_nat_to_rs's / rewrite_nat_to_client's (tests/unit/test_rewrite.c compares them):
 * both sum the same one's-complement changes (RFC 1624), here over 32-bit words at once, and
 * adjust each checksum once.
 */
#ifndef HVLB_CORE_REWRITE_FAST_H
#define HVLB_CORE_REWRITE_FAST_H

#include <stdint.h>
#include <string.h>

#include "csum.h"
#include "parse_fast.h"
#include "types.h"

/* The checksum after adding the one's-complement changes acc (a sum of 16- and 32-bit terms
 * in a 64-bit accumulator) to csum. */
static inline uint16_t
rewrite_fast_adjust(uint16_t csum, uint64_t acc)
{
	return csum_fold(csum_fold64(acc + (uint16_t)~csum));
}

/* One side of frame, NATed: the destination (is_dst) or the source address (addr, network
 * order) and port (network order; 0 keeps the packet's), the TTL decremented. */
static inline void
rewrite_nat4(uint8_t *frame, uint8_t proto, int is_dst, uint32_t addr, uint16_t port)
{
	uint8_t *ip = frame + 14, *l4 = frame + PARSE_FAST4_L4_OFF;
	uint8_t *pa = ip + (is_dst ? 16 : 12), *l4c = l4 + (proto == HVLB_PROTO_TCP ? 16 : 6);
	uint16_t ttl_old, ttl_new, c;
	uint32_t old;
	uint64_t d;

	memcpy(&old, pa, 4);
	memcpy(pa, &addr, 4);
	d = (uint64_t)(uint32_t)~old + addr;
	memcpy(&ttl_old, ip + 8, 2);
	ip[8]--;
	memcpy(&ttl_new, ip + 8, 2);
	memcpy(&c, ip + 10, 2);
	c = rewrite_fast_adjust(c, d + (uint16_t)~ttl_old + ttl_new);
	memcpy(ip + 10, &c, 2);
	if (port != 0) {
		uint8_t *pp = l4 + (is_dst ? 2 : 0);
		uint16_t op;

		memcpy(&op, pp, 2);
		memcpy(pp, &port, 2);
		d += (uint16_t)~op + (uint32_t)port;
	}
	memcpy(&c, l4c, 2);
	if (proto == HVLB_PROTO_UDP) {
		if (c == 0) /* UDP/IPv4 without a checksum: none to update */
			return;
		c = rewrite_fast_adjust(c, d);
		if (c == 0) /* 0 would say "no checksum" (RFC 768) */
			c = 0xffff;
	} else {
		c = rewrite_fast_adjust(c, d);
	}
	memcpy(l4c, &c, 2);
}

/* The TTL of the IPv4 header at ip decremented, its checksum updated (rewrite_ttl_dec's IPv4
 * case too). */
static inline void
rewrite_ttl_dec4_ip(uint8_t *ip)
{
	uint16_t ttl_old, ttl_new, c;

	memcpy(&ttl_old, ip + 8, 2);
	ip[8]--;
	memcpy(&ttl_new, ip + 8, 2);
	memcpy(&c, ip + 10, 2);
	c = rewrite_fast_adjust(c, (uint64_t)(uint16_t)~ttl_old + ttl_new);
	memcpy(ip + 10, &c, 2);
}

/* rewrite_ttl_dec of a frame parse_fast4 took. */
static inline void
rewrite_ttl_dec4_fast(uint8_t *frame)
{
	rewrite_ttl_dec4_ip(frame + 14);
}

#endif
