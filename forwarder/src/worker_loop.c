/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The worker loop: poll every RX queue and the inbox, hand each burst to the pipeline
 * (worker_process_burst, worker_fwd.c), expire a few connections and flush.
 */
#include <errno.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/prctl.h>

#include <rte_cycles.h>
#include <rte_ethdev.h>
#include <rte_lcore.h>

#include "inbox.h"
#include "worker_answer.h"
#include "worker_frag.h"
#include "worker_fwd.h"
#include "worker_kfp.h"
#include "worker_loop.h"
#include "worker_steer.h"
#include "worker_sync.h"
#include "worker_synproxy.h"
#include "worker_tx.h"

/* Connections examined for expiry per loop iteration: EXPIRE_BUDGET, less one for each packet
 * the iteration took in, down to EXPIRE_BUDGET_MIN. An idle worker sweeps the table at
 * EXPIRE_BUDGET per wake-up; a busy one runs an iteration per burst, so a quarter of that
 * still sweeps at a quarter of its packet rate (2.5 M entries a second at 10 Mpps: a table of
 * 16 M entries in under 7 s, far below any timeout), and full bursts pay 8 entries instead of
 * 32 (callgrind: about 11 instructions a packet -> 4). */
#define EXPIRE_BUDGET 32u
#define EXPIRE_BUDGET_MIN 8u

static void
expire_cb(void *arg, const struct conn *c)
{
	struct worker *w = arg;

	if (unlikely(w->sync_on))
		worker_sync_expired(w, c);
	worker_conn_gone(w, c);
}

/* Packets this worker owns, more than a burst maybe (a hold releases up to WORKER_SYNC_HOLD
 * at once): the pipeline takes FWD_BURST at a time, its arrays sized for one burst. */
static void
process_in_bursts(struct worker *w, struct rte_mbuf **pkts, uint16_t n)
{
	for (uint16_t i = 0; i < n; i += FWD_BURST)
		worker_process_burst(w, pkts + i, (uint16_t)RTE_MIN(n - i, FWD_BURST), 1,
				     WORKER_PORT_EACH);
}

/* Connection sync's share of the iteration: peers' records, walks, records out; and the NF
 * replies held for a record that has come since go through the pipeline again. */
static __rte_noinline void
sync_poll(struct worker *w)
{
	worker_sync_poll(w);
	if (unlikely(w->sync.n_held > 0)) {
		struct rte_mbuf *go[WORKER_SYNC_HOLD], *late[WORKER_SYNC_HOLD];
		uint16_t n_late, n = worker_sync_release(w, go, late, &n_late);

		process_in_bursts(w, go, n);
		if (n_late > 0) {
			w->sync.no_pull = true;
			process_in_bursts(w, late, n_late);
			w->sync.no_pull = false;
		}
		worker_sync_flush(w); /* what they changed */
	}
}

/* Sync went on or off (the control thread's env->sync_on): start or forget its walks. */
static __rte_noinline void
sync_toggle(struct worker *w)
{
	w->sync_on = w->env->sync_on;
	worker_sync_reset(w);
}

/* Frames the control thread built (ARP requests, neighbour solicitations) leave through
 * worker 0's TX queues. */
static void
send_control_frames(struct worker *w)
{
	struct rte_mbuf *pkts[8];
	unsigned n = rte_ring_sc_dequeue_burst(w->env->neigh->tx, (void **)pkts, 8, NULL);

	for (unsigned i = 0; i < n; i++)
		tx_queue(w, w->ports->index[pkts[i]->port], pkts[i]);
}

/* Drain one burst of the inbox: packets other workers or the dispatch stage handed here, and
 * steering messages, each dealt with in its place among them (a connection's entry before its
 * packets, an unmark after the packets queued ahead of it). Packets are this worker's to
 * handle, except those the dispatch stage tagged raw (not plain TCP/UDP), which are classified
 * in full as if received here. Returns the packets. */
static unsigned
inbox_poll(struct worker *w)
{
	void *objs[FWD_BURST];
	unsigned n = rte_ring_sc_dequeue_burst(w->inbox, objs, FWD_BURST, NULL);
	unsigned start = 0, pkts = 0, raws = 0;

	for (unsigned i = 0; i < n; i++) {
		struct rte_mbuf *raw;

		if (likely(inbox_is_plain(objs[i])))
			continue;
		if (i > start)
			worker_process_burst(w, (struct rte_mbuf **)&objs[start], (uint16_t)(i - start),
					     1, WORKER_PORT_EACH);
		pkts += i - start;
		start = i + 1;
		if (inbox_is_msg(objs[i])) {
			worker_steer_msg(w, inbox_msg(objs[i]));
			continue;
		}
		raw = inbox_mbuf(objs[i]);
		worker_process_burst(w, &raw, 1, 0, WORKER_PORT_EACH);
		raws++;
	}
	if (n > start)
		worker_process_burst(w, (struct rte_mbuf **)&objs[start], (uint16_t)(n - start), 1,
				     WORKER_PORT_EACH);
	pkts += n - start;
	w->stats.handoff_in += pkts;
	/* After everything from this burst that goes on to another worker is on its inbox. */
	if (n > 0)
		__atomic_store_n(&w->inbox_done, w->inbox_done + n, __ATOMIC_RELEASE);
	return pkts + raws;
}

unsigned
worker_poll_once(struct worker *w)
{
	struct rte_mbuf *pkts[FWD_BURST];
	struct lcore_env *env = w->env;
	const uint32_t *rs_gen_before;
	unsigned total = 0;

	/* Quiescent point: nothing from the previous snapshot or steering table is held past
	 * here. */
	rte_rcu_qsbr_quiescent(env->rcu, w->id);
	rs_gen_before = w->rs_gen;
	w->snap = snap_current(env->snap);
	w->rs_gen = w->snap->rs_gen;
	/* A new snapshot: by its version, and by its RS generations' array whatever the version
	 * says (the fast path's rs[].nh.fast_gen stands for a stale check only within an epoch). */
	if (unlikely(w->snap->version != w->snap_version || w->rs_gen != rs_gen_before)) {
		worker_set_timeouts(w);
		w->snap_version = w->snap->version;
		worker_nh_epoch_next(w);
	}
	if (unlikely(__atomic_load_n(&env->fnat_gen, __ATOMIC_ACQUIRE) != w->fnat_gen))
		worker_fullnat_reload(w);
	w->steer = steer_link_table(env->steer);
	worker_steer_refresh(w);
	w->now = rte_rdtsc();
	w->tnow = conn_tnow(w->conns, w->now);
	w->cap = __atomic_load_n(&env->capture, __ATOMIC_ACQUIRE);
	neigh_cache_sync(&w->neigh, env->neigh);
	if (unlikely(w->neigh.version != w->nh_neigh_version)) {
		w->nh_neigh_version = w->neigh.version;
		worker_nh_epoch_next(w);
	}
	if (unlikely(!rte_ring_empty(w->cmd)))
		worker_steer_commands(w);
	if (unlikely(env->sync_on != w->sync_on))
		sync_toggle(w);
	w->plain = !w->sync_on && w->cap == NULL;
	w->kfp.on = w->kfp.avail && env->kernel_fast_path;

	for (uint16_t q = 0; q < w->n_rxq; q++) {
		uint16_t n = rte_eth_rx_burst(w->ports->p[w->rxq[q].port].port_id, w->rxq[q].queue,
					      pkts, FWD_BURST);
		if (n == 0)
			continue;
		total += n;
		worker_process_burst(w, pkts, n, 0, w->rxq[q].port);
	}
	total += inbox_poll(w);
	/* Later fragments after the packets ahead of them (worker_frag.h). */
	if (unlikely(worker_frag_busy(w)))
		worker_frag_poll(w);
	if (w->id == 0)
		send_control_frames(w);
	if (unlikely(w->neigh.n_held > 0))
		worker_neigh_poll(w);
	conn_expire(w->conns, w->now,
		    EXPIRE_BUDGET - RTE_MIN(total, EXPIRE_BUDGET - EXPIRE_BUDGET_MIN), expire_cb, w);
	if (unlikely(w->now - w->sp_tick >= env->hz))
		worker_synproxy_tick(w);
	if (unlikely(w->kfp.n > 0) &&
	    (w->now - w->kfp.tick >= env->hz / KFP_SCAN_PER_S ||
	     worker_kfp_changed(&w->kfp, w->nh_epoch, w->cap != NULL)))
		worker_kfp_scan(w);
	if (unlikely(w->sync_on))
		sync_poll(w);
	worker_flush(w);
	return total;
}

/* The kernel sockets of this worker's RX queues and its kick eventfd, for idle_wake = rx
 * (idle.h, port_ksock.h). */
static void
idle_wake_init(struct worker *w)
{
	int efd;

	w->wake.n = 0;
	w->wake.kick = -1;
	w->wake.watch[0] = w->inbox;
	w->wake.watch[1] = w->cmd;
	w->wake.watch[2] = w->sync_in;
	w->wake.watch[3] = w->id == 0 ? w->env->neigh->tx : NULL; /* send_control_frames */
	for (uint16_t q = 0; q < w->n_rxq && w->wake.n < IDLE_WAKE_MAX - 1; q++) {
		const struct port_ksocks *ks = &w->ports->p[w->rxq[q].port].ks;

		if (w->rxq[q].queue < ks->n)
			w->wake.fd[w->wake.n++] = (struct pollfd){.fd = ks->fd[w->rxq[q].queue],
								  .events = POLLIN};
	}
	w->wake.all_rx = w->wake.n == w->n_rxq;
	efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	if (efd < 0) {
		/* Handed-over packets then wait for the end of a sleep, as before the kick. */
		RTE_LOG(WARNING, USER1, "worker %u: eventfd: %s (idle sleeps stay short)\n", w->id,
			strerror(errno));
		w->wake.all_rx = false;
		return;
	}
	w->wake.fd[w->wake.n] = (struct pollfd){.fd = efd, .events = POLLIN};
	/* Its descriptor before its index: kickers may look from here on. */
	__atomic_store_n(&w->wake.kick, (int16_t)w->wake.n, __ATOMIC_RELEASE);
	w->wake.n++;
}

/* The longest sleep of this idle iteration: idle_sleep_wake_max_us where every source of
 * urgent work wakes the worker (its frames, its inbox's kick) and it holds nothing that waits
 * on a timer of its own (fragments behind other workers' packets, packets awaiting ARP);
 * else idle_sleep_max_us. 0 (always polling) stays 0. */
static inline uint32_t
idle_ceiling(const struct worker *w)
{
	uint32_t us = w->env->idle_sleep_max_us;

	if (us != 0 && w->env->idle_wake_rx && w->wake.all_rx && w->wake.kick >= 0 &&
	    !worker_frag_busy(w) && w->neigh.n_held == 0)
		us = RTE_MAX(us, w->env->idle_sleep_wake_max_us);
	return us;
}

int
worker_main(void *arg)
{
	struct worker *w = arg;
	int rc;

	/* Sleeps of a few µs only make sense with a fine timer slack (default 50 µs). */
	prctl(PR_SET_TIMERSLACK, 1000UL, 0, 0, 0);
	if ((rc = idle_set_slice(w->env->worker_slice_us)) != 0)
		RTE_LOG(WARNING, USER1, "worker %u: worker_slice_us %u: %s (the kernel's slice "
			"kept)\n", w->id, w->env->worker_slice_us, strerror(-rc));
	rte_rcu_qsbr_thread_register(w->env->rcu, w->id);
	rte_rcu_qsbr_thread_online(w->env->rcu, w->id);
	idle_wake_init(w);
	for (uint16_t i = 0; i < w->ports->n; i++) /* the in-kernel fast path (worker_kfp.h) */
		w->kfp.avail |= w->ports->p[i].kfp.flows_fd >= 0;
	while (!w->env->quit) {
		unsigned n = worker_poll_once(w);

		/* The load RSS-A samples: the time of the loop iterations that had work, over
		 * all the time (busy / total cycles, as DPDK's lcore usage counts it). An
		 * iteration with packets counts whole, its empty polls of other queues too. */
		if (n > 0)
			w->stats.busy_cycles += rte_rdtsc() - w->now;
		if (n > 0)
			w->stats.busy_polls++;
		else
			w->stats.empty_polls++;
		if (idle_backoff_wake(&w->idle, n, n > 0 ? 0 : idle_ceiling(w), w->env->rcu, w->id,
				      w->env->idle_wake_rx ? &w->wake : NULL))
			w->stats.idle_sleeps++;
	}
	rte_rcu_qsbr_thread_offline(w->env->rcu, w->id);
	rte_rcu_qsbr_thread_unregister(w->env->rcu, w->id);
	/* The kick eventfd stays open to the process's end: another lcore may still be
	 * handing this one its last packets, and must not write to a number reused. */
	return 0;
}
