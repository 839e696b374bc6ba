/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Zeroing the service and real counters (ipvsadm -Z) without zeroing them: the raw totals go
 * on, as metrics need (a counter that goes back breaks a Prometheus rate()), and a zero only
 * records each slot's totals and the time as a baseline; the read-outs show the totals since
 * it beside the raw ones (CountersSinceZero). The control thread owns the baselines, so they
 * outlive the agent's and the controller's restarts; they are not saved (persist.h): a
 * forwarder restart starts the counters themselves from 0, and every baseline with them.
 */
#ifndef HVLB_STATS_ZERO_H
#define HVLB_STATS_ZERO_H

#include <stdint.h>

#include "stats.h"
#include "vs.h"

/* One slot's baseline: its totals at the zero, and when (ms since 1970; 0: never zeroed). */
struct stats_zero_point {
	uint64_t conns;
	uint64_t pkts;
	uint64_t bytes;
	uint64_t at_ms;
};

struct stats_zero {
	struct stats_zero_point vs[VS_MAX_SLOTS];
	struct stats_zero_point rs[RS_MAX_SLOTS + 1];
};

/* A table with no baseline (calloc'ed), or NULL; stats_zero_free(NULL) is a no-op. */
struct stats_zero *stats_zero_create(void);
void stats_zero_free(struct stats_zero *z);

/* Take raw (a slot's totals now) as its baseline at at_ms. */
void stats_zero_mark(struct stats_zero_point *p, const struct slot_stats *raw, uint64_t at_ms);

/* The totals since p's zero (raw itself when never zeroed). */
void stats_zero_since(const struct stats_zero_point *p, const struct slot_stats *raw,
		      struct slot_stats *out);

/* Now, in ms since 1970, for stats_zero_mark. */
uint64_t stats_zero_now_ms(void);

#endif
