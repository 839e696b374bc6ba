/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The forwarder process: ports, workers, the published configuration snapshot and the
 * neighbour table. main.c sets it up; worker*.c run the fast path; ctl*.c and the rest run on
 * the control thread.
 */
#ifndef HVLB_FWD_H
#define HVLB_FWD_H

#include <stdint.h>

#include <rte_ether.h>
#include <rte_mbuf.h>
#include <rte_ring.h>
#include <rte_rcu_qsbr.h>

#include "conn.h"
#include "drop.h"
#include "types.h"
#include "vs.h"

#define FWD_MAX_PORTS 8
#define FWD_MAX_WORKERS 64
#define FWD_MAX_DISPATCH 8
#define FWD_MAX_LOCAL 64   /* own addresses, all ports */
#define FWD_MAX_ROUTES 1024
#define FWD_BURST 32
#define FWD_NEIGH_MAX 4096

struct rte_lpm;
struct rte_lpm6;
struct rte_hash;
struct cfgstore;
struct ctl_server;

struct fwd_port {
	uint16_t port_id;
	uint16_t nb_rxq;
	uint16_t nb_txq;    /* one per worker, plus one for the control thread */
	int socket;
	struct rte_ether_addr mac;
	char name[64];
	char steering[64];  /* how flows reach their owner, logged at start-up */
};

/* An address of the forwarder itself. */
struct local_addr {
	union hvlb_addr addr;
	uint8_t af;
	uint8_t plen;
	uint16_t port;
};

/* Where a route sends packets. */
struct nexthop {
	union hvlb_addr gw; /* the neighbour to resolve; unused when connected */
	uint16_t port;
	uint8_t af;
	uint8_t connected;  /* 1: the destination itself is the neighbour */
};

/* An immutable configuration snapshot. Workers read the current one at the top of each loop;
 * the control thread builds a new one for every change and swaps the pointer. */
struct fwd_snapshot {
	uint64_t version;
	struct vs_table *vst;
	struct rte_lpm *lpm4;
	struct rte_lpm6 *lpm6;
	uint32_t n_nh;
	struct nexthop nh[FWD_MAX_ROUTES];
	uint32_t n_local;
	struct local_addr local[FWD_MAX_LOCAL];
	struct conn_timeouts timeouts;
	const uint32_t *rs_gen; /* RS_MAX_SLOTS + 1: 0 = the slot's RS is gone for good */
};

/* Per-worker counters: plain adds by the owner, summed by the control thread. */
struct worker_stats {
	uint64_t rx_pkts;
	uint64_t rx_bytes;
	uint64_t tx_pkts;
	uint64_t tx_bytes;
	uint64_t handoff_out;
	uint64_t handoff_in;
	uint64_t conns_total;
	uint64_t local_replies;
	uint64_t idle_sleeps;
	uint64_t busy_polls;
	uint64_t empty_polls;
	uint64_t busy_cycles;   /* TSC cycles of loop iterations that had packets (the load) */
	uint64_t steer_in;      /* connections handed to this worker (steering) */
	uint64_t steer_out;     /* connections this worker handed on */
	uint64_t steer_fwd;     /* packets of a moved connection passed on to its new owner */
	uint64_t steer_failed;  /* connections lost in a hand-over (no room), moves refused */
	uint64_t notes_lost;    /* steering notes to the control thread lost (ring full) */
	uint64_t drops[HVLB_DROP_MAX];
} __rte_cache_aligned;

/* Per-RS and per-VS counters of one worker, indexed by slot. */
struct slot_stats {
	uint64_t pkts;
	uint64_t bytes;
	uint64_t conns_total;
	uint64_t reserved;
};

/* Per-RS handshake RTT of one worker (NAT only): the time from a client's SYN arriving to the
 * NF's first SYN-ACK arriving, i.e. forwarder -> NF -> forwarder path RTT plus the NF's accept
 * time. Written once per connection, on its first SYN-ACK, so it stays off the established
 * path. */
struct rs_rtt {
	uint32_t srtt8_us; /* EWMA (gain 1/8) in microseconds, kept times 8 as TCP keeps SRTT */
	uint32_t pad;
	uint64_t samples;
};

struct worker;
struct dispatcher;
struct steer_table;
struct steer_ctl;

struct fwd {
	uint16_t n_ports;
	struct fwd_port ports[FWD_MAX_PORTS];
	uint8_t port_index[RTE_MAX_ETHPORTS]; /* DPDK port id -> index in ports[] */
	uint16_t n_workers;
	struct worker *workers[FWD_MAX_WORKERS];
	struct rte_mempool *pool;
	struct rte_rcu_qsbr *rcu;
	struct fwd_snapshot *snap;      /* current; read with __atomic_load_n */
	struct rte_hash *neigh;         /* lock-free readers, the control thread writes */
	uint64_t *neigh_data;           /* FWD_NEIGH_MAX entries: mac (48 bits) | port << 48 */
	uint64_t neigh_version;         /* bumped by the control thread whenever an entry's
					   data changes; validates the workers' caches */
	struct rte_ring *ctrl_ring;     /* workers -> control thread: ARP replies / NAs to learn */
	struct rte_ring *miss_ring;     /* workers -> control thread: neigh_key to resolve */
	struct rte_ring *ctrl_tx_ring;  /* control thread -> worker 0: frames to send (ARP/NS);
					   m->port is the DPDK port. Many virtual PMDs have as
					   many TX queues as RX queues, so the control thread
					   has none of its own. */
	struct steer_table *steer;      /* flow overrides; NULL when none; read with
					   __atomic_load_n, swapped by the control thread */
	struct steer_ctl *sc;           /* the control thread's steering and RSS-A state */
	uint16_t n_disp;                /* software dispatch stages (dispatch.h); 0: off */
	struct dispatcher *disp[FWD_MAX_DISPATCH];
	struct rte_mempool *steer_pool; /* struct steer_msg: commands and connection hand-overs */
	struct rte_ring *steer_notes;   /* workers -> control thread: struct steer_note */
	struct cfgstore *cfg;
	struct ctl_server *ctl;
	uint32_t conn_max;
	uint32_t idle_sleep_max_us;
	uint32_t neigh_retry_ms;        /* least time between two requests for one neighbour */
	uint64_t hz;
	volatile int quit;
};

/* The neighbour key: address and family. No padding bytes (the whole struct is hashed). */
struct neigh_key {
	union hvlb_addr addr;
	uint64_t af;
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

/* Whether addr is one of the forwarder's own addresses; returns its index or -1. */
static inline int
snap_local_find(const struct fwd_snapshot *s, const union hvlb_addr *addr)
{
	for (uint32_t i = 0; i < s->n_local; i++)
		if (hvlb_addr_eq(&s->local[i].addr, addr))
			return (int)i;
	return -1;
}

#endif
