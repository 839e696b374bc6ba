/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Parsing of one received frame: Ethernet, one 802.1Q tag, ARP, IPv4, IPv6, TCP, UDP, ICMP,
 * ICMPv6. Validates lengths and the IPv4 header checksum; every rejection returns a named drop
 * reason (drop.h). Never writes to the frame.
 */
#ifndef HVLB_CORE_PARSE_H
#define HVLB_CORE_PARSE_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "csum.h"
#include "drop.h"
#include "types.h"

#define HVLB_ETHERTYPE_IPV4 0x0800
#define HVLB_ETHERTYPE_IPV6 0x86DD
#define HVLB_ETHERTYPE_ARP 0x0806
#define HVLB_ETHERTYPE_VLAN 0x8100

/* TCP flag bits as in the header's 13th byte. */
#define HVLB_TCP_FIN 0x01
#define HVLB_TCP_SYN 0x02
#define HVLB_TCP_RST 0x04
#define HVLB_TCP_PSH 0x08
#define HVLB_TCP_ACK 0x10
#define HVLB_TCP_URG 0x20

/* The flags that decide whether a combination is valid; PSH, ECE and CWR go with any. */
#define HVLB_TCP_FLAGS_CHECKED                                                                     \
	(HVLB_TCP_FIN | HVLB_TCP_SYN | HVLB_TCP_RST | HVLB_TCP_ACK | HVLB_TCP_URG)

/* The combinations of HVLB_TCP_FLAGS_CHECKED a TCP sends, one bit each: Linux conntrack's
 * tcp_valid_flags (SYN, SYN|URG, SYN|ACK, RST, RST|ACK, FIN|ACK, FIN|ACK|URG, ACK, ACK|URG).
 * Everything else (no flag, FIN alone, SYN|FIN, SYN|RST, FIN|RST, ...) only a scanner or a
 * forger sends. */
#define HVLB_TCP_VALID_SET                                                                         \
	(1ull << HVLB_TCP_SYN | 1ull << (HVLB_TCP_SYN | HVLB_TCP_URG) |                            \
	 1ull << (HVLB_TCP_SYN | HVLB_TCP_ACK) | 1ull << HVLB_TCP_RST |                            \
	 1ull << (HVLB_TCP_RST | HVLB_TCP_ACK) | 1ull << (HVLB_TCP_FIN | HVLB_TCP_ACK) |           \
	 1ull << (HVLB_TCP_FIN | HVLB_TCP_ACK | HVLB_TCP_URG) | 1ull << HVLB_TCP_ACK |             \
	 1ull << (HVLB_TCP_ACK | HVLB_TCP_URG))

/* Whether a TCP flags byte is a combination a TCP sends (HVLB_TCP_VALID_SET). */
static inline bool
parse_tcp_flags_valid(uint8_t fl)
{
	return (HVLB_TCP_VALID_SET >> (fl & HVLB_TCP_FLAGS_CHECKED)) & 1;
}

enum pkt_kind {
	PKT_IP = 0,   /* IPv4 / IPv6 carrying TCP, UDP, ICMP(v6) or another protocol */
	PKT_ARP,      /* Ethernet/IPv4 ARP request or reply */
	PKT_IP_FRAG,  /* an IP fragment (parse_frame says FRAGMENT; what it is: pi->frag). Kept
			 apart from PKT_IP for parse_verify_l4_csum, which passes it: a piece of
			 a datagram cannot prove its checksum, and a whole packet pays nothing to
			 be told apart */
};

/* ICMP messages that matter to a load balancer. */
enum pkt_icmp {
	PKT_ICMP_NONE = 0,
	PKT_ICMP_ECHO_REQUEST, /* ICMP 8 / ICMPv6 128 */
	PKT_ICMP_ECHO_REPLY,   /* ICMP 0 / ICMPv6 129 */
	PKT_ICMP_ERROR,        /* dest unreachable, frag needed / packet too big, time exceeded,
				  parameter problem: carries an inner header */
	PKT_ICMP_NS,           /* ICMPv6 neighbour solicitation */
	PKT_ICMP_NA,           /* ICMPv6 neighbour advertisement */
	PKT_ICMP_OTHER,
};

/* What parse_frame learnt about a frame. Offsets are from the start of the frame. */
struct pkt_info {
	uint16_t l3_off;     /* IPv4/IPv6/ARP header */
	uint16_t l4_off;     /* TCP/UDP/ICMP header (IP only) */
	uint16_t l3_len;     /* IPv4 total length / IPv6 40 + payload length */
	uint16_t l4_len;     /* l3_len minus the IP header: the L4 segment's length */
	/* From ethertype to frag: what parse_fast4_finish writes as constants, together (two
	 * stores). */
	uint16_t ethertype;  /* host order, after the VLAN tag */
	uint16_t vlan_tci;   /* host order; valid when has_vlan */
	uint8_t has_vlan;
	uint8_t kind;        /* enum pkt_kind */
	uint8_t icmp;        /* enum pkt_icmp when proto is ICMP / ICMPv6 */
	uint8_t l2_bcast;    /* destination MAC is broadcast or multicast */
	uint16_t frag;       /* enum pkt_frag: not NONE only where parse_frame says FRAGMENT
				(16 bits: the padding it took is stored as one, on every packet) */
	uint8_t tcp_flags;   /* TCP flags byte when proto is TCP */
	uint8_t ttl;         /* IPv4 TTL / IPv6 hop limit */
	struct flow_key key; /* af, proto, addresses, ports (ICMP echo: id in sport and dport) */
};

/* What parse_frame found of a fragment (it returns HVLB_DROP_FRAGMENT for every one; the
 * worker decides what becomes of it: docs/fragments.md). */
enum pkt_frag {
	PKT_FRAG_NONE = 0,
	PKT_FRAG_FIRST, /* offset 0, more to come: pi as for a whole packet (ports, flags for TCP
			   and UDP), except l4_len, the first fragment's share of the segment */
	PKT_FRAG_TAIL,  /* a later fragment: l4_off / l4_len its piece of the payload, key the
			   addresses (IPv4: the protocol, IPv6: the fragmentable part's next header) */
	PKT_FRAG_BAD,   /* no datagram can be made of it: a piece past 64 KiB, a piece other than
			   the last not a multiple of 8 bytes, a first one without its L4 header */
};

/* A fragment's place in its datagram (parse_frag_info). */
struct pkt_frag_info {
	struct flow_key dgram; /* the datagram: addresses, IPv4 protocol, identification (sport:
				  high 16 bits, dport: low), af; what RFC 791 / 8200 key on */
	uint32_t off;          /* bytes from the start of the fragmentable part */
	uint32_t len;          /* bytes of it in this fragment (pi->l4_len) */
	bool more;             /* MF set: not the last */
};

/* Parse frame[0..len). Returns HVLB_DROP_NONE and fills *pi, or the reason to drop.
 * Rules (docs/drops.md): IPv4 with options -> IP_OPTIONS; any fragment (MF set or offset != 0,
 * IPv6 fragment header) -> FRAGMENT, with pi filled as enum pkt_frag says (pi->frag); IPv6 hop-by-hop, destination options and routing headers
 * are stepped over (parse_ipv6_chain: its reasons), other extension headers -> IPV6_EXT_HDR;
 * pi->l4_off is then past them (pi->l4_off - pi->l3_off - 40 bytes of them); IPv4 header
 * checksum wrong -> BAD_IP_CSUM; frame shorter than the IP length -> TRUNCATED, IP length
 * shorter than its headers -> BAD_L3_LEN (trailing Ethernet padding is allowed); TCP data
 * offset < 5 or UDP length != IP payload length -> BAD_L4_HDR; TCP flags that no TCP sends
 * (parse_tcp_flags_valid) -> TCP_BAD_FLAGS; SCTP: sctp_parse's reasons, and its CRC32c,
 * checked here on every packet unlike the others' checksums -> SCTP_BAD_CRC (docs/sctp.md;
 * pi->tcp_flags then holds its chunks as TCP flags); source address multicast,
 * broadcast or loopback -> MARTIAN; EtherType other than IPv4/IPv6/ARP -> UNKNOWN_ETHERTYPE.
 * L4 checksums are not checked here (parse_verify_l4_csum). */
enum hvlb_drop parse_frame(const uint8_t *frame, uint32_t len, struct pkt_info *pi);

/* Not a drop reason (past HVLB_DROP_MAX): what parse_frame_classify returns for an SCTP packet
 * parse_frame accepts (its chunks and CRC32c checked: docs/sctp.md). */
#define PARSE_SCTP ((enum hvlb_drop)HVLB_DROP_MAX)

/* parse_frame for the worker's classifier: the same, except that an SCTP packet it accepts
 * returns PARSE_SCTP, so that the classifier, which tests the result anyway, takes SCTP out
 * of line with the refused frames at no cost to TCP and UDP (src/worker_classify.h). */
enum hvlb_drop parse_frame_classify(const uint8_t *frame, uint32_t len, struct pkt_info *pi);

/* For a frame parse_frame called a fragment with pi->frag FIRST or TAIL: its datagram, offset,
 * length and MF (struct pkt_frag_info). */
void parse_frag_info(const uint8_t *frame, const struct pkt_info *pi, struct pkt_frag_info *fi);

/* parse_verify_l4_csum for the packets that are not IPv4 TCP or UDP (parse.c). */
enum hvlb_drop parse_verify_l4_csum_other(const uint8_t *frame, const struct pkt_info *pi);

/* Verify the TCP/UDP/ICMP/ICMPv6 checksum of a parsed IP packet: HVLB_DROP_NONE or
 * HVLB_DROP_BAD_L4_CSUM. A UDP/IPv4 checksum of 0 means "none" and passes; a fragment
 * (PKT_IP_FRAG) passes too: its checksum covers the whole datagram, which no one fragment
 * holds. IPv4 TCP and UDP, every new connection's, in line; the rest out of line. */
static inline enum hvlb_drop
parse_verify_l4_csum(const uint8_t *frame, const struct pkt_info *pi)
{
	const uint8_t *l4 = frame + pi->l4_off;
	uint8_t proto = pi->key.proto;
	uint16_t udp_csum;

	if (hvlb_unlikely(pi->kind != PKT_IP || pi->key.af != HVLB_AF_INET ||
			  (proto != HVLB_PROTO_TCP && proto != HVLB_PROTO_UDP)))
		return parse_verify_l4_csum_other(frame, pi);
	/* UDP/IPv4 may leave the checksum out (RFC 768). */
	memcpy(&udp_csum, l4 + 6, 2);
	if (proto == HVLB_PROTO_UDP && udp_csum == 0)
		return HVLB_DROP_NONE;
	return csum_l4_verify4(pi->key.src.w[0], pi->key.dst.w[0], proto, l4, pi->l4_len) == 0
		       ? HVLB_DROP_NONE
		       : HVLB_DROP_BAD_L4_CSUM;
}

/* For a TCP/UDP segment whose checksum failed: true when its checksum field holds the folded
 * pseudo-header sum, what a sender's stack writes for its NIC to complete (transmit checksum
 * offload; Linux's CHECKSUM_PARTIAL), i.e. a checksum nobody filled in: a veth or tap peer
 * with tx offload on hands such frames to AF_PACKET as they are. Chance alone gives it one
 * bad checksum in 65,536. */
bool parse_l4_csum_unfilled(const uint8_t *frame, const struct pkt_info *pi);

/* For an ICMP error (pi->icmp == PKT_ICMP_ERROR): parse the embedded packet's header into
 * *inner (the tuple as the embedded packet had it) and its IP header offset into *inner_l3_off.
 * Needs the inner IP header and the first 8 bytes of its L4 header. Returns HVLB_DROP_NONE,
 * TRUNCATED or BAD_L4_HDR. */
enum hvlb_drop parse_icmp_inner(const uint8_t *frame, const struct pkt_info *pi,
				struct flow_key *inner, uint16_t *inner_l3_off);

/* ARP fields (IPv4 over Ethernet only; anything else is BAD_ARP at parse time). */
struct pkt_arp {
	uint16_t op;           /* 1 request, 2 reply (host order) */
	uint8_t sha[6];
	uint32_t spa;          /* network order */
	uint8_t tha[6];
	uint32_t tpa;          /* network order */
};
void parse_arp(const uint8_t *frame, const struct pkt_info *pi, struct pkt_arp *arp);

/* Neighbour discovery: the target address of an NS or NA, and the link-layer address option
 * (source LLA in an NS, target LLA in an NA) if present. Returns 0, or -1 when malformed. */
int parse_nd(const uint8_t *frame, const struct pkt_info *pi, union hvlb_addr *target,
	     uint8_t lla[6], int *has_lla);

/* ---- IPv6 extension headers ---- */

#define HVLB_IPV6_NH_HOPOPTS 0
#define HVLB_IPV6_NH_ROUTING 43
#define HVLB_IPV6_NH_FRAGMENT 44
#define HVLB_IPV6_NH_DSTOPTS 60
#define PARSE_IPV6_HDR_LEN 40
/* Limits against a chain built to cost: at most this many extension headers, and this many
 * bytes of them, before the upper-layer header. Real traffic has one or two (a router alert,
 * a destination option, a spent segment routing header); 256 bytes hold an SRH of 14
 * segments and keep the L4 header in the first segment's first few cache lines. */
#define PARSE_IPV6_EXT_MAX 8
#define PARSE_IPV6_EXT_MAX_LEN 256

/* Extension headers hvlb does not step over (IANA registry): AH (NAT would break its
 * integrity check anyway), mobility, HIP, shim6, experimental. ESP and "no next header" are
 * upper-layer protocols to it, as in IPv4. */
static inline bool
parse_ipv6_ext_unhandled(uint8_t nh)
{
	switch (nh) {
	case 51:  /* authentication header */
	case 135: /* mobility */
	case 139: /* HIP */
	case 140: /* shim6 */
	case 253: /* experimental */
	case 254:
		return true;
	}
	return false;
}

/* The walk parse_ipv6_chain does, from next header nh at offset off (n headers already
 * passed): also what follows a fragment header in a first fragment. On FRAGMENT, *l4 is the
 * fragment header's offset. */
static inline enum hvlb_drop
parse_ipv6_chain_from(const uint8_t *ip, uint32_t end, uint8_t nh, uint32_t off, unsigned n,
		      uint8_t *proto, uint32_t *l4)
{
	uint32_t hl;

	for (; nh == HVLB_IPV6_NH_HOPOPTS || nh == HVLB_IPV6_NH_ROUTING ||
	       nh == HVLB_IPV6_NH_DSTOPTS;
	     n++) {
		if (nh == HVLB_IPV6_NH_HOPOPTS && n != 0)
			return HVLB_DROP_IPV6_HBH_MISPLACED;
		if (n == PARSE_IPV6_EXT_MAX)
			return HVLB_DROP_IPV6_EXT_TOO_MANY;
		/* Every one of the three is at least 8 bytes: next header, length, 6 more. */
		if (end - off < 8)
			return HVLB_DROP_IPV6_EXT_TRUNCATED;
		hl = (ip[off + 1] + 1u) * 8;
		if (off - PARSE_IPV6_HDR_LEN + hl > PARSE_IPV6_EXT_MAX_LEN)
			return HVLB_DROP_IPV6_EXT_TOO_LONG;
		if (hl > end - off)
			return HVLB_DROP_IPV6_EXT_TRUNCATED;
		/* Segments left (RFC 8200 4.4): 0 means the destination address is the final
		 * one, which the pseudo-header and the NAT rewrite then agree on. */
		if (nh == HVLB_IPV6_NH_ROUTING && ip[off + 3] != 0)
			return HVLB_DROP_IPV6_SRC_ROUTE;
		nh = ip[off];
		off += hl;
	}
	if (hvlb_unlikely(nh == HVLB_IPV6_NH_FRAGMENT)) {
		*l4 = off;
		return HVLB_DROP_FRAGMENT;
	}
	if (hvlb_unlikely(parse_ipv6_ext_unhandled(nh)))
		return HVLB_DROP_IPV6_EXT_HDR;
	*proto = nh;
	*l4 = off;
	return HVLB_DROP_NONE;
}

/* Walk the extension headers of the IPv6 header at ip, whose packet (or quote) ends at
 * ip + end (end >= 40), to the upper-layer header: its protocol in *proto and its offset from
 * ip in *l4. Hop-by-hop (only first, RFC 8200 4.1), destination options and routing headers
 * are stepped over and carried unchanged. Returns HVLB_DROP_NONE or why not (docs/drops.md):
 * IPV6_HBH_MISPLACED, IPV6_EXT_TOO_MANY, IPV6_EXT_TOO_LONG, IPV6_EXT_TRUNCATED,
 * IPV6_SRC_ROUTE (a routing header with segments left: this node would be a hop of a source
 * route, not its destination), FRAGMENT (*l4: the fragment header's offset), IPV6_EXT_HDR.
 * One test for a packet without any. */
static inline enum hvlb_drop
parse_ipv6_chain(const uint8_t *ip, uint32_t end, uint8_t *proto, uint32_t *l4)
{
	return parse_ipv6_chain_from(ip, end, ip[6], PARSE_IPV6_HDR_LEN, 0, proto, l4);
}

/* ---- the tuple: one reading of addresses and ports for every parser below ---- */

/* Family, protocol and addresses of an IPv4 header (options or not). */
static inline void
parse_tuple4(const uint8_t *ip, struct flow_key *k)
{
	k->af = HVLB_AF_INET;
	k->proto = ip[9];
	memcpy(&k->src.w[0], ip + 12, 4);
	memcpy(&k->dst.w[0], ip + 16, 4);
}

/* Family, upper-layer protocol (parse_ipv6_chain's: past any extension header) and addresses
 * of an IPv6 header. */
static inline void
parse_tuple6(const uint8_t *ip, uint8_t proto, struct flow_key *k)
{
	k->af = HVLB_AF_INET6;
	k->proto = proto;
	memcpy(k->src.b, ip + 8, 16);
	memcpy(k->dst.b, ip + 24, 16);
}

/* TCP / UDP ports, left in network order. */
static inline void
parse_tuple_ports(const uint8_t *l4, struct flow_key *k)
{
	memcpy(&k->sport, l4, 2);
	memcpy(&k->dport, l4 + 2, 2);
}

/* The tuple of a plain TCP, UDP or SCTP packet, read straight from the frame without checking
 * it: IPv4 without options or fragmentation, or IPv6 whose upper-layer header is one of them
 * (parse_ipv6_chain), with at most one 802.1Q tag. The key is what parse_frame would give
 * (tests/unit/test_steer.c and test_parse_ipv6ext.c check it). False for anything else.
 *
 * Why: the dispatch stage (src/dispatch.c) only has to find a packet's owner; parsing and
 * checking it is the owner's job, which it does anyway. */
static inline bool
parse_peek_tuple(const uint8_t *frame, uint32_t len, struct flow_key *key)
{
	uint32_t l2 = 14;
	const uint8_t *ip;
	uint16_t et;

	if (len < 18)
		return false;
	et = (uint16_t)(frame[12] << 8 | frame[13]);
	if (et == HVLB_ETHERTYPE_VLAN) {
		et = (uint16_t)(frame[16] << 8 | frame[17]);
		l2 = 18;
	}
	ip = frame + l2;
	*key = (struct flow_key){0};
	if (et == HVLB_ETHERTYPE_IPV4) {
		if (len < l2 + 20 + 4 || ip[0] != 0x45 || ((ip[6] & 0x3f) | ip[7]) != 0)
			return false;
		parse_tuple4(ip, key);
		ip += 20;
	} else if (et == HVLB_ETHERTYPE_IPV6) {
		uint32_t l4;
		uint8_t proto;

		/* Bounded by the frame here, by the IP length in parse_frame: a chain that fits
		 * the packet walks the same either way. */
		if (len < l2 + 40 + 4 || parse_ipv6_chain(ip, len - l2, &proto, &l4) != HVLB_DROP_NONE ||
		    len < l2 + l4 + 4)
			return false;
		parse_tuple6(ip, proto, key);
		ip += l4;
	} else {
		return false;
	}
	if (key->proto != HVLB_PROTO_TCP && key->proto != HVLB_PROTO_UDP &&
	    key->proto != HVLB_PROTO_SCTP)
		return false;
	parse_tuple_ports(ip, key);
	return true;
}

/* Sources no real host sends from (HVLB_DROP_MARTIAN): 224/4 multicast, 255.255.255.255,
 * 127/8. Also what a connection's sources never are (sync_wire.c refuses a peer's record
 * with one). */
static inline int
parse_martian4(const uint8_t *a)
{
	return (a[0] & 0xf0) == 0xe0 || a[0] == 127 ||
	       (a[0] == 255 && a[1] == 255 && a[2] == 255 && a[3] == 255);
}

/* ff00::/8 multicast and ::1. The unspecified address stays legal: duplicate address
 * detection sends neighbour solicitations from it. */
static inline int
parse_martian6(const union hvlb_addr *a)
{
	static const union hvlb_addr loopback = {.b = {[15] = 1}};

	return a->b[0] == 0xff || hvlb_addr_eq(a, &loopback);
}

#endif
