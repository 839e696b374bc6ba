/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A connection's insert (conn_insert_to), in line: conn.c's conn_insert, conn_insert_absent and
 * conn_insert_fullnat are it, and the worker's new connection (worker_fwd_new.h) takes it in
 * line too, so that its eight arguments go in no call and the registers are not saved twice
 * (callgrind, a new UDP flow 758.1 -> 746.1 instructions, a new TCP flow 903.1 -> 891.1). The
 * index's layout is conn_table.h's; what the insert leaves out of line (a full primary
 * bucket, an undo) is conn.c's.
 */
#ifndef HVLB_CORE_CONN_INSERT_H
#define HVLB_CORE_CONN_INSERT_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "conn.h"
#include "conn_table.h"
#include "hash.h"
#include "sip.h"

/* FullNAT's local addresses (conn_set_local), what fn_laddr indexes: the forwarder's one
 * pool, shared by every table and by readers of copies of its connections. conn.c's. */
extern const union hvlb_addr *conn_local;

/* conn_bucket_add's answer when the primary bucket is full (conn.c, out of line). */
int conn_bucket_add_full(struct conn_table *t, uint32_t hash, uint32_t v);

/* Takes (hash, v) out of the index (conn.c). */
void conn_bucket_del(struct conn_table *t, uint32_t hash, uint32_t v);

static inline int
conn_free_slot(const struct conn_bucket *b)
{
	unsigned m = conn_match8(b->val, 0);

	return m != 0 ? __builtin_ctz(m) : -1;
}

/* The pad of a new connection's REPLY key: orig's VXLAN tenant (0 outside the overlay), as
 * replies stay in it; 0 for a sip_call_id connection, whose pad names its real (core/sip.h)
 * and which its NF's replies do not carry. */
static inline uint16_t
conn_reply_pad(const struct flow_key *orig)
{
	return hvlb_unlikely(orig->pad & SIP_PAD_TAG) ? 0 : orig->pad;
}

static inline void
conn_reply_key(struct flow_key *k, const struct flow_key *orig, const union hvlb_addr *rs_addr,
	       uint16_t rs_port)
{
	k->src = *rs_addr;
	k->dst = orig->src;
	k->sport = rs_port != 0 ? rs_port : orig->dport;
	k->dport = orig->sport;
	k->proto = orig->proto;
	k->af = orig->af;
	k->pad = conn_reply_pad(orig);
}

/* Places (hash, v) in the index. Returns 0, or -1 if neither bucket can make room. The
 * primary bucket first, always in line (GCC otherwise called it from the burst loop): at a
 * load of at most 50 % it nearly always has room, and the secondary's index costs a
 * multiply. */
static inline __attribute__((always_inline)) int
conn_bucket_add(struct conn_table *t, uint32_t hash, uint32_t v)
{
	struct conn_bucket *b = &t->buckets[conn_bucket_prim(t, hash)];
	int j = conn_free_slot(b);

	if (hvlb_likely(j >= 0)) {
		b->sig[j] = hash;
		b->val[j] = v;
		return 0;
	}
	return conn_bucket_add_full(t, hash, v);
}

/* Whether k is in the table. A new key nearly always has no signature hit in either bucket:
 * that answer is made here, in line; only a hit asks conn_lookup to compare keys. */
static inline bool
conn_key_taken(struct conn_table *t, const struct flow_key *k, uint32_t hash)
{
	const struct conn_bucket *b1 = &t->buckets[conn_bucket_prim(t, hash)], *b2;
	enum conn_dir dir;

	if (conn_match8(b1->sig, hash) == 0) {
		if (!conn_may_spill(t, hash))
			return false;
		b2 = &t->buckets[conn_bucket_sec(t, hash)];
		if (b2 == b1 || conn_match8(b2->sig, hash) == 0)
			return false;
	}
	return conn_lookup(t, k, hash, &dir) != NULL;
}

/* The hash of NAT's IPv4 REPLY key (conn_key4_hash's, as conn_reply_eq_nat sees the key) from
 * the ORIG key, the real's address and the REPLY key's tail (conn_reply_tail); valid where
 * keys hash by their own hash (conn_hash_tz NULL). */
static inline uint32_t
conn_reply4_hash(const struct flow_key *orig, const union hvlb_addr *rs_addr, uint64_t tail)
{
	return hash_16b(rs_addr->w[0], orig->src.w[0], tail);
}

/* Prefetch the primary bucket a new NAT connection's IPv4 REPLY key will go to (orig a key
 * parse_fast4 made, pad 0, to an IPv4 real): the insert reads it to check the key is not
 * taken, then writes it, and at a table out of cache it is a line of memory the insert would
 * otherwise wait for. */
static inline void
conn_prefetch_reply4(const struct conn_table *t, const struct flow_key *orig,
		     const union hvlb_addr *rs_addr, uint16_t rs_port)
{
	if (conn_hash_tz != NULL)
		return;
	uint32_t h = conn_reply4_hash(orig, rs_addr,
				      conn_reply_tail(&orig->sport,
						      rs_port != 0 ? rs_port : orig->dport, 0));

	__builtin_prefetch(&t->buckets[conn_bucket_prim(t, h)], 1);
}

/* Where a new connection's REPLY key goes: the client (NAT), a local endpoint (FullNAT), or
 * nowhere (DR: no REPLY key). */
struct conn_reply_to {
	int with_reply;
	int orig_absent; /* the caller knows orig is no key in the table (conn_insert_absent) */
	int local;
	int fast4; /* orig is a key parse_fast4 made (IPv4, pad 0) to an IPv4 real: fast_open's */
	uint8_t laddr;
	uint16_t lport;
};

/* memset of the whole entry compiles to `rep stosq`, slow to start; one cache line at a time
 * compiles to eight plain 16-byte stores. */
static inline void
conn_zero(struct conn *c)
{
#ifdef HVLB_TEST_LAYOUT_CHANGE
	memset(c, 0, sizeof(*c)); /* the test build's entry is longer (conn.h) */
#else
	_Static_assert(sizeof(*c) == 2 * HVLB_CACHE_LINE, "a connection is two cache lines");
	memset(c, 0, HVLB_CACHE_LINE);
	memset((char *)c + HVLB_CACHE_LINE, 0, HVLB_CACHE_LINE);
#endif
}

/* Both keys are checked before anything is placed: a reply tuple already in use (two VIPs
 * sending the same client port to the same NF) could not be told apart, so it fails the
 * insert, and so does an ORIG key that is already there. In line in each caller, so that
 * what rt says is known there. */
static inline __attribute__((always_inline)) struct conn *
conn_insert_to(struct conn_table *t, const struct flow_key *orig, uint32_t hash,
	       const union hvlb_addr *rs_addr, uint16_t rs_port, const struct conn_reply_to *rt,
	       uint8_t to_set, uint64_t now)
{
	struct flow_key rk;
	uint32_t idx = t->free_head, rhash = 0;
	struct conn *c;

	if (hvlb_unlikely(idx == CONN_NONE))
		return NULL;
	if (!rt->orig_absent && conn_key_taken(t, orig, hash))
		return NULL;
	if (rt->with_reply && !rt->local && (rt->fast4 || orig->af == HVLB_AF_INET) &&
	    conn_hash_tz == NULL) {
		/* NAT's IPv4 REPLY key, as conn_key4_hash and conn_key_eq see it (its address
		 * and tail words), hashed and checked without building it: the key is built only
		 * when the table may hold it (a signature hit, or a spill). */
		uint64_t tail = conn_reply_tail(&orig->sport, rs_port != 0 ? rs_port : orig->dport,
						rt->fast4 ? 0 : conn_reply_pad(orig));

		rhash = conn_reply4_hash(orig, rs_addr, tail);
		if ((rs_addr->w[0] ^ orig->src.w[0]) == 0 && (orig->src.w[0] ^ orig->dst.w[0]) == 0 &&
		    tail == flow_key_tail(orig))
			return NULL;
		if (conn_match8(t->buckets[conn_bucket_prim(t, rhash)].sig, rhash) != 0 ||
		    conn_may_spill(t, rhash)) {
			enum conn_dir dir;

			conn_reply_key(&rk, orig, rs_addr, rs_port);
			if (conn_lookup(t, &rk, rhash, &dir) != NULL)
				return NULL;
		}
	} else if (rt->with_reply) {
		conn_reply_key(&rk, orig, rs_addr, rs_port);
		if (rt->local) {
			rk.dst = conn_local[rt->laddr];
			rk.dport = rt->lport;
		}
		rhash = conn_key_hash(&rk);
		if (conn_key_eq(&rk, orig) || conn_key_taken(t, &rk, rhash))
			return NULL;
	}
	if (conn_bucket_add(t, hash, idx + 1) != 0)
		return NULL;
	if (rt->with_reply && conn_bucket_add(t, rhash, (idx + 1) | CONN_V_REPLY) != 0) {
		conn_bucket_del(t, hash, idx + 1);
		return NULL;
	}

	/* A new connection's state: embryonic for TCP and SCTP (conn_proto_stateful), by one
	 * table load where two compares took 8 instructions. */
	static const uint8_t open_state[256] = {
		[0 ... HVLB_PROTO_TCP - 1] = CONN_S_UDP,
		[HVLB_PROTO_TCP] = CONN_S_SYN_SENT,
		[HVLB_PROTO_TCP + 1 ... HVLB_PROTO_SCTP - 1] = CONN_S_UDP,
		[HVLB_PROTO_SCTP] = CONN_S_SYN_SENT,
		[HVLB_PROTO_SCTP + 1 ... 255] = CONN_S_UDP,
	};
	const uint8_t st = open_state[orig->proto];

	c = &t->conns[idx];
	t->free_head = c->hash[0];
	t->count++;
	conn_zero(c);
	/* The key, in its hot and cold parts (conn_orig_key reads it back): an IPv4 key's
	 * addresses have nothing past their first 4 bytes, left as conn_zero cleared them. */
	c->orig.src4 = orig->src.w[0];
	c->orig.dst4 = orig->dst.w[0];
	memcpy(&c->orig.sport, &orig->sport, 8);
	if (!rt->fast4 && hvlb_unlikely(orig->af != HVLB_AF_INET)) {
		memcpy(c->src6, &orig->src.w[1], sizeof(c->src6));
		memcpy(c->dst6, &orig->dst.w[1], sizeof(c->dst6));
	}
	if (rt->fast4)
		c->rs4 = rs_addr->w[0]; /* the rest as conn_zero left it */
	else
		conn_set_rs_addr(c, rs_addr);
	c->rs_port = rs_port;
	c->state = st;
	c->in_use = 1;
	c->reserved = rt->with_reply ? CONN_F_REPLY_KEY : 0;
	if (!rt->fast4 && hvlb_unlikely(orig->pad & SIP_PAD_TAG))
		c->reserved |= CONN_F_SIP;
	if (rt->local) {
		c->reserved |= CONN_F_LOCAL;
		c->fn_laddr = rt->laddr;
		c->fn_lport = rt->lport;
	}
	c->to_set = to_set;
	c->created = now;
	c->deadline = conn_table_tnow(t, now) + t->timeout[to_set][st];
	c->hash[CONN_DIR_ORIG] = hash;
	c->hash[CONN_DIR_REPLY] = rhash;
	if (st == CONN_S_SYN_SENT)
		conn_emb_push(t, c);
	return c;
}

#endif
