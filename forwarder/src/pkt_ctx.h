/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What the burst pipeline (worker_fwd.c) knows of each packet between classifying it and
 * forwarding it.
 */
#ifndef HVLB_PKT_CTX_H
#define HVLB_PKT_CTX_H

#include <stdint.h>

#include "parse.h"

struct vs;

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
	PKT_LATE,        /* parsed by parse_fast4 and looked up before being classified: the
			    fast path (worker_fwd.c fast_forward) takes it, or classify_ip
			    later gives it one of the above */
	PKT_GONE,        /* classified late and handled there (answered, dropped, handed off) */
	PKT_OPEN,        /* a PKT_TO_VIP packet that found no connection, classified ahead of
			    the burst's forward pass, which fast_open will take on (its real
			    picked: rs_ahead); PKT_TO_VIP again if it does not */
};

struct pkt_ctx {
	struct pkt_info pi;
	const struct flow_key *key; /* the connection-table key: &pi.key, or &inner (ICMP); a
				       PKT_LATE context's only once classified (classify_late):
				       the burst's lookup array holds it */
	struct flow_key inner;      /* ICMP errors: the ORIG tuple of the quoted connection */
	const struct vs *vs;        /* the service of a TCP or UDP packet to a VIP, where the
				       classifier looked it up (classify_late); else NULL, and
				       conn_new looks it up */
	uint32_t hash;
	uint16_t owner;
	uint16_t inner_l3_off; /* ICMP errors */
	uint16_t in_port;      /* index in fwd.ports; a PKT_LATE context's only once classified
				  (classify_late): the fast path never reads it */
	uint8_t dirn;          /* enum pkt_dirn */
	uint8_t absent;        /* its key was in no direction in the table at the burst's
				  lookup (worker_fwd.c conn_new) */
	uint8_t decapped;      /* classify_ip took VXLAN off it: x->pi is the inner packet's
				  (worker_fwd.c to_local) */
	uint16_t rs_ahead;     /* PKT_OPEN: the real fast_open gives it, as fast_open_ahead
				  picked it (worker_fwd_open.h) */
};

#endif
