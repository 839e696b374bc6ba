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
 * parse_frame would accept (the caller then takes parse_frame's path); it accepts only one
 * kind of frame parse_frame drops: one from a martian source (parse_fast4_martian), which
 * the caller drops unless the frame belongs to a connection. A source is the flow's, not the
 * packet's: a packet whose key matches a connection's has the source that connection was
 * made with, checked then (a client's, or the real's address, which configuration refuses
 * if martian), so the established packet does not ask again. L4 checksums are not checked,
 * as in parse_frame.
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

static inline uint64_t
parse_fast_rd64(const uint8_t *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
}

/* The loads below read several header fields at once and take them apart by their place in
 * a little-endian word (x86, as the CRC32 hashes already require). */
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "parse_fast4 reads little-endian words");

/* A MAC as parse_fast4 compares it with a frame's destination: its six bytes in the low 48
 * bits of a little-endian word, as a load of the frame's first 8 bytes has them. */
static inline uint64_t
parse_fast_mac48(const uint8_t *mac)
{
	uint64_t v = 0;

	memcpy(&v, mac, 6);
	return v;
}

/* Whether frame[0..len) is such a frame to mac48 (parse_fast_mac48 of a port's MAC); if so
 * *pi's key, ttl, tcp_flags and l3_len are what parse_frame gives (parse_fast4_finish: the
 * rest). Header fields are tested a word at a time, and the key written in 8-byte stores
 * (callgrind, established UDP: 377.5 -> 368.3 instructions a packet). */
static inline bool
parse_fast4(const uint8_t *frame, uint32_t len, uint64_t mac48, struct pkt_info *pi)
{
	const uint8_t *ip = frame + 14, *l4 = frame + PARSE_FAST4_L4_OFF;
	uint32_t tot, l4_len, src, dst, ports;
	uint8_t proto, fl = 0;

	/* 42: Ethernet, IPv4 and UDP headers; the IP length says whether a TCP header fits. */
	if (hvlb_unlikely(len < 42))
		return false;
	/* Unicast to us (a group address never equals a port's own): the first 6 bytes, the
	 * low 48 bits of the word. */
	if (hvlb_unlikely(((parse_fast_rd64(frame) ^ mac48) << 16) != 0))
		return false;
	/* EtherType 0x0800, then version 4 with a header of 20 bytes: bytes 12-14 as 08 00 45. */
	if (hvlb_unlikely((parse_fast_rd32(frame + 12) & 0xffffff) != 0x450008))
		return false;
	tot = (uint32_t)ip[2] << 8 | ip[3];
	proto = ip[9];
	src = parse_fast_rd32(ip + 12);
	dst = parse_fast_rd32(ip + 16);
	/* The IP length within the frame and at least the IPv4 and UDP headers' 28 (both in one
	 * unsigned compare: len >= 42 above). Not a fragment: MF (0x20 of byte 6) and the offset
	 * (the rest of bytes 6-7) clear, the 16-bit word read little-endian (0x3f of byte 6 low,
	 * byte 7 high). */
	if (hvlb_unlikely(tot - 28 > len - 42 || (parse_fast_rd16(ip + 6) & 0xff3f) != 0))
		return false;
	l4_len = tot - 20; /* at least 8 */
	ports = parse_fast_rd32(l4);
	if (proto == HVLB_PROTO_TCP) {
		uint32_t doff;

		/* The header is in the frame (tot <= len - 14) before its data offset is read. */
		if (hvlb_unlikely(l4_len < 20))
			return false;
		doff = (uint32_t)(l4[12] >> 4) * 4;
		if (hvlb_unlikely(doff < 20 || doff > l4_len))
			return false;
		fl = l4[13];
		if (hvlb_unlikely(!parse_tcp_flags_valid(fl)))
			return false;
	} else if (proto == HVLB_PROTO_UDP) {
		/* The UDP length equal to l4_len (at least its header's 8, above). */
		if (hvlb_unlikely(((uint32_t)l4[4] << 8 | l4[5]) != l4_len))
			return false;
	} else {
		return false;
	}
	if (hvlb_unlikely(!csum_ipv4_hdr20_ok_v45(ip))) /* 0x45 tested above */
		return false;

	/* What the fast path reads; parse_fast4_finish writes the rest. An address's 16 bytes
	 * in two 8-byte stores (the IPv4 address in the first 4, zeros after it); the key's
	 * tail (ports, protocol, family, pad) in one. */
	pi->l3_len = (uint16_t)tot;
	pi->tcp_flags = fl;
	pi->ttl = ip[8];
	pi->key.src.q[0] = src;
	pi->key.src.q[1] = 0;
	pi->key.dst.q[0] = dst;
	pi->key.dst.q[1] = 0;
	{
		uint64_t tail = ports | (uint64_t)proto << 32 | (uint64_t)HVLB_AF_INET << 40;

		memcpy(&pi->key.sport, &tail, 8);
	}
	return true;
}

/* Whether the source of a frame parse_fast4 accepted is one parse_frame drops
 * (HVLB_DROP_MARTIAN, parse.h parse_martian4): 224/4, 127/8 or 255.255.255.255. Asked of a
 * packet that matches no connection (see above). */
static inline bool
parse_fast4_martian(const struct pkt_info *pi)
{
	uint32_t src = pi->key.src.w[0];
	uint8_t first = (uint8_t)src; /* the address's first byte: the word's low one */

	/* Two compares for nearly every source (first byte 224-255 or 127), then the rest. */
	return hvlb_unlikely(first >= 224 || first == 127) &&
	       (first < 240 || first == 127 || src == 0xffffffffu);
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
