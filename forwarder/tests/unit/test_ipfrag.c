/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * IPv4 fragmentation (core/ipfrag.h), the pieces worker_mtu.c sends a datagram an af_packet
 * port's kernel reassembled in: each within the MTU, offsets in 8-byte units, MF on all but
 * the last, the header checksum right (summed here independently), options with the copied
 * flag in every piece and the others in the first only, and the pieces' payloads together
 * the original's, byte for byte; a packet that is a fragment already keeps its offset and MF.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "ipfrag.h"
#include "pkt_build.h"

/* An IPv4 packet of l3_len bytes at ip, with opt (olen bytes, a multiple of 4) as options,
 * frag as its flags and offset field, payload bytes i * 7 + 3. */
static void
ip4(uint8_t *ip, uint16_t l3_len, const uint8_t *opt, uint16_t olen, uint16_t frag)
{
	uint16_t ihl = (uint16_t)(20 + olen);

	memset(ip, 0, ihl);
	ip[0] = (uint8_t)(0x40 | ihl / 4);
	pkt_put16(ip + 2, l3_len);
	pkt_put16(ip + 4, 0xbeef);
	pkt_put16(ip + 6, frag);
	ip[8] = 63;
	ip[9] = 17;
	memcpy(ip + 12, (uint8_t[]){10, 0, 0, 1, 10, 1, 0, 11}, 8);
	if (olen != 0) /* opt may be NULL then */
		memcpy(ip + 20, opt, olen);
	for (uint16_t i = ihl; i < l3_len; i++)
		ip[i] = (uint8_t)(i * 7 + 3);
	pkt_put16(ip + 10, pkt_ref_fold(pkt_ref_sum(ip, ihl, 0)));
}

/* Fragment ip (l3_len) to mtu as worker_mtu.c does and check every piece; the pieces'
 * payloads are put together in out; returns how many pieces. */
static unsigned
split(const uint8_t *ip, uint16_t l3_len, uint16_t mtu, uint8_t *out, uint16_t base_off,
      int base_mf, uint16_t later_hlen_want)
{
	uint16_t ihl = (uint16_t)((ip[0] & 0x0f) * 4), payload = (uint16_t)(l3_len - ihl);
	uint16_t later_hlen = ip4frag_later_hlen(ip), off = 0;
	uint8_t piece[9216];
	unsigned n = 0;

	CHECK_EQ(later_hlen, later_hlen_want);
	while (off < payload) {
		uint16_t chunk = ip4frag_chunk(mtu, off == 0 ? ihl : later_hlen);
		uint16_t len = (uint16_t)(payload - off < chunk ? payload - off : chunk);
		uint16_t total = ip4frag_write(piece, ip, l3_len, off, len);
		uint16_t hl = (uint16_t)((piece[0] & 0x0f) * 4);
		uint16_t frag = (uint16_t)(piece[6] << 8 | piece[7]);
		int last = off + len == payload;

		CHECK(total <= mtu);
		CHECK_EQ(hl, off == 0 ? ihl : later_hlen);
		CHECK_EQ(total, hl + len);
		CHECK_EQ(piece[2] << 8 | piece[3], total);
		CHECK_EQ((frag & IP4_OFF_MASK) * 8, base_off + off);
		CHECK_EQ(!!(frag & IP4_FLAG_MF), !last || base_mf);
		CHECK_EQ(frag & IP4_FLAG_DF, 0);
		CHECK(last || len % 8 == 0);
		CHECK_EQ(pkt_ref_fold(pkt_ref_sum(piece, hl, 0)), 0); /* checksum right */
		CHECK_MEM(piece + 4, ip + 4, 2);                       /* same identification */
		CHECK_MEM(piece + 8, ip + 8, 2);                       /* TTL, protocol */
		CHECK_MEM(piece + 12, ip + 12, 8);                     /* addresses */
		if (off == 0)
			CHECK_MEM(piece + 20, ip + 20, ihl - 20);      /* every option */
		memcpy(out + off, piece + hl, len);
		off = (uint16_t)(off + len);
		n++;
	}
	CHECK_MEM(out, ip + ihl, payload);
	return n;
}

static void
test_plain(void)
{
	uint8_t ip[8192], out[8192];

	/* A 3000-byte UDP datagram to a 1500-byte link: 1480 + 1480 + 20 bytes of payload. */
	ip4(ip, 3000, NULL, 0, 0);
	CHECK_EQ(split(ip, 3000, 1500, out, 0, 0, 20), 3);
	/* 8000 bytes to 1280: 1256-byte pieces (1260 is no multiple of 8). */
	ip4(ip, 8000, NULL, 0, 0);
	CHECK_EQ(split(ip, 8000, 1280, out, 0, 0, 20), 7);
	CHECK_EQ(ip4frag_chunk(1280, 20), 1256);
	CHECK_EQ(ip4frag_chunk(27, 20), 0);
	/* Exactly two full pieces: the last carries MF clear. */
	ip4(ip, 20 + 2 * 1480, NULL, 0, 0);
	CHECK_EQ(split(ip, 20 + 2 * 1480, 1500, out, 0, 0, 20), 2);
}

static void
test_options(void)
{
	/* Router alert (148: copied) and a record route (7: not copied), NOP-padded; the later
	 * pieces carry the router alert alone: 24-byte headers. */
	static const uint8_t opt[] = {148, 4, 0, 0, 7, 7, 4, 0, 0, 0, 0, 1};
	uint8_t ip[8192], out[8192], piece[2048];

	ip4(ip, 4000, opt, sizeof(opt), 0);
	CHECK_EQ(split(ip, 4000, 1500, out, 0, 0, 24), 3);
	ip4frag_write(piece, ip, 4000, 1472, 1472);
	CHECK_EQ(piece[0], 0x46);
	CHECK_MEM(piece + 20, opt, 4);
	/* Only uncopied options: the later pieces have none. */
	ip4(ip, 4000, opt + 4, 8, 0);
	CHECK_EQ(split(ip, 4000, 1500, out, 0, 0, 20), 3);
}

static void
test_fragment_again(void)
{
	uint8_t ip[8192], out[8192];

	/* A middle fragment (offset 2960, MF) cut again: every piece keeps MF, offsets on. */
	ip4(ip, 2980, NULL, 0, IP4_FLAG_MF | 2960 / 8);
	CHECK_EQ(split(ip, 2980, 1500, out, 2960, 1, 20), 2);
	/* The last fragment (MF clear) cut again: only its last piece ends the datagram. */
	ip4(ip, 2980, NULL, 0, 2960 / 8);
	CHECK_EQ(split(ip, 2980, 1500, out, 2960, 0, 20), 2);
}

int
main(void)
{
	RUN(test_plain);
	RUN(test_options);
	RUN(test_fragment_again);
	return check_summary();
}
