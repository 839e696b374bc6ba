/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef HVLB_BENCH_CPS_BENCH_H
#define HVLB_BENCH_CPS_BENCH_H

#include <stdint.h>

#include <rte_mempool.h>
#include <rte_ring.h>

#include "fwd.h"

/* The rings behind the benchmark's two net_ring ports (fwd_bench.c), and its mbuf pool. */
struct cps_rings {
	struct rte_ring *rx0, *tx0[2]; /* port 0: clients */
	struct rte_ring *rx1, *tx1[2]; /* port 1: NFs */
	struct rte_mempool *pool;
};

/* Run n_conns TCP connections (cps_bench.c) through f's only worker, a NAT tcp service
 * 10.100.0.1:80 -> 10.1.0.11:8080; print one JSON line. 0 when every packet came out. */
int cps_bench_run(struct fwd *f, const struct cps_rings *r, uint64_t n_conns);

#endif
