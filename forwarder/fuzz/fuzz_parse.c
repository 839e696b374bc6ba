/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * libFuzzer harness of the frame parsers (core/parse.h) on arbitrary frames: parse_frame, and
 * on what it accepts the parsers the worker calls next (parse_verify_l4_csum, parse_icmp_inner,
 * parse_arp, parse_nd), plus the dispatch stage's parse_peek_tuple. The frame is copied into a
 * buffer of exactly its length, so AddressSanitizer sees any read past it. Besides not
 * crashing, checks what parse.h promises:
 *   - no parser writes to the frame;
 *   - an accepted frame's offsets and lengths stay inside it;
 *   - a plain TCP/UDP/SCTP frame parse_frame accepts is one parse_peek_tuple reads the same key
 *     from;
 *   - a frame parse_fast4 accepts (parse_fast.h) is one parse_frame accepts, with the same
 *     pkt_info byte for byte;
 *   - the Call-ID sip_call_id finds (core/sip.h; in the whole input, taken as a SIP message,
 *     and in an accepted UDP frame's payload) lies inside it, trimmed and not empty;
 *   - a fragment's offsets stay inside the frame, and parse_frag_info puts its piece inside a
 *     datagram of at most 64 KiB.
 */
#include <stdlib.h>
#include <string.h>

#include "../tests/unit/parse_fast_contract.h"
#include "fuzz_check.h"
#include "parse.h"
#include "sip.h"

/* What the worker would parse next, for a frame parse_frame accepted. */
static void
parse_more(const uint8_t *f, uint32_t len, const struct pkt_info *pi)
{
	struct flow_key inner, peek;
	struct pkt_arp arp;
	union hvlb_addr target;
	uint16_t inner_off = 0;
	uint8_t lla[6];
	int has_lla;

	FUZZ_CHECK(pi->l3_off + pi->l3_len <= len);
	if (pi->kind == PKT_ARP) {
		parse_arp(f, pi, &arp);
		FUZZ_CHECK(arp.op == 1 || arp.op == 2);
		return;
	}
	FUZZ_CHECK(pi->l4_off >= pi->l3_off && pi->l4_off + pi->l4_len == pi->l3_off + pi->l3_len);
	(void)parse_verify_l4_csum(f, pi);
	if (pi->icmp == PKT_ICMP_ERROR &&
	    parse_icmp_inner(f, pi, &inner, &inner_off) == HVLB_DROP_NONE)
		FUZZ_CHECK(inner_off > pi->l4_off && inner_off < pi->l3_off + pi->l3_len);
	if (pi->icmp == PKT_ICMP_NS || pi->icmp == PKT_ICMP_NA)
		(void)parse_nd(f, pi, &target, lla, &has_lla);
	if (pi->key.proto == HVLB_PROTO_TCP || pi->key.proto == HVLB_PROTO_UDP ||
	    pi->key.proto == HVLB_PROTO_SCTP) {
		FUZZ_CHECK(parse_peek_tuple(f, len, &peek));
		FUZZ_CHECK(memcmp(&peek, &pi->key, sizeof(peek)) == 0);
	}
}

/* sip_call_id over p[0..len): what it finds is inside, not empty, with no whitespace at
 * either end. */
static void
sip_more(const uint8_t *p, uint32_t len)
{
	uint32_t off, vlen;

	if (sip_call_id(p, len, &off, &vlen) != 0)
		return;
	FUZZ_CHECK(vlen > 0 && off + vlen <= len);
	FUZZ_CHECK(strchr(" \t\r\n", p[off]) == NULL || p[off] == '\0');
	FUZZ_CHECK(strchr(" \t\r\n", p[off + vlen - 1]) == NULL || p[off + vlen - 1] == '\0');
	(void)sip_call_id_hash(p + off, vlen);
}

/* A fragment parse_frame described (docs/fragments.md): its offsets inside the frame, its
 * piece inside a datagram of at most 64 KiB. */
static void
parse_frag_more(const uint8_t *f, uint32_t len, const struct pkt_info *pi)
{
	struct pkt_frag_info fi;

	FUZZ_CHECK(pi->l3_off + pi->l3_len <= len);
	FUZZ_CHECK(pi->l4_off >= pi->l3_off && pi->l4_off + pi->l4_len == pi->l3_off + pi->l3_len);
	parse_frag_info(f, pi, &fi);
	FUZZ_CHECK(fi.off + fi.len <= 65535);
	FUZZ_CHECK(fi.len <= pi->l3_len);
	FUZZ_CHECK(pi->frag != PKT_FRAG_FIRST || fi.off == 0);
	FUZZ_CHECK(pi->frag != PKT_FRAG_TAIL || fi.off != 0);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pkt_info pi;
	struct flow_key peek;
	bool fast;
	uint32_t len = size > UINT16_MAX ? UINT16_MAX : (uint32_t)size;
	uint8_t *f = malloc(len ? len : 1);

	if (f == NULL)
		return 0;
	memcpy(f, data, len);
	enum hvlb_drop r = parse_frame(f, len, &pi);
	if (r == HVLB_DROP_NONE)
		parse_more(f, len, &pi);
	if (r == HVLB_DROP_FRAGMENT && (pi.frag == PKT_FRAG_FIRST || pi.frag == PKT_FRAG_TAIL))
		parse_frag_more(f, len, &pi);
	FUZZ_CHECK(parse_fast_contract_holds(f, len, r, &pi, &fast));
	(void)parse_peek_tuple(f, len, &peek);
	sip_more(f, len);
	if (r == HVLB_DROP_NONE && pi.key.proto == HVLB_PROTO_UDP)
		sip_more(f + pi.l4_off + 8, pi.l4_len - 8);
	FUZZ_CHECK(memcmp(f, data, len) == 0);
	free(f);
	return 0;
}
