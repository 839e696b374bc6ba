/* SPDX-License-Identifier: BSD-3-Clause */
/* The software dispatch stage (dispatch.h). */
#include <string.h>
#include <sys/prctl.h>

#include <rte_cycles.h>
#include <rte_ethdev.h>
#include <rte_malloc.h>
#include <rte_rcu_qsbr.h>

#include "dispatch.h"
#include "inbox.h"
#include "parse.h"
#include "vxlan.h"

struct dispatcher *
dispatch_create(struct lcore_env *env, uint16_t id, uint16_t n, unsigned lcore, int socket)
{
	struct dispatcher *d = rte_zmalloc_socket("dispatch", sizeof(*d), RTE_CACHE_LINE_SIZE,
						  socket);

	if (d == NULL)
		return NULL;
	d->env = env;
	d->lcore = lcore;
	d->id = id;
	d->rcu_id = (uint16_t)(env->n_workers + id);
	d->next_raw = (uint16_t)(id % env->n_workers); /* the stages start their turns apart */
	for (uint16_t p = 0; p < env->ports->n; p++)
		for (uint16_t q = id; q < env->ports->p[p].nb_rxq && d->n_rxq < DISPATCH_MAX_RXQ;
		     q = (uint16_t)(q + n)) {
			d->rxq[d->n_rxq].port = p;
			d->rxq[d->n_rxq++].queue = q;
		}
	return d;
}

void
dispatch_sum(const struct dispatch_set *ds, struct dispatch_stats *out)
{
	memset(out, 0, sizeof(*out));
	for (uint16_t i = 0; i < ds->n; i++) {
		/* Read while the stage counts: each an aligned 64-bit load, never torn. */
		const struct dispatch_stats *s = &ds->d[i]->stats;

		out->rx_pkts += s->rx_pkts;
		out->rx_bytes += s->rx_bytes;
		out->raw += s->raw;
		out->steered += s->steered;
		out->full += s->full;
		out->busy_cycles += s->busy_cycles;
		out->idle_sleeps += s->idle_sleeps;
		out->fences += s->fences;
		out->fence_held += s->fence_held;
		out->fence_early += s->fence_early;
	}
}

void
dispatch_free(struct dispatcher *d)
{
	if (d == NULL)
		return;
	for (uint16_t i = 0; i < d->n_fences; i++)
		rte_pktmbuf_free_bulk(d->fence[i].held, d->fence[i].n_held);
	rte_free(d);
}

/* The owner of a plain TCP/UDP packet with tuple k, by the rule the workers follow
 * (steer_owner_by_table); *client_hash is its client endpoint's hash. */
static __rte_always_inline uint16_t
owner_of(struct dispatcher *d, const struct vs_table *vst, const struct steer_table *t,
	 const struct flow_key *k, uint32_t *client_hash)
{
	bool overridden;
	uint32_t ch = steer_client_hash_of(k, vs_is_vip(vst, &k->dst));
	uint16_t o = steer_owner_by_table(t, d->env->n_workers, k, ch, &overridden);

	d->stats.steered += overridden;
	*client_hash = ch;
	return o;
}

/* Put objs[0..n) on worker o's inbox; what does not fit is dropped and counted. */
static void
send_to(struct dispatcher *d, uint16_t o, void **objs, unsigned n)
{
	unsigned k = rte_ring_mp_enqueue_burst(d->env->workers[o]->inbox, objs, n, NULL);

	if (k > 0)
		idle_wake_kick(&d->env->workers[o]->wake);

	d->stats.sent[o] += k;
	if (unlikely(k < n)) {
		d->stats.full += n - k;
		for (unsigned i = k; i < n; i++)
			rte_pktmbuf_free(inbox_mbuf(objs[i]));
	}
}

/* ---- move fences (dispatch.h) ---- */

/* Release fence i: its held packets go to the new owner, in order, and it goes. */
static void
fence_release(struct dispatcher *d, uint16_t i)
{
	struct dispatch_fence *fc = &d->fence[i];

	if (fc->n_held > 0)
		send_to(d, fc->to, (void **)fc->held, fc->n_held);
	if (i != --d->n_fences) {
		*fc = d->fence[d->n_fences];
	}
}

/* Fence the moves table t lists that the dispatcher has not seen yet. Up to here it sent
 * their packets to the old owner: those are in the old owner's inbox before pos. */
static void
fences_add(struct dispatcher *d, const struct steer_table *t)
{
	for (uint32_t k = 0; k < t->n_fresh; k++) {
		const struct steer_fresh *e = &t->fresh[k];
		struct dispatch_fence *fc;

		if (e->gen <= d->seen_gen || e->from >= d->env->n_workers || e->to >= d->env->n_workers)
			continue;
		/* Moved again before its last fence came down: that one goes first. */
		for (uint16_t i = 0; i < d->n_fences; i++)
			if (flow_key_eq(&d->fence[i].key[0], &e->key[0])) {
				fence_release(d, i);
				d->stats.fence_early++;
				break;
			}
		if (d->n_fences == DISPATCH_MAX_FENCES) {
			d->stats.fence_early++;
			continue;
		}
		fc = &d->fence[d->n_fences++];
		fc->n_keys = e->n_keys;
		for (uint8_t j = 0; j < e->n_keys; j++) {
			fc->key[j] = e->key[j];
			fc->client_hash[j] = e->client_hash[j];
		}
		fc->from = e->from;
		fc->to = e->to;
		fc->n_held = 0;
		fc->since = d->now;
		fc->pos = __atomic_load_n(&d->env->workers[e->from]->inbox->prod.tail,
					  __ATOMIC_ACQUIRE);
		d->stats.fences++;
	}
	d->seen_gen = t->gen;
}

/* Release the fences whose old owner has dealt with its inbox up to pos (or took too long). */
static void
fences_poll(struct dispatcher *d)
{
	uint64_t max = d->env->hz / 1000000 * DISPATCH_FENCE_MAX_US;

	for (uint16_t i = 0; i < d->n_fences;) {
		struct dispatch_fence *fc = &d->fence[i];
		uint32_t done = __atomic_load_n(&d->env->workers[fc->from]->inbox_done,
						__ATOMIC_ACQUIRE);

		if ((int32_t)(done - fc->pos) >= 0) {
			fence_release(d, i);
		} else if (d->now - fc->since > max) {
			fence_release(d, i);
			d->stats.fence_early++;
		} else {
			i++;
		}
	}
}

/* Whether m (tuple k, client hash ch) belongs to a fenced move: then it is held (or, the hold
 * being full, the fence comes down and m follows its held packets). */
static bool
fence_hold(struct dispatcher *d, uint32_t ch, const struct flow_key *k, struct rte_mbuf *m)
{
	for (uint16_t i = 0; i < d->n_fences; i++) {
		struct dispatch_fence *fc = &d->fence[i];

		for (uint8_t j = 0; j < fc->n_keys; j++) {
			if (fc->client_hash[j] != ch || !flow_key_eq(&fc->key[j], k))
				continue;
			if (fc->n_held == DISPATCH_FENCE_HOLD) {
				uint16_t to = fc->to;

				fence_release(d, i);
				d->stats.fence_early++;
				send_to(d, to, (void **)&m, 1);
				return true;
			}
			fc->held[fc->n_held++] = m;
			d->stats.fence_held++;
			return true;
		}
	}
	return false;
}

static void
dispatch_burst(struct dispatcher *d, const struct vs_table *vst, const struct steer_table *t,
	       struct rte_mbuf **pkts, uint16_t n)
{
	uint16_t n_workers = d->env->n_workers, owner[FWD_BURST], n_out = 0;
	void *objs[FWD_BURST];
	struct flow_key k;
	uint32_t ch;

	for (uint16_t i = 0; i < n; i++) {
		struct rte_mbuf *m = pkts[i];

		/* VXLAN's outer tuple names no connection: its owner is its inner packet's, which
		 * a worker finds (and hands it to), so it goes as raw (docs/mode-vxlan.md). */
		if (likely(parse_peek_tuple(rte_pktmbuf_mtod(m, const uint8_t *),
				      rte_pktmbuf_data_len(m), &k)) &&
		    likely(k.dport != RTE_BE16(VXLAN_UDP_PORT))) {
			uint16_t o = owner_of(d, vst, t, &k, &ch);

			d->stats.rx_pkts++;
			d->stats.rx_bytes += m->pkt_len;
			if (unlikely(d->n_fences > 0) && fence_hold(d, ch, &k, m))
				continue;
			owner[n_out] = o;
			objs[n_out++] = m;
		} else {
			/* Spread over the workers: none of it belongs to a worker by its tuple. */
			owner[n_out] = d->next_raw;
			d->next_raw = (uint16_t)((d->next_raw + 1) % n_workers);
			objs[n_out++] = inbox_tag_raw(m);
			d->stats.raw++;
		}
	}
	/* One ring burst per owner, in arrival order within it. */
	while (n_out > 0) {
		void *mine[FWD_BURST];
		uint16_t o, n_mine = inbox_batch_take(objs, owner, &n_out, mine, &o);

		send_to(d, o, mine, n_mine);
	}
}

unsigned
dispatch_poll_once(struct dispatcher *d)
{
	struct lcore_env *env = d->env;
	struct rte_mbuf *pkts[FWD_BURST];
	const struct fwd_snapshot *s;
	const struct steer_table *t;
	unsigned total = 0;

	/* Quiescent point: no snapshot or steering table is held past here. */
	rte_rcu_qsbr_quiescent(env->rcu, d->rcu_id);
	s = snap_current(env->snap);
	t = steer_link_table(env->steer);
	d->now = rte_rdtsc();
	if (unlikely(t != NULL && t->gen > d->seen_gen))
		fences_add(d, t);
	if (unlikely(d->n_fences > 0))
		fences_poll(d);
	for (uint16_t q = 0; q < d->n_rxq; q++) {
		uint16_t n = rte_eth_rx_burst(env->ports->p[d->rxq[q].port].port_id, d->rxq[q].queue,
					      pkts, FWD_BURST);

		if (n == 0)
			continue;
		total += n;
		dispatch_burst(d, s->vst, t, pkts, n);
	}
	return total;
}

int
dispatch_main(void *arg)
{
	struct dispatcher *d = arg;

	prctl(PR_SET_TIMERSLACK, 1000UL, 0, 0, 0);
	while (!d->env->quit) {
		unsigned n = dispatch_poll_once(d);

		if (n > 0)
			d->stats.busy_cycles += rte_rdtsc() - d->now;
		/* No sleep while holding packets. */
		if (idle_backoff(&d->idle, n + d->n_fences, d->env->idle_sleep_max_us, d->env->rcu,
				 d->rcu_id))
			d->stats.idle_sleeps++;
	}
	rte_rcu_qsbr_thread_offline(d->env->rcu, d->rcu_id);
	return 0;
}
