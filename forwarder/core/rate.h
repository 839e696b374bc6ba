/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Per-worker limits: a rate limit as a GCRA bucket (the virtual-scheduling form of a token
 * bucket: one 64-bit word of state, no refill step), and the rule that splits a forwarder-wide
 * limit into each worker's share. Workers share nothing on the fast path, so a limit set for
 * the forwarder is enforced as n equal shares, exact when connections spread evenly over the
 * workers (as the client-endpoint hash spreads them), stricter on a worker that gets more.
 */
#ifndef HVLB_CORE_RATE_H
#define HVLB_CORE_RATE_H

#include <stdbool.h>
#include <stdint.h>

/* One worker's share of a forwarder-wide limit over n_workers: rounded up, so the shares add
 * up to at least the limit and a limit below n_workers still lets one in on each worker. */
static inline uint32_t
rate_share(uint32_t limit, uint16_t n_workers)
{
	return (uint32_t)(((uint64_t)limit + n_workers - 1) / n_workers);
}

/* Whether an event at time now passes a bucket of `per_s` events per second over n_workers
 * (each worker's bucket then admits per_s / n_workers a second and holds one second of its
 * share, at least one event), hz ticks per second; *tat, the bucket's state (0 at first), is
 * advanced for an admitted event only. */
static inline bool
rate_admit(uint64_t *tat, uint64_t now, uint64_t hz, uint32_t per_s, uint16_t n_workers)
{
	uint64_t interval = hz * n_workers / per_s + 1; /* + 1: never 0, and at most the rate */
	uint64_t depth = (uint64_t)rate_share(per_s, n_workers) * interval;
	uint64_t t = *tat > now ? *tat : now;

	/* Admitted while the backlog stays within one bucket: t + interval - now <= depth. */
	if (t - now + interval > depth)
		return false;
	*tat = t + interval;
	return true;
}

#endif
