/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The parse of the packets nearly all traffic is: an untagged IPv4 TCP or UDP frame, without
 * options or fragmentation, to this port's MAC. In line, reading the header words it needs
 * once, where parse_frame goes through every case.
 *
 * The contract, checked over every frame test_parse makes and by the parse fuzzer
 * (fuzz/fuzz_parse.c): when parse_fast4 accepts a frame, parse_frame accepts it too, and
 * parse_fast4 then parse_fast4_finish fill the same pkt_info, byte for byte, and the frame is to mac (a port's: unicast, so the frame
 * is too). It may decline any frame
 * parse_frame would accept (the caller then takes parse_frame's path); it never accepts one
 * parse_frame drops. L4 checksums are not checked, as in parse_frame.
 */
#ifndef HVLB_CORE_PARSE_FAST_H
#define HVLB_CORE_PARSE_FAST_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "csum.h"
#include "parse.h"
#include "types.h"

#define PARSE_FAST4_L4_OFF 34 /* Ethernet 14, IPv4 20 */

static inline uint32_t
parse_fast_rd32(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

static inline uint16_t
parse_fast_rd16(const uint8_t *p)
{
	uint16_t v;

	memcpy(&v, p, 2);
	return v;
}

/* Whether frame[0..len) is such a frame to mac; if so *pi's key, ttl, tcp_flags and l3_len are
 * what parse_frame gives (parse_fast4_finish: the rest). */
static inline bool
parse_fast4(const uint8_t *frame, uint32_t len, const uint8_t *mac, struct pkt_info *pi)
{
	const uint8_t *ip = frame + 14, *l4 = frame + PARSE_FAST4_L4_OFF;
	uint32_t tot, l4_len, src;
	uint8_t proto, fl = 0;

	/* 42: Ethernet, IPv4 and UDP headers; the IP length says whether a TCP header fits. */
	if (hvlb_unlikely(len < 42))
		return false;
	/* Unicast to us: a group address never equals a port's own. */
	if (hvlb_unlikely(parse_fast_rd32(frame) != parse_fast_rd32(mac) ||
			  parse_fast_rd16(frame + 4) != parse_fast_rd16(mac + 4)))
		return false;
	/* EtherType 0x0800, then version 4 with a header of 20 bytes. */
	if (hvlb_unlikely(frame[12] != 0x08 || frame[13] != 0x00 || ip[0] != 0x45))
		return false;
	tot = (uint32_t)ip[2] << 8 | ip[3];
	proto = ip[9];
	src = parse_fast_rd32(ip + 12);
	if (hvlb_unlikely(tot > len - 14 || ((ip[6] & 0x3f) | ip[7]) != 0))
		return false;
	/* parse_martian4: 224/4, 127/8 and 255.255.255.255 (first byte 224-255 or 127). */
	if (hvlb_unlikely(ip[12] >= 224 || ip[12] == 127))
		return false;
	l4_len = tot - 20; /* wraps for tot < 20: then too big for either protocol below */
	if (proto == HVLB_PROTO_TCP) {
		uint32_t doff;

		/* The header is in the frame (tot <= len - 14) before its data offset is read. */
		if (hvlb_unlikely(l4_len < 20 || l4_len > 0xffff))
			return false;
		doff = (uint32_t)(l4[12] >> 4) * 4;
		if (hvlb_unlikely(doff < 20 || doff > l4_len))
			return false;
		fl = l4[13];
		if (hvlb_unlikely(!parse_tcp_flags_valid(fl)))
			return false;
	} else if (proto == HVLB_PROTO_UDP) {
		if (hvlb_unlikely(l4_len < 8 || l4_len > 0xffff ||
				  ((uint32_t)l4[4] << 8 | l4[5]) != l4_len))
			return false;
	} else {
		return false;
	}
	if (hvlb_unlikely(!csum_ipv4_hdr20_ok(ip)))
		return false;

	/* What the fast path reads; parse_fast4_finish writes the rest. */
	pi->l3_len = (uint16_t)tot;
	pi->tcp_flags = fl;
	pi->ttl = ip[8];
	pi->key.src.q[0] = 0;
	pi->key.src.q[1] = 0;
	pi->key.dst.q[0] = 0;
	pi->key.dst.q[1] = 0;
	pi->key.src.w[0] = src;
	pi->key.dst.w[0] = parse_fast_rd32(ip + 16);
	memcpy(&pi->key.sport, l4, 4); /* sport, dport */
	pi->key.proto = proto;
	pi->key.af = HVLB_AF_INET;
	pi->key.pad = 0;
	return true;
}

/* The rest of the pkt_info of a frame parse_fast4 accepted, for the paths that read more than
 * its key, TTL, TCP flags and IP length. */
static inline void
parse_fast4_finish(struct pkt_info *pi)
{
	pi->l3_off = 14;
	pi->l4_off = PARSE_FAST4_L4_OFF;
	pi->l4_len = (uint16_t)(pi->l3_len - 20);
	pi->ethertype = HVLB_ETHERTYPE_IPV4;
	pi->vlan_tci = 0;
	pi->has_vlan = 0;
	pi->kind = PKT_IP;
	pi->icmp = PKT_ICMP_NONE;
	pi->l2_bcast = 0;
	pi->frag = PKT_FRAG_NONE;
}

#endif
