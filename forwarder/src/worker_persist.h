/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Source-IP persistence (a service's persistence_timeout; ipvsadm -p; docs/scheduling.md,
 * "Persistence"): a client's new connections go to the real its earlier ones went to.
 *
 * One table per forwarder process, shared by its workers, because RSS spreads a client's
 * connections over them by port: 2^16 sets of 4 entries, one cache line a set, each entry a
 * client (the service's key and the client's address under the prefix, hashed to 64 bits)
 * naming a real by its slot and generation, with the second of the forwarder's clock past
 * which it is forgotten. An entry is written as two 64-bit words, key last, and read key,
 * value, key again, so a reader never takes one client's value for another's; two workers
 * recording the same client at one instant leave one of their choices (with maglev or sh both
 * choose by the client's address, so they agree). A full set forgets its entry nearest to
 * expiry (persist_evicted). Entries are neither synced nor saved: after a failover or a
 * restart a client's next new connection is scheduled afresh.
 */
#ifndef HVLB_WORKER_PERSIST_H
#define HVLB_WORKER_PERSIST_H

#include "pkt_ctx.h"
#include "worker.h"

/* The index in vs->rs of the real of a new connection of persistence service vs (x: its
 * packet's context): its client's entry's real while that is usable, else the scheduler's
 * choice (maglev and sh: by the client's address under the prefix), recorded. -1 when the
 * service has no usable real. Counted: persist_hit, persist_new, persist_evicted. */
int worker_persist_pick(struct worker *w, const struct pkt_ctx *x, const struct vs *vs);

/* For a trace (ctl_op_trace.c), recording nothing: the index in vs->rs of the real a new
 * connection of k (flow hash flow_hash) would get now (seconds of the forwarder's clock, TSC /
 * hz): its client's entry's, with its seconds left in *left, or with *left 0 the scheduler's
 * choice (s: the scheduler's state, which a turn moves: a copy). -1: no usable real. */
int worker_persist_peek(const struct vs *vs, const struct flow_key *k, uint32_t flow_hash,
			struct sched_worker *s, uint32_t now, uint32_t *left);

#endif
