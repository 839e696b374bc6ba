/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * RSS-A on the control thread: the load samples, the flow rates of overloaded workers, and
 * the moves core/rssa.c decides on (carried out by steer_ctl.c).
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

#include "cfgstore.h"
#include "steer_ctl.h"
#include "worker.h"

/* Loads are clamped here: a worker that far behind is overloaded whatever the exact figure. */
#define BAL_LOAD_MAX 4.0

static void
sample(struct fwd *f, uint64_t now, double *load)
{
	struct steer_ctl *sc = f->sc;
	double dt = (double)(now - sc->last_sample);

	for (uint16_t i = 0; i < f->n_workers; i++) {
		const struct worker *w = f->workers[i];
		struct bal_worker *b = &sc->w[i];
		uint64_t busy = w->stats.busy_cycles, pkts = w->stats.rx_pkts + w->stats.handoff_in;
		double l;

		if (pkts > b->pkts)
			b->cost = (double)(busy - b->busy) / (double)(pkts - b->pkts);
		l = ((double)(busy - b->busy) + rte_ring_count(w->inbox) * b->cost) / dt;
		b->load = load[i] = l < BAL_LOAD_MAX ? l : BAL_LOAD_MAX;
		b->busy = busy;
		b->pkts = pkts;
	}
}

static int
scratch(struct fwd *f, uint16_t i)
{
	struct bal_worker *b = &f->sc->w[i];
	uint32_t cap = conn_capacity(f->workers[i]->conns);

	if (b->scan == NULL) {
		b->scan = rte_malloc_socket("bal_scan", sizeof(uint32_t) * cap, 0,
					    f->workers[i]->socket);
		b->tag = rte_malloc_socket("bal_tag", sizeof(uint32_t) * cap, 0,
					   f->workers[i]->socket);
	}
	return b->scan != NULL && b->tag != NULL ? 0 : -1;
}

/* The first scan: each in-use slot's packet count, and a tag that tells whether the slot
 * still holds the same connection at the second scan. The owner keeps writing meanwhile: the
 * counters are single 64-bit words, and a torn key only costs a move that finds nothing. */
static void
scan_first(struct fwd *f)
{
	for (uint16_t i = 0; i < f->n_workers; i++) {
		const struct conn_table *t = f->workers[i]->conns;
		struct bal_worker *b = &f->sc->w[i];

		if (!rssa_overloaded(&f->sc->rssa, i) || scratch(f, i) != 0)
			continue;
		for (uint32_t k = 0, cap = conn_capacity(t); k < cap; k++) {
			const struct conn *c = conn_at(t, k);

			b->tag[k] = c->in_use ? (uint32_t)c->created | 1 : 0;
			b->scan[k] = (uint32_t)(c->pkts[0] + c->pkts[1]);
		}
	}
}

/* Add c (delta packets since the first scan) to worker i's candidates, which keep the
 * BAL_MAX_CANDIDATES largest; *n is how many it holds, *min the index of the smallest. */
static void
cand_offer(struct fwd *f, struct bal_cand *cand, unsigned *n, unsigned *min,
	   const struct conn *c, uint32_t delta, uint16_t i)
{
	struct bal_cand *x;

	if (*n == BAL_MAX_CANDIDATES && delta <= cand[*min].load)
		return;
	x = *n < BAL_MAX_CANDIDATES ? &cand[(*n)++] : &cand[*min];
	x->key[0] = c->orig;
	x->n_keys = conn_reply_tuple(c, &x->key[1]) ? 2 : 1;
	x->worker = i;
	x->priority = f->cfg->vs_prio[c->vs_slot % VS_MAX_SLOTS];
	x->load = delta; /* packets until scaled by measure() */
	*min = 0;
	for (unsigned k = 1; k < *n; k++)
		if (cand[k].load < cand[*min].load)
			*min = k;
}

/* The second scan: the heaviest connections of each overloaded worker, with their load in
 * the workers' unit (their packets over the interval, at the worker's cycles per packet). */
static void
measure(struct fwd *f, uint64_t now)
{
	struct steer_ctl *sc = f->sc;
	double dt = (double)(now - sc->scan_at);

	sc->n_cand = 0;
	for (uint16_t i = 0; i < f->n_workers; i++) {
		const struct conn_table *t = f->workers[i]->conns;
		struct bal_cand *cand = &sc->cand[sc->n_cand];
		const struct bal_worker *b = &sc->w[i];
		unsigned n = 0, min = 0;

		if (!rssa_overloaded(&sc->rssa, i) || b->scan == NULL)
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
				cand_offer(f, cand, &n, &min, &c, delta, i);
		}
		for (unsigned k = 0; k < n; k++)
			cand[k].load = cand[k].load * b->cost / dt;
		sc->n_cand += n;
	}
}

/* A flow stays put while it is being moved, or if it moved less than `cooldown` periods ago. */
static bool
pinned(const struct steer_ctl *sc, const struct bal_cand *c)
{
	for (unsigned i = 0; i < STEER_MAX_MIGS; i++)
		if (sc->mig[i].state != MIG_FREE && flow_key_eq(&sc->mig[i].key[0], &c->key[0]))
			return true;
	for (uint32_t i = 0; i < sc->n_ovr; i++)
		if (flow_key_eq(&sc->ovr[i].key[0], &c->key[0]))
			return sc->ovr[i].period + sc->rssa.p.cooldown > sc->rssa.periods;
	return false;
}

static void
plan_and_move(struct fwd *f, uint64_t now)
{
	static struct rssa_flow flows[FWD_MAX_WORKERS * BAL_MAX_CANDIDATES];
	struct steer_ctl *sc = f->sc;
	struct rssa_move mv[RSSA_MAX_WORKERS * 4];
	unsigned n;

	for (unsigned k = 0; k < sc->n_cand; k++)
		flows[k] = (struct rssa_flow){.id = k, .worker = sc->cand[k].worker,
					      .priority = sc->cand[k].priority,
					      .pinned = pinned(sc, &sc->cand[k]),
					      .load = sc->cand[k].load};
	n = rssa_plan(&sc->rssa, flows, sc->n_cand, mv, RTE_DIM(mv));
	for (unsigned k = 0; k < n; k++) {
		const struct bal_cand *c = &sc->cand[flows[mv[k].flow].id];

		if (steer_ctl_move(f, c->key, c->n_keys, mv[k].to, c->priority, false, now) == 0)
			sc->rssa_moves++;
	}
}

static bool
any_overloaded(const struct fwd *f)
{
	for (uint16_t i = 0; i < f->n_workers; i++)
		if (rssa_overloaded(&f->sc->rssa, i))
			return true;
	return false;
}

void
bal_poll(struct fwd *f, uint64_t now)
{
	struct steer_ctl *sc = f->sc;
	double load[FWD_MAX_WORKERS];

	if (now < sc->next_sample)
		return;
	if (sc->last_sample == 0) { /* the first round: counters only */
		for (uint16_t i = 0; i < f->n_workers; i++) {
			sc->w[i].busy = f->workers[i]->stats.busy_cycles;
			sc->w[i].pkts = f->workers[i]->stats.rx_pkts +
					f->workers[i]->stats.handoff_in;
		}
	} else {
		sample(f, now, load);
		bool period_end = rssa_sample(&sc->rssa, load);
		/* Rates are measured over the sample after the period that found the overload. */
		if (sc->scan_at != 0) {
			measure(f, now);
			plan_and_move(f, now);
			sc->scan_at = 0;
		} else if (period_end && sc->rssa_on && f->n_workers > 1 && any_overloaded(f)) {
			scan_first(f);
			sc->scan_at = now;
		}
	}
	sc->last_sample = now;
	sc->next_sample = now + sc->sample_cycles;
}
