/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A worker (the paper's PFT): one lcore, its RX queues, its own connection table, counters and
 * TX buffers. Nothing in here is shared with another worker on the fast path; packets of a
 * connection another worker owns go to that worker's inbox ring.
 */
#ifndef HVLB_WORKER_H
#define HVLB_WORKER_H

#include <rte_ethdev.h>

#include "fwd.h"
#include "scheduler.h"
#include "steer.h"

#define WORKER_MAX_RXQ 8
#define WORKER_INBOX_SIZE 4096
#define WORKER_CMD_SIZE 256 /* steering commands from the control thread */
#define WORKER_MAX_MOVED 64 /* connections handed on and not yet unmarked */
#define WORKER_NEIGH_BITS 6 /* a 64-entry cache: next hops are few (gateways, NFs) */

/* A cached neighbour (next hop), direct-mapped by address. */
struct worker_neigh {
	union hvlb_addr addr;
	uint64_t data;    /* neigh_pack()ed MAC and port, never 0 */
	uint64_t version; /* fwd.neigh_version when filled: any other value means stale */
	uint8_t af;
};

struct worker_rxq {
	uint16_t port;
	uint16_t queue;
};

/* A connection this worker handed to another: until unmarked, its packets that still come
 * here go on to the new owner (steer_msg.h). */
struct worker_moved {
	struct flow_key key[2];
	uint32_t hash[2];
	uint32_t seq;
	uint16_t to;
	uint8_t n_keys;
};

struct worker {
	uint16_t id;
	unsigned lcore;
	uint16_t n_rxq;
	struct worker_rxq rxq[WORKER_MAX_RXQ];
	uint16_t txq;                     /* this worker's TX queue on every port */
	struct fwd *fwd;
	struct rte_ring *inbox;           /* packets other workers pass to this owner */
	uint32_t inbox_done;              /* inbox entries dequeued and dealt with (what is handed
					     on is on its next inbox by then); the dispatch stage
					     reads it (its move fences) */
	struct rte_ring *cmd;             /* steering commands from the control thread (SPSC) */
	struct conn_table *conns;
	const struct fwd_snapshot *snap;  /* the snapshot in use for this loop iteration */
	uint64_t snap_version;
	uint64_t now;                     /* TSC at the top of the loop iteration */
	uint64_t neigh_version;           /* fwd.neigh_version at the top of the iteration */
	uint32_t empty_polls;             /* consecutive, for idle back-off */
	uint32_t sleep_us;
	const struct steer_table *steer;  /* the overrides in use for this loop iteration */
	uint8_t steer_on;                 /* overrides or moved entries exist: look packets up */
	uint16_t n_moved;
	int socket;                       /* where its memory is: its lcore's NUMA socket */
	struct rte_eth_dev_tx_buffer *tx[FWD_MAX_PORTS];
	struct sched_worker sched;
	struct worker_stats stats;
	struct slot_stats vs_stats[VS_MAX_SLOTS];
	struct slot_stats rs_stats[RS_MAX_SLOTS + 1];
	uint32_t rs_active[RS_MAX_SLOTS + 1];
	struct rs_rtt rs_rtt[RS_MAX_SLOTS + 1];
	uint32_t vs_active[VS_MAX_SLOTS];
	/* In front of the shared neighbour table, so that steady-state forwarding makes no
	 * rte_hash lookup. */
	struct worker_neigh neigh[1u << WORKER_NEIGH_BITS];
	struct worker_moved moved[WORKER_MAX_MOVED];
} __rte_cache_aligned;

/* Allocate and initialise worker id on socket (connection table, TX buffers, inbox). */
struct worker *worker_create(struct fwd *f, uint16_t id, unsigned lcore, int socket);
void worker_free(struct worker *w);

/* The lcore entry point: loops until f->quit. */
int worker_main(void *arg);

/* One iteration of the loop: poll every RX queue and the inbox, process, expire a few
 * connections, flush TX. Returns the number of packets received. Used by worker_main and by
 * the fixture runner and benchmark, so they run exactly the production code. */
unsigned worker_poll_once(struct worker *w);

/* Process a burst of received frames (from a port, or from another worker when from_peer).
 * Every mbuf is consumed: transmitted, handed off, passed to the control thread or freed. */
void worker_process_burst(struct worker *w, struct rte_mbuf **pkts, uint16_t n, int from_peer);

/* Flush every TX buffer. */
void worker_flush(struct worker *w);

/* For one ring burst per owner: move the entries of objs[0..*n) whose owner (owner[i]) is
 * owner[0] to out, in order, and set *o to it; the rest stay in objs and owner, in order, and
 * *n counts them. Returns how many were moved. */
static inline uint16_t
owner_batch_take(void **objs, uint16_t *owner, uint16_t *n, void **out, uint16_t *o)
{
	uint16_t k = 0, rest = 0;

	*o = owner[0];
	for (uint16_t i = 0; i < *n; i++) {
		if (owner[i] == *o) {
			out[k++] = objs[i];
		} else {
			objs[rest] = objs[i];
			owner[rest++] = owner[i];
		}
	}
	*n = rest;
	return k;
}

/* Which worker owns the connections of a client endpoint by default: a hash of it
 * (steer_owner); a steering override can say otherwise for one connection. */
static inline uint16_t
worker_owner(uint16_t n_workers, const union hvlb_addr *client, uint16_t client_port)
{
	return steer_owner(n_workers, client, client_port);
}

#endif
