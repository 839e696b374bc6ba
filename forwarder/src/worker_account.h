/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * How a forwarded packet is accounted: on its connection (conn_update, or with sync on its
 * twin that tells peers) and in its real's and its service's counters. In line in the burst
 * pipeline (worker_fwd.c and the headers it includes), every forwarded packet's.
 */
#ifndef HVLB_WORKER_ACCOUNT_H
#define HVLB_WORKER_ACCOUNT_H

#include "conn.h"
#include "worker.h"
#include "worker_sync.h"

/* A packet counted for its real: its service's totals are its reals' (slot_totals.h), so one
 * counter a packet, not two. e: the real's RS slot entry (its counters share its line, struct
 * rs_slot), which the fast path has at hand (rs_entry_fast). */
static __rte_always_inline void
count_e(struct rs_nexthop *e, uint32_t bytes)
{
	struct slot_stats *rs = &container_of(e, struct rs_slot, nh)->stats;

	rs->pkts++;
	rs->bytes += bytes;
}

static inline void
count(struct worker *w, const struct conn *c, uint32_t bytes)
{
	count_e(&w->rs[c->rs_slot].nh, bytes);
}

/* Account a packet of c (conn_update); with sync on, its twin that tells peers of a new
 * connection or a state change. */
static __rte_always_inline void
conn_account_as(struct worker *w, struct conn *c, enum conn_dir dir, uint8_t tcp_flags,
		uint32_t bytes, bool plain)
{
	if (plain || likely(!w->sync_on)) {
		if (!conn_update_quick(w->conn_ticks, c, dir, tcp_flags, bytes, w->tnow))
			conn_update(w->conns, c, dir, tcp_flags, bytes, w->now);
	}
	else
		worker_sync_update(w, c, dir, tcp_flags, bytes);
}

static __rte_always_inline void
conn_account(struct worker *w, struct conn *c, enum conn_dir dir, uint8_t tcp_flags,
	     uint32_t bytes)
{
	conn_account_as(w, c, dir, tcp_flags, bytes, false);
}

#endif
