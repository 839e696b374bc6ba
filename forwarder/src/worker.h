/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A worker (the paper's PFT): one lcore, its RX queues, its own connection table, counters and
 * TX buffers. Nothing in here is shared with another worker on the fast path; packets of a
 * connection another worker owns go to that worker's inbox ring.
 */
#ifndef HVLB_WORKER_H
#define HVLB_WORKER_H

#include <rte_ethdev.h>

#include "conn.h"
#include "fullnat.h"
#include "idle.h"
#include "kfp_items.h"
#include "lcore_env.h"
#include "neigh.h"
#include "scheduler.h"
#include "slot_list.h"
#include "stats.h"
#include "steer.h"
#include "steer_msg.h"
#include "sync_link.h"
#include "vs.h"

struct worker_frag;
struct capture_pub;

#define WORKER_MAX_RXQ 8
#define WORKER_INBOX_SIZE 4096
#define WORKER_CMD_SIZE 256 /* steering commands from the control thread */
#define WORKER_MAX_MOVED 64 /* connections handed on and not yet unmarked */
#define WORKER_SYNC_OUT 64  /* sync records collected before they go on the ring */
/* Packets held for their connection's record (worker_sync.h): NF replies, and with k-way
 * replication the packets of connections pulled from their holders (a forwarder's death
 * moves a third of a 3-forwarder pool's connections at once). */
#define WORKER_SYNC_HOLD 256
#define WORKER_SP_HOLD 64   /* client packets held for the NF's SYN-ACK (worker_synproxy.h) */
#define WORKER_NIC_HASH_CHECKS 1024 /* NIC hashes checked against the key's before trusted */

/* How a worker hashes a key for its table (conn.h conn_key_hash). */
enum worker_key_hash {
	WORKER_HASH_FLOW = 0, /* the table's own, conn_key_hash (no conn_set_hash) */
	WORKER_HASH_SOFT,     /* Toeplitz, computed here (a port gives none, or one disagreed) */
	WORKER_HASH_NIC,      /* Toeplitz, the NIC's where a packet comes with it */
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

/* A worker's side of connection sync (worker_sync.h). */
struct worker_sync {
	uint16_t n;               /* items in out, not yet on the ring */
	uint16_t dump_peers;      /* the dump walk in progress is for these peers (0: none) */
	uint16_t dump_next;       /* peers that asked during it: walked for next */
	uint32_t dump_cursor;
	uint32_t refresh_cursor;
	uint64_t refresh_start;   /* TSC: the refresh pass in progress began */
	uint64_t refresh_prev;    /* TSC: the one before began */
	bool rebalance;           /* the refresh pass in progress is a rebalance (every carried
				     connection, for backups new since a peer left) */
	bool rebalance_next;      /* one was asked for during it: the next pass is one too */
	bool no_pull;             /* the packets being processed waited for a pull in vain:
				     the mid-stream rule, no second pull */
	uint64_t sp_ask_tat;      /* worker_sync_sp_ask's rate (core/rate.h) */
	uint16_t n_held;
	struct {
		struct rte_mbuf *m;
		struct flow_key key;  /* its tuple (the connection's reply tuple, if it comes) */
		uint32_t hash;
		uint8_t dir;          /* enum conn_dir key must be found in to release it */
		uint8_t pull;         /* k-way: its connection was asked of its holders */
		uint64_t since;       /* TSC */
		uint64_t asked;       /* TSC: the pull's last ask */
	} held[WORKER_SYNC_HOLD];
	struct sync_item out[WORKER_SYNC_OUT];
};

/* A service's SYN proxy on one worker (worker_synproxy.h). */
struct worker_sp_vs {
	uint32_t emb;     /* its embryonic connections here (auto: CONN_FL_SP_EMB) */
	uint32_t cookies; /* cookie SYN-ACKs sent this second */
	uint32_t opened;  /* valid cookie ACKs this second */
	uint8_t on;       /* auto: the proxy is on */
};

/* A client packet a proxied connection holds until the NF's SYN-ACK. */
struct worker_sp_held {
	struct rte_mbuf *m;
	uint32_t idx;     /* its connection (conn_index) */
	uint64_t created; /* and that connection's creation, so a reused entry is not it */
};

/* What a worker keeps per RS slot for the fast path, in one 32-byte entry (half of its
 * struct rs_slot's line). Where a real's packets go, as route_tx last found it: the Ethernet
 * header to write and the port, valid while its epoch is the worker's (worker.nh_epoch): a new
 * snapshot (routes, reals) or neighbour change starts a new one. And the checksum changes NAT
 * makes to its connections' IPv4 packets (rewrite_fast.h rewrite_nat4_pre): the slot's real
 * and its service's VIP, and so the address change, are the same for every connection of one
 * RS generation (a reused slot gets a new one; cfgstore generations start at 1, so the zeroed
 * entries are no generation's). fast_gen says it all at once for the fast path
 * (rs_entry_fast): a connection of generation fast_gen is live (its generation the
 * snapshot's), and the entry's next hop and checksum changes are this epoch's and that
 * generation's. It is set only after a stale check, and every epoch starts with it 0 in every
 * entry (worker_nh_epoch_next, by the worker's list of the slots it set). */
struct rs_nexthop {
	uint8_t l2[12];  /* destination MAC, then the port's own */
	uint16_t port;
	uint16_t pad;
	uint32_t epoch;  /* 0: never filled */
	uint32_t fast_gen; /* the fast path's: see above (0: none) */
	uint16_t d_ip[2]; /* by direction (conn_dir): the IPv4 header's change, address and TTL */
	uint16_t d_l4[2]; /* the L4 checksum's, the address's alone (the port's is the packet's) */
};

_Static_assert(sizeof(struct rs_nexthop) == 32, "an rs_nexthop is half a cache line");

/* What a worker keeps per RS slot, in one cache line: the real's counters (stats.h) and its
 * fast path's entry, which a packet to or from the real touches together. */
struct rs_slot {
	struct slot_stats stats;
	struct rs_nexthop nh;
};

_Static_assert(sizeof(struct rs_slot) == 64, "an RS slot's entry is a cache line");

/* This worker's TX queue to a port: what tx_queue fills and worker_tx_flush sends, with the
 * port's facts a packet's TX needs on the same line (no walk to the port's entry). */
struct worker_txq {
	uint16_t length;
	uint16_t size;    /* FWD_BURST: a full queue goes out at once */
	uint16_t port_id; /* the port's ethdev */
	uint16_t pad;
	uint32_t tx_max;  /* fwd_port.tx_max: longer frames go to worker_tx_big */
	uint32_t pad2;
	uint64_t bytes;   /* of pkts, summed as they are queued (the MTU check read them) */
	struct rte_mbuf *pkts[FWD_BURST];
};

struct worker {
	uint16_t id;
	unsigned lcore;
	uint16_t n_rxq;
	struct worker_rxq rxq[WORKER_MAX_RXQ];
	uint16_t txq;                     /* this worker's TX queue on every port */
	struct lcore_env *env;
	const struct port_set *ports;     /* env->ports, one load nearer */
	struct rte_ring *inbox;           /* packets other workers pass to this owner */
	uint32_t inbox_done;              /* inbox entries dequeued and dealt with (what is handed
					     on is on its next inbox by then); the dispatch stage
					     reads it (its move fences) */
	struct rte_ring *cmd;             /* steering commands from the control thread (SPSC) */
	struct rte_ring *sync_out;        /* sync items to the control thread (sync_link.h) */
	struct rte_ring *sync_in;         /* sync items from the control thread */
	struct conn_table *conns;
	const uint32_t *conn_ticks;      /* conn_timeout_ticks(conns): conn_update_quick */
	const struct fwd_snapshot *snap;  /* the snapshot in use for this loop iteration */
	const uint32_t *rs_gen;           /* snap->rs_gen, read on every packet (conn_stale) */
	uint64_t snap_version;
	uint64_t now;                     /* TSC at the top of the loop iteration */
	uint32_t tnow;                    /* conn_tnow(conns, now): conn_update_quick */
	union hvlb_addr nh;               /* a packet's next hop that is a connection's address
					     (a client's, an NF's): whole here, where the entry
					     splits it (worker_fwd.c) */
	struct capture_pub *cap;          /* the capture running (env->capture, read at the top of
					     each loop iteration); NULL: none (worker_capture.h) */
	struct idle idle;
	const struct steer_table *steer;  /* the overrides in use for this loop iteration */
	uint8_t steer_on;                 /* overrides or moved entries exist: a packet that
					     finds no connection asks them who owns it */
	/* The connections the burst in progress opened, a bit each by the top 8 bits of their
	 * key's hash: a key whose bit is clear was not inserted since the burst's lookup
	 * (worker_fwd.c conn_new). */
	uint64_t burst_opened[4];
	/* Connections a packet of the burst ended (worker_conn_end_in_burst), freed when the
	   burst is done: at most two a packet (conn_end, the SIP lookup's). */
	struct conn *burst_ended[2 * FWD_BURST];
	uint16_t n_burst_ended;
	uint8_t sync_on;                  /* connection sync is on (env->sync_on, read at the top
					     of each loop iteration): record changes */
	uint8_t plain;                    /* sync off and no capture, for the loop iteration:
					     the fast path asks neither (worker_fwd.c
					     forward_burst) */
	uint8_t key_hash;                 /* enum worker_key_hash: what conn_key_hash is, and
					     whether a packet's NIC hash (mbuf hash.rss) may stand
					     for it (worker_fwd.c burst_hash) */
	uint16_t nic_hash_checks;         /* NIC hashes still to check before they are trusted */
	uint16_t n_moved;
	int socket;                       /* where its memory is: its lcore's NUMA socket */
	struct worker_txq *tx[FWD_MAX_PORTS];
	struct sched_worker sched;
	struct worker_stats stats;
	struct port_csum_drops csum;      /* worker_drop_bad_l4_csum */
	uint64_t vs_conns[VS_MAX_SLOTS];  /* connections opened, by service slot (their packets
					     and bytes are their reals': slot_totals.h) */
	struct rs_slot rs[RS_MAX_SLOTS + 1] __rte_cache_aligned;
	uint32_t rs_active[RS_MAX_SLOTS + 1];
	struct rs_rtt rs_rtt[RS_MAX_SLOTS + 1];
	/* rare_rtt_sample's TSC-to-microseconds, a multiply where a 64-bit division costs a
	   connection tens of cycles: 2^32 microseconds per tick, and the ticks of the longest
	   sample kept (RS_RTT_MAX_US). */
	uint64_t rtt_us_mult;
	uint64_t rtt_ticks_max;
	uint32_t vs_active[VS_MAX_SLOTS];
	uint64_t vs_rate_tat[VS_MAX_SLOTS]; /* each service's new-connection bucket (rate.h) */
	struct neigh_cache neigh;
	uint32_t nh_epoch;                /* rs_nexthop entries of another epoch are stale */
	struct worker_kfp kfp;            /* connections handed to the kernel (worker_kfp.h) */
	struct slot_list fast_slots;      /* whose rs[].nh.fast_gen this epoch set */
	uint64_t nh_neigh_version;        /* the neighbour table's version in this epoch */
	struct worker_moved moved[WORKER_MAX_MOVED];
	struct worker_sync sync;
	uint64_t sp_tick;                 /* TSC: the SYN proxy's last once-a-second look */
	uint16_t sp_n_held;
	struct worker_sp_held sp_held[WORKER_SP_HOLD];
	struct worker_sp_vs sp_vs[VS_MAX_SLOTS];
	struct tunnel_worker tunnel;      /* tunnel mode: ICMP bucket, outer sources found */
	struct fnat_ports fnat;           /* FullNAT's local ports (worker_fullnat.h) */
	void *fnat_mem;
	struct rte_ring *fnat_ret;        /* ports other workers give back to this one */
	uint32_t fnat_gen;                /* the pool's generation fnat is laid out for */
	struct idle_wake wake;            /* idle_wake = rx: its RX queues' kernel sockets */
	struct worker_frag *frag;         /* fragments = forward: its fragment table and the
					     fragments it holds (worker_frag.h); else NULL */
} __rte_cache_aligned;

/* Allocate and initialise worker id on socket (TX buffers, inbox, command ring), its
 * connection table laid out in conn_mem (conn_table_mem_size(env->conn_max) bytes, which the
 * caller owns: persist.h). NULL when out of memory. */
struct worker *worker_create(struct lcore_env *env, uint16_t id, unsigned lcore, int socket,
			     void *conn_mem);
void worker_free(struct worker *w);

/* Put the current snapshot's timeout sets in w's connection table (its first snapshot, and
 * each new one): every connection takes its set's values at its next packet. */
void worker_set_timeouts(struct worker *w);

/* Flush every TX buffer. */
void worker_flush(struct worker *w);

/* End connection c within a burst: out of the table at once (conn_unlink), its entry freed
 * when the burst is done (worker_burst_free_ended), as a later packet of the burst may hold it
 * from the burst's lookup. The caller has told the rest of the worker (worker_conn_gone). */
static inline void
worker_conn_end_in_burst(struct worker *w, struct conn *c)
{
	if (!c->in_use)
		return;
	if (w->n_burst_ended < RTE_DIM(w->burst_ended)) {
		conn_unlink(w->conns, c);
		w->burst_ended[w->n_burst_ended++] = c;
	} else {
		conn_delete(w->conns, c);
	}
}

/* Free the entries of the connections the burst ended. */
static inline void
worker_burst_free_ended(struct worker *w)
{
	for (uint16_t i = 0; i < w->n_burst_ended; i++)
		conn_free(w->conns, w->burst_ended[i]);
	w->n_burst_ended = 0;
}

/* Start a new next-hop epoch (a new snapshot or neighbour table): every rs[].nh entry is stale,
 * and no fast_gen is set. */
void worker_nh_epoch_next(struct worker *w);

/* Send what port's TX buffer holds, counting what the port took (tx_pkts, tx_bytes) and
 * dropping the rest (tx_full). */
void worker_tx_flush(struct worker *w, uint16_t port);

/* Tell the control thread's steering (steer_msg.h) of type, for move seq or about key; a full
 * ring loses the note and counts it. */
void worker_note(struct worker *w, uint8_t type, uint32_t seq, const struct flow_key *key,
		 uint8_t n_keys);

/* Drop m as bad_l4_csum, counted also by the port it came in on, and whether its checksum
 * was left unfilled (parse_l4_csum_unfilled). Out of line: only the drop path calls it. */
void worker_drop_bad_l4_csum(struct worker *w, struct rte_mbuf *m);

/* What the SYN proxy kept for c, which leaves this worker's table: its place among its
 * service's embryonic connections, and the client packet held for the NF's SYN-ACK
 * (worker_synproxy.h; dropped as synproxy_wait). Out of line: only CONN_FL_SP_* come here. */
void worker_sp_forget(struct worker *w, const struct conn *c);

/* FullNAT's local ports (worker_fullnat.c): set up w's allocator and return ring from
 * env->fnat_pool (0 or -ENOMEM), free them, mark the ports of connections restored into w's
 * table (a restart) in use in their home workers' allocators (start-up only), and give c's port back to its home worker as c leaves w's table
 * for good (worker_fullnat.h says how a moved connection's port gets home). */
int worker_fullnat_init(struct worker *w);
/* The pool changed (env->fnat_gen is not w->fnat_gen): lay w's allocator out again, keeping
 * the first env->fnat_keep addresses' ports, and acknowledge the generation. On w's lcore. */
void worker_fullnat_reload(struct worker *w);
void worker_fullnat_free(struct worker *w);
void worker_fullnat_restore(struct worker *w);
void worker_fullnat_gone(struct worker *w, const struct conn *c);

/* Fragments forwarded without reassembly (worker_frag.c): make w->frag when
 * env->frag_forward (else leave it NULL; 0, or -1 when out of memory), and free it with the
 * fragments it holds. */
int worker_frag_init(struct worker *w);
void worker_frag_free(struct worker *w);

/* Account for a connection leaving the table (expiry, hard remove); also what the SYN proxy
 * kept for it (worker_sp_forget). */
/* The client's packet a SYN proxy holds for c while its NF has not answered, taken out of the
 * hold (NULL: none): the proxy's completion, a peer's (worker_sync.c), or c's end. */
struct rte_mbuf *worker_sp_unhold(struct worker *w, const struct conn *c);
void worker_conn_gone(struct worker *w, const struct conn *c);

#endif
