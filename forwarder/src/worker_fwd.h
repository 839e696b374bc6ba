/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The burst pipeline (worker_process_burst, worker_fwd.c), and what worker.c needs of it.
 */
#ifndef HVLB_WORKER_FWD_H
#define HVLB_WORKER_FWD_H

#include "pkt_ctx.h"
#include "worker.h"

/* Process a burst of received frames (from a port, or from another worker when from_peer),
 * n at most FWD_BURST. Every mbuf is consumed: transmitted, handed off, passed to the control
 * thread or freed. */
void worker_process_burst(struct worker *w, struct rte_mbuf **pkts, uint16_t n, int from_peer);

#endif
