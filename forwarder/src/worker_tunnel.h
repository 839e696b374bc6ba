/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Tunnel mode on a worker (docs/mode-tunnel.md): a packet of a tunnel connection leaves inside
 * its outer header towards the NF, or, too long for [tunnel] mtu once encapsulated, becomes
 * the ICMP that tells the client the path's MTU.
 */
#ifndef HVLB_WORKER_TUNNEL_H
#define HVLB_WORKER_TUNNEL_H

#include <stdbool.h>

#include <rte_mbuf.h>

#include "conn.h"
#include "parse.h"
#include "worker.h"

/* Encapsulate m (a packet of tunnel connection c; pi its parse, hash its key's flow hash) for
 * c's NF, or turn it into the too-big ICMP for the client: true, with where to route it (*dst,
 * family *af). Or drop it (counted): false. */
bool worker_tunnel_out(struct worker *w, struct rte_mbuf *m, const struct pkt_info *pi,
		       uint32_t hash, const struct conn *c, union hvlb_addr *dst, uint8_t *af);

#endif
