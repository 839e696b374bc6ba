/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The SYN proxy's cookie, frames and translation (synproxy.h).
 *
 * The cookie: bits 0-2 the MSS index, bits 3-4 the time counter's low bits (so the check
 * knows which of the two counters it may be), bits 5-31 the top 27 bits of SipHash-2-4 keyed
 * with the forwarder's secret over (client address, VIP, ports, client ISN, counter, MSS
 * index). A keyed PRF, not a CRC: a CRC is affine in its input, so one cookie seen would give
 * away every other. A forger guesses right once in 2^27 tries.
 *
 * The frames the proxy builds get full checksums (hvlb made them); a translated frame gets
 * incremental ones, so a damaged segment stays damaged (rewrite.c's rule).
 */
#include <string.h>

#include "csum.h"
#include "synproxy.h"

#define SP_TCP_HLEN 20
#define SP_OPT_MSS_LEN 4
#define SP_ETH_MIN 60
#define SP_TTL 64
#define SP_OPT_END 0
#define SP_OPT_NOP 1
#define SP_OPT_MSS 2
#define SP_OPT_SACK 5

/* The MSS a cookie can carry, ascending: the usual IPv4 and IPv6 values behind tunnels,
 * PPPoE and plain Ethernet. */
static const uint16_t sp_mss_tab[SYNPROXY_MSS_N] = {536, 1220, 1280, 1360, 1400, 1420, 1440, 1460};

unsigned
synproxy_mss_index(uint16_t mss, uint8_t af)
{
	unsigned i;

	if (mss == 0)
		mss = af == HVLB_AF_INET6 ? 1220 : 536;
	for (i = SYNPROXY_MSS_N - 1; i > 0; i--)
		if (sp_mss_tab[i] <= mss)
			break;
	return i;
}

uint16_t
synproxy_mss_value(unsigned idx)
{
	return sp_mss_tab[idx % SYNPROXY_MSS_N];
}

/* ---- SipHash-2-4 (Aumasson, Bernstein), over whole 64-bit words ---- */

#define SP_ROTL(x, b) (uint64_t)(((x) << (b)) | ((x) >> (64 - (b))))

#define SP_SIPROUND                                                                                \
	do {                                                                                       \
		v0 += v1;                                                                          \
		v1 = SP_ROTL(v1, 13);                                                              \
		v1 ^= v0;                                                                          \
		v0 = SP_ROTL(v0, 32);                                                              \
		v2 += v3;                                                                          \
		v3 = SP_ROTL(v3, 16);                                                              \
		v3 ^= v2;                                                                          \
		v0 += v3;                                                                          \
		v3 = SP_ROTL(v3, 21);                                                              \
		v3 ^= v0;                                                                          \
		v2 += v1;                                                                          \
		v1 = SP_ROTL(v1, 17);                                                              \
		v1 ^= v2;                                                                          \
		v2 = SP_ROTL(v2, 32);                                                              \
	} while (0)

/* SipHash-2-4 of n 64-bit words (8 * n bytes, little-endian words as x86 holds them). */
static uint64_t
sp_siphash(const struct synproxy_key *sk, const uint64_t *m, unsigned n)
{
	uint64_t v0 = sk->k[0] ^ 0x736f6d6570736575ull, v1 = sk->k[1] ^ 0x646f72616e646f6dull;
	uint64_t v2 = sk->k[0] ^ 0x6c7967656e657261ull, v3 = sk->k[1] ^ 0x7465646279746573ull;
	uint64_t b = (uint64_t)(8 * n) << 56;

	for (unsigned i = 0; i < n; i++) {
		v3 ^= m[i];
		SP_SIPROUND;
		SP_SIPROUND;
		v0 ^= m[i];
	}
	v3 ^= b;
	SP_SIPROUND;
	SP_SIPROUND;
	v0 ^= b;
	v2 ^= 0xff;
	SP_SIPROUND;
	SP_SIPROUND;
	SP_SIPROUND;
	SP_SIPROUND;
	return v0 ^ v1 ^ v2 ^ v3;
}

/* What a cookie is the hash of: 48 bytes. */
struct sp_cookie_in {
	union hvlb_addr src, dst;
	uint16_t sport, dport;
	uint32_t isn;
	uint32_t t;
	uint8_t mss_idx, af;
	uint16_t pad;
};

_Static_assert(sizeof(struct sp_cookie_in) == 48, "six 64-bit words");

static uint32_t
sp_cookie_at(const struct synproxy_key *sk, const struct flow_key *key, uint32_t isn, uint32_t t,
	     unsigned mss_idx)
{
	struct sp_cookie_in in = {
		.src = key->src, .dst = key->dst, .sport = key->sport, .dport = key->dport,
		.isn = isn, .t = t, .mss_idx = (uint8_t)mss_idx, .af = key->af,
	};
	uint64_t w[6];

	memcpy(w, &in, sizeof(w));
	return (uint32_t)(sp_siphash(sk, w, 6) >> 32) & ~0x1fu;
}

uint32_t
synproxy_cookie(const struct synproxy_key *sk, const struct flow_key *key, uint32_t isn,
		uint32_t t, unsigned mss_idx)
{
	mss_idx %= SYNPROXY_MSS_N;
	return sp_cookie_at(sk, key, isn, t, mss_idx) | (t & 3) << 3 | mss_idx;
}

int
synproxy_cookie_check(const struct synproxy_key *sk, const struct flow_key *key, uint32_t isn,
		      uint32_t cookie, uint32_t t)
{
	unsigned mss_idx = cookie & 7;

	for (uint32_t age = 0; age < 2; age++) {
		uint32_t tc = t - age;

		if ((tc & 3) != (cookie >> 3 & 3))
			continue;
		if (sp_cookie_at(sk, key, isn, tc, mss_idx) == (cookie & ~0x1fu))
			return (int)mss_idx;
	}
	return -1;
}

/* ---- reading a segment ---- */

static inline uint32_t
sp_get32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static inline void
sp_put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

static inline void
sp_put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

/* The TCP header's length, bounded by the segment. */
static inline uint32_t
sp_tcp_hlen(const uint8_t *tcp, const struct pkt_info *pi)
{
	uint32_t h = (uint32_t)(tcp[12] >> 4) * 4;

	return h > pi->l4_len ? pi->l4_len : h;
}

uint32_t
synproxy_tcp_seq(const uint8_t *frame, const struct pkt_info *pi)
{
	return sp_get32(frame + pi->l4_off + 4);
}

uint32_t
synproxy_tcp_ack(const uint8_t *frame, const struct pkt_info *pi)
{
	return sp_get32(frame + pi->l4_off + 8);
}

uint16_t
synproxy_tcp_win(const uint8_t *frame, const struct pkt_info *pi)
{
	const uint8_t *t = frame + pi->l4_off;

	return (uint16_t)(t[14] << 8 | t[15]);
}

uint32_t
synproxy_tcp_payload(const uint8_t *frame, const struct pkt_info *pi)
{
	return pi->l4_len - sp_tcp_hlen(frame + pi->l4_off, pi);
}

/* Calls fn for each option of the segment (kind, its bytes, its length) until fn returns
 * non-zero; stops at a malformed option. Returns fn's last value (0 if it never stopped). */
typedef int (*sp_opt_fn)(void *arg, uint8_t kind, uint8_t *opt, uint32_t len);

static int
sp_options(uint8_t *tcp, uint32_t hlen, sp_opt_fn fn, void *arg)
{
	uint32_t i = SP_TCP_HLEN;

	while (i < hlen) {
		uint8_t kind = tcp[i];
		uint32_t len;
		int rc;

		if (kind == SP_OPT_END)
			break;
		if (kind == SP_OPT_NOP) {
			i++;
			continue;
		}
		if (i + 1 >= hlen || (len = tcp[i + 1]) < 2 || i + len > hlen)
			break;
		rc = fn(arg, kind, tcp + i, len);
		if (rc != 0)
			return rc;
		i += len;
	}
	return 0;
}

static int
sp_find_mss(void *arg, uint8_t kind, uint8_t *opt, uint32_t len)
{
	if (kind != SP_OPT_MSS || len != SP_OPT_MSS_LEN)
		return 0;
	*(uint16_t *)arg = (uint16_t)(opt[2] << 8 | opt[3]);
	return 1;
}

uint16_t
synproxy_tcp_mss(const uint8_t *frame, const struct pkt_info *pi)
{
	/* sp_options does not write; the cast only shares it with the SACK rewrite. */
	uint8_t *tcp = (uint8_t *)(uintptr_t)(frame + pi->l4_off);
	uint16_t mss = 0;

	sp_options(tcp, sp_tcp_hlen(tcp, pi), sp_find_mss, &mss);
	return mss;
}

/* ---- building ---- */

uint32_t
synproxy_frame_len(const struct pkt_info *pi, bool with_mss)
{
	uint32_t ip_hlen = pi->key.af == HVLB_AF_INET ? 20 : 40;
	uint32_t len = pi->l3_off + ip_hlen + SP_TCP_HLEN + (with_mss ? SP_OPT_MSS_LEN : 0);

	return len < SP_ETH_MIN ? SP_ETH_MIN : len;
}

static void
sp_swap(uint8_t *a, uint8_t *b, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		uint8_t t = a[i];

		a[i] = b[i];
		b[i] = t;
	}
}

/* Swap the IP addresses and TCP ports of the frame and of pi->key. */
static void
sp_reverse(uint8_t *frame, struct pkt_info *pi)
{
	uint8_t *ip = frame + pi->l3_off, *tcp = frame + pi->l4_off;
	struct flow_key k;

	if (pi->key.af == HVLB_AF_INET)
		sp_swap(ip + 12, ip + 16, 4);
	else
		sp_swap(ip + 8, ip + 24, 16);
	sp_swap(tcp, tcp + 2, 2);
	flow_key_reverse(&k, &pi->key);
	pi->key = k;
}

/* Finish a built segment: TCP header of hlen bytes (its fields set, options written), flags,
 * no payload; the IP length, TTL (ttl 0 keeps it) and both checksums; the Ethernet padding.
 * Returns the frame's length. */
static uint32_t
sp_finish(uint8_t *frame, struct pkt_info *pi, uint32_t hlen, uint8_t flags, uint8_t ttl)
{
	uint8_t *ip = frame + pi->l3_off, *tcp = frame + pi->l4_off;
	uint32_t ip_hlen = pi->key.af == HVLB_AF_INET ? 20 : 40;
	uint32_t end = pi->l4_off + hlen, sum;

	tcp[12] = (uint8_t)(hlen / 4) << 4;
	tcp[13] = flags;
	memset(tcp + 16, 0, 4); /* checksum, urgent pointer */
	if (pi->key.af == HVLB_AF_INET) {
		sp_put16(ip + 2, (uint16_t)(ip_hlen + hlen));
		if (ttl != 0)
			ip[8] = ttl;
		memset(ip + 10, 0, 2);
		memcpy(ip + 10, &(uint16_t){csum_ipv4_hdr(ip, ip_hlen)}, 2);
		sum = csum_pseudo4(pi->key.src.w[0], pi->key.dst.w[0], HVLB_PROTO_TCP,
				   (uint16_t)hlen);
	} else {
		sp_put16(ip + 4, (uint16_t)hlen);
		if (ttl != 0)
			ip[7] = ttl;
		sum = csum_pseudo6(pi->key.src.b, pi->key.dst.b, HVLB_PROTO_TCP, hlen);
	}
	memcpy(tcp + 16, &(uint16_t){csum_fold(csum_partial(tcp, hlen, sum))}, 2);
	pi->l3_len = (uint16_t)(ip_hlen + hlen);
	pi->l4_len = (uint16_t)hlen;
	pi->tcp_flags = flags;
	if (ttl != 0)
		pi->ttl = ttl;
	if (end < SP_ETH_MIN) {
		memset(frame + end, 0, SP_ETH_MIN - end);
		end = SP_ETH_MIN;
	}
	return end;
}

/* A segment the proxy builds from a received one goes without the IPv6 extension headers
 * that one came with (options meant for one direction and one path; a spent routing header's
 * addresses), its TCP header right after the IPv6 header: the fixed 20 bytes, all a builder
 * reads, moved there. synproxy_frame_len counts on it. */
static void
sp_plain(uint8_t *frame, struct pkt_info *pi)
{
	uint8_t *ip = frame + pi->l3_off;
	uint16_t l4 = (uint16_t)(pi->l3_off + 40);

	if (pi->key.af == HVLB_AF_INET || pi->l4_off == l4)
		return;
	memmove(frame + l4, frame + pi->l4_off, SP_TCP_HLEN);
	ip[6] = HVLB_PROTO_TCP;
	pi->l4_len = SP_TCP_HLEN;
	pi->l4_off = l4;
}

static void
sp_put_mss(uint8_t *tcp, uint16_t mss)
{
	tcp[SP_TCP_HLEN] = SP_OPT_MSS;
	tcp[SP_TCP_HLEN + 1] = SP_OPT_MSS_LEN;
	sp_put16(tcp + SP_TCP_HLEN + 2, mss);
}

uint32_t
synproxy_make_synack(uint8_t *frame, struct pkt_info *pi, uint32_t cookie, uint16_t mss)
{
	uint8_t *tcp;
	uint32_t isn;

	sp_plain(frame, pi);
	tcp = frame + pi->l4_off;
	isn = sp_get32(tcp + 4);
	sp_reverse(frame, pi);
	sp_put32(tcp + 4, cookie);
	sp_put32(tcp + 8, isn + 1);
	sp_put16(tcp + 14, mss);
	sp_put_mss(tcp, mss);
	return sp_finish(frame, pi, SP_TCP_HLEN + SP_OPT_MSS_LEN, HVLB_TCP_SYN | HVLB_TCP_ACK,
			 SP_TTL);
}

uint32_t
synproxy_make_syn(uint8_t *frame, struct pkt_info *pi, uint16_t mss)
{
	uint8_t *tcp;

	sp_plain(frame, pi);
	tcp = frame + pi->l4_off;
	sp_put32(tcp + 4, sp_get32(tcp + 4) - 1);
	sp_put32(tcp + 8, 0);
	sp_put_mss(tcp, mss);
	return sp_finish(frame, pi, SP_TCP_HLEN + SP_OPT_MSS_LEN, HVLB_TCP_SYN, 0);
}

uint32_t
synproxy_make_ack(uint8_t *frame, struct pkt_info *pi, uint16_t win)
{
	uint8_t *tcp;
	uint32_t seq, ack;

	sp_plain(frame, pi);
	tcp = frame + pi->l4_off;
	seq = sp_get32(tcp + 4);
	ack = sp_get32(tcp + 8);
	sp_reverse(frame, pi);
	sp_put32(tcp + 4, ack);
	sp_put32(tcp + 8, seq + 1);
	sp_put16(tcp + 14, win);
	return sp_finish(frame, pi, SP_TCP_HLEN, HVLB_TCP_ACK, SP_TTL);
}

/* ---- translation ---- */

/* Add d to the 32-bit field at p (offset off in the segment), returning the checksum delta.
 * A field at an odd offset (options need not be aligned) straddles three 16-bit words: the
 * delta covers the aligned span around it. */
static uint32_t
sp_add32(uint8_t *tcp, uint32_t off, uint32_t d)
{
	uint32_t a = off & ~1u, b = (off + 4 + 1) & ~1u, delta = 0;
	uint8_t old[6];

	memcpy(old, tcp + a, b - a);
	sp_put32(tcp + off, sp_get32(tcp + off) + d);
	for (uint32_t i = 0; i < b - a; i += 2) {
		uint16_t o, n;

		memcpy(&o, old + i, 2);
		memcpy(&n, tcp + a + i, 2);
		delta += csum_delta16(o, n);
	}
	return delta;
}

struct sp_sack {
	uint8_t *tcp;
	uint32_t d;
	uint32_t csum_delta;
};

static int
sp_sack_shift(void *arg, uint8_t kind, uint8_t *opt, uint32_t len)
{
	struct sp_sack *s = arg;

	if (kind != SP_OPT_SACK)
		return 0;
	for (uint32_t i = 2; i + 4 <= len; i += 4)
		s->csum_delta += sp_add32(s->tcp, (uint32_t)(opt + i - s->tcp), s->d);
	return 0;
}

static inline void
sp_adjust_csum(uint8_t *tcp, uint32_t delta)
{
	uint16_t c;

	memcpy(&c, tcp + 16, 2);
	c = csum_adjust(c, delta);
	memcpy(tcp + 16, &c, 2);
}

void
synproxy_to_nf(uint8_t *frame, const struct pkt_info *pi, uint32_t delta)
{
	uint8_t *tcp = frame + pi->l4_off;
	struct sp_sack s = {.tcp = tcp, .d = delta};
	uint32_t hlen = sp_tcp_hlen(tcp, pi);

	if (pi->tcp_flags & HVLB_TCP_ACK)
		s.csum_delta = sp_add32(tcp, 8, delta);
	if (hlen > SP_TCP_HLEN)
		sp_options(tcp, hlen, sp_sack_shift, &s);
	sp_adjust_csum(tcp, s.csum_delta);
}

void
synproxy_to_client(uint8_t *frame, const struct pkt_info *pi, uint32_t delta)
{
	uint8_t *tcp = frame + pi->l4_off;

	sp_adjust_csum(tcp, sp_add32(tcp, 4, (uint32_t)-delta));
}

void
synproxy_set_seq(uint8_t *frame, const struct pkt_info *pi, uint32_t seq)
{
	uint8_t *tcp = frame + pi->l4_off;

	sp_adjust_csum(tcp, sp_add32(tcp, 4, seq - sp_get32(tcp + 4)));
}
