/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * csum.c against a byte-at-a-time reference, RFC 1071's worked example, and packets whose
 * checksums scapy computed; incremental updates against full recomputation.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "xorshift.h"
#include "csum.h"

/* IPv4/TCP SYN with an MSS option and 5 bytes of payload (scapy: IP chksum 0x7c4e,
 * TCP chksum 0xab78). */
static const uint8_t ip4_tcp[49] = {
	0x45, 0x00, 0x00, 0x31, 0x12, 0x34, 0x00, 0x00, 0x40, 0x06, 0x7c, 0x4e,
	0xc0, 0x00, 0x02, 0x0a, 0xc6, 0x33, 0x64, 0x07, 0x9c, 0x40, 0x00, 0x50,
	0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x60, 0x02, 0x20, 0x00,
	0xab, 0x78, 0x00, 0x00, 0x02, 0x04, 0x05, 0xb4, 0x68, 0x65, 0x6c, 0x6c,
	0x6f,
};

/* IPv6/UDP with 3 bytes of payload (scapy: UDP chksum 0x1f17). */
static const uint8_t ip6_udp[51] = {
	0x60, 0x00, 0x00, 0x00, 0x00, 0x0b, 0x11, 0x40, 0x20, 0x01, 0x0d, 0xb8,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01,
	0x20, 0x01, 0x0d, 0xb8, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0xab, 0xcd, 0x14, 0xe9, 0x00, 0x35, 0x00, 0x0b, 0x1f, 0x17,
	0x61, 0x62, 0x63,
};

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint32_t
rng(void)
{
	return (uint32_t)(xorshift64(&rng_state) >> 16);
}

static void
fill_random(uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)rng();
}

/* Reference: RFC 1071 over big-endian words, in host order. */
static uint16_t
ref_csum(const uint8_t *p, size_t n)
{
	uint32_t sum = 0;

	for (size_t i = 0; i + 1 < n; i += 2)
		sum += (uint32_t)p[i] << 8 | p[i + 1];
	if (n & 1)
		sum += (uint32_t)p[n - 1] << 8;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (uint16_t)~sum;
}

/* The host-order value of a checksum as csum_* return it (memory order). */
static uint16_t
as_host(uint16_t mem)
{
	uint8_t b[2];

	memcpy(b, &mem, 2);
	return (uint16_t)(b[0] << 8 | b[1]);
}

static uint16_t
rd16(const uint8_t *p)
{
	uint16_t v;

	memcpy(&v, p, 2);
	return v;
}

static void
wr16(uint8_t *p, uint16_t v)
{
	memcpy(p, &v, 2);
}

static uint32_t
rd32(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

static void
test_rfc1071_example(void)
{
	/* RFC 1071 section 3: the sum of these words is 0xddf2. */
	const uint8_t b[8] = {0x00, 0x01, 0xf2, 0x03, 0xf4, 0xf5, 0xf6, 0xf7};

	CHECK_EQ(as_host(csum_fold(csum_partial(b, 8, 0))), (uint16_t)~0xddf2);
	CHECK_EQ(csum_fold(0), 0xffff);
	CHECK_EQ(csum_fold(0xffff), 0);
	CHECK_EQ(csum_fold(0xffffffffu), 0);
	CHECK_EQ(csum_fold(0x0001fffeu), 0);
	CHECK_EQ(csum_partial(b, 0, 1234), 1234);
}

static void
test_partial_vs_reference(void)
{
	uint8_t buf[300];

	fill_random(buf, sizeof(buf));
	/* Every length and every alignment of the start. */
	for (size_t off = 0; off < 8; off++)
		for (size_t n = 0; n + off <= sizeof(buf); n++)
			CHECK_EQ(as_host(csum_fold(csum_partial(buf + off, n, 0))),
				 ref_csum(buf + off, n));
	/* All ones and all zeros. */
	memset(buf, 0xff, sizeof(buf));
	CHECK_EQ(as_host(csum_fold(csum_partial(buf, sizeof(buf), 0))), ref_csum(buf, sizeof(buf)));
	memset(buf, 0, sizeof(buf));
	CHECK_EQ(csum_fold(csum_partial(buf, sizeof(buf), 0)), 0xffff);
}

static void
test_partial_chained(void)
{
	uint8_t buf[256];

	fill_random(buf, sizeof(buf));
	for (size_t split = 0; split <= sizeof(buf); split += 2) {
		uint32_t s = csum_partial(buf, split, 0);

		s = csum_partial(buf + split, sizeof(buf) - split, s);
		CHECK_EQ(csum_fold(s), csum_fold(csum_partial(buf, sizeof(buf), 0)));
	}
	/* A large starting sum must carry correctly. */
	CHECK_EQ(csum_fold(csum_partial(buf, 64, 0xffffffffu)),
		 csum_fold(csum_partial(buf, 64, 0)));
	/* And all-ones words on it: every 64-bit add carries out (the end-around carry). From
	 * 1 byte: with none, 0xffffffff is the other zero of ones' complement. */
	memset(buf, 0xff, sizeof(buf));
	for (size_t n = 1; n <= 40; n++)
		CHECK_EQ(csum_fold(csum_partial(buf, n, 0xffffffffu)),
			 csum_fold(csum_partial(buf, n, 0)));
}

static void
test_ipv4_hdr(void)
{
	uint8_t h[20];

	memcpy(h, ip4_tcp, 20);
	CHECK_EQ(csum_ipv4_hdr(h, 20), 0);
	wr16(h + 10, 0);
	CHECK_EQ(as_host(csum_ipv4_hdr(h, 20)), 0x7c4e);
	h[8] = 63;
	wr16(h + 10, csum_ipv4_hdr(h, 20));
	CHECK_EQ(csum_ipv4_hdr(h, 20), 0);
	CHECK_EQ(as_host(csum_ipv4_hdr(h, 20)), 0);
	/* Wrong by one bit: caught. */
	h[1] ^= 1;
	CHECK(csum_ipv4_hdr(h, 20) != 0);
}

/* csum_ipv4_hdr20_ok (and _v45, on headers starting 0x45) against the folded sum, over random headers, headers made right, and the
 * sums at the edges: all zero (not a header: its sum folds to 0, not 0xffff), all 0xff, and
 * a right header with one word moved by 0xffff (the same sum modulo 0xffff, still right). */
static void
test_ipv4_hdr20_ok(void)
{
	uint8_t h[20];

	for (int i = 0; i < 20000; i++) {
		fill_random(h, sizeof(h));
		if (i & 1) {
			wr16(h + 10, 0);
			wr16(h + 10, csum_ipv4_hdr(h, 20));
		}
		if (i % 7 == 0) /* one bit flipped: wrong again */
			h[rng() % 20] ^= (uint8_t)(1u << (rng() % 8));
		CHECK_EQ(csum_ipv4_hdr20_ok(h), csum_ipv4_hdr(h, 20) == 0);
		/* The same header starting 0x45, as parse_fast4 asks it. */
		h[0] = 0x45;
		if (i & 1) {
			wr16(h + 10, 0);
			wr16(h + 10, csum_ipv4_hdr(h, 20));
		}
		CHECK_EQ(csum_ipv4_hdr20_ok_v45(h), csum_ipv4_hdr(h, 20) == 0);
	}
	memset(h, 0, sizeof(h));
	CHECK_EQ(csum_ipv4_hdr20_ok(h), csum_ipv4_hdr(h, 20) == 0);
	CHECK(!csum_ipv4_hdr20_ok(h));
	memset(h, 0xff, sizeof(h));
	CHECK_EQ(csum_ipv4_hdr20_ok(h), csum_ipv4_hdr(h, 20) == 0);
	memcpy(h, ip4_tcp, 20);
	CHECK(csum_ipv4_hdr20_ok(h));
	CHECK(csum_ipv4_hdr20_ok_v45(h));
	/* 0x0000 and 0xffff are the same number in one's complement: a checksum field written
	 * either way is right. */
	{
		uint16_t c = rd16(h + 10);

		if (c == 0xffff || c == 0)
			wr16(h + 10, (uint16_t)~c);
	}
	CHECK_EQ(csum_ipv4_hdr20_ok(h), csum_ipv4_hdr(h, 20) == 0);
}

static void
test_pseudo_headers(void)
{
	uint8_t ph[40];
	uint8_t s6[16], d6[16];

	for (int i = 0; i < 200; i++) {
		uint32_t s = rng(), d = rng();
		uint8_t proto = (uint8_t)rng();
		uint16_t len = (uint16_t)rng();

		memcpy(ph, &s, 4);
		memcpy(ph + 4, &d, 4);
		ph[8] = 0;
		ph[9] = proto;
		ph[10] = (uint8_t)(len >> 8);
		ph[11] = (uint8_t)len;
		CHECK_EQ(csum_fold(csum_pseudo4(s, d, proto, len)),
			 csum_fold(csum_partial(ph, 12, 0)));

		uint32_t len6 = rng();

		fill_random(s6, 16);
		fill_random(d6, 16);
		memcpy(ph, s6, 16);
		memcpy(ph + 16, d6, 16);
		ph[32] = (uint8_t)(len6 >> 24);
		ph[33] = (uint8_t)(len6 >> 16);
		ph[34] = (uint8_t)(len6 >> 8);
		ph[35] = (uint8_t)len6;
		ph[36] = ph[37] = ph[38] = 0;
		ph[39] = proto;
		CHECK_EQ(csum_fold(csum_pseudo6(s6, d6, proto, len6)),
			 csum_fold(csum_partial(ph, 40, 0)));
	}
}

static void
test_l4_verify(void)
{
	uint8_t p[64];

	memcpy(p, ip4_tcp, sizeof(ip4_tcp));
	CHECK_EQ(csum_l4_verify4(rd32(p + 12), rd32(p + 16), 6, p + 20, 29), 0);
	wr16(p + 36, 0);
	CHECK_EQ(as_host(csum_l4_verify4(rd32(p + 12), rd32(p + 16), 6, p + 20, 29)), 0xab78);
	memcpy(p, ip4_tcp, sizeof(ip4_tcp));
	p[48] ^= 0x40; /* the odd last payload byte */
	CHECK(csum_l4_verify4(rd32(p + 12), rd32(p + 16), 6, p + 20, 29) != 0);
	p[48] ^= 0x40;
	p[15] ^= 1; /* an address, through the pseudo-header */
	CHECK(csum_l4_verify4(rd32(p + 12), rd32(p + 16), 6, p + 20, 29) != 0);

	/* Its one-pass sum is the pseudo-header's and the segment's, folded: every length. */
	{
		uint8_t buf[200];

		fill_random(buf, sizeof(buf));
		for (uint16_t n = 0; n <= sizeof(buf); n++) {
			uint32_t src = rd32(buf + n % 13), dst = ~rd32(buf + n % 7);

			CHECK_EQ(csum_l4_verify4(src, dst, 6, buf, n),
				 csum_fold(csum_partial(buf, n, csum_pseudo4(src, dst, 6, n))));
		}
	}
	memcpy(p, ip6_udp, sizeof(ip6_udp));
	CHECK_EQ(csum_l4_verify6(p + 8, p + 24, 17, p + 40, 11), 0);
	wr16(p + 46, 0);
	CHECK_EQ(as_host(csum_l4_verify6(p + 8, p + 24, 17, p + 40, 11)), 0x1f17);
	memcpy(p, ip6_udp, sizeof(ip6_udp));
	p[39] ^= 0x80;
	CHECK(csum_l4_verify6(p + 8, p + 24, 17, p + 40, 11) != 0);
}

static bool
all_zero(const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i])
			return false;
	return true;
}

/* Change a random field of a random buffer and compare the incremental update with a full
 * recomputation: identical, not merely equivalent (0x0000 vs 0xffff). The one exception is
 * data that is all zero, where a full computation gives 0xffff; no packet header is. */
static void
test_update_vs_full(void)
{
	uint8_t buf[64];

	for (int iter = 0; iter < 100000; iter++) {
		size_t n = 20 + rng() % 40;
		size_t width = 2u << (rng() % 3); /* 2, 4 or 8 bytes */
		size_t off = 2 + 2 * (rng() % ((n - 2 - width) / 2 + 1));

		fill_random(buf, n);
		if (iter % 7 == 0)
			memset(buf + 2, 0, n - 2); /* mostly zero data: the corner cases */
		wr16(buf, 0);
		uint16_t c = csum_fold(csum_partial(buf, n, 0));

		if (width == 2) {
			uint16_t old = rd16(buf + off), nw = iter & 1 ? 0 : (uint16_t)rng();

			wr16(buf + off, nw);
			c = csum_update16(c, old, nw);
		} else if (width == 4) {
			uint32_t old = rd32(buf + off), nw = iter & 1 ? 0 : rng();

			memcpy(buf + off, &nw, 4);
			c = csum_update32(c, old, nw);
		} else {
			uint32_t old0 = rd32(buf + off), old1 = rd32(buf + off + 4);
			uint32_t n0 = iter & 1 ? 0 : rng(), n1 = rng();

			memcpy(buf + off, &n0, 4);
			memcpy(buf + off + 4, &n1, 4);
			c = csum_update32(csum_update32(c, old0, n0), old1, n1);
		}
		if (all_zero(buf, n))
			continue;
		CHECK_EQ(c, csum_fold(csum_partial(buf, n, 0)));
		if (check_failed_now)
			return;
	}
}

static void
test_update128(void)
{
	uint8_t buf[56];
	union hvlb_addr a, b;

	for (int iter = 0; iter < 20000; iter++) {
		fill_random(buf, sizeof(buf));
		wr16(buf, 0);
		uint16_t c = csum_fold(csum_partial(buf, sizeof(buf), 0));
		size_t off = 2 + 2 * (rng() % 20);

		memcpy(a.b, buf + off, 16);
		fill_random(b.b, 16);
		if (iter % 5 == 0)
			hvlb_addr_set4(&b, rng());
		memcpy(buf + off, b.b, 16);
		c = csum_update128(c, &a, &b);
		CHECK_EQ(c, csum_fold(csum_partial(buf, sizeof(buf), 0)));
		if (check_failed_now)
			return;
	}
	/* Same address: checksum unchanged. */
	CHECK_EQ(csum_update128(0x1234, &a, &a), 0x1234);
	CHECK_EQ(csum_update16(0x1234, 0xabcd, 0xabcd), 0x1234);
	CHECK_EQ(csum_update32(0x1234, 0xabcdef01u, 0xabcdef01u), 0x1234);
}

/* A checksum that was wrong stays wrong by the same amount (why rewrites are incremental). */
static void
test_update_keeps_error(void)
{
	uint8_t p[49];

	memcpy(p, ip4_tcp, sizeof(p));
	p[40] ^= 0x10; /* corrupt the payload: TCP checksum now wrong */
	uint16_t err = csum_l4_verify4(rd32(p + 12), rd32(p + 16), 6, p + 20, 29);

	CHECK(err != 0);
	uint32_t old = rd32(p + 16), nw = 0x0a0b0c0d;
	uint16_t c = rd16(p + 36);

	memcpy(p + 16, &nw, 4);
	wr16(p + 36, csum_update32(c, old, nw));
	CHECK_EQ(csum_l4_verify4(rd32(p + 12), rd32(p + 16), 6, p + 20, 29), err);
}

int
main(void)
{
	RUN(test_rfc1071_example);
	RUN(test_partial_vs_reference);
	RUN(test_partial_chained);
	RUN(test_ipv4_hdr);
	RUN(test_ipv4_hdr20_ok);
	RUN(test_pseudo_headers);
	RUN(test_l4_verify);
	RUN(test_update_vs_full);
	RUN(test_update128);
	RUN(test_update_keeps_error);
	return check_summary();
}
