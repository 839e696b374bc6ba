/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What the burst pipeline (worker_process_burst, worker_fwd.c) knows of each packet between
 * classifying it and forwarding it, and the accounting worker.c needs.
 */
#ifndef HVLB_WORKER_FWD_H
#define HVLB_WORKER_FWD_H

#include "parse.h"
#include "worker.h"

enum pkt_route {
	PKT_ROUTE_DONE = 0, /* consumed: answered, passed to the control thread, or dropped */
	PKT_ROUTE_HANDOFF,  /* another worker owns the connection: pkt_ctx.owner */
	PKT_ROUTE_LOOKUP,   /* look pkt_ctx.key up in this worker's connection table */
};

/* Bit 0 set: the packet comes from the NF's side, its key's client endpoint is its
 * destination (owner_route). */
enum pkt_dirn {
	PKT_TO_VIP = 0, /* client -> VIP */
	PKT_FROM_RS,    /* NF -> client (NAT) or local address (FullNAT): return traffic */
	PKT_ICMP_ERR,   /* ICMP error to a VIP about one of its connections */
	PKT_ICMP_ERR_RS, /* ICMP error from the NF's side about a NAT or FullNAT connection;
			    key: its REPLY tuple (worker_fullnat.h) */
};

struct pkt_ctx {
	struct pkt_info pi;
	const struct flow_key *key; /* the connection-table key: &pi.key, or &inner (ICMP) */
	struct flow_key inner;      /* ICMP errors: the ORIG tuple of the quoted connection */
	uint32_t hash;
	uint16_t owner;
	uint16_t inner_l3_off; /* ICMP errors */
	uint16_t in_port;      /* index in fwd.ports */
	uint8_t dirn;          /* enum pkt_dirn */
};

/* Send the packets held for next hops that are resolved now, and drop (neigh_miss) those that
 * waited NEIGH_HOLD_MS in vain. Call while w->neigh.n_held > 0. */
void worker_neigh_poll(struct worker *w);

/* Process a burst of received frames (from a port, or from another worker when from_peer).
 * Every mbuf is consumed: transmitted, handed off, passed to the control thread or freed. */
void worker_process_burst(struct worker *w, struct rte_mbuf **pkts, uint16_t n, int from_peer);

#endif
