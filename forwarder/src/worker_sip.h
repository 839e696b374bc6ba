/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A worker's side of SIP call affinity (a service's hash = sip_call_id; docs/scheduling.md,
 * "SIP call affinity"). An SBC sends every call from one address and port, so such a
 * service's client packets are never found by their plain 5-tuple: every one comes here from
 * conn_new (worker_fwd.c), which is the rare path, and is keyed by its tuple plus the real its
 * Call-ID picks (core/sip.h): a call's messages find their entry, and a new call of the trunk
 * opens its own towards its own real. Other services' packets never come here.
 */
#ifndef HVLB_WORKER_SIP_H
#define HVLB_WORKER_SIP_H

#include <rte_mbuf.h>

#include "pkt_ctx.h"
#include "worker.h"

/* Pick the real of a sip_call_id service's client packet m (x: its context, UDP to vs): by
 * its Call-ID's hash in vs's Maglev table, or by its 5-tuple as sched_pick would when it has
 * none (counted: sip_call_id, sip_no_call_id). x->key and x->hash become the connection's key
 * (the tuple with the real in its pad) and its hash. When that key's connection exists, it is
 * returned in *found (a stale one is forgotten first); else *found is NULL and x->absent says
 * the key is in no table, for conn_new to insert it. Returns the index of the real in vs->rs,
 * or -1 when the service has no usable real. */
int worker_sip_pick(struct worker *w, const struct rte_mbuf *m, struct pkt_ctx *x,
		    const struct vs *vs, struct conn **found);

#endif
