/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Neighbours (ARP / IPv6 ND): the table next hops are resolved in, its upkeep on the control
 * thread, and the workers' cache in front of it.
 *
 * Workers read the table without locks (rte_hash with lock-free readers; each entry's MAC and
 * port packed in one 64-bit word stored atomically) through a small per-worker cache that a
 * table-wide version invalidates. The control thread learns from the ARP replies and
 * neighbour advertisements workers pass it (learn ring), asks for the next hops workers
 * missed (miss ring, rate-limited), and refreshes learnt entries; the requests it builds leave
 * through worker 0 (tx ring).
 */
#ifndef HVLB_NEIGH_H
#define HVLB_NEIGH_H

#include <stdint.h>
#include <string.h>

#include <rte_ether.h>
#include <rte_hash.h>
#include <rte_mempool.h>
#include <rte_ring.h>
#include <rte_ring_elem.h>

#include "fwd_limits.h"
#include "port.h"
#include "snapshot.h"
#include "types.h"

#define NEIGH_CACHE_BITS 6 /* a 64-entry cache per worker: next hops are few (gateways, NFs) */
/* Packets to an unresolved next hop wait in the worker that routed them, as the kernel queues
 * packets to an incomplete neighbour (unres_qlen), so the first packets after start-up or
 * after a new NF appears are not lost: up to NEIGH_HOLD_PKTS per next hop, for up to
 * NEIGH_HOLD_NEXTHOPS next hops per worker, for at most NEIGH_HOLD_MS (three requests at the
 * default neigh_retry_ms, as the kernel's three probes). */
#define NEIGH_HOLD_NEXTHOPS 8
#define NEIGH_HOLD_PKTS 16
#define NEIGH_HOLD_MS 3000

/* The table key: address and family. No padding bytes (the whole struct is hashed). */
struct neigh_key {
	union hvlb_addr addr;
	uint64_t af;
};

struct neigh_meta;

struct idle_wake;

struct neigh_table {
	struct rte_hash *h;         /* lock-free readers; the control thread writes */
	uint64_t *data;             /* FWD_NEIGH_MAX entries: neigh_pack()ed, 0 = unresolved */
	uint64_t version;           /* bumped by the control thread whenever an entry's data
				       changes; validates the workers' caches */
	struct rte_ring *learn;     /* workers -> control thread: ARP replies / NAs */
	struct rte_ring *miss;      /* workers -> control thread: neigh_key to resolve */
	struct idle_wake *tx_wake;  /* worker 0's: kicked after each frame put on tx */
	struct rte_ring *tx;        /* control thread -> worker 0: frames to send (ARP / NS);
				       m->port is the DPDK port. Many virtual PMDs have as many
				       TX queues as RX queues, so the control thread has none. */
	/* The control thread's alone: */
	struct neigh_meta *meta;    /* per entry: requests, learning, static */
	const struct port_set *ports;
	struct rte_mempool *pool;   /* requests are built in its mbufs */
	uint32_t retry_ms;          /* least time between two requests for one neighbour */
	uint32_t first_retry_ms;    /* an unresolved one's first repeat (then doubling) */
	uint64_t hz;
	uint64_t last_sweep;        /* TSC */
	uint64_t last_version;      /* the snapshot version of the last sweep */
};

/* A next hop a worker cached, direct-mapped by address. */
struct neigh_cached {
	union hvlb_addr addr;
	uint64_t data;    /* neigh_pack()ed MAC and port, never 0 */
	uint64_t version; /* neigh_table.version when filled: any other value means stale */
	uint8_t af;
};

/* Packets waiting for one next hop's MAC. */
struct neigh_held {
	union hvlb_addr addr;
	uint64_t since;   /* TSC of the first one */
	uint16_t port;    /* index of the port the route sends them out of */
	uint8_t af;
	uint8_t n;        /* 0: a free slot */
	struct rte_mbuf *m[NEIGH_HOLD_PKTS];
};

/* A worker's cache in front of the table, so that steady-state forwarding makes no rte_hash
 * lookup, and the packets it holds for next hops not resolved yet. */
struct neigh_cache {
	uint64_t version;      /* the table's version at the top of the worker's loop iteration */
	uint32_t n_held;       /* next hops with packets waiting */
	uint64_t held_version; /* the table's version when they were last looked up */
	struct neigh_key miss; /* the last next hop neigh_cache_get found unresolved */
	struct neigh_cached e[1u << NEIGH_CACHE_BITS];
	struct neigh_held held[NEIGH_HOLD_NEXTHOPS];
};

static inline uint64_t
neigh_pack(const struct rte_ether_addr *mac, uint16_t port)
{
	uint64_t v = 0;
	memcpy(&v, mac->addr_bytes, 6);
	return v | (uint64_t)port << 48;
}

static inline void
neigh_unpack(uint64_t v, struct rte_ether_addr *mac, uint16_t *port)
{
	memcpy(mac->addr_bytes, &v, 6);
	*port = (uint16_t)(v >> 48);
}

/* Set the table up on socket: requests from ports' addresses, in pool's mbufs, at most one per
 * neighbour every retry_ms. 0 or -ENOMEM. */
int neigh_init(struct neigh_table *nt, int socket, const struct port_set *ports,
	       struct rte_mempool *pool, uint32_t retry_ms);
void neigh_free(struct neigh_table *nt);

/* Static (or learnt, is_static 0) entry. 0 or -errno. */
int neigh_set(struct neigh_table *nt, uint8_t af, const union hvlb_addr *addr,
	      const struct rte_ether_addr *mac, uint16_t port, int is_static);

/* Call fn for every resolved neighbour. */
typedef void (*neigh_walk_fn)(void *arg, uint8_t af, const union hvlb_addr *addr,
			      const struct rte_ether_addr *mac, uint16_t port, int is_static);
void neigh_walk(const struct neigh_table *nt, neigh_walk_fn fn, void *arg);

/* Learn from what workers passed up and ask for the next hops they missed (routed by the
 * snapshot s); call often. */
void neigh_poll_rings(struct neigh_table *nt, const struct fwd_snapshot *s);

/* Once a second (or at once when s changed, or force): ask for every next hop s needs and
 * refresh learnt entries. */
void neigh_poll_timers(struct neigh_table *nt, const struct fwd_snapshot *s, int force);

/* ---- the workers' side ---- */

/* At the top of a worker's loop iteration: entries cached before a change are stale from
 * here on. */
static inline void
neigh_cache_sync(struct neigh_cache *c, const struct neigh_table *nt)
{
	c->version = __atomic_load_n(&nt->version, __ATOMIC_ACQUIRE);
}

static inline uint32_t
neigh_cache_slot(const union hvlb_addr *a)
{
	uint32_t h = a->w[0] ^ a->w[1] ^ a->w[2] ^ a->w[3];

	return (h * 0x9E3779B1u) >> (32 - NEIGH_CACHE_BITS); /* Fibonacci hashing */
}

/* A cache miss: look the table up and cache what it has. An unresolved neighbour is not
 * cached, and the control thread is asked to resolve it (a full ring only delays that). */
uint64_t neigh_cache_fill(struct neigh_cache *c, struct neigh_cached *e,
			  const struct neigh_table *nt, uint8_t af, const union hvlb_addr *a);

/* Hold m, routed out of port towards the next hop neigh_cache_get just found unresolved
 * (c->miss), at TSC now. 0, or -ENOSPC when there is no room (the caller drops m as
 * neigh_hold_full). */
int neigh_hold(struct neigh_cache *c, uint16_t port, struct rte_mbuf *m, uint64_t now);

/* The table's packed MAC and port of a next hop, 0 while unresolved (no caching, no request). */
uint64_t neigh_lookup(const struct neigh_table *nt, uint8_t af, const union hvlb_addr *a);

/* Free every held packet (a worker going away). */
void neigh_hold_flush(struct neigh_cache *c);

/* The next hop's packed MAC and port, or 0 while unresolved. */
static inline uint64_t
neigh_cache_get(struct neigh_cache *c, const struct neigh_table *nt, uint8_t af,
		const union hvlb_addr *a)
{
	struct neigh_cached *e = &c->e[neigh_cache_slot(a)];

	if (likely(e->version == c->version && e->af == af && hvlb_addr_eq(&e->addr, a)))
		return e->data;
	return neigh_cache_fill(c, e, nt, af, a);
}

#endif
