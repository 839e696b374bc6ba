/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * k-way replication, the control thread's side (docs/sync.md, "k-way replication"): who of
 * the pool is live, and which peers each record and pull goes to by the rule (core/hrw.h).
 * A connection is held by the forwarder that carries it and by its backups, the first
 * `replicas` ids of the live pool's ranking for its client endpoint with the carrier's
 * skipped; a forwarder that misses it asks the first replicas + 1 with its own skipped, which
 * hold every backup whoever the carrier is (and the carrier when it ranks there).
 */
#include <string.h>

#include <rte_cycles.h>
#include <rte_log.h>
#include <rte_ring.h>
#include <rte_ring_elem.h>

#include "hrw.h"
#include "log_kv.h"
#include "sync.h"
#include "worker.h"

_Static_assert(SYNC_MAX_PEERS + 1 <= HRW_MAX_IDS, "the rule ranks the whole pool");

static uint32_t
rec_key(const struct sync_rec *r)
{
	return hrw_conn_key(&r->orig.src, r->orig.sport, r->orig.proto);
}

/* A pull's tuple has the client as its source (a client's packet) or as its destination (an
 * NF's NAT reply). */
static uint32_t
pull_key(const struct sync_rec *r)
{
	if (r->state == SYNC_PULL_REPLY)
		return hrw_conn_key(&r->orig.dst, r->orig.dport, r->orig.proto);
	return rec_key(r);
}

/* The live peers among ids, a bit each. */
static uint16_t
mask_of(const struct sync_ctl *s, const uint32_t *ids, unsigned n)
{
	uint16_t m = 0;

	for (unsigned j = 0; j < n; j++)
		for (unsigned i = 0; i < s->n_peers; i++)
			if ((s->live & (1u << i)) && s->peers[i].id == ids[j])
				m |= (uint16_t)(1u << i);
	return m;
}

/* The backups of key's connection carried here, ranked over ids. */
static uint16_t
backups(const struct sync_ctl *s, uint32_t key, const uint32_t *ids, unsigned n)
{
	uint32_t out[CFG_SYNC_REPLICAS_MAX];
	unsigned got = hrw_pick(key, ids, n, s->set.id, s->set.replicas, out);

	return mask_of(s, out, got);
}

/* A dump record goes to an asker the rule may give a copy: one of the first replicas + 1 of
 * the ranking (a backup of whichever carrier), or one not live yet (not ranked: sent). */
static uint16_t
dump_askers(struct sync_ctl *s, const struct sync_item *it)
{
	uint32_t top[CFG_SYNC_REPLICAS_MAX + 1];
	unsigned got = hrw_pick(rec_key(&it->rec), s->ids, s->n_ids, 0,
				s->set.replicas + 1u, top);
	uint16_t keep = (uint16_t)(it->peers & ~s->live) | mask_of(s, top, got);
	uint16_t out = it->peers & keep;

	s->ctr.kway_dump_skipped += (unsigned)__builtin_popcount(it->peers & ~out);
	return out;
}

static uint16_t
pull_targets(struct sync_ctl *s, const struct sync_item *it)
{
	uint32_t top[CFG_SYNC_REPLICAS_MAX + 1];
	uint16_t m;

	if (it->flags & SYNC_ITEM_F_ASK_ALL) {
		m = s->live;
	} else {
		unsigned got = hrw_pick(pull_key(&it->rec), s->ids, s->n_ids, s->set.id,
					s->set.replicas + 1u, top);

		m = mask_of(s, top, got);
	}
	if (m == 0)
		s->ctr.pulls_unplaced++;
	return m;
}

uint16_t
sync_kway_route(struct sync_ctl *s, const struct sync_item *it)
{
	if (it->kind == SYNC_ITEM_PULL)
		return s->set.replicas == 0 ? 0 : pull_targets(s, it);
	if (s->set.replicas == 0)
		return it->peers;
	if (it->flags & SYNC_ITEM_F_DUMP)
		return dump_askers(s, it);
	if (it->flags & SYNC_ITEM_F_REBALANCE) {
		uint32_t key = rec_key(&it->rec);

		return backups(s, key, s->ids, s->n_ids) &
		       (uint16_t)~backups(s, key, s->old_ids, s->n_old_ids);
	}
	if (it->peers == SYNC_PEERS_ALL)
		return backups(s, rec_key(&it->rec), s->ids, s->n_ids);
	return it->peers;
}

bool
sync_kway_dumps_done(const struct sync_ctl *s)
{
	bool any = false;

	for (unsigned i = 0; i < s->n_peers; i++) {
		if (s->peers[i].dump_done)
			any = true;
		else if (s->live & (1u << i))
			return false;
	}
	return any;
}

/* Rebalance requests that did not fit on a worker's ring last round. */
static void
rebalance_push(struct sync_ctl *s)
{
	for (uint16_t w = 0; w < s->env->n_workers; w++) {
		struct sync_item it = {.kind = SYNC_ITEM_REBALANCE};

		if (s->rebalance_pending[w] &&
		    rte_ring_sp_enqueue_elem(s->env->workers[w]->sync_in, &it, sizeof(it)) == 0) {
			s->rebalance_pending[w] = false;
			idle_wake_kick(&s->env->workers[w]->wake);
		}
	}
}

static bool
has_id(const uint32_t *ids, unsigned n, uint32_t id)
{
	for (unsigned i = 0; i < n; i++)
		if (ids[i] == id)
			return true;
	return false;
}

/* The pool is the set of live ids (the bits follow the peer list, which a SetSync may
 * reorder): a change is a different set, a departure an id gone from it. */
void
sync_kway_members(struct sync_ctl *s, uint64_t now)
{
	uint64_t window = s->env->hz / 1000 * SYNC_LIVE_MS;
	uint32_t ids[SYNC_MAX_PEERS + 1] = {s->set.id};
	unsigned n = 1, gone = 0, came = 0;

	s->live = 0;
	for (unsigned i = 0; i < s->n_peers; i++) {
		const struct sync_peer *p = &s->peers[i];

		if (p->id != 0 && p->last_heard != 0 && now - p->last_heard < window) {
			s->live |= (uint16_t)(1u << i);
			ids[n++] = p->id;
		}
	}
	for (unsigned i = 0; i < s->n_ids; i++)
		gone += !has_id(ids, n, s->ids[i]);
	for (unsigned i = 0; i < n; i++)
		came += !has_id(s->ids, s->n_ids, ids[i]);
	if (gone + came > 0) {
		if (gone > 0) {
			memcpy(s->old_ids, s->ids, sizeof(s->ids));
			s->n_old_ids = s->n_ids;
		}
		if (s->n_ids != 0)
			s->ctr.members_changed++;
		memcpy(s->ids, ids, sizeof(ids));
		s->n_ids = (uint16_t)n;
		if (s->set.replicas != 0) {
			LOG_KV(INFO, gone ? "sync pool: a peer left, rebalancing" : "sync pool changed",
			       LOG_U("live", n), LOG_U("replicas", s->set.replicas));
			for (uint16_t w = 0; gone && w < s->env->n_workers; w++)
				s->rebalance_pending[w] = true;
		}
	}
	rebalance_push(s);
}
