/* SPDX-License-Identifier: BSD-3-Clause */
/* The multi-worker skew benchmark (skew.c), run by fwd_bench --mode skew. */
#ifndef HVLB_BENCH_SKEW_H
#define HVLB_BENCH_SKEW_H

#include <stdbool.h>
#include <stdint.h>

struct skew_opts {
	uint16_t workers;
	bool skewed;     /* the paper's per-queue growth rates; else uniform */
	bool rssa;
	bool nic_steer;  /* the generator applies the steering table (a NIC with flow rules) */
	uint16_t dispatch; /* software dispatch stages (one more priced core each) feed the
			      workers; 0: the workers poll the queues */
	double rate_mpps;
	double warmup_s; /* simulated seconds before the measured window (RSS-A settles) */
	double seconds;  /* the measured window, simulated */
	uint32_t period_ms;
	bool calibrate;  /* only measure and print the prices */
	double price[8]; /* cycles: iteration, own, out, in; then the same with steering. All
			    0: measure them first */
	double dprice[4]; /* the dispatch stage's: iteration, packet; the same with steering */
};

/* The scenario's flows (SKEW_FLOWS): flow i's weight (its share is weight over the sum of
 * all) and the RX queue it is on among n_workers: uniform, or the paper's skewed groups. */
#define SKEW_FLOWS 80
void skew_flow_plan(unsigned i, uint16_t n_workers, bool skewed, double *weight,
		    uint16_t *queue);

/* Build the ports and forwarder, simulate, print one JSON line. 0, or 1/2 on set-up errors. */
int skew_run(const struct skew_opts *o);

#endif
