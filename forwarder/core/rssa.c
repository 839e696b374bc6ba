/* SPDX-License-Identifier: BSD-3-Clause */
/* RSS-A decision logic (rssa.h). Control thread only; allocates nothing. */
#include <stddef.h>

#include "rssa.h"

void
rssa_params_default(struct rssa_params *p)
{
	p->q = 1.0;
	p->epsilon = 0.95;
	p->theta_h = 0.5;
	p->n_sam = 20;
	p->cooldown = 5;
	p->max_moves = 32;
}

/* The comparisons are written so that NaN fails them. */
const char *
rssa_params_check(const struct rssa_params *p)
{
	if (!(p->q > 0 && p->q <= 2))
		return "q: must be in (0, 2] (a share of one core's time)";
	if (!(p->epsilon > 0 && p->epsilon <= 1))
		return "epsilon: must be in (0, 1]";
	if (!(p->theta_h > 0 && p->theta_h <= 1))
		return "theta_h: must be in (0, 1]";
	if (p->n_sam < 1 || p->n_sam > 1000)
		return "n_sam: must be 1 to 1000";
	if (p->cooldown > 1000)
		return "cooldown: must be at most 1000 periods";
	if (p->max_moves < 1 || p->max_moves > 1024)
		return "max_moves: must be 1 to 1024";
	return NULL;
}

static void
rssa_restart(struct rssa *r)
{
	r->n_samples = 0;
	for (unsigned i = 0; i < RSSA_MAX_WORKERS; i++) {
		r->w[i].sum = 0;
		r->w[i].over = 0;
	}
}

void
rssa_init(struct rssa *r, const struct rssa_params *p, uint16_t n_workers)
{
	*r = (struct rssa){.p = *p, .n_workers = n_workers};
	if (r->n_workers > RSSA_MAX_WORKERS)
		r->n_workers = RSSA_MAX_WORKERS;
}

void
rssa_set_params(struct rssa *r, const struct rssa_params *p)
{
	r->p = *p;
	rssa_restart(r);
}

bool
rssa_sample(struct rssa *r, const double *load)
{
	double thr = r->p.q * r->p.epsilon;

	for (unsigned i = 0; i < r->n_workers; i++) {
		struct rssa_worker *w = &r->w[i];

		w->last = load[i];
		w->sum += load[i];
		w->over += load[i] >= thr;
	}
	if (++r->n_samples < r->p.n_sam)
		return false;
	for (unsigned i = 0; i < r->n_workers; i++) {
		struct rssa_worker *w = &r->w[i];

		w->load = w->sum / r->p.n_sam;
		w->foe = (double)w->over / r->p.n_sam;
	}
	rssa_restart(r);
	r->periods++;
	return true;
}

/* ---- planning ---- */

/* Per worker: class ascending (priority flows last), then heaviest first; the id breaks
 * ties, so the plan does not depend on the order the caller found the flows in. */
static bool
flow_before(const struct rssa_flow *a, const struct rssa_flow *b)
{
	if (a->worker != b->worker)
		return a->worker < b->worker;
	if (a->priority != b->priority)
		return a->priority < b->priority;
	if (a->load != b->load)
		return a->load > b->load;
	return a->id < b->id;
}

/* Shell sort: in place, no allocation, fast enough for a few thousand candidates. */
static void
flows_sort(struct rssa_flow *f, unsigned n)
{
	static const unsigned gaps[] = {701, 301, 132, 57, 23, 10, 4, 1};

	for (unsigned g = 0; g < sizeof(gaps) / sizeof(gaps[0]); g++)
		for (unsigned i = gaps[g]; i < n; i++) {
			struct rssa_flow t = f[i];
			unsigned j = i;

			for (; j >= gaps[g] && flow_before(&t, &f[j - gaps[g]]); j -= gaps[g])
				f[j] = f[j - gaps[g]];
			f[j] = t;
		}
}

/* The least-loaded worker that may take flows (lowest index on ties), or -1. */
static int
least_loaded(const struct rssa *r, const double *load, const bool *target)
{
	int best = -1;

	for (unsigned j = 0; j < r->n_workers; j++)
		if (target[j] && (best < 0 || load[j] < load[best]))
			best = (int)j;
	return best;
}

/* The overloaded worker still at or above the threshold with the highest load and flows
 * left to try, or -1. */
static int
most_loaded_source(const struct rssa *r, const double *load, const bool *target,
		   const unsigned *cur, const unsigned *end, double thr)
{
	int best = -1;

	for (unsigned i = 0; i < r->n_workers; i++)
		if (!target[i] && load[i] >= thr && cur[i] < end[i] &&
		    (best < 0 || load[i] > load[best]))
			best = (int)i;
	return best;
}

/* Where each worker's flows start and end in the sorted array. */
static void
flow_ranges(const struct rssa *r, const struct rssa_flow *f, unsigned n, unsigned *cur,
	    unsigned *end)
{
	unsigned k = 0;

	for (unsigned i = 0; i < r->n_workers; i++) {
		cur[i] = k;
		while (k < n && f[k].worker == i)
			k++;
		end[i] = k;
	}
}

/* Phase 1, the paper's loop: which flows leave which worker, heaviest first, a priority class
 * only once no flow of a lower one fits. Targets only fill up, so a flow that does not fit
 * the least-loaded target now never will, and is passed over for good. */
static unsigned
choose(const struct rssa *r, const struct rssa_flow *f, unsigned n, const bool *target,
       double *load, struct rssa_move *out, unsigned cap)
{
	unsigned cur[RSSA_MAX_WORKERS], end[RSSA_MAX_WORKERS], k = 0;
	double thr = r->p.q * r->p.epsilon;
	int i, j;

	flow_ranges(r, f, n, cur, end);
	while (k < cap && (i = most_loaded_source(r, load, target, cur, end, thr)) >= 0) {
		j = least_loaded(r, load, target);
		while (cur[i] < end[i] && (f[cur[i]].pinned || load[j] + f[cur[i]].load >= thr))
			cur[i]++;
		if (cur[i] == end[i])
			continue;
		out[k++] = (struct rssa_move){.flow = cur[i], .from = (uint16_t)i,
					      .to = (uint16_t)j};
		load[i] -= f[cur[i]].load;
		load[j] += f[cur[i]].load;
		cur[i]++;
	}
	return k;
}

static bool
move_before(const struct rssa_flow *f, const struct rssa_move *a, const struct rssa_move *b)
{
	const struct rssa_flow *x = &f[a->flow], *y = &f[b->flow];

	if (x->priority != y->priority)
		return x->priority > y->priority;
	if (x->load != y->load)
		return x->load > y->load;
	return a->flow < b->flow;
}

/* Phase 2: place the chosen flows again, highest class first, each on the least-loaded
 * worker where it stays below the threshold. A flow that no longer fits stays (the next
 * period sees its worker again). Returns the moves kept. */
static unsigned
place(const struct rssa *r, const struct rssa_flow *f, const bool *target,
      struct rssa_move *out, unsigned k)
{
	double load[RSSA_MAX_WORKERS], thr = r->p.q * r->p.epsilon;
	unsigned kept = 0;

	for (unsigned i = 0; i < r->n_workers; i++)
		load[i] = r->w[i].load;
	for (unsigned m = 1; m < k; m++) { /* insertion sort: k is at most max_moves */
		struct rssa_move t = out[m];
		unsigned x = m;

		for (; x > 0 && move_before(f, &t, &out[x - 1]); x--)
			out[x] = out[x - 1];
		out[x] = t;
	}
	for (unsigned m = 0; m < k; m++) {
		int j = least_loaded(r, load, target);
		double l = f[out[m].flow].load;

		if (j < 0 || load[j] + l >= thr)
			continue;
		load[j] += l;
		out[m].to = (uint16_t)j;
		out[kept++] = out[m];
	}
	return kept;
}

unsigned
rssa_plan(const struct rssa *r, struct rssa_flow *flows, unsigned n, struct rssa_move *out,
	  unsigned max)
{
	double load[RSSA_MAX_WORKERS];
	bool target[RSSA_MAX_WORKERS], any_src = false, any_tgt = false;
	unsigned cap = max < r->p.max_moves ? max : r->p.max_moves, k;

	if (r->periods == 0 || n == 0 || cap == 0)
		return 0;
	for (unsigned i = 0; i < r->n_workers; i++) {
		load[i] = r->w[i].load;
		target[i] = !rssa_overloaded(r, (uint16_t)i);
		any_src |= !target[i];
		any_tgt |= target[i];
	}
	if (!any_src || !any_tgt)
		return 0;
	flows_sort(flows, n);
	k = choose(r, flows, n, target, load, out, cap);
	return k > 1 ? place(r, flows, target, out, k) : k;
}

void
rssa_settings_default(struct rssa_settings *s)
{
	s->enabled = true;
	s->period_ms = 1000;
	rssa_params_default(&s->p);
}

const char *
rssa_settings_check(const struct rssa_settings *s)
{
	if (s->period_ms < 10 || s->period_ms > 60000)
		return "period_ms: must be 10 to 60000";
	if (s->period_ms / s->p.n_sam == 0)
		return "n_sam: more samples than milliseconds in a period";
	return rssa_params_check(&s->p);
}
