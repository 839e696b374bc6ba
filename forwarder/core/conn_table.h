/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The layout of a connection table (conn.c's header comment), for conn.c and for the lookup
 * the worker's burst path makes in line (conn_fast.h), and for conn_state.c. Nothing else reads
 * it: every other user goes through conn.h.
 */
#ifndef HVLB_CORE_CONN_TABLE_H
#define HVLB_CORE_CONN_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "conn.h"

#define CONN_BUCKET_SLOTS 8
#define CONN_V_REPLY 0x80000000u /* value bit: the slot holds the REPLY key */
#define CONN_V_IDX 0x7fffffffu
#define CONN_NONE UINT32_MAX /* the end of the free list (conn_table.c, conn.c) */
/* Values hold index + 1 below the direction bit, and 2^30 connections are 128 GiB anyway. */
#define CONN_MAX_CONNS (1u << 30)

/* Flags in conn->reserved, the table's own. */
#define CONN_F_FIN_ORIG CONN_FIN_ORIG   /* client sent FIN */
#define CONN_F_FIN_REPLY CONN_FIN_REPLY /* NF sent FIN */
#define CONN_F_ORIG_ACKED 0x4 /* the client ACKed a SYN-ACK this forwarder never saw: ECMP
				 took the NF's side to a peer (conn_sync_state) */
#define CONN_F_REPLY_KEY 0x8  /* the REPLY key is in the index (NAT) */
#define CONN_F_LOCAL 0x10     /* its REPLY key goes to a local address (FullNAT) */
#define CONN_F_SIP 0x20       /* its ORIG key's pad names its real, its REPLY key's is 0
				 (core/sip.h) */
#define CONN_F_KFP 0x40       /* a worker handed a direction of it to the in-kernel fast path
				 (src/worker_kfp.h): a hint that its FIN or RST must take
				 entries back; set by the worker, cleared with the others */
/* A REPLY key conn_reply_eq_nat does not compare: one test for both, so NAT's lookups pay
 * nothing for either. */
#define CONN_F_REPLY_ODD (CONN_F_LOCAL | CONN_F_SIP)

struct conn_bucket {
	uint32_t sig[CONN_BUCKET_SLOTS];
	uint32_t val[CONN_BUCKET_SLOTS];
} __attribute__((aligned(HVLB_CACHE_LINE)));

_Static_assert(sizeof(struct conn_bucket) == HVLB_CACHE_LINE, "a bucket is one cache line");

/* The embryonic ring: the index of every TCP connection that became embryonic (opened or
 * reopened by a SYN), oldest first, one slot per connection of the table (conn_emb_push).
 * conn_evict_embryonic takes from its old end, skipping entries whose connection has since
 * completed its handshake or gone (each is skipped once: amortised O(1)); a full ring forgets
 * its oldest entry, whose connection, if still embryonic, then only leaves by expiry. */
struct conn_table {
	struct conn *conns;
	struct conn_bucket *buckets;
	uint32_t *emb_ring;
	uint32_t conn_mask;   /* capacity - 1 */
	uint32_t bucket_mask; /* number of buckets - 1 */
	uint32_t count;
	uint32_t free_head;   /* first free connection, linked through hash[0] */
	uint32_t expire_hand; /* where the next conn_expire starts */
	uint32_t emb_head;    /* embryonic ring: entries written, and taken (free running) */
	uint32_t emb_tail;
	uint64_t hz;
	uint32_t tick_shift;  /* table ticks are the caller's >> tick_shift (conn_tnow) */
	/* Table ticks, per timeout set and state: a row of 9 (x * 9 is one lea), read once a
	 * packet. */
	uint32_t timeout[CONN_TO_SETS][CONN_S_MAX];
	/* Per bucket b, how many keys whose primary bucket is b sit in their secondary one
	 * (255: that many or more, for good). A key is looked for in its secondary bucket only
	 * when its primary's count is not 0: at a load of at most 50 % nearly every count is, so
	 * a new key's miss (its lookup, and its REPLY key's check at insert) costs one byte read
	 * instead of the secondary bucket's index and line. NULL in a table attached from a
	 * build without counts (read by conn_walk only). Last, in what was the header's
	 * padding: a saved table's header is read in place (conn_table_attach), so no field
	 * above may move, nor the header grow. */
	uint8_t *spilled;
} __attribute__((aligned(HVLB_CACHE_LINE)));

_Static_assert(sizeof(struct conn_table) ==
		       (offsetof(struct conn_table, spilled) + HVLB_CACHE_LINE - 1) /
			       HVLB_CACHE_LINE * HVLB_CACHE_LINE,
	       "the spill counts' pointer fits in the header's padding: its size unchanged");

/* conn_tnow in line, for conn.c and conn_state.c's own deadlines. */
static inline uint32_t
conn_table_tnow(const struct conn_table *t, uint64_t now)
{
	return (uint32_t)(now >> t->tick_shift);
}

static inline uint32_t
conn_bucket_prim(const struct conn_table *t, uint32_t h)
{
	return h & t->bucket_mask;
}

/* The alternative bucket mixes the high bits of the hash in, so keys that share a primary
 * bucket spread over different secondaries; forcing the mix odd keeps the two apart. */
static inline uint32_t
conn_bucket_sec(const struct conn_table *t, uint32_t h)
{
	uint32_t x = ((h >> 16) | (h << 16)) * 0x85ebca6bu;

	x ^= x >> 15;
	return (h ^ (x | 1)) & t->bucket_mask;
}

/* Whether a key of hash h may sit in its secondary bucket (struct conn_table, spilled). */
static inline bool
conn_may_spill(const struct conn_table *t, uint32_t h)
{
	return t->spilled[conn_bucket_prim(t, h)] != 0;
}

/* Bit i set where a[i] == x, for the 8 words of a bucket half. Always in line: a few
 * vector instructions, which the compiler otherwise called out of line from the burst loop
 * once fast_open grew it (a call per new connection's probes). */
static inline __attribute__((always_inline)) unsigned
conn_match8(const uint32_t *a, uint32_t x)
{
#ifdef __SSE2__
	__m128i k = _mm_set1_epi32((int)x);
	__m128i lo = _mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)a), k);
	__m128i hi = _mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)(a + 4)), k);

	return (unsigned)_mm_movemask_ps(_mm_castsi128_ps(lo)) |
	       (unsigned)_mm_movemask_ps(_mm_castsi128_ps(hi)) << 4;
#else
	unsigned m = 0, i;

	for (i = 0; i < CONN_BUCKET_SLOTS; i++)
		m |= (unsigned)(a[i] == x) << i;
	return m;
#endif
}

/* The tail (flow_key_tail) of a REPLY key, from the ORIG key's tail (its 8 bytes at o: a
 * conn_key's or a flow_key's, from sport), the NF's port nf_port and the REPLY key's pad: the
 * NF's port, the client's, then the ORIG key's protocol and family, then pad. Built in a
 * word, where a flow_key's initializer writes all 40 bytes. */
static inline uint64_t
conn_reply_tail(const void *o, uint16_t nf_port, uint16_t pad)
{
	uint8_t b[8];
	uint64_t v;

	memcpy(b, &nf_port, 2);
	memcpy(b + 2, o, 2);                     /* the client's port */
	memcpy(b + 4, (const uint8_t *)o + 4, 2); /* protocol and family */
	memcpy(b + 6, &pad, 2);
	memcpy(&v, b, sizeof(v));
	return v;
}

/* Compares key with a NAT connection's reply tuple (c has no CONN_F_LOCAL) without building
 * it. An IPv4 key by its 16 bytes in c's hot line, as conn_key_eq (a NAT connection's NF is
 * of its client's family: only tunnels cross, and they have no reply key): the reply's tail
 * is the NF's port, the client's, then the client's own protocol, family and pad. An IPv6
 * key's addresses end in the cold line. */
static inline bool
conn_reply_eq_nat_af(const struct conn *c, const struct flow_key *key, bool known_v4)
{
	if (((key->src.w[0] ^ c->rs4) | (key->dst.w[0] ^ c->orig.src4)) != 0 ||
	    flow_key_tail(key) !=
		    conn_reply_tail(&c->orig.sport, conn_nf_port(c), c->orig.pad))
		return false;
	return known_v4 || key->af == HVLB_AF_INET ||
	       (memcmp(&key->src.w[1], c->rs6, sizeof(c->rs6)) == 0 &&
		memcmp(&key->dst.w[1], c->src6, sizeof(c->src6)) == 0);
}

/* conn_reply_eq_nat_af of a key not known to be IPv4. */
static inline bool
conn_reply_eq_nat(const struct conn *c, const struct flow_key *key)
{
	return conn_reply_eq_nat_af(c, key, false);
}

/* conn_lookup of a key with no signature hit in its primary bucket, whose primary bucket's
 * spill count the caller found not 0 (conn_may_spill): conn_fast.h's, out of line. */
struct conn *conn_lookup_secondary(struct conn_table *t, const struct flow_key *key,
				   uint32_t hash, enum conn_dir *dir);

/* c just became embryonic: remember it, forgetting the oldest entry when the ring is full. */
static inline void
conn_emb_push(struct conn_table *t, const struct conn *c)
{
	t->emb_ring[t->emb_head++ & t->conn_mask] = (uint32_t)(c - t->conns);
	if (t->emb_head - t->emb_tail > t->conn_mask + 1)
		t->emb_tail = t->emb_head - (t->conn_mask + 1);
}

#endif
