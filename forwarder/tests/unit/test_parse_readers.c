/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * parse.c's readers of what a parsed frame carries, called once parse_frame accepted it: ARP
 * (parse_arp), L4 checksums (parse_verify_l4_csum, parse_l4_csum_unfilled), an ICMP error's
 * quoted packet (parse_icmp_inner) and ND (parse_nd), each on exact-length heap copies
 * (parse_test.h). The frame parser itself: test_parse.c.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "parse.h"
#include "parse_test.h"
#include "pkt_build.h"

static void
test_arp(void)
{
	const uint8_t sha[6] = {2, 0, 0, 0, 0, 0x11}, tha[6] = {0};
	uint8_t f[128], o[128];
	struct pkt_info pi, e;
	struct pkt_arp a;
	uint32_t len, spa, tpa;

	memcpy(&spa, "\x0a\x00\x00\x01", 4);
	memcpy(&tpa, "\x0a\x00\x00\x02", 4);
	len = pkt_build_arp(f, 1, 1, sha, (const uint8_t *)&spa, tha, (const uint8_t *)&tpa);
	CHECK_EQ(len, 60);
	memset(&e, 0, sizeof(e));
	e.kind = PKT_ARP;
	e.ethertype = HVLB_ETHERTYPE_ARP;
	e.has_vlan = 1;
	e.vlan_tci = 7;
	e.l3_off = 18;
	e.l3_len = 28;
	e.l2_bcast = 1;
	memset(&pi, 0x77, sizeof(pi));
	CHECK_EQ(parse_exact(f, len, &pi), HVLB_DROP_NONE);
	CHECK_MEM(&pi, &e, sizeof(e));
	parse_arp(f, &pi, &a);
	CHECK_EQ(a.op, 1);
	CHECK_MEM(a.sha, sha, 6);
	CHECK_MEM(a.tha, tha, 6);
	CHECK_EQ(a.spa, spa);
	CHECK_EQ(a.tpa, tpa);

	len = pkt_build_arp(f, 0, 2, sha, (const uint8_t *)&spa, sha, (const uint8_t *)&tpa);
	CHECK_EQ(parse_exact(f, len, &pi), HVLB_DROP_NONE);
	CHECK_EQ(pi.l2_bcast, 0);
	parse_arp(f, &pi, &a);
	CHECK_EQ(a.op, 2);
	/* 42 bytes, no padding, is enough. */
	CHECK_EQ(parse_exact(f, 42, &pi), HVLB_DROP_NONE);

	/* Anything but Ethernet/IPv4 requests and replies. */
	static const struct {
		uint32_t off;
		uint8_t v;
	} bad[] = {{0, 1}, {1, 6}, {2, 0x86}, {3, 0xdd}, {4, 8}, {5, 16}, {7, 0}, {7, 3},
		   {6, 1}};

	memcpy(o, f, len);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		memcpy(f, o, len);
		f[14 + bad[i].off] = bad[i].v;
		CHECK_EQ(parse_exact(f, len, &pi), HVLB_DROP_BAD_ARP);
	}
}

static void
test_verify_l4_csum(void)
{
	static const uint8_t cases[][2] = {
		{4, HVLB_PROTO_TCP}, {4, HVLB_PROTO_UDP}, {4, HVLB_PROTO_ICMP},
		{6, HVLB_PROTO_TCP}, {6, HVLB_PROTO_UDP}, {6, HVLB_PROTO_ICMPV6},
	};
	struct pkt_spec s;
	struct pkt_info pi;
	uint8_t f[128];
	uint32_t len;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		pkt_spec_default(&s, cases[i][0], cases[i][1]);
		s.payload_len = 11; /* odd */
		len = pkt_build(f, &s);
		CHECK_EQ(parse_exact(f, len, &pi), HVLB_DROP_NONE);
		CHECK_EQ(parse_verify_l4_csum(f, &pi), HVLB_DROP_NONE);
		/* Any single bit of the segment or of an address. */
		for (uint32_t bit = 0; bit < pi.l4_len * 8; bit += 3) {
			f[pi.l4_off + bit / 8] ^= (uint8_t)(1 << bit % 8);
			CHECK_EQ(parse_verify_l4_csum(f, &pi), HVLB_DROP_BAD_L4_CSUM);
			f[pi.l4_off + bit / 8] ^= (uint8_t)(1 << bit % 8);
		}
		pi.key.src.b[1] ^= 0x20;
		CHECK_EQ(parse_verify_l4_csum(f, &pi), cases[i][1] == HVLB_PROTO_ICMP ?
							      HVLB_DROP_NONE :
							      HVLB_DROP_BAD_L4_CSUM);
	}
	/* UDP checksum 0: "none" over IPv4, an error over IPv6. */
	pkt_spec_default(&s, 4, HVLB_PROTO_UDP);
	s.udp_no_csum = 1;
	len = pkt_build(f, &s);
	CHECK_EQ(parse_exact(f, len, &pi), HVLB_DROP_NONE);
	CHECK_EQ(pkt_get16(f + pi.l4_off + 6), 0);
	CHECK_EQ(parse_verify_l4_csum(f, &pi), HVLB_DROP_NONE);
	pkt_spec_default(&s, 6, HVLB_PROTO_UDP);
	len = pkt_build(f, &s);
	CHECK_EQ(parse_exact(f, len, &pi), HVLB_DROP_NONE);
	pkt_put16(f + pi.l4_off + 6, 0);
	CHECK_EQ(parse_verify_l4_csum(f, &pi), HVLB_DROP_BAD_L4_CSUM);
	/* A UDP checksum that computes to 0 is sent as 0xffff and verifies. */
	pkt_spec_default(&s, 4, HVLB_PROTO_UDP);
	s.sport = 0;
	do {
		s.sport++;
		len = pkt_build(f, &s);
	} while (pkt_get16(f + 34 + 6) != 0xffff && s.sport != 0);
	CHECK_EQ(pkt_get16(f + 34 + 6), 0xffff);
	CHECK_EQ(parse_exact(f, len, &pi), HVLB_DROP_NONE);
	CHECK_EQ(parse_verify_l4_csum(f, &pi), HVLB_DROP_NONE);
	/* ARP: nothing to verify. */
	len = pkt_build_arp(f, 0, 1, s.eth_src, s.src, s.eth_dst, s.dst);
	CHECK_EQ(parse_exact(f, len, &pi), HVLB_DROP_NONE);
	CHECK_EQ(parse_verify_l4_csum(f, &pi), HVLB_DROP_NONE);
}

/* A checksum left for offload: the folded pseudo-header sum, computed here independently. */
static void
test_l4_csum_unfilled(void)
{
	static const uint8_t cases[][2] = {
		{4, HVLB_PROTO_TCP}, {4, HVLB_PROTO_UDP}, {6, HVLB_PROTO_TCP}, {6, HVLB_PROTO_UDP},
	};
	struct pkt_spec s;
	struct pkt_info pi;
	uint8_t f[128];
	uint32_t len, sum;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		uint8_t af = cases[i][0], proto = cases[i][1];
		int co = pkt_l4_csum_off(af, proto);

		pkt_spec_default(&s, af, proto);
		s.payload_len = 11;
		len = pkt_build(f, &s);
		CHECK_EQ(parse_exact(f, len, &pi), HVLB_DROP_NONE);
		CHECK(!parse_l4_csum_unfilled(f, &pi)); /* a good checksum */
		if (af == 4)
			sum = pkt_ref_sum(f + pi.l3_off + 12, 8, proto + pi.l4_len);
		else
			sum = pkt_ref_sum(f + pi.l3_off + 8, 32, proto + pi.l4_len);
		pkt_put16(f + pi.l4_off + co, (uint16_t)~pkt_ref_fold(sum));
		CHECK_EQ(parse_verify_l4_csum(f, &pi), HVLB_DROP_BAD_L4_CSUM);
		CHECK(parse_l4_csum_unfilled(f, &pi));
		/* Any other wrong value is plain damage. */
		pkt_put16(f + pi.l4_off + co, (uint16_t)(~pkt_ref_fold(sum) + 1));
		CHECK_EQ(parse_verify_l4_csum(f, &pi), HVLB_DROP_BAD_L4_CSUM);
		CHECK(!parse_l4_csum_unfilled(f, &pi));
	}
	/* ICMP has no pseudo-header and no offload. */
	pkt_spec_default(&s, 4, HVLB_PROTO_ICMP);
	len = pkt_build(f, &s);
	CHECK_EQ(parse_exact(f, len, &pi), HVLB_DROP_NONE);
	pkt_put16(f + pi.l4_off + 2, 0);
	CHECK(!parse_l4_csum_unfilled(f, &pi));
}

static void
test_icmp_inner(void)
{
	struct pkt_spec s;
	struct pkt_info pi;
	struct flow_key k;
	uint8_t f[256], in[128];
	uint16_t o;
	uint32_t len, ilen;

	for (uint8_t af = 4; af <= 6; af += 2) {
		const uint32_t need = af == 4 ? 28 : 48;

		pkt_spec_default(&s, af, HVLB_PROTO_TCP);
		ilen = pkt_build(in, &s) - 14;
		/* Every length of the embedded packet. */
		for (uint32_t il = 0; il <= ilen; il++) {
			len = pkt_build_icmp_err(f, af, in + 14, (uint16_t)il);
			CHECK_EQ(parse_exact(f, len, &pi), HVLB_DROP_NONE);
			CHECK_EQ(pi.icmp, PKT_ICMP_ERROR);
			CHECK_EQ(parse_verify_l4_csum(f, &pi), HVLB_DROP_NONE);
			memset(&k, 0x33, sizeof(k));
			o = 0;
			CHECK_EQ(parse_icmp_inner(f, &pi, &k, &o),
				 il < need ? HVLB_DROP_TRUNCATED : HVLB_DROP_NONE);
			if (il < need)
				continue;
			CHECK_EQ(o, pi.l4_off + 8);
			CHECK_EQ(k.af, af);
			CHECK_EQ(k.proto, HVLB_PROTO_TCP);
			CHECK_MEM(k.src.b, s.src, af == 4 ? 4 : 16);
			CHECK_MEM(k.dst.b, s.dst, af == 4 ? 4 : 16);
			if (af == 4)
				CHECK(k.src.w[1] == 0 && k.src.q[1] == 0 && k.dst.q[1] == 0);
			CHECK_EQ(k.sport, pkt_n16(40000));
			CHECK_EQ(k.dport, pkt_n16(80));
			CHECK_EQ(k.pad, 0);
		}
		/* An echo inside: its identifier in both ports, like parse_frame. */
		pkt_spec_default(&s, af, af == 4 ? HVLB_PROTO_ICMP : HVLB_PROTO_ICMPV6);
		ilen = pkt_build(in, &s) - 14;
		len = pkt_build_icmp_err(f, af, in + 14, (uint16_t)ilen);
		CHECK_EQ(parse_exact(f, len, &pi), HVLB_DROP_NONE);
		CHECK_EQ(parse_icmp_inner(f, &pi, &k, &o), HVLB_DROP_NONE);
		CHECK_EQ(k.sport, pkt_n16(0x4242));
		CHECK_EQ(k.dport, pkt_n16(0x4242));
		/* UDP inside, in a VLAN. */
		pkt_spec_default(&s, af, HVLB_PROTO_UDP);
		s.sport = 5060;
		s.dport = 5061;
		ilen = pkt_build(in, &s) - 14;
		pkt_spec_default(&s, af, af == 4 ? HVLB_PROTO_ICMP : HVLB_PROTO_ICMPV6);
		s.icmp_type = af == 4 ? 11 : 3;
		s.has_vlan = 1;
		s.payload = in + 14;
		s.payload_len = (uint16_t)ilen;
		len = pkt_build(f, &s);
		CHECK_EQ(parse_exact(f, len, &pi), HVLB_DROP_NONE);
		CHECK_EQ(parse_icmp_inner(f, &pi, &k, &o), HVLB_DROP_NONE);
		CHECK_EQ(o, 18 + (af == 4 ? 20 : 40) + 8);
		CHECK_EQ(k.proto, HVLB_PROTO_UDP);
		CHECK_EQ(k.sport, pkt_n16(5060));
		CHECK_EQ(k.dport, pkt_n16(5061));
		/* Not an error: nothing embedded. */
		pkt_spec_default(&s, af, af == 4 ? HVLB_PROTO_ICMP : HVLB_PROTO_ICMPV6);
		len = pkt_build(f, &s);
		CHECK_EQ(parse_exact(f, len, &pi), HVLB_DROP_NONE);
		CHECK_EQ(parse_icmp_inner(f, &pi, &k, &o), HVLB_DROP_BAD_L4_HDR);
	}

	/* IPv4 inner header with 4 bytes of options: ports after them. */
	pkt_spec_default(&s, 4, HVLB_PROTO_UDP);
	ilen = pkt_build(in, &s) - 14;
	memmove(in + 14 + 24, in + 14 + 20, ilen - 20);
	memcpy(in + 14 + 20, "\x01\x01\x01\x00", 4);
	in[14] = 0x46;
	for (uint32_t il = 28; il <= 33; il++) {
		len = pkt_build_icmp_err(f, 4, in + 14, (uint16_t)il);
		CHECK_EQ(parse_exact(f, len, &pi), HVLB_DROP_NONE);
		CHECK_EQ(parse_icmp_inner(f, &pi, &k, &o),
			 il < 32 ? HVLB_DROP_TRUNCATED : HVLB_DROP_NONE);
	}
	CHECK_EQ(k.sport, pkt_n16(40000));
	/* Embedded headers that name no connection (a byte at an offset in them). */
	static const struct {
		uint8_t af, off, v;
		enum hvlb_drop r;
	} bad[] = {
		{4, 0, 0x65, HVLB_DROP_BAD_L4_HDR}, {4, 0, 0x44, HVLB_DROP_BAD_L4_HDR},
		{4, 7, 0x01, HVLB_DROP_BAD_L4_HDR}, {4, 6, 0x1f, HVLB_DROP_BAD_L4_HDR},
		{4, 6, 0x20, HVLB_DROP_NONE}, /* a first fragment names its ports */
		{6, 0, 0x45, HVLB_DROP_BAD_L4_HDR}, {6, 6, 0, HVLB_DROP_BAD_L4_HDR},
		{6, 6, 43, HVLB_DROP_BAD_L4_HDR}, {6, 6, 44, HVLB_DROP_BAD_L4_HDR},
		{6, 6, 60, HVLB_DROP_BAD_L4_HDR},
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		pkt_spec_default(&s, bad[i].af, HVLB_PROTO_TCP);
		ilen = pkt_build(in, &s) - 14;
		in[14 + bad[i].off] = bad[i].v;
		len = pkt_build_icmp_err(f, bad[i].af, in + 14, (uint16_t)ilen);
		CHECK_EQ(parse_exact(f, len, &pi), HVLB_DROP_NONE);
		CHECK_EQ(parse_icmp_inner(f, &pi, &k, &o), bad[i].r);
	}
}

/* parse_frame then parse_nd: -2 when the frame itself is rejected. */
static int
nd_parse(const uint8_t *f, uint32_t len, struct pkt_info *pi, union hvlb_addr *t, uint8_t *lla,
	 int *has)
{
	if (parse_exact(f, len, pi) != HVLB_DROP_NONE)
		return -2;
	return parse_nd(f, pi, t, lla, has);
}

static void
test_nd(void)
{
	static const uint8_t ip6[16] = {0xfe, 0x80, [15] = 0x0a};
	static const uint8_t tgt[16] = {0x20, 0x01, 0x0d, 0xb8, [14] = 0x12, 0x34};
	static const uint8_t unspec[16];
	static const uint8_t mac[6] = {2, 0, 0, 0, 0, 0x0a};
	struct pkt_info pi;
	union hvlb_addr t;
	uint8_t f[256], lla[6];
	uint32_t len;
	int has;

	len = pkt_build_ns(f, ip6, tgt, mac);
	CHECK_EQ(parse_exact(f, len, &pi), HVLB_DROP_NONE);
	CHECK_EQ(pi.icmp, PKT_ICMP_NS);
	CHECK_EQ(parse_verify_l4_csum(f, &pi), HVLB_DROP_NONE);
	CHECK_EQ(parse_nd(f, &pi, &t, lla, &has), 0);
	CHECK_MEM(t.b, tgt, 16);
	CHECK_EQ(has, 1);
	CHECK_MEM(lla, mac, 6);

	len = pkt_build_ns(f, ip6, tgt, NULL);
	CHECK_EQ(nd_parse(f, len, &pi, &t, lla, &has), 0);
	CHECK_EQ(has, 0);
	/* Duplicate address detection: from ::, and then never with a source LLA. */
	len = pkt_build_ns(f, unspec, tgt, NULL);
	CHECK_EQ(nd_parse(f, len, &pi, &t, lla, &has), 0);
	len = pkt_build_ns(f, unspec, tgt, mac);
	CHECK_EQ(nd_parse(f, len, &pi, &t, lla, &has), -1);

	/* An NA with a nonce-like option first, then the target LLA. */
	struct pkt_spec s;
	uint8_t body[40] = {0};

	pkt_spec_default(&s, 6, HVLB_PROTO_ICMPV6);
	s.icmp_type = 136;
	s.ttl = 255;
	s.sport = 0x6000;
	s.dport = 0;
	memcpy(body, tgt, 16);
	body[16] = 14;
	body[17] = 1;
	body[24] = 1; /* a source LLA in an NA: not the one wanted */
	body[25] = 1;
	body[32] = 2;
	body[33] = 1;
	memcpy(body + 34, mac, 6);
	s.payload = body;
	s.payload_len = 40;
	len = pkt_build(f, &s);
	CHECK_EQ(parse_exact(f, len, &pi), HVLB_DROP_NONE);
	CHECK_EQ(pi.icmp, PKT_ICMP_NA);
	CHECK_EQ(parse_nd(f, &pi, &t, lla, &has), 0);
	CHECK_EQ(has, 1);
	CHECK_MEM(lla, mac, 6);
	body[32] = 3;
	len = pkt_build(f, &s);
	CHECK_EQ(nd_parse(f, len, &pi, &t, lla, &has), 0);
	CHECK_EQ(has, 0);

	/* Malformed. */
	const struct {
		uint32_t payload_len;
		uint32_t off; /* in the ICMPv6 message; 0: no change */
		uint8_t v;
	} bad[] = {
		{15, 0, 0},   /* shorter than 24 bytes */
		{17, 0, 0},   /* one byte of option */
		{40, 25, 0},  /* option length 0 */
		{40, 41, 0},  /* last option length 0 */
		{40, 41, 2},  /* last option overruns */
		{40, 1, 1},   /* code 1 */
		{40, 8, 0xff}, /* multicast target */
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		body[32] = 2;
		s.payload_len = (uint16_t)bad[i].payload_len;
		len = pkt_build(f, &s);
		if (bad[i].off)
			f[54 + bad[i].off] = bad[i].v;
		pkt_fix_csums(f);
			CHECK_EQ(nd_parse(f, len, &pi, &t, lla, &has), -1);
	}
	s.payload_len = 40;
	s.ttl = 254; /* off-link: RFC 4861 says ignore */
	len = pkt_build(f, &s);
	CHECK_EQ(nd_parse(f, len, &pi, &t, lla, &has), -1);
	/* Not ND at all. */
	len = pkt_build_default(f, 6, HVLB_PROTO_ICMPV6);
	CHECK_EQ(nd_parse(f, len, &pi, &t, lla, &has), -1);
}

int
main(void)
{
	RUN(test_arp);
	RUN(test_verify_l4_csum);
	RUN(test_l4_csum_unfilled);
	RUN(test_icmp_inner);
	RUN(test_nd);
	return check_summary();
}
