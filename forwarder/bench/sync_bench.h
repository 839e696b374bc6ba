/* SPDX-License-Identifier: BSD-3-Clause */
/* The connection-sync benchmark (sync_bench.c), run by fwd_bench --mode sync. */
#ifndef HVLB_BENCH_SYNC_H
#define HVLB_BENCH_SYNC_H

struct fwd;

struct sync_bench_opts {
	double seconds;      /* each phase's measured time at most */
	unsigned lag_kcps;   /* the lag phase's offered load, thousands of connections a second */
};

/* Publish, absorb and lag phases on one forwarder; prints one JSON line. 0, or 1/2 on set-up
 * errors. Needs two lcores (-l 0,1): the lag phase runs the worker on the second. */
int sync_bench_run(const struct sync_bench_opts *o);

/* Turn sync on in f, its peer a UDP socket of this program on the loopback (fwd_bench
 * --sync): 0, or -1 after saying why. */
int sync_bench_enable(struct fwd *f);

/* The control thread's round (f's readers offline around it) and the peer's socket emptied:
 * what fwd_bench --single --sync runs between two worker iterations, outside what callgrind
 * counts. */
void sync_bench_drain(struct fwd *f);

#endif
