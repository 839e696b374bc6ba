/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * parse.h's IPv6 extension header walk (parse_ipv6_chain) through parse_frame,
 * parse_icmp_inner and parse_peek_tuple: what is stepped over, where the L4 header is found,
 * every limit's drop reason. Frames from pkt_build.h (pkt_build_ext6), each parsed from a heap
 * copy of exactly its length so the sanitizers see a read past the end.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "parse.h"
#include "parse_fast.h"
#include "parse_fast_contract.h"
#include "pkt_build.h"

/* parse_frame on a heap copy of exactly len bytes; parse_fast4 must not take an IPv6 frame. */
static enum hvlb_drop
parse_exact(const uint8_t *f, uint32_t len, struct pkt_info *pi)
{
	uint8_t *c = malloc(len ? len : 1);
	enum hvlb_drop r;
	bool fast;

	memcpy(c, f, len);
	r = parse_frame(c, len, pi);
	CHECK(parse_fast_contract_holds(c, len, r, pi, &fast));
	CHECK(!fast);
	if (r == HVLB_DROP_NONE && pi->kind == PKT_IP) {
		CHECK(pi->l4_off + pi->l4_len <= len);
		CHECK_EQ(pi->l4_off - pi->l3_off + pi->l4_len, pi->l3_len);
	}
	free(c);
	return r;
}

/* IPv6 extension headers: hop-by-hop, destination options and a spent routing header are
 * stepped over, the tuple and offsets are the upper-layer header's, and the dispatch stage's
 * peek reads the same tuple; every limit has its reason. */
static void
test_ipv6_ext(void)
{
	static const struct {
		uint8_t proto, n, chain[9][3];
		enum hvlb_drop r;
	} cases[] = {
		{HVLB_PROTO_TCP, 1, {{0, 0, 0}}, HVLB_DROP_NONE},
		{HVLB_PROTO_UDP, 1, {{60, 1, 0}}, HVLB_DROP_NONE},
		{HVLB_PROTO_TCP, 2, {{0, 0, 0}, {60, 0, 0}}, HVLB_DROP_NONE},
		{HVLB_PROTO_UDP, 4, {{0, 0, 0}, {60, 0, 0}, {43, 2, 0}, {60, 0, 0}}, HVLB_DROP_NONE},
		{HVLB_PROTO_ICMPV6, 1, {{0, 0, 0}}, HVLB_DROP_NONE},
		{47, 1, {{60, 0, 0}}, HVLB_DROP_NONE}, /* GRE: no ports, the worker decides */
		{HVLB_PROTO_TCP, 8, {{0, 0, 0}, {60, 0, 0}, {60, 0, 0}, {60, 0, 0}, {60, 0, 0},
				     {60, 0, 0}, {60, 0, 0}, {60, 0, 0}}, HVLB_DROP_NONE},
		{HVLB_PROTO_TCP, 9, {{0, 0, 0}, {60, 0, 0}, {60, 0, 0}, {60, 0, 0}, {60, 0, 0},
				     {60, 0, 0}, {60, 0, 0}, {60, 0, 0}, {60, 0, 0}},
		 HVLB_DROP_IPV6_EXT_TOO_MANY},
		{HVLB_PROTO_TCP, 2, {{0, 15, 0}, {60, 15, 0}}, HVLB_DROP_NONE}, /* 256 bytes */
		{HVLB_PROTO_TCP, 3, {{0, 15, 0}, {60, 15, 0}, {60, 0, 0}}, HVLB_DROP_IPV6_EXT_TOO_LONG},
		{HVLB_PROTO_TCP, 1, {{60, 32, 0}}, HVLB_DROP_IPV6_EXT_TOO_LONG},
		{HVLB_PROTO_TCP, 2, {{60, 0, 0}, {0, 0, 0}}, HVLB_DROP_IPV6_HBH_MISPLACED},
		{HVLB_PROTO_TCP, 2, {{0, 0, 0}, {0, 0, 0}}, HVLB_DROP_IPV6_HBH_MISPLACED},
		{HVLB_PROTO_TCP, 1, {{43, 2, 1}}, HVLB_DROP_IPV6_SRC_ROUTE},
		{HVLB_PROTO_TCP, 2, {{0, 0, 0}, {43, 4, 2}}, HVLB_DROP_IPV6_SRC_ROUTE},
		{HVLB_PROTO_TCP, 1, {{44, 0, 0}}, HVLB_DROP_FRAGMENT}, /* behind nothing */
		{44, 1, {{0, 0, 0}}, HVLB_DROP_FRAGMENT},               /* behind hop-by-hop */
		{51, 1, {{60, 0, 0}}, HVLB_DROP_IPV6_EXT_HDR},          /* AH behind dest. opts */
	};
	struct pkt_spec s;
	struct pkt_info pi;
	struct flow_key k;
	uint8_t f[768];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		uint32_t len, ext = 0;

		pkt_spec_default(&s, 6, cases[i].proto);
		for (unsigned j = 0; j < cases[i].n; j++)
			ext += (cases[i].chain[j][1] + 1u) * 8;
		len = pkt_build_ext6(f, &s, cases[i].chain, cases[i].n);
		CHECK_EQ(parse_exact(f, len, &pi), cases[i].r);
		if (cases[i].r == HVLB_DROP_NONE) {
			CHECK_EQ(pi.l4_off, 14 + 40 + ext);
			CHECK_EQ(pi.l3_len, len - 14);
			CHECK_EQ(pi.key.proto, cases[i].proto);
			CHECK_EQ(pi.key.af, HVLB_AF_INET6);
			CHECK_MEM(pi.key.src.b, s.src, 16);
			CHECK_EQ(parse_verify_l4_csum(f, &pi), HVLB_DROP_NONE);
			if (cases[i].proto == HVLB_PROTO_TCP || cases[i].proto == HVLB_PROTO_UDP) {
				CHECK_EQ(pi.key.sport, pkt_n16(40000));
				CHECK_EQ(pi.key.dport, pkt_n16(80));
				CHECK(parse_peek_tuple(f, len, &k));
				CHECK_MEM(&k, &pi.key, sizeof(k));
			}
			if (cases[i].proto == HVLB_PROTO_ICMPV6)
				CHECK_EQ(pi.icmp, PKT_ICMP_ECHO_REQUEST);
			/* Every prefix: the IP length is checked against the frame before
			 * the chain is walked (the chain is bounded by the IP length). */
			for (uint32_t l = 14 + 40; l < len; l++)
				CHECK_EQ(parse_exact(f, l, &pi), HVLB_DROP_TRUNCATED);
		} else {
			CHECK(!parse_peek_tuple(f, len, &k) ||
			      cases[i].r == HVLB_DROP_IPV6_EXT_HDR);
		}
		if (check_failed_now) {
			fprintf(stderr, "ext case %zu\n", i);
			return;
		}
	}
	/* The IP length cuts the chain short, the frame does not: the header is truncated,
	 * whatever bytes follow in the frame. */
	{
		static const uint8_t chain[2][3] = {{0, 0, 0}, {60, 3, 0}};
		uint32_t len;

		pkt_spec_default(&s, 6, HVLB_PROTO_UDP);
		len = pkt_build_ext6(f, &s, chain, 2);
		pkt_put16(f + 18, 8 + 16);
		CHECK_EQ(parse_exact(f, len, &pi), HVLB_DROP_IPV6_EXT_TRUNCATED);
		pkt_put16(f + 18, 8 + 7);
		CHECK_EQ(parse_exact(f, len, &pi), HVLB_DROP_IPV6_EXT_TRUNCATED);
		pkt_put16(f + 18, 8 + 32); /* the chain fits, no room for UDP's header */
		CHECK_EQ(parse_exact(f, len, &pi), HVLB_DROP_BAD_L3_LEN);
		pkt_put16(f + 18, 8 + 32 + 7);
		CHECK_EQ(parse_exact(f, len, &pi), HVLB_DROP_BAD_L3_LEN);
	}
	/* An ICMPv6 error quoting such a packet: the quoted tuple past its chain. */
	{
		static const uint8_t chain[2][3] = {{0, 0, 0}, {43, 2, 0}};
		uint8_t in[256];
		uint16_t o;
		uint32_t ilen, len;

		pkt_spec_default(&s, 6, HVLB_PROTO_TCP);
		ilen = pkt_build_ext6(in, &s, chain, 2) - 14;
		for (uint32_t il = 40; il <= ilen; il++) {
			len = pkt_build_icmp_err(f, 6, in + 14, (uint16_t)il);
			CHECK_EQ(parse_exact(f, len, &pi), HVLB_DROP_NONE);
			CHECK_EQ(parse_icmp_inner(f, &pi, &k, &o),
				 il < 40 + 32 + 8 ? HVLB_DROP_TRUNCATED : HVLB_DROP_NONE);
		}
		CHECK_EQ(k.proto, HVLB_PROTO_TCP);
		CHECK_EQ(k.sport, pkt_n16(40000));
		CHECK_EQ(k.dport, pkt_n16(80));
		/* A quoted source route: never a packet hvlb sent. */
		in[14 + 40 + 8 + 3] = 1;
		len = pkt_build_icmp_err(f, 6, in + 14, (uint16_t)ilen);
		CHECK_EQ(parse_exact(f, len, &pi), HVLB_DROP_NONE);
		CHECK_EQ(parse_icmp_inner(f, &pi, &k, &o), HVLB_DROP_BAD_L4_HDR);
	}
}

int
main(void)
{
	RUN(test_ipv6_ext);
	return check_summary();
}
