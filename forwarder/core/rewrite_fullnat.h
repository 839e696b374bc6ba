/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The rewrites of FullNAT (docs/mode-fullnat.md), and the translation of ICMP errors both
 * ways for NAT and FullNAT. Like rewrite.h: in place, the frame keeps its length, checksums of
 * forwarded packets are updated incrementally; an ICMP message's own checksum is computed
 * again over the (short, already verified) message.
 */
#ifndef HVLB_CORE_REWRITE_FULLNAT_H
#define HVLB_CORE_REWRITE_FULLNAT_H

#include <stdint.h>

#include "parse.h"
#include "types.h"

/* One endpoint of a rewritten tuple: port 0 keeps the packet's port. */
struct rw_endpoint {
	const union hvlb_addr *addr;
	uint16_t port; /* network order */
};

/* Both ends of a TCP/UDP packet: source and destination addresses and ports, TTL / hop limit
 * decremented, the IPv4 header and L4 checksums updated once (a UDP/IPv4 checksum of 0 stays
 * 0). FullNAT client -> NF: (local, lport) -> (NF, port); NF -> client: (VIP, vport) ->
 * (client, cport). The caller has checked ttl > 1. */
void rewrite_fullnat(uint8_t *frame, const struct pkt_info *pi, const struct rw_endpoint *src,
		     const struct rw_endpoint *dst);

/* An ICMP error's new addresses: the outer source and destination (addr NULL: kept), and the
 * quoted packet's source and destination endpoints (port 0: kept). */
struct rw_icmp_xlate {
	struct rw_endpoint outer_src;
	struct rw_endpoint outer_dst;
	struct rw_endpoint inner_src;
	struct rw_endpoint inner_dst;
};

/* Translate an ICMP error (pi->icmp == PKT_ICMP_ERROR; inner_l3_off from parse_icmp_inner):
 * outer addresses, quoted addresses and ports (its IPv4 header checksum and its L4 checksum
 * field, when the quote holds it, updated), outer TTL decremented, ICMP checksum computed again
 * (ICMPv6: with the new pseudo-header). The caller has checked ttl > 1. */
void rewrite_icmp_xlate(uint8_t *frame, const struct pkt_info *pi, uint16_t inner_l3_off,
			const struct rw_icmp_xlate *x);

#endif
