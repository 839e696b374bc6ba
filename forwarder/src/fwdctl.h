/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Control-thread services of the forwarder used by the control socket, telemetry and the
 * fixture runner: publishing configuration, neighbours, and reading counters.
 */
#ifndef HVLB_FWDCTL_H
#define HVLB_FWDCTL_H

#include "fwd.h"
#include "worker.h"

/* Build a snapshot from f->cfg and publish it; the old snapshot is freed once every worker
 * has passed a quiescent point. 0, or -errno with err set. */
int fwd_publish(struct fwd *f, char *err);

/* Static (or learnt, is_static 0) neighbour entry. 0 or -errno. */
int neigh_set(struct fwd *f, uint8_t af, const union hvlb_addr *addr,
	      const struct rte_ether_addr *mac, uint16_t port, int is_static);

/* Call fn for every resolved neighbour. */
typedef void (*neigh_walk_fn)(void *arg, uint8_t af, const union hvlb_addr *addr,
			      const struct rte_ether_addr *mac, uint16_t port, int is_static);
void neigh_walk(struct fwd *f, neigh_walk_fn fn, void *arg);

/* Counters summed over workers. */
void fwd_sum_worker_stats(struct fwd *f, struct worker_stats *out);
/* Per-slot counters summed over workers; active = connections now. */
void fwd_sum_rs(struct fwd *f, uint16_t slot, struct slot_stats *out, uint64_t *active);
void fwd_sum_vs(struct fwd *f, uint16_t slot, struct slot_stats *out, uint64_t *active);
/* An RS slot's handshake RTT over workers: the sample-weighted mean of their EWMAs in
 * microseconds (0 with no sample), and how many samples they took. */
void fwd_rs_rtt(struct fwd *f, uint16_t slot, double *srtt_us, uint64_t *samples);

#endif
