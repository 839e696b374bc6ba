/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Test packet builder for the parse and rewrite unit tests. It computes every checksum from
 * scratch with its own RFC 1071 code (not csum.c), so a test that compares a rewritten frame
 * with a freshly built one checks the rewrite's incremental checksums independently.
 */
#ifndef HVLB_TEST_PKT_BUILD_H
#define HVLB_TEST_PKT_BUILD_H

#include <stdint.h>
#include <string.h>

#include "types.h"

/* What to build. Values in host order; addresses as bytes (IPv4 in the first 4). */
struct pkt_spec {
	uint8_t af;
	uint8_t proto;
	uint8_t ttl;
	uint8_t tcp_flags;
	uint8_t icmp_type;
	uint8_t icmp_code;
	uint8_t has_vlan;
	uint8_t udp_no_csum;    /* UDP/IPv4: send checksum 0 */
	uint16_t vlan_tci;
	uint16_t sport, dport;  /* ICMP: the 4 bytes after the checksum (id, seq) */
	uint16_t ip_id;
	uint16_t payload_len;
	const uint8_t *payload; /* NULL: a pattern */
	uint16_t pad_to;        /* zero-pad the frame to this length (Ethernet minimum) */
	uint8_t src[16], dst[16];
	uint8_t eth_dst[6], eth_src[6];
};

static inline void
pkt_put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static inline uint16_t
pkt_get16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

/* Sum of big-endian 16-bit words, unfolded. */
static inline uint32_t
pkt_ref_sum(const uint8_t *p, uint32_t n, uint32_t sum)
{
	for (uint32_t i = 0; i + 1 < n; i += 2)
		sum += (uint32_t)p[i] << 8 | p[i + 1];
	if (n & 1)
		sum += (uint32_t)p[n - 1] << 8;
	return sum;
}

static inline uint16_t
pkt_ref_fold(uint32_t sum)
{
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (uint16_t)~sum;
}

/* Offset of the L3 header, from the EtherType (one VLAN tag). */
static inline uint32_t
pkt_l3_off(const uint8_t *f)
{
	return pkt_get16(f + 12) == 0x8100 ? 18 : 14;
}

/* Offset of a protocol's checksum field in its header, or -1. */
static inline int
pkt_l4_csum_off(uint8_t af, uint8_t proto)
{
	if (proto == HVLB_PROTO_TCP)
		return 16;
	if (proto == HVLB_PROTO_UDP)
		return 6;
	if ((af == 4 && proto == HVLB_PROTO_ICMP) || (af == 6 && proto == HVLB_PROTO_ICMPV6))
		return 2;
	return -1;
}

/* Recompute every checksum of the IP packet at l3 from scratch: IPv4 header, and TCP, UDP,
 * ICMP or ICMPv6 over the length the IP header gives. A UDP/IPv4 checksum of 0 stays 0; a
 * computed UDP checksum of 0 is sent as 0xffff. IPv4 options are covered. */
static inline void
pkt_fix_ip_csums(uint8_t *ip)
{
	uint8_t af = ip[0] >> 4, proto;
	uint32_t hl, l4_len, sum = 0;
	uint8_t *l4;
	int co;

	if (af == 4) {
		hl = (ip[0] & 0xfu) * 4;
		pkt_put16(ip + 10, 0);
		pkt_put16(ip + 10, pkt_ref_fold(pkt_ref_sum(ip, hl, 0)));
		l4_len = pkt_get16(ip + 2) - hl;
		proto = ip[9];
		if (proto != HVLB_PROTO_ICMP)
			sum = pkt_ref_sum(ip + 12, 8, proto + l4_len);
	} else {
		hl = 40;
		proto = ip[6];
		/* Past hop-by-hop, routing and destination options headers (pkt_ext6_insert). */
		while (proto == 0 || proto == 43 || proto == 60) {
			proto = ip[hl];
			hl += (ip[hl + 1] + 1u) * 8;
		}
		l4_len = 40 + pkt_get16(ip + 4) - hl;
		sum = pkt_ref_sum(ip + 8, 32, proto + l4_len);
	}
	l4 = ip + hl;
	co = pkt_l4_csum_off(af, proto);
	if (co < 0 || l4_len < (uint32_t)co + 2)
		return;
	if (af == 4 && proto == HVLB_PROTO_UDP && pkt_get16(l4 + 6) == 0)
		return;
	pkt_put16(l4 + co, 0);
	uint16_t c = pkt_ref_fold(pkt_ref_sum(l4, l4_len, sum));

	if (proto == HVLB_PROTO_UDP && c == 0)
		c = 0xffff;
	pkt_put16(l4 + co, c);
}

static inline void
pkt_fix_csums(uint8_t *f)
{
	pkt_fix_ip_csums(f + pkt_l3_off(f));
}

/* Ethernet header (and tag); returns the L3 offset. */
static inline uint32_t
pkt_build_eth(uint8_t *f, const uint8_t dst[6], const uint8_t src[6], int has_vlan,
	      uint16_t tci, uint16_t ethertype)
{
	uint32_t o = 12;

	memcpy(f, dst, 6);
	memcpy(f + 6, src, 6);
	if (has_vlan) {
		pkt_put16(f + 12, 0x8100);
		pkt_put16(f + 14, tci);
		o = 16;
	}
	pkt_put16(f + o, ethertype);
	return o + 2;
}

static inline uint32_t
pkt_l4_hlen(const struct pkt_spec *s)
{
	if (s->proto == HVLB_PROTO_TCP)
		return 20;
	if (s->proto == HVLB_PROTO_UDP || pkt_l4_csum_off(s->af, s->proto) == 2)
		return 8;
	return 0;
}

static inline void
pkt_build_l4(uint8_t *l4, const struct pkt_spec *s, uint32_t l4_len)
{
	if (s->proto == HVLB_PROTO_TCP) {
		pkt_put16(l4, s->sport);
		pkt_put16(l4 + 2, s->dport);
		memcpy(l4 + 4, "\x01\x02\x03\x04\x05\x06\x07\x08", 8); /* seq, ack */
		l4[12] = 5 << 4;
		l4[13] = s->tcp_flags;
		pkt_put16(l4 + 14, 0xfaf0);
		pkt_put16(l4 + 16, 0);
		pkt_put16(l4 + 18, 0);
	} else if (s->proto == HVLB_PROTO_UDP) {
		pkt_put16(l4, s->sport);
		pkt_put16(l4 + 2, s->dport);
		pkt_put16(l4 + 4, (uint16_t)l4_len);
		pkt_put16(l4 + 6, s->udp_no_csum && s->af == 4 ? 0 : 0xffff);
	} else if (pkt_l4_hlen(s) == 8) {
		l4[0] = s->icmp_type;
		l4[1] = s->icmp_code;
		pkt_put16(l4 + 2, 0);
		pkt_put16(l4 + 4, s->sport);
		pkt_put16(l4 + 6, s->dport);
	}
}

/* A whole frame with correct checksums; returns its length. */
static inline uint32_t
pkt_build(uint8_t *f, const struct pkt_spec *s)
{
	uint32_t l3 = pkt_build_eth(f, s->eth_dst, s->eth_src, s->has_vlan, s->vlan_tci,
				    s->af == 4 ? 0x0800 : 0x86dd);
	uint32_t hl = s->af == 4 ? 20 : 40;
	uint32_t l4_len = pkt_l4_hlen(s) + s->payload_len;
	uint8_t *ip = f + l3, *l4 = ip + hl, *pl = l4 + pkt_l4_hlen(s);
	uint32_t len;

	if (s->af == 4) {
		ip[0] = 0x45;
		ip[1] = 0x10;
		pkt_put16(ip + 2, (uint16_t)(hl + l4_len));
		pkt_put16(ip + 4, s->ip_id);
		pkt_put16(ip + 6, 0x4000); /* DF, which is not a fragment */
		ip[8] = s->ttl;
		ip[9] = s->proto;
		memcpy(ip + 12, s->src, 4);
		memcpy(ip + 16, s->dst, 4);
	} else {
		memcpy(ip, "\x60\x01\x23\x45", 4); /* a traffic class and flow label to keep */
		pkt_put16(ip + 4, (uint16_t)l4_len);
		ip[6] = s->proto;
		ip[7] = s->ttl;
		memcpy(ip + 8, s->src, 16);
		memcpy(ip + 24, s->dst, 16);
	}
	pkt_build_l4(l4, s, l4_len);
	for (uint32_t i = 0; i < s->payload_len; i++)
		pl[i] = s->payload ? s->payload[i] : (uint8_t)(i * 7 + 3);
	pkt_fix_ip_csums(ip);
	len = l3 + hl + l4_len;
	for (; len < s->pad_to; len++)
		f[len] = 0;
	return len;
}

/* Insert an IPv6 extension header of type (0 hop-by-hop, 43 routing, 60 destination options)
 * and (len8 + 1) * 8 bytes right after the IPv6 header of the frame f[0..len) (no padding
 * after the packet), in front of whatever came there: so a chain is built last header first.
 * Options headers hold one PadN option; a routing header is type 4 (segment routing) with
 * seg_left segments left. The checksums stay right: no pseudo-header covers these headers.
 * Returns the new length. */
static inline uint32_t
pkt_ext6_insert(uint8_t *f, uint32_t len, uint8_t type, uint8_t len8, uint8_t seg_left)
{
	uint32_t l3 = pkt_l3_off(f), hl = (len8 + 1u) * 8;
	uint8_t *ip = f + l3, *e = ip + 40;

	memmove(e + hl, e, len - l3 - 40);
	memset(e, 0, hl);
	e[0] = ip[6];
	e[1] = len8;
	if (type == 43) {
		e[2] = 4;
		e[3] = seg_left;
	} else {
		e[2] = 1; /* PadN over the rest */
		e[3] = (uint8_t)(hl - 4);
	}
	ip[6] = type;
	pkt_put16(ip + 4, (uint16_t)(pkt_get16(ip + 4) + hl));
	return len + hl;
}

/* A frame of spec s (no padding) with the IPv6 extension headers of chain[] ({type, len8,
 * segments left}, pkt_ext6_insert), first header first; returns its length. */
static inline uint32_t
pkt_build_ext6(uint8_t *f, const struct pkt_spec *s, const uint8_t (*chain)[3], unsigned n)
{
	uint32_t len = pkt_build(f, s);

	while (n-- > 0)
		len = pkt_ext6_insert(f, len, chain[n][0], chain[n][1], chain[n][2]);
	return len;
}

/* An Ethernet/IPv4 ARP packet, padded to 60 bytes. */
static inline uint32_t
pkt_build_arp(uint8_t *f, int has_vlan, uint16_t op, const uint8_t sha[6], const uint8_t spa[4],
	      const uint8_t tha[6], const uint8_t tpa[4])
{
	static const uint8_t bcast[6] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
	uint32_t o = pkt_build_eth(f, op == 1 ? bcast : tha, sha, has_vlan, 7, 0x0806);
	uint32_t len = o + 28;

	memcpy(f + o, "\x00\x01\x08\x00\x06\x04", 6);
	pkt_put16(f + o + 6, op);
	memcpy(f + o + 8, sha, 6);
	memcpy(f + o + 14, spa, 4);
	memcpy(f + o + 18, tha, 6);
	memcpy(f + o + 24, tpa, 4);
	for (; len < 60; len++)
		f[len] = 0;
	return len;
}

/* A default spec: IPv4 TCP 192.0.2.10:40000 -> 198.51.100.7:80, SYN, 10 bytes of payload. */
static inline void
pkt_spec_default(struct pkt_spec *s, uint8_t af, uint8_t proto)
{
	static const uint8_t v6s[16] = {0x20, 0x01, 0x0d, 0xb8, [15] = 0x0a};
	static const uint8_t v6d[16] = {0x20, 0x01, 0x0d, 0xb8, 0, 1, [15] = 0x07};

	memset(s, 0, sizeof(*s));
	s->af = af;
	s->proto = proto;
	s->ttl = 64;
	s->tcp_flags = 0x02;
	s->sport = 40000;
	s->dport = 80;
	s->ip_id = 0x1234;
	s->payload_len = 10;
	if (af == 4) {
		memcpy(s->src, "\xc0\x00\x02\x0a", 4);
		memcpy(s->dst, "\xc6\x33\x64\x07", 4);
	} else {
		memcpy(s->src, v6s, 16);
		memcpy(s->dst, v6d, 16);
	}
	memcpy(s->eth_dst, "\x02\x00\x00\x00\x00\x01", 6);
	memcpy(s->eth_src, "\x02\x00\x00\x00\x00\x02", 6);
	if (proto == HVLB_PROTO_ICMP || proto == HVLB_PROTO_ICMPV6) {
		s->icmp_type = af == 4 ? 8 : 128;
		s->sport = 0x4242; /* echo identifier */
		s->dport = 1;      /* sequence */
	}
}

static uint64_t pkt_rng_state = 0x853c49e6748fea9bull;

static inline uint32_t
pkt_rng(void)
{
	pkt_rng_state ^= pkt_rng_state << 13;
	pkt_rng_state ^= pkt_rng_state >> 7;
	pkt_rng_state ^= pkt_rng_state << 17;
	return (uint32_t)(pkt_rng_state >> 16);
}

/* A host-order value as memory holds it in network order. */
static inline uint16_t
pkt_n16(uint16_t h)
{
	uint8_t b[2] = {(uint8_t)(h >> 8), (uint8_t)h};
	uint16_t v;

	memcpy(&v, b, 2);
	return v;
}

static inline uint32_t
pkt_build_default(uint8_t *f, uint8_t af, uint8_t proto)
{
	struct pkt_spec s;

	pkt_spec_default(&s, af, proto);
	return pkt_build(f, &s);
}

/* An ICMP error (v4: frag needed, MTU 1400; v6: packet too big, MTU 1280) from a router
 * carrying the first inner_len bytes of the IP packet at inner. */
static inline uint32_t
pkt_build_icmp_err(uint8_t *f, uint8_t af, const uint8_t *inner, uint16_t inner_len)
{
	struct pkt_spec s;

	pkt_spec_default(&s, af, af == 4 ? HVLB_PROTO_ICMP : HVLB_PROTO_ICMPV6);
	s.icmp_type = af == 4 ? 3 : 2;
	s.icmp_code = af == 4 ? 4 : 0;
	s.sport = 0;
	s.dport = af == 4 ? 1400 : 1280;
	s.payload = inner;
	s.payload_len = inner_len;
	s.src[3] = 0xfe; /* the router */
	return pkt_build(f, &s);
}

/* A neighbour solicitation from src for target, with a source LLA option if lla != NULL. */
static inline uint32_t
pkt_build_ns(uint8_t *f, const uint8_t src[16], const uint8_t target[16], const uint8_t *lla)
{
	struct pkt_spec s;
	uint8_t body[24];

	pkt_spec_default(&s, 6, HVLB_PROTO_ICMPV6);
	s.icmp_type = 135;
	s.sport = 0;
	s.dport = 0;
	s.ttl = 255;
	memcpy(s.src, src, 16);
	memcpy(s.dst, "\xff\x02\0\0\0\0\0\0\0\0\0\x01\xff", 13);
	memcpy(s.dst + 13, target + 13, 3);
	memcpy(body, target, 16);
	body[16] = 1;
	body[17] = 1;
	if (lla != NULL)
		memcpy(body + 18, lla, 6);
	s.payload = body;
	s.payload_len = lla != NULL ? 24 : 16;
	return pkt_build(f, &s);
}

#endif
