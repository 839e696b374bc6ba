/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The software dispatch stage ([forwarder] dispatch = on): one lcore polls every RX queue of
 * every port and puts each packet straight on its owner's inbox, so no worker ever receives a
 * packet it does not own. Without it (the default) each worker polls its own RX queues and
 * passes on the packets it does not own; on ports that cannot steer a moved connection (every
 * virtual PMD on this machine), that pass costs the old owner about 0.6 of processing the
 * packet, which caps how well RSS-A can even out a skewed load (docs/benchmarks.md). With the
 * dispatch stage the cap goes, at the price of one core that does no forwarding.
 *
 * The dispatcher reads only a packet's tuple (parse_peek_tuple): the owner is the hash of the client
 * endpoint, or the steering table's override, exactly as a worker computes it. Anything that
 * is not plain TCP or UDP (ARP, ICMP, fragments, malformed frames) goes to a worker in turn,
 * tagged to be classified in full (inbox.h): that worker answers it, drops it under its named reason or
 * passes it to its owner (an ICMP error to the owner of the connection it quotes).
 *
 * A move (steer_msg.h) keeps every packet of the connection in order. Until the dispatcher
 * sees the steering table that moves it, it sends the connection's packets to the old owner,
 * which passes them on behind the connection's state. The table lists the move as fresh
 * (steer_fresh); from then on the dispatcher holds the connection's packets back (a fence)
 * until the old owner has dealt with everything in its inbox up to that moment, which it has
 * passed on to the new owner's inbox by then, and only then releases them to the new owner's
 * inbox, behind those. A fence whose hold fills up, or whose old owner takes longer than
 * DISPATCH_FENCE_MAX_US, releases early: its connection may then see packets out of order, as
 * without the dispatch stage, and fence_early counts it.
 */
#ifndef HVLB_DISPATCH_H
#define HVLB_DISPATCH_H

#include <stdint.h>

#include "idle.h"
#include "lcore_env.h"
#include "worker.h"

#define DISPATCH_MAX_RXQ (FWD_MAX_PORTS * WORKER_MAX_RXQ)
#define DISPATCH_MAX_FENCES 32   /* moves held at once (RSS-A moves a few per period) */
#define DISPATCH_FENCE_HOLD 128  /* packets held per move */
#define DISPATCH_FENCE_MAX_US 5000

struct dispatch_stats {
	uint64_t rx_pkts;     /* plain TCP/UDP sent to an owner (the rest a worker counts) */
	uint64_t rx_bytes;
	uint64_t raw;         /* sent to a worker to be classified in full */
	uint64_t steered;     /* sent where an override says */
	uint64_t full;        /* dropped: an inbox was full (counted as handoff_full) */
	uint64_t busy_cycles; /* TSC cycles of loop iterations that had packets */
	uint64_t fences;      /* moves whose packets were held back until the old owner was done */
	uint64_t fence_held;  /* packets held back */
	uint64_t fence_early; /* fences released early (hold full, old owner too slow, no slot) */
	uint64_t idle_sleeps;
	uint64_t sent[FWD_MAX_WORKERS];
} __rte_cache_aligned;

/* A move the dispatcher holds packets of (dispatch.h). */
struct dispatch_fence {
	struct flow_key key[2];
	uint32_t client_hash[2];
	uint8_t n_keys;
	uint16_t from;
	uint16_t to;
	uint16_t n_held;
	uint32_t pos;      /* the old owner's inbox entries to be dealt with first */
	uint64_t since;    /* TSC */
	struct rte_mbuf *held[DISPATCH_FENCE_HOLD];
};

struct dispatcher {
	unsigned lcore;
	uint16_t id;      /* 0 .. n_disp - 1 */
	uint16_t rcu_id;  /* its RCU reader id: n_workers + id (the workers have 0..n-1) */
	uint16_t n_rxq;
	uint16_t next_raw; /* the worker the next raw packet goes to */
	struct worker_rxq rxq[DISPATCH_MAX_RXQ];
	struct lcore_env *env;
	uint64_t now;
	struct idle idle;
	uint64_t seen_gen;              /* the newest publication whose moves are fenced */
	uint16_t n_fences;
	struct dispatch_stats stats;
	struct dispatch_fence fence[DISPATCH_MAX_FENCES];
};

/* The dispatch stages of a forwarder (n is 0 without them). */
struct dispatch_set {
	uint16_t n;
	struct dispatcher *d[FWD_MAX_DISPATCH];
};

/* Dispatch stage id of n on lcore, polling RX queue q of every port (set up already) where
 * q mod n is id. */
struct dispatcher *dispatch_create(struct lcore_env *env, uint16_t id, uint16_t n,
				   unsigned lcore, int socket);
void dispatch_free(struct dispatcher *d);

/* The counters of all the stages, summed (sent[] left out). */
void dispatch_sum(const struct dispatch_set *ds, struct dispatch_stats *out);

/* One iteration: poll every RX queue and hand each packet to its owner. Returns the packets
 * received. The lcore loop, the fixture runner and the benchmark all call it. */
unsigned dispatch_poll_once(struct dispatcher *d);

/* The lcore entry point: loops until env->quit. */
int dispatch_main(void *arg);

#endif
