/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Tunnel mode (docs/mode-tunnel.md): the client's packet goes to its NF unchanged inside an
 * outer IP header (IPIP: IPv4 proto 4 / IPv6 next header 41 for either inner family) or an
 * outer IP + UDP header (GUE variant 1, "direct IP": no GUE header, the inner IP version tells
 * the NF what follows), as Katran encapsulates. And the ICMP a client gets when its packet
 * would not fit the path MTU once encapsulated.
 *
 * Both grow the frame at its front: the caller makes room before the frame (an mbuf's
 * headroom) and passes the new start; the Ethernet header (with its VLAN tag) moves there and
 * the new headers go between it and the original IP packet, which is not touched. No DPDK.
 */
#ifndef HVLB_CORE_REWRITE_TUNNEL_H
#define HVLB_CORE_REWRITE_TUNNEL_H

#include <stdint.h>

#include "parse.h"
#include "types.h"

enum tunnel_encap {
	TUNNEL_ENCAP_NONE = 0, /* not a tunnel service */
	TUNNEL_ENCAP_IPIP = 1, /* IP in IP: outer protocol 4 (inner IPv4) or 41 (inner IPv6) */
	TUNNEL_ENCAP_GUE = 2,  /* outer UDP to the GUE port, variant 1 (no GUE header) */
	TUNNEL_ENCAP_MAX
};

/* Katran's GUE_DPORT (balancer_consts.h). */
#define TUNNEL_GUE_PORT_DEFAULT 6080
#define TUNNEL_MTU_DEFAULT 1500
/* The smallest MTU a forwarder accepts: an IPv6 outer header and UDP over IPv6's minimum
 * link MTU still leave the client a usable packet size. */
#define TUNNEL_MTU_MIN 1280
#define TUNNEL_MTU_MAX 9216
/* Too-big ICMPs a second, forwarder-wide (each worker holds its share: rate.h). */
#define TUNNEL_ICMP_RATE_DEFAULT 100
#define TUNNEL_TTL 64
/* The most headroom either rewrite asks for: an IPv6 outer header and UDP. */
#define TUNNEL_ROOM_MAX 48

/* The outer headers of one packet. */
struct tunnel_out {
	union hvlb_addr src;  /* the forwarder's address */
	union hvlb_addr dst;  /* the NF's */
	uint8_t af;           /* outer family: the NF address's */
	uint8_t encap;        /* enum tunnel_encap, not NONE */
	uint16_t gue_port;    /* network order (GUE) */
	uint16_t sport;       /* network order (GUE): tunnel_sport */
};

/* A tunnel connection's conn.encap: the encapsulation with TUNNEL_CONN_V6 when the NF (the
 * outer header) is IPv6, so its packets need no lookup of the NF's family. 0 for any other
 * connection. */
#define TUNNEL_CONN_V6 0x80
#define TUNNEL_CONN_ENCAP 0x03

static inline uint8_t
tunnel_conn_encap(uint8_t encap, uint8_t nf_af)
{
	return (uint8_t)(encap | (encap != 0 && nf_af == HVLB_AF_INET6 ? TUNNEL_CONN_V6 : 0));
}

/* Bytes the outer headers take. */
static inline uint16_t
tunnel_overhead(uint8_t encap, uint8_t outer_af)
{
	return (uint16_t)((outer_af == HVLB_AF_INET ? 20 : 40) + (encap == TUNNEL_ENCAP_GUE ? 8 : 0));
}

/* The outer UDP source port of a flow (network order): from the flow's hash, so a receiver
 * that spreads by the outer 5-tuple (RSS) spreads the flows, and one flow keeps one port. In
 * the ephemeral range 49152-65535. */
static inline uint16_t
tunnel_sport(uint32_t flow_hash)
{
	uint16_t p = (uint16_t)(0xc000 | ((flow_hash ^ (flow_hash >> 16)) & 0x3fff));

	return (uint16_t)(p << 8 | p >> 8);
}

/* Whether pi's IP packet (its l3_len, not the frame's padding) is too long for a path of mtu
 * bytes once encapsulated. */
static inline bool
tunnel_too_big(const struct pkt_info *pi, uint8_t encap, uint8_t outer_af, uint16_t mtu)
{
	return (uint32_t)pi->l3_len + tunnel_overhead(encap, outer_af) > mtu;
}

/* Encapsulate: buf is the frame pi describes, moved tunnel_overhead(t) bytes earlier (that is,
 * buf + overhead is the received frame). The Ethernet header (and tag) go to buf, its
 * ethertype becomes the outer family's; the outer IP header (TTL 64, DSCP and ECN copied from
 * the inner header, IPv4: DF set, id 0) and for GUE the UDP header (IPv4 checksum 0 as Katran
 * sends; IPv6 the full checksum, which RFC 8200 asks of UDP over IPv6) follow. Returns the
 * new frame's length: the caller trims what followed the inner packet (Ethernet padding). */
uint32_t rewrite_tunnel_encap(uint8_t *buf, const struct pkt_info *pi, const struct tunnel_out *t);

/* Headroom rewrite_icmp_too_big needs for a packet of family af: the new IP and ICMP headers. */
static inline uint16_t
tunnel_icmp_room(uint8_t af)
{
	return af == HVLB_AF_INET ? 28 : 48;
}

/* The next-hop MTU a client is told: the path's less the encapsulation, never below what its
 * family must accept (IPv4 68, IPv6 1280). */
uint16_t tunnel_inner_mtu(uint16_t mtu, uint8_t encap, uint8_t outer_af, uint8_t inner_af);

/* Turn the client's packet into the ICMP error telling it the path's MTU, in place: buf is
 * the frame moved tunnel_icmp_room(af) bytes earlier. IPv4: destination unreachable,
 * fragmentation needed (3/4) with next_mtu; IPv6: packet too big (2/0) with next_mtu. From
 * the VIP (the packet's destination) to the client, TTL / hop limit 64; it quotes the packet
 * from its IP header on, as much as fits in 576 (IPv4) or 1280 (IPv6) bytes. The Ethernet
 * addresses are left for the caller (routing). Returns the new frame's length. */
/* "ipip", "gue" ("" for none); and back (-1: neither). */
const char *tunnel_encap_name(unsigned encap);
int tunnel_encap_from_name(const char *s);

uint32_t rewrite_icmp_too_big(uint8_t *buf, const struct pkt_info *pi, uint16_t next_mtu);

/* Put back in frame, a packet pi parsed as it arrived and the forwarder has since rewritten
 * (NAT, FullNAT, DR: addresses, TCP or UDP ports, TTL / hop limit; MACs left), the header
 * it arrived with, so that the too-big ICMP quotes what its sender sent: the addresses and
 * ports of pi's key, pi's TTL, the IPv4 header checksum computed, the L4 checksum updated by
 * the same deltas that changed it (so back to the sender's), a UDP checksum 0 left 0.
 * Bytes the rewrite added (a FullNAT TOA option) stay. false, nothing touched: frame's IP
 * header is not pi's family and protocol (IPv6: extension headers before it), or is a
 * fragment, or pi is no TCP or UDP packet. */
bool rewrite_restore_orig(uint8_t *frame, const struct pkt_info *pi);

#endif
