/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * ICMP errors about a connection (worker_fwd.c's worker_forward, for a packet classified
 * PKT_ICMP_ERR or PKT_ICMP_ERR_RS): an error about a client's packet (fragmentation needed on
 * the way back to it, say) goes to the connection's NF, and one an NF or a router on its side
 * sent goes to the client, each translated so that it names the packet its receiver sent.
 * Out of line, in a file of its own: rare.
 */
#ifndef HVLB_WORKER_ICMP_ERR_H
#define HVLB_WORKER_ICMP_ERR_H

#include <rte_mbuf.h>

#include "conn.h"
#include "pkt_ctx.h"
#include "worker.h"

/* The ICMP error m (x: its context) about connection c, found in direction dir (c NULL: none),
 * rewritten for its receiver: the address to route it to (w->nh), or NULL where it was sent
 * (inside a tunnel) or dropped under a reason. */
const union hvlb_addr *worker_forward_icmp_err(struct worker *w, struct rte_mbuf *m,
					       struct pkt_ctx *x, struct conn *c,
					       enum conn_dir dir);

#endif
