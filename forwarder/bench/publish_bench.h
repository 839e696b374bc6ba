/* SPDX-License-Identifier: BSD-3-Clause */
/* The control side at scale (publish_bench.c), run by fwd_bench --mode publish. */
#ifndef HVLB_BENCH_PUBLISH_H
#define HVLB_BENCH_PUBLISH_H

/* Maglev build and publish latencies, medians of reps (at most 64); prints one JSON line.
 * 0, or 1 after saying why. */
int publish_bench_run(unsigned reps);

#endif
