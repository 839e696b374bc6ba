/* SPDX-License-Identifier: BSD-3-Clause */
/* The software dispatch stage (dispatch.h). */
#include <sys/prctl.h>

#include <rte_cycles.h>
#include <rte_ethdev.h>
#include <rte_malloc.h>
#include <rte_rcu_qsbr.h>

#include "dispatch.h"

/* As a worker's idle back-off (worker.c). */
#define IDLE_SPIN_POLLS 1024

struct dispatcher *
dispatch_create(struct fwd *f, unsigned lcore, int socket)
{
	struct dispatcher *d = rte_zmalloc_socket("dispatch", sizeof(*d), RTE_CACHE_LINE_SIZE,
						  socket);

	if (d == NULL)
		return NULL;
	d->f = f;
	d->lcore = lcore;
	d->rcu_id = f->n_workers;
	for (uint16_t p = 0; p < f->n_ports; p++)
		for (uint16_t q = 0; q < f->ports[p].nb_rxq && d->n_rxq < DISPATCH_MAX_RXQ; q++) {
			d->rxq[d->n_rxq].port = p;
			d->rxq[d->n_rxq++].queue = q;
		}
	return d;
}

void
dispatch_free(struct dispatcher *d)
{
	rte_free(d);
}

/* The owner of a plain TCP/UDP packet with tuple k: the client is the source when the packet
 * goes to a VIP, else the destination (a reply from an NF), as worker_classify decides. */
static __rte_always_inline uint16_t
owner_of(struct dispatcher *d, const struct vs_table *vst, const struct steer_table *t,
	 const struct flow_key *k)
{
	bool to_vip = vs_is_vip(vst, &k->dst);
	uint32_t ch = to_vip ? steer_client_hash(&k->src, k->sport)
			     : steer_client_hash(&k->dst, k->dport);
	uint16_t o = (uint16_t)(((uint64_t)ch * d->f->n_workers) >> 32);

	if (t != NULL && unlikely(steer_filter_hit(t, ch))) {
		int i = steer_lookup(t, k, flow_hash(k));

		if (i >= 0) {
			d->stats.steered++;
			o = (uint16_t)i;
		}
	}
	return o;
}

/* Put objs[0..n) on worker o's inbox; what does not fit is dropped and counted. */
static void
send_to(struct dispatcher *d, uint16_t o, void **objs, unsigned n)
{
	unsigned k = rte_ring_mp_enqueue_burst(d->f->workers[o]->inbox, objs, n, NULL);

	d->stats.sent[o] += k;
	if (unlikely(k < n)) {
		d->stats.full += n - k;
		for (unsigned i = k; i < n; i++)
			rte_pktmbuf_free((struct rte_mbuf *)((uintptr_t)objs[i] & ~(uintptr_t)3));
	}
}

static void
dispatch_burst(struct dispatcher *d, const struct vs_table *vst, const struct steer_table *t,
	       struct rte_mbuf **pkts, uint16_t n)
{
	uint16_t n_workers = d->f->n_workers, owner[FWD_BURST];
	void *objs[FWD_BURST];
	struct flow_key k;

	for (uint16_t i = 0; i < n; i++) {
		struct rte_mbuf *m = pkts[i];

		if (likely(steer_peek(rte_pktmbuf_mtod(m, const uint8_t *),
				      rte_pktmbuf_data_len(m), &k))) {
			owner[i] = owner_of(d, vst, t, &k);
			objs[i] = m;
			d->stats.rx_pkts++;
			d->stats.rx_bytes += m->pkt_len;
		} else {
			/* Spread over the workers: none of it belongs to a worker by its tuple. */
			owner[i] = d->next_raw;
			d->next_raw = (uint16_t)((d->next_raw + 1) % n_workers);
			objs[i] = dispatch_tag_raw(m);
			d->stats.raw++;
		}
	}
	/* One ring burst per owner, in arrival order within it. */
	while (n > 0) {
		uint16_t o = owner[0], rest = 0, n_mine = 0;
		void *mine[FWD_BURST];

		for (uint16_t i = 0; i < n; i++) {
			if (owner[i] == o) {
				mine[n_mine++] = objs[i];
			} else {
				objs[rest] = objs[i];
				owner[rest++] = owner[i];
			}
		}
		send_to(d, o, mine, n_mine);
		n = rest;
	}
}

unsigned
dispatch_poll_once(struct dispatcher *d)
{
	struct fwd *f = d->f;
	struct rte_mbuf *pkts[FWD_BURST];
	const struct fwd_snapshot *s;
	const struct steer_table *t;
	unsigned total = 0;

	/* Quiescent point: no snapshot or steering table is held past here. */
	rte_rcu_qsbr_quiescent(f->rcu, d->rcu_id);
	s = __atomic_load_n(&f->snap, __ATOMIC_ACQUIRE);
	t = __atomic_load_n(&f->steer, __ATOMIC_ACQUIRE);
	d->now = rte_rdtsc();
	for (uint16_t q = 0; q < d->n_rxq; q++) {
		uint16_t n = rte_eth_rx_burst(f->ports[d->rxq[q].port].port_id, d->rxq[q].queue,
					      pkts, FWD_BURST);

		if (n == 0)
			continue;
		total += n;
		dispatch_burst(d, s->vst, t, pkts, n);
	}
	return total;
}

/* As worker_idle: spin, then sleep for doubling periods, offline for RCU meanwhile. */
static void
dispatch_idle(struct dispatcher *d, unsigned nrx)
{
	uint32_t max = d->f->idle_sleep_max_us;

	if (nrx > 0) {
		d->empty_polls = 0;
		d->sleep_us = 0;
		return;
	}
	if (max == 0 || ++d->empty_polls < IDLE_SPIN_POLLS)
		return;
	d->sleep_us = d->sleep_us == 0 ? 1 : RTE_MIN(d->sleep_us * 2, max);
	rte_rcu_qsbr_thread_offline(d->f->rcu, d->rcu_id);
	rte_delay_us_sleep(d->sleep_us);
	rte_rcu_qsbr_thread_online(d->f->rcu, d->rcu_id);
	d->stats.idle_sleeps++;
}

int
dispatch_main(void *arg)
{
	struct dispatcher *d = arg;

	prctl(PR_SET_TIMERSLACK, 1000UL, 0, 0, 0);
	while (!d->f->quit) {
		unsigned n = dispatch_poll_once(d);

		if (n > 0)
			d->stats.busy_cycles += rte_rdtsc() - d->now;
		dispatch_idle(d, n);
	}
	rte_rcu_qsbr_thread_offline(d->f->rcu, d->rcu_id);
	return 0;
}
