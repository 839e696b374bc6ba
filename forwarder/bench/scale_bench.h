/* SPDX-License-Identifier: BSD-3-Clause */
/* Several workers on dedicated cores (scale_bench.c), run by fwd_bench --mode scale. */
#ifndef HVLB_BENCH_SCALE_H
#define HVLB_BENCH_SCALE_H

#include <stdbool.h>
#include <stdint.h>

struct scale_opts {
	uint16_t workers; /* one lcore each, one RX queue each */
	uint16_t stages;  /* dispatch stages (lcores of their own); 0: the workers poll */
	uint16_t gens;    /* generator lcores, each serving every gens-th queue */
	uint32_t flows;   /* established flows per queue */
	bool new_flows;   /* every packet a new flow instead */
	double seconds;   /* the measured window */
	double rate_mpps; /* > 0: the skew bench's flows offered at this rate, paced */
	bool skewed;      /* paced: the paper's skewed scenario, else uniform */
	bool rssa;        /* paced: RSS-A on */
	double warmup_s;  /* paced: before the window (RSS-A's periods) */
	uint32_t period_ms; /* paced: RSS-A's period */
	double moves_per_s; /* paced: operator moves (steer_ctl_move) in the window, a second */
	uint32_t idle_us;   /* the workers' idle_sleep_max_us (0: they poll) */
};

/* Build the ports and forwarder, run, print one JSON line. 0, or 1/2 on set-up errors. */
int scale_bench_run(const struct scale_opts *o);

#endif
