/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The packets a worker answers itself (worker_answer.c): ARP, ND, echo, and those to its own
 * addresses (VXLAN, the kernel's). Called by the burst pipeline's classifier
 * (worker_classify.h).
 */
#ifndef HVLB_WORKER_ANSWER_H
#define HVLB_WORKER_ANSWER_H

#include <stdbool.h>

#include <rte_mbuf.h>

#include "pkt_ctx.h"
#include "worker.h"

/* An ARP frame (parsed into x): a request for one of our addresses answered, a reply passed to
 * the control thread (with a copy to the exception path), anything else dropped. */
void worker_answer_arp(struct worker *w, struct rte_mbuf *m, struct pkt_ctx *x);

/* ICMP / ICMPv6 that needs no connection lookup, answered or dropped (PKT_ROUTE_DONE). An ICMP
 * error about a connection returns PKT_ROUTE_LOOKUP, its key (the quoted connection's) in
 * x->key and x->dirn set. vip: the destination is a VIP. */
enum pkt_route worker_answer_icmp(struct worker *w, struct rte_mbuf *m, struct pkt_ctx *x,
				  bool vip);

/* A packet to our own address, no ARP, ND or echo: VXLAN while some service has a VNI, which
 * x then describes by its inner packet, x->decapped set (true); else the kernel's through the
 * port's exception path (worker_exc.h), or dropped (false both). */
bool worker_to_local(struct worker *w, struct rte_mbuf *m, struct pkt_ctx *x);

/* Send the packets held for next hops that are resolved now, and drop (neigh_miss) those that
 * waited NEIGH_HOLD_MS in vain. Call while w->neigh.n_held > 0. */
void worker_neigh_poll(struct worker *w);

#endif
