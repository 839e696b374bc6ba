/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What the connection table's unit tests (test_conn.c: the table; test_conn_model.c: the table
 * against a brute-force model; test_conn_state.c: the TCP state machine and the timeouts)
 * share: a table in fresh memory, keys and addresses of both families, the reply tuple built
 * independently of conn.c, insert and lookup by a key's hash, a random source, the spill
 * counts checked against the index, and a walk that counts.
 */
#ifndef HVLB_TEST_CONN_H
#define HVLB_TEST_CONN_H

#include <stdlib.h>
#include <string.h>

#include "conn.h"
#include "conn_table.h"
#include "hash.h"
#include "xorshift.h"

#define HZ 1000u
#define O CONN_DIR_ORIG
#define R CONN_DIR_REPLY

static void *table_mem;

/* Cache-line aligned memory for a table of sz bytes (aligned_alloc wants a whole number of
 * alignments, which a table's size need not be). */
static inline void *
table_alloc(size_t sz)
{
	return aligned_alloc(HVLB_CACHE_LINE, (sz + HVLB_CACHE_LINE - 1) &
					      ~(size_t)(HVLB_CACHE_LINE - 1));
}

/* One table at a time: the previous one's memory is freed. */
static inline struct conn_table *
table_new(uint32_t max_conns, const struct conn_timeouts *to)
{
	size_t sz = conn_table_mem_size(max_conns);

	free(table_mem);
	table_mem = table_alloc(sz);
	/* Garbage, not zeroes: init must not rely on zeroed memory. */
	memset(table_mem, 0xa5, sz);
	return conn_table_init(table_mem, max_conns, HZ, to);
}

static inline union hvlb_addr
addr4(uint32_t ip)
{
	union hvlb_addr a;

	hvlb_addr_set4(&a, ip);
	return a;
}

static inline union hvlb_addr
addr6(uint8_t last)
{
	union hvlb_addr a = { .b = { 0x20, 0x01, [15] = last } };

	return a;
}

static inline struct flow_key
key4(uint32_t src, uint16_t sport, uint32_t dst, uint16_t dport, uint8_t proto)
{
	struct flow_key k = { .src = addr4(src), .dst = addr4(dst), .sport = sport, .dport = dport,
			      .proto = proto, .af = HVLB_AF_INET };

	return k;
}

static inline struct flow_key
key6(uint8_t src, uint16_t sport, uint8_t dst, uint16_t dport, uint8_t proto)
{
	struct flow_key k = { .src = addr6(src), .dst = addr6(dst), .sport = sport, .dport = dport,
			      .proto = proto, .af = HVLB_AF_INET6 };

	return k;
}

/* The reply tuple as conn.h defines it, built independently of conn.c. */
static inline struct flow_key
reply_of(const struct flow_key *o, const union hvlb_addr *rs, uint16_t rs_port)
{
	struct flow_key k = { .src = *rs, .dst = o->src, .sport = rs_port != 0 ? rs_port : o->dport,
			      .dport = o->sport, .proto = o->proto, .af = o->af };

	return k;
}

static inline struct conn *
lookup(struct conn_table *t, const struct flow_key *k, enum conn_dir *dir)
{
	return conn_lookup(t, k, conn_key_hash(k), dir);
}

static inline struct conn *
insert(struct conn_table *t, const struct flow_key *k, const union hvlb_addr *rs,
       uint16_t rs_port, int with_reply, uint64_t now)
{
	return conn_insert(t, k, conn_key_hash(k), rs, rs_port, with_reply, 0, now);
}

/* The spill counts (conn_table.h) are what the index holds: per bucket, the keys of that
 * primary bucket that sit in their secondary one. How many counts are wrong. */
static inline unsigned
spill_errors(const struct conn_table *t)
{
	uint32_t nb = t->bucket_mask + 1, b, j;
	unsigned *want = calloc(nb, sizeof(*want)), bad = 0;

	for (b = 0; b < nb; b++)
		for (j = 0; j < CONN_BUCKET_SLOTS; j++) {
			uint32_t p = conn_bucket_prim(t, t->buckets[b].sig[j]);

			if (t->buckets[b].val[j] != 0 && p != b)
				want[p]++;
		}
	for (b = 0; b < nb; b++)
		bad += t->spilled[b] == UINT8_MAX ? want[b] < UINT8_MAX : t->spilled[b] != want[b];
	free(want);
	return bad;
}

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static inline uint64_t
rng(void)
{
	return xorshift64(&rng_state);
}

/* Counts the connections it is given; returns stop, to end the walk early. */
struct walk_arg {
	unsigned seen;
	int stop;
};

static inline int
walk_fn(void *arg, const struct conn *c)
{
	struct walk_arg *w = arg;

	w->seen += c->in_use;
	return w->stop;
}

#endif
