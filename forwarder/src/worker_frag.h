/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A worker's side of IP fragments forwarded without reassembly ([forwarder] fragments =
 * forward; docs/fragments.md): its fragment table (core/frag.h), the later fragments it holds
 * until their first arrives, and those it defers to the end of the loop iteration, when the
 * packets ahead of them (their first fragment) have been forwarded or handed on.
 *
 * Where a fragment goes: every fragment of a datagram first to the worker its addresses name
 * (steer_frag_owner: no ports needed), the gatherer. The first fragment carries the ports and
 * goes on from there as any packet (to its connection's owner); the gatherer remembers its
 * 5-tuple, and sends the later ones after it, in order on the same ring. The owner remembers
 * the tuple too, and forwards them on its connection: the addresses rewritten as the first
 * fragment's were, nothing past the IP header.
 */
#ifndef HVLB_WORKER_FRAG_H
#define HVLB_WORKER_FRAG_H

#include <rte_mbuf.h>

#include "frag.h"
#include "pkt_ctx.h"
#include "worker.h"

#define WORKER_FRAG_HOLD 64          /* later fragments held for their first, per worker */
#define WORKER_FRAG_HOLD_DGRAM 16    /* of those, per datagram */
#define WORKER_FRAG_DEFER 256        /* later fragments deferred to the iteration's end */

/* A later fragment waiting for its datagram's first. */
struct worker_frag_held {
	struct rte_mbuf *m;
	struct flow_key dgram;
	uint64_t since;
};

/* A later fragment whose tuple is known, to go after the packets ahead of it. */
struct worker_frag_tail {
	struct rte_mbuf *m;
	struct pkt_info pi; /* key: the first fragment's tuple */
};

struct worker_frag {
	struct frag_table tab;
	uint64_t ttl;       /* FRAG_TTL_MS in TSC ticks */
	uint16_t n_held;
	uint16_t n_def;
	struct worker_frag_held held[WORKER_FRAG_HOLD];
	struct worker_frag_tail def[WORKER_FRAG_DEFER];
};

/* worker_frag_init and _free are in worker.h (worker.c calls them). */

/* A frame parse_frame called a fragment (x->pi filled, pi.frag set), received by w (from_peer:
 * passed by another worker). PKT_ROUTE_HANDOFF: to its gatherer, x->owner. PKT_ROUTE_LOOKUP:
 * a first fragment, x->pi as for a whole packet, x->owner its gatherer: classify it on (as
 * received here when w is the gatherer, which places it). PKT_ROUTE_DONE: held, deferred or
 * dropped. */
enum pkt_route worker_frag_rx(struct worker *w, struct rte_mbuf *m, struct pkt_ctx *x,
			      int from_peer);

/* At the end of a loop iteration: the deferred later fragments handed to their owner or
 * forwarded, held ones past FRAG_TTL_MS dropped (frag_timeout). */
void worker_frag_poll(struct worker *w);

/* The connection key a first fragment's packet (m, x) was given, noted in its datagram's
 * entry when this worker gathers it: a SIP call's key has the real in its pad
 * (worker_sip.c), which the later fragments then carry. Nothing for any other packet. */
void worker_frag_first_key(struct worker *w, const struct rte_mbuf *m, const struct pkt_ctx *x);

/* Drop the held fragments that have waited FRAG_TTL_MS by now (frag_timeout): from
 * worker_frag_poll, and from the fixture runner, whose time jumps. w->frag not NULL. */
void worker_frag_expire(struct worker *w, uint64_t now);

/* Whether worker_frag_poll has anything to do. */
static inline bool
worker_frag_busy(const struct worker *w)
{
	return w->frag != NULL && (w->frag->n_held | w->frag->n_def) != 0;
}

#endif
