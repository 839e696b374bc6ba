/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The burst pipeline (worker_process_burst, worker_fwd.c), and what worker.c needs of it.
 */
#ifndef HVLB_WORKER_FWD_H
#define HVLB_WORKER_FWD_H

#include "pkt_ctx.h"
#include "worker.h"

/* rx_port of a burst whose frames each say their port (mbuf.port): a peer's, the inbox's. */
#define WORKER_PORT_EACH UINT16_MAX

/* Process a burst of received frames (from a port, or from another worker when from_peer),
 * n at most FWD_BURST. rx_port: the index (in fwd.ports) of the port all of them came in on,
 * as polled, or WORKER_PORT_EACH. Every mbuf is consumed: transmitted, handed off, passed to
 * the control thread or freed. */
void worker_process_burst(struct worker *w, struct rte_mbuf **pkts, uint16_t n, int from_peer,
			  uint16_t rx_port);

#endif
