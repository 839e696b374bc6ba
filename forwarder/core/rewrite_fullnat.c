/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * FullNAT's rewrites and the ICMP error translation (rewrite_fullnat.h). Fields are read and
 * written with memcpy in network order, as in rewrite.c.
 */
#include <string.h>

#include "csum.h"
#include "rewrite_fullnat.h"


static inline uint16_t
rwf_rd16(const uint8_t *p)
{
	uint16_t v;

	memcpy(&v, p, 2);
	return v;
}

static inline void
rwf_wr16(uint8_t *p, uint16_t v)
{
	memcpy(p, &v, 2);
}

/* Put addr at a (4 or 16 bytes by af) and return the checksum delta of the change. */
static uint32_t
rwf_set_addr(uint8_t *a, uint8_t af, const union hvlb_addr *addr)
{
	union hvlb_addr old;

	memset(&old, 0, sizeof(old));
	if (af == HVLB_AF_INET) {
		memcpy(&old.w[0], a, 4);
		memcpy(a, &addr->w[0], 4);
		return csum_delta32(old.w[0], addr->w[0]);
	}
	memcpy(old.b, a, 16);
	memcpy(a, addr->b, 16);
	return csum_delta128(&old, addr);
}

/* Put port (network order; 0: keep) at p and return the checksum delta. */
static uint32_t
rwf_set_port(uint8_t *p, uint16_t port)
{
	uint32_t d;

	if (port == 0)
		return 0;
	d = csum_delta16(rwf_rd16(p), port);
	rwf_wr16(p, port);
	return d;
}

/* The L4 checksum field an address and port change must update, or NULL (UDP/IPv4 without
 * checksum, ICMPv4, anything else). */
static uint8_t *
rwf_l4_csum(uint8_t *l4, uint8_t af, uint8_t proto)
{
	if (proto == HVLB_PROTO_TCP)
		return l4 + 16;
	if (proto == HVLB_PROTO_UDP)
		return af == HVLB_AF_INET && rwf_rd16(l4 + 6) == 0 ? NULL : l4 + 6;
	if (proto == HVLB_PROTO_ICMPV6 && af == HVLB_AF_INET6)
		return l4 + 2;
	return NULL;
}

static void
rwf_store_l4_csum(uint8_t *p, uint8_t proto, uint16_t c)
{
	if (proto == HVLB_PROTO_UDP && c == 0)
		c = 0xffff; /* 0 would say "no checksum" (RFC 768) */
	rwf_wr16(p, c);
}

/* Offsets of the addresses in an IP header. */
static inline unsigned
rwf_src_off(uint8_t af)
{
	return af == HVLB_AF_INET ? 12 : 8;
}

static inline unsigned
rwf_dst_off(uint8_t af)
{
	return af == HVLB_AF_INET ? 16 : 24;
}

/* Decrement the TTL / hop limit; an IPv4 header's checksum delta is added to *ipd. */
static void
rwf_ttl_dec(uint8_t *ip, uint8_t af, uint32_t *ipd)
{
	if (af == HVLB_AF_INET) {
		uint16_t old = rwf_rd16(ip + 8);

		ip[8]--;
		*ipd += csum_delta16(old, rwf_rd16(ip + 8));
	} else {
		ip[7]--;
	}
}

void
rewrite_fullnat(uint8_t *frame, const struct pkt_info *pi, const struct rw_endpoint *src,
		const struct rw_endpoint *dst)
{
	uint8_t *ip = frame + pi->l3_off, *l4 = frame + pi->l4_off;
	uint8_t af = pi->key.af, proto = pi->key.proto;
	uint8_t *l4c = rwf_l4_csum(l4, af, proto);
	uint32_t ad, ipd = 0, d;

	ad = rwf_set_addr(ip + rwf_src_off(af), af, src->addr);
	ad += rwf_set_addr(ip + rwf_dst_off(af), af, dst->addr);
	rwf_ttl_dec(ip, af, &ipd);
	if (af == HVLB_AF_INET)
		rwf_wr16(ip + 10, csum_adjust(rwf_rd16(ip + 10), ad + ipd));
	d = ad + rwf_set_port(l4, src->port) + rwf_set_port(l4 + 2, dst->port);
	if (l4c != NULL)
		rwf_store_l4_csum(l4c, proto, csum_adjust(rwf_rd16(l4c), d));
}

/* The quoted packet: its addresses and ports, its IPv4 header checksum, and its L4 checksum
 * field when the quote reaches it (end: the end of the ICMP message). */
static void
rwf_inner(uint8_t *frame, uint8_t af, uint16_t inner_l3_off, uint32_t end,
	  const struct rw_icmp_xlate *x)
{
	uint8_t *in = frame + inner_l3_off, *l4, *l4c;
	uint32_t ad;
	uint8_t proto;

	ad = rwf_set_addr(in + rwf_src_off(af), af, x->inner_src.addr);
	ad += rwf_set_addr(in + rwf_dst_off(af), af, x->inner_dst.addr);
	if (af == HVLB_AF_INET) {
		rwf_wr16(in + 10, csum_adjust(rwf_rd16(in + 10), ad));
		l4 = in + (in[0] & 0xf) * 4;
		proto = in[9];
	} else {
		uint32_t hl = 40;

		/* parse_icmp_inner walked this chain already: it cannot fail here. */
		proto = in[6];
		(void)parse_ipv6_chain(in, end - inner_l3_off, &proto, &hl);
		l4 = in + hl;
	}
	if (proto != HVLB_PROTO_TCP && proto != HVLB_PROTO_UDP)
		return;
	l4c = rwf_l4_csum(l4, af, proto);
	if (l4c != NULL && (uint32_t)(l4c + 2 - frame) > end)
		l4c = NULL;
	ad += rwf_set_port(l4, x->inner_src.port) + rwf_set_port(l4 + 2, x->inner_dst.port);
	if (l4c != NULL)
		rwf_store_l4_csum(l4c, proto, csum_adjust(rwf_rd16(l4c), ad));
}

void
rewrite_icmp_xlate(uint8_t *frame, const struct pkt_info *pi, uint16_t inner_l3_off,
		   const struct rw_icmp_xlate *x)
{
	uint8_t *ip = frame + pi->l3_off, *icmp = frame + pi->l4_off;
	uint8_t af = pi->key.af;
	uint32_t ipd = 0, sum = 0;

	if (x->outer_src.addr != NULL)
		ipd += rwf_set_addr(ip + rwf_src_off(af), af, x->outer_src.addr);
	if (x->outer_dst.addr != NULL)
		ipd += rwf_set_addr(ip + rwf_dst_off(af), af, x->outer_dst.addr);
	rwf_ttl_dec(ip, af, &ipd);
	if (af == HVLB_AF_INET)
		rwf_wr16(ip + 10, csum_adjust(rwf_rd16(ip + 10), ipd));
	else
		sum = csum_pseudo6(ip + 8, ip + 24, HVLB_PROTO_ICMPV6, pi->l4_len);
	rwf_inner(frame, af, inner_l3_off, (uint32_t)pi->l4_off + pi->l4_len, x);
	rwf_wr16(icmp + 2, 0);
	rwf_wr16(icmp + 2, csum_fold(csum_partial(icmp, pi->l4_len, sum)));
}
