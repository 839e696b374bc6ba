/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * RSS-A on the control thread (rssa_ctl.c): it samples the workers' load, finds the heaviest
 * flows of an overloaded worker, lets core/rssa.c plan the moves and asks the steering
 * (steer_ctl.h) to carry them out. Runs on the control thread only; the telemetry thread reads
 * its figures (plain 64-bit and double reads).
 */
#ifndef HVLB_RSSA_CTL_H
#define HVLB_RSSA_CTL_H

#include <stdbool.h>
#include <stdint.h>

#include "cfgstore.h"
#include "lcore_env.h"
#include "rssa.h"
#include "steer_ctl.h"

#define RSSA_MAX_CANDIDATES 64 /* heaviest flows considered per worker */

/* RSS-A's view of one worker. */
struct rssa_sampler {
	uint64_t busy;     /* busy_cycles at the last sample */
	uint64_t pkts;     /* packets at the last sample (received + handed in) */
	double load;       /* the last sample */
	double cost;       /* cycles per packet, last sample with packets */
	uint32_t *scan;    /* per connection slot: packets at the first scan */
	uint32_t *tag;     /* per connection slot: low bits of `created` (0: none) */
};

/* A heavy flow of an overloaded worker. */
struct rssa_cand {
	struct flow_key key[2];
	uint8_t n_keys;
	uint8_t priority;
	uint16_t worker;
	double load;
};

struct rssa_ctl {
	const struct lcore_env *env;
	struct steer_ctl *sc;           /* carries the moves out */
	const struct cfgstore *cfg;     /* each service's priority */
	struct rssa rssa;
	bool on;
	uint32_t period_ms;
	uint64_t sample_cycles;
	uint64_t next_sample;
	uint64_t last_sample;
	uint64_t scan_at;        /* TSC of the first scan; 0: none pending */
	uint64_t moves;          /* moves RSS-A asked for */
	struct rssa_sampler w[FWD_MAX_WORKERS];
	struct rssa_cand cand[FWD_MAX_WORKERS * RSSA_MAX_CANDIDATES];
	unsigned n_cand;
};

/* Set up with settings s (valid) for env's workers, moving flows through sc. NULL when out of
 * memory. */
struct rssa_ctl *rssa_ctl_create(const struct lcore_env *env, struct steer_ctl *sc,
				 const struct cfgstore *cfg, const struct rssa_settings *s,
				 int socket);
void rssa_ctl_free(struct rssa_ctl *rc);

/* A sample at TSC now when one is due; at a period's end, measure and move. */
void rssa_ctl_poll(struct rssa_ctl *rc, uint64_t now);

/* Change the settings (valid), or read them. */
void rssa_ctl_set(struct rssa_ctl *rc, const struct rssa_settings *s);
void rssa_ctl_get(const struct rssa_ctl *rc, struct rssa_settings *s);

/* RSS-A's period now (the cooldown of a move counts from it). */
static inline uint64_t
rssa_ctl_period(const struct rssa_ctl *rc)
{
	return rc->rssa.periods;
}

#endif
