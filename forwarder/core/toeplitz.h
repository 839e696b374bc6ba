/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The Toeplitz hash NICs compute for RSS (Microsoft's RSS specification), in software: the
 * connection table's hash where the ports supply it (conn.h conn_set_hash), so that a packet
 * whose NIC hashed it (mbuf hash.rss) is looked up without hashing its key again, and every
 * key the forwarder hashes itself (a reply tuple it inserts, a packet from a port without the
 * hash) gets the same value the NIC would give it.
 *
 * The input is what NICs hash for TCP and UDP: source address, destination address, source
 * port, destination port, in network order (12 bytes for IPv4, 36 for IPv6). One table of
 * 256 words per input byte (toeplitz_init) turns each byte into one load and one XOR.
 */
#ifndef HVLB_CORE_TOEPLITZ_H
#define HVLB_CORE_TOEPLITZ_H

#include <stdint.h>

#include "types.h"

#define TOEPLITZ_KEY_LEN 40 /* enough for 36 bytes of input: 36 * 8 + 32 bits */
#define TOEPLITZ_IN_MAX 36

/* The key every hvlb forwarder programs its ports with (toeplitz_key): the one in Microsoft's
 * specification, which its verification examples use. */
extern const uint8_t toeplitz_key[TOEPLITZ_KEY_LEN];

struct toeplitz {
	uint32_t t[TOEPLITZ_IN_MAX][256]; /* t[i][v]: the hash of byte v at offset i */
};

/* Build the tables for key. */
void toeplitz_init(struct toeplitz *tz, const uint8_t key[TOEPLITZ_KEY_LEN]);

/* The hash of n (at most TOEPLITZ_IN_MAX) bytes at in. */
static inline uint32_t
toeplitz_bytes(const struct toeplitz *tz, const uint8_t *in, unsigned n)
{
	uint32_t h = 0;

	for (unsigned i = 0; i < n; i++)
		h ^= tz->t[i][in[i]];
	return h;
}

/* The hash of a key as a NIC gives it for the packet the key was read from (TCP or UDP,
 * IPv4 or IPv6). Any other key (ICMP's identifier as a port) is hashed the same way: no NIC
 * hash is ever used for one, so only consistency matters. A tenant's key (VXLAN, pad) has its
 * tenant mixed in: overlays often reuse one private range, and their tuples would otherwise
 * share buckets. */
static inline uint32_t
toeplitz_flow_hash(const struct toeplitz *tz, const struct flow_key *k)
{
	uint32_t h = 0;

	if (k->af == HVLB_AF_INET) {
		const uint8_t *s = k->src.b, *d = k->dst.b;
		const uint8_t *sp = (const uint8_t *)&k->sport, *dp = (const uint8_t *)&k->dport;

		h = tz->t[0][s[0]] ^ tz->t[1][s[1]] ^ tz->t[2][s[2]] ^ tz->t[3][s[3]] ^
		    tz->t[4][d[0]] ^ tz->t[5][d[1]] ^ tz->t[6][d[2]] ^ tz->t[7][d[3]] ^
		    tz->t[8][sp[0]] ^ tz->t[9][sp[1]] ^ tz->t[10][dp[0]] ^ tz->t[11][dp[1]];
	} else {
		uint8_t in[TOEPLITZ_IN_MAX];

		__builtin_memcpy(in, k->src.b, 16);
		__builtin_memcpy(in + 16, k->dst.b, 16);
		__builtin_memcpy(in + 32, &k->sport, 2);
		__builtin_memcpy(in + 34, &k->dport, 2);
		h = toeplitz_bytes(tz, in, TOEPLITZ_IN_MAX);
	}
	if (hvlb_unlikely(k->pad != 0))
		h ^= (uint32_t)k->pad * 0x9e3779b1u;
	return h;
}

#endif
