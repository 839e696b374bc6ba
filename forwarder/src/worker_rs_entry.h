/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A real's entry for the burst pipeline (struct rs_slot's rs_nexthop): whether a connection is
 * over, and the entry made good for a connection's generation in this next-hop epoch (its next
 * hop and NAT's checksum changes, fast_gen) for the fast path (rs_entry_fast) and for a new
 * connection's first packet (rs_entry_known). Static in this header, included by worker_fwd.c
 * (and worker_icmp_err.c), as worker_fwd_new.h: the burst loop's translation unit sees it
 * whole.
 */
#ifndef HVLB_WORKER_RS_ENTRY_H
#define HVLB_WORKER_RS_ENTRY_H

#include "rewrite_fast.h"
#include "slot_list.h"
#include "worker.h"
#include "worker_tx.h"

/* Whether c is over: the snapshot's generation of its RS is no longer c's (snapshot.h rs_gen).
 * One compare, on every packet of a connection. */
static inline bool
conn_stale(const struct worker *w, const struct conn *c)
{
	return unlikely(w->rs_gen[c->rs_slot] != c->rs_gen);
}

/* Forget a connection conn_stale found over, and say why: its RS was removed with --hard
 * (HVLB_DROP_RS_REMOVED), or is down in a service that reschedules its connections
 * (HVLB_DROP_RS_DOWN). Its peers are told (sync), and its entry is kept from reuse until the
 * burst is done: a packet later in the burst may hold it (worker_rs_entry.c; out of line:
 * rare). */
enum hvlb_drop worker_conn_end(struct worker *w, struct conn *c);

/* e's checksum changes for the connections of c's RS generation (struct rs_nexthop): its
 * client's packets from the VIP to the real, its NF's the other way. */
static inline void
rs_csum_fill(struct rs_nexthop *e, const struct conn *c)
{
	rewrite_nat4_deltas(c->orig.dst4, c->rs4, &e->d_ip[CONN_DIR_ORIG], &e->d_l4[CONN_DIR_ORIG]);
	rewrite_nat4_deltas(c->rs4, c->orig.dst4, &e->d_ip[CONN_DIR_REPLY],
			    &e->d_l4[CONN_DIR_REPLY]);
}

/* Fill e, the entry of c's real, for this epoch without a packet (route_lookup): false when
 * there is no route or the neighbour is unresolved; then the packet's full path drops or holds
 * it. */
static inline bool
rs_entry_route(struct worker *w, const struct conn *c, uint8_t af, struct rs_nexthop *e)
{
	union hvlb_addr dst = conn_rs_addr(c);
	uint16_t held_port;
	uint64_t mac;
	int port = route_lookup(w, af, &dst, &mac, &held_port);

	if (port < 0)
		return false;
	rs_nexthop_set(w, e, port, mac);
	return true;
}

/* rs_entry_fast's miss: NULL when c is over (conn_stale) or its real's next hop is unknown
 * (the full path then ends c, or drops or holds the packet); else e is made good for c's
 * generation in this epoch (struct rs_nexthop fast_gen). Out of line: once per real and
 * epoch. */
static __rte_noinline struct rs_nexthop *
rs_entry_refresh(struct worker *w, const struct conn *c, struct rs_nexthop *e)
{
	if (conn_stale(w, c))
		return NULL;
	if (e->epoch != w->nh_epoch && !rs_entry_route(w, c, HVLB_AF_INET, e))
		return NULL;
	rs_csum_fill(e, c);
	if (e->fast_gen == 0) /* not listed yet this epoch */
		slot_list_add(&w->fast_slots, c->rs_slot);
	e->fast_gen = c->rs_gen;
	return e;
}

/* c's RS slot entry for the fast path, or NULL for the full path: one compare says that c is
 * live and that the entry's next hop and checksum changes are good for it. */
static __rte_always_inline struct rs_nexthop *
rs_entry_fast(struct worker *w, const struct conn *c)
{
	struct rs_nexthop *e = &w->rs[c->rs_slot].nh;

	/* e again from the call, so that it need not be kept across it. */
	if (unlikely(e->fast_gen != c->rs_gen))
		return rs_entry_refresh(w, c, e);
	return e;
}

/* rs_entry_fast for the full path (forward_to_rs): the entry, made good for c where its next
 * hop is known in this epoch already, or NULL; it never looks a route up (route_tx_conn does,
 * after the rewrite, and asks the control thread for an unresolved neighbour once). */
static __rte_always_inline struct rs_nexthop *
rs_entry_known(struct worker *w, const struct conn *c)
{
	struct rs_nexthop *e = &w->rs[c->rs_slot].nh;

	if (likely(e->fast_gen == c->rs_gen))
		return e;
	if (e->epoch != w->nh_epoch)
		return NULL;
	return rs_entry_refresh(w, c, e);
}

#endif
