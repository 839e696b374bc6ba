/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A worker's side of per-packet capture (docs/operations.md, "Capturing packets"): the
 * capture the control thread publishes (struct capture_pub, read at the top of each loop
 * iteration into worker.cap; NULL when none runs), and the hooks that copy a matching packet
 * into the worker's ring: after the burst's lookup (rx; a flow capture's packets are noted so
 * that their tx and drop are taken too), in tx() after the rewrite, and in drop(). Off, the
 * fast path pays one test of worker.cap per burst and per packet sent; the hooks are out of
 * line.
 */
#ifndef HVLB_WORKER_CAPTURE_H
#define HVLB_WORKER_CAPTURE_H

#include <rte_common.h>
#include <rte_mbuf.h>

#include "capture.h"
#include "conn.h"
#include "drop.h"
#include "fwd_limits.h"

struct worker;

/* One worker's part of a capture: written by that worker only (the ring's tail excepted, the
 * control thread's). */
struct capture_worker {
	struct cap_ring ring;
	uint64_t tat;            /* the rate bucket (rate.h) */
	uint64_t taken;          /* packets put on the ring */
	uint64_t skipped_rate;   /* matching packets the rate limit left out */
	uint64_t skipped_full;   /* matching packets the full ring left out */
	uint64_t skipped_budget; /* matching packets past max_packets on this worker */
	uint16_t n_match;        /* the burst's packets a flow capture took at rx */
	struct rte_mbuf *match[FWD_BURST];
} __rte_cache_aligned;

/* A capture as published: the filter and limits are fixed once published; each worker
 * writes only its w[id]. Freed by the control thread after a grace period past its
 * withdrawal (capture_ctl.c). */
struct capture_pub {
	struct cap_filter filter;
	int drop_reason;         /* enum hvlb_drop: a drop capture; -1 a flow capture */
	uint32_t rate_pps;
	uint32_t max_packets;
	uint16_t n_workers;
	struct capture_worker w[];
};

/* The burst's packets looked up (keys[j], conns[j] of pkts[j]): a flow capture takes
 * those whose connection's ORIG tuple, or, without a connection, whose own key matches, and
 * notes them for tx and drop. The last burst's notes are forgotten first; until then, a
 * noted packet that waited (a next hop being resolved) is still taken when it leaves. */
void worker_capture_rx(struct worker *w, struct rte_mbuf *const *pkts,
		       const struct flow_key *const *keys, struct conn *const *conns,
		       uint16_t n_lk);

/* m is queued for TX: taken if rx noted it. */
void worker_capture_tx(struct worker *w, struct rte_mbuf *m);

/* m is dropped under r: taken if rx noted it, or r is the capture's reason. */
void worker_capture_drop(struct worker *w, struct rte_mbuf *m, enum hvlb_drop r);

#endif
