/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Choosing an RS for a new connection, for each scheduler of vs.h. Pure functions of the VS
 * (immutable) and a small per-worker state, so workers never share anything here.
 */
#ifndef HVLB_CORE_SCHEDULER_H
#define HVLB_CORE_SCHEDULER_H

#include <stdint.h>

#include "maglev.h"
#include "types.h"
#include "vs.h"

/* Per-worker selection state. */
struct sched_worker {
	uint64_t rng;              /* xorshift64* state, never 0 */
	uint32_t cursor[VS_MAX_SLOTS]; /* rr / wrr position per VS slot */
	const uint32_t *rs_active; /* active connections per RS slot, this worker's (lc) */
};

void sched_worker_init(struct sched_worker *s, uint64_t seed, const uint32_t *rs_active);

/* sched_pick's answer for a service whose flows the caller places by payload (vs->pick
 * HVLB_SCHED_PAYLOAD: SIP call affinity, worker_sip.h). */
#define SCHED_PICK_PAYLOAD (-2)

/* maglev and sh: the same weighted table, keyed by the 5-tuple or by the source alone. */
static inline int
sched_table(const struct vs *vs, uint32_t hash)
{
	uint16_t i = maglev_lookup(vs->maglev, MAGLEV_TABLE_SIZE, hash);

	return hvlb_likely(i != MAGLEV_EMPTY) ? i : -1;
}

/* sched_pick for every scheduler but maglev (scheduler.c). */
int sched_pick_other(const struct vs *vs, const struct flow_key *key, uint32_t hash,
		     struct sched_worker *s);

/* Pick an RS for a new connection with tuple key (hash = flow_hash(key)). Returns an index
 * into vs->rs, -1 when the VS has no usable RS, or SCHED_PICK_PAYLOAD. Maglev, the
 * default, in line. */
static inline int
sched_pick(const struct vs *vs, const struct flow_key *key, uint32_t hash,
	   struct sched_worker *s)
{
	if (hvlb_likely(vs->pick == HVLB_SCHED_MAGLEV && vs->n_usable != 0))
		return sched_table(vs, hash);
	return sched_pick_other(vs, key, hash, s);
}
/* sched_pick by the service's scheduler whatever vs->pick says: a SIP message without a
 * Call-ID goes by its 5-tuple. Never SCHED_PICK_PAYLOAD. */
int sched_pick_5tuple(const struct vs *vs, const struct flow_key *key, uint32_t hash,
		      struct sched_worker *s);

/* Pick an RS for a flow by a hash of the caller's (a SIP Call-ID's, core/sip.h) in vs's
 * Maglev table: maglev and sh only (vs_table_build refuses the others with such a hash).
 * Returns an index into vs->rs, or -1 when the VS has no usable RS. */
int sched_pick_by_hash(const struct vs *vs, uint32_t hash);

/* The name of a scheduler ("maglev", ...) and back (-1 if unknown). */
const char *sched_name(unsigned kind);
int sched_from_name(const char *s);
const char *vs_mode_name(unsigned mode);
int vs_mode_from_name(const char *s);
/* enum vs_down_conns and enum vs_all_down by name ("keep", "keep_last", ...) and back. */
const char *vs_down_conns_name(unsigned v);
int vs_down_conns_from_name(const char *s);
const char *vs_all_down_name(unsigned v);
int vs_all_down_from_name(const char *s);
/* enum vs_synproxy by name ("off", "on", "auto") and back. */
const char *vs_synproxy_name(unsigned v);
int vs_synproxy_from_name(const char *s);
/* enum vs_hash by name ("5tuple", "sip_call_id") and back. */
const char *vs_hash_name(unsigned v);
int vs_hash_from_name(const char *s);
/* A VS's down_conns when none is given: keep for TCP (a connection moved mid-stream is reset
 * by its new NF), reschedule for UDP (a datagram flow has no state at the NF that a move
 * breaks, and a flow pinned to a dead NF fails until it times out). */
int vs_down_conns_default(uint8_t proto);

#endif
