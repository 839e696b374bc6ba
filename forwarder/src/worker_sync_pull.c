/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A worker's sync, its pulls and held packets (worker_sync.h): the packets that came before
 * their connection's record, held until it comes (or pulled for, under k-way), and the asks
 * that complete a connection whose other half a peer saw. Split from worker_sync.c, which
 * sends and applies the records.
 */
#include <rte_common.h>

#include "rate.h"
#include "sip.h"
#include "worker_fullnat.h"
#include "worker_sync.h"
#include "worker_vxlan.h"

/* Ask the holders of key's connection for its record (the control thread names them). */
static void
pull_emit(struct worker *w, const struct flow_key *key, uint8_t dir, uint8_t pull)
{
	struct sync_item *it = worker_sync_item_next(w);

	memset(it, 0, sizeof(*it));
	it->rec.orig = *key;
	if (key->pad != 0) {
		/* A vxlan tenant's index is this forwarder's own: its VNI names it (pullable). */
		it->rec.orig.pad = 0;
		it->rec.ext = SYNC_EXT_VXLAN;
		it->rec.vni = vxlan_vni_of(&w->snap->tenants, key->pad);
	}
	it->rec.op = SYNC_OP_PULL;
	it->rec.state = dir == CONN_DIR_ORIG ? SYNC_PULL_ORIG : SYNC_PULL_REPLY;
	it->kind = SYNC_ITEM_PULL;
	it->flags = pull == SYNC_HOLD_PULL_ALL ? SYNC_ITEM_F_ASK_ALL : 0;
	w->sync.n++;
}

static bool
hold(struct worker *w, struct rte_mbuf *m, const struct flow_key *key, uint32_t hash,
     uint8_t dir, uint8_t pull)
{
	struct worker_sync *s = &w->sync;

	if (s->n_held == WORKER_SYNC_HOLD)
		return false;
	s->held[s->n_held].m = m;
	s->held[s->n_held].key = *key;
	s->held[s->n_held].hash = hash;
	s->held[s->n_held].dir = dir;
	s->held[s->n_held].pull = pull;
	s->held[s->n_held].asked = w->now;
	s->held[s->n_held++].since = w->now;
	if (pull != SYNC_HOLD_WAIT)
		pull_emit(w, key, dir, pull);
	return true;
}

/* Whether key's connection can be asked for by its tuple: not with a SIP call's real in it
 * (this forwarder's own numbering, with no name on the wire); a vxlan tenant's index is asked
 * for by its VNI. */
static bool
pullable(const struct worker *w, const struct flow_key *key)
{
	return key->pad == 0 ||
	       (!(key->pad & SIP_PAD_TAG) && vxlan_vni_of(&w->snap->tenants, key->pad) != 0);
}

bool
worker_sync_hold(struct worker *w, struct rte_mbuf *m, const struct flow_key *key,
		 uint32_t hash)
{
	uint8_t pull = SYNC_HOLD_WAIT;

	/* k-way: the record may never come here (this forwarder is no backup of it): ask, if
	 * the tuple can be asked for; a FullNAT reply's tuple names no client, so every live peer
	 * is asked. */
	if (w->env->sync_replicas != 0 && pullable(w, key))
		pull = worker_fullnat_is_local(w, &key->dst) ? SYNC_HOLD_PULL_ALL : SYNC_HOLD_PULL;
	if (!hold(w, m, key, hash, CONN_DIR_REPLY, pull))
		return false;
	w->stats.sync_held++;
	if (pull != SYNC_HOLD_WAIT)
		w->stats.pull_held++;
	return true;
}

bool
worker_sync_pull(struct worker *w, struct rte_mbuf *m, const struct flow_key *key, uint32_t hash)
{
	if (!pullable(w, key))
		return false;
	if (!hold(w, m, key, hash, CONN_DIR_ORIG, SYNC_HOLD_PULL)) {
		w->stats.pull_full++;
		return false;
	}
	w->stats.pull_held++;
	return true;
}

/* worker_sync_pull.h says when it asks. */
bool
worker_sync_ask(struct worker *w, const struct conn *c)
{
	uint64_t ms = w->env->hz / 1000;

	if (w->env->sync_replicas == 0 || c->orig.pad != 0 ||
	    w->now - c->created < SYNC_PULL_AGAIN_MS * ms ||
	    !rate_admit(&w->sync.sp_ask_tat, w->now, w->env->hz, SYNC_SP_ASK_PER_S, 1))
		return false;
	struct flow_key k;

	conn_orig_key(c, &k);
	pull_emit(w, &k, CONN_DIR_ORIG, SYNC_HOLD_PULL);
	return true;
}

void
worker_sync_sp_ask(struct worker *w, const struct conn *c)
{
	if (worker_sync_ask(w, c))
		w->stats.pull_sp_asked++;
}

void
worker_sync_drop_held(struct worker *w)
{
	for (uint16_t i = 0; i < w->sync.n_held; i++) {
		w->stats.drops[HVLB_DROP_NOT_FOR_US]++;
		w->stats.sync_held_expired++;
		rte_pktmbuf_free(w->sync.held[i].m);
	}
	w->sync.n_held = 0;
}

/* A held packet that waited in vain: a client's pulled one goes on by the mid-stream rule
 * (late), an NF's reply is dropped (the NF retransmits it). */
static void
held_expired(struct worker *w, const struct worker_sync *s, uint16_t i, struct rte_mbuf **late,
	     uint16_t *n_late)
{
	if (s->held[i].pull != SYNC_HOLD_WAIT)
		w->stats.pull_missed++;
	if (s->held[i].dir == CONN_DIR_ORIG) {
		late[(*n_late)++] = s->held[i].m;
		return;
	}
	w->stats.drops[HVLB_DROP_NOT_FOR_US]++;
	w->stats.sync_held_expired++;
	rte_pktmbuf_free(s->held[i].m);
}

uint16_t
worker_sync_release(struct worker *w, struct rte_mbuf **go, struct rte_mbuf **late,
		    uint16_t *n_late)
{
	struct worker_sync *s = &w->sync;
	uint64_t ms = w->env->hz / 1000;
	uint16_t n_go = 0, keep = 0;

	*n_late = 0;
	for (uint16_t i = 0; i < s->n_held; i++) {
		uint64_t max = (s->held[i].pull != SYNC_HOLD_WAIT ? SYNC_PULL_MS : SYNC_HOLD_MS) * ms;
		enum conn_dir dir;

		if (conn_lookup(w->conns, &s->held[i].key, s->held[i].hash, &dir) != NULL &&
		    dir == s->held[i].dir) {
			go[n_go++] = s->held[i].m;
			if (s->held[i].pull != SYNC_HOLD_WAIT)
				w->stats.pull_found++;
			continue;
		}
		if (w->now - s->held[i].since >= max) {
			held_expired(w, s, i, late, n_late);
			continue;
		}
		/* A pull, or its answer, may be lost (sync is best effort), or the holder may not
		 * have the record yet itself (it is on its way from the carrier): ask again. */
		if (s->held[i].pull != SYNC_HOLD_WAIT && w->now - s->held[i].asked >= SYNC_PULL_AGAIN_MS * ms) {
			s->held[i].asked = w->now;
			pull_emit(w, &s->held[i].key, s->held[i].dir, s->held[i].pull);
		}
		s->held[keep++] = s->held[i];
	}
	s->n_held = keep;
	return n_go;
}
