/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The per-worker connection table (conn.h): its index, insert, delete, expiry and listing. Its
 * memory's layout, init and clock are conn_table.c's; a connection's state machine is
 * conn_state.c's.
 *
 * A bucket of the index is one cache line holding 8 slots, stored as 8 signatures followed by
 * 8 values so that one signature compare covers the whole bucket with two SSE compares. The
 * signature is the key's full 32-bit hash: it gives both candidate buckets of a stored key,
 * which is what bounded displacement needs. A value is (connection index + 1) with the top
 * bit set for the REPLY key; 0 marks a free slot, so a zeroed bucket is empty.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "conn.h"
#include "conn_insert.h"
#include "conn_table.h"
#include "hash.h"
#include "parse.h"
#include "sip.h"

/* Lookups in a burst are pipelined in groups of this many (bounded stack use). */
#define CONN_BURST_GROUP 32

/* ---- the hash index ---- */

const union hvlb_addr *conn_local; /* conn_insert.h */

/* The REPLY key's destination: the client, or a FullNAT connection's local endpoint. */
static inline union hvlb_addr
conn_reply_dst(const struct conn *c, uint16_t *dport)
{
	if (hvlb_unlikely(c->reserved & CONN_F_LOCAL)) {
		*dport = c->fn_lport;
		return conn_local[c->fn_laddr];
	}
	*dport = c->orig.sport;
	return conn_orig_src(c);
}

/* conn_reply_eq for a FullNAT connection (CONN_F_LOCAL): its REPLY key goes to a local
 * address; or a sip_call_id one's (CONN_F_SIP): its REPLY key's pad is 0. Out of line, so
 * that NAT's lookups keep their code as it was. */
static __attribute__((noinline)) bool
conn_reply_eq_odd(const struct conn *c, const struct flow_key *key)
{
	union hvlb_addr rs = conn_rs_addr(c), src = conn_orig_src(c);

	if (!(c->reserved & CONN_F_LOCAL))
		return key->sport == conn_nf_port(c) && key->dport == c->orig.sport &&
		       key->proto == c->orig.proto && key->af == c->orig.af && key->pad == 0 &&
		       hvlb_addr_eq(&key->src, &rs) && hvlb_addr_eq(&key->dst, &src);
	return key->sport == conn_nf_port(c) && key->dport == c->fn_lport &&
	       key->proto == c->orig.proto && key->af == c->orig.af && key->pad == 0 &&
	       hvlb_addr_eq(&key->src, &rs) && hvlb_addr_eq(&key->dst, &conn_local[c->fn_laddr]);
}

/* Compares key with c's reply tuple without building it. */
static inline bool
conn_reply_eq(const struct conn *c, const struct flow_key *key)
{
	if (hvlb_unlikely(c->reserved & CONN_F_REPLY_ODD))
		return conn_reply_eq_odd(c, key);
	return conn_reply_eq_nat(c, key);
}

/* Of the slots in m (signature hits in b), the one whose full key is key. */
static inline struct conn *
conn_resolve(struct conn_table *t, const struct conn_bucket *b, unsigned m,
	     const struct flow_key *key, enum conn_dir *dir)
{
	while (m != 0) {
		uint32_t v = b->val[__builtin_ctz(m)];
		struct conn *c;

		m &= m - 1;
		/* A zero hash also matches the empty slots' signatures. */
		if (hvlb_unlikely(v == 0))
			continue;
		c = &t->conns[(v & CONN_V_IDX) - 1];
		if (v & CONN_V_REPLY) {
			if (conn_reply_eq(c, key)) {
				*dir = CONN_DIR_REPLY;
				return c;
			}
		} else if (conn_orig_eq(c, key)) {
			*dir = CONN_DIR_ORIG;
			return c;
		}
	}
	return NULL;
}

struct conn *
conn_lookup(struct conn_table *t, const struct flow_key *key, uint32_t hash, enum conn_dir *dir)
{
	const struct conn_bucket *b1 = &t->buckets[conn_bucket_prim(t, hash)], *b2;
	struct conn *c;

	c = conn_resolve(t, b1, conn_match8(b1->sig, hash), key, dir);
	if (c != NULL || !conn_may_spill(t, hash))
		return c;
	b2 = &t->buckets[conn_bucket_sec(t, hash)];
	if (b2 == b1)
		return NULL;
	return conn_resolve(t, b2, conn_match8(b2->sig, hash), key, dir);
}

struct conn *
conn_lookup_secondary(struct conn_table *t, const struct flow_key *key, uint32_t hash,
		      enum conn_dir *dir)
{
	const struct conn_bucket *b2 = &t->buckets[conn_bucket_sec(t, hash)];

	if (b2 == &t->buckets[conn_bucket_prim(t, hash)])
		return NULL;
	return conn_resolve(t, b2, conn_match8(b2->sig, hash), key, dir);
}

/* Three passes per group so the memory of every key is in flight together: the primary
 * buckets, then the connection of each key's first signature hit (or, with no hit, the
 * secondary bucket), then the key compares. Most keys live in their primary bucket, so the
 * secondary is only looked at when the primary has no match. */
static void
conn_lookup_group(struct conn_table *t, const struct flow_key *const *keys,
		  const uint32_t *hashes, unsigned n, struct conn **conns, uint8_t *dirs)
{
	const struct conn_bucket *b1[CONN_BURST_GROUP], *b2[CONN_BURST_GROUP];
	unsigned m1[CONN_BURST_GROUP];
	enum conn_dir dir;
	unsigned i;

	for (i = 0; i < n; i++) {
		b1[i] = &t->buckets[conn_bucket_prim(t, hashes[i])];
		__builtin_prefetch(b1[i]);
	}
	for (i = 0; i < n; i++) {
		m1[i] = conn_match8(b1[i]->sig, hashes[i]);
		b2[i] = NULL;
		if (hvlb_likely(m1[i] != 0)) {
			uint32_t v = b1[i]->val[__builtin_ctz(m1[i])];

			if (v != 0)
				__builtin_prefetch(&t->conns[(v & CONN_V_IDX) - 1]);
		} else if (conn_may_spill(t, hashes[i])) {
			b2[i] = &t->buckets[conn_bucket_sec(t, hashes[i])];
			__builtin_prefetch(b2[i]);
		}
	}
	for (i = 0; i < n; i++) {
		dir = CONN_DIR_ORIG;
		conns[i] = m1[i] != 0 ? conn_resolve(t, b1[i], m1[i], keys[i], &dir) : NULL;
		if (conns[i] == NULL && conn_may_spill(t, hashes[i])) {
			if (b2[i] == NULL)
				b2[i] = &t->buckets[conn_bucket_sec(t, hashes[i])];
			if (b2[i] != b1[i])
				conns[i] = conn_resolve(t, b2[i], conn_match8(b2[i]->sig, hashes[i]),
							keys[i], &dir);
		}
		dirs[i] = (uint8_t)dir;
	}
}

void
conn_lookup_burst(struct conn_table *t, const struct flow_key *const *keys,
		  const uint32_t *hashes, unsigned n, struct conn **conns, uint8_t *dirs)
{
	unsigned i, k;

	for (i = 0; i < n; i += k) {
		k = n - i < CONN_BURST_GROUP ? n - i : CONN_BURST_GROUP;
		conn_lookup_group(t, keys + i, hashes + i, k, conns + i, dirs + i);
	}
}

/* A key of primary bucket bi placed in, or taken from, its secondary (struct conn_table,
 * spilled). A count that reached 255 stays there: the lookups then always look. */
static inline void
conn_spill_add(struct conn_table *t, uint32_t bi)
{
	if (t->spilled[bi] != UINT8_MAX)
		t->spilled[bi]++;
}

static inline void
conn_spill_sub(struct conn_table *t, uint32_t bi)
{
	if (t->spilled[bi] != UINT8_MAX)
		t->spilled[bi]--;
}

/* The other candidate bucket of a key with signature sig that now sits in bucket bi. */
static inline uint32_t
conn_bucket_alt(const struct conn_table *t, uint32_t sig, uint32_t bi)
{
	uint32_t p = conn_bucket_prim(t, sig);

	return bi == p ? conn_bucket_sec(t, sig) : p;
}

/* Frees a slot of full bucket bi by moving one of its keys to that key's other bucket, if
 * that one has room. One level only, so an insert costs at most 16 bucket scans. */
static int
conn_bucket_displace(struct conn_table *t, uint32_t bi)
{
	struct conn_bucket *b = &t->buckets[bi];
	unsigned i;

	for (i = 0; i < CONN_BUCKET_SLOTS; i++) {
		uint32_t ai = conn_bucket_alt(t, b->sig[i], bi);
		struct conn_bucket *a = &t->buckets[ai];
		int j;

		if (ai == bi)
			continue;
		j = conn_free_slot(a);
		if (j < 0)
			continue;
		if (bi == conn_bucket_prim(t, b->sig[i]))
			conn_spill_add(t, bi);   /* to its secondary */
		else
			conn_spill_sub(t, ai);   /* back to its primary */
		a->sig[j] = b->sig[i];
		a->val[j] = b->val[i];
		b->val[i] = 0;
		b->sig[i] = 0;
		return (int)i;
	}
	return -1;
}

__attribute__((noinline)) int
conn_bucket_add_full(struct conn_table *t, uint32_t hash, uint32_t v)
{
	uint32_t bi[2] = { conn_bucket_prim(t, hash), conn_bucket_sec(t, hash) };
	int k, j;

	k = 1;
	j = conn_free_slot(&t->buckets[bi[1]]);
	if (j >= 0)
		goto place;
	for (k = 0; k < 2; k++) {
		j = conn_bucket_displace(t, bi[k]);
		if (j >= 0)
			goto place;
	}
	return -1;
place:
	if (k == 1 && bi[1] != bi[0])
		conn_spill_add(t, bi[0]);
	t->buckets[bi[k]].sig[j] = hash;
	t->buckets[bi[k]].val[j] = v;
	return 0;
}

/* Values are unique, so the slot is found by value alone. */
void
conn_bucket_del(struct conn_table *t, uint32_t hash, uint32_t v)
{
	uint32_t bi[2] = { conn_bucket_prim(t, hash), conn_bucket_sec(t, hash) };
	int k;

	for (k = 0; k < 2; k++) {
		struct conn_bucket *b = &t->buckets[bi[k]];
		unsigned m = conn_match8(b->val, v);

		if (m != 0) {
			unsigned i = (unsigned)__builtin_ctz(m);

			if (k == 1)
				conn_spill_sub(t, bi[0]);
			b->val[i] = 0;
			b->sig[i] = 0;
			return;
		}
	}
}

/* ---- insert and delete ---- */

struct conn *
conn_insert(struct conn_table *t, const struct flow_key *orig, uint32_t hash,
	    const union hvlb_addr *rs_addr, uint16_t rs_port, int with_reply, uint8_t to_set,
	    uint64_t now)
{
	struct conn_reply_to rt = {.with_reply = with_reply};

	return conn_insert_to(t, orig, hash, rs_addr, rs_port, &rt, to_set, now);
}

struct conn *
conn_insert_absent(struct conn_table *t, const struct flow_key *orig, uint32_t hash,
		   const union hvlb_addr *rs_addr, uint16_t rs_port, int with_reply,
		   uint8_t to_set, uint64_t now)
{
	struct conn_reply_to rt = {.with_reply = with_reply, .orig_absent = 1};

	return conn_insert_to(t, orig, hash, rs_addr, rs_port, &rt, to_set, now);
}

struct conn *
conn_insert_fullnat(struct conn_table *t, const struct flow_key *orig, uint32_t hash,
		    const union hvlb_addr *rs_addr, uint16_t rs_port, uint8_t laddr,
		    uint16_t lport, uint8_t to_set, uint64_t now)
{
	struct conn_reply_to rt = {.with_reply = 1, .local = 1, .laddr = laddr, .lport = lport};

	if (conn_local == NULL)
		return NULL;
	return conn_insert_to(t, orig, hash, rs_addr, rs_port, &rt, to_set, now);
}

const struct toeplitz *conn_hash_tz;

void
conn_set_hash(const struct toeplitz *tz)
{
	conn_hash_tz = tz;
}

void
conn_set_local(const union hvlb_addr *addrs)
{
	conn_local = addrs;
}

struct conn *
conn_import(struct conn_table *t, const struct conn *src)
{
	struct conn_reply_to rt = {
		.with_reply = (src->reserved & CONN_F_REPLY_KEY) != 0,
		.local = (src->reserved & CONN_F_LOCAL) != 0,
	};
	uint32_t hash[2];
	struct flow_key orig;
	union hvlb_addr rs = conn_rs_addr(src);
	struct conn *c;

	if (rt.local) {
		if (conn_local == NULL)
			return NULL;
		rt.laddr = src->fn_laddr;
		rt.lport = src->fn_lport;
	}
	conn_orig_key(src, &orig);
	c = conn_insert_to(t, &orig, conn_key_hash(&orig), &rs, src->rs_port, &rt, src->to_set,
			   src->created);
	if (c == NULL)
		return NULL;
	/* Same keys: the copy is the whole entry, but for the hashes this table filed it by. */
	memcpy(hash, c->hash, sizeof(hash));
	*c = *src;
	memcpy(c->hash, hash, sizeof(hash));
	c->in_use = 1;
	return c;
}

bool
conn_reply_tuple(const struct conn *c, struct flow_key *k)
{
	struct flow_key orig;
	union hvlb_addr rs = conn_rs_addr(c);

	if (!(c->reserved & CONN_F_REPLY_KEY))
		return false;
	conn_orig_key(c, &orig);
	conn_reply_key(k, &orig, &rs, c->rs_port);
	k->dst = conn_reply_dst(c, &k->dport);
	return true;
}

void
conn_unlink(struct conn_table *t, struct conn *c)
{
	uint32_t idx = (uint32_t)(c - t->conns);

	if (hvlb_unlikely(!c->in_use))
		return;
	conn_bucket_del(t, c->hash[CONN_DIR_ORIG], idx + 1);
	if (c->reserved & CONN_F_REPLY_KEY)
		conn_bucket_del(t, c->hash[CONN_DIR_REPLY], (idx + 1) | CONN_V_REPLY);
	c->in_use = 0;
	c->state = CONN_S_NONE;
}

void
conn_free(struct conn_table *t, struct conn *c)
{
	uint32_t idx = (uint32_t)(c - t->conns);

	c->hash[0] = t->free_head;
	t->free_head = idx;
	t->count--;
}

void
conn_delete(struct conn_table *t, struct conn *c)
{
	if (hvlb_unlikely(!c->in_use))
		return;
	conn_unlink(t, c);
	conn_free(t, c);
}

/* ---- expiry and listing ---- */

/* A clock hand over the connection array: budget bounds the work of one call whatever the
 * table size, and a deadline is due once now reaches it. */
unsigned
conn_expire(struct conn_table *t, uint64_t now, unsigned budget, conn_expire_cb cb, void *arg)
{
	uint32_t i = t->expire_hand, tnow = conn_table_tnow(t, now);
	unsigned removed = 0;

	if (budget > t->conn_mask + 1)
		budget = t->conn_mask + 1;
	while (budget-- > 0) {
		struct conn *c = &t->conns[i];

		i = (i + 1) & t->conn_mask;
		if (c->in_use && conn_due(c->deadline, tnow)) {
			if (cb != NULL)
				cb(arg, c);
			conn_delete(t, c);
			removed++;
		}
	}
	t->expire_hand = i;
	return removed;
}

uint32_t
conn_index(const struct conn_table *t, const struct conn *c)
{
	return (uint32_t)(c - t->conns);
}

const struct conn *
conn_at(const struct conn_table *t, uint32_t idx)
{
	return &t->conns[idx & t->conn_mask];
}

/* The connection fn returned non-zero for counts as visited: the walk resumes after it. */
void
conn_walk(const struct conn_table *t, uint32_t *cursor, uint32_t max, conn_walk_fn fn,
	  void *arg)
{
	uint32_t i = *cursor, seen = 0;

	while (i <= t->conn_mask && seen < max) {
		const struct conn *c = &t->conns[i++];

		if (!c->in_use)
			continue;
		seen++;
		if (fn(arg, c) != 0)
			break;
	}
	*cursor = i > t->conn_mask ? UINT32_MAX : i;
}

void
conn_scan(const struct conn_table *t, uint32_t *cursor, uint32_t slots, conn_walk_fn fn,
	  void *arg)
{
	uint32_t i = *cursor, end = i + slots;

	if (end > t->conn_mask + 1 || end < i)
		end = t->conn_mask + 1;
	while (i < end) {
		const struct conn *c = &t->conns[i++];

		if (c->in_use && fn(arg, c) != 0)
			break;
	}
	*cursor = i > t->conn_mask ? UINT32_MAX : i;
}
