/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * rewrite.c: every rewritten frame is compared byte for byte with the frame pkt_build.h makes
 * from scratch for the expected result (its checksums computed in full by its own code), so
 * each test checks the incremental checksums and that no other byte moved; the fast path's
 * rewrite_nat4 (rewrite_fast.h) gives the same bytes on every plain IPv4 TCP/UDP frame among
 * them. The builder itself is checked against frames scapy made.
 */
#include <string.h>

#include "check.h"
#include "parse.h"
#include "pkt_build.h"
#include "rewrite.h"
#include "rewrite_fast.h"

/* Frames made by scapy, to check pkt_build.h against an independent implementation. */
/* Ether()/IP(tos=16, id=0x1234, flags=DF, ttl=64, 192.0.2.10 -> 198.51.100.7)/
 * TCP(40000 -> 80, seq=0x01020304, ack=0x05060708, flags=S, window=0xfaf0)/10 bytes */
static const uint8_t scapy_tcp4[64] = {
	0x02, 0x00, 0x00, 0x00, 0x00, 0x01, 0x02, 0x00, 0x00, 0x00, 0x00, 0x02,
	0x08, 0x00, 0x45, 0x10, 0x00, 0x32, 0x12, 0x34, 0x40, 0x00, 0x40, 0x06,
	0x3c, 0x3d, 0xc0, 0x00, 0x02, 0x0a, 0xc6, 0x33, 0x64, 0x07, 0x9c, 0x40,
	0x00, 0x50, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x50, 0x02,
	0xfa, 0xf0, 0x80, 0x3f, 0x00, 0x00, 0x03, 0x0a, 0x11, 0x18, 0x1f, 0x26,
	0x2d, 0x34, 0x3b, 0x42,
};

/* Ether()/IPv6(fl=0x12345, hlim=64, 2001:db8::a -> 2001:db8:1::7)/UDP(40000 -> 80)/10 bytes */
static const uint8_t scapy_udp6[72] = {
	0x02, 0x00, 0x00, 0x00, 0x00, 0x01, 0x02, 0x00, 0x00, 0x00, 0x00, 0x02,
	0x86, 0xdd, 0x60, 0x01, 0x23, 0x45, 0x00, 0x12, 0x11, 0x40, 0x20, 0x01,
	0x0d, 0xb8, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x0a, 0x20, 0x01, 0x0d, 0xb8, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x07, 0x9c, 0x40, 0x00, 0x50, 0x00, 0x12,
	0x6b, 0xf7, 0x03, 0x0a, 0x11, 0x18, 0x1f, 0x26, 0x2d, 0x34, 0x3b, 0x42,
};

/* Ether()/Dot1Q(prio=3, vlan=100)/IP(as above)/ICMP(echo request, id=0x4242, seq=1)/10 bytes */
static const uint8_t scapy_vlan_echo4[56] = {
	0x02, 0x00, 0x00, 0x00, 0x00, 0x01, 0x02, 0x00, 0x00, 0x00, 0x00, 0x02,
	0x81, 0x00, 0x60, 0x64, 0x08, 0x00, 0x45, 0x10, 0x00, 0x26, 0x12, 0x34,
	0x40, 0x00, 0x40, 0x01, 0x3c, 0x4e, 0xc0, 0x00, 0x02, 0x0a, 0xc6, 0x33,
	0x64, 0x07, 0x08, 0x00, 0x19, 0xfe, 0x42, 0x42, 0x00, 0x01, 0x03, 0x0a,
	0x11, 0x18, 0x1f, 0x26, 0x2d, 0x34, 0x3b, 0x42,
};

static const uint8_t our_mac[6] = {0x02, 0xaa, 0xbb, 0xcc, 0xdd, 0xee};

static void
addr_of(union hvlb_addr *a, uint8_t af, const uint8_t *b)
{
	if (af == 4) {
		hvlb_addr_set4(a, 0);
		memcpy(a->b, b, 4);
	} else {
		memcpy(a->b, b, 16);
	}
}

static void
random_addr(uint8_t *b, uint8_t af)
{
	for (int i = 0; i < (af == 4 ? 4 : 16); i++)
		b[i] = (uint8_t)pkt_rng();
	b[0] = af == 4 ? (uint8_t)(1 + b[0] % 120) : 0x20; /* never a martian */
}

static void
test_builder_matches_scapy(void)
{
	uint8_t f[128];
	struct pkt_spec s;

	CHECK_EQ(pkt_build_default(f, 4, HVLB_PROTO_TCP), sizeof(scapy_tcp4));
	CHECK_MEM(f, scapy_tcp4, sizeof(scapy_tcp4));
	CHECK_EQ(pkt_build_default(f, 6, HVLB_PROTO_UDP), sizeof(scapy_udp6));
	CHECK_MEM(f, scapy_udp6, sizeof(scapy_udp6));
	pkt_spec_default(&s, 4, HVLB_PROTO_ICMP);
	s.has_vlan = 1;
	s.vlan_tci = 0x6064;
	CHECK_EQ(pkt_build(f, &s), sizeof(scapy_vlan_echo4));
	CHECK_MEM(f, scapy_vlan_echo4, sizeof(scapy_vlan_echo4));
}

/* Bytes after the frame, which no rewrite may touch. */
static void
canary_set(uint8_t *f, uint32_t len, uint32_t size)
{
	memset(f + len, 0xcc, size - len);
}

static void
canary_check(const uint8_t *f, uint32_t len, uint32_t size)
{
	for (uint32_t i = len; i < size; i++)
		CHECK_EQ(f[i], 0xcc);
}

/* Parse f and check that it is accepted with right checksums, as a receiver would see it. */
static void
check_valid(const uint8_t *f, uint32_t len)
{
	struct pkt_info pi;

	CHECK_EQ(parse_frame(f, len, &pi), HVLB_DROP_NONE);
	CHECK_EQ(parse_verify_l4_csum(f, &pi), HVLB_DROP_NONE);
}

/* Frames check_nat also rewrote with rewrite_nat4 (and rewrite_nat4_pre), and
 * test_ttl_dec_and_l2 with rewrite_ttl_dec4_fast. */
static unsigned fast_checked, fast_pre_checked, fast_ttl_checked;

/* NAT one packet in the given direction and compare with the expected packet built whole.
 * to_rs: dst -> new_addr:new_port; else src -> new_addr:new_port. */
static void
check_nat(const struct pkt_spec *in, int to_rs, const uint8_t *new_addr, uint16_t new_port)
{
	uint8_t f[256], e[256], g[256];
	struct pkt_spec x = *in;
	struct pkt_info pi, fpi;
	union hvlb_addr a;
	uint32_t len, elen;
	int ports = in->proto == HVLB_PROTO_TCP || in->proto == HVLB_PROTO_UDP;

	len = pkt_build(f, in);
	memcpy(to_rs ? x.dst : x.src, new_addr, 16);
	if (new_port != 0 && ports)
		*(to_rs ? &x.dport : &x.sport) = new_port;
	x.ttl--;
	elen = pkt_build(e, &x);
	CHECK_EQ(parse_frame(f, len, &pi), HVLB_DROP_NONE);
	addr_of(&a, in->af, new_addr);
	/* The fast path's rewrite (rewrite_fast.h), on the frames parse_fast4 takes: the same
	 * bytes. */
	if (parse_fast4(f, len, parse_fast_mac48(f), &fpi)) {
		memcpy(g, f, len);
		rewrite_nat4(g, fpi.key.proto, to_rs, a.w[0], pkt_n16(new_port));
		CHECK_MEM(g, e, len);
		fast_checked++;
		/* And with the connection's changes folded beforehand (rewrite_nat4_pre), as
		 * the worker's fast path does for a TTL above 1: the same bytes. */
		if (fpi.ttl > 1) {
			uint16_t d_ip, d_l4;
			uint32_t old;

			memcpy(&old, f + 14 + (to_rs ? 16 : 12), 4);
			rewrite_nat4_deltas(old, a.w[0], &d_ip, &d_l4);
			memcpy(g, f, len);
			rewrite_nat4_pre(g, fpi.key.proto, to_rs, a.w[0], pkt_n16(new_port), d_ip,
					 d_l4);
			CHECK_MEM(g, e, len);
			fast_pre_checked++;
		}
	}
	canary_set(f, len, sizeof(f));
	if (to_rs)
		rewrite_nat_to_rs(f, &pi, &a, pkt_n16(new_port));
	else
		rewrite_nat_to_client(f, &pi, &a, pkt_n16(new_port));
	canary_check(f, len, sizeof(f));
	CHECK_EQ(len, elen);
	CHECK_MEM(f, e, len);
	check_valid(f, len);
}

static void
test_nat_cases(void)
{
	static const uint8_t rs4[16] = {10, 1, 2, 3}, vip4[16] = {198, 51, 100, 7};
	static const uint8_t rs6[16] = {0xfd, 0, [14] = 0xbe, 0xef};
	static const uint8_t protos[] = {HVLB_PROTO_TCP, HVLB_PROTO_UDP, 47, 0};
	struct pkt_spec s;

	for (uint8_t af = 4; af <= 6; af += 2) {
		for (size_t p = 0; p < sizeof(protos); p++) {
			for (int vlan = 0; vlan < 2; vlan++) {
				uint8_t proto = protos[p] ? protos[p] : (af == 4 ? HVLB_PROTO_ICMP :
										HVLB_PROTO_ICMPV6);

				pkt_spec_default(&s, af, proto);
				s.has_vlan = (uint8_t)vlan;
				s.vlan_tci = 100;
				s.pad_to = 60;
				check_nat(&s, 1, af == 4 ? rs4 : rs6, 8080);
				check_nat(&s, 1, af == 4 ? rs4 : rs6, 0); /* keeps the port */
				check_nat(&s, 1, af == 4 ? rs4 : rs6, 80); /* same port */
				check_nat(&s, 0, af == 4 ? vip4 : s.dst, 443);
				check_nat(&s, 0, af == 4 ? vip4 : s.dst, 0);
				s.payload_len = 0;
				s.ttl = 2;
				check_nat(&s, 1, af == 4 ? rs4 : rs6, 8080);
				s.payload_len = 1;
				s.ttl = 255;
				check_nat(&s, 0, af == 4 ? rs4 : rs6, 1);
				if (check_failed_now)
					return;
			}
		}
	}
	/* UDP/IPv4 without a checksum stays without. */
	pkt_spec_default(&s, 4, HVLB_PROTO_UDP);
	s.udp_no_csum = 1;
	check_nat(&s, 1, rs4, 8080);
	check_nat(&s, 0, vip4, 53);
}

/* check_nat on an IPv6 packet carrying the extension headers chain[]: they go through
 * unchanged, the L4 header past them is rewritten. */
static void
check_nat_ext6(const struct pkt_spec *in, const uint8_t (*chain)[3], unsigned n, int to_rs,
	       const uint8_t *new_addr, uint16_t new_port)
{
	uint8_t f[512], e[512];
	struct pkt_spec x = *in;
	struct pkt_info pi;
	union hvlb_addr a;
	uint32_t len, elen;
	int ports = in->proto == HVLB_PROTO_TCP || in->proto == HVLB_PROTO_UDP;

	len = pkt_build_ext6(f, in, chain, n);
	memcpy(to_rs ? x.dst : x.src, new_addr, 16);
	if (new_port != 0 && ports)
		*(to_rs ? &x.dport : &x.sport) = new_port;
	x.ttl--;
	elen = pkt_build_ext6(e, &x, chain, n);
	CHECK_EQ(parse_frame(f, len, &pi), HVLB_DROP_NONE);
	CHECK(pi.l4_off > pi.l3_off + 40);
	addr_of(&a, 6, new_addr);
	canary_set(f, len, sizeof(f));
	if (to_rs)
		rewrite_nat_to_rs(f, &pi, &a, pkt_n16(new_port));
	else
		rewrite_nat_to_client(f, &pi, &a, pkt_n16(new_port));
	canary_check(f, len, sizeof(f));
	CHECK_EQ(len, elen);
	CHECK_MEM(f, e, len);
	check_valid(f, len);
}

static void
test_nat_ipv6_ext(void)
{
	static const uint8_t rs6[16] = {0xfd, 0, [14] = 0xbe, 0xef};
	static const uint8_t chains[][4][3] = {
		{{0, 0, 0}},
		{{60, 1, 0}},
		{{0, 0, 0}, {60, 0, 0}},
		{{0, 2, 0}, {60, 0, 0}, {43, 4, 0}, {60, 3, 0}}, /* a spent source route */
	};
	static const unsigned n[] = {1, 1, 2, 4};
	static const uint8_t protos[] = {HVLB_PROTO_TCP, HVLB_PROTO_UDP, HVLB_PROTO_ICMPV6, 47};
	struct pkt_spec s;

	for (size_t c = 0; c < sizeof(n) / sizeof(n[0]); c++) {
		for (size_t p = 0; p < sizeof(protos); p++) {
			for (int vlan = 0; vlan < 2; vlan++) {
				pkt_spec_default(&s, 6, protos[p]);
				s.has_vlan = (uint8_t)vlan;
				s.vlan_tci = 100;
				check_nat_ext6(&s, chains[c], n[c], 1, rs6, 8080);
				check_nat_ext6(&s, chains[c], n[c], 1, rs6, 0);
				check_nat_ext6(&s, chains[c], n[c], 0, s.dst, 443);
				s.payload_len = 1;
				check_nat_ext6(&s, chains[c], n[c], 0, rs6, 1);
				if (check_failed_now)
					return;
			}
		}
	}
}

static void
test_nat_random(void)
{
	static const uint8_t protos[] = {HVLB_PROTO_TCP, HVLB_PROTO_UDP, HVLB_PROTO_UDP};
	struct pkt_spec s;
	uint8_t addr[16] = {0};

	for (int i = 0; i < 20000; i++) {
		uint8_t af = pkt_rng() & 1 ? 4 : 6;
		uint32_t p = pkt_rng() % 3;

		pkt_spec_default(&s, af, protos[p]);
		s.udp_no_csum = p == 2;
		random_addr(s.src, af);
		random_addr(s.dst, af);
		random_addr(addr, af);
		s.sport = (uint16_t)pkt_rng();
		s.dport = (uint16_t)pkt_rng();
		do /* a combination the parser accepts: the rewrite, not the flags, is tested */
			s.tcp_flags = (uint8_t)pkt_rng();
		while (!parse_tcp_flags_valid(s.tcp_flags));
		s.ttl = (uint8_t)(2 + pkt_rng() % 254);
		s.payload_len = (uint16_t)(pkt_rng() % 64);
		s.has_vlan = pkt_rng() & 1;
		check_nat(&s, (int)(pkt_rng() & 1), addr, (uint16_t)pkt_rng());
		if (check_failed_now)
			return;
	}
}

/* Every client port: a fixed packet's checksum then takes every value, so the incoming and
 * the rewritten UDP checksums both hit 0xffff (UDP's form of a computed 0) and TCP's hit 0. */
static void
test_nat_csum_edges(void)
{
	static const uint8_t rs4[16] = {10, 1, 2, 3};
	static const uint8_t rs6[16] = {0xfd, 0, [15] = 1};
	uint8_t f[128];
	struct pkt_spec s;

	for (uint8_t af = 4; af <= 6; af += 2) {
		for (uint8_t proto = HVLB_PROTO_TCP; proto <= HVLB_PROTO_UDP; proto += 11) {
			uint32_t co = (af == 4 ? 34u : 54u) + (proto == HVLB_PROTO_UDP ? 6 : 16);
			uint16_t special = proto == HVLB_PROTO_UDP ? 0xffff : 0;
			unsigned in_special = 0, out_special = 0;

			for (uint32_t port = 0; port < 65536; port++) {
				pkt_spec_default(&s, af, proto);
				s.sport = (uint16_t)port;
				pkt_build(f, &s);
				in_special += pkt_get16(f + co) == special;
				check_nat(&s, 1, af == 4 ? rs4 : rs6, 8080);
				s.dport = 8080;
				memcpy(s.dst, af == 4 ? rs4 : rs6, 16);
				s.ttl--;
				pkt_build(f, &s);
				out_special += pkt_get16(f + co) == special;
				if (check_failed_now)
					return;
			}
			CHECK(in_special > 0);
			CHECK(out_special > 0);
		}
	}
}

/* A checksum that was wrong stays exactly as wrong: the rewritten frame is the expected one
 * with the same damage. */
static void
test_nat_keeps_bad_csum(void)
{
	static const uint8_t rs6[16] = {0xfd, 0, [15] = 1};
	struct pkt_spec s;
	struct pkt_info pi;
	uint8_t f[128], e[128];
	union hvlb_addr a;

	for (uint8_t af = 4; af <= 6; af += 2) {
		for (uint8_t proto = HVLB_PROTO_TCP; proto <= HVLB_PROTO_UDP; proto += 11) {
			pkt_spec_default(&s, af, proto);
			uint32_t len = pkt_build(f, &s);

			f[len - 3] ^= 0x5a; /* payload damaged in transit */
			CHECK_EQ(parse_frame(f, len, &pi), HVLB_DROP_NONE);
			CHECK_EQ(parse_verify_l4_csum(f, &pi), HVLB_DROP_BAD_L4_CSUM);
			addr_of(&a, af, rs6);
			rewrite_nat_to_rs(f, &pi, &a, pkt_n16(8080));
			memcpy(s.dst, rs6, 16);
			s.dport = 8080;
			s.ttl--;
			pkt_build(e, &s);
			e[len - 3] ^= 0x5a;
			CHECK_MEM(f, e, len);
			CHECK_EQ(parse_frame(f, len, &pi), HVLB_DROP_NONE);
			CHECK_EQ(parse_verify_l4_csum(f, &pi), HVLB_DROP_BAD_L4_CSUM);
		}
	}
}

static void
test_ttl_dec_and_l2(void)
{
	static const uint8_t dmac[6] = {0x02, 1, 2, 3, 4, 5};
	struct pkt_spec s;
	struct pkt_info pi, fpi;
	uint8_t f[128], e[128], g[128];

	for (int i = 0; i < 4000; i++) {
		uint8_t af = i & 1 ? 4 : 6;
		uint32_t len;
		bool fast;

		pkt_spec_default(&s, af, i & 2 ? HVLB_PROTO_UDP : HVLB_PROTO_TCP);
		s.ttl = (uint8_t)(2 + i % 254);
		s.has_vlan = (i >> 2) & 1;
		s.ip_id = (uint16_t)pkt_rng();
		random_addr(s.src, af);
		len = pkt_build(f, &s);
		CHECK_EQ(parse_frame(f, len, &pi), HVLB_DROP_NONE);
		fast = parse_fast4(f, len, parse_fast_mac48(f), &fpi); /* the fast path's: the same bytes */
		if (fast) {
			memcpy(g, f, len);
			rewrite_ttl_dec4_fast(g);
			fast_ttl_checked++;
		}
		rewrite_ttl_dec(f, &pi);
		if (fast)
			CHECK_MEM(g, f, len);
		rewrite_l2(f, dmac, our_mac);
		s.ttl--;
		memcpy(s.eth_dst, dmac, 6);
		memcpy(s.eth_src, our_mac, 6);
		CHECK_EQ(pkt_build(e, &s), len);
		CHECK_MEM(f, e, len);
		if (check_failed_now)
			return;
	}
}

/* The embedded packet as the NF sent it (rs:rs_port -> client), cut to inner_len bytes, in an
 * error from a router to the VIP; rewritten, it must equal the same error built about the
 * packet the NF sent (inner source rs:rs_port) and addressed to the NF. */
/* chain: IPv6 extension headers of the quoted packet (pkt_build_ext6), n of them. */
static void
check_icmp_err(uint8_t af, uint8_t proto, int vlan, int no_csum, uint16_t inner_len,
	       const uint8_t (*chain)[3], unsigned n)
{
	static const uint8_t rs4[16] = {10, 1, 2, 3}, rs6[16] = {0xfd, 0, [15] = 9};
	static const uint8_t client4[16] = {203, 0, 113, 5}, client6[16] = {0x24, [15] = 5};
	const uint8_t *rs = af == 4 ? rs4 : rs6;
	struct pkt_spec is, os;
	struct pkt_info pi;
	struct flow_key k;
	union hvlb_addr a;
	uint8_t in[256], f[384], e[384];
	uint32_t ilen, len, elen;
	uint16_t o;

	pkt_spec_default(&is, af, proto);
	is.udp_no_csum = (uint8_t)no_csum;
	memcpy(is.src, is.dst, 16); /* VIP:80 -> client:40000 */
	is.sport = 80;
	memcpy(is.dst, af == 4 ? client4 : client6, 16);
	is.dport = 40000;
	ilen = pkt_build_ext6(in, &is, chain, n) - 14;
	if (inner_len > ilen)
		inner_len = (uint16_t)ilen;
	pkt_spec_default(&os, af, af == 4 ? HVLB_PROTO_ICMP : HVLB_PROTO_ICMPV6);
	os.icmp_type = af == 4 ? 3 : 2;
	os.icmp_code = af == 4 ? 4 : 0;
	os.sport = 0;
	os.dport = 1400;
	os.has_vlan = (uint8_t)vlan;
	memcpy(os.src, "\xc0\x00\x02\xfe", 4); /* a router */
	memcpy(os.dst, is.src, 16);             /* the VIP */
	os.payload = in + 14;
	os.payload_len = inner_len;
	len = pkt_build(f, &os);

	CHECK_EQ(parse_frame(f, len, &pi), HVLB_DROP_NONE);
	CHECK_EQ(parse_verify_l4_csum(f, &pi), HVLB_DROP_NONE);
	CHECK_EQ(parse_icmp_inner(f, &pi, &k, &o), HVLB_DROP_NONE);
	addr_of(&a, af, rs);
	canary_set(f, len, sizeof(f));
	rewrite_icmp_err_to_rs(f, &pi, o, &a, pkt_n16(8080));
	canary_check(f, len, sizeof(f));

	memcpy(is.src, rs, 16);
	is.sport = 8080;
	pkt_build_ext6(in, &is, chain, n);
	memcpy(os.dst, rs, 16);
	os.ttl--;
	elen = pkt_build(e, &os);
	CHECK_EQ(len, elen);
	CHECK_MEM(f, e, len);
	check_valid(f, len);
}

static void
test_icmp_err_to_rs(void)
{
	for (uint8_t af = 4; af <= 6; af += 2) {
		uint16_t hl = af == 4 ? 20 : 40;

		for (int vlan = 0; vlan < 2; vlan++) {
			for (uint16_t l = hl + 8; l <= hl + 30; l++) {
				/* Half a TCP checksum cannot be updated: no carry to go on. */
				if (l != hl + 17)
					check_icmp_err(af, HVLB_PROTO_TCP, vlan, 0, l, NULL, 0);
				check_icmp_err(af, HVLB_PROTO_UDP, vlan, 0, l, NULL, 0);
			}
		}
		check_icmp_err(af, HVLB_PROTO_UDP, 0, 1, 200, NULL, 0);
		check_icmp_err(af, 47, 0, 0, 200, NULL, 0);
	}
	/* A quoted IPv6 packet with extension headers: its ports and checksum past them. */
	static const uint8_t chain[3][3] = {{0, 0, 0}, {43, 2, 0}, {60, 1, 0}};
	const uint16_t ext = 8 + 24 + 16;

	for (uint16_t l = 40 + ext + 8; l <= 40 + ext + 30; l++) {
		if (l != 40 + ext + 17)
			check_icmp_err(6, HVLB_PROTO_TCP, 0, 0, l, chain, 3);
		check_icmp_err(6, HVLB_PROTO_UDP, 1, 0, l, chain, 1);
	}
}

static void
test_arp_reply(void)
{
	static const uint8_t req_mac[6] = {0x02, 0, 0, 0, 0, 0x11};
	static const uint8_t req_ip[4] = {10, 0, 0, 1}, our_ip[4] = {10, 0, 0, 2};
	static const uint8_t zero[6];
	struct pkt_info pi;
	uint8_t f[64], e[64];

	for (int vlan = 0; vlan < 2; vlan++) {
		uint32_t len = pkt_build_arp(f, vlan, 1, req_mac, req_ip, zero, our_ip);

		CHECK_EQ(parse_frame(f, len, &pi), HVLB_DROP_NONE);
		rewrite_arp_reply(f, &pi, our_mac);
		CHECK_EQ(pkt_build_arp(e, vlan, 2, our_mac, our_ip, req_mac, req_ip), len);
		CHECK_MEM(f, e, len);
		CHECK_MEM(f, req_mac, 6);
	}
}

static void
test_echo_reply(void)
{
	struct pkt_spec s, r;
	struct pkt_info pi;
	uint8_t f[256], e[256];

	for (int i = 0; i < 400; i++) {
		uint8_t af = i & 1 ? 4 : 6;
		uint32_t len;

		pkt_spec_default(&s, af, af == 4 ? HVLB_PROTO_ICMP : HVLB_PROTO_ICMPV6);
		s.has_vlan = (i >> 1) & 1;
		s.ttl = (uint8_t)(i + 1);
		s.sport = (uint16_t)pkt_rng();
		s.dport = (uint16_t)i;
		s.payload_len = (uint16_t)(i % 100);
		random_addr(s.src, af);
		len = pkt_build(f, &s);
		CHECK_EQ(parse_frame(f, len, &pi), HVLB_DROP_NONE);
		CHECK_EQ(rewrite_echo_reply(f, &pi), 0);
		r = s;
		r.icmp_type = af == 4 ? 0 : 129;
		r.ttl = 64;
		memcpy(r.src, s.dst, 16);
		memcpy(r.dst, s.src, 16);
		memcpy(r.eth_src, s.eth_dst, 6);
		memcpy(r.eth_dst, s.eth_src, 6);
		CHECK_EQ(pkt_build(e, &r), len);
		CHECK_MEM(f, e, len);
		check_valid(f, len);
		if (check_failed_now)
			return;
	}
}

/* An echo request behind IPv6 extension headers: the reply is the plain request's, the
 * headers left out. */
static void
test_echo_reply_ext6(void)
{
	static const uint8_t chain[3][3] = {{0, 0, 0}, {43, 2, 0}, {60, 1, 0}};
	struct pkt_spec s;
	struct pkt_info pi, ppi;
	uint8_t f[384], e[384];
	uint32_t len, elen;

	pkt_spec_default(&s, 6, HVLB_PROTO_ICMPV6);
	s.payload_len = 33;
	elen = pkt_build(e, &s);
	CHECK_EQ(parse_frame(e, elen, &ppi), HVLB_DROP_NONE);
	CHECK_EQ(rewrite_echo_reply(e, &ppi), 0);
	len = pkt_build_ext6(f, &s, chain, 3);
	CHECK_EQ(parse_frame(f, len, &pi), HVLB_DROP_NONE);
	canary_set(f, len, sizeof(f));
	CHECK_EQ(rewrite_echo_reply(f, &pi), 8 + 24 + 16);
	canary_check(f, len, sizeof(f));
	CHECK_EQ(pi.l3_off + pi.l3_len - (8 + 24 + 16), elen);
	CHECK_MEM(f, e, elen);
	check_valid(f, elen);
}

/* The NA expected for an NS: pkt_build.h's ICMPv6 with flags, target and an optional target
 * LLA, with the flow label rewrite_nd_advert clears. */
static uint32_t
build_na(uint8_t *e, int vlan, const uint8_t eth_dst[6], const uint8_t src[16],
	 const uint8_t dst[16], uint16_t flags, int with_lla)
{
	struct pkt_spec s;
	uint8_t body[24] = {0};
	uint32_t len, l3 = vlan ? 18 : 14;

	pkt_spec_default(&s, 6, HVLB_PROTO_ICMPV6);
	s.icmp_type = 136;
	s.sport = flags;
	s.dport = 0;
	s.ttl = 255;
	s.has_vlan = (uint8_t)vlan;
	memcpy(s.eth_dst, eth_dst, 6);
	memcpy(s.eth_src, our_mac, 6);
	memcpy(s.src, src, 16);
	memcpy(s.dst, dst, 16);
	memcpy(body, src, 16);
	body[16] = 2;
	body[17] = 1;
	memcpy(body + 18, our_mac, 6);
	s.payload = body;
	s.payload_len = with_lla ? 24 : 16;
	len = pkt_build(e, &s);
	memset(e + l3 + 1, 0, 3);
	return len;
}

static void
test_nd_advert(void)
{
	static const uint8_t sol[16] = {0xfe, 0x80, [15] = 0x0a};
	static const uint8_t tgt[16] = {0x20, 0x01, 0x0d, 0xb8, [14] = 0x12, 0x34};
	static const uint8_t all_nodes[16] = {0xff, 0x02, [15] = 1};
	static const uint8_t all_nodes_mac[6] = {0x33, 0x33, 0, 0, 0, 1};
	static const uint8_t sol_mac[6] = {0x02, 0, 0, 0, 0, 0x0a}, unspec[16];
	uint8_t f[256], e[256];
	struct pkt_info pi;
	uint32_t len, elen;

	for (int vlan = 0; vlan < 2; vlan++) {
		/* With a source LLA: answered to it, with our MAC as target LLA. */
		len = pkt_build_ns(f, sol, tgt, sol_mac);
		if (vlan) {
			memmove(f + 16, f + 12, len - 12);
			memcpy(f + 12, "\x81\x00\x00\x07", 4);
			len += 4;
		}
		memcpy(f + 6, "\x02\x99\x99\x99\x99\x99", 6); /* LLA option wins over this */
		CHECK_EQ(parse_frame(f, len, &pi), HVLB_DROP_NONE);
		CHECK_EQ(rewrite_nd_advert(f, &pi, our_mac), len);
		elen = build_na(e, vlan, sol_mac, tgt, sol, 0x6000, 1);
		if (vlan)
			pkt_put16(e + 14, 7);
		CHECK_EQ(elen, len);
		CHECK_MEM(f, e, elen);
		check_valid(f, len);
	}
	/* Without one: to the frame's source MAC, and no target LLA. */
	len = pkt_build_ns(f, sol, tgt, NULL);
	memcpy(f + 6, sol_mac, 6);
	CHECK_EQ(parse_frame(f, len, &pi), HVLB_DROP_NONE);
	CHECK_EQ(rewrite_nd_advert(f, &pi, our_mac), len);
	elen = build_na(e, 0, sol_mac, tgt, sol, 0x6000, 0);
	CHECK_EQ(elen, len);
	CHECK_MEM(f, e, elen);
	check_valid(f, len);
	/* Duplicate address detection: to all-nodes, S clear. */
	len = pkt_build_ns(f, unspec, tgt, NULL);
	CHECK_EQ(parse_frame(f, len, &pi), HVLB_DROP_NONE);
	CHECK_EQ(rewrite_nd_advert(f, &pi, our_mac), len);
	elen = build_na(e, 0, all_nodes_mac, tgt, all_nodes, 0x2000, 0);
	CHECK_MEM(f, e, elen);
	check_valid(f, len);
	/* A longer NS (a nonce option before the LLA) gives a shorter NA. */
	struct pkt_spec s;
	uint8_t body[32] = {0};

	pkt_spec_default(&s, 6, HVLB_PROTO_ICMPV6);
	s.icmp_type = 135;
	s.sport = s.dport = 0;
	s.ttl = 255;
	memcpy(s.src, sol, 16);
	memcpy(body, tgt, 16);
	body[16] = 14;
	body[17] = 1;
	body[24] = 1;
	body[25] = 1;
	memcpy(body + 26, sol_mac, 6);
	s.payload = body;
	s.payload_len = 32;
	len = pkt_build(f, &s);
	CHECK_EQ(parse_frame(f, len, &pi), HVLB_DROP_NONE);
	elen = build_na(e, 0, sol_mac, tgt, sol, 0x6000, 1);
	CHECK_EQ(rewrite_nd_advert(f, &pi, our_mac), elen);
	CHECK_MEM(f, e, elen);
	check_valid(f, elen);
	/* Behind a hop-by-hop header (as MLD sends, with a router alert): the NA follows the
	 * IPv6 header, without it. */
	{
		static const uint8_t hbh[1][3] = {{0, 0, 0}};

		len = pkt_build_ext6(f, &s, hbh, 1);
		CHECK_EQ(parse_frame(f, len, &pi), HVLB_DROP_NONE);
		CHECK_EQ(pi.l4_off, 14 + 48);
		CHECK_EQ(rewrite_nd_advert(f, &pi, our_mac), elen);
		CHECK_MEM(f, e, elen);
		check_valid(f, elen);
	}
	/* Not answerable: a hop limit other than 255, or not an NS. */
	s.ttl = 64;
	len = pkt_build(f, &s);
	CHECK_EQ(parse_frame(f, len, &pi), HVLB_DROP_NONE);
	CHECK_EQ(rewrite_nd_advert(f, &pi, our_mac), 0);
	len = pkt_build_default(f, 6, HVLB_PROTO_ICMPV6);
	CHECK_EQ(parse_frame(f, len, &pi), HVLB_DROP_NONE);
	CHECK_EQ(rewrite_nd_advert(f, &pi, our_mac), 0);
}

static void
test_build_arp_request(void)
{
	static const uint8_t zero[6];
	uint8_t f[64], e[64];
	struct pkt_info pi;
	uint32_t sip, tip;

	memcpy(&sip, "\x0a\x00\x00\x02", 4);
	memcpy(&tip, "\x0a\x00\x00\x63", 4);
	for (int vlan = 0; vlan < 2; vlan++) {
		memset(f, 0xcc, sizeof(f));
		CHECK_EQ(build_arp_request(f, our_mac, sip, tip, vlan ? 7 : 0), 60);
		CHECK_EQ(pkt_build_arp(e, vlan, 1, our_mac, (const uint8_t *)&sip, zero,
				       (const uint8_t *)&tip),
			 60);
		CHECK_MEM(f, e, 60);
		CHECK_EQ(parse_frame(f, 60, &pi), HVLB_DROP_NONE);
		CHECK_EQ(pi.kind, PKT_ARP);
	}
}

static void
test_build_nd_solicit(void)
{
	static const uint8_t src[16] = {0xfe, 0x80, [15] = 2};
	static const uint8_t tgt[16] = {0x20, 0x01, 0x0d, 0xb8, [13] = 0xab, 0xcd, 0xef};
	union hvlb_addr a, t, got;
	uint8_t f[128], e[128], lla[6];
	struct pkt_info pi;
	int has;

	memcpy(a.b, src, 16);
	memcpy(t.b, tgt, 16);
	for (int vlan = 0; vlan < 2; vlan++) {
		uint32_t len = build_nd_solicit(f, our_mac, &a, &t, vlan ? 7 : 0);
		uint32_t l3 = vlan ? 18 : 14;

		CHECK_EQ(len, vlan ? 90u : 86u);
		CHECK_EQ(pkt_build_ns(e + (vlan ? 4 : 0), src, tgt, our_mac), 86);
		if (vlan) {
			memmove(e, e + 4, 12);
			memcpy(e + 12, "\x81\x00\x00\x07", 4);
		}
		memcpy(e, "\x33\x33\xff\xab\xcd\xef", 6);
		memcpy(e + 6, our_mac, 6);
		memset(e + l3 + 1, 0, 3);
		CHECK_MEM(f, e, len);
		CHECK_MEM(f + l3 + 24, "\xff\x02\0\0\0\0\0\0\0\0\0\x01\xff\xab\xcd\xef", 16);
		CHECK_EQ(parse_frame(f, len, &pi), HVLB_DROP_NONE);
		CHECK_EQ(pi.icmp, PKT_ICMP_NS);
		CHECK_EQ(parse_verify_l4_csum(f, &pi), HVLB_DROP_NONE);
		CHECK_EQ(parse_nd(f, &pi, &got, lla, &has), 0);
		CHECK(hvlb_addr_eq(&got, &t));
		CHECK_EQ(has, 1);
		CHECK_MEM(lla, our_mac, 6);
	}
}

/* rewrite_nat4 was compared with rewrite_nat (check_nat) on many plain IPv4 frames: about a
 * quarter of test_nat_random's and every IPv4 one of test_nat_csum_edges. */
static void
test_fast_compared(void)
{
	CHECK(fast_checked > 100000);
	CHECK(fast_pre_checked > 100000);
	CHECK(fast_ttl_checked > 500);
}

int
main(void)
{
	RUN(test_builder_matches_scapy);
	RUN(test_nat_cases);
	RUN(test_nat_ipv6_ext);
	RUN(test_nat_random);
	RUN(test_nat_csum_edges);
	RUN(test_nat_keeps_bad_csum);
	RUN(test_ttl_dec_and_l2);
	RUN(test_icmp_err_to_rs);
	RUN(test_arp_reply);
	RUN(test_echo_reply);
	RUN(test_echo_reply_ext6);
	RUN(test_nd_advert);
	RUN(test_build_arp_request);
	RUN(test_build_nd_solicit);
	RUN(test_fast_compared);
	return check_summary();
}
