/* SPDX-License-Identifier: BSD-3-Clause */
/* A worker's state (worker.h): creating and freeing it, its TX, its notes and accounting. */
#include <stdlib.h>

#include <rte_cycles.h>
#include <rte_ethdev.h>
#include <rte_lcore.h>
#include <rte_malloc.h>
#include <rte_ring_elem.h>

#include "parse.h"
#include "worker.h"

struct worker *
worker_create(struct lcore_env *env, uint16_t id, unsigned lcore, int socket, void *conn_mem)
{
	const struct fwd_snapshot *snap = snap_current(env->snap);
	char name[RTE_RING_NAMESIZE];
	struct worker *w;

	w = rte_zmalloc_socket("worker", sizeof(*w), RTE_CACHE_LINE_SIZE, socket);
	if (w == NULL)
		return NULL;
	w->id = id;
	w->lcore = lcore;
	w->env = env;
	w->ports = env->ports;
	w->txq = id;
	w->nh_epoch = 1; /* rs[].nh entries start at epoch 0: stale */
	w->socket = socket;
	snprintf(name, sizeof(name), "hvlb_inbox_%u", id);
	w->inbox = rte_ring_create(name, WORKER_INBOX_SIZE, socket, RING_F_SC_DEQ);
	w->wake.kick = -1; /* until worker_main makes its eventfd (idle_wake_init) */
	snprintf(name, sizeof(name), "hvlb_cmd_%u", id);
	w->cmd = rte_ring_create(name, WORKER_CMD_SIZE, socket, RING_F_SP_ENQ | RING_F_SC_DEQ);
	snprintf(name, sizeof(name), "hvlb_sync_out_%u", id);
	w->sync_out = rte_ring_create_elem(name, sizeof(struct sync_item), SYNC_OUT_RING, socket,
					   RING_F_SP_ENQ | RING_F_SC_DEQ);
	snprintf(name, sizeof(name), "hvlb_sync_in_%u", id);
	w->sync_in = rte_ring_create_elem(name, sizeof(struct sync_item), SYNC_IN_RING, socket,
					  RING_F_SP_ENQ | RING_F_SC_DEQ);
	if (w->inbox == NULL || w->cmd == NULL || w->sync_out == NULL || w->sync_in == NULL)
		goto fail_ring;
	w->conns = conn_table_init(conn_mem, env->conn_max, env->hz, &snap->timeouts);
	if (w->conns == NULL)
		goto fail_ring;
	w->conn_ticks = conn_timeout_ticks(w->conns);
	w->rtt_us_mult = (uint64_t)(((unsigned __int128)1000000 << 32) / env->hz);
	w->rtt_ticks_max = (uint64_t)RS_RTT_MAX_US * env->hz / 1000000;
	w->key_hash = conn_hash_tz == NULL ? WORKER_HASH_FLOW
		      : env->nic_hash	   ? WORKER_HASH_NIC
					   : WORKER_HASH_SOFT;
	w->nic_hash_checks = WORKER_NIC_HASH_CHECKS;
	for (unsigned i = 1; i < CONN_TO_SETS; i++)
		conn_table_set_timeouts(w->conns, (uint8_t)i, &snap->to_sets[i]);
	for (uint16_t p = 0; p < w->ports->n; p++) {
		w->tx[p] = rte_zmalloc_socket("txbuf", sizeof(*w->tx[p]), RTE_CACHE_LINE_SIZE, socket);
		if (w->tx[p] == NULL)
			goto fail_tx;
		w->tx[p]->size = FWD_BURST;
		w->tx[p]->port_id = w->ports->p[p].port_id;
		w->tx[p]->tx_max = w->ports->p[p].tx_max;
	}
	sched_worker_init(&w->sched, rte_rdtsc() ^ ((uint64_t)id << 32) ^ 0x9E3779B97F4A7C15ull,
			  w->rs_active);
	w->snap = snap;
	w->rs_gen = snap->rs_gen;
	w->snap_version = snap->version;
	if (worker_fullnat_init(w) != 0)
		goto fail_tx;
	if (worker_frag_init(w) != 0) {
		worker_fullnat_free(w);
		goto fail_tx;
	}
	return w;

fail_tx:
	for (uint16_t p = 0; p < w->ports->n; p++)
		rte_free(w->tx[p]);
fail_ring:
	rte_ring_free(w->sync_in);
	rte_ring_free(w->sync_out);
	rte_ring_free(w->cmd);
	rte_ring_free(w->inbox);
	rte_free(w);
	return NULL;
}

void
worker_set_timeouts(struct worker *w)
{
	for (unsigned i = 0; i < CONN_TO_SETS; i++)
		conn_table_set_timeouts(w->conns, (uint8_t)i, &w->snap->to_sets[i]);
}

void
worker_free(struct worker *w)
{
	if (w == NULL)
		return;
	neigh_hold_flush(&w->neigh);
	for (uint16_t i = 0; i < w->sync.n_held; i++)
		rte_pktmbuf_free(w->sync.held[i].m);
	for (uint16_t p = 0; p < w->ports->n; p++)
		rte_free(w->tx[p]);
	worker_fullnat_free(w);
	worker_frag_free(w);
	free(w->kfp.items); /* the in-kernel fast path's lists (worker_kfp.c) */
	free(w->kfp.index);
	free(w->kfp.free);
	rte_ring_free(w->sync_in);
	rte_ring_free(w->sync_out);
	rte_ring_free(w->cmd);
	rte_ring_free(w->inbox);
	rte_free(w);
}

void
worker_nh_epoch_next(struct worker *w)
{
	struct slot_list *l = &w->fast_slots;

	w->nh_epoch++;
	if (slot_list_overflowed(l)) {
		for (uint32_t s = 0; s <= RS_MAX_SLOTS; s++)
			w->rs[s].nh.fast_gen = 0;
	} else {
		for (uint32_t i = 0; i < slot_list_len(l); i++)
			w->rs[l->slot[i]].nh.fast_gen = 0;
	}
	slot_list_reset(l);
}

void
worker_flush(struct worker *w)
{
	for (uint16_t p = 0; p < w->ports->n; p++)
		if (w->tx[p]->length > 0)
			worker_tx_flush(w, p);
}

/* The packets and bytes are counted here, once a burst, as the port took them: the bytes
 * summed as they were queued (tx_queue), those the port did not take taken off again (before
 * they are freed; what it took it may have freed already). */
void
worker_tx_flush(struct worker *w, uint16_t port)
{
	struct worker_txq *b = w->tx[port];
	uint16_t n = b->length, sent;
	uint64_t bytes = b->bytes;

	sent = rte_eth_tx_burst(b->port_id, w->txq, b->pkts, n);
	b->length = 0;
	b->bytes = 0;
	if (unlikely(sent < n)) {
		for (uint16_t i = sent; i < n; i++)
			bytes -= b->pkts[i]->pkt_len;
		w->stats.drops[HVLB_DROP_TX_FULL] += (uint64_t)(n - sent);
		rte_pktmbuf_free_bulk(&b->pkts[sent], n - sent);
	}
	w->stats.tx_pkts += sent;
	w->stats.tx_bytes += bytes;
}

void
worker_note(struct worker *w, uint8_t type, uint32_t seq, const struct flow_key *key,
	    uint8_t n_keys)
{
	struct steer_note n = {.type = type, .n_keys = n_keys, .worker = w->id, .seq = seq};

	if (key != NULL)
		n.key = *key;
	if (rte_ring_mp_enqueue_elem(w->env->steer->notes, &n, sizeof(n)) != 0)
		w->stats.notes_lost++;
}

struct rte_mbuf *
worker_sp_unhold(struct worker *w, const struct conn *c)
{
	uint32_t idx = conn_index(w->conns, c);

	for (uint16_t i = 0; i < w->sp_n_held; i++) {
		struct worker_sp_held *h = &w->sp_held[i];

		if (h->idx == idx && h->created == c->created) {
			struct rte_mbuf *m = h->m;

			*h = w->sp_held[--w->sp_n_held];
			return m;
		}
	}
	return NULL;
}

void
worker_sp_forget(struct worker *w, const struct conn *c)
{
	struct rte_mbuf *m;

	if ((c->flags & CONN_FL_SP_EMB) && w->sp_vs[c->vs_slot].emb > 0)
		w->sp_vs[c->vs_slot].emb--;
	if (!(c->flags & CONN_FL_SP_WAIT))
		return;
	m = worker_sp_unhold(w, c);
	if (m != NULL) {
		w->stats.drops[HVLB_DROP_SYNPROXY_WAIT]++;
		rte_pktmbuf_free(m);
	}
}

void
worker_conn_gone(struct worker *w, const struct conn *c)
{
	w->rs_active[c->rs_slot]--;
	w->vs_active[c->vs_slot]--;
	if (unlikely(c->flags & CONN_FL_SP_ANY))
		worker_sp_forget(w, c);
	if (unlikely(c->mode == VS_MODE_FULLNAT))
		worker_fullnat_gone(w, c);
	/* A steered connection's override at the control thread can go. */
	if (unlikely(c->flags & CONN_FL_STEERED)) {
		struct flow_key k;

		conn_orig_key(c, &k);
		worker_note(w, STEER_NOTE_GONE, 0, &k, 1);
	}
}

void
worker_drop_bad_l4_csum(struct worker *w, struct rte_mbuf *m)
{
	const uint8_t *frame = rte_pktmbuf_mtod(m, const uint8_t *);
	uint16_t p = w->ports->index[m->port];
	struct pkt_info pi;

	/* The frame is as it came in (the checksum is verified before any rewrite); parsing it
	 * again keeps the drop sites as they are. */
	w->csum.bad[p]++;
	if (parse_frame(frame, rte_pktmbuf_data_len(m), &pi) == HVLB_DROP_NONE &&
	    parse_l4_csum_unfilled(frame, &pi))
		w->csum.unfilled[p]++;
	w->stats.drops[HVLB_DROP_BAD_L4_CSUM]++;
	rte_pktmbuf_free(m);
}
