/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The forwarder's counters: each worker's, and per RS and VS slot. Plain adds by the owning
 * worker on its own cache lines, summed by the control thread (no atomics on the fast path).
 * Every worker counter is listed once, in WORKER_COUNTERS, with the name it has in telemetry
 * and in the local API (stats_each walks them for both).
 */
#ifndef HVLB_STATS_H
#define HVLB_STATS_H

#include <stddef.h>
#include <stdint.h>

#include <rte_common.h>

#include "drop.h"
#include "fwd_limits.h"

/* X(field, "name"). */
#define WORKER_COUNTERS(X)                                                                         \
	X(rx_pkts, "rx_packets")                                                                   \
	X(rx_bytes, "rx_bytes")                                                                    \
	X(tx_pkts, "tx_packets")                                                                   \
	X(tx_bytes, "tx_bytes")                                                                    \
	X(handoff_out, "handoff_out")     /* packets passed to the connection's owner */         \
	X(handoff_in, "handoff_in")       /* packets other workers passed here */                 \
	X(conns_total, "total_conns")                                                              \
	X(conn_evicted_embryonic, "conn_evicted_embryonic") /* made room for a SYN, table full */ \
	X(local_replies, "local_replies") /* ARP / ND / echo answered */                          \
	X(idle_sleeps, "idle_sleeps")                                                              \
	X(busy_polls, "busy_polls")                                                                \
	X(empty_polls, "empty_polls")                                                              \
	X(busy_cycles, "busy_cycles")     /* TSC cycles of iterations with packets: the load */   \
	X(steer_in, "flows_moved_in")     /* connections handed to this worker (steering) */     \
	X(steer_out, "flows_moved_out")   /* connections this worker handed on */                 \
	X(steer_fwd, "moved_packets")     /* packets of a moved connection passed on */           \
	X(steer_failed, "moves_failed")   /* connections lost in a hand-over, moves refused */    \
	X(notes_lost, "notes_lost")       /* steering notes to the control thread lost */           \
	X(sync_out, "sync_records_out")   /* sync records put on the ring to the control thread */ \
	X(sync_ring_full, "sync_ring_full") /* sync records lost: that ring was full */         \
	X(sync_in, "sync_records_in")     /* peers' records applied to this worker's table */      \
	X(sync_deleted, "sync_deleted")   /* connections a peer's record ended here */             \
	X(sync_kept, "sync_delete_kept")  /* a peer's delete of a connection busy here, ignored */ \
	X(sync_table_full, "sync_table_full") /* a peer's connection found no room */            \
	X(sync_no_service, "sync_no_service") /* a peer's connection to no service here */       \
	X(sync_no_real, "sync_no_real")   /* a peer's connection to no real of the service here */ \
	X(sync_conflict, "sync_conflict") /* a peer's client tuple is a reply tuple here */        \
	X(sync_dump_records, "sync_dump_records") /* records walked for peers' dumps */          \
	X(sync_refreshes, "sync_refreshes") /* records of busy connections, to refresh peers */  \
	X(midstream_conns, "midstream_conns") /* unconfirmed entries (mid-stream rule, conn.h) */ \
	X(sync_held, "sync_replies_held") /* NF replies held for their connection's record */   \
	X(sync_held_expired, "sync_replies_expired") /* of those, no record came: not_for_us */ \
	X(sp_synacks, "synproxy_syn_acks") /* cookie SYN-ACKs sent (worker_synproxy.h) */        \
	X(sp_conns, "synproxy_conns")     /* connections opened by a valid cookie */             \
	X(sp_established, "synproxy_established") /* of those, the NF answered: translated */    \
	X(sp_auto_on, "synproxy_auto_on") /* times an auto service's proxy turned on */          \
	X(sp_auto_off, "synproxy_auto_off") /* and off again */                                  \
	X(exc_to_kernel, "exception_to_kernel") /* frames for the kernel (exception.h) */        \
	X(exc_from_kernel, "exception_from_kernel") /* the kernel's frames sent (control thread) */ \
	X(tunnel_icmp, "tunnel_icmp_sent") /* frag. needed / too big sent for tunnel mode's MTU */ \
	X(sync_mode_mismatch, "sync_mode_mismatch") /* a peer's tunnel connection to a service \
						       not tunnelling the same way here */       \
	X(fnat_conns, "fullnat_conns")    /* FullNAT connections opened (worker_fullnat.h) */     \
	X(fnat_ports_returned, "fullnat_ports_returned") /* ports given back by other workers */ \
	X(fnat_ports_lost, "fullnat_ports_lost") /* ports not given back: return ring full */    \
	X(fnat_bad_port, "fullnat_bad_port") /* a port freed that was not in use (a bug) */      \
	X(fnat_pool_nomem, "fullnat_pool_nomem") /* a new pool's ports found no memory */        \
	X(icmp_from_nf, "icmp_errors_from_nf") /* NFs' ICMP errors translated to clients */   \
	X(fnat_toa, "fullnat_toa")        /* SYNs to NFs given the client's address (toa.h) */   \
	X(fnat_toa_no_room, "fullnat_toa_no_room") /* of those that wanted it, no room */        \
	X(vxlan_rx, "vxlan_rx")           /* VXLAN packets of a known VNI, decapsulated */        \
	X(vxlan_placed, "vxlan_placed")   /* priority connections offered to the least loaded */ \
	X(nic_hash_mismatch, "nic_hash_mismatch") /* a NIC hash that was not the key's Toeplitz \
						    hash: the worker hashes every key itself */ \
	X(sip_call_id, "sip_call_id")     /* SIP messages scheduled by their Call-ID */           \
	X(sip_no_call_id, "sip_no_call_id") /* to a sip_call_id service without one: 5-tuple */

struct worker_stats {
#define STATS_FIELD(f, name) uint64_t f;
	WORKER_COUNTERS(STATS_FIELD)
#undef STATS_FIELD
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

/* One worker's bad_l4_csum drops by the port the packet came in on, counted on the drop path
 * only (good packets pay nothing); the control thread reads them (csum_watch.h). */
struct port_csum_drops {
	uint64_t bad[FWD_MAX_PORTS];      /* bad_l4_csum drops */
	uint64_t unfilled[FWD_MAX_PORTS]; /* of those, checksums left for offload to fill in */
};

/* dst += src, every counter and drop reason. */
void stats_add(struct worker_stats *dst, const struct worker_stats *src);

/* Call fn with the name and value of every counter of s in WORKER_COUNTERS order (drops
 * not included: hvlb_drop_name names them). */
typedef void (*stats_fn)(void *arg, const char *name, uint64_t value);
void stats_each(const struct worker_stats *s, stats_fn fn, void *arg);

#endif
