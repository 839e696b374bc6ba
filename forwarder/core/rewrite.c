/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * In-place rewrites and the two frames hvlb builds itself (ARP request, neighbour
 * solicitation).
 *
 * Checksums of forwarded packets are updated incrementally (RFC 1624): the cost does not
 * depend on the payload, and a checksum that was wrong on arrival stays wrong, so the end host
 * still drops the damaged packet instead of hvlb laundering it. Only messages hvlb answers or
 * builds itself, and ICMP errors (short, and verified before they are rewritten), get a full
 * computation.
 *
 * All fields are read and written in network order with memcpy, so nothing needs alignment.
 */
#include <string.h>

#include "csum.h"
#include "rewrite.h"
#include "rewrite_fast.h"
#include "sctp.h"

#define REWRITE_ETH_MIN 60 /* without the FCS */
#define REWRITE_ARP_LEN 28
#define REWRITE_IPV6_HLEN 40
#define REWRITE_ND_LEN 24       /* NS/NA without options */
#define REWRITE_ND_OPT_LEN 8    /* an Ethernet link-layer address option */
#define REWRITE_ND_NA_S 0x40    /* solicited */
#define REWRITE_ND_NA_O 0x20    /* override */

static inline uint16_t
rewrite_rd16(const uint8_t *p)
{
	uint16_t v;

	memcpy(&v, p, 2);
	return v;
}

static inline void
rewrite_wr16(uint8_t *p, uint16_t v)
{
	memcpy(p, &v, 2);
}

static inline void
rewrite_put16(uint8_t *p, uint16_t host)
{
	p[0] = (uint8_t)(host >> 8);
	p[1] = (uint8_t)host;
}

/* The L4 checksum field a rewrite of addresses and ports must update, or NULL: UDP/IPv4
 * without a checksum, ICMPv4 (which no pseudo-header covers) and protocols hvlb does not know.
 * parse_frame made sure the fixed L4 header is there. */
static inline uint8_t *
rewrite_l4_csum(uint8_t *l4, uint8_t af, uint8_t proto)
{
	if (proto == HVLB_PROTO_TCP)
		return l4 + 16;
	if (proto == HVLB_PROTO_UDP)
		return af == HVLB_AF_INET && rewrite_rd16(l4 + 6) == 0 ? NULL : l4 + 6;
	if (proto == HVLB_PROTO_ICMPV6 && af == HVLB_AF_INET6)
		return l4 + 2;
	return NULL;
}

/* Store an updated L4 checksum. A UDP checksum that comes out as 0 is sent as 0xffff, since
 * 0 would mean "no checksum" (RFC 768). */
static inline void
rewrite_store_l4_csum(uint8_t *p, uint8_t proto, uint16_t c)
{
	if (proto == HVLB_PROTO_UDP && c == 0)
		c = 0xffff;
	rewrite_wr16(p, c);
}

/* Decrement the IPv4 TTL, updating the header checksum in *ipc (with other changes to it;
 * rewrite_ttl_dec4_ip when the TTL is the only one). */
static inline void
rewrite_ttl_dec4(uint8_t *ip, uint16_t *ipc)
{
	uint16_t old = rewrite_rd16(ip + 8);

	ip[8]--;
	*ipc = csum_update16(*ipc, old, rewrite_rd16(ip + 8));
}

/* Replace the address at a (4 or 16 bytes by af) with addr, returning the old one. */
static inline void
rewrite_swap_addr(uint8_t *a, uint8_t af, const union hvlb_addr *addr, union hvlb_addr *old)
{
	if (af == HVLB_AF_INET) {
		hvlb_addr_set4(old, 0);
		memcpy(&old->w[0], a, 4);
		memcpy(a, &addr->w[0], 4);
	} else {
		memcpy(old->b, a, 16);
		memcpy(a, addr->b, 16);
	}
}

/* The L4 checksum after an address of the pseudo-header changed. */
static inline uint16_t
rewrite_update_addr(uint16_t c, uint8_t af, const union hvlb_addr *old, const union hvlb_addr *new_)
{
	if (af == HVLB_AF_INET)
		return csum_update32(c, old->w[0], new_->w[0]);
	return csum_update128(c, old, new_);
}

/* An SCTP packet's port after NAT (port 0: kept) and, in an INIT or INIT-ACK, its address
 * parameters hidden (sctp_hide_addrs, docs/sctp.md): the CRC32c, which covers no IP address,
 * is computed again only when one of them changed a byte. */
static __attribute__((noinline)) void
rewrite_sctp(uint8_t *l4, const struct pkt_info *pi, int is_dst, uint16_t port)
{
	uint8_t *pp = l4 + (is_dst ? 2 : 0);
	bool redo = false;

	if (port != 0 && memcmp(pp, &port, 2) != 0) {
		memcpy(pp, &port, 2);
		redo = true;
	}
	if ((pi->tcp_flags & HVLB_TCP_SYN) && sctp_hide_addrs(l4, pi->l4_len) != 0)
		redo = true;
	if (redo)
		sctp_csum_set(l4, pi->l4_len);
}

/* NAT one side of a packet: the source (is_dst 0) or destination address and port, and the
 * TTL. port 0 keeps the packet's port (a service on every port). The changes' checksum deltas
 * are summed and each checksum is adjusted once. */
static void
rewrite_nat(uint8_t *frame, const struct pkt_info *pi, int is_dst, const union hvlb_addr *addr,
	    uint16_t port)
{
	uint8_t *ip = frame + pi->l3_off, *l4 = frame + pi->l4_off;
	uint8_t af = pi->key.af, proto = pi->key.proto;
	uint8_t *l4c = rewrite_l4_csum(l4, af, proto);
	union hvlb_addr old;
	uint32_t d; /* the L4 checksum's: address (pseudo-header) and port */

	if (af == HVLB_AF_INET) {
		uint16_t ttl_proto = rewrite_rd16(ip + 8);

		rewrite_swap_addr(ip + (is_dst ? 16 : 12), af, addr, &old);
		d = csum_delta32(old.w[0], addr->w[0]);
		ip[8]--;
		rewrite_wr16(ip + 10, csum_adjust(rewrite_rd16(ip + 10),
						  d + csum_delta16(ttl_proto, rewrite_rd16(ip + 8))));
	} else {
		rewrite_swap_addr(ip + (is_dst ? 24 : 8), af, addr, &old);
		d = csum_delta128(&old, addr);
		ip[7]--;
	}
	if (port != 0 && (proto == HVLB_PROTO_TCP || proto == HVLB_PROTO_UDP)) {
		uint8_t *pp = l4 + (is_dst ? 2 : 0);

		d += csum_delta16(rewrite_rd16(pp), port);
		rewrite_wr16(pp, port);
	} else if (hvlb_unlikely(proto == HVLB_PROTO_SCTP)) {
		rewrite_sctp(l4, pi, is_dst, port);
	}
	if (l4c != NULL)
		rewrite_store_l4_csum(l4c, proto, csum_adjust(rewrite_rd16(l4c), d));
}

void
rewrite_nat_to_rs(uint8_t *frame, const struct pkt_info *pi, const union hvlb_addr *rs_addr,
		  uint16_t rs_port)
{
	rewrite_nat(frame, pi, 1, rs_addr, rs_port);
}

/* vport 0 (a service on every port) keeps the source port, as rs_port 0 kept the
 * destination port on the way in. */
void
rewrite_nat_to_client(uint8_t *frame, const struct pkt_info *pi, const union hvlb_addr *vip,
		      uint16_t vport)
{
	rewrite_nat(frame, pi, 0, vip, vport);
}

void
rewrite_frag_tail(uint8_t *frame, const struct pkt_info *pi, const union hvlb_addr *src,
		  const union hvlb_addr *dst)
{
	uint8_t *ip = frame + pi->l3_off;
	uint8_t af = pi->key.af;
	union hvlb_addr old;

	if (af == HVLB_AF_INET) {
		uint16_t ipc = rewrite_rd16(ip + 10);

		if (src != NULL) {
			rewrite_swap_addr(ip + 12, af, src, &old);
			ipc = csum_update32(ipc, old.w[0], src->w[0]);
		}
		if (dst != NULL) {
			rewrite_swap_addr(ip + 16, af, dst, &old);
			ipc = csum_update32(ipc, old.w[0], dst->w[0]);
		}
		rewrite_ttl_dec4(ip, &ipc);
		rewrite_wr16(ip + 10, ipc);
	} else {
		if (src != NULL)
			rewrite_swap_addr(ip + 8, af, src, &old);
		if (dst != NULL)
			rewrite_swap_addr(ip + 24, af, dst, &old);
		ip[7]--;
	}
}

void
rewrite_ttl_dec(uint8_t *frame, const struct pkt_info *pi)
{
	uint8_t *ip = frame + pi->l3_off;

	if (pi->key.af == HVLB_AF_INET) {
		rewrite_ttl_dec4_ip(ip);
	} else {
		ip[7]--;
	}
}

/* The embedded packet of an ICMP error: source address and port to the RS's, its IPv4 header
 * checksum and its L4 checksum field updated. The L4 header may be cut short after 8 bytes
 * (parse_icmp_inner made sure of those); a checksum field beyond end is not there to update. */
static void
rewrite_icmp_inner(uint8_t *frame, uint8_t af, uint16_t inner_l3_off, uint32_t end,
		   const union hvlb_addr *rs_addr, uint16_t rs_port)
{
	uint8_t *in = frame + inner_l3_off, *l4, *l4c;
	union hvlb_addr old;
	uint8_t proto;
	uint16_t c;

	if (af == HVLB_AF_INET) {
		rewrite_swap_addr(in + 12, af, rs_addr, &old);
		c = csum_update32(rewrite_rd16(in + 10), old.w[0], rs_addr->w[0]);
		rewrite_wr16(in + 10, c);
		l4 = in + (in[0] & 0xf) * 4;
		proto = in[9];
	} else {
		uint32_t hl = 40;

		rewrite_swap_addr(in + 8, af, rs_addr, &old);
		/* parse_icmp_inner walked this chain already: it cannot fail here. */
		proto = in[6];
		(void)parse_ipv6_chain(in, end - inner_l3_off, &proto, &hl);
		l4 = in + hl;
	}
	l4c = rewrite_l4_csum(l4, af, proto);
	if (l4c != NULL && (uint32_t)(l4c + 2 - frame) > end)
		l4c = NULL;
	c = l4c != NULL ? rewrite_rd16(l4c) : 0;
	c = rewrite_update_addr(c, af, &old, rs_addr);
	/* An SCTP quote's CRC is left as it is: the quote is cut, no one can check it. */
	if (rs_port != 0 &&
	    (proto == HVLB_PROTO_TCP || proto == HVLB_PROTO_UDP || proto == HVLB_PROTO_SCTP)) {
		c = csum_update16(c, rewrite_rd16(l4), rs_port);
		rewrite_wr16(l4, rs_port);
	}
	if (l4c != NULL)
		rewrite_store_l4_csum(l4c, proto, c);
}

void
rewrite_icmp_err_to_rs(uint8_t *frame, const struct pkt_info *pi, uint16_t inner_l3_off,
		       const union hvlb_addr *rs_addr, uint16_t rs_port)
{
	uint8_t *ip = frame + pi->l3_off, *icmp = frame + pi->l4_off;
	uint8_t af = pi->key.af;
	union hvlb_addr old;
	uint32_t sum = 0;

	if (af == HVLB_AF_INET) {
		uint16_t ipc = rewrite_rd16(ip + 10);

		rewrite_swap_addr(ip + 16, af, rs_addr, &old);
		ipc = csum_update32(ipc, old.w[0], rs_addr->w[0]);
		rewrite_ttl_dec4(ip, &ipc);
		rewrite_wr16(ip + 10, ipc);
	} else {
		rewrite_swap_addr(ip + 24, af, rs_addr, &old);
		ip[7]--;
		sum = csum_pseudo6(ip + 8, ip + 24, HVLB_PROTO_ICMPV6, pi->l4_len);
	}
	rewrite_icmp_inner(frame, af, inner_l3_off, (uint32_t)pi->l4_off + pi->l4_len, rs_addr,
			   rs_port);
	rewrite_wr16(icmp + 2, 0);
	rewrite_wr16(icmp + 2, csum_fold(csum_partial(icmp, pi->l4_len, sum)));
}

void
rewrite_arp_reply(uint8_t *frame, const struct pkt_info *pi, const uint8_t our_mac[6])
{
	uint8_t *a = frame + pi->l3_off;
	uint8_t req_pa[4];

	/* Target = the requester; sender = us, with the address that was asked for. */
	memcpy(req_pa, a + 14, 4);
	memcpy(a + 18, a + 8, 6);
	memcpy(a + 14, a + 24, 4);
	memcpy(a + 24, req_pa, 4);
	memcpy(a + 8, our_mac, 6);
	rewrite_put16(a + 6, 2);
	/* Back to the requester's Ethernet address; the request's destination was broadcast, so
	 * the reply's source is our own address rather than a swap. */
	rewrite_l2(frame, frame + HVLB_ETHER_ADDR_LEN, our_mac);
}

static inline void
rewrite_swap_bytes(uint8_t *a, uint8_t *b, unsigned n)
{
	uint8_t t[16];

	memcpy(t, a, n);
	memcpy(a, b, n);
	memcpy(b, t, n);
}

/* Swapping source and destination leaves every sum unchanged (pseudo-headers included), so
 * only the TTL and the ICMP type need checksum updates. An IPv6 request's extension headers
 * are not sent back (as a host's stack answers: they were options for the way here), the
 * message moved up behind the IPv6 header; no pseudo-header covers them. */
uint32_t
rewrite_echo_reply(uint8_t *frame, const struct pkt_info *pi)
{
	uint8_t *ip = frame + pi->l3_off, *icmp = frame + pi->l4_off;
	uint16_t old = rewrite_rd16(icmp);
	uint32_t cut = pi->l4_off - pi->l3_off - REWRITE_IPV6_HLEN;

	if (pi->key.af == HVLB_AF_INET6 && cut != 0) {
		memmove(ip + REWRITE_IPV6_HLEN, icmp, pi->l4_len);
		icmp = ip + REWRITE_IPV6_HLEN;
		ip[6] = HVLB_PROTO_ICMPV6;
		rewrite_put16(ip + 4, pi->l4_len);
	}

	rewrite_swap_bytes(frame, frame + HVLB_ETHER_ADDR_LEN, HVLB_ETHER_ADDR_LEN);
	if (pi->key.af == HVLB_AF_INET) {
		uint16_t ipc = rewrite_rd16(ip + 10), ow = rewrite_rd16(ip + 8);

		rewrite_swap_bytes(ip + 12, ip + 16, 4);
		ip[8] = 64;
		rewrite_wr16(ip + 10, csum_update16(ipc, ow, rewrite_rd16(ip + 8)));
		icmp[0] = 0;
	} else {
		rewrite_swap_bytes(ip + 8, ip + 24, 16);
		ip[7] = 64;
		icmp[0] = 129;
	}
	rewrite_wr16(icmp + 2, csum_update16(rewrite_rd16(icmp + 2), old, rewrite_rd16(icmp)));
	return pi->key.af == HVLB_AF_INET6 ? cut : 0;
}

/* Ethernet header (with an 802.1Q tag when vlan_tci != 0); returns the L3 offset. */
static uint32_t
build_eth(uint8_t *buf, const uint8_t dst[6], const uint8_t src[6], uint16_t vlan_tci,
	  uint16_t ethertype)
{
	uint32_t off = 2 * HVLB_ETHER_ADDR_LEN;

	rewrite_l2(buf, dst, src);
	if (vlan_tci != 0) {
		rewrite_put16(buf + off, 0x8100);
		rewrite_put16(buf + off + 2, vlan_tci);
		off += 4;
	}
	rewrite_put16(buf + off, ethertype);
	return off + 2;
}

/* IPv6 header for ICMPv6 with hop limit 255, as neighbour discovery requires. */
static void
build_ip6_nd(uint8_t *ip, const uint8_t src[16], const uint8_t dst[16], uint16_t plen)
{
	memset(ip, 0, 4);
	ip[0] = 0x60;
	rewrite_put16(ip + 4, plen);
	ip[6] = HVLB_PROTO_ICMPV6;
	ip[7] = 255;
	memcpy(ip + 8, src, 16);
	memcpy(ip + 24, dst, 16);
}

static void
build_icmp6_csum(uint8_t *ip, uint8_t *m, uint16_t mlen)
{
	uint32_t sum = csum_pseudo6(ip + 8, ip + 24, HVLB_PROTO_ICMPV6, mlen);

	rewrite_wr16(m + 2, 0);
	rewrite_wr16(m + 2, csum_fold(csum_partial(m, mlen, sum)));
}

/* RFC 4861 7.2.4: an NS from the unspecified address (duplicate address detection) is
 * answered to all-nodes with S clear; otherwise to the solicitor, with S set. */
uint32_t
rewrite_nd_advert(uint8_t *frame, const struct pkt_info *pi, const uint8_t our_mac[6])
{
	static const uint8_t all_nodes[16] = {0xff, 0x02, [15] = 1};
	static const uint8_t all_nodes_mac[6] = {0x33, 0x33, 0, 0, 0, 1};
	static const union hvlb_addr unspec;
	uint8_t *ip = frame + pi->l3_off, *m = ip + REWRITE_IPV6_HLEN;
	union hvlb_addr target, solicitor;
	uint8_t lla[6], eth_dst[6];
	uint16_t mlen;
	int has_lla, dad;

	if (pi->icmp != PKT_ICMP_NS || parse_nd(frame, pi, &target, lla, &has_lla) != 0)
		return 0;
	memcpy(solicitor.b, ip + 8, 16);
	dad = hvlb_addr_eq(&solicitor, &unspec);
	memcpy(eth_dst, dad ? all_nodes_mac : has_lla ? lla : frame + HVLB_ETHER_ADDR_LEN, 6);
	rewrite_l2(frame, eth_dst, our_mac);

	mlen = has_lla ? REWRITE_ND_LEN + REWRITE_ND_OPT_LEN : REWRITE_ND_LEN;
	build_ip6_nd(ip, target.b, dad ? all_nodes : solicitor.b, mlen);
	m[0] = 136;
	m[1] = 0;
	m[4] = (uint8_t)((dad ? 0 : REWRITE_ND_NA_S) | REWRITE_ND_NA_O);
	memset(m + 5, 0, 3);
	/* Written again: an NS behind extension headers had it further on, and the NA is
	 * built without them, right after the IPv6 header. */
	memcpy(m + 8, target.b, 16);
	if (has_lla) {
		m[24] = 2; /* target link-layer address */
		m[25] = 1;
		memcpy(m + 26, our_mac, 6);
	}
	build_icmp6_csum(ip, m, mlen);
	return (uint32_t)pi->l3_off + REWRITE_IPV6_HLEN + mlen;
}

uint32_t
build_arp_request(uint8_t *buf, const uint8_t our_mac[6], uint32_t sender_ip_be,
		  uint32_t target_ip_be, uint16_t vlan_tci)
{
	static const uint8_t bcast[6] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
	uint32_t off = build_eth(buf, bcast, our_mac, vlan_tci, HVLB_ETHERTYPE_ARP);
	uint8_t *a = buf + off;

	rewrite_put16(a, 1); /* Ethernet */
	rewrite_put16(a + 2, HVLB_ETHERTYPE_IPV4);
	a[4] = HVLB_ETHER_ADDR_LEN;
	a[5] = 4;
	rewrite_put16(a + 6, 1); /* request */
	memcpy(a + 8, our_mac, 6);
	memcpy(a + 14, &sender_ip_be, 4);
	memset(a + 18, 0, 6);
	memcpy(a + 24, &target_ip_be, 4);
	off += REWRITE_ARP_LEN;
	memset(buf + off, 0, REWRITE_ETH_MIN - off);
	return REWRITE_ETH_MIN;
}

/* Sent to the target's solicited-node multicast address ff02::1:ffXX:XXXX, whose MAC is
 * 33:33:ff:XX:XX:XX (RFC 4291 2.7.1, RFC 2464 7). */
uint32_t
build_nd_solicit(uint8_t *buf, const uint8_t our_mac[6], const union hvlb_addr *src,
		 const union hvlb_addr *target, uint16_t vlan_tci)
{
	uint8_t snm[16] = {0xff, 0x02, [11] = 1, [12] = 0xff};
	uint8_t mac[6] = {0x33, 0x33, 0xff};
	uint32_t off;
	uint8_t *ip, *m;

	memcpy(snm + 13, target->b + 13, 3);
	memcpy(mac + 3, target->b + 13, 3);
	off = build_eth(buf, mac, our_mac, vlan_tci, HVLB_ETHERTYPE_IPV6);
	ip = buf + off;
	m = ip + REWRITE_IPV6_HLEN;
	build_ip6_nd(ip, src->b, snm, REWRITE_ND_LEN + REWRITE_ND_OPT_LEN);
	m[0] = 135;
	m[1] = 0;
	memset(m + 4, 0, 4);
	memcpy(m + 8, target->b, 16);
	m[24] = 1; /* source link-layer address */
	m[25] = 1;
	memcpy(m + 26, our_mac, 6);
	build_icmp6_csum(ip, m, REWRITE_ND_LEN + REWRITE_ND_OPT_LEN);
	return off + REWRITE_IPV6_HLEN + REWRITE_ND_LEN + REWRITE_ND_OPT_LEN;
}
