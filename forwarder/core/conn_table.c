/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A connection table's memory (conn.h, conn_table.h): its size, its layout in the caller's
 * memory, init, and attach to a saved one; and its clock (table ticks, timeouts, deadlines).
 *
 * Layout: the table header, then the connection array (one free list threaded through it),
 * then the hash index (conn.c), then the embryonic ring, then the index's spill counts (a
 * byte per bucket: conn_table.h).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "conn.h"
#include "conn_table.h"

#ifndef HVLB_TEST_LAYOUT_CHANGE /* the test build's grows a line (conn.h) */
_Static_assert(sizeof(struct conn) == 2 * HVLB_CACHE_LINE, "struct conn must be two lines");
#endif
_Static_assert(offsetof(struct conn, encap) == offsetof(struct conn, sp_delta) + 6 &&
		       offsetof(struct conn, vx_nf_vtep) == offsetof(struct conn, sp_delta) + 4,
	       "conn's mode-specific members share their 8 bytes as they always have");

/* A saved table's header is read in place by another build (conn_table_attach: persist.c's
 * restore): where its fields lie is part of the state file's format. A field is added only
 * at the end, in the header's padding (conn_table.h). */
_Static_assert(offsetof(struct conn_table, conn_mask) == 24 &&
		       offsetof(struct conn_table, bucket_mask) == 28 &&
		       offsetof(struct conn_table, count) == 32 &&
		       offsetof(struct conn_table, free_head) == 36 &&
		       offsetof(struct conn_table, emb_head) == 44 &&
		       offsetof(struct conn_table, hz) == 56 &&
		       offsetof(struct conn_table, tick_shift) == 64 &&
		       offsetof(struct conn_table, timeout) == 68 && sizeof(struct conn_table) == 9344,
	       "a saved table's header keeps its layout");

/* ---- sizing and init ---- */

static uint32_t
conn_capacity_for(uint32_t max_conns)
{
	uint32_t cap = 1;

	while (cap < max_conns)
		cap <<= 1;
	return cap;
}

/* Each connection may need two keys; 4 slots per connection keeps the load at most 50 %. */
static uint32_t
conn_buckets_for(uint32_t cap)
{
	uint32_t nb = cap * 4 / CONN_BUCKET_SLOTS;

	return nb == 0 ? 1 : nb;
}

static size_t
conn_header_size(void)
{
	return (sizeof(struct conn_table) + HVLB_CACHE_LINE - 1) & ~(size_t)(HVLB_CACHE_LINE - 1);
}

/* A table's memory up to its embryonic ring's end: what conn_walk reads, and all a table
 * saved by a build before the spill counts had. */
static size_t
conn_mem_size_walk(uint32_t cap)
{
	return conn_header_size() + (size_t)cap * sizeof(struct conn) +
	       (size_t)conn_buckets_for(cap) * sizeof(struct conn_bucket) +
	       (size_t)cap * sizeof(uint32_t);
}

size_t
conn_table_mem_size(uint32_t max_conns)
{
	uint32_t cap;

	if (max_conns == 0 || max_conns > CONN_MAX_CONNS)
		return 0;
	cap = conn_capacity_for(max_conns);
	/* Then the spill counts, a byte per bucket. */
	return conn_mem_size_walk(cap) + conn_buckets_for(cap);
}

size_t
conn_table_entries_off(void)
{
	return conn_header_size();
}

uint32_t
conn_table_capacity_for(uint32_t max_conns)
{
	return conn_capacity_for(max_conns);
}

/* The shift that makes a table tick 0.5 to 1 ms of a clock of hz (conn.h conn_tnow). */
static uint32_t
conn_tick_shift_for(uint64_t hz)
{
	uint32_t shift = 0;

	while ((hz / 1000) >> (shift + 1) != 0)
		shift++;
	return shift;
}

/* secs in table ticks, at most CONN_TIMEOUT_MAX_TICKS: a deadline stays under half the
 * 32-bit range ahead (conn_due). */
#define CONN_TIMEOUT_MAX_TICKS (1u << 30)
static uint32_t
conn_secs_ticks(const struct conn_table *t, uint32_t secs)
{
	uint64_t v = ((uint64_t)secs * t->hz) >> t->tick_shift;

	return v > CONN_TIMEOUT_MAX_TICKS ? CONN_TIMEOUT_MAX_TICKS : (uint32_t)v;
}

void
conn_table_set_timeouts(struct conn_table *t, uint8_t set, const struct conn_timeouts *to)
{
	uint32_t *tt = t->timeout[set];

	/* NONE never lasts beyond conn_insert; give it the shortest sensible life. */
	tt[CONN_S_NONE] = conn_secs_ticks(t, to->tcp_close);
	tt[CONN_S_SYN_SENT] = conn_secs_ticks(t, to->tcp_syn);
	tt[CONN_S_SYN_RECV] = conn_secs_ticks(t, to->tcp_syn);
	tt[CONN_S_ESTABLISHED] = conn_secs_ticks(t, to->tcp_est);
	tt[CONN_S_FIN_WAIT] = conn_secs_ticks(t, to->tcp_fin);
	tt[CONN_S_TIME_WAIT] = conn_secs_ticks(t, to->tcp_tw);
	tt[CONN_S_CLOSE] = conn_secs_ticks(t, to->tcp_close);
	tt[CONN_S_UDP] = conn_secs_ticks(t, to->udp);
	tt[CONN_S_UNCONFIRMED] = conn_secs_ticks(t, to->tcp_syn);
}

uint32_t
conn_ticks(uint64_t hz, uint64_t now)
{
	return (uint32_t)(now >> conn_tick_shift_for(hz));
}

uint32_t
conn_tnow(const struct conn_table *t, uint64_t now)
{
	return conn_table_tnow(t, now);
}

uint64_t
conn_deadline(const struct conn_table *t, const struct conn *c, uint64_t now)
{
	int64_t d = (int32_t)(c->deadline - conn_table_tnow(t, now));
	/* To the tick: now's own fraction of a tick is dropped, as conn_tnow drops it. */
	uint64_t base = now & ~(((uint64_t)1 << t->tick_shift) - 1);

	if (d < 0 && (uint64_t)(-d) << t->tick_shift > base)
		return 0;
	return base + (uint64_t)(d * ((int64_t)1 << t->tick_shift));
}

/* to == NULL means conn_timeouts_default. */
struct conn_table *
conn_table_init(void *mem, uint32_t max_conns, uint64_t hz, const struct conn_timeouts *to)
{
	struct conn_timeouts def;
	struct conn_table *t = mem;
	uint32_t cap, nb, i;

	if (mem == NULL || conn_table_mem_size(max_conns) == 0)
		return NULL;
	cap = conn_capacity_for(max_conns);
	nb = conn_buckets_for(cap);

	memset(t, 0, sizeof(*t));
	t->conns = (struct conn *)((char *)mem + conn_header_size());
	t->buckets = (struct conn_bucket *)(t->conns + cap);
	t->emb_ring = (uint32_t *)(t->buckets + nb);
	t->spilled = (uint8_t *)(t->emb_ring + cap);
	t->conn_mask = cap - 1;
	t->bucket_mask = nb - 1;
	t->hz = hz;
	t->tick_shift = conn_tick_shift_for(hz);
	if (to == NULL) {
		conn_timeouts_default(&def);
		to = &def;
	}
	/* Every set starts as the global one, until the caller gives services theirs. */
	for (i = 0; i < CONN_TO_SETS; i++)
		conn_table_set_timeouts(t, (uint8_t)i, to);

	memset(t->conns, 0, (size_t)cap * sizeof(struct conn));
	for (i = 0; i < cap; i++)
		t->conns[i].hash[0] = i + 1 < cap ? i + 1 : CONN_NONE;
	t->free_head = 0;
	memset(t->buckets, 0, (size_t)nb * sizeof(struct conn_bucket));
	memset(t->spilled, 0, nb);
	return t;
}

struct conn_table *
conn_table_attach(void *mem, size_t size, uint32_t max_conns)
{
	struct conn_table *t = mem;
	uint32_t cap;

	if (mem == NULL || conn_table_mem_size(max_conns) == 0)
		return NULL;
	cap = conn_capacity_for(max_conns);
	if (size < conn_mem_size_walk(cap) || t->conn_mask != cap - 1 ||
	    t->bucket_mask != conn_buckets_for(cap) - 1 || t->count > cap || t->hz == 0 ||
	    t->tick_shift != conn_tick_shift_for(t->hz))
		return NULL;
	t->conns = (struct conn *)((char *)mem + conn_header_size());
	t->buckets = (struct conn_bucket *)(t->conns + cap);
	t->emb_ring = (uint32_t *)(t->buckets + conn_buckets_for(cap));
	/* An earlier build's table has no spill counts: it can be walked, not looked in. */
	t->spilled = size >= conn_table_mem_size(max_conns) ? (uint8_t *)(t->emb_ring + cap)
							    : NULL;
	return t;
}

uint32_t
conn_count(const struct conn_table *t)
{
	return t->count;
}

uint32_t
conn_capacity(const struct conn_table *t)
{
	return t->conn_mask + 1;
}

uint32_t
conn_room(const struct conn_table *t)
{
	return t->conn_mask + 1 - t->count;
}
