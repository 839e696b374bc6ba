/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A worker's side of moving connections between workers (the protocol is in steer_msg.h):
 * handing a connection on (MIGRATE), taking one in (CONN), forgetting a moved entry (UNMARK),
 * and the owner of a packet while any of that is going on.
 */
#include <rte_mempool.h>
#include <rte_ring.h>
#include <rte_ring_elem.h>

#include "hash.h"
#include "inbox.h"
#include "sip.h"
#include "worker_steer.h"

static int
moved_find(const struct worker *w, const struct flow_key *key, uint32_t h)
{
	for (unsigned i = 0; i < w->n_moved; i++) {
		const struct worker_moved *m = &w->moved[i];

		for (unsigned k = 0; k < m->n_keys; k++)
			if (m->hash[k] == h && flow_key_eq(&m->key[k], key))
				return (int)i;
	}
	return -1;
}

bool
worker_steer_moved(struct worker *w, const struct flow_key *key, uint16_t *owner)
{
	int i = moved_find(w, key, flow_hash(key));

	if (i < 0)
		return false;
	w->stats.steer_fwd++;
	*owner = w->moved[i].to;
	return true;
}

/* The moved entry for a MIGRATE, kept in this worker until its UNMARK. */
static void
moved_add(struct worker *w, const struct steer_msg *m)
{
	struct worker_moved *e = &w->moved[w->n_moved++];

	e->n_keys = m->n_keys;
	e->to = m->to;
	e->seq = m->seq;
	for (unsigned k = 0; k < m->n_keys; k++) {
		e->key[k] = m->key[k];
		e->hash[k] = m->hash[k];
	}
	worker_steer_refresh(w);
}

/* Hand the connection m names to m->to. The new owner gets the entry on its inbox before any
 * packet this worker passes on after it: both go through the same FIFO, in this order. */
static void
migrate(struct worker *w, struct steer_msg *m)
{
	struct rte_mempool *pool = w->env->steer->pool;
	struct steer_msg fwd;
	enum conn_dir dir;
	struct conn *c;

	if (w->n_moved == WORKER_MAX_MOVED || m->to == w->id || m->to >= w->env->n_workers) {
		worker_note(w, STEER_NOTE_ABORTED, m->seq, NULL, 0);
		w->stats.steer_failed++;
		rte_mempool_put(pool, m);
		return;
	}
	/* A sip_call_id connection stays (core/sip.h): its client's packets carry no real in
	 * their tuple, so an override keyed by its ORIG key would never catch them. */
	if (unlikely(m->key[0].pad & SIP_PAD_TAG)) {
		worker_note(w, STEER_NOTE_ABORTED, m->seq, NULL, 0);
		w->stats.steer_failed++;
		rte_mempool_put(pool, m);
		return;
	}
	c = conn_lookup(w->conns, &m->key[0], conn_key_hash(&m->key[0]), &dir);
	if (c == NULL || dir != CONN_DIR_ORIG) {
		/* No state to move, but the flow belongs to the new owner from now on. */
		moved_add(w, m);
		worker_note(w, STEER_NOTE_NOT_FOUND, m->seq, NULL, 0);
		rte_mempool_put(pool, m);
		return;
	}
	/* This worker's own view of the keys wins over what the control thread read. */
	m->n_keys = conn_reply_tuple(c, &m->key[1]) ? 2 : 1;
	m->hash[1] = flow_hash(&m->key[1]); /* steer_msg's, not c->hash (the table's own) */
	m->type = STEER_MSG_CONN;
	m->from = w->id;
	m->conn = *c;
	fwd = *m; /* m belongs to the new owner once enqueued */
	/* Noted before the new owner can have it, so that the control thread hears of the export
	 * before the import (both notes go through one FIFO). */
	worker_note(w, STEER_NOTE_EXPORTED, fwd.seq, &fwd.key[1], fwd.n_keys);
	if (rte_ring_mp_enqueue(w->env->workers[m->to]->inbox, inbox_tag_msg(m)) != 0) {
		worker_note(w, STEER_NOTE_ABORTED, fwd.seq, NULL, 0);
		w->stats.steer_failed++;
		rte_mempool_put(pool, m);
		return;
	}
	idle_wake_kick(&w->env->workers[m->to]->wake);
	moved_add(w, &fwd);
	w->rs_active[c->rs_slot]--;
	w->vs_active[c->vs_slot]--;
	if (unlikely(c->flags & CONN_FL_SP_ANY))
		worker_sp_forget(w, c);
	conn_delete(w->conns, c);
	w->stats.steer_out++;
}

void
worker_steer_commands(struct worker *w)
{
	struct steer_msg *m;

	while (rte_ring_sc_dequeue(w->cmd, (void **)&m) == 0) {
		if (m->type == STEER_MSG_MIGRATE)
			migrate(w, m);
		else
			rte_mempool_put(w->env->steer->pool, m);
	}
}

/* A connection handed to this worker. It is marked steered when it now lives away from its
 * client's default owner, so that its end is reported and its override removed. */
static void
import(struct worker *w, struct steer_msg *m)
{
	struct conn *c = conn_import(w->conns, &m->conn);

	if (c == NULL) {
		w->stats.steer_failed++;
		worker_note(w, STEER_NOTE_IMPORT_FAILED, m->seq, NULL, 0);
		return;
	}
	c->flags &= (uint8_t)~(CONN_FL_STEERED | CONN_FL_SP_EMB); /* counted where it began */
	struct flow_key k;

	conn_orig_key(c, &k);
	if (steer_owner_of_tuple(w->env->n_workers, &k, true) != w->id)
		c->flags |= CONN_FL_STEERED;
	w->rs_active[c->rs_slot]++;
	w->vs_active[c->vs_slot]++;
	w->stats.steer_in++;
	worker_note(w, STEER_NOTE_IMPORTED, m->seq, NULL, 0);
}

static void
unmark(struct worker *w, const struct steer_msg *m)
{
	for (unsigned i = 0; i < w->n_moved; i++)
		if (w->moved[i].seq == m->seq) {
			w->moved[i] = w->moved[--w->n_moved];
			break;
		}
	worker_steer_refresh(w);
	worker_note(w, STEER_NOTE_UNMARKED, m->seq, NULL, 0);
}

void
worker_steer_msg(struct worker *w, struct steer_msg *m)
{
	if (m->type == STEER_MSG_CONN)
		import(w, m);
	else if (m->type == STEER_MSG_UNMARK)
		unmark(w, m);
	rte_mempool_put(w->env->steer->pool, m);
}
