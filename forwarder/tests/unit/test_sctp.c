/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * sctp.c: CRC32c against RFC 3720's vectors and a bit-by-bit reference, the checksum of a
 * packet verified and written, the chunk checks and their reduction to TCP flags (each drop
 * reason), the matching of verification tags, and the hiding of INIT address parameters.
 */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "parse.h"
#include "sctp.h"

static uint32_t
crc_ref(const uint8_t *p, size_t n)
{
	uint32_t c = ~0u;

	for (size_t i = 0; i < n; i++) {
		c ^= p[i];
		for (int k = 0; k < 8; k++)
			c = c & 1 ? (c >> 1) ^ 0x82F63B78u : c >> 1;
	}
	return ~c;
}

/* RFC 3720 B.4. */
static void
test_crc_vectors(void)
{
	uint8_t b[64];

	memset(b, 0, 32);
	CHECK_EQ(~sctp_crc32c(~0u, b, 32), 0x8a9136aau);
	memset(b, 0xff, 32);
	CHECK_EQ(~sctp_crc32c(~0u, b, 32), 0x62a8ab43u);
	for (int i = 0; i < 32; i++)
		b[i] = (uint8_t)i;
	CHECK_EQ(~sctp_crc32c(~0u, b, 32), 0x46dd794eu);
	for (int i = 0; i < 64; i++)
		b[i] = (uint8_t)(i * 37 + 11);
	for (size_t n = 0; n <= 64; n++)
		CHECK_EQ(~sctp_crc32c(~0u, b, (uint32_t)n), crc_ref(b, n));
}

/* An SCTP packet: common header (ports 1000 -> 2000, tag) and the chunks given. */
static uint32_t
pkt(uint8_t *p, uint32_t tag, const uint8_t *chunks, uint32_t clen)
{
	memset(p, 0, SCTP_HLEN);
	p[0] = 0x03, p[1] = 0xe8, p[2] = 0x07, p[3] = 0xd0;
	p[4] = (uint8_t)(tag >> 24), p[5] = (uint8_t)(tag >> 16);
	p[6] = (uint8_t)(tag >> 8), p[7] = (uint8_t)tag;
	if (clen > 0)
		memcpy(p + SCTP_HLEN, chunks, clen);
	sctp_csum_set(p, SCTP_HLEN + clen);
	return SCTP_HLEN + clen;
}

static void
test_csum(void)
{
	static const uint8_t data[] = {0, 3, 0, 20, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 'a', 'b', 'c', 'd'};
	uint8_t p[64];
	uint32_t n = pkt(p, 7, data, sizeof(data)), c;

	CHECK(sctp_csum_ok(p, n));
	/* The field holds the CRC of the packet with a zero field, low byte first. */
	c = p[8] | p[9] << 8 | (uint32_t)p[10] << 16 | (uint32_t)p[11] << 24;
	memset(p + 8, 0, 4);
	CHECK_EQ(c, crc_ref(p, n));
	sctp_csum_set(p, n);
	p[20] ^= 1;
	CHECK(!sctp_csum_ok(p, n));
}

static enum hvlb_drop
chunks(uint32_t tag, const uint8_t *c, uint32_t clen, uint8_t *fl)
{
	uint8_t p[256];
	uint32_t n = pkt(p, tag, c, clen);

	*fl = 0xee;
	return sctp_parse(p, n, fl);
}

static const uint8_t INIT[] = {1, 0, 0, 20, 0xaa, 0xbb, 0xcc, 0xdd, 0, 1, 0, 0, 0, 10, 0, 10,
			       0, 0, 0, 1};

static void
test_flags(void)
{
	static const uint8_t init_ack[] = {2, 0, 0, 20, 1, 2, 3, 4, 0, 1, 0, 0, 0, 10, 0, 10, 0, 0, 0, 1};
	static const uint8_t echo_data[] = {10, 0, 0, 8, 1, 2, 3, 4, 0, 3, 0, 17, 0, 0, 0, 1,
					    0, 0, 0, 0, 0, 0, 0, 0, 'x', 0, 0, 0};
	static const uint8_t shutdown[] = {7, 0, 0, 8, 0, 0, 0, 1};
	static const uint8_t abort_t[] = {6, 1, 0, 4};
	static const uint8_t sc[] = {14, 0, 0, 4};
	static const uint8_t skip[] = {0xbf, 0, 0, 5, 1, 0, 0, 0};
	uint8_t fl;

	CHECK_EQ(chunks(0, INIT, sizeof(INIT), &fl), HVLB_DROP_NONE);
	CHECK_EQ(fl, HVLB_TCP_SYN);
	CHECK_EQ(chunks(9, init_ack, sizeof(init_ack), &fl), HVLB_DROP_NONE);
	CHECK_EQ(fl, HVLB_TCP_SYN | HVLB_TCP_ACK);
	CHECK_EQ(chunks(9, echo_data, sizeof(echo_data), &fl), HVLB_DROP_NONE);
	CHECK_EQ(fl, HVLB_TCP_ACK);
	CHECK_EQ(chunks(9, shutdown, sizeof(shutdown), &fl), HVLB_DROP_NONE);
	CHECK_EQ(fl, HVLB_TCP_FIN | HVLB_TCP_ACK);
	CHECK_EQ(chunks(0, abort_t, sizeof(abort_t), &fl), HVLB_DROP_NONE); /* T: tag reflected */
	CHECK_EQ(fl, HVLB_TCP_RST);
	CHECK_EQ(chunks(9, sc, sizeof(sc), &fl), HVLB_DROP_NONE);
	CHECK_EQ(fl, HVLB_TCP_RST);
	CHECK_EQ(chunks(9, skip, sizeof(skip), &fl), HVLB_DROP_NONE);
	CHECK_EQ(fl, HVLB_TCP_ACK);
}

static void
test_drops(void)
{
	uint8_t c[64], fl;

	CHECK_EQ(chunks(0, NULL, 0, &fl), HVLB_DROP_SCTP_BAD_CHUNK); /* no chunk */
	CHECK_EQ(chunks(5, INIT, sizeof(INIT), &fl), HVLB_DROP_SCTP_BAD_VTAG);
	memcpy(c, INIT, sizeof(INIT));
	memset(c + 4, 0, 4);
	CHECK_EQ(chunks(0, c, sizeof(INIT), &fl), HVLB_DROP_SCTP_BAD_CHUNK); /* initiate tag 0 */
	memcpy(c, INIT, sizeof(INIT));
	memcpy(c + sizeof(INIT), (const uint8_t[]){3, 0, 0, 4}, 4);
	CHECK_EQ(chunks(0, c, sizeof(INIT) + 4, &fl), HVLB_DROP_SCTP_BAD_CHUNK); /* bundled */
	memcpy(c, (const uint8_t[]){1, 0, 0, 16}, 4);
	CHECK_EQ(chunks(0, c, 16, &fl), HVLB_DROP_SCTP_BAD_CHUNK); /* INIT too short */
	CHECK_EQ(chunks(0, (const uint8_t[]){3, 0, 0, 4}, 4, &fl), HVLB_DROP_SCTP_BAD_VTAG);
	CHECK_EQ(chunks(9, (const uint8_t[]){3, 0, 0, 3}, 4, &fl), HVLB_DROP_SCTP_BAD_CHUNK);
	CHECK_EQ(chunks(9, (const uint8_t[]){3, 0, 0, 12, 0, 0, 0, 0}, 8, &fl),
		 HVLB_DROP_SCTP_BAD_CHUNK); /* past the packet */
	CHECK_EQ(chunks(9, (const uint8_t[]){3, 0, 0, 4, 9, 0}, 6, &fl), HVLB_DROP_SCTP_BAD_CHUNK);
	CHECK_EQ(chunks(9, (const uint8_t[]){0x3f, 0, 0, 4}, 4, &fl), HVLB_DROP_SCTP_UNKNOWN_CHUNK);
	CHECK_EQ(chunks(9, (const uint8_t[]){0x7f, 0, 0, 4}, 4, &fl), HVLB_DROP_SCTP_UNKNOWN_CHUNK);
	CHECK_EQ(chunks(9, (const uint8_t[]){0xc1, 0, 0, 8, 0, 0, 0, 1}, 8, &fl),
		 HVLB_DROP_SCTP_ASCONF);
	CHECK_EQ(chunks(9, (const uint8_t[]){14, 0, 0, 4, 3, 0, 0, 4}, 8, &fl),
		 HVLB_DROP_SCTP_BAD_CHUNK); /* SHUTDOWN-COMPLETE bundled */
	CHECK_EQ(chunks(9, (const uint8_t[]){3, 0, 0, 4, 14, 0, 0, 4}, 8, &fl),
		 HVLB_DROP_SCTP_BAD_CHUNK);
	CHECK_EQ(chunks(0, (const uint8_t[]){3, 0, 0, 4, 6, 1, 0, 4}, 8, &fl),
		 HVLB_DROP_SCTP_BAD_VTAG); /* only a lone T-bit chunk reflects */
}

/* dir's packet with tag and chunk c through sctp_vtag_check against tags. */
static enum hvlb_drop
vtag(unsigned dir, uint32_t tag, const uint8_t *c, uint32_t clen, uint32_t tags[2])
{
	uint8_t p[256];

	pkt(p, tag, c, clen);
	return sctp_vtag_check(p, dir, tags);
}

/* The client's tag 0xaabbccdd (its INIT's initiate tag), the NF's 0x01020304 (its
 * INIT-ACK's): each direction's packets must carry their receiver's; a T-bit ABORT its
 * sender's; a new INIT starts over; tags not known are learnt from the next packet. */
static void
test_vtag(void)
{
	static const uint8_t init_ack[] = {2, 0, 0, 20, 1, 2, 3, 4, 0, 1, 0, 0, 0, 10, 0, 10, 0, 0, 0, 1};
	static const uint8_t data[] = {0, 3, 0, 17, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 'x', 0, 0, 0};
	static const uint8_t abort_t[] = {6, 1, 0, 4};
	static const uint8_t abort[] = {6, 0, 0, 4};
	const uint32_t ctag = 0xaabbccdd, stag = 0x01020304;
	uint32_t tags[2] = {0, 0}; /* a new entry's */

	CHECK_EQ(vtag(0, 0, INIT, sizeof(INIT), tags), HVLB_DROP_NONE);
	CHECK(tags[0] == 0 && tags[1] == ctag);
	CHECK_EQ(vtag(1, stag, init_ack, sizeof(init_ack), tags), HVLB_DROP_SCTP_BAD_VTAG);
	CHECK(tags[0] == 0 && tags[1] == ctag); /* unchanged by a drop */
	CHECK_EQ(vtag(1, ctag, init_ack, sizeof(init_ack), tags), HVLB_DROP_NONE);
	CHECK(tags[0] == stag && tags[1] == ctag);
	CHECK_EQ(vtag(0, stag, data, sizeof(data), tags), HVLB_DROP_NONE);
	CHECK_EQ(vtag(1, ctag, data, sizeof(data), tags), HVLB_DROP_NONE);
	CHECK_EQ(vtag(0, ctag, data, sizeof(data), tags), HVLB_DROP_SCTP_BAD_VTAG);
	CHECK_EQ(vtag(1, stag, data, sizeof(data), tags), HVLB_DROP_SCTP_BAD_VTAG);
	CHECK_EQ(vtag(0, 0x12345678, abort, sizeof(abort), tags), HVLB_DROP_SCTP_BAD_VTAG);
	CHECK_EQ(vtag(0, stag, abort_t, sizeof(abort_t), tags), HVLB_DROP_SCTP_BAD_VTAG);
	CHECK_EQ(vtag(0, ctag, abort_t, sizeof(abort_t), tags), HVLB_DROP_NONE); /* its own */
	CHECK_EQ(vtag(1, stag, abort_t, sizeof(abort_t), tags), HVLB_DROP_NONE);
	CHECK(tags[0] == stag && tags[1] == ctag);
	/* An INIT on the known association (a restart, or a forger's): both tags unknown, so a
	 * forged one cuts nothing off; learnt from the next packets (a T-bit chunk teaches
	 * nothing). */
	CHECK_EQ(vtag(0, 0, INIT, sizeof(INIT), tags), HVLB_DROP_NONE);
	CHECK(tags[0] == 0 && tags[1] == 0);
	CHECK_EQ(vtag(1, ctag, data, sizeof(data), tags), HVLB_DROP_NONE);
	CHECK_EQ(tags[1], ctag);
	CHECK_EQ(vtag(1, 0x55, abort_t, sizeof(abort_t), tags), HVLB_DROP_NONE);
	CHECK(tags[0] == 0);
	CHECK_EQ(vtag(0, 0x99, data, sizeof(data), tags), HVLB_DROP_NONE);
	CHECK_EQ(tags[0], 0x99u);
	CHECK_EQ(vtag(0, stag, data, sizeof(data), tags), HVLB_DROP_SCTP_BAD_VTAG);
	/* Known by sync only (no tags): the first packet each way teaches them. */
	tags[0] = tags[1] = 0;
	CHECK_EQ(vtag(1, ctag, data, sizeof(data), tags), HVLB_DROP_NONE);
	CHECK_EQ(vtag(0, stag, data, sizeof(data), tags), HVLB_DROP_NONE);
	CHECK(tags[0] == stag && tags[1] == ctag);
}

static void
test_hide(void)
{
	uint8_t c[64], p[128];
	uint32_t n;

	memcpy(c, INIT, sizeof(INIT));
	c[3] = 20 + 8 + 20 + 4;
	memcpy(c + 20, (const uint8_t[]){0, 5, 0, 8, 10, 0, 0, 1}, 8);
	memcpy(c + 28, (const uint8_t[]){0, 6, 0, 20}, 4);
	memset(c + 32, 0xfd, 16);
	memcpy(c + 48, (const uint8_t[]){0, 12, 0, 4}, 4); /* supported address types: kept */
	n = pkt(p, 0, c, 52);
	CHECK_EQ(sctp_hide_addrs(p, n), 2u);
	CHECK_EQ(p[SCTP_HLEN + 20], 0x80);
	CHECK_EQ(p[SCTP_HLEN + 21], 0x05);
	CHECK_EQ(p[SCTP_HLEN + 28], 0x80);
	CHECK_EQ(p[SCTP_HLEN + 29], 0x05);
	CHECK_EQ(p[SCTP_HLEN + 49], 12);
	CHECK_EQ(sctp_hide_addrs(p, n), 0u);
}

int
main(void)
{
	RUN(test_crc_vectors);
	RUN(test_csum);
	RUN(test_flags);
	RUN(test_drops);
	RUN(test_vtag);
	RUN(test_hide);
	return check_summary();
}
