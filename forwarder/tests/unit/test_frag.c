/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Fragments (docs/fragments.md): what parse_frame says of each kind of fragment (first, later,
 * malformed; IPv4 and IPv6, behind extension headers) and parse_frag_info's datagram key and
 * offsets; the fragment table (core/frag.h): duplicates, overlaps (the datagram poisoned),
 * the piece limit, expiry, and that a flood of datagrams stays within its fixed size, pushing
 * out only live entries as young as its own; rewrite_frag_tail against a header built whole.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "frag.h"
#include "hash.h"
#include "parse.h"
#include "pkt_build.h"
#include "rewrite.h"

/* IPv4 frame of spec s made a fragment: offset off (bytes), MF more; checksums fixed before
 * (as the sender computed them over the whole datagram), the header's after. */
static uint32_t
frag4(uint8_t *f, const struct pkt_spec *s, uint32_t off, int more)
{
	uint32_t len = pkt_build(f, s);
	uint8_t *ip = f + 14;

	pkt_put16(ip + 6, (uint16_t)((more ? 0x2000 : 0) | off / 8));
	pkt_put16(ip + 10, 0);
	pkt_put16(ip + 10, pkt_ref_fold(pkt_ref_sum(ip, 20, 0)));
	return len;
}

/* IPv6 frame of spec s with a fragment header (id 0x01020304) after the chain[] headers. */
static uint32_t
frag6(uint8_t *f, const struct pkt_spec *s, uint32_t off, int more, const uint8_t (*chain)[3],
      unsigned n)
{
	uint32_t len = pkt_build(f, s);
	uint8_t *ip = f + 14, *e = ip + 40;

	memmove(e + 8, e, len - 54);
	e[0] = ip[6];
	e[1] = 0;
	pkt_put16(e + 2, (uint16_t)(off | (more ? 1 : 0)));
	memcpy(e + 4, "\x01\x02\x03\x04", 4);
	ip[6] = 44;
	pkt_put16(ip + 4, (uint16_t)(pkt_get16(ip + 4) + 8));
	len += 8;
	while (n-- > 0)
		len = pkt_ext6_insert(f, len, chain[n][0], chain[n][1], chain[n][2]);
	return len;
}

static void
test_parse_frag4(void)
{
	struct pkt_frag_info fi;
	struct pkt_spec s;
	struct pkt_info pi;
	uint8_t f[256];
	uint32_t len;

	pkt_spec_default(&s, 4, HVLB_PROTO_UDP);
	s.payload_len = 40; /* 48 bytes of UDP in this piece */
	len = frag4(f, &s, 0, 1);
	CHECK_EQ(parse_frame(f, len, &pi), HVLB_DROP_FRAGMENT);
	CHECK_EQ(pi.frag, PKT_FRAG_FIRST);
	CHECK_EQ(pi.key.sport, pkt_n16(40000));
	CHECK_EQ(pi.key.dport, pkt_n16(80));
	CHECK_EQ(pi.l4_off, 34);
	CHECK_EQ(pi.l4_len, 48);
	CHECK_EQ(parse_verify_l4_csum(f, &pi), HVLB_DROP_NONE); /* not checkable: passes */
	parse_frag_info(f, &pi, &fi);
	CHECK_EQ(fi.off, 0);
	CHECK_EQ(fi.len, 48);
	CHECK(fi.more);
	CHECK_EQ(fi.dgram.proto, HVLB_PROTO_UDP);
	CHECK_EQ(fi.dgram.dport, 0x1234); /* the identification */
	CHECK_EQ(fi.dgram.sport, 0);
	CHECK_MEM(&fi.dgram.src, &pi.key.src, sizeof(pi.key.src));

	len = frag4(f, &s, 1480, 0); /* the last piece */
	CHECK_EQ(parse_frame(f, len, &pi), HVLB_DROP_FRAGMENT);
	CHECK_EQ(pi.frag, PKT_FRAG_TAIL);
	CHECK_EQ(pi.key.sport, 0);
	parse_frag_info(f, &pi, &fi);
	CHECK_EQ(fi.off, 1480);
	CHECK(!fi.more);

	s.payload_len = 41; /* 49 bytes, more to come: no datagram has such a piece */
	len = frag4(f, &s, 8, 1);
	CHECK_EQ(parse_frame(f, len, &pi), HVLB_DROP_FRAGMENT);
	CHECK_EQ(pi.frag, PKT_FRAG_BAD);
	len = frag4(f, &s, 65528, 0); /* past 64 KiB */
	CHECK_EQ(parse_frame(f, len, &pi), HVLB_DROP_FRAGMENT);
	CHECK_EQ(pi.frag, PKT_FRAG_BAD);
	pkt_spec_default(&s, 4, HVLB_PROTO_TCP);
	s.payload_len = 0;
	len = frag4(f, &s, 0, 1); /* 20 bytes: a TCP header, but more must be a multiple of 8 */
	CHECK_EQ(parse_frame(f, len, &pi), HVLB_DROP_FRAGMENT);
	CHECK_EQ(pi.frag, PKT_FRAG_BAD);
	s.payload_len = 4; /* 24 bytes, its data offset says 20: fine */
	len = frag4(f, &s, 0, 1);
	CHECK_EQ(parse_frame(f, len, &pi), HVLB_DROP_FRAGMENT);
	CHECK_EQ(pi.frag, PKT_FRAG_FIRST);
	CHECK_EQ(pi.tcp_flags, HVLB_TCP_SYN);
	f[14 + 20 + 12] = 0x80; /* a 32-byte TCP header in a 24-byte first fragment */
	CHECK_EQ(parse_frame(f, len, &pi), HVLB_DROP_FRAGMENT);
	CHECK_EQ(pi.frag, PKT_FRAG_BAD);
	/* A martian's fragment is a martian. */
	pkt_spec_default(&s, 4, HVLB_PROTO_UDP);
	s.src[0] = 127;
	len = frag4(f, &s, 8, 0);
	CHECK_EQ(parse_frame(f, len, &pi), HVLB_DROP_MARTIAN);
}

static void
test_parse_frag6(void)
{
	static const uint8_t hbh[1][3] = {{0, 0, 0}};
	static const uint8_t after[1][3] = {{60, 0, 0}};
	struct pkt_frag_info fi;
	struct pkt_spec s;
	struct pkt_info pi;
	uint8_t f[256];
	uint32_t len;

	pkt_spec_default(&s, 6, HVLB_PROTO_TCP);
	s.payload_len = 36; /* 56 bytes of TCP */
	len = frag6(f, &s, 0, 1, hbh, 1);
	CHECK_EQ(parse_frame(f, len, &pi), HVLB_DROP_FRAGMENT);
	CHECK_EQ(pi.frag, PKT_FRAG_FIRST);
	CHECK_EQ(pi.key.proto, HVLB_PROTO_TCP);
	CHECK_EQ(pi.key.dport, pkt_n16(80));
	CHECK_EQ(pi.l4_off, 14 + 40 + 8 + 8);
	parse_frag_info(f, &pi, &fi);
	CHECK_EQ(fi.off, 0);
	CHECK_EQ(fi.len, 56);
	CHECK(fi.more);
	CHECK_EQ(fi.dgram.sport, 0x0102);
	CHECK_EQ(fi.dgram.dport, 0x0304);
	CHECK_EQ(fi.dgram.proto, 0);

	/* A later piece: its payload right after the fragment header. */
	len = frag6(f, &s, 1232, 0, NULL, 0);
	CHECK_EQ(parse_frame(f, len, &pi), HVLB_DROP_FRAGMENT);
	CHECK_EQ(pi.frag, PKT_FRAG_TAIL);
	CHECK_EQ(pi.l4_off, 14 + 48);
	parse_frag_info(f, &pi, &fi);
	CHECK_EQ(fi.off, 1232);
	CHECK(!fi.more);

	/* The first piece's destination options after the fragment header are walked. */
	pkt_spec_default(&s, 6, HVLB_PROTO_UDP);
	s.payload_len = 32;
	len = pkt_build(f, &s);
	len = pkt_ext6_insert(f, len, after[0][0], after[0][1], after[0][2]);
	{
		uint8_t *ip = f + 14, *e = ip + 40;

		memmove(e + 8, e, len - 54);
		e[0] = 60;
		e[1] = 0;
		pkt_put16(e + 2, 1); /* offset 0, more */
		memcpy(e + 4, "\0\0\0\x09", 4);
		ip[6] = 44;
		pkt_put16(ip + 4, (uint16_t)(pkt_get16(ip + 4) + 8));
		len += 8;
	}
	CHECK_EQ(parse_frame(f, len, &pi), HVLB_DROP_FRAGMENT);
	CHECK_EQ(pi.frag, PKT_FRAG_FIRST);
	CHECK_EQ(pi.key.proto, HVLB_PROTO_UDP);
	CHECK_EQ(pi.l4_off, 14 + 40 + 8 + 8);
	parse_frag_info(f, &pi, &fi);
	CHECK_EQ(fi.len, 8 + 40); /* the destination options are in the fragmentable part */

	/* A piece other than the last, not a multiple of 8. */
	pkt_spec_default(&s, 6, HVLB_PROTO_UDP);
	s.payload_len = 3;
	len = frag6(f, &s, 8, 1, NULL, 0);
	CHECK_EQ(parse_frame(f, len, &pi), HVLB_DROP_FRAGMENT);
	CHECK_EQ(pi.frag, PKT_FRAG_BAD);
	/* A fragment header cut short by the payload length. */
	len = frag6(f, &s, 8, 0, NULL, 0);
	pkt_put16(f + 18, 4);
	CHECK_EQ(parse_frame(f, len, &pi), HVLB_DROP_IPV6_EXT_TRUNCATED);
}

static void
test_table_pieces(void)
{
	static struct frag_table t;
	struct flow_key d = {.af = HVLB_AF_INET, .proto = HVLB_PROTO_UDP, .dport = 7};
	struct frag_entry *e;

	frag_init(&t);
	CHECK(frag_find(&t, &d, flow_hash(&d), 100) == NULL);
	e = frag_get(&t, &d, flow_hash(&d), 100, 50);
	CHECK(e != NULL && !e->has_first);
	CHECK(frag_get(&t, &d, flow_hash(&d), 120, 50) == e);
	CHECK(frag_find(&t, &d, flow_hash(&d), 149) == e);
	CHECK(frag_find(&t, &d, flow_hash(&d), 150) == NULL); /* expired */
	CHECK_EQ(frag_note(e, 0, 48), HVLB_DROP_NONE);
	CHECK_EQ(frag_note(e, 96, 12), HVLB_DROP_NONE);
	CHECK_EQ(frag_note(e, 48, 48), HVLB_DROP_NONE);
	CHECK_EQ(frag_note(e, 48, 48), HVLB_DROP_FRAG_DUPLICATE);
	CHECK_EQ(frag_note(e, 108, 0), HVLB_DROP_NONE); /* empty: overlaps nothing */
	CHECK_EQ(frag_note(e, 40, 16), HVLB_DROP_FRAG_OVERLAP);
	CHECK_EQ(frag_note(e, 200, 8), HVLB_DROP_FRAG_OVERLAP); /* poisoned */

	d.dport = 8;
	e = frag_get(&t, &d, flow_hash(&d), 100, 50);
	for (unsigned i = 0; i < FRAG_PIECES; i++)
		CHECK_EQ(frag_note(e, i * 8, 8), HVLB_DROP_NONE);
	CHECK_EQ(frag_note(e, FRAG_PIECES * 8, 8), HVLB_DROP_FRAG_TOO_MANY);
}

/* A flood of datagrams: the table's size is fixed, each new one takes an entry (the newest is
 * always found), only live ones are counted as pushed out, and expired ones are reused
 * without pushing any out. */
static void
test_table_flood(void)
{
	static struct frag_table t;
	const unsigned n = 100000;
	struct flow_key d = {.af = HVLB_AF_INET6, .proto = 0};
	uint64_t now = 1000;

	frag_init(&t);
	for (unsigned i = 0; i < n; i++) {
		struct frag_entry *e;

		d.sport = (uint16_t)(i >> 16);
		d.dport = (uint16_t)i;
		e = frag_get(&t, &d, flow_hash(&d), now, 2000);
		CHECK(e >= &t.e[0] && e < &t.e[FRAG_ENTRIES]);
		CHECK(frag_find(&t, &d, flow_hash(&d), now) == e);
		if (check_failed_now)
			return;
	}
	CHECK(t.evicted >= n - FRAG_ENTRIES && t.evicted < n);
	/* Later than every entry's expiry: a new datagram takes a dead entry. */
	uint64_t ev = t.evicted;

	d.dport = 1;
	d.sport = 0x7fff;
	frag_get(&t, &d, flow_hash(&d), now + 5000, 2000);
	CHECK_EQ(t.evicted, ev);
}

static void
test_rewrite_tail(void)
{
	static const uint8_t rs[16] = {10, 1, 0, 12};
	struct pkt_spec s;
	struct pkt_info pi;
	union hvlb_addr a = {0};
	uint8_t f[256], e[256];
	uint32_t len;

	pkt_spec_default(&s, 4, HVLB_PROTO_UDP);
	s.payload_len = 32;
	len = frag4(f, &s, 48, 1);
	CHECK_EQ(parse_frame(f, len, &pi), HVLB_DROP_FRAGMENT);
	CHECK_EQ(pi.frag, PKT_FRAG_TAIL);
	memcpy(a.b, rs, 4);
	rewrite_frag_tail(f, &pi, NULL, &a);
	/* Expected: the same frame, destination and TTL changed, header checksum afresh; the
	 * payload (which a UDP checksum field would be in, were it the first) untouched. */
	memcpy(e, f, len);
	frag4(e, &s, 48, 1);
	memcpy(e + 14 + 16, rs, 4);
	e[14 + 8]--;
	pkt_put16(e + 14 + 10, 0);
	pkt_put16(e + 14 + 10, pkt_ref_fold(pkt_ref_sum(e + 14, 20, 0)));
	CHECK_MEM(f, e, len);

	pkt_spec_default(&s, 6, HVLB_PROTO_UDP);
	len = frag6(f, &s, 64, 0, NULL, 0);
	CHECK_EQ(parse_frame(f, len, &pi), HVLB_DROP_FRAGMENT);
	memcpy(e, f, len);
	rewrite_frag_tail(f, &pi, &a, NULL);
	memcpy(e + 14 + 8, a.b, 16);
	e[14 + 7]--;
	CHECK_MEM(f, e, len);
}

int
main(void)
{
	RUN(test_parse_frag4);
	RUN(test_parse_frag6);
	RUN(test_table_pieces);
	RUN(test_table_flood);
	RUN(test_rewrite_tail);
	return check_summary();
}
