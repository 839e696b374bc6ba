/* SPDX-License-Identifier: BSD-3-Clause */
/* A worker's loop (worker_loop.c): what its lcore runs, one iteration at a time. */
#ifndef HVLB_WORKER_LOOP_H
#define HVLB_WORKER_LOOP_H

#include "worker.h"

/* One iteration of the loop: poll every RX queue and the inbox, process, expire a few
 * connections, flush TX. Returns the number of packets received. Used by worker_main and by
 * the fixture runner and benchmark, so they run exactly the production code. */
unsigned worker_poll_once(struct worker *w);

/* The lcore entry point: loops until env->quit. */
int worker_main(void *arg);

#endif
