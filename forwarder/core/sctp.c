/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * SCTP's checks, its reduction to TCP flags, its CRC32c (sctp.h; docs/sctp.md).
 */
#include <string.h>

#ifdef __SSE4_2__
#include <nmmintrin.h>
#endif

#include "parse.h"
#include "sctp.h"

static inline uint16_t
sctp_rd16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static inline uint32_t
sctp_rd32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* Chunk types of RFC 9260 and its extensions (RFC 3758 FORWARD-TSN, 4895 AUTH, 4960 ECN,
 * 5061 ASCONF, 6525 RE-CONFIG, 4820 PAD, 8260 I-DATA and I-FORWARD-TSN, NR-SACK). */
static bool
sctp_chunk_known(uint8_t t)
{
	return t <= 16 || t == 64 || t == 0x80 || t == 130 || t == 132 || t == 0xc0 ||
	       t == 0xc1 || t == 0xc2;
}

/* What one chunk (known, not INIT/INIT-ACK, checked by the caller) tells the state machine. */
static uint8_t
sctp_chunk_flags(uint8_t t)
{
	switch (t) {
	case SCTP_CT_ABORT:
	case SCTP_CT_SHUTDOWN_COMPLETE:
		return HVLB_TCP_RST;
	case SCTP_CT_SHUTDOWN:
	case SCTP_CT_SHUTDOWN_ACK:
		return HVLB_TCP_FIN | HVLB_TCP_ACK;
	}
	return HVLB_TCP_ACK;
}

/* An INIT or INIT-ACK: alone in its packet (RFC 9260 6.10), its fixed part there, an initiate
 * tag that is not 0 (3.3.2). */
static enum hvlb_drop
sctp_parse_init(const uint8_t *l4, uint32_t len, uint32_t clen, uint8_t *fl)
{
	uint32_t vtag = sctp_rd32(l4 + 4);
	uint8_t t = l4[SCTP_HLEN];

	if (SCTP_HLEN + ((clen + 3) & ~3u) < len)
		return HVLB_DROP_SCTP_BAD_CHUNK;
	if (clen < SCTP_INIT_LEN || sctp_rd32(l4 + SCTP_HLEN + 4) == 0)
		return HVLB_DROP_SCTP_BAD_CHUNK;
	if (t == SCTP_CT_INIT) {
		if (vtag != 0)
			return HVLB_DROP_SCTP_BAD_VTAG;
		*fl = HVLB_TCP_SYN;
		return HVLB_DROP_NONE;
	}
	if (vtag == 0)
		return HVLB_DROP_SCTP_BAD_VTAG;
	*fl = HVLB_TCP_SYN | HVLB_TCP_ACK;
	return HVLB_DROP_NONE;
}

enum hvlb_drop
sctp_parse(const uint8_t *l4, uint32_t len, uint8_t *fl)
{
	uint32_t off = SCTP_HLEN, clen;
	bool tbit = true, sc = false;
	unsigned n = 0;
	uint8_t t, f = 0;

	if (len < SCTP_HLEN + SCTP_CHUNK_HLEN)
		return HVLB_DROP_SCTP_BAD_CHUNK;
	clen = sctp_rd16(l4 + off + 2);
	if (clen < SCTP_CHUNK_HLEN || clen > len - off)
		return HVLB_DROP_SCTP_BAD_CHUNK;
	t = l4[off];
	if (t == SCTP_CT_INIT || t == SCTP_CT_INIT_ACK)
		return sctp_parse_init(l4, len, clen, fl);
	/* Padding after the last chunk: up to 3 bytes, not always there (RFC 9260 3.2). */
	for (;;) {
		if (!sctp_chunk_known(t)) {
			if ((t & 0x80) == 0)
				return HVLB_DROP_SCTP_UNKNOWN_CHUNK;
			f |= HVLB_TCP_ACK; /* skipped by the peer: moves nothing */
		} else if (t == SCTP_CT_INIT || t == SCTP_CT_INIT_ACK) {
			return HVLB_DROP_SCTP_BAD_CHUNK;
		} else if (t == SCTP_CT_ASCONF || t == SCTP_CT_ASCONF_ACK) {
			return HVLB_DROP_SCTP_ASCONF;
		} else {
			f |= sctp_chunk_flags(t);
		}
		sc |= t == SCTP_CT_SHUTDOWN_COMPLETE;
		n++;
		/* Only a packet of one ABORT or SHUTDOWN-COMPLETE may reflect a tag. */
		if (!((t == SCTP_CT_ABORT || t == SCTP_CT_SHUTDOWN_COMPLETE) &&
		      (l4[off + 1] & SCTP_CHUNK_FLAG_T)))
			tbit = false;
		off += (clen + 3) & ~3u;
		if (off >= len)
			break;
		if (len - off < SCTP_CHUNK_HLEN)
			return HVLB_DROP_SCTP_BAD_CHUNK;
		clen = sctp_rd16(l4 + off + 2);
		if (clen < SCTP_CHUNK_HLEN || clen > len - off)
			return HVLB_DROP_SCTP_BAD_CHUNK;
		t = l4[off];
	}
	/* SHUTDOWN-COMPLETE is never bundled (RFC 9260 6.10). */
	if (sc && n > 1)
		return HVLB_DROP_SCTP_BAD_CHUNK;
	if (sctp_rd32(l4 + 4) == 0 && !tbit)
		return HVLB_DROP_SCTP_BAD_VTAG;
	*fl = f;
	return HVLB_DROP_NONE;
}

enum hvlb_drop
sctp_vtag_check(const uint8_t *l4, unsigned dir, uint32_t tags[2])
{
	uint32_t vtag = sctp_rd32(l4 + 4);
	uint8_t t = l4[SCTP_HLEN];
	unsigned want = dir;

	if (t == SCTP_CT_INIT) {
		/* A new association: its sender's tag. On one whose tags are known (a restart, or
		 * a forger who knows its ports but not its tags) both are learnt anew from the
		 * next packets instead: a forged INIT must not cut the association off. */
		bool known = tags[0] != 0 || tags[1] != 0;

		tags[dir ^ 1] = known ? 0 : sctp_rd32(l4 + SCTP_HLEN + 4);
		tags[dir] = 0;
		return HVLB_DROP_NONE;
	}
	if ((t == SCTP_CT_ABORT || t == SCTP_CT_SHUTDOWN_COMPLETE) &&
	    (l4[SCTP_HLEN + 1] & SCTP_CHUNK_FLAG_T))
		want = dir ^ 1;
	if (tags[want] != 0 && vtag != tags[want])
		return HVLB_DROP_SCTP_BAD_VTAG;
	if (tags[want] == 0 && want == dir)
		tags[want] = vtag;
	if (t == SCTP_CT_INIT_ACK)
		tags[dir ^ 1] = sctp_rd32(l4 + SCTP_HLEN + 4);
	return HVLB_DROP_NONE;
}

/* ---- CRC32c ---- */

#ifndef __SSE4_2__
/* The reflected table of the Castagnoli polynomial 0x82F63B78, made at first use. */
static uint32_t sctp_crc_table[256];

static void
sctp_crc_table_init(void)
{
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;

		for (int k = 0; k < 8; k++)
			c = c & 1 ? (c >> 1) ^ 0x82F63B78u : c >> 1;
		sctp_crc_table[i] = c;
	}
}
#endif

uint32_t
sctp_crc32c(uint32_t crc, const uint8_t *p, uint32_t len)
{
#ifdef __SSE4_2__
	uint64_t c = crc;

	for (; len >= 8; len -= 8, p += 8) {
		uint64_t v;

		memcpy(&v, p, 8);
		c = _mm_crc32_u64(c, v);
	}
	crc = (uint32_t)c;
	for (; len > 0; len--, p++)
		crc = _mm_crc32_u8(crc, *p);
	return crc;
#else
	if (sctp_crc_table[1] == 0)
		sctp_crc_table_init();
	for (; len > 0; len--, p++)
		crc = sctp_crc_table[(crc ^ *p) & 0xff] ^ (crc >> 8);
	return crc;
#endif
}

/* The packet's CRC with its checksum field taken as 0, as the sender computed it; in the
 * field's byte order (the CRC's low byte first, RFC 9260 appendix A). */
static uint32_t
sctp_csum_of(const uint8_t *l4, uint32_t len)
{
	static const uint8_t zero[4];
	uint32_t crc = sctp_crc32c(~0u, l4, 8);

	crc = sctp_crc32c(crc, zero, 4);
	crc = ~sctp_crc32c(crc, l4 + SCTP_HLEN, len - SCTP_HLEN);
	return crc;
}

bool
sctp_csum_ok(const uint8_t *l4, uint32_t len)
{
	uint32_t want = sctp_csum_of(l4, len);
	uint8_t b[4] = {(uint8_t)want, (uint8_t)(want >> 8), (uint8_t)(want >> 16),
			(uint8_t)(want >> 24)};

	return memcmp(l4 + 8, b, 4) == 0;
}

void
sctp_csum_set(uint8_t *l4, uint32_t len)
{
	uint32_t c = sctp_csum_of(l4, len);

	l4[8] = (uint8_t)c;
	l4[9] = (uint8_t)(c >> 8);
	l4[10] = (uint8_t)(c >> 16);
	l4[11] = (uint8_t)(c >> 24);
}

unsigned
sctp_hide_addrs(uint8_t *l4, uint32_t len)
{
	uint32_t end = SCTP_HLEN + sctp_rd16(l4 + SCTP_HLEN + 2);
	uint32_t off = SCTP_HLEN + SCTP_INIT_LEN;
	unsigned n = 0;

	if (end > len)
		end = len;
	while (end - off >= 4 && off < end) {
		uint16_t pt = sctp_rd16(l4 + off), pl = sctp_rd16(l4 + off + 2);

		if (pl < 4 || pl > end - off)
			break;
		if (pt == SCTP_PARAM_IPV4 || pt == SCTP_PARAM_IPV6) {
			l4[off] = SCTP_PARAM_PAD >> 8;
			l4[off + 1] = SCTP_PARAM_PAD & 0xff;
			n++;
		}
		off += (pl + 3u) & ~3u;
	}
	return n;
}
