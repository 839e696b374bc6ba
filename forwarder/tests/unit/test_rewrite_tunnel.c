/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Tunnel encapsulation and the too-big ICMP (core/rewrite_tunnel.h): the outer headers' every
 * field, their checksums computed independently (pkt_build.h's reference sum), and the inner
 * packet byte for byte as it came. The fixtures (fixtures_tunnel) check the same against scapy.
 */
#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "csum.h"
#include "parse.h"
#include "pkt_build.h"
#include "rewrite.h"
#include "rewrite_tunnel.h"

#define ROOM 64

static union hvlb_addr
a4(const char *b)
{
	union hvlb_addr a;

	hvlb_addr_set4(&a, 0);
	memcpy(a.b, b, 4);
	return a;
}

static union hvlb_addr
a6(uint8_t last)
{
	union hvlb_addr a = {.b = {0xfd, 0x00, 0x00, 0x09, [15] = last}};

	return a;
}

/* A frame built at buf + ROOM; returns its length and parses it. */
static uint32_t
frame(uint8_t *buf, uint8_t af, uint8_t proto, uint16_t payload, int vlan, struct pkt_info *pi)
{
	struct pkt_spec s;
	uint32_t len;

	pkt_spec_default(&s, af, proto);
	s.payload_len = payload;
	s.has_vlan = (uint8_t)vlan;
	s.vlan_tci = 5;
	s.pad_to = 60;
	len = pkt_build(buf + ROOM, &s);
	CHECK_EQ(parse_frame(buf + ROOM, len, pi), HVLB_DROP_NONE);
	return len;
}

static uint16_t
ref_csum(const uint8_t *p, uint32_t n, uint32_t sum)
{
	return pkt_ref_fold(pkt_ref_sum(p, n, sum));
}

/* Every combination of inner and outer family, both encapsulations, with and without a tag. */
static void
test_encap_all(void)
{
	for (int k = 0; k < 16; k++) {
		uint8_t in_af = k & 1 ? 6 : 4, out_af = k & 2 ? 6 : 4;
		uint8_t encap = k & 4 ? TUNNEL_ENCAP_GUE : TUNNEL_ENCAP_IPIP;
		int vlan = (k & 8) != 0;
		uint8_t buf[ROOM + 256], orig[256];
		struct pkt_info pi;
		uint32_t len = frame(buf, in_af, in_af == 4 ? HVLB_PROTO_TCP : HVLB_PROTO_UDP, 3,
				     vlan, &pi);
		struct tunnel_out t = {.af = out_af, .encap = encap, .gue_port = htons(6080),
				       .sport = tunnel_sport(0x12345678)};
		uint16_t oh = tunnel_overhead(encap, out_af), l2 = pi.l3_off;

		memcpy(orig, buf + ROOM, len);
		t.src = out_af == 4 ? a4("\x0a\x00\x00\x01") : a6(1);
		t.dst = out_af == 4 ? a4("\x0a\x00\x00\x02") : a6(2);
		uint8_t *nb = buf + ROOM - oh;
		uint32_t nl = rewrite_tunnel_encap(nb, &pi, &t);

		CHECK_EQ(nl, (uint32_t)l2 + oh + pi.l3_len);
		/* The Ethernet header moved, its type the outer family's; the inner untouched. */
		CHECK_MEM(nb, orig, l2 - 2u);
		CHECK_EQ(pkt_get16(nb + l2 - 2), out_af == 4 ? 0x0800 : 0x86dd);
		CHECK_MEM(nb + l2 + oh, orig + l2, pi.l3_len);
		uint8_t *o = nb + l2;
		uint8_t tc = in_af == 4 ? orig[l2 + 1]
					: (uint8_t)((orig[l2] & 0xf) << 4 | orig[l2 + 1] >> 4);
		uint8_t want_proto = encap == TUNNEL_ENCAP_GUE ? 17 : in_af == 4 ? 4 : 41;
		uint16_t ohl = out_af == 4 ? 20 : 40;
		if (out_af == 4) {
			CHECK_EQ(o[0], 0x45);
			CHECK_EQ(o[1], tc);
			CHECK_EQ(pkt_get16(o + 2), ohl + (oh - ohl) + pi.l3_len);
			CHECK_EQ(pkt_get16(o + 6), 0x4000);
			CHECK_EQ(o[8], 64);
			CHECK_EQ(o[9], want_proto);
			CHECK_EQ(ref_csum(o, 20, 0), 0);
			CHECK_MEM(o + 12, t.src.b, 4);
			CHECK_MEM(o + 16, t.dst.b, 4);
		} else {
			CHECK_EQ(o[0] >> 4, 6);
			CHECK_EQ((uint8_t)((o[0] & 0xf) << 4 | o[1] >> 4), tc);
			CHECK_EQ(pkt_get16(o + 4), (oh - ohl) + pi.l3_len);
			CHECK_EQ(o[6], want_proto);
			CHECK_EQ(o[7], 64);
			CHECK_MEM(o + 8, t.src.b, 16);
			CHECK_MEM(o + 24, t.dst.b, 16);
		}
		if (encap == TUNNEL_ENCAP_GUE) {
			uint8_t *u = o + ohl;
			uint16_t ulen = (uint16_t)(8 + pi.l3_len);

			CHECK_EQ(pkt_get16(u), 0xc000 | ((0x12345678 ^ 0x1234) & 0x3fff));
			CHECK_EQ(pkt_get16(u + 2), 6080);
			CHECK_EQ(pkt_get16(u + 4), ulen);
			if (out_af == 4) {
				CHECK_EQ(pkt_get16(u + 6), 0);
			} else {
				uint32_t ps = pkt_ref_sum(o + 8, 32, 0) + 17 + ulen;
				CHECK(pkt_get16(u + 6) != 0);
				CHECK_EQ(ref_csum(u, ulen, ps), 0);
			}
		}
		/* The result parses: an IP packet to the NF of the outer protocol. */
		struct pkt_info po;
		CHECK_EQ(parse_frame(nb, nl, &po), HVLB_DROP_NONE);
		CHECK_EQ(po.key.proto, want_proto);
		CHECK_EQ(po.l3_len, ohl + (oh - ohl) + pi.l3_len);
	}
}

static void
test_too_big(void)
{
	struct pkt_info pi;
	uint8_t buf[ROOM + 1600];

	/* 1500 - 20 fits (1480 + 20), 1481 does not. */
	frame(buf, 4, HVLB_PROTO_TCP, 1480 - 40, 0, &pi);
	CHECK(!tunnel_too_big(&pi, TUNNEL_ENCAP_IPIP, 4, 1500));
	CHECK(tunnel_too_big(&pi, TUNNEL_ENCAP_GUE, 4, 1500));
	frame(buf, 4, HVLB_PROTO_TCP, 1481 - 40, 0, &pi);
	CHECK(tunnel_too_big(&pi, TUNNEL_ENCAP_IPIP, 4, 1500));
	CHECK_EQ(tunnel_inner_mtu(1500, TUNNEL_ENCAP_IPIP, 4, 4), 1480);
	CHECK_EQ(tunnel_inner_mtu(1500, TUNNEL_ENCAP_GUE, 4, 4), 1472);
	CHECK_EQ(tunnel_inner_mtu(1500, TUNNEL_ENCAP_GUE, 6, 6), 1452);
	/* IPv6 never below its minimum MTU. */
	CHECK_EQ(tunnel_inner_mtu(1280, TUNNEL_ENCAP_GUE, 6, 6), 1280);
	CHECK_EQ(tunnel_inner_mtu(1280, TUNNEL_ENCAP_GUE, 6, 4), 1232);
}

static void
test_icmp(void)
{
	for (int k = 0; k < 4; k++) {
		uint8_t af = k & 1 ? 6 : 4;
		int vlan = (k & 2) != 0;
		uint8_t buf[ROOM + 1600], orig[1600];
		struct pkt_info pi;
		uint32_t len = frame(buf, af, HVLB_PROTO_TCP, 1460, vlan, &pi);
		uint16_t room = tunnel_icmp_room(af), l2 = pi.l3_off;
		uint16_t hl = af == 4 ? 20 : 40, max = af == 4 ? 576 : 1280;

		memcpy(orig, buf + ROOM, len);
		uint8_t *nb = buf + ROOM - room;
		uint32_t nl = rewrite_icmp_too_big(nb, &pi, 1480);

		CHECK_EQ(nl, (uint32_t)l2 + max);
		CHECK_MEM(nb, orig, l2 - 2u);
		uint8_t *ip = nb + l2, *ic = ip + hl;
		uint16_t icmp_len = (uint16_t)(max - hl);
		/* The quote: the packet from its IP header on, cut. */
		CHECK_MEM(ic + 8, orig + l2, (uint32_t)max - room);
		CHECK_EQ(pkt_get16(ic + 6), 1480);
		if (af == 4) {
			CHECK_EQ(ic[0], 3);
			CHECK_EQ(ic[1], 4);
			CHECK_EQ(ip[9], 1);
			CHECK_EQ(pkt_get16(ip + 2), 576);
			CHECK_EQ(ref_csum(ip, 20, 0), 0);
			CHECK_MEM(ip + 12, orig + l2 + 16, 4); /* from the VIP */
			CHECK_MEM(ip + 16, orig + l2 + 12, 4); /* to the client */
			CHECK_EQ(ref_csum(ic, icmp_len, 0), 0);
		} else {
			CHECK_EQ(ic[0], 2);
			CHECK_EQ(ic[1], 0);
			CHECK_EQ(ip[6], 58);
			CHECK_EQ(pkt_get16(ip + 4), icmp_len);
			CHECK_MEM(ip + 8, orig + l2 + 24, 16);
			CHECK_MEM(ip + 24, orig + l2 + 8, 16);
			CHECK_EQ(ref_csum(ic, icmp_len, pkt_ref_sum(ip + 8, 32, 0) + 58 + icmp_len), 0);
		}
		/* The forwarder's own parser sees an ICMP error (it can be routed as any other). */
		struct pkt_info po;
		CHECK_EQ(parse_frame(nb, nl, &po), HVLB_DROP_NONE);
		CHECK_EQ(po.icmp, PKT_ICMP_ERROR);
	}
	/* A short packet is quoted whole. */
	uint8_t buf[ROOM + 256];
	struct pkt_info pi;
	frame(buf, 4, HVLB_PROTO_UDP, 4, 0, &pi);
	CHECK_EQ(rewrite_icmp_too_big(buf + ROOM - 28, &pi, 1480), 14u + 28 + pi.l3_len);
}

static void
test_names(void)
{
	CHECK_EQ(tunnel_encap_from_name("ipip"), TUNNEL_ENCAP_IPIP);
	CHECK_EQ(tunnel_encap_from_name("gue"), TUNNEL_ENCAP_GUE);
	CHECK_EQ(tunnel_encap_from_name(""), -1);
	CHECK_EQ(tunnel_encap_from_name("gre"), -1);
	CHECK(strcmp(tunnel_encap_name(TUNNEL_ENCAP_GUE), "gue") == 0);
	CHECK_EQ(tunnel_conn_encap(TUNNEL_ENCAP_GUE, 6), TUNNEL_ENCAP_GUE | TUNNEL_CONN_V6);
	CHECK_EQ(tunnel_conn_encap(TUNNEL_ENCAP_NONE, 6), 0);
}

/* rewrite_restore_orig undoes NAT either way (IPv4 and IPv6, TCP and UDP): the frame back byte
 * for byte as it arrived, checksums included; a fragment or another protocol is refused. */
static void
test_restore(void)
{
	const uint8_t afs[] = {HVLB_AF_INET, HVLB_AF_INET6}, protos[] = {HVLB_PROTO_TCP, HVLB_PROTO_UDP};

	for (int a = 0; a < 2; a++) {
		for (int p = 0; p < 2; p++) {
			for (int dir = 0; dir < 2; dir++) {
				uint8_t buf[ROOM + 256], orig[ROOM + 256];
				struct pkt_info pi;
				uint32_t len = frame(buf, afs[a], protos[p], 37, 0, &pi);
				union hvlb_addr to = afs[a] == HVLB_AF_INET ? a4("\x0a\x01\x00\x0c")
									 : a6(0x12);

				memcpy(orig, buf, sizeof(buf));
				if (dir == 0)
					rewrite_nat_to_rs(buf + ROOM, &pi, &to, htons(5353));
				else
					rewrite_nat_to_client(buf + ROOM, &pi, &to, htons(53));
				CHECK(memcmp(buf + ROOM, orig + ROOM, len) != 0);
				CHECK(rewrite_restore_orig(buf + ROOM, &pi));
				CHECK(memcmp(buf + ROOM, orig + ROOM, len) == 0);
			}
		}
	}
	{
		uint8_t buf[ROOM + 256];
		struct pkt_info pi;

		frame(buf, HVLB_AF_INET, HVLB_PROTO_UDP, 37, 0, &pi);
		buf[ROOM + pi.l3_off + 6] |= 0x20; /* MF: a first fragment now */
		CHECK(!rewrite_restore_orig(buf + ROOM, &pi));
		frame(buf, HVLB_AF_INET, HVLB_PROTO_ICMP, 37, 0, &pi);
		CHECK(!rewrite_restore_orig(buf + ROOM, &pi));
	}
}

int
main(void)
{
	RUN(test_encap_all);
	RUN(test_restore);
	RUN(test_too_big);
	RUN(test_icmp);
	RUN(test_names);
	return check_summary();
}
