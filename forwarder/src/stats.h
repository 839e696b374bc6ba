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

/* X(field, "name", "help"): the field of struct worker_stats, its name in telemetry, the local
 * API and metrics (hvlb_worker_<name>_total; docs/counters.md), and what it counts, which
 * `hvlb-forwarder --list-counters` prints for the Go side and the docs. */
#define WORKER_COUNTERS(X)                                                                         \
	X(rx_pkts, "rx_packets",                                                                   \
	  "Packets received by the worker (from its RX queues or a dispatch stage).")              \
	X(rx_bytes, "rx_bytes", "Bytes received by the worker.")                                   \
	X(tx_pkts, "tx_packets", "Packets the worker transmitted.")                                \
	X(tx_bytes, "tx_bytes", "Bytes the worker transmitted.")                                   \
	X(handoff_out, "handoff_out", "Packets passed to the connection's owning worker.")         \
	X(handoff_in, "handoff_in", "Packets other workers passed to this one.")                   \
	X(conns_total, "total_conns", "Connections the worker created.")                           \
	X(conn_evicted_embryonic, "conn_evicted_embryonic",                                        \
	  "Embryonic connections evicted to make room for a SYN in a full table.")                 \
	X(local_replies, "local_replies", "ARP, ND and echo requests answered.")                   \
	X(idle_sleeps, "idle_sleeps", "Times the worker slept for lack of traffic.")               \
	X(busy_polls, "busy_polls", "Polls that returned packets.")                                \
	X(empty_polls, "empty_polls", "Polls that returned nothing.")                              \
	X(busy_cycles, "busy_cycles",                                                              \
	  "TSC cycles of loop iterations that had packets (the worker's load).")                   \
	X(steer_in, "flows_moved_in",                                                              \
	  "Connections handed to this worker by steering (RSS-A or an operator).")                 \
	X(steer_out, "flows_moved_out", "Connections this worker handed on by steering.")          \
	X(steer_fwd, "moved_packets", "Packets of a moved connection passed on to its new owner.") \
	X(steer_failed, "moves_failed",                                                            \
	  "Connections lost in a hand-over between workers, or moves refused.")                    \
	X(notes_lost, "notes_lost",                                                                \
	  "Steering notes to the control thread lost (its ring was full).")                        \
	X(sync_out, "sync_records_out", "Sync records put on the ring to the control thread.")     \
	X(sync_ring_full, "sync_ring_full",                                                        \
	  "Sync records lost: the ring to the control thread was full.")                           \
	X(sync_in, "sync_records_in", "Peers' sync records applied to this worker's table.")       \
	X(sync_deleted, "sync_deleted", "Connections a peer's sync record ended here.")            \
	X(sync_kept, "sync_delete_kept", "Peers' deletes of a connection busy here, ignored.")     \
	X(sync_table_full, "sync_table_full",                                                      \
	  "Peers' connections that found no room in the table.")                                   \
	X(sync_no_service, "sync_no_service",                                                      \
	  "Peers' connections to a service this forwarder does not have.")                         \
	X(sync_no_real, "sync_no_real",                                                            \
	  "Peers' connections to a real the service does not have here.")                          \
	X(sync_conflict, "sync_conflict",                                                          \
	  "Peers' connections whose client tuple is a reply tuple here.")                          \
	X(sync_dump_records, "sync_dump_records", "Records walked for peers' table dumps.")        \
	X(sync_refreshes, "sync_refreshes", "Records of busy connections sent to refresh peers.")  \
	X(midstream_conns, "midstream_conns",                                                      \
	  "Unconfirmed connection entries made by the mid-stream rule (sync on).")                 \
	X(sync_held, "sync_replies_held",                                                          \
	  "NF replies held until their connection's sync record came.")                            \
	X(sync_held_expired, "sync_replies_expired",                                               \
	  "Held NF replies whose record never came (dropped as not_for_us).")                      \
	X(pull_held, "sync_pull_held",                                                             \
	  "k-way: packets of a connection not held here, held while its holders were asked.")      \
	X(pull_found, "sync_pull_found",                                                           \
	  "k-way: of those, packets released when a holder's record made their connection.")       \
	X(pull_missed, "sync_pull_missed",                                                         \
	  "k-way: held packets no holder answered for in time (client's: mid-stream rule).")       \
	X(pull_full, "sync_pull_full",                                                             \
	  "k-way: packets to pull for that found the hold full (dropped; the sender retransmits).")\
	X(pull_sp_asked, "sync_pull_sp_asked",                                                     \
	  "k-way: pulls for SYN-proxied connections still waiting here (done at another forwarder?).")\
	X(pull_half_asked, "sync_pull_half_asked",                                                 \
	  "k-way: pulls for TCP handshakes seen half here (ECMP split them) until a peer completes one.")\
	X(pull_answered, "sync_pull_answered",                                                     \
	  "k-way: peers' pulls answered with the connection's record.")                            \
	X(pull_unknown, "sync_pull_unknown",                                                       \
	  "k-way: peers' pulls for a connection this forwarder does not hold.")                    \
	X(sync_rebalanced, "sync_rebalanced",                                                      \
	  "k-way: carried connections walked for their backups after a peer left.")                \
	X(sp_synacks, "synproxy_syn_acks", "SYN proxy: cookie SYN-ACKs sent.")                     \
	X(sp_conns, "synproxy_conns", "SYN proxy: connections opened by a valid cookie.")          \
	X(sp_established, "synproxy_established",                                                  \
	  "SYN proxy: of those, connections the NF answered (translated).")                        \
	X(sp_auto_on, "synproxy_auto_on", "SYN proxy: times an auto service's proxy turned on.")   \
	X(sp_auto_off, "synproxy_auto_off",                                                        \
	  "SYN proxy: times an auto service's proxy turned off again.")                            \
	X(exc_to_kernel, "exception_to_kernel",                                                    \
	  "Frames for the forwarder's own address given to the kernel (exception path).")          \
	X(exc_from_kernel, "exception_from_kernel",                                                \
	  "The kernel's frames sent out of a data port (exception path): the control thread "      \
	  "counts them, so they show in the forwarder's sum, 0 per worker.")                       \
	X(tunnel_icmp, "tunnel_icmp_sent",                                                         \
	  "Tunnel mode: fragmentation-needed / packet-too-big sent for the tunnel MTU.")           \
	X(sync_mode_mismatch, "sync_mode_mismatch",                                                \
	  "Peers' connections to a service of another mode (or tunnel encapsulation) here.")       \
	X(sync_fnat_port, "sync_fullnat_port",                                                     \
	  "Peers' FullNAT connections refused: local address not in this pool, or its endpoint "   \
	  "another worker's here.")                                                                \
	X(sync_fnat_port_taken, "sync_fullnat_port_taken",                                         \
	  "Peers' FullNAT connections refused: a port of this forwarder's range that another "     \
	  "connection here holds (a late copy of one that ended here).")                           \
	X(fnat_conns, "fullnat_conns", "FullNAT connections opened.")                              \
	X(fnat_ports_returned, "fullnat_ports_returned",                                           \
	  "FullNAT local ports given back by other workers.")                                      \
	X(fnat_ports_lost, "fullnat_ports_lost",                                                   \
	  "FullNAT local ports not given back: the return ring was full.")                         \
	X(fnat_bad_port, "fullnat_bad_port",                                                       \
	  "FullNAT local ports freed that were not in use (a bug).")                               \
	X(fnat_pool_nomem, "fullnat_pool_nomem",                                                   \
	  "FullNAT: a new local pool's ports found no memory.")                                    \
	X(frag_out_pkts, "frag_out_datagrams",                                                     \
	  "IPv4 packets longer than their egress port's MTU sent on in fragments (a datagram an "   \
	  "af_packet port's kernel reassembled).")                                                  \
	X(frag_out_frags, "frag_out_fragments", "The fragments they were sent in.")               \
	X(too_big_icmp, "too_big_icmp_sent",                                                       \
	  "Fragmentation-needed / packet-too-big sent for packets longer than their egress "        \
	  "port's MTU (too_big; tunnel mode's own: tunnel_icmp_sent).")               \
	X(icmp_from_nf, "icmp_errors_from_nf", "NFs' ICMP errors translated back to clients.")     \
	X(fnat_toa, "fullnat_toa", "FullNAT: SYNs to NFs given the client's address (TOA).")       \
	X(fnat_toa_no_room, "fullnat_toa_no_room",                                                 \
	  "FullNAT: SYNs that wanted the client's address but had no room for it.")                \
	X(vxlan_rx, "vxlan_rx", "VXLAN packets of a known VNI, decapsulated.")                     \
	X(vxlan_placed, "vxlan_placed",                                                            \
	  "VXLAN priority connections offered to the least loaded worker.")                        \
	X(nic_hash_mismatch, "nic_hash_mismatch",                                                  \
	  "NIC hashes that were not the key's Toeplitz hash (the worker hashes every key "         \
	  "itself).")                                                                              \
	X(sip_call_id, "sip_call_id",                                                              \
	  "SIP messages of a sip_call_id service scheduled by their Call-ID.")                     \
	X(sip_no_call_id, "sip_no_call_id",                                                        \
	  "SIP messages of a sip_call_id service without a parsable Call-ID: by the 5-tuple.")    \
	X(persist_hit, "persist_hit",                                                              \
	  "New connections of a persistence service sent to the real of their client's entry.")   \
	X(persist_new, "persist_new",                                                              \
	  "New connections of a persistence service scheduled afresh: no entry for the client, "   \
	  "or its real unusable or gone.")                                                         \
	X(persist_evicted, "persist_evicted",                                                      \
	  "Persistence entries forgotten before their time because their set was full.")         \
	X(kfp_handed, "kernel_fast_handed",                                                        \
	  "Connection directions handed to the in-kernel fast path (docs/kernel-fast-path.md).")  \
	X(kfp_taken_back, "kernel_fast_taken_back",                                                \
	  "Connection directions taken back from it: ended, FIN or RST, changed, or 2 s idle. "    \
	  "Many a second beside few entries: connections going back and forth.")

/* How many counters WORKER_COUNTERS lists. */
#define STATS_ONE(f, name, help) +1
enum { STATS_N_COUNTERS = 0 WORKER_COUNTERS(STATS_ONE) };
#undef STATS_ONE

struct worker_stats {
#define STATS_FIELD(f, name, help) uint64_t f;
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
/* The longest sample kept, in microseconds (about 537 s): its eighths fit srtt8_us. */
#define RS_RTT_MAX_US (UINT32_MAX / 8)

struct rs_rtt {
	uint32_t srtt8_us; /* EWMA (gain 1/8) in microseconds, kept times 8 as TCP keeps SRTT */
	uint32_t pad;
	uint64_t samples;
	uint64_t sum_us;   /* every sample added: an interval's mean is its delta over samples' */
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

/* Call fn with the name and help text of every counter in WORKER_COUNTERS order: the list
 * `hvlb-forwarder --list-counters` prints. */
typedef void (*stats_info_fn)(void *arg, const char *name, const char *help);
void stats_list(stats_info_fn fn, void *arg);

#endif
