/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * xdp_fast_learn (IPv4) and xdp_fast_learn6: the in-kernel fast path's entry for a connection
 * and direction, from a frame the forwarder forwarded (xdp_fast_entry.h).
 */
#include <string.h>

#include "csum.h"
#include "xdp_fast_entry.h"

#define ETH_LEN 14
#define IP4_LEN 20
#define IP6_LEN 40

/* The 16-bit words of a frame as memory holds them (the checksums' arithmetic is done so, in
 * the program and in rewrite_fast.h alike). */
static uint16_t
word(const uint8_t *p)
{
	uint16_t w;

	memcpy(&w, p, 2);
	return w;
}

/* The one's-complement change from old to new over n bytes (n even). */
static uint64_t
change(const uint8_t *old, const uint8_t *new_, unsigned n)
{
	uint64_t d = 0;

	for (unsigned i = 0; i < n; i += 2)
		d += (uint16_t)~word(old + i) + (uint64_t)word(new_ + i);
	return d;
}

/* A change folded to 16 bits, as rewrite_nat4_deltas keeps it. */
static uint16_t
folded(uint64_t d)
{
	return (uint16_t)~csum_fold(csum_fold64(d));
}

/* Whether two TCP or UDP (proto) headers, il4 and ol4, and the n bytes from them are the same
 * but for their ports and checksums. */
static int
l4_same_but_ports(const uint8_t *il4, const uint8_t *ol4, uint8_t proto, uint32_t n)
{
	unsigned csum_off = proto == 6 ? 16 : 6;

	return memcmp(il4 + 4, ol4 + 4, csum_off - 4) == 0 &&
	       memcmp(il4 + csum_off + 2, ol4 + csum_off + 2, n - csum_off - 2) == 0;
}

/* An IPv4 TCP or UDP frame without options and fragmenting whose IP header is at l2 (its
 * EtherType just before), its L4 header whole. */
static int
ip4_l4(const uint8_t *f, uint32_t len, uint32_t l2)
{
	const uint8_t *ip = f + l2;

	if (len < l2 + IP4_LEN + 8 || ip[-2] != 0x08 || ip[-1] != 0x00)
		return -1;
	if (ip[0] != 0x45 || (word(ip + 6) & 0xff3f) != 0) /* options, fragment */
		return -1;
	if (ip[9] != 6 && ip[9] != 17)
		return -1;
	if (ip[9] == 6 && len < l2 + IP4_LEN + 20)
		return -1;
	return 0;
}

/* xdp_fast_learn with the IP headers at l2 (14, or 18 behind a VLAN tag). */
static int
learn4(const uint8_t *in, uint32_t in_len, const uint8_t *out, uint32_t out_len, uint32_t l2,
       struct xdp_fast_key *k, struct xdp_fast_val *v)
{
	const uint8_t *iip = in + l2, *oip = out + l2;
	const uint8_t *il4 = iip + IP4_LEN, *ol4 = oip + IP4_LEN;
	unsigned ttl_dec;
	uint64_t d_addr;

	if (in_len != out_len || ip4_l4(in, in_len, l2) != 0 || ip4_l4(out, out_len, l2) != 0)
		return -1;
	ttl_dec = (unsigned)(iip[8] - oip[8]);
	if (iip[9] != oip[9] || ttl_dec > 1)
		return -1;
	/* Nothing else may differ: the IPv4 header but its TTL, checksum and addresses; the L4
	 * header but its ports and checksum; the payload. */
	if (memcmp(iip, oip, 8) != 0 || iip[9] != oip[9])
		return -1;
	if (!l4_same_but_ports(il4, ol4, iip[9], in_len - l2 - IP4_LEN))
		return -1;
	/* UDP without a checksum stays so (the program keeps a 0): both or neither. */
	if (iip[9] == 17 && (word(il4 + 6) == 0) != (word(ol4 + 6) == 0))
		return -1;

	memset(k, 0, sizeof(*k));
	memcpy(&k->saddr, iip + 12, 4);
	memcpy(&k->daddr, iip + 16, 4);
	memcpy(&k->sport, il4, 2);
	memcpy(&k->dport, il4 + 2, 2);
	k->proto = iip[9];

	memset(v, 0, sizeof(*v));
	memcpy(v->dmac, out, 6);
	memcpy(v->smac, out + 6, 6);
	memcpy(&v->saddr, oip + 12, 4);
	memcpy(&v->daddr, oip + 16, 4);
	memcpy(&v->sport, ol4, 2);
	memcpy(&v->dport, ol4 + 2, 2);
	v->ttl_dec = (uint8_t)ttl_dec;
	d_addr = change(iip + 12, oip + 12, 8);
	/* The TTL's byte is the low one of its word as memory holds it: a decrement adds
	 * ~w + (w - 1) = 0xfffe (rewrite_nat4_deltas). */
	v->d_ip = folded(d_addr + (ttl_dec ? 0xfffe : 0));
	v->d_l4 = folded(d_addr + change(il4, ol4, 4));
	return 0;
}

/* An IPv6 TCP or UDP frame without extension headers whose IP header is at l2, its L4
 * header whole. */
static int
ip6_l4(const uint8_t *f, uint32_t len, uint32_t l2)
{
	const uint8_t *ip = f + l2;

	if (len < l2 + IP6_LEN + 8 || ip[-2] != 0x86 || ip[-1] != 0xdd || (ip[0] >> 4) != 6)
		return -1;
	if (ip[6] != 6 && ip[6] != 17)
		return -1;
	if (ip[6] == 6 && len < l2 + IP6_LEN + 20)
		return -1;
	return 0;
}

/* xdp_fast_learn6 with the IP headers at l2. */
static int
learn6(const uint8_t *in, uint32_t in_len, const uint8_t *out, uint32_t out_len, uint32_t l2,
       struct xdp_fast_key6 *k, struct xdp_fast_val6 *v)
{
	const uint8_t *iip = in + l2, *oip = out + l2;
	const uint8_t *il4 = iip + IP6_LEN, *ol4 = oip + IP6_LEN;
	unsigned hop_dec;

	if (in_len != out_len || ip6_l4(in, in_len, l2) != 0 || ip6_l4(out, out_len, l2) != 0)
		return -1;
	hop_dec = (unsigned)(iip[7] - oip[7]);
	/* Nothing else may differ: the version, class and flow label, the payload length and
	 * the next header; the L4 header but its ports and checksum; the payload. */
	if (memcmp(iip, oip, 7) != 0 || hop_dec > 1)
		return -1;
	if (!l4_same_but_ports(il4, ol4, iip[6], in_len - l2 - IP6_LEN))
		return -1;
	if (iip[6] == 17 && (word(il4 + 6) == 0 || word(ol4 + 6) == 0))
		return -1;

	memset(k, 0, sizeof(*k));
	memcpy(k->saddr, iip + 8, 16);
	memcpy(k->daddr, iip + 24, 16);
	memcpy(&k->sport, il4, 2);
	memcpy(&k->dport, il4 + 2, 2);
	k->proto = iip[6];

	memset(v, 0, sizeof(*v));
	memcpy(v->dmac, out, 6);
	memcpy(v->smac, out + 6, 6);
	memcpy(v->saddr, oip + 8, 16);
	memcpy(v->daddr, oip + 24, 16);
	memcpy(&v->sport, ol4, 2);
	memcpy(&v->dport, ol4 + 2, 2);
	v->hop_dec = (uint8_t)hop_dec;
	v->d_l4 = folded(change(iip + 8, oip + 8, 32) + change(il4, ol4, 4));
	return 0;
}

int
xdp_fast_learn(const uint8_t *in, uint32_t in_len, const uint8_t *out, uint32_t out_len,
	       struct xdp_fast_key *k, struct xdp_fast_val *v)
{
	return learn4(in, in_len, out, out_len, ETH_LEN, k, v);
}

int
xdp_fast_learn6(const uint8_t *in, uint32_t in_len, const uint8_t *out, uint32_t out_len,
		struct xdp_fast_key6 *k, struct xdp_fast_val6 *v)
{
	return learn6(in, in_len, out, out_len, ETH_LEN, k, v);
}

int
xdp_fast_learn_any(const uint8_t *in, uint32_t in_len, const uint8_t *out, uint32_t out_len,
		   struct xdp_fast_entry *e)
{
	uint32_t l2 = ETH_LEN;

	memset(&e->key, 0, sizeof(e->key));
	e->af = 4;
	if (in_len < ETH_LEN + 4 || out_len < ETH_LEN + 4)
		return -1;
	/* One VLAN tag, the same on both (the forwarder keeps a frame's tag): the entry is the
	 * untagged frame's, and the program keeps whatever tag a frame has. */
	if (in[12] == 0x81 && in[13] == 0x00) {
		if (memcmp(in + 12, out + 12, 4) != 0)
			return -1;
		l2 = ETH_LEN + 4;
	}
	if (in[l2 - 2] == 0x86 && in[l2 - 1] == 0xdd) {
		e->af = 6;
		return learn6(in, in_len, out, out_len, l2, &e->key.k6, &e->val.v6);
	}
	return learn4(in, in_len, out, out_len, l2, &e->key.k4, &e->val.v4);
}
