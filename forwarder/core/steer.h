/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Flow steering: which worker owns a connection. By default the hash of the client endpoint
 * (address, port) decides (steer_owner), so both directions of a connection agree without a
 * table. A steering table overrides that for single connections that were moved (RSS-A, or an
 * operator's request): the control thread builds it, immutable, and publishes it by pointer
 * swap. Its keys are whole tuples as packets carry them (the client's ORIG tuple and, in NAT
 * mode, the NF's reply tuple), so both directions of a moved connection find its new owner.
 *
 * The table heads with a bitmap of client endpoints, indexed by the same hash the default
 * ownership takes: a packet of a connection that was never moved costs one bit test, and only
 * the rare hit pays for the tuple hash and the probe.
 */
#ifndef HVLB_CORE_STEER_H
#define HVLB_CORE_STEER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "hash.h"
#include "types.h"

#define STEER_MAX_KEYS 16384    /* two per moved connection (ORIG and NAT reply) */
#define STEER_FILTER_BITS 14    /* a 16384-bit (2 KiB) bitmap of client endpoints */
#define STEER_FILTER_WORDS ((1u << STEER_FILTER_BITS) / 64)

/* One overridden tuple. 48 bytes. */
struct steer_entry {
	struct flow_key key;
	uint32_t hash;    /* flow_hash(key) */
	uint16_t worker;
	uint16_t used;    /* 0: empty slot (ends a probe) */
};

#define STEER_MAX_FRESH 128 /* moves in progress at most (STEER_MAX_MIGS) */

/* A move whose old owner may still pass packets of the connection on: published, not yet
 * forgotten by the old owner. The dispatch stage holds the connection's packets back until
 * the old owner has worked through what it was sent before the move (src/dispatch.c). */
struct steer_fresh {
	struct flow_key key[2];    /* ORIG tuple, and the reply tuple when n_keys is 2 */
	uint32_t client_hash[2];   /* steer_client_hash of each tuple's client endpoint */
	uint64_t gen;              /* the publication that first carried it */
	uint16_t from;
	uint16_t to;
	uint8_t n_keys;
};

/* An immutable table (open addressing, linear probing, at most half full). */
struct steer_table {
	uint32_t n_keys;
	uint32_t mask;    /* slots - 1 */
	uint64_t gen;     /* publication number, from 1 */
	uint32_t n_fresh;
	struct steer_fresh fresh[STEER_MAX_FRESH];
	uint64_t filter[STEER_FILTER_WORDS];
	struct steer_entry slots[];
};

/* What the builder is given for each tuple. */
struct steer_rule {
	struct flow_key key;
	uint32_t client_hash; /* steer_client_hash() of the connection's client endpoint */
	uint16_t worker;
};

/* The hash of a client endpoint: it picks the default owner (steer_owner) and the bitmap bit
 * of a steering table. Fibonacci hashing spreads consecutive addresses and ports; the tests'
 * Python models copy this arithmetic (gen_fixtures.py, tests/e2e). */
static inline uint32_t
steer_client_hash(const union hvlb_addr *client, uint16_t client_port)
{
	uint32_t h = (uint32_t)(client->w[0] ^ client->w[1] ^ client->w[2] ^ client->w[3]);

	h ^= client_port;
	return h * 0x9E3779B1u;
}

/* The default owner among n_workers of the client endpoint whose steer_client_hash is ch
 * (for callers that keep the hash for the table's bitmap too). */
static inline uint16_t
steer_owner_of_hash(uint16_t n_workers, uint32_t ch)
{
	return (uint16_t)(((uint64_t)ch * n_workers) >> 32);
}

/* The default owner among n_workers of a client endpoint's connections. */
static inline uint16_t
steer_owner(uint16_t n_workers, const union hvlb_addr *client, uint16_t client_port)
{
	if (n_workers == 1)
		return 0;
	return steer_owner_of_hash(n_workers, steer_client_hash(client, client_port));
}

/* The hash of the client endpoint of tuple k: its source when the packet goes to a VIP (or
 * the tuple is a connection's ORIG), else its destination (an NF's reply in NAT). Every
 * decision of who owns a packet starts here. */
static inline uint32_t
steer_client_hash_of(const struct flow_key *k, bool to_vip)
{
	return to_vip ? steer_client_hash(&k->src, k->sport) : steer_client_hash(&k->dst, k->dport);
}

/* The default owner among n_workers of tuple k (see steer_client_hash_of). */
static inline uint16_t
steer_owner_of_tuple(uint16_t n_workers, const struct flow_key *k, bool to_vip)
{
	if (n_workers == 1)
		return 0;
	return steer_owner_of_hash(n_workers, steer_client_hash_of(k, to_vip));
}

/* The worker that gathers the fragments of datagrams from src to dst (docs/fragments.md).
 * A later fragment carries no ports, so the rule above cannot place it: every fragment goes
 * first to the worker its addresses name, which remembers where its datagram's first fragment
 * went and sends the others after it. dst is multiplied apart so that the two directions of a
 * pair do not always meet on one worker. */
static inline uint16_t
steer_frag_owner(uint16_t n_workers, const union hvlb_addr *src, const union hvlb_addr *dst)
{
	uint32_t s = src->w[0] ^ src->w[1] ^ src->w[2] ^ src->w[3];
	uint32_t d = dst->w[0] ^ dst->w[1] ^ dst->w[2] ^ dst->w[3];

	if (n_workers == 1)
		return 0;
	return steer_owner_of_hash(n_workers, (s ^ d * 0x85EBCA6Bu) * 0x9E3779B1u);
}

/* Whether the table may hold a tuple of the client endpoint with this client hash (false:
 * certainly not). High bits: the low bits of a Fibonacci product mix poorly. */
static inline bool
steer_filter_hit(const struct steer_table *t, uint32_t client_hash)
{
	uint32_t b = client_hash >> (32 - STEER_FILTER_BITS);

	return (t->filter[b >> 6] >> (b & 63)) & 1;
}

/* The worker that owns the tuple key (hash = flow_hash(key)), or -1 if it is not overridden. */
static inline int
steer_lookup(const struct steer_table *t, const struct flow_key *key, uint32_t hash)
{
	for (uint32_t i = hash & t->mask;; i = (i + 1) & t->mask) {
		const struct steer_entry *e = &t->slots[i];

		if (!e->used)
			return -1;
		if (e->hash == hash && flow_key_eq(&e->key, key))
			return e->worker;
	}
}

/* The owner of tuple k, whose client endpoint hashes to ch, among n_workers: the override
 * table t (NULL: none) has for it, else the default owner. *overridden says which. The rule
 * the dispatch stage and the workers share (src/dispatch.c, src/worker_fwd.c). */
static inline uint16_t
steer_owner_by_table(const struct steer_table *t, uint16_t n_workers, const struct flow_key *k,
		     uint32_t ch, bool *overridden)
{
	if (t != NULL && hvlb_unlikely(steer_filter_hit(t, ch))) {
		int i = steer_lookup(t, k, flow_hash(k));

		if (i >= 0) {
			*overridden = true;
			return (uint16_t)i;
		}
	}
	*overridden = false;
	return steer_owner_of_hash(n_workers, ch);
}

/* Bytes the caller must provide for a table of n_keys tuples (0 if n_keys is too many). */
size_t steer_table_mem_size(uint32_t n_keys);

/* Lay a table of the n rules out in mem (steer_table_mem_size(n) bytes, 8-byte aligned). A
 * tuple given twice keeps the last rule's worker. Returns the table, or NULL if n is too
 * many. */
struct steer_table *steer_table_build(void *mem, const struct steer_rule *rules, uint32_t n);

#endif
