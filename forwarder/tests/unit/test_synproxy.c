/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * synproxy.c: the cookie (valid, expired, forged, MSS round trip), the frames the proxy builds
 * (parsed back, every checksum recomputed by pkt_build.h's own code) and the translation
 * (wrap-around, SACK blocks at odd and even offsets, incremental checksums equal to a full
 * recomputation).
 */
#include <string.h>

#include "check.h"
#include "parse.h"
#include "pkt_build.h"
#include "synproxy.h"

static const struct synproxy_key key = {{0x0123456789abcdefull, 0xfedcba9876543210ull}};

static struct flow_key
tuple(uint8_t af)
{
	uint8_t f[256];
	struct pkt_info pi;

	parse_frame(f, pkt_build_default(f, af, HVLB_PROTO_TCP), &pi);
	return pi.key;
}

/* The frame's checksums are what a full computation gives. */
static void
check_csums(const uint8_t *f, uint32_t len)
{
	uint8_t g[256];

	memcpy(g, f, len);
	pkt_fix_csums(g);
	CHECK_MEM(g, f, len);
}

static void
test_cookie_roundtrip(void)
{
	for (uint8_t af = 4; af <= 6; af += 2) {
		struct flow_key k = tuple(af);

		for (unsigned i = 0; i < SYNPROXY_MSS_N; i++) {
			uint32_t c = synproxy_cookie(&key, &k, 0xfffffff0u + i, 1000, i);

			CHECK_EQ(synproxy_cookie_check(&key, &k, 0xfffffff0u + i, c, 1000), i);
			CHECK_EQ(synproxy_cookie_check(&key, &k, 0xfffffff0u + i, c, 1001), i);
		}
	}
	/* MSS: the largest value not above the client's; none sent means the RFC's default. */
	CHECK_EQ(synproxy_mss_value(synproxy_mss_index(1460, 4)), 1460);
	CHECK_EQ(synproxy_mss_value(synproxy_mss_index(9000, 4)), 1460);
	CHECK_EQ(synproxy_mss_value(synproxy_mss_index(1459, 4)), 1440);
	CHECK_EQ(synproxy_mss_value(synproxy_mss_index(100, 4)), 536);
	CHECK_EQ(synproxy_mss_value(synproxy_mss_index(0, 4)), 536);
	CHECK_EQ(synproxy_mss_value(synproxy_mss_index(0, 6)), 1220);
}

static void
test_cookie_expired_and_forged(void)
{
	struct flow_key k = tuple(4), other = k;
	uint32_t c = synproxy_cookie(&key, &k, 77, 1000, 7);
	struct synproxy_key key2 = key;
	unsigned accepted = 0;

	CHECK_EQ(synproxy_cookie_check(&key, &k, 77, c, 1002), -1); /* two periods on */
	CHECK_EQ(synproxy_cookie_check(&key, &k, 77, c, 999), -1);  /* from the future */
	CHECK_EQ(synproxy_cookie_check(&key, &k, 78, c, 1000), -1); /* another ISN */
	other.sport ^= 1;
	CHECK_EQ(synproxy_cookie_check(&key, &other, 77, c, 1000), -1);
	other = k;
	other.dport ^= 1;
	CHECK_EQ(synproxy_cookie_check(&key, &other, 77, c, 1000), -1);
	key2.k[1] ^= 1;
	CHECK_EQ(synproxy_cookie_check(&key2, &k, 77, c, 1000), -1);
	/* Another MSS index in the low bits does not validate either. */
	CHECK_EQ(synproxy_cookie_check(&key, &k, 77, (c & ~7u) | 3, 1000), -1);
	/* Guesses: 2^27 space, so 100,000 random ones find nothing (a hit would be 1 in 1,300). */
	for (uint32_t i = 0; i < 100000; i++)
		accepted += synproxy_cookie_check(&key, &k, 77, pkt_rng(), 1000) >= 0;
	CHECK_EQ(accepted, 0);
}

/* A TCP frame with options opts (olen, a multiple of 4) and payload plen, flags fl. */
static uint32_t
build_tcp(uint8_t *f, uint8_t af, uint8_t fl, const uint8_t *opts, unsigned olen, unsigned plen,
	  uint32_t seq, uint32_t ack)
{
	struct pkt_spec s;
	uint32_t len, l4;

	pkt_spec_default(&s, af, HVLB_PROTO_TCP);
	s.tcp_flags = fl;
	s.payload_len = (uint16_t)(olen + plen);
	len = pkt_build(f, &s);
	l4 = 14 + (af == 4 ? 20 : 40);
	f[l4 + 12] = (uint8_t)((20 + olen) / 4) << 4;
	if (olen > 0)
		memcpy(f + l4 + 20, opts, olen);
	pkt_put16(f + l4 + 4, (uint16_t)(seq >> 16));
	pkt_put16(f + l4 + 6, (uint16_t)seq);
	pkt_put16(f + l4 + 8, (uint16_t)(ack >> 16));
	pkt_put16(f + l4 + 10, (uint16_t)ack);
	pkt_fix_csums(f);
	return len;
}

static uint32_t
get32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void
test_synack(void)
{
	static const uint8_t syn_opts[20] = {2, 4, 0x05, 0xb4, 4, 2, 8, 10, 1, 2, 3, 4,
					     0, 0, 0, 0, 1, 3, 3, 7};
	for (uint8_t af = 4; af <= 6; af += 2) {
		uint8_t f[256];
		uint32_t len = build_tcp(f, af, HVLB_TCP_SYN, syn_opts, 20, 0, 0xffffffffu, 0);
		struct pkt_info pi, back;
		struct flow_key k;

		CHECK_EQ(parse_frame(f, len, &pi), HVLB_DROP_NONE);
		CHECK_EQ(synproxy_tcp_mss(f, &pi), 1460);
		k = pi.key;
		len = synproxy_make_synack(f, &pi, 0xabcdef01u, 1460);
		CHECK_EQ(len, synproxy_frame_len(&pi, true));
		CHECK_EQ(parse_frame(f, len, &back), HVLB_DROP_NONE);
		CHECK_EQ(back.tcp_flags, HVLB_TCP_SYN | HVLB_TCP_ACK);
		CHECK(hvlb_addr_eq(&back.key.src, &k.dst) && hvlb_addr_eq(&back.key.dst, &k.src));
		CHECK(back.key.sport == k.dport && back.key.dport == k.sport);
		CHECK(flow_key_eq(&back.key, &pi.key));
		CHECK_EQ(back.l4_len, 24);
		CHECK_EQ(synproxy_tcp_seq(f, &back), 0xabcdef01u);
		CHECK_EQ(synproxy_tcp_ack(f, &back), 0); /* ISN 2^32 - 1, + 1 wraps */
		CHECK_EQ(synproxy_tcp_mss(f, &back), 1460);
		CHECK_EQ(synproxy_tcp_win(f, &back), 1460);
		CHECK_EQ(back.ttl, 64);
		CHECK_EQ(parse_verify_l4_csum(f, &back), HVLB_DROP_NONE);
		check_csums(f, back.l3_off + back.l3_len);
	}
}

static void
test_syn_and_ack(void)
{
	for (uint8_t af = 4; af <= 6; af += 2) {
		uint8_t f[256];
		uint32_t len = build_tcp(f, af, HVLB_TCP_ACK, NULL, 0, 0, 1000, 0xabcdef02u);
		struct pkt_info pi, back;
		struct flow_key k;

		parse_frame(f, len, &pi);
		k = pi.key;
		/* The cookie's ACK becomes the client's SYN again: seq - 1, MSS option. */
		len = synproxy_make_syn(f, &pi, 1400);
		CHECK_EQ(parse_frame(f, len, &back), HVLB_DROP_NONE);
		CHECK(flow_key_eq(&back.key, &k));
		CHECK_EQ(back.tcp_flags, HVLB_TCP_SYN);
		CHECK_EQ(synproxy_tcp_seq(f, &back), 999);
		CHECK_EQ(synproxy_tcp_ack(f, &back), 0);
		CHECK_EQ(synproxy_tcp_mss(f, &back), 1400);
		CHECK_EQ(synproxy_tcp_win(f, &back), 0xfaf0);
		CHECK_EQ(parse_verify_l4_csum(f, &back), HVLB_DROP_NONE);
		check_csums(f, back.l3_off + back.l3_len);

		/* An NF's SYN-ACK (with options: they go) becomes the client's ACK to the NF. */
		static const uint8_t opts[8] = {2, 4, 0x05, 0x78, 1, 3, 3, 7};
		len = build_tcp(f, af, HVLB_TCP_SYN | HVLB_TCP_ACK, opts, 8, 0, 0xfffffffeu, 1000);
		parse_frame(f, len, &pi);
		k = pi.key;
		len = synproxy_make_ack(f, &pi, 512);
		CHECK_EQ(parse_frame(f, len, &back), HVLB_DROP_NONE);
		CHECK(hvlb_addr_eq(&back.key.src, &k.dst) && back.key.dport == k.sport);
		CHECK_EQ(back.tcp_flags, HVLB_TCP_ACK);
		CHECK_EQ(synproxy_tcp_seq(f, &back), 1000);
		CHECK_EQ(synproxy_tcp_ack(f, &back), 0xffffffffu);
		CHECK_EQ(synproxy_tcp_win(f, &back), 512);
		CHECK_EQ(back.l4_len, 20);
		check_csums(f, back.l3_off + back.l3_len);
	}
}

/* An IPv6 segment behind extension headers gives, from each builder, the frame its plain
 * twin gives: the headers are left out, the TCP header follows the IPv6 header. */
static void
test_ext6_left_out(void)
{
	static const uint8_t syn_opts[4] = {2, 4, 0x05, 0xb4};
	static const uint8_t chain[3][3] = {{0, 0, 0}, {43, 2, 0}, {60, 1, 0}};
	static const uint8_t fls[3] = {HVLB_TCP_SYN, HVLB_TCP_ACK, HVLB_TCP_SYN | HVLB_TCP_ACK};

	for (int b = 0; b < 3; b++) {
		uint8_t f[384], g[384];
		uint32_t len = build_tcp(f, 6, fls[b], syn_opts, 4, b == 1 ? 5 : 0, 7000, 9000);
		uint32_t glen = len, flen, elen;
		struct pkt_info pi, gpi;

		memcpy(g, f, len);
		for (int i = 2; i >= 0; i--)
			glen = pkt_ext6_insert(g, glen, chain[i][0], chain[i][1], chain[i][2]);
		CHECK_EQ(parse_frame(f, len, &pi), HVLB_DROP_NONE);
		CHECK_EQ(parse_frame(g, glen, &gpi), HVLB_DROP_NONE);
		CHECK_EQ(gpi.l4_off, 14 + 40 + 48);
		CHECK_EQ(synproxy_frame_len(&gpi, true), synproxy_frame_len(&pi, true));
		if (b == 0) {
			flen = synproxy_make_synack(f, &pi, 0xabcdef01u, 1460);
			elen = synproxy_make_synack(g, &gpi, 0xabcdef01u, 1460);
		} else if (b == 1) {
			flen = synproxy_make_syn(f, &pi, 1400);
			elen = synproxy_make_syn(g, &gpi, 1400);
		} else {
			flen = synproxy_make_ack(f, &pi, 512);
			elen = synproxy_make_ack(g, &gpi, 512);
		}
		CHECK_EQ(elen, flen);
		CHECK_MEM(g, f, flen);
		CHECK_MEM(&gpi, &pi, sizeof(pi));
	}
}

/* Translation both ways, with wrap-around: the incremental checksum is the full one. */
static void
test_translate(void)
{
	/* NOP, NOP, SACK with two blocks (even offsets); then one NOP and a SACK block at an odd
	 * offset. */
	static const uint8_t sack_even[20] = {1, 1, 5, 18, 0xff, 0xff, 0xff, 0xf0, 0, 0, 0, 0x10,
					      0, 0, 0x10, 0, 0, 0, 0x20, 0};
	static const uint8_t sack_odd[12] = {1, 5, 10, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 5, 0};
	uint32_t delta = 0x80000020u;

	for (uint8_t af = 4; af <= 6; af += 2) {
		uint8_t f[256];
		struct pkt_info pi;
		uint32_t len, l4;

		len = build_tcp(f, af, HVLB_TCP_ACK, sack_even, 20, 7, 5, 0xfffffff0u);
		parse_frame(f, len, &pi);
		l4 = pi.l4_off;
		synproxy_to_nf(f, &pi, delta);
		CHECK_EQ(get32(f + l4 + 8), 0xfffffff0u + delta);
		CHECK_EQ(get32(f + l4 + 24), 0xfffffff0u + delta);
		CHECK_EQ(get32(f + l4 + 28), 0x10u + delta);
		CHECK_EQ(get32(f + l4 + 32), 0x1000u + delta);
		CHECK_EQ(get32(f + l4 + 36), 0x2000u + delta);
		CHECK_EQ(get32(f + l4 + 4), 5); /* the client's own sequence is not touched */
		check_csums(f, len);

		len = build_tcp(f, af, HVLB_TCP_ACK | HVLB_TCP_PSH, sack_odd, 12, 3, 5, 9);
		parse_frame(f, len, &pi);
		synproxy_to_nf(f, &pi, delta);
		CHECK_EQ(get32(f + l4 + 8), 9 + delta);
		CHECK_EQ(get32(f + l4 + 23), 0xffffffffu + delta);
		CHECK_EQ(get32(f + l4 + 27), 5u + delta);
		check_csums(f, len);

		/* A RST without ACK keeps its ack field. */
		len = build_tcp(f, af, HVLB_TCP_RST, NULL, 0, 0, 5, 9);
		parse_frame(f, len, &pi);
		synproxy_to_nf(f, &pi, delta);
		CHECK_EQ(get32(f + l4 + 8), 9);
		check_csums(f, len);

		/* NF -> client: seq - delta, wrapping below zero. */
		len = build_tcp(f, af, HVLB_TCP_ACK, NULL, 0, 100, 0x10, 77);
		parse_frame(f, len, &pi);
		synproxy_to_client(f, &pi, delta);
		CHECK_EQ(get32(f + l4 + 4), 0x10u - delta);
		CHECK_EQ(get32(f + l4 + 8), 77);
		check_csums(f, len);
		synproxy_set_seq(f, &pi, 0x12345678u);
		CHECK_EQ(get32(f + l4 + 4), 0x12345678u);
		check_csums(f, len);
		CHECK_EQ(synproxy_tcp_payload(f, &pi), 100);
	}
	/* A damaged segment stays damaged: the translation does not launder its checksum. */
	uint8_t f[256];
	struct pkt_info pi;
	uint32_t len = build_tcp(f, 4, HVLB_TCP_ACK, NULL, 0, 10, 1, 2);

	f[len - 1] ^= 0x40;
	parse_frame(f, len, &pi);
	synproxy_to_nf(f, &pi, delta);
	CHECK_EQ(parse_verify_l4_csum(f, &pi), HVLB_DROP_BAD_L4_CSUM);
}

int
main(void)
{
	RUN(test_cookie_roundtrip);
	RUN(test_cookie_expired_and_forged);
	RUN(test_synack);
	RUN(test_syn_and_ack);
	RUN(test_ext6_left_out);
	RUN(test_translate);
	return check_summary();
}
