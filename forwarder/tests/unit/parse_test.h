/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What parse.c's unit tests (test_parse.c, test_parse_readers.c) share: parse_exact, every
 * parse function that applies on a heap copy of exactly the frame, each result's invariants
 * and parse_fast4's contract checked.
 */
#ifndef HVLB_TEST_PARSE_H
#define HVLB_TEST_PARSE_H

#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "parse.h"
#include "parse_fast_contract.h"

/* Frames parse_fast4 accepted (parse_exact): the tests must have given it some. */
static unsigned fast_accepted;

/* Run every parse function that applies on a heap copy of exactly len bytes, so reading past
 * the end is caught by the sanitizers; check the invariants a NONE result promises. */
static inline enum hvlb_drop
parse_exact(const uint8_t *f, uint32_t len, struct pkt_info *pi)
{
	uint8_t *c = malloc(len ? len : 1);
	enum hvlb_drop r;
	bool fast;

	memcpy(c, f, len);
	r = parse_frame(c, len, pi);
	CHECK(parse_fast_contract_holds(c, len, r, pi, &fast));
	fast_accepted += fast;
	if (r == HVLB_DROP_NONE) {
		CHECK(pi->l3_off + pi->l3_len <= len);
		if (pi->kind == PKT_IP) {
			struct flow_key k;
			union hvlb_addr t;
			uint16_t o;
			uint8_t lla[6];
			int has;

			CHECK(pi->l4_off + pi->l4_len <= len);
			CHECK_EQ(pi->l4_off - pi->l3_off + pi->l4_len, pi->l3_len);
			(void)parse_verify_l4_csum(c, pi);
			if (pi->icmp == PKT_ICMP_ERROR &&
			    parse_icmp_inner(c, pi, &k, &o) == HVLB_DROP_NONE)
				CHECK(o + 28u <= pi->l4_off + pi->l4_len);
			if (pi->icmp == PKT_ICMP_NS || pi->icmp == PKT_ICMP_NA)
				(void)parse_nd(c, pi, &t, lla, &has);
		} else {
			struct pkt_arp a;

			parse_arp(c, pi, &a);
		}
	}
	free(c);
	return r;
}

#endif
