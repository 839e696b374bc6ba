/* SPDX-License-Identifier: BSD-3-Clause */
/* The connection table at scale (conns_bench.c), run by fwd_bench --mode conns. */
#ifndef HVLB_BENCH_CONNS_H
#define HVLB_BENCH_CONNS_H

/* Memory per connection and lookup cost at 1,000, 1 M and 10 M connections; prints one JSON
 * line. 0, or 1 after saying why. */
int conns_bench_run(void);

#endif
