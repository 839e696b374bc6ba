/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Basic types shared by every core module. Addresses and ports stay in network byte order
 * everywhere on the fast path, so no module swaps bytes except where it does arithmetic.
 */
#ifndef HVLB_CORE_TYPES_H
#define HVLB_CORE_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define HVLB_AF_INET 4
#define HVLB_AF_INET6 6

#define HVLB_PROTO_ICMP 1
#define HVLB_PROTO_TCP 6
#define HVLB_PROTO_UDP 17
#define HVLB_PROTO_ICMPV6 58
#define HVLB_PROTO_SCTP 132

#define HVLB_ETHER_ADDR_LEN 6

#ifndef HVLB_CACHE_LINE
#define HVLB_CACHE_LINE 64
#endif

#define hvlb_likely(x) __builtin_expect(!!(x), 1)
#define hvlb_unlikely(x) __builtin_expect(!!(x), 0)

/* An IPv4 or IPv6 address. IPv4 lives in w[0] (network order) and the rest is zero, so two
 * addresses of the same family compare with one memcmp or two 64-bit compares. */
union hvlb_addr {
	uint8_t b[16];
	uint32_t w[4];
	uint64_t q[2];
};

/* A 5-tuple as seen on the wire (src -> dst). 40 bytes, padding zeroed, so it can be hashed
 * and compared as raw memory. */
struct flow_key {
	union hvlb_addr src;
	union hvlb_addr dst;
	uint16_t sport; /* network order; ICMP echo: identifier; otherwise 0 */
	uint16_t dport; /* network order */
	uint8_t proto;
	uint8_t af;
	uint16_t pad;
};

_Static_assert(sizeof(struct flow_key) == 40 && offsetof(struct flow_key, sport) == 32,
	       "a key's tail (flow_key_tail) is its last 8 bytes");

static inline bool
hvlb_addr_eq(const union hvlb_addr *a, const union hvlb_addr *b)
{
	return a->q[0] == b->q[0] && a->q[1] == b->q[1];
}

static inline void
hvlb_addr_set4(union hvlb_addr *a, uint32_t ip_be)
{
	a->q[0] = 0;
	a->q[1] = 0;
	a->w[0] = ip_be;
}

static inline bool
flow_key_eq(const struct flow_key *a, const struct flow_key *b)
{
	return memcmp(a, b, sizeof(*a)) == 0;
}

/* A key's 8 bytes from sport to pad, as memory holds them. */
static inline uint64_t
flow_key_tail(const struct flow_key *k)
{
	uint64_t v;

	memcpy(&v, &k->sport, sizeof(v));
	return v;
}

/* The same connection seen from the other side: src and dst swapped. */
static inline void
flow_key_reverse(struct flow_key *out, const struct flow_key *in)
{
	out->src = in->dst;
	out->dst = in->src;
	out->sport = in->dport;
	out->dport = in->sport;
	out->proto = in->proto;
	out->af = in->af;
	out->pad = 0;
}

#endif
