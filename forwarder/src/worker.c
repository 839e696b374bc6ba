/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The worker loop: poll every RX queue and the inbox, hand each burst to the pipeline
 * (worker_process_burst, worker_fwd.c), expire a few connections and flush.
 */
#include <sys/prctl.h>

#include <rte_cycles.h>
#include <rte_ethdev.h>
#include <rte_lcore.h>
#include <rte_malloc.h>

#include "dispatch.h"
#include "worker.h"
#include "worker_fwd.h"
#include "worker_steer.h"

/* Consecutive empty polls before an idle worker starts sleeping: about 10-50 µs of spinning,
 * so a burst that pauses briefly never pays a wake-up. */
#define IDLE_SPIN_POLLS 1024
/* Connections examined for expiry per loop iteration. */
#define EXPIRE_BUDGET 32

static void
tx_drop_cb(struct rte_mbuf **unsent, uint16_t count, void *arg)
{
	struct worker *w = arg;

	w->stats.drops[HVLB_DROP_TX_FULL] += count;
	w->stats.tx_pkts -= count;
	rte_pktmbuf_free_bulk(unsent, count);
}

struct worker *
worker_create(struct fwd *f, uint16_t id, unsigned lcore, int socket)
{
	struct worker *w;
	char name[RTE_RING_NAMESIZE];
	size_t csz = conn_table_mem_size(f->conn_max);
	void *cmem;

	w = rte_zmalloc_socket("worker", sizeof(*w), RTE_CACHE_LINE_SIZE, socket);
	if (w == NULL)
		return NULL;
	w->id = id;
	w->lcore = lcore;
	w->fwd = f;
	w->txq = id;
	w->socket = socket;
	snprintf(name, sizeof(name), "hvlb_inbox_%u", id);
	w->inbox = rte_ring_create(name, WORKER_INBOX_SIZE, socket, RING_F_SC_DEQ);
	snprintf(name, sizeof(name), "hvlb_cmd_%u", id);
	w->cmd = rte_ring_create(name, WORKER_CMD_SIZE, socket, RING_F_SP_ENQ | RING_F_SC_DEQ);
	if (w->inbox == NULL || w->cmd == NULL)
		goto fail_ring;
	cmem = rte_zmalloc_socket("conns", csz, RTE_CACHE_LINE_SIZE, socket);
	if (cmem == NULL)
		goto fail_ring;
	w->conns = conn_table_init(cmem, f->conn_max, f->hz, &f->snap->timeouts);
	for (uint16_t p = 0; p < f->n_ports; p++) {
		w->tx[p] = rte_zmalloc_socket("txbuf", RTE_ETH_TX_BUFFER_SIZE(FWD_BURST), 0, socket);
		if (w->tx[p] == NULL)
			goto fail_tx;
		rte_eth_tx_buffer_init(w->tx[p], FWD_BURST);
		rte_eth_tx_buffer_set_err_callback(w->tx[p], tx_drop_cb, w);
	}
	sched_worker_init(&w->sched, rte_rdtsc() ^ ((uint64_t)id << 32) ^ 0x9E3779B97F4A7C15ull,
			  w->rs_active);
	w->snap = f->snap;
	w->snap_version = f->snap->version;
	return w;

fail_tx:
	for (uint16_t p = 0; p < f->n_ports; p++)
		rte_free(w->tx[p]);
	rte_free(cmem);
fail_ring:
	rte_ring_free(w->cmd);
	rte_ring_free(w->inbox);
	rte_free(w);
	return NULL;
}

void
worker_free(struct worker *w)
{
	if (w == NULL)
		return;
	for (uint16_t p = 0; p < w->fwd->n_ports; p++)
		rte_free(w->tx[p]);
	rte_free(w->conns);
	rte_ring_free(w->cmd);
	rte_ring_free(w->inbox);
	rte_free(w);
}

static void
expire_cb(void *arg, const struct conn *c)
{
	worker_conn_gone(arg, c);
}

void
worker_flush(struct worker *w)
{
	for (uint16_t p = 0; p < w->fwd->n_ports; p++)
		rte_eth_tx_buffer_flush(w->fwd->ports[p].port_id, w->txq, w->tx[p]);
}

/* Back off when there is nothing to do, so an idle forwarder does not burn its cores: spin
 * for a while, then sleep for doubling periods up to idle_sleep_max_us. While asleep the
 * worker is offline for RCU, so configuration changes never wait for it. */
static void
worker_idle(struct worker *w, unsigned nrx)
{
	uint32_t max = w->fwd->idle_sleep_max_us;

	if (nrx > 0) {
		w->empty_polls = 0;
		w->sleep_us = 0;
		w->stats.busy_polls++;
		return;
	}
	w->stats.empty_polls++;
	if (max == 0 || ++w->empty_polls < IDLE_SPIN_POLLS)
		return;
	w->sleep_us = w->sleep_us == 0 ? 1 : RTE_MIN(w->sleep_us * 2, max);
	rte_rcu_qsbr_thread_offline(w->fwd->rcu, w->id);
	rte_delay_us_sleep(w->sleep_us);
	rte_rcu_qsbr_thread_online(w->fwd->rcu, w->id);
	w->stats.idle_sleeps++;
}

/* Frames the control thread built (ARP requests, neighbour solicitations) leave through
 * worker 0's TX queues. */
static void
send_control_frames(struct worker *w)
{
	struct rte_mbuf *pkts[8];
	unsigned n = rte_ring_sc_dequeue_burst(w->fwd->ctrl_tx_ring, (void **)pkts, 8, NULL);

	for (unsigned i = 0; i < n; i++) {
		uint16_t p = w->fwd->port_index[pkts[i]->port];
		w->stats.tx_pkts++;
		w->stats.tx_bytes += pkts[i]->pkt_len;
		rte_eth_tx_buffer(w->fwd->ports[p].port_id, w->txq, w->tx[p], pkts[i]);
	}
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

		if (likely(((uintptr_t)objs[i] & 3) == 0)) /* a packet: no tag */
			continue;
		if (i > start)
			worker_process_burst(w, (struct rte_mbuf **)&objs[start], (uint16_t)(i - start),
					     1);
		pkts += i - start;
		start = i + 1;
		if (steer_is_msg(objs[i])) {
			worker_steer_msg(w, steer_msg_untag(objs[i]));
			continue;
		}
		raw = dispatch_untag(objs[i]);
		worker_process_burst(w, &raw, 1, 0);
		raws++;
	}
	if (n > start)
		worker_process_burst(w, (struct rte_mbuf **)&objs[start], (uint16_t)(n - start), 1);
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
	struct fwd *f = w->fwd;
	unsigned total = 0;

	/* Quiescent point: nothing from the previous snapshot or steering table is held past
	 * here. */
	rte_rcu_qsbr_quiescent(f->rcu, w->id);
	w->snap = __atomic_load_n(&f->snap, __ATOMIC_ACQUIRE);
	if (unlikely(w->snap->version != w->snap_version)) {
		conn_table_set_timeouts(w->conns, &w->snap->timeouts);
		w->snap_version = w->snap->version;
	}
	w->steer = __atomic_load_n(&f->steer, __ATOMIC_ACQUIRE);
	worker_steer_refresh(w);
	w->now = rte_rdtsc();
	/* Cached neighbours filled before a change are stale from here on. */
	w->neigh_version = __atomic_load_n(&f->neigh_version, __ATOMIC_ACQUIRE);
	if (unlikely(!rte_ring_empty(w->cmd)))
		worker_steer_commands(w);

	for (uint16_t q = 0; q < w->n_rxq; q++) {
		uint16_t n = rte_eth_rx_burst(f->ports[w->rxq[q].port].port_id, w->rxq[q].queue,
					      pkts, FWD_BURST);
		if (n == 0)
			continue;
		total += n;
		worker_process_burst(w, pkts, n, 0);
	}
	total += inbox_poll(w);
	if (w->id == 0)
		send_control_frames(w);
	conn_expire(w->conns, w->now, EXPIRE_BUDGET, expire_cb, w);
	worker_flush(w);
	return total;
}

int
worker_main(void *arg)
{
	struct worker *w = arg;

	/* Sleeps of a few µs only make sense with a fine timer slack (default 50 µs). */
	prctl(PR_SET_TIMERSLACK, 1000UL, 0, 0, 0);
	rte_rcu_qsbr_thread_register(w->fwd->rcu, w->id);
	rte_rcu_qsbr_thread_online(w->fwd->rcu, w->id);
	while (!w->fwd->quit) {
		unsigned n = worker_poll_once(w);

		/* The load RSS-A samples: the time of the loop iterations that had work, over
		 * all the time (busy / total cycles, as DPDK's lcore usage counts it). An
		 * iteration with packets counts whole, its empty polls of other queues too. */
		if (n > 0)
			w->stats.busy_cycles += rte_rdtsc() - w->now;
		worker_idle(w, n);
	}
	rte_rcu_qsbr_thread_offline(w->fwd->rcu, w->id);
	rte_rcu_qsbr_thread_unregister(w->fwd->rcu, w->id);
	return 0;
}
