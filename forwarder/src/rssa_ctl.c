/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * RSS-A on the control thread (rssa_ctl.h): the load samples, the flow rates of overloaded
 * workers, and the moves core/rssa.c decides on (carried out by steer_ctl.c).
 *
 * The load of a worker over a sample interval is the share of its time spent in loop
 * iterations that had packets (worker_main's busy_cycles over the elapsed TSC), plus the work
 * waiting in its inbox, counted in time at the worker's own cycles per packet. Why this: busy
 * time is the work actually done, whatever mix of new and established flows, handoffs and
 * rewrites it was (a packet rate would weigh them all alike); and a polling worker at its
 * limit is busy 100 % of the time whether it is just keeping up or falling behind, so the
 * backlog is what tells those apart. The RX descriptors waiting are not counted: no portable
 * call reads them from another thread (rte_eth_rx_queue_count is unsupported on the virtual
 * PMDs, and racy against a concurrent rx_burst on some drivers). On an oversubscribed machine
 * busy time includes time the worker's thread was descheduled: the load reads high there.
 *
 * The heaviest flows: two scans of an overloaded worker's connection table one sample apart,
 * the difference of each connection's packet counters (which the fast path keeps anyway). A
 * heavy-hitter sketch would find them without scanning, but at a cost per packet on every
 * worker all the time; the scan costs the control thread about one cache line per connection
 * slot, twice, and only when a worker is overloaded.
 */
#include <rte_cycles.h>
#include <rte_malloc.h>
#include <rte_ring.h>

#include "rssa_ctl.h"
#include "worker.h"

/* Loads are clamped here: a worker that far behind is overloaded whatever the exact figure. */
#define RSSA_LOAD_MAX 4.0

struct rssa_ctl *
rssa_ctl_create(const struct lcore_env *env, struct steer_ctl *sc, const struct cfgstore *cfg,
		const struct rssa_settings *s, int socket)
{
	struct rssa_ctl *rc = rte_zmalloc_socket("rssa_ctl", sizeof(*rc), RTE_CACHE_LINE_SIZE,
						 socket);

	if (rc == NULL)
		return NULL;
	rc->env = env;
	rc->sc = sc;
	rc->cfg = cfg;
	rssa_init(&rc->rssa, &s->p, env->n_workers);
	rssa_ctl_set(rc, s);
	return rc;
}

void
rssa_ctl_free(struct rssa_ctl *rc)
{
	if (rc == NULL)
		return;
	for (unsigned i = 0; i < FWD_MAX_WORKERS; i++) {
		rte_free(rc->w[i].scan);
		rte_free(rc->w[i].tag);
	}
	rte_free(rc);
}

void
rssa_ctl_set(struct rssa_ctl *rc, const struct rssa_settings *s)
{
	rc->on = s->enabled;
	rc->period_ms = s->period_ms;
	rc->sample_cycles = rc->env->hz * s->period_ms / 1000 / s->p.n_sam;
	rssa_set_params(&rc->rssa, &s->p);
	rc->scan_at = 0;
}

void
rssa_ctl_get(const struct rssa_ctl *rc, struct rssa_settings *s)
{
	s->enabled = rc->on;
	s->period_ms = rc->period_ms;
	s->p = rc->rssa.p;
}

static void
sample(struct rssa_ctl *rc, uint64_t now, double *load)
{
	double dt = (double)(now - rc->last_sample);

	for (uint16_t i = 0; i < rc->env->n_workers; i++) {
		const struct worker *w = rc->env->workers[i];
		struct rssa_sampler *b = &rc->w[i];
		uint64_t busy = w->stats.busy_cycles, pkts = w->stats.rx_pkts + w->stats.handoff_in;
		double l;

		if (pkts > b->pkts)
			b->cost = (double)(busy - b->busy) / (double)(pkts - b->pkts);
		l = ((double)(busy - b->busy) + rte_ring_count(w->inbox) * b->cost) / dt;
		b->load = load[i] = l < RSSA_LOAD_MAX ? l : RSSA_LOAD_MAX;
		b->busy = busy;
		b->pkts = pkts;
	}
}

/* The workers' mean loads over the period just completed, for placing new connections of
 * priority tenants (steer_place.c): steadier than one sample, whether RSS-A moves or not. */
static void
rssa_ctl_loads_to_place(struct rssa_ctl *rc)
{
	for (uint16_t i = 0; i < rc->env->n_workers; i++)
		rc->sc->load[i] = rc->rssa.w[i].load;
	rc->sc->rssa_period = rc->rssa.periods;
}

static int
scratch(struct rssa_ctl *rc, uint16_t i)
{
	struct rssa_sampler *b = &rc->w[i];
	uint32_t cap = conn_capacity(rc->env->workers[i]->conns);

	if (b->scan == NULL) {
		b->scan = rte_malloc_socket("rssa_scan", sizeof(uint32_t) * cap, 0,
					    rc->env->workers[i]->socket);
		b->tag = rte_malloc_socket("rssa_tag", sizeof(uint32_t) * cap, 0,
					   rc->env->workers[i]->socket);
	}
	return b->scan != NULL && b->tag != NULL ? 0 : -1;
}

/* The first scan: each in-use slot's packet count, and a tag that tells whether the slot
 * still holds the same connection at the second scan. The owner keeps writing meanwhile: the
 * counters are single 64-bit words, and a torn key only costs a move that finds nothing. */
static void
scan_first(struct rssa_ctl *rc)
{
	for (uint16_t i = 0; i < rc->env->n_workers; i++) {
		const struct conn_table *t = rc->env->workers[i]->conns;
		struct rssa_sampler *b = &rc->w[i];

		if (!rssa_overloaded(&rc->rssa, i) || scratch(rc, i) != 0)
			continue;
		for (uint32_t k = 0, cap = conn_capacity(t); k < cap; k++) {
			const struct conn *c = conn_at(t, k);

			b->tag[k] = c->in_use ? (uint32_t)c->created | 1 : 0;
			b->scan[k] = (uint32_t)(c->pkts[0] + c->pkts[1]);
		}
	}
}

/* Add c (delta packets since the first scan) to worker i's candidates, which keep the
 * RSSA_MAX_CANDIDATES largest; *n is how many it holds, *min the index of the smallest. */
static void
cand_offer(struct rssa_ctl *rc, struct rssa_cand *cand, unsigned *n, unsigned *min,
	   const struct conn *c, uint32_t delta, uint16_t i)
{
	struct rssa_cand *x;

	if (*n == RSSA_MAX_CANDIDATES && delta <= cand[*min].load)
		return;
	x = *n < RSSA_MAX_CANDIDATES ? &cand[(*n)++] : &cand[*min];
	conn_orig_key(c, &x->key[0]);
	x->n_keys = conn_reply_tuple(c, &x->key[1]) ? 2 : 1;
	x->worker = i;
	x->priority = rc->cfg->vs_prio[c->vs_slot % VS_MAX_SLOTS];
	x->load = delta; /* packets until scaled by measure() */
	*min = 0;
	for (unsigned k = 1; k < *n; k++)
		if (cand[k].load < cand[*min].load)
			*min = k;
}

/* The second scan: the heaviest connections of each overloaded worker, with their load in
 * the workers' unit (their packets over the interval, at the worker's cycles per packet). */
static void
measure(struct rssa_ctl *rc, uint64_t now)
{
	double dt = (double)(now - rc->scan_at);

	rc->n_cand = 0;
	for (uint16_t i = 0; i < rc->env->n_workers; i++) {
		const struct conn_table *t = rc->env->workers[i]->conns;
		struct rssa_cand *cand = &rc->cand[rc->n_cand];
		const struct rssa_sampler *b = &rc->w[i];
		unsigned n = 0, min = 0;

		if (!rssa_overloaded(&rc->rssa, i) || b->scan == NULL)
			continue;
		for (uint32_t k = 0, cap = conn_capacity(t); k < cap; k++) {
			const struct conn *live = conn_at(t, k);
			struct conn c;
			uint32_t delta;

			if (b->tag[k] == 0 || !live->in_use)
				continue;
			c = *live; /* one copy to work on: the owner keeps writing */
			delta = (uint32_t)(c.pkts[0] + c.pkts[1]) - b->scan[k];
			if (c.in_use && b->tag[k] == ((uint32_t)c.created | 1) && delta > 0)
				cand_offer(rc, cand, &n, &min, &c, delta, i);
		}
		for (unsigned k = 0; k < n; k++)
			cand[k].load = cand[k].load * b->cost / dt;
		rc->n_cand += n;
	}
}

/* A flow stays put while it is being moved, or if it moved less than `cooldown` periods ago. */
static bool
pinned(const struct rssa_ctl *rc, const struct rssa_cand *c)
{
	const struct steer_ctl *sc = rc->sc;

	for (unsigned i = 0; i < STEER_MAX_MIGS; i++)
		if (sc->mig[i].state != MIG_FREE && flow_key_eq(&sc->mig[i].key[0], &c->key[0]))
			return true;
	for (uint32_t i = 0; i < sc->n_ovr; i++)
		if (flow_key_eq(&sc->ovr[i].key[0], &c->key[0]))
			return sc->ovr[i].period + rc->rssa.p.cooldown > rc->rssa.periods;
	return false;
}

static void
plan_and_move(struct rssa_ctl *rc, uint64_t now)
{
	static struct rssa_flow flows[FWD_MAX_WORKERS * RSSA_MAX_CANDIDATES];
	struct rssa_move mv[RSSA_MAX_WORKERS * 4];
	unsigned n;

	for (unsigned k = 0; k < rc->n_cand; k++)
		flows[k] = (struct rssa_flow){.id = k, .worker = rc->cand[k].worker,
					      .priority = rc->cand[k].priority,
					      .pinned = pinned(rc, &rc->cand[k]),
					      .load = rc->cand[k].load};
	n = rssa_plan(&rc->rssa, flows, rc->n_cand, mv, RTE_DIM(mv));
	for (unsigned k = 0; k < n; k++) {
		const struct rssa_cand *c = &rc->cand[flows[mv[k].flow].id];

		if (steer_ctl_move(rc->sc, c->key, c->n_keys, mv[k].to, c->priority, false,
				   rc->rssa.periods, now) == 0)
			rc->moves++;
	}
}

static bool
any_overloaded(const struct rssa_ctl *rc)
{
	for (uint16_t i = 0; i < rc->env->n_workers; i++)
		if (rssa_overloaded(&rc->rssa, i))
			return true;
	return false;
}

void
rssa_ctl_poll(struct rssa_ctl *rc, uint64_t now)
{
	double load[FWD_MAX_WORKERS];

	if (now < rc->next_sample)
		return;
	if (rc->last_sample == 0) { /* the first round: counters only */
		for (uint16_t i = 0; i < rc->env->n_workers; i++) {
			rc->w[i].busy = rc->env->workers[i]->stats.busy_cycles;
			rc->w[i].pkts = rc->env->workers[i]->stats.rx_pkts +
					rc->env->workers[i]->stats.handoff_in;
		}
	} else {
		sample(rc, now, load);
		bool period_end = rssa_sample(&rc->rssa, load);
		if (period_end)
			rssa_ctl_loads_to_place(rc);
		/* Rates are measured over the sample after the period that found the overload. */
		if (rc->scan_at != 0) {
			measure(rc, now);
			plan_and_move(rc, now);
			rc->scan_at = 0;
		} else if (period_end && rc->on && rc->env->n_workers > 1 && any_overloaded(rc)) {
			scan_first(rc);
			rc->scan_at = now;
		}
	}
	rc->last_sample = now;
	rc->next_sample = now + rc->sample_cycles;
}
