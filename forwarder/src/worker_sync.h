/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A worker's side of connection sync (docs/sync.md; the rings are in sync_link.h). None of it
 * runs while w->sync_on is 0: the fast path pays one predictable branch per event.
 *
 * What a worker tells its peers (through the control thread):
 *  - a connection it creates (an UNCONFIRMED one stays local until the NF confirms it);
 *  - every state change a packet here causes (established, FIN, RST...);
 *  - the end of a connection it was the last to carry (expiry of an entry whose latest state
 *    came from a packet here, not from a peer) or that a hard removal ended;
 *  - a refresh of each connection busy here, once per refresh pass (a quarter of the shorter
 *    of the UDP and established timeouts, at most 60 s), so the copies of a long-lived
 *    connection never expire at the peers while it carries traffic here;
 *  - its whole table, walked a bounded number of entries per loop iteration, for a peer that
 *    asks (dump).
 * What it takes from peers: records for the connections it owns, inserted, updated (a state
 * never moves back, except to a new SYN) or deleted (unless the connection carried packets
 * here within the refresh period) in its own table.
 */
#ifndef HVLB_WORKER_SYNC_H
#define HVLB_WORKER_SYNC_H

#include <stdbool.h>

#include "worker.h"

#define SYNC_HOLD_MS 20
/* k-way replication: how long a packet waits for its pulled connection's record (a round trip
 * over the sync network, twice the sync lag, on a quiet machine; the survivors of a kill are
 * the busiest: with 60 ms, 3 of 1,770 pulls of a kill in the e2e lab (2 cores, load 11) went
 * unanswered, and a proxied connection taken by the mid-stream rule loses its translation),
 * and how often the pull is asked again meanwhile (a holder that has not got the carrier's
 * record yet answers nothing). Only a connection nobody holds waits it all. */
#define SYNC_PULL_MS 200
#define SYNC_PULL_AGAIN_MS 15
/* The most SYN-proxy asks (worker_sync_sp_ask) a worker sends a second: each is a pull to
 * replicas + 1 peers, and a client whose handshake waits can send many packets. */
#define SYNC_SP_ASK_PER_S 20000

/* Put every collected record on the ring to the control thread. */
void worker_sync_flush(struct worker *w);

/* Between worker_sync.c and worker_sync_pull.c (the held packets, pulls and asks): a held
 * packet's wait, for a record on its way (SYNC_HOLD_WAIT) or for a pull's answer. */
enum { SYNC_HOLD_WAIT = 0, SYNC_HOLD_PULL, SYNC_HOLD_PULL_ALL };

/* The next free item of the worker's outgoing batch, flushed first when full; the caller
 * fills it and counts it (w->sync.n++). */
static inline struct sync_item *
worker_sync_item_next(struct worker *w)
{
	if (w->sync.n == WORKER_SYNC_OUT)
		worker_sync_flush(w);
	return &w->sync.out[w->sync.n];
}

/* k-way: asks the holders the rule names (every backup of whichever carrier) for c's record,
 * by a pull naming its client's tuple, once c has lived SYNC_PULL_AGAIN_MS (its peers' own
 * records come first) and within the worker's ask rate (SYNC_SP_ASK_PER_S); the record that
 * answers updates c here (set_from_rec). False when it did not ask: no k-way, a tuple with a
 * SIP call's real in it, too soon, or over the rate. */
bool worker_sync_ask(struct worker *w, const struct conn *c);

/* Record what c is now (op SYNC_OP_UPSERT or SYNC_OP_DELETE) for every peer. Out of line:
 * only a forwarder with sync on calls it. */
void worker_sync_note(struct worker *w, const struct conn *c, uint8_t op);

/* Account a packet of c in dir, as conn_update does, and record a state change for peers:
 * the sync-on twin of conn_update. */
void worker_sync_update(struct worker *w, struct conn *c, enum conn_dir dir, uint8_t tcp_flags,
			uint32_t bytes);

/* c is leaving the table by expiry: record its end if this forwarder carried it last. */
void worker_sync_expired(struct worker *w, const struct conn *c);

/* Once per loop iteration with sync on: apply peers' records, take a step of the dump and
 * refresh walks, flush. */
void worker_sync_poll(struct worker *w);

/* An NF's reply that found no connection, with sync on: its connection's record may still
 * be on its way (the SYN went through another forwarder, and the NF answered faster than the
 * record came). m (tuple key, flow_hash hash) is kept up to SYNC_HOLD_MS, and forwarded as soon
 * as a peer's record makes its connection; true when kept (false: the hold is full). */
bool worker_sync_hold(struct worker *w, struct rte_mbuf *m, const struct flow_key *key,
		      uint32_t hash);

/* k-way replication: a client's packet that matches no connection and would open one by the
 * mid-stream rule; its connection may be held by other forwarders only (this one is neither
 * its carrier nor a backup). m is kept up to SYNC_PULL_MS while the holders the rule names
 * are asked for its record (a pull); true when kept, false (counted) when the hold is full or
 * the tuple cannot be asked for (a tag in it): the mid-stream rule then, as without k-way. An
 * NF's reply held by worker_sync_hold is pulled for likewise. */
bool worker_sync_pull(struct worker *w, struct rte_mbuf *m, const struct flow_key *key, uint32_t hash);

/* k-way replication: a packet of c, a SYN proxy's connection still waiting here for its NF's
 * SYN-ACK (a client's, or an NF's that is past its handshake). That SYN-ACK may have reached
 * another forwarder (the NF side's ECMP), which completed the handshake and told its own
 * backups, not necessarily this carrier; or this is a backup's copy from before, met after a
 * failover. Past SYNC_PULL_AGAIN_MS of waiting, the holders the rule names (every backup of
 * whichever carrier) are asked for its record, whose completion then releases the client's
 * held packet here (worker_sync.c set_from_rec). Rate-limited per worker (SYNC_SP_ASK_PER_S).
 * Without k-way (sync_replicas 0) it does nothing: the one place that decides, so callers call
 * it unconditionally (only for packets of a connection still waiting, never the common case). */
void worker_sync_sp_ask(struct worker *w, const struct conn *c);

/* The held packets whose connection a peer's record has made since, into go (room for
 * WORKER_SYNC_HOLD), for the caller to pass through the pipeline again as packets this
 * worker owns; replies that waited SYNC_HOLD_MS (SYNC_PULL_MS when pulled) in vain are
 * dropped (not_for_us), clients' pulled packets that did go into late (room for
 * WORKER_SYNC_HOLD; *n_late of them), for the pipeline with w->sync.no_pull set (the
 * mid-stream rule). Pulls unanswered for SYNC_PULL_AGAIN_MS are asked again. Returns how
 * many are in go. Call while w->sync.n_held > 0. */
uint16_t worker_sync_release(struct worker *w, struct rte_mbuf **go, struct rte_mbuf **late,
			     uint16_t *n_late);

/* Drop every held reply (not_for_us): sync went off, or the worker goes. */
void worker_sync_drop_held(struct worker *w);

/* The worker saw sync go off: forget walks in progress and collected records. */
void worker_sync_reset(struct worker *w);

#endif
