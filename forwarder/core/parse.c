/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Frame parsing. Every read is bounded: first by the frame length, then, once an IP header
 * says how long the packet is, by that length (which has been checked against the frame), so
 * trailing Ethernet padding is never taken for payload. The checks are ordered so that each
 * one only reads bytes an earlier one proved present.
 */
#include <string.h>

#include "csum.h"
#include "parse.h"
#include "sctp.h"

#define PARSE_ETH_HLEN 14
#define PARSE_VLAN_HLEN 4
#define PARSE_ARP_LEN 28
#define PARSE_IPV4_HLEN 20
#define PARSE_IPV6_HLEN PARSE_IPV6_HDR_LEN
#define PARSE_TCP_HLEN 20
#define PARSE_UDP_HLEN 8
#define PARSE_ICMP_HLEN 8  /* type, code, checksum and 4 bytes every message has */
#define PARSE_ND_HLEN 24   /* ICMPv6 header, flags/reserved, target address */

/* A host-order 16-bit field. */
static inline uint16_t
parse_rd16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

/* A 16-bit field left in network order (ports, identifiers). */
static inline uint16_t
parse_rd16_be(const uint8_t *p)
{
	uint16_t v;

	memcpy(&v, p, 2);
	return v;
}

static enum pkt_icmp
parse_icmp_kind(uint8_t af, uint8_t type)
{
	if (af == HVLB_AF_INET) {
		switch (type) {
		case 8:
			return PKT_ICMP_ECHO_REQUEST;
		case 0:
			return PKT_ICMP_ECHO_REPLY;
		case 3:  /* destination unreachable, incl. fragmentation needed */
		case 11: /* time exceeded */
		case 12: /* parameter problem */
			return PKT_ICMP_ERROR;
		}
		return PKT_ICMP_OTHER;
	}
	switch (type) {
	case 128:
		return PKT_ICMP_ECHO_REQUEST;
	case 129:
		return PKT_ICMP_ECHO_REPLY;
	case 1: /* destination unreachable */
	case 2: /* packet too big */
	case 3: /* time exceeded */
	case 4: /* parameter problem */
		return PKT_ICMP_ERROR;
	case 135:
		return PKT_ICMP_NS;
	case 136:
		return PKT_ICMP_NA;
	}
	return PKT_ICMP_OTHER;
}

/* An L4 segment too short for its fixed header means the IP length is shorter than the
 * headers (BAD_L3_LEN); fields inside a header that disagree with it are BAD_L4_HDR. */
static inline enum hvlb_drop
parse_l4(const uint8_t *frame, struct pkt_info *pi)
{
	const uint8_t *l4 = frame + pi->l4_off;
	uint8_t proto = pi->key.proto;
	unsigned doff;

	if (proto == HVLB_PROTO_TCP) {
		if (pi->l4_len < PARSE_TCP_HLEN)
			return HVLB_DROP_BAD_L3_LEN;
		doff = (unsigned)(l4[12] >> 4) * 4;
		if (doff < PARSE_TCP_HLEN || doff > pi->l4_len)
			return HVLB_DROP_BAD_L4_HDR;
		pi->tcp_flags = l4[13];
		/* Before any connection sees it: a forged combination changes no state. */
		if (hvlb_unlikely(!parse_tcp_flags_valid(pi->tcp_flags)))
			return HVLB_DROP_TCP_BAD_FLAGS;
	} else if (proto == HVLB_PROTO_UDP) {
		if (pi->l4_len < PARSE_UDP_HLEN)
			return HVLB_DROP_BAD_L3_LEN;
		if (parse_rd16(l4 + 4) != pi->l4_len)
			return HVLB_DROP_BAD_L4_HDR;
	} else if ((proto == HVLB_PROTO_ICMP && pi->key.af == HVLB_AF_INET) ||
		   (proto == HVLB_PROTO_ICMPV6 && pi->key.af == HVLB_AF_INET6)) {
		if (pi->l4_len < PARSE_ICMP_HLEN)
			return HVLB_DROP_BAD_L3_LEN;
		pi->icmp = (uint8_t)parse_icmp_kind(pi->key.af, l4[0]);
		if (pi->icmp == PKT_ICMP_ECHO_REQUEST || pi->icmp == PKT_ICMP_ECHO_REPLY) {
			/* The identifier plays the port in both directions, so a reply finds
			 * the request's connection. */
			pi->key.sport = parse_rd16_be(l4 + 4);
			pi->key.dport = pi->key.sport;
		}
		return HVLB_DROP_NONE;
	} else if (proto == HVLB_PROTO_SCTP) {
		enum hvlb_drop r;

		if (pi->l4_len < SCTP_HLEN)
			return HVLB_DROP_BAD_L3_LEN;
		/* Its chunks as TCP flags: the state machine is TCP's (docs/sctp.md). */
		r = sctp_parse(l4, pi->l4_len, &pi->tcp_flags);
		if (r != HVLB_DROP_NONE)
			return r;
		/* Unlike TCP's and UDP's, checked on every packet, both ways: a NAT rewrite
		 * computes it again and must not make a damaged packet whole. */
		if (!sctp_csum_ok(l4, pi->l4_len))
			return HVLB_DROP_SCTP_BAD_CRC;
		parse_tuple_ports(l4, &pi->key);
		return PARSE_SCTP; /* parse_frame says NONE */
	} else {
		return HVLB_DROP_NONE; /* another protocol: no ports, the worker decides */
	}
	parse_tuple_ports(l4, &pi->key);
	return HVLB_DROP_NONE;
}

/* ---- fragments: rare, so out of line ---- */

#define PARSE_FRAG_MAX 65535u /* no datagram is longer: the last byte of a piece is below */

/* The L4 header a first fragment must hold whole (RFC 1858's concern: a first fragment too
 * short to show the ports and flags a filter decides on): TCP with its options, UDP's 8
 * bytes; ports and TCP flags as parse_l4 reads them. Other protocols: no ports. */
static enum pkt_frag
parse_frag_first(const uint8_t *frame, struct pkt_info *pi)
{
	const uint8_t *l4 = frame + pi->l4_off;
	uint8_t proto = pi->key.proto;
	unsigned doff;

	if (proto == HVLB_PROTO_TCP) {
		if (pi->l4_len < PARSE_TCP_HLEN)
			return PKT_FRAG_BAD;
		doff = (unsigned)(l4[12] >> 4) * 4;
		if (doff < PARSE_TCP_HLEN || doff > pi->l4_len || !parse_tcp_flags_valid(l4[13]))
			return PKT_FRAG_BAD;
		pi->tcp_flags = l4[13];
	} else if (proto == HVLB_PROTO_UDP) {
		if (pi->l4_len < PARSE_UDP_HLEN)
			return PKT_FRAG_BAD;
	} else if (proto == HVLB_PROTO_SCTP) {
		/* The ports only: the chunks and the CRC need the whole datagram. */
		if (pi->l4_len < SCTP_HLEN)
			return PKT_FRAG_BAD;
		pi->tcp_flags = HVLB_TCP_ACK;
	} else {
		return PKT_FRAG_FIRST;
	}
	parse_tuple_ports(l4, &pi->key);
	return PKT_FRAG_FIRST;
}

/* A piece of off..off+len of a datagram, the last or not: whether any datagram can hold it. */
static inline bool
parse_frag_fits(uint32_t off, uint32_t len, bool more, uint32_t hlen)
{
	return hlen + off + len <= PARSE_FRAG_MAX && (!more || (len != 0 && (len & 7) == 0));
}

static __attribute__((noinline)) enum hvlb_drop
parse_frag4(const uint8_t *frame, struct pkt_info *pi, uint16_t tot)
{
	const uint8_t *ip = frame + pi->l3_off;
	uint16_t fo = parse_rd16(ip + 6);
	uint32_t off = (fo & 0x1fffu) * 8;

	if (hvlb_unlikely(parse_martian4(ip + 12)))
		return HVLB_DROP_MARTIAN;
	pi->kind = PKT_IP_FRAG;
	pi->l3_len = tot;
	pi->l4_off = (uint16_t)(pi->l3_off + PARSE_IPV4_HLEN);
	pi->l4_len = (uint16_t)(tot - PARSE_IPV4_HLEN);
	pi->ttl = ip[8];
	parse_tuple4(ip, &pi->key);
	if (!parse_frag_fits(off, pi->l4_len, fo & 0x2000, PARSE_IPV4_HLEN))
		pi->frag = PKT_FRAG_BAD;
	else
		pi->frag = off == 0 ? parse_frag_first(frame, pi) : PKT_FRAG_TAIL;
	return HVLB_DROP_FRAGMENT;
}

/* fh: the fragment header's offset from the IPv6 header. What follows it in a first fragment
 * is walked as the chain before it (destination options, a spent routing header). */
static __attribute__((noinline)) enum hvlb_drop
parse_frag6(const uint8_t *frame, struct pkt_info *pi, uint32_t tot, uint32_t fh)
{
	const uint8_t *ip = frame + pi->l3_off;
	uint32_t off, l4 = fh + 8;
	uint8_t proto;
	uint16_t fo;

	if (tot - fh < 8)
		return HVLB_DROP_IPV6_EXT_TRUNCATED;
	fo = parse_rd16(ip + fh + 2);
	off = fo & 0xfff8u;
	parse_tuple6(ip, ip[fh], &pi->key);
	if (hvlb_unlikely(parse_martian6(&pi->key.src)))
		return HVLB_DROP_MARTIAN;
	pi->kind = PKT_IP_FRAG;
	pi->l3_len = (uint16_t)tot;
	pi->ttl = ip[7];
	pi->l4_off = (uint16_t)(pi->l3_off + l4);
	pi->l4_len = (uint16_t)(tot - l4);
	if (!parse_frag_fits(off, pi->l4_len, fo & 1, 0)) {
		pi->frag = PKT_FRAG_BAD;
	} else if (off != 0) {
		pi->frag = PKT_FRAG_TAIL;
	} else if (parse_ipv6_chain_from(ip, tot, ip[fh], l4, 1, &proto, &l4) !=
		   HVLB_DROP_NONE) {
		pi->frag = PKT_FRAG_BAD; /* cut short, a second fragment header, ... */
	} else {
		pi->key.proto = proto;
		pi->l4_off = (uint16_t)(pi->l3_off + l4);
		pi->l4_len = (uint16_t)(tot - l4);
		pi->frag = parse_frag_first(frame, pi);
	}
	return HVLB_DROP_FRAGMENT;
}

void
parse_frag_info(const uint8_t *frame, const struct pkt_info *pi, struct pkt_frag_info *fi)
{
	const uint8_t *ip = frame + pi->l3_off;
	uint32_t fh = 0, id;
	uint8_t proto;
	uint16_t fo;

	memset(&fi->dgram, 0, sizeof(fi->dgram));
	fi->dgram.af = pi->key.af;
	fi->dgram.src = pi->key.src;
	fi->dgram.dst = pi->key.dst;
	if (pi->key.af == HVLB_AF_INET) {
		id = parse_rd16(ip + 4);
		fo = parse_rd16(ip + 6);
		fi->dgram.proto = ip[9];
		fi->off = (fo & 0x1fffu) * 8;
		fi->more = fo & 0x2000;
	} else {
		/* parse_frame found it: the walk stops there again. */
		(void)parse_ipv6_chain(ip, pi->l3_len, &proto, &fh);
		id = (uint32_t)parse_rd16(ip + fh + 4) << 16 | parse_rd16(ip + fh + 6);
		fo = parse_rd16(ip + fh + 2);
		fi->off = fo & 0xfff8u;
		fi->more = fo & 1;
		/* The first fragment's piece starts after the fragment header, not at its L4
		 * header: what counts is the fragmentable part. */
		fi->len = pi->l3_len - fh - 8;
	}
	fi->dgram.sport = (uint16_t)(id >> 16);
	fi->dgram.dport = (uint16_t)id;
	if (pi->key.af == HVLB_AF_INET)
		fi->len = pi->l4_len;
}

static enum hvlb_drop
parse_ipv4(const uint8_t *frame, uint32_t len, struct pkt_info *pi)
{
	const uint8_t *ip = frame + pi->l3_off;
	uint32_t avail = len - pi->l3_off;
	uint16_t tot;

	if (hvlb_unlikely(avail < PARSE_IPV4_HLEN))
		return HVLB_DROP_TRUNCATED;
	if (hvlb_unlikely(ip[0] != 0x45)) { /* version 4, no options: one test for the usual */
		if (ip[0] >> 4 != 4)
			return HVLB_DROP_BAD_IP_VERSION;
		return (ip[0] & 0xf) < 5 ? HVLB_DROP_BAD_L3_LEN : HVLB_DROP_IP_OPTIONS;
	}
	if (hvlb_unlikely(!csum_ipv4_hdr20_ok(ip)))
		return HVLB_DROP_BAD_IP_CSUM;
	tot = parse_rd16(ip + 2);
	if (hvlb_unlikely(tot < PARSE_IPV4_HLEN))
		return HVLB_DROP_BAD_L3_LEN;
	if (hvlb_unlikely(tot > avail))
		return HVLB_DROP_TRUNCATED;
	/* MF set or a non-zero offset: a fragment, which the worker may forward (parse_frag4). */
	if (hvlb_unlikely(parse_rd16(ip + 6) & 0x3fff))
		return parse_frag4(frame, pi, tot);
	if (hvlb_unlikely(parse_martian4(ip + 12)))
		return HVLB_DROP_MARTIAN;

	pi->l3_len = tot;
	pi->l4_off = (uint16_t)(pi->l3_off + PARSE_IPV4_HLEN);
	pi->l4_len = (uint16_t)(tot - PARSE_IPV4_HLEN);
	pi->ttl = ip[8];
	parse_tuple4(ip, &pi->key);
	return parse_l4(frame, pi);
}

static enum hvlb_drop
parse_ipv6(const uint8_t *frame, uint32_t len, struct pkt_info *pi)
{
	const uint8_t *ip = frame + pi->l3_off;
	uint32_t avail = len - pi->l3_off;
	uint32_t tot, l4;
	enum hvlb_drop r;
	uint8_t proto;

	if (hvlb_unlikely(avail < PARSE_IPV6_HLEN))
		return HVLB_DROP_TRUNCATED;
	if (hvlb_unlikely(ip[0] >> 4 != 6))
		return HVLB_DROP_BAD_IP_VERSION;
	tot = PARSE_IPV6_HLEN + (uint32_t)parse_rd16(ip + 4);
	if (hvlb_unlikely(tot > avail))
		return HVLB_DROP_TRUNCATED;
	/* Only a frame over 64 KiB could get here; l3_len could not hold it. */
	if (hvlb_unlikely(tot > UINT16_MAX))
		return HVLB_DROP_BAD_L3_LEN;
	/* Within the IP length, not the frame: padding is never taken for a header. */
	r = parse_ipv6_chain(ip, tot, &proto, &l4);
	if (hvlb_unlikely(r != HVLB_DROP_NONE))
		return r == HVLB_DROP_FRAGMENT ? parse_frag6(frame, pi, tot, l4) : r;
	parse_tuple6(ip, proto, &pi->key);
	if (hvlb_unlikely(parse_martian6(&pi->key.src)))
		return HVLB_DROP_MARTIAN;

	pi->l3_len = (uint16_t)tot;
	pi->l4_off = (uint16_t)(pi->l3_off + l4);
	pi->l4_len = (uint16_t)(tot - l4);
	pi->ttl = ip[7];
	return parse_l4(frame, pi);
}

/* Only Ethernet/IPv4 ARP requests and replies are anything hvlb answers or learns from. */
static enum hvlb_drop
parse_arp_hdr(const uint8_t *frame, uint32_t len, struct pkt_info *pi)
{
	const uint8_t *a = frame + pi->l3_off;
	uint16_t op;

	if (len - pi->l3_off < PARSE_ARP_LEN)
		return HVLB_DROP_TRUNCATED;
	op = parse_rd16(a + 6);
	if (parse_rd16(a) != 1 || parse_rd16(a + 2) != HVLB_ETHERTYPE_IPV4 || a[4] != 6 ||
	    a[5] != 4 || (op != 1 && op != 2))
		return HVLB_DROP_BAD_ARP;
	pi->kind = PKT_ARP;
	pi->l3_len = PARSE_ARP_LEN;
	return HVLB_DROP_NONE;
}

static __attribute__((always_inline)) inline enum hvlb_drop
parse_frame_body(const uint8_t *frame, uint32_t len, struct pkt_info *pi)
{
	uint16_t et;

	memset(pi, 0, sizeof(*pi));
	if (hvlb_unlikely(len < PARSE_ETH_HLEN))
		return HVLB_DROP_TRUNCATED;
	pi->l2_bcast = frame[0] & 1; /* the group bit: broadcast or multicast */
	pi->l3_off = PARSE_ETH_HLEN;
	et = parse_rd16(frame + 12);
	if (et == HVLB_ETHERTYPE_VLAN) {
		if (hvlb_unlikely(len < PARSE_ETH_HLEN + PARSE_VLAN_HLEN))
			return HVLB_DROP_TRUNCATED;
		pi->has_vlan = 1;
		pi->vlan_tci = parse_rd16(frame + 14);
		et = parse_rd16(frame + 16);
		pi->l3_off += PARSE_VLAN_HLEN;
	}
	pi->ethertype = et;
	if (hvlb_likely(et == HVLB_ETHERTYPE_IPV4))
		return parse_ipv4(frame, len, pi);
	if (et == HVLB_ETHERTYPE_IPV6)
		return parse_ipv6(frame, len, pi);
	if (et == HVLB_ETHERTYPE_ARP)
		return parse_arp_hdr(frame, len, pi);
	return HVLB_DROP_UNKNOWN_ETHERTYPE;
}

enum hvlb_drop
parse_frame(const uint8_t *frame, uint32_t len, struct pkt_info *pi)
{
	enum hvlb_drop r = parse_frame_body(frame, len, pi);

	return r == PARSE_SCTP ? HVLB_DROP_NONE : r;
}

enum hvlb_drop
parse_frame_classify(const uint8_t *frame, uint32_t len, struct pkt_info *pi)
{
	return parse_frame_body(frame, len, pi);
}

enum hvlb_drop
parse_verify_l4_csum_other(const uint8_t *frame, const struct pkt_info *pi)
{
	const uint8_t *l4 = frame + pi->l4_off;
	uint8_t proto = pi->key.proto;
	uint16_t res;

	if (pi->kind != PKT_IP)
		return HVLB_DROP_NONE;
	if (pi->key.af == HVLB_AF_INET) {
		/* TCP and UDP: parse_verify_l4_csum's, in line (parse.h). */
		if (proto == HVLB_PROTO_ICMP) {
			res = csum_fold(csum_partial(l4, pi->l4_len, 0));
		} else {
			return HVLB_DROP_NONE;
		}
	} else {
		if (proto != HVLB_PROTO_TCP && proto != HVLB_PROTO_UDP &&
		    proto != HVLB_PROTO_ICMPV6)
			return HVLB_DROP_NONE;
		/* Over IPv6 the UDP checksum is mandatory: 0 is an error (RFC 8200). */
		if (proto == HVLB_PROTO_UDP && parse_rd16(l4 + 6) == 0)
			return HVLB_DROP_BAD_L4_CSUM;
		res = csum_l4_verify6(pi->key.src.b, pi->key.dst.b, proto, l4, pi->l4_len);
	}
	return res == 0 ? HVLB_DROP_NONE : HVLB_DROP_BAD_L4_CSUM;
}

bool
parse_l4_csum_unfilled(const uint8_t *frame, const struct pkt_info *pi)
{
	const uint8_t *l4 = frame + pi->l4_off;
	uint8_t proto = pi->key.proto;
	uint16_t field, unfilled;
	uint32_t pseudo;

	if (pi->kind != PKT_IP || (proto != HVLB_PROTO_TCP && proto != HVLB_PROTO_UDP))
		return false;
	/* Both sides as memory holds them: a one's-complement sum has no byte order. */
	memcpy(&field, l4 + (proto == HVLB_PROTO_TCP ? 16 : 6), sizeof(field));
	if (pi->key.af == HVLB_AF_INET)
		pseudo = csum_pseudo4(pi->key.src.w[0], pi->key.dst.w[0], proto, pi->l4_len);
	else
		pseudo = csum_pseudo6(pi->key.src.b, pi->key.dst.b, proto, pi->l4_len);
	unfilled = (uint16_t)~csum_fold(pseudo);
	return field == unfilled;
}

/* Ports of the embedded packet's L4 header (8 bytes present): TCP/UDP ports, or an echo's
 * identifier as parse_frame would have keyed it. */
static void
parse_inner_ports(const uint8_t *l4, struct flow_key *inner)
{
	uint8_t p = inner->proto;

	if (p == HVLB_PROTO_TCP || p == HVLB_PROTO_UDP || p == HVLB_PROTO_SCTP) {
		parse_tuple_ports(l4, inner);
	} else if ((p == HVLB_PROTO_ICMP && inner->af == HVLB_AF_INET &&
		    (l4[0] == 8 || l4[0] == 0)) ||
		   (p == HVLB_PROTO_ICMPV6 && inner->af == HVLB_AF_INET6 &&
		    (l4[0] == 128 || l4[0] == 129))) {
		inner->sport = parse_rd16_be(l4 + 4);
		inner->dport = inner->sport;
	}
}

enum hvlb_drop
parse_icmp_inner(const uint8_t *frame, const struct pkt_info *pi, struct flow_key *inner,
		 uint16_t *inner_l3_off)
{
	uint32_t off = (uint32_t)pi->l4_off + PARSE_ICMP_HLEN;
	const uint8_t *ip = frame + off;
	uint32_t avail, hl;

	memset(inner, 0, sizeof(*inner));
	if (pi->kind != PKT_IP || pi->icmp != PKT_ICMP_ERROR)
		return HVLB_DROP_BAD_L4_HDR;
	avail = pi->l4_len - PARSE_ICMP_HLEN; /* parse_frame made sure l4_len >= 8 */
	if (pi->key.af == HVLB_AF_INET) {
		if (avail < PARSE_IPV4_HLEN)
			return HVLB_DROP_TRUNCATED;
		hl = (ip[0] & 0xfu) * 4;
		if (ip[0] >> 4 != 4 || hl < PARSE_IPV4_HLEN)
			return HVLB_DROP_BAD_L4_HDR;
		/* A non-first fragment has no L4 header to name the connection. */
		if (parse_rd16(ip + 6) & 0x1fff)
			return HVLB_DROP_BAD_L4_HDR;
		parse_tuple4(ip, inner);
	} else {
		uint8_t proto;
		enum hvlb_drop r;

		if (avail < PARSE_IPV6_HLEN)
			return HVLB_DROP_TRUNCATED;
		if (ip[0] >> 4 != 6)
			return HVLB_DROP_BAD_L4_HDR;
		/* The quote is cut wherever the ICMP sender chose: a chain it cuts short is a
		 * short quote; any other refusal of the chain, a packet hvlb never sent. */
		r = parse_ipv6_chain(ip, avail, &proto, &hl);
		if (r == HVLB_DROP_IPV6_EXT_TRUNCATED)
			return HVLB_DROP_TRUNCATED;
		if (r != HVLB_DROP_NONE)
			return HVLB_DROP_BAD_L4_HDR;
		parse_tuple6(ip, proto, inner);
	}
	if (avail < hl + 8)
		return HVLB_DROP_TRUNCATED;
	parse_inner_ports(ip + hl, inner);
	*inner_l3_off = (uint16_t)off;
	return HVLB_DROP_NONE;
}

void
parse_arp(const uint8_t *frame, const struct pkt_info *pi, struct pkt_arp *arp)
{
	const uint8_t *a = frame + pi->l3_off;

	arp->op = parse_rd16(a + 6);
	memcpy(arp->sha, a + 8, 6);
	memcpy(&arp->spa, a + 14, 4);
	memcpy(arp->tha, a + 18, 6);
	memcpy(&arp->tpa, a + 24, 4);
}

/* RFC 4861 7.1.1 / 7.1.2 validity checks (less the checksum, parse_verify_l4_csum's job):
 * hop limit 255, code 0, at least 24 bytes, target not multicast, every option with a
 * non-zero length inside the message, no source LLA from the unspecified address. */
int
parse_nd(const uint8_t *frame, const struct pkt_info *pi, union hvlb_addr *target,
	 uint8_t lla[6], int *has_lla)
{
	static const union hvlb_addr unspec;
	const uint8_t *m = frame + pi->l4_off;
	uint32_t n = pi->l4_len, off, optlen;
	uint8_t want;

	*has_lla = 0;
	if (pi->kind != PKT_IP || pi->key.af != HVLB_AF_INET6 ||
	    pi->key.proto != HVLB_PROTO_ICMPV6)
		return -1;
	if (pi->icmp == PKT_ICMP_NS)
		want = 1; /* source link-layer address */
	else if (pi->icmp == PKT_ICMP_NA)
		want = 2; /* target link-layer address */
	else
		return -1;
	if (n < PARSE_ND_HLEN || m[1] != 0 || pi->ttl != 255 || m[8] == 0xff)
		return -1;
	memcpy(target->b, m + 8, 16);
	for (off = PARSE_ND_HLEN; off < n; off += optlen) {
		if (n - off < 2)
			return -1;
		optlen = m[off + 1] * 8u;
		if (optlen == 0 || optlen > n - off)
			return -1;
		if (m[off] == want && !*has_lla) {
			memcpy(lla, m + off + 2, 6);
			*has_lla = 1;
		}
	}
	if (want == 1 && *has_lla && hvlb_addr_eq(&pi->key.src, &unspec))
		return -1;
	return 0;
}
