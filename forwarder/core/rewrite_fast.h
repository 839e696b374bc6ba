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

/* The L4 half of a NAT rewrite: the port (network order; 0 keeps the packet's), the
 * destination's (is_dst) or the source's, changed, and the protocol's checksum adjusted by d
 * (the address's change, unfolded or folded) and the port's. Each protocol's checksum at its
 * own offset and UDP's cases apart, so that TCP tests none of them and no offset is chosen
 * by a conditional move. */
static inline void
rewrite_fast_l4(uint8_t *l4, uint8_t proto, int is_dst, uint16_t port, uint64_t d)
{
	uint16_t c;

	if (port != 0) {
		uint8_t *pp = l4 + (is_dst ? 2 : 0);
		uint16_t op;

		memcpy(&op, pp, 2);
		memcpy(pp, &port, 2);
		d += (uint16_t)~op + (uint32_t)port;
	}
	if (proto == HVLB_PROTO_TCP) {
		memcpy(&c, l4 + 16, 2);
		c = rewrite_fast_adjust(c, d);
		memcpy(l4 + 16, &c, 2);
		return;
	}
	memcpy(&c, l4 + 6, 2);
	if (c == 0) /* UDP/IPv4 without a checksum: none to update */
		return;
	c = rewrite_fast_adjust(c, d);
	if (c == 0) /* 0 would say "no checksum" (RFC 768) */
		c = 0xffff;
	memcpy(l4 + 6, &c, 2);
}

/* One side of frame, NATed: the destination (is_dst) or the source address (addr, network
 * order) and port (network order; 0 keeps the packet's), the TTL decremented. */
static inline void
rewrite_nat4(uint8_t *frame, uint8_t proto, int is_dst, uint32_t addr, uint16_t port)
{
	uint8_t *ip = frame + 14, *l4 = frame + PARSE_FAST4_L4_OFF;
	uint8_t *pa = ip + (is_dst ? 16 : 12);
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
	rewrite_fast_l4(l4, proto, is_dst, port, d);
}

/* rewrite_nat4's checksum changes that are the same for every packet of a connection, each
 * folded to 16 bits: d_ip the IPv4 header's (the address from old to new and the TTL's
 * decrement), d_l4 the L4 checksum's (the address alone). Neither is ever 0 (an address
 * change's sum is not, nor is the TTL's), so a checksum adjusted by them comes out as
 * rewrite_nat4's, byte for byte (RFC 1624: the same sum modulo 0xffff, and 0 only where
 * nothing is added). old, new_: network order. */
static inline void
rewrite_nat4_deltas(uint32_t old, uint32_t new_, uint16_t *d_ip, uint16_t *d_l4)
{
	uint64_t d = (uint64_t)(uint32_t)~old + new_;

	/* ~csum_fold: the sum folded, not inverted. The TTL's byte is the low one of its
	 * 16-bit word as memory holds it, so its decrement adds ~w + (w - 1) = 0xfffe. */
	*d_l4 = (uint16_t)~csum_fold(csum_fold64(d));
	*d_ip = (uint16_t)~csum_fold(csum_fold64(d + 0xfffe));
}

/* rewrite_nat4 with its connection's changes folded beforehand (rewrite_nat4_deltas of the
 * address the packet has, which its connection's key says, and addr): the same bytes, with
 * one fold for the IPv4 header and two for the L4 checksum. The TTL must be above 1 (the fast
 * path's test): its decrement is then the constant in d_ip. */
static inline void
rewrite_nat4_pre(uint8_t *frame, uint8_t proto, int is_dst, uint32_t addr, uint16_t port,
		 uint16_t d_ip, uint16_t d_l4)
{
	uint8_t *ip = frame + 14, *l4 = frame + PARSE_FAST4_L4_OFF;
	uint8_t *pa = ip + (is_dst ? 16 : 12);
	uint32_t s;
	uint16_t c;

	memcpy(pa, &addr, 4);
	ip[8]--;
	memcpy(&c, ip + 10, 2);
	s = (uint32_t)(uint16_t)~c + d_ip; /* at most 0x1fffe: one fold */
	c = (uint16_t)~((s & 0xffff) + (s >> 16));
	memcpy(ip + 10, &c, 2);
	rewrite_fast_l4(l4, proto, is_dst, port, d_l4);
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
