/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Connection sync between forwarders, the control thread's side (docs/sync.md). A kernel UDP
 * socket on the sync address (a management interface, as IPVS's sync daemon uses: the DPDK
 * ports stay data-only), polled without blocking from fwd_control_poll:
 *
 *  - out: each worker's ring (sync_link.h) is drained a bounded batch at a time; its records
 *    go into one message per peer (every peer, or those a dump is for), sent when full
 *    (SYNC_MAX_RECS) and at the end of every round, so a record waits one control round at
 *    most. Each message is numbered (one counter per run) and tagged with the cluster key.
 *  - in: each datagram is verified whole (sync_wire.h), then its sender is looked up among the
 *    peers by source address and port, then the replay window of that peer's epoch is
 *    checked; only then are its records handed to the workers that own their connections
 *    (the owner rule packets follow, overrides included), which apply them.
 *  - dumps: on start (and whenever sync goes on) the forwarder asks every peer for its whole
 *    table and says `syncing` until one has sent all of it (dump end) or, when none answers,
 *    for SYNC_ALONE_MS; then `ready`. A peer heard for the first time, or with a new epoch (it
 *    restarted), is asked too. Asked itself, it has each worker walk its table for that peer
 *    and sends a dump end once every walk is over.
 */
#ifndef HVLB_SYNC_H
#define HVLB_SYNC_H

#include <stdint.h>
#include <sys/socket.h>

#include "cfgstore.h"
#include "lcore_env.h"
#include "sync_link.h"

#define SYNC_ALONE_MS 3000     /* no peer heard for this long while syncing: ready alone */
#define SYNC_ASK_AGAIN_MS 1000 /* a peer that has not answered a dump request is asked again */
/* k-way replication: a live peer is one heard within SYNC_LIVE_MS; each forwarder sends an
 * empty message to each peer every SYNC_HELLO_MS so that a quiet one stays live. */
#define SYNC_HELLO_MS 200
#define SYNC_LIVE_MS 1000
#define SYNC_DUMP_WAIT_MS 10000 /* a peer that answered but sent no dump end: asked again (the
				   end may have been lost while it kept sending records) */

enum sync_state {
	SYNC_STATE_OFF = 0, /* no peers */
	SYNC_STATE_SYNCING, /* a dump was asked for and is not complete */
	SYNC_STATE_READY,
};

/* The control thread's counters, X(field, "name", "help"): with the rejects (SYNC_REJECTS), what
 * the local API (SyncStatus.counters, Stats.sync_counters), telemetry and metrics show. */
#define SYNC_COUNTERS(X)                                                                           \
	X(rx_msgs, "sync_rx_messages", "Sync datagrams accepted.")                                 \
	X(rx_recs, "sync_rx_records", "Sync records in the datagrams accepted.")                   \
	X(tx_msgs, "sync_tx_messages", "Sync datagrams sent.")                                     \
	X(tx_recs, "sync_tx_records", "Sync records sent (once per peer).")                        \
	X(tx_failed, "sync_send_failed", "Sync datagrams the socket refused (lost).")              \
	X(rx_errors, "sync_rx_errors", "Receive errors of the sync socket.")                       \
	X(worker_full, "sync_worker_ring_full",                                                    \
	  "Peers' sync records lost: the owning worker's ring was full.")                          \
	X(dumps_served, "sync_dumps_served", "Table dumps sent to peers that asked.")              \
	X(dumps_asked, "sync_dump_requests", "Table dump requests sent to peers.")                 \
	X(kway_dump_skipped, "sync_dump_skipped",                                                  \
	  "k-way: dump records not sent, the rule giving the asker no copy of them.")              \
	X(pulls_sent, "sync_pulls_sent", "k-way: pulls sent (once per peer asked).")               \
	X(pulls_unplaced, "sync_pulls_unplaced",                                                   \
	  "k-way: pulls no live peer could be asked for (this forwarder alone).")                  \
	X(pulls_in, "sync_pulls_received", "k-way: peers' pulls received.")                        \
	X(members_changed, "sync_members_changed",                                                 \
	  "k-way: changes of the live pool (a peer heard again, or silent for SYNC_LIVE_MS).")

struct sync_counters {
#define SYNC_CTR_FIELD(f, name, help) uint64_t f;
	SYNC_COUNTERS(SYNC_CTR_FIELD)
#undef SYNC_CTR_FIELD
	uint64_t rejects[SYNC_REJ_MAX];
};

/* What the forwarder knows of one peer. */
struct sync_peer {
	struct cfg_endpoint ep;
	struct sockaddr_storage sa;
	socklen_t sa_len;
	char name[64];            /* "addr:port" */
	uint32_t id;              /* its id, as last heard (0: never) */
	struct sync_replay rx;    /* its epoch and replay window */
	uint64_t last_heard;      /* TSC of its last accepted message (0: never) */
	uint64_t asked_at;        /* TSC of our last dump request to it (0: none pending) */
	bool answered;            /* heard since that request */
	bool dump_done;           /* it sent its dump end since */
	/* Its dump request we serve: workers whose walk is not over, its epoch then, and whether
	 * it asked again from a new epoch meanwhile (the walk starts over when done). */
	uint16_t dump_left;
	bool dump_again;
	uint64_t dump_epoch;
	uint64_t rx_msgs, rx_recs, tx_msgs, tx_recs;
	/* The message being filled for it, and (k-way) the pull message. */
	struct sync_builder out;
	uint8_t buf[SYNC_MAX_DGRAM];
	struct sync_builder pull;
	uint8_t pull_buf[SYNC_MAX_DGRAM];
};

struct sync_ctl {
	struct lcore_env *env;
	struct cfg_sync set;      /* in force */
	struct sync_key key;      /* set.key */
	int fd;                   /* -1: none */
	struct cfg_endpoint bound; /* the socket's address (its port when listen said 0) */
	uint64_t epoch;           /* this run's start, µs since 1970 */
	uint64_t seq;             /* the last message number sent */
	enum sync_state state;
	uint64_t syncing_since;   /* TSC */
	uint64_t ready_at;        /* TSC */
	uint16_t n_peers;
	struct sync_peer peers[SYNC_MAX_PEERS];
	uint16_t dump_pending[FWD_MAX_WORKERS]; /* dump walks not yet on a worker's ring */
	/* k-way replication (sync_kway.c): the live pool and the one before a peer left (the
	 * rebalance sends each carried connection to its backups new since). */
	uint16_t live;            /* peers heard within SYNC_LIVE_MS, a bit each */
	uint16_t n_ids, n_old_ids;
	uint32_t ids[SYNC_MAX_PEERS + 1];     /* the live pool's ids, this forwarder's first */
	uint32_t old_ids[SYNC_MAX_PEERS + 1];
	uint64_t hello_at;        /* TSC of the last hellos */
	bool rebalance_pending[FWD_MAX_WORKERS]; /* a rebalance not yet on a worker's ring */
	struct sync_counters ctr;
};

/* The sync of the forwarder whose lcores share env: off until sync_ctl_apply. NULL when out
 * of memory. */
struct sync_ctl *sync_ctl_create(struct lcore_env *env);
void sync_ctl_free(struct sync_ctl *s);

/* Make set (validated by cfg_sync_set) the setting in force: the socket is opened anew when
 * the listen address changes, peers are kept by address (their windows too), sync goes on
 * when there are peers (asking them for dumps) and off when none. 0, or -errno with err
 * naming the field ("listen: cannot bind: ..."), the setting in force left as it was. */
int sync_ctl_apply(struct sync_ctl *s, const struct cfg_sync *set, char *err);

/* One round on the control thread (now: TSC): receive, drain the workers' rings, send. */
void sync_ctl_poll(struct sync_ctl *s, uint64_t now);

/* k-way replication (sync_kway.c), for sync.c. */

/* Follow who is live (peers heard within SYNC_LIVE_MS); on a change, the ids the rule ranks
 * over are rebuilt, and when a peer left every worker is asked to rebalance. */
void sync_kway_members(struct sync_ctl *s, uint64_t now);

/* The peers (a bit each) an item from a worker goes to: its own mask, or by the rule for a
 * change (SYNC_PEERS_ALL: the connection's backups), a dump record (askers the rule gives a
 * copy), a rebalance record (backups new since a peer left) or a pull (the holders). */
uint16_t sync_kway_route(struct sync_ctl *s, const struct sync_item *it);

/* Whether every live peer has sent its dump end (k-way: each has only its share). */
bool sync_kway_dumps_done(const struct sync_ctl *s);

/* "off", "syncing", "ready". */
const char *sync_state_name(enum sync_state st);

/* Call fn with the name and value of every counter of s (SYNC_COUNTERS, then each reject
 * reason), zeros included. */
typedef void (*sync_counter_fn)(void *arg, const char *name, uint64_t value);
void sync_ctl_each_counter(const struct sync_ctl *s, sync_counter_fn fn, void *arg);

/* Call fn with the name and help text of every counter sync_ctl_each_counter gives, in its
 * order: the list `hvlb-forwarder --list-counters` prints. */
typedef void (*sync_counter_info_fn)(void *arg, const char *name, const char *help);
void sync_list_counters(sync_counter_info_fn fn, void *arg);

#endif
