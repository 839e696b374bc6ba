/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * RSS-A, the paper's queue-load-aware balancing (Algorithm 1), as pure decision logic: no
 * DPDK, no clock, no memory of its own beyond struct rssa. The control thread feeds it one
 * load sample per worker N_sam times a period; at the end of a period every worker has a mean
 * load and an overload frequency foe (the share of its samples at or above Q x epsilon), and
 * rssa_plan says which flows move where:
 *
 *  - a worker with foe >= theta_h is overloaded (L_o); the others (L_no) may take flows;
 *  - the most loaded worker of L_o still at or above Q x epsilon gives up its heaviest movable
 *    flow, one at a time, to the least-loaded worker of L_no that stays below Q x epsilon with
 *    the flow's load added; a flow that fits nowhere is skipped for the next lighter one;
 *  - flows of a priority class (a per-service setting) are moved last: only once no flow of a
 *    lower class of that worker fits anywhere. Once the flows are chosen they are placed
 *    again with the higher classes first, so priority flows get the least-loaded workers;
 *  - a flow moved less than `cooldown` periods ago stays put (the caller marks it pinned):
 *    together with the below-threshold rule for targets, two workers near the threshold
 *    cannot pass a flow back and forth.
 *
 * Loads are shares of one core's time (1.0: busy all the time); Q is a worker's capacity in
 * that unit, 1.0 by default, and lower to keep headroom.
 */
#ifndef HVLB_CORE_RSSA_H
#define HVLB_CORE_RSSA_H

#include <stdbool.h>
#include <stdint.h>

#define RSSA_MAX_WORKERS 64

struct rssa_params {
	double q;           /* a worker's capacity, as a share of its core's time (1.0) */
	double epsilon;     /* a sample is overloaded at load >= q * epsilon (0.95) */
	double theta_h;     /* overloaded when foe >= theta_h over a period (0.5) */
	uint32_t n_sam;     /* samples per period (20) */
	uint32_t cooldown;  /* periods a moved flow stays where it was put (5) */
	uint32_t max_moves; /* moves planned per period (32) */
};

/* The paper's values (and ours for cooldown and max_moves). */
void rssa_params_default(struct rssa_params *p);

/* NULL when p is valid; else a message naming the field at fault ("epsilon: ..."). */
const char *rssa_params_check(const struct rssa_params *p);

/* RSS-A as an operator sets it ([forwarder] rssa_* keys, SetRssa): on or off, its period
 * and the algorithm's parameters. */
struct rssa_settings {
	bool enabled;
	uint32_t period_ms;
	struct rssa_params p;
};

void rssa_settings_default(struct rssa_settings *s);
/* NULL when valid, else a message naming the field. */
const char *rssa_settings_check(const struct rssa_settings *s);

struct rssa_worker {
	double load;     /* mean load over the last complete period */
	double foe;      /* overload frequency over the last complete period */
	double last;     /* the last sample */
	double sum;      /* this period's samples, summed */
	uint32_t over;   /* this period's overloaded samples */
};

struct rssa {
	struct rssa_params p;
	uint16_t n_workers;
	uint32_t n_samples;  /* taken in the current period */
	uint64_t periods;    /* complete periods */
	struct rssa_worker w[RSSA_MAX_WORKERS];
};

/* Start over with parameters p (valid) for n_workers (1 .. RSSA_MAX_WORKERS). */
void rssa_init(struct rssa *r, const struct rssa_params *p, uint16_t n_workers);

/* Change the parameters (valid); the period in progress starts over. */
void rssa_set_params(struct rssa *r, const struct rssa_params *p);

/* One sample: load[i] of each worker. Returns true when it completed a period; r->w[i].load
 * and .foe then hold that period's figures. */
bool rssa_sample(struct rssa *r, const double *load);

/* Whether worker i was overloaded (in L_o) over the last complete period. */
static inline bool
rssa_overloaded(const struct rssa *r, uint16_t i)
{
	return r->periods > 0 && r->w[i].foe >= r->p.theta_h;
}

/* A flow that may move. */
struct rssa_flow {
	uint32_t id;       /* the caller's handle */
	uint16_t worker;   /* its owner now */
	uint8_t priority;  /* 0: normal; higher classes move later and are placed first */
	uint8_t pinned;    /* moved within the cooldown: stays */
	double load;       /* its load on its owner, in the workers' unit */
};

struct rssa_move {
	uint32_t flow;     /* index in the flows array (after rssa_plan reordered it) */
	uint16_t from;
	uint16_t to;
};

/* Algorithm 1 for the last complete period. flows: candidates (typically the heaviest flows
 * of the overloaded workers), in any order; rssa_plan sorts them in place. Writes at most
 * min(max, p.max_moves) moves to out and returns how many, in the order to carry them out.
 * Deterministic for given inputs. */
unsigned rssa_plan(const struct rssa *r, struct rssa_flow *flows, unsigned n,
		   struct rssa_move *out, unsigned max);

#endif
