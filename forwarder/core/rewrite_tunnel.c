/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Tunnel encapsulation and the path-MTU ICMP (rewrite_tunnel.h). Both build headers the
 * forwarder makes itself, so their checksums are computed whole; the inner packet is copied
 * by nobody (the headers grow in front of it) and its checksums stay as the client sent them.
 */
#include <string.h>

#include "csum.h"
#include "rewrite.h"
#include "rewrite_tunnel.h"

#define TUN_IP4_HLEN 20
#define TUN_IP6_HLEN 40
#define TUN_UDP_HLEN 8
#define TUN_ICMP_HLEN 8
#define TUN_PROTO_IPIP 4
#define TUN_PROTO_IPV6 41
#define TUN_ICMP4_MAX 576  /* RFC 1812 4.3.2.3: an ICMPv4 error is at most this long */
#define TUN_ICMP6_MAX 1280 /* RFC 4443 2.4 (c): at most the minimum IPv6 MTU */

static inline void
tun_put16(uint8_t *p, uint16_t host)
{
	p[0] = (uint8_t)(host >> 8);
	p[1] = (uint8_t)host;
}

/* The inner header's DSCP and ECN: IPv4 TOS, IPv6 traffic class. */
static inline uint8_t
tun_tclass(const uint8_t *ip, uint8_t af)
{
	return af == HVLB_AF_INET ? ip[1] : (uint8_t)((ip[0] & 0x0f) << 4 | ip[1] >> 4);
}

static void
tun_ip4(uint8_t *ip, uint8_t tos, uint16_t tot_len, uint8_t proto, uint8_t ttl, bool df,
	const union hvlb_addr *src, const union hvlb_addr *dst)
{
	ip[0] = 0x45;
	ip[1] = tos;
	tun_put16(ip + 2, tot_len);
	memset(ip + 4, 0, 4); /* id 0 (RFC 6864 allows it with DF), flags and offset */
	if (df)
		ip[6] = 0x40;
	ip[8] = ttl;
	ip[9] = proto;
	memset(ip + 10, 0, 2);
	memcpy(ip + 12, &src->w[0], 4);
	memcpy(ip + 16, &dst->w[0], 4);
	uint16_t c = csum_ipv4_hdr(ip, TUN_IP4_HLEN);
	memcpy(ip + 10, &c, 2);
}

static void
tun_ip6(uint8_t *ip, uint8_t tclass, uint16_t plen, uint8_t nh, uint8_t hlim,
	const union hvlb_addr *src, const union hvlb_addr *dst)
{
	ip[0] = (uint8_t)(0x60 | tclass >> 4);
	ip[1] = (uint8_t)(tclass << 4);
	ip[2] = ip[3] = 0;
	tun_put16(ip + 4, plen);
	ip[6] = nh;
	ip[7] = hlim;
	memcpy(ip + 8, src->b, 16);
	memcpy(ip + 24, dst->b, 16);
}

/* Move the Ethernet header (l2_len bytes, the tag included) from buf + by to buf and set its
 * ethertype. */
static void
tun_move_l2(uint8_t *buf, uint16_t by, uint16_t l2_len, uint8_t af)
{
	memmove(buf, buf + by, l2_len);
	tun_put16(buf + l2_len - 2, af == HVLB_AF_INET ? HVLB_ETHERTYPE_IPV4 : HVLB_ETHERTYPE_IPV6);
}

uint32_t
rewrite_tunnel_encap(uint8_t *buf, const struct pkt_info *pi, const struct tunnel_out *t)
{
	uint16_t oh = tunnel_overhead(t->encap, t->af), l2 = pi->l3_off;
	uint8_t *outer = buf + l2, *inner = buf + oh + l2;
	uint8_t tclass = tun_tclass(inner, pi->key.af);
	uint16_t ohl = t->af == HVLB_AF_INET ? TUN_IP4_HLEN : TUN_IP6_HLEN;
	uint16_t payload = (uint16_t)(oh - ohl + pi->l3_len); /* what follows the outer IP */
	uint8_t proto = pi->key.af == HVLB_AF_INET ? TUN_PROTO_IPIP : TUN_PROTO_IPV6;

	tun_move_l2(buf, oh, l2, t->af);
	if (t->encap == TUNNEL_ENCAP_GUE)
		proto = HVLB_PROTO_UDP;
	if (t->af == HVLB_AF_INET)
		tun_ip4(outer, tclass, (uint16_t)(ohl + payload), proto, TUNNEL_TTL, true, &t->src,
			&t->dst);
	else
		tun_ip6(outer, tclass, payload, proto, TUNNEL_TTL, &t->src, &t->dst);
	if (t->encap == TUNNEL_ENCAP_GUE) {
		uint8_t *udp = outer + ohl;
		uint16_t c = 0;

		memcpy(udp, &t->sport, 2);
		memcpy(udp + 2, &t->gue_port, 2);
		tun_put16(udp + 4, payload);
		memset(udp + 6, 0, 2);
		if (t->af == HVLB_AF_INET6) {
			c = csum_fold(csum_partial(udp, payload,
						   csum_pseudo6(t->src.b, t->dst.b, HVLB_PROTO_UDP,
								payload)));
			if (c == 0)
				c = 0xffff; /* 0 would mean "no checksum" */
		}
		memcpy(udp + 6, &c, 2);
	}
	return (uint32_t)l2 + oh + pi->l3_len;
}

uint16_t
tunnel_inner_mtu(uint16_t mtu, uint8_t encap, uint8_t outer_af, uint8_t inner_af)
{
	int m = (int)mtu - tunnel_overhead(encap, outer_af);
	int floor = inner_af == HVLB_AF_INET ? 68 : 1280;

	return (uint16_t)(m < floor ? floor : m);
}

uint32_t
rewrite_icmp_too_big(uint8_t *buf, const struct pkt_info *pi, uint16_t next_mtu)
{
	uint8_t af = pi->key.af;
	uint16_t room = tunnel_icmp_room(af), l2 = pi->l3_off;
	uint16_t ihl = af == HVLB_AF_INET ? TUN_IP4_HLEN : TUN_IP6_HLEN;
	uint16_t max = af == HVLB_AF_INET ? TUN_ICMP4_MAX : TUN_ICMP6_MAX;
	uint16_t quote = pi->l3_len;
	uint8_t *ip = buf + l2, *icmp = ip + ihl;
	/* The quoted packet's addresses, read before the new headers cover them. */
	union hvlb_addr vip = pi->key.dst, client = pi->key.src;

	if (quote > max - room)
		quote = (uint16_t)(max - room);
	tun_move_l2(buf, room, l2, af);
	icmp[0] = af == HVLB_AF_INET ? 3 : 2;
	icmp[1] = af == HVLB_AF_INET ? 4 : 0;
	memset(icmp + 2, 0, 6);
	/* RFC 1191: 16 unused bits, then the MTU; RFC 4443: a 32-bit MTU (below 65536 here). */
	tun_put16(icmp + 6, next_mtu);
	uint16_t icmp_len = (uint16_t)(TUN_ICMP_HLEN + quote);
	uint16_t c;
	if (af == HVLB_AF_INET) {
		tun_ip4(ip, 0, (uint16_t)(ihl + icmp_len), HVLB_PROTO_ICMP, 64, false, &vip, &client);
		c = csum_fold(csum_partial(icmp, icmp_len, 0));
	} else {
		tun_ip6(ip, 0, icmp_len, HVLB_PROTO_ICMPV6, 64, &vip, &client);
		c = csum_fold(csum_partial(icmp, icmp_len,
					   csum_pseudo6(vip.b, client.b, HVLB_PROTO_ICMPV6,
							icmp_len)));
	}
	memcpy(icmp + 2, &c, 2);
	return (uint32_t)l2 + ihl + icmp_len;
}

bool
rewrite_restore_orig(uint8_t *frame, const struct pkt_info *pi)
{
	uint8_t *ip = frame + pi->l3_off, *l4 = frame + pi->l4_off;
	uint8_t proto = pi->key.proto;
	bool v4 = pi->key.af == HVLB_AF_INET;
	uint16_t coff = proto == HVLB_PROTO_TCP ? 16 : 6, sum, sport, dport;
	union hvlb_addr src = {0}, dst = {0};
	uint32_t delta;

	/* A fragment (IPv4: MF or an offset; IPv6: a fragment header where the protocol would
	 * be) has no whole L4 header to restore. pi->frag says so only of what parse_frame
	 * returned as a fragment. */
	if ((proto != HVLB_PROTO_TCP && proto != HVLB_PROTO_UDP) ||
	    (ip[0] >> 4) != (v4 ? 4 : 6) || (v4 ? ip[9] : ip[6]) != proto ||
	    (v4 && ((ip[6] & 0x3f) | ip[7]) != 0))
		return false;
	if (v4) {
		memcpy(&src.w[0], ip + 12, 4);
		memcpy(&dst.w[0], ip + 16, 4);
		delta = csum_delta32(src.w[0], pi->key.src.w[0]) +
			csum_delta32(dst.w[0], pi->key.dst.w[0]);
	} else {
		memcpy(src.b, ip + 8, 16);
		memcpy(dst.b, ip + 24, 16);
		delta = csum_delta128(&src, &pi->key.src) + csum_delta128(&dst, &pi->key.dst);
	}
	memcpy(&sport, l4, 2);
	memcpy(&dport, l4 + 2, 2);
	delta += csum_delta16(sport, pi->key.sport) + csum_delta16(dport, pi->key.dport);
	memcpy(&sum, l4 + coff, 2);
	if (proto == HVLB_PROTO_TCP || sum != 0 || !v4) {
		sum = csum_adjust(sum, delta);
		if (proto == HVLB_PROTO_UDP && sum == 0)
			sum = 0xffff; /* 0 would mean "no checksum" */
		memcpy(l4 + coff, &sum, 2);
	}
	memcpy(l4, &pi->key.sport, 2);
	memcpy(l4 + 2, &pi->key.dport, 2);
	if (v4) {
		uint16_t c;

		memcpy(ip + 12, &pi->key.src.w[0], 4);
		memcpy(ip + 16, &pi->key.dst.w[0], 4);
		ip[8] = pi->ttl;
		ip[10] = ip[11] = 0;
		c = csum_ipv4_hdr(ip, (unsigned)(ip[0] & 0x0f) * 4);
		memcpy(ip + 10, &c, 2);
	} else {
		memcpy(ip + 8, pi->key.src.b, 16);
		memcpy(ip + 24, pi->key.dst.b, 16);
		ip[7] = pi->ttl;
	}
	return true;
}

static const char *const tunnel_encap_names[TUNNEL_ENCAP_MAX] = {
	[TUNNEL_ENCAP_NONE] = "",
	[TUNNEL_ENCAP_IPIP] = "ipip",
	[TUNNEL_ENCAP_GUE] = "gue",
};

const char *
tunnel_encap_name(unsigned encap)
{
	return encap < TUNNEL_ENCAP_MAX ? tunnel_encap_names[encap] : "?";
}

int
tunnel_encap_from_name(const char *s)
{
	for (int i = TUNNEL_ENCAP_IPIP; i < TUNNEL_ENCAP_MAX; i++)
		if (strcmp(s, tunnel_encap_names[i]) == 0)
			return i;
	return -1;
}
