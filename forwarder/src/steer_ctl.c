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
#include "steer_ctl.h"
#include "worker.h"

#define LOG(l, ...) RTE_LOG(l, USER1, "steer: " __VA_ARGS__)
/* Overrides of connections that ended are dropped from the table at most this often; moves
 * are published at once. */
#define PUBLISH_GAP_MS 100
/* A move with no news from a worker for this long lost a note (ring full): see mig_expire. */
#define MIG_TIMEOUT_MS 5000

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

static void
set_rssa(struct fwd *f, const struct rssa_settings *s)
{
	struct steer_ctl *sc = f->sc;

	sc->rssa_on = s->enabled;
	sc->period_ms = s->period_ms;
	sc->sample_cycles = f->hz * s->period_ms / 1000 / s->p.n_sam;
	rssa_set_params(&sc->rssa, &s->p);
}

void
steer_ctl_set_rssa(struct fwd *f, const struct rssa_settings *s)
{
	set_rssa(f, s);
	f->sc->scan_at = 0;
}

void
steer_ctl_get_rssa(const struct fwd *f, struct rssa_settings *s)
{
	s->enabled = f->sc->rssa_on;
	s->period_ms = f->sc->period_ms;
	s->p = f->sc->rssa.p;
}

int
steer_ctl_init(struct fwd *f, const struct rssa_settings *s, int socket)
{
	struct steer_ctl *sc = rte_zmalloc_socket("steer_ctl", sizeof(*sc), RTE_CACHE_LINE_SIZE,
						  socket);

	f->sc = sc;
	if (sc == NULL)
		return -ENOMEM;
	sc->ovr = rte_zmalloc_socket("steer_ovr", sizeof(sc->ovr[0]) * STEER_MAX_OVERRIDES,
				     RTE_CACHE_LINE_SIZE, socket);
	f->steer_pool = rte_mempool_create("hvlb_steer", STEER_POOL_SIZE, sizeof(struct steer_msg),
					   32, 0, NULL, NULL, NULL, NULL, socket, 0);
	f->steer_notes = rte_ring_create_elem("hvlb_steer_notes", sizeof(struct steer_note),
					      STEER_NOTES_SIZE, socket, RING_F_SC_DEQ);
	if (sc->ovr == NULL || f->steer_pool == NULL || f->steer_notes == NULL)
		return -ENOMEM;
	rssa_init(&sc->rssa, &s->p, f->n_workers);
	set_rssa(f, s);
	sc->seq_next = 1;
	return 0;
}

void
steer_ctl_free(struct fwd *f)
{
	struct steer_ctl *sc = f->sc;

	if (sc != NULL) {
		for (unsigned i = 0; i < sc->n_retired; i++)
			rte_free(sc->retired[i].t);
		for (unsigned i = 0; i < FWD_MAX_WORKERS; i++) {
			rte_free(sc->w[i].scan);
			rte_free(sc->w[i].tag);
		}
		rte_free(sc->ovr);
		rte_free(sc);
	}
	rte_free(f->steer);
	rte_mempool_free(f->steer_pool);
	rte_ring_free(f->steer_notes);
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
steer_ctl_owner(const struct fwd *f, const struct flow_key *orig)
{
	int i = ovr_find(f->sc, orig);

	return i >= 0 ? f->sc->ovr[i].worker : steer_owner(f->n_workers, &orig->src, orig->sport);
}

/* A move is done: the override says where the connection is (none when that is its default
 * owner). steer_ctl_move checked there is room. */
static void
ovr_apply(struct fwd *f, const struct steer_mig *m, uint64_t now)
{
	struct steer_ctl *sc = f->sc;
	int i = ovr_find(sc, &m->key[0]);
	struct steer_override *o;

	sc->dirty = true;
	if (m->to == steer_owner(f->n_workers, &m->key[0].src, m->key[0].sport)) {
		if (i >= 0)
			ovr_remove(sc, (uint32_t)i);
		return;
	}
	o = &sc->ovr[i >= 0 ? (uint32_t)i : sc->n_ovr++];
	*o = (struct steer_override){.n_keys = m->n_keys, .priority = m->priority,
				     .manual = m->manual, .worker = m->to, .from = m->from,
				     .period = sc->rssa.periods, .since = now};
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
fresh_fill(struct fwd *f, struct steer_table *t)
{
	struct steer_ctl *sc = f->sc;

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
		e->client_hash[0] = steer_client_hash(&m->key[0].src, m->key[0].sport);
		if (m->n_keys == 2) {
			e->key[1] = m->key[1];
			e->client_hash[1] = steer_client_hash(&m->key[1].dst, m->key[1].dport);
		}
	}
}

/* Whether a table must be published to carry moves for the dispatch stage alone. */
static bool
fresh_pending(const struct fwd *f)
{
	if (f->n_disp == 0)
		return false;
	for (unsigned i = 0; i < STEER_MAX_MIGS; i++) {
		if (mig_fresh(&f->sc->mig[i]))
			return true;
	}
	return false;
}

/* Build the table of the current overrides and swap it in. The old one is freed once every
 * worker has passed a quiescent point (steer_ctl_poll). Returns 0, or -EBUSY / -ENOMEM (the
 * caller tries again at its next round). With a dispatch stage, a table also lists the moves
 * in progress (fresh_fill), even when no override is left. */
static int
publish(struct fwd *f, uint64_t now, uint64_t *token)
{
	struct steer_ctl *sc = f->sc;
	uint32_t n = 0;
	struct steer_rule *rules;
	struct steer_table *t = NULL, *old;
	bool fresh = fresh_pending(f);

	if (sc->n_retired == STEER_MAX_RETIRED)
		return -EBUSY;
	if (sc->n_ovr > 0 || fresh) {
		rules = malloc(sizeof(*rules) * (2 * sc->n_ovr + 1));
		t = rte_malloc_socket("steer", steer_table_mem_size(2 * sc->n_ovr),
				      RTE_CACHE_LINE_SIZE, f->ports[0].socket);
		if (rules == NULL || t == NULL) {
			free(rules);
			rte_free(t);
			return -ENOMEM;
		}
		for (uint32_t i = 0; i < sc->n_ovr; i++) {
			const struct steer_override *o = &sc->ovr[i];
			/* The client is the source of the ORIG tuple, the destination of the reply. */
			rules[n++] = (struct steer_rule){.key = o->key[0], .worker = o->worker,
				.client_hash = steer_client_hash(&o->key[0].src, o->key[0].sport)};
			if (o->n_keys == 2)
				rules[n++] = (struct steer_rule){.key = o->key[1], .worker = o->worker,
					.client_hash = steer_client_hash(&o->key[1].dst,
									 o->key[1].dport)};
		}
		steer_table_build(t, rules, n);
		free(rules);
		t->gen = sc->publications + 1;
		if (fresh)
			fresh_fill(f, t);
	}
	old = f->steer;
	__atomic_store_n(&f->steer, t, __ATOMIC_RELEASE);
	*token = rte_rcu_qsbr_start(f->rcu);
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
token_passed(struct fwd *f, uint64_t token)
{
	return rte_rcu_qsbr_check(f->rcu, token, false) == 1;
}

static void
retired_free(struct fwd *f)
{
	struct steer_ctl *sc = f->sc;

	for (unsigned i = 0; i < sc->n_retired;)
		if (token_passed(f, sc->retired[i].token)) {
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
steer_ctl_busy(const struct fwd *f)
{
	for (unsigned i = 0; i < STEER_MAX_MIGS; i++)
		if (f->sc->mig[i].state == MIG_SENT || f->sc->mig[i].state == MIG_EXPORTED)
			return true;
	return false;
}

static struct steer_msg *
msg_new(struct fwd *f, uint8_t type, uint32_t seq)
{
	struct steer_msg *m;

	if (rte_mempool_get(f->steer_pool, (void **)&m) != 0)
		return NULL;
	m->type = type;
	m->seq = seq;
	return m;
}

int
steer_ctl_move(struct fwd *f, const struct flow_key *key, uint8_t n_keys, uint16_t to,
	       uint8_t priority, bool manual, uint64_t now)
{
	struct steer_ctl *sc = f->sc;
	uint16_t from = steer_ctl_owner(f, &key[0]);
	struct steer_mig *m = NULL;
	struct steer_msg *msg;

	if (to >= f->n_workers || from == to)
		return -EINVAL;
	for (unsigned i = 0; i < STEER_MAX_MIGS; i++) {
		if (sc->mig[i].state == MIG_FREE)
			m = m != NULL ? m : &sc->mig[i];
		else if (flow_key_eq(&sc->mig[i].key[0], &key[0]))
			return -EBUSY;
	}
	if (m == NULL || sc->n_ovr + sc->n_mig >= STEER_MAX_OVERRIDES)
		return -ENOSPC;
	msg = msg_new(f, STEER_MSG_MIGRATE, sc->seq_next);
	if (msg == NULL)
		return -ENOSPC;
	*m = (struct steer_mig){.state = MIG_SENT, .n_keys = n_keys, .priority = priority,
				.manual = manual, .from = from, .to = to, .seq = sc->seq_next++,
				.started = now};
	for (unsigned k = 0; k < n_keys; k++) {
		m->key[k] = key[k];
		m->hash[k] = flow_hash(&key[k]);
	}
	msg->n_keys = n_keys;
	msg->from = from;
	msg->to = to;
	memcpy(msg->key, m->key, sizeof(msg->key));
	memcpy(msg->hash, m->hash, sizeof(msg->hash));
	if (rte_ring_sp_enqueue(f->workers[from]->cmd, msg) != 0) {
		rte_mempool_put(f->steer_pool, msg);
		m->state = MIG_FREE;
		return -EBUSY;
	}
	sc->n_mig++;
	return 0;
}

static void
note_handle(struct fwd *f, const struct steer_note *n)
{
	struct steer_ctl *sc = f->sc;
	struct steer_mig *m;
	int i;

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
notes_poll(struct fwd *f)
{
	struct steer_note n[32];
	unsigned k;

	while ((k = rte_ring_sc_dequeue_burst_elem(f->steer_notes, n, sizeof(n[0]), 32, NULL)) > 0)
		for (unsigned i = 0; i < k; i++)
			note_handle(f, &n[i]);
}

/* A note went missing (the ring was full): EXPORTED means the new owner got the connection or
 * will, so publish; SENT may mean the old owner refused, so let it forget any moved entry and
 * give up; UNMARKING only waits for a confirmation. */
static void
mig_expire(struct fwd *f, struct steer_mig *m, uint64_t now)
{
	if (now - m->started < f->hz / 1000 * MIG_TIMEOUT_MS)
		return;
	LOG(WARNING, "move %u (worker %u -> %u) timed out in state %u\n", m->seq, m->from, m->to,
	    m->state);
	m->started = now;
	if (m->state == MIG_EXPORTED) {
		m->state = MIG_READY;
		m->publish = 1;
	} else if (m->state == MIG_SENT) {
		m->state = MIG_READY;
		m->publish = 0;
		f->sc->moves_failed++;
	} else if (m->state == MIG_UNMARKING) {
		mig_free(f->sc, m);
	}
}

/* Publish what became ready (and, not too often, overrides of ended connections), then let
 * the old owners forget their moved entries once every worker has seen the new table. A
 * move's `publish` is 1 until its override is applied, then 2 until a table with it is out. */
static void
migs_progress(struct fwd *f, uint64_t now)
{
	struct steer_ctl *sc = f->sc;
	bool need = false;
	uint64_t token = 0;

	for (unsigned i = 0; i < STEER_MAX_MIGS; i++) {
		struct steer_mig *m = &sc->mig[i];

		if (m->state == MIG_READY && m->publish == 1) {
			ovr_apply(f, m, now);
			sc->moves_done++;
			m->publish = 2;
		}
		need |= m->state == MIG_READY && m->publish == 2;
	}
	if ((need || (sc->dirty && now - sc->last_publish > f->hz / 1000 * PUBLISH_GAP_MS)) &&
	    publish(f, now, &token) != 0)
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
				mig_expire(f, m, now);
			continue;
		}
		if ((m->token != 0 && !token_passed(f, m->token)) ||
		    (u = msg_new(f, STEER_MSG_UNMARK, m->seq)) == NULL)
			continue;
		if (rte_ring_mp_enqueue(f->workers[m->from]->inbox, steer_msg_tag(u)) != 0) {
			rte_mempool_put(f->steer_pool, u);
			continue;
		}
		m->state = MIG_UNMARKING;
		m->started = now;
	}
}

void
steer_ctl_poll(struct fwd *f, uint64_t now)
{
	notes_poll(f);
	migs_progress(f, now);
	retired_free(f);
	bal_poll(f, now);
}
