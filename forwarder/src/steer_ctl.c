/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The control thread's side of moving connections between workers (the protocol is in
 * steer_msg.h): the moves in progress, the set of overrides, and publishing it as an
 * immutable steering table. Nothing here waits for a worker: each move is a small state
 * machine advanced by the workers' notes and by RCU grace periods polled with
 * rte_rcu_qsbr_check, so the control thread (and the single-threaded fixture runner and
 * benchmark, which run the workers themselves) never blocks.
 */
#include <errno.h>
#include <stdlib.h>

#include <rte_cycles.h>
#include <rte_log.h>
#include <rte_malloc.h>
#include <rte_mempool.h>
#include <rte_rcu_qsbr.h>
#include <rte_ring_elem.h>

#include "hash.h"
#include "inbox.h"
#include "log_kv.h"
#include "steer_ctl.h"
#include "worker.h"

/* Overrides of connections that ended are dropped from the table at most this often; moves
 * are published at once. */
#define PUBLISH_GAP_MS 100
/* A move with no news from a worker for this long lost a note (ring full): see mig_expire. */
#define MIG_TIMEOUT_MS 5000

struct steer_ctl *
steer_ctl_create(struct lcore_env *env, bool fence_moves, int socket)
{
	struct steer_ctl *sc = rte_zmalloc_socket("steer_ctl", sizeof(*sc), RTE_CACHE_LINE_SIZE,
						  socket);

	if (sc == NULL)
		return NULL;
	sc->env = env;
	sc->fence_moves = fence_moves;
	sc->socket = socket;
	sc->seq_next = 1;
	sc->ovr = rte_zmalloc_socket("steer_ovr", sizeof(sc->ovr[0]) * STEER_MAX_OVERRIDES,
				     RTE_CACHE_LINE_SIZE, socket);
	sc->link.pool = rte_mempool_create("hvlb_steer", STEER_POOL_SIZE,
					   sizeof(struct steer_msg), 32, 0, NULL, NULL, NULL, NULL,
					   socket, 0);
	sc->link.notes = rte_ring_create_elem("hvlb_steer_notes", sizeof(struct steer_note),
					      STEER_NOTES_SIZE, socket, RING_F_SC_DEQ);
	if (sc->ovr == NULL || sc->link.pool == NULL || sc->link.notes == NULL) {
		steer_ctl_free(sc);
		return NULL;
	}
	return sc;
}

void
steer_ctl_free(struct steer_ctl *sc)
{
	if (sc == NULL)
		return;
	for (unsigned i = 0; i < sc->n_retired; i++)
		rte_free(sc->retired[i].t);
	rte_free(sc->ovr);
	rte_free(sc->link.table);
	rte_mempool_free(sc->link.pool);
	rte_ring_free(sc->link.notes);
	rte_free(sc);
}

/* ---- overrides ---- */

static int
ovr_find(const struct steer_ctl *sc, const struct flow_key *orig)
{
	for (uint32_t i = 0; i < sc->n_ovr; i++)
		if (flow_key_eq(&sc->ovr[i].key[0], orig))
			return (int)i;
	return -1;
}

static void
ovr_remove(struct steer_ctl *sc, uint32_t i)
{
	sc->ovr[i] = sc->ovr[--sc->n_ovr];
	sc->dirty = true;
}

uint16_t
steer_ctl_owner(const struct steer_ctl *sc, const struct flow_key *orig)
{
	int i = ovr_find(sc, orig);

	return i >= 0 ? sc->ovr[i].worker : steer_owner_of_tuple(sc->env->n_workers, orig, true);
}

/* A move is done: the override says where the connection is (none when that is its default
 * owner). steer_ctl_move checked there is room. */
static void
ovr_apply(struct steer_ctl *sc, const struct steer_mig *m, uint64_t now)
{
	int i = ovr_find(sc, &m->key[0]);
	struct steer_override *o;

	sc->dirty = true;
	if (m->to == steer_owner_of_tuple(sc->env->n_workers, &m->key[0], true)) {
		if (i >= 0)
			ovr_remove(sc, (uint32_t)i);
		return;
	}
	o = &sc->ovr[i >= 0 ? (uint32_t)i : sc->n_ovr++];
	*o = (struct steer_override){.n_keys = m->n_keys, .priority = m->priority,
				     .manual = m->manual, .worker = m->to, .from = m->from,
				     .period = m->period, .since = now};
	o->key[0] = m->key[0];
	o->key[1] = m->key[1];
}

/* Whether a move's override is (being) published and its old owner has not forgotten it: it
 * is applied in this round (READY, publish 2) or went out in an earlier table (gen set). */
static bool
mig_fresh(const struct steer_mig *m)
{
	return (m->state == MIG_READY && m->publish == 2) ||
	       (m->state == MIG_PUBLISHED && m->gen != 0);
}

/* The moves whose old owner may still pass packets on (steer_fresh), for the dispatch stage:
 * published now or before, not yet unmarked. A move is stamped with the first publication
 * that carries it. */
static void
fresh_fill(struct steer_ctl *sc, struct steer_table *t)
{

	t->n_fresh = 0;
	for (unsigned i = 0; i < STEER_MAX_MIGS && t->n_fresh < STEER_MAX_FRESH; i++) {
		struct steer_mig *m = &sc->mig[i];
		struct steer_fresh *e;

		if (!mig_fresh(m))
			continue;
		if (m->gen == 0)
			m->gen = t->gen;
		e = &t->fresh[t->n_fresh++];
		*e = (struct steer_fresh){.gen = m->gen, .from = m->from, .to = m->to,
					  .n_keys = m->n_keys};
		e->key[0] = m->key[0];
		e->client_hash[0] = steer_client_hash_of(&m->key[0], true);
		if (m->n_keys == 2) {
			e->key[1] = m->key[1];
			e->client_hash[1] = steer_client_hash_of(&m->key[1], false);
		}
	}
}

/* Whether a table must be published to carry moves for the dispatch stage alone. */
static bool
fresh_pending(const struct steer_ctl *sc)
{
	if (!sc->fence_moves)
		return false;
	for (unsigned i = 0; i < STEER_MAX_MIGS; i++) {
		if (mig_fresh(&sc->mig[i]))
			return true;
	}
	return false;
}

/* Build the table of the current overrides and swap it in. The old one is freed once every
 * worker has passed a quiescent point (steer_ctl_poll). Returns 0, or -EBUSY / -ENOMEM (the
 * caller tries again at its next round). With a dispatch stage, a table also lists the moves
 * in progress (fresh_fill), even when no override is left. */
static int
publish(struct steer_ctl *sc, uint64_t now, uint64_t *token)
{
	uint32_t n = 0;
	struct steer_rule *rules;
	struct steer_table *t = NULL, *old;
	bool fresh = fresh_pending(sc);

	if (sc->n_retired == STEER_MAX_RETIRED)
		return -EBUSY;
	if (sc->n_ovr > 0 || fresh) {
		rules = malloc(sizeof(*rules) * (2 * sc->n_ovr + 1));
		t = rte_malloc_socket("steer", steer_table_mem_size(2 * sc->n_ovr),
				      RTE_CACHE_LINE_SIZE, sc->socket);
		if (rules == NULL || t == NULL) {
			free(rules);
			rte_free(t);
			return -ENOMEM;
		}
		for (uint32_t i = 0; i < sc->n_ovr; i++) {
			const struct steer_override *o = &sc->ovr[i];
			/* The ORIG tuple goes to the VIP; the reply tuple comes from the NF. */
			rules[n++] = (struct steer_rule){.key = o->key[0], .worker = o->worker,
				.client_hash = steer_client_hash_of(&o->key[0], true)};
			if (o->n_keys == 2)
				rules[n++] = (struct steer_rule){.key = o->key[1], .worker = o->worker,
					.client_hash = steer_client_hash_of(&o->key[1], false)};
		}
		steer_table_build(t, rules, n);
		free(rules);
		t->gen = sc->publications + 1;
		if (fresh)
			fresh_fill(sc, t);
	}
	old = sc->link.table;
	__atomic_store_n(&sc->link.table, t, __ATOMIC_RELEASE);
	*token = rte_rcu_qsbr_start(sc->env->rcu);
	if (old != NULL) {
		sc->retired[sc->n_retired].t = old;
		sc->retired[sc->n_retired++].token = *token;
	}
	/* A table kept only for moves in progress goes again once they are over: the workers
	 * look every packet up while a table exists. */
	sc->dirty = t != NULL && t->n_keys == 0;
	sc->last_publish = now;
	sc->publications++;
	return 0;
}

static bool
token_passed(struct steer_ctl *sc, uint64_t token)
{
	return rte_rcu_qsbr_check(sc->env->rcu, token, false) == 1;
}

static void
retired_free(struct steer_ctl *sc)
{

	for (unsigned i = 0; i < sc->n_retired;)
		if (token_passed(sc, sc->retired[i].token)) {
			rte_free(sc->retired[i].t);
			sc->retired[i] = sc->retired[--sc->n_retired];
		} else {
			i++;
		}
}

/* ---- moves ---- */

static struct steer_mig *
mig_find(struct steer_ctl *sc, uint32_t seq)
{
	for (unsigned i = 0; i < STEER_MAX_MIGS; i++)
		if (sc->mig[i].state != MIG_FREE && sc->mig[i].seq == seq)
			return &sc->mig[i];
	return NULL;
}

static void
mig_free(struct steer_ctl *sc, struct steer_mig *m)
{
	m->state = MIG_FREE;
	sc->n_mig--;
}

bool
steer_ctl_busy(const struct steer_ctl *sc)
{
	for (unsigned i = 0; i < STEER_MAX_MIGS; i++)
		if (sc->mig[i].state == MIG_SENT || sc->mig[i].state == MIG_EXPORTED)
			return true;
	return false;
}

static struct steer_msg *
msg_new(struct steer_ctl *sc, uint8_t type, uint32_t seq)
{
	struct steer_msg *m;

	if (rte_mempool_get(sc->link.pool, (void **)&m) != 0)
		return NULL;
	m->type = type;
	m->seq = seq;
	return m;
}

int
steer_ctl_move(struct steer_ctl *sc, const struct flow_key *key, uint8_t n_keys, uint16_t to,
	       uint8_t priority, bool manual, uint64_t period, uint64_t now)
{
	uint16_t from = steer_ctl_owner(sc, &key[0]);
	struct steer_mig *m = NULL;
	struct steer_msg *msg;

	if (to >= sc->env->n_workers || from == to)
		return -EINVAL;
	for (unsigned i = 0; i < STEER_MAX_MIGS; i++) {
		if (sc->mig[i].state == MIG_FREE)
			m = m != NULL ? m : &sc->mig[i];
		else if (flow_key_eq(&sc->mig[i].key[0], &key[0]))
			return -EBUSY;
	}
	if (m == NULL || sc->n_ovr + sc->n_mig >= STEER_MAX_OVERRIDES)
		return -ENOSPC;
	msg = msg_new(sc, STEER_MSG_MIGRATE, sc->seq_next);
	if (msg == NULL)
		return -ENOSPC;
	*m = (struct steer_mig){.state = MIG_SENT, .n_keys = n_keys, .priority = priority,
				.manual = manual, .from = from, .to = to, .seq = sc->seq_next++,
				.period = period, .started = now};
	for (unsigned k = 0; k < n_keys; k++) {
		m->key[k] = key[k];
		m->hash[k] = flow_hash(&key[k]);
	}
	msg->n_keys = n_keys;
	msg->from = from;
	msg->to = to;
	memcpy(msg->key, m->key, sizeof(msg->key));
	memcpy(msg->hash, m->hash, sizeof(msg->hash));
	if (rte_ring_sp_enqueue(sc->env->workers[from]->cmd, msg) != 0) {
		rte_mempool_put(sc->link.pool, msg);
		m->state = MIG_FREE;
		return -EBUSY;
	}
	idle_wake_kick(&sc->env->workers[from]->wake);
	sc->n_mig++;
	return 0;
}

static void
note_handle(struct steer_ctl *sc, const struct steer_note *n)
{
	struct steer_mig *m;
	int i;

	if (n->type == STEER_NOTE_PLACE) {
		steer_ctl_place(sc, n);
		return;
	}
	if (n->type == STEER_NOTE_GONE) {
		i = ovr_find(sc, &n->key);
		if (i >= 0 && sc->ovr[i].worker == n->worker) {
			ovr_remove(sc, (uint32_t)i);
			sc->gone++;
		}
		return;
	}
	m = mig_find(sc, n->seq);
	/* Each note belongs to one state; one arriving after mig_expire moved on is stale. */
	if (m == NULL || (n->type == STEER_NOTE_NOT_FOUND && m->state != MIG_SENT) ||
	    ((n->type == STEER_NOTE_IMPORTED || n->type == STEER_NOTE_IMPORT_FAILED) &&
	     m->state != MIG_EXPORTED))
		return;
	switch (n->type) {
	case STEER_NOTE_EXPORTED:
		/* The old owner's own view of the reply tuple. */
		if (m->state != MIG_SENT)
			break;
		m->n_keys = n->n_keys;
		if (n->n_keys == 2) {
			m->key[1] = n->key;
			m->hash[1] = flow_hash(&n->key);
		}
		m->state = MIG_EXPORTED;
		break;
	case STEER_NOTE_NOT_FOUND:
		/* RSS-A picked a connection that has ended meanwhile: nothing to publish. An
		 * operator's request holds for the connection still to come. */
		m->state = MIG_READY;
		m->publish = m->manual;
		sc->moves_vanished += !m->manual;
		break;
	case STEER_NOTE_ABORTED:
		sc->moves_failed++;
		mig_free(sc, m);
		break;
	case STEER_NOTE_IMPORT_FAILED:
		/* Lost for want of room; the new owner is where its packets go now, so that is
		 * where the next one starts it again. */
		sc->moves_failed++;
		/* fall through */
	case STEER_NOTE_IMPORTED:
		m->state = MIG_READY;
		m->publish = 1;
		break;
	case STEER_NOTE_UNMARKED:
		mig_free(sc, m);
		break;
	}
}

static void
notes_poll(struct steer_ctl *sc)
{
	struct steer_note n[32];
	unsigned k;

	while ((k = rte_ring_sc_dequeue_burst_elem(sc->link.notes, n, sizeof(n[0]), 32, NULL)) > 0)
		for (unsigned i = 0; i < k; i++)
			note_handle(sc, &n[i]);
}

/* A note went missing (the ring was full): EXPORTED means the new owner got the connection or
 * will, so publish; SENT may mean the old owner refused, so let it forget any moved entry and
 * give up; UNMARKING only waits for a confirmation. */
static void
mig_expire(struct steer_ctl *sc, struct steer_mig *m, uint64_t now)
{
	if (now - m->started < sc->env->hz / 1000 * MIG_TIMEOUT_MS)
		return;
	/* worker: where the flow was (the field every component names a worker by). */
	LOG_KV(WARNING, "flow move timed out", LOG_U("move", m->seq), LOG_U(LOG_K_WORKER, m->from),
	       LOG_U("to_worker", m->to), LOG_U("state", m->state));
	m->started = now;
	if (m->state == MIG_EXPORTED) {
		m->state = MIG_READY;
		m->publish = 1;
	} else if (m->state == MIG_SENT) {
		m->state = MIG_READY;
		m->publish = 0;
		sc->moves_failed++;
	} else if (m->state == MIG_UNMARKING) {
		mig_free(sc, m);
	}
}

/* Publish what became ready (and, not too often, overrides of ended connections), then let
 * the old owners forget their moved entries once every worker has seen the new table. A
 * move's `publish` is 1 until its override is applied, then 2 until a table with it is out. */
static void
migs_progress(struct steer_ctl *sc, uint64_t now)
{
	bool need = false;
	uint64_t token = 0;

	for (unsigned i = 0; i < STEER_MAX_MIGS; i++) {
		struct steer_mig *m = &sc->mig[i];

		if (m->state == MIG_READY && m->publish == 1) {
			ovr_apply(sc, m, now);
			sc->moves_done++;
			m->publish = 2;
		}
		need |= m->state == MIG_READY && m->publish == 2;
	}
	if ((need || (sc->dirty && now - sc->last_publish > sc->env->hz / 1000 * PUBLISH_GAP_MS)) &&
	    publish(sc, now, &token) != 0)
		return; /* tried again next round */
	for (unsigned i = 0; i < STEER_MAX_MIGS; i++) {
		struct steer_mig *m = &sc->mig[i];
		struct steer_msg *u;

		if (m->state == MIG_READY) {
			m->state = MIG_PUBLISHED;
			/* 0: nothing was published for it (a vanished connection). */
			m->token = m->publish == 2 ? token : 0;
		}
		if (m->state != MIG_PUBLISHED) {
			if (m->state != MIG_FREE)
				mig_expire(sc, m, now);
			continue;
		}
		if ((m->token != 0 && !token_passed(sc, m->token)) ||
		    (u = msg_new(sc, STEER_MSG_UNMARK, m->seq)) == NULL)
			continue;
		if (rte_ring_mp_enqueue(sc->env->workers[m->from]->inbox, inbox_tag_msg(u)) != 0) {
			rte_mempool_put(sc->link.pool, u);
			continue;
		}
		idle_wake_kick(&sc->env->workers[m->from]->wake);
		m->state = MIG_UNMARKING;
		m->started = now;
	}
}

void
steer_ctl_poll(struct steer_ctl *sc, uint64_t now)
{
	sc->poll_now = now; /* for moves started while the notes are read (steer_place.c) */
	notes_poll(sc);
	migs_progress(sc, now);
	retired_free(sc);
}
