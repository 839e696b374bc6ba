/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A worker's FullNAT (docs/mode-fullnat.md): its local ports (core/fullnat.h), opening a
 * FullNAT connection, the rewrites both ways, and ICMP errors about NAT and FullNAT
 * connections, from the client's side and from the NF's.
 *
 * Ports and hand-offs: a worker hands out only ports whose (local address, port) it is the
 * default owner of, so the NF's reply comes to it. A connection moved to another worker
 * (steering) keeps its port, still marked in use in its home worker's allocator; the worker
 * where it ends gives the port back to the home worker through the home's return ring (the
 * home drains it when it next opens a FullNAT connection). A full return ring loses the port
 * until restart (fullnat_ports_lost): a port is never handed out twice.
 */
#ifndef HVLB_WORKER_FULLNAT_H
#define HVLB_WORKER_FULLNAT_H

#include <rte_mbuf.h>

#include "parse.h"
#include "worker.h"

#define WORKER_FNAT_RET_SIZE 4096 /* ports other workers give back, in flight at most */

/* worker_fullnat_init, _free, _restore and _gone are in worker.h (worker.c calls them). */

/* Open a FullNAT connection for key (hash = conn_key_hash(key)): a local port, then the table
 * entry. NULL with *r set: fullnat_no_port, or none (the table refused it: the caller's
 * conn_table_full rule). */
struct conn *worker_fullnat_insert(struct worker *w, const struct flow_key *key, uint32_t hash,
				   const struct rs_config *rs, const struct vs *vs,
				   enum hvlb_drop *r);

/* The rewrites of a FullNAT connection's packets; to the NF, a SYN of a service with
 * client_addr gets the TOA when the option and the mbuf's headroom have room (m may then
 * start earlier: pi's offsets stay right for it). */
void worker_fullnat_to_rs(struct worker *w, struct rte_mbuf *m, const struct pkt_info *pi,
			  const struct conn *c);
void worker_fullnat_to_client(const struct worker *w, uint8_t *frame, const struct pkt_info *pi,
			      const struct conn *c);

/* Whether addr is one of the pool's local addresses. */
bool worker_fullnat_is_local(const struct worker *w, const union hvlb_addr *addr);

/* Sync (docs/sync.md, "FullNAT"): a record of c says its local address and port. */
void worker_fullnat_sync_fill(const struct worker *w, const struct conn *c, struct sync_rec *r);

/* A peer's FullNAT connection r (key r->orig, hash its hash) to rs of vs, inserted with its
 * reply key on the record's local address and port: the address must be in this pool and
 * the endpoint this worker's (as its client's); a port of this forwarder's own range is
 * claimed in its allocator (so it is never handed out while the connection lives), one of
 * another range is a peer's slice and nothing here holds it. NULL when refused (counted:
 * sync_fnat_port) or the table is full (sync_table_full). */
struct conn *worker_fullnat_sync_insert(struct worker *w, const struct sync_rec *r, uint32_t hash,
					const struct rs_config *rs, const struct vs *vs);

/* A later fragment (pi->frag TAIL) of c's datagram in direction dir: its addresses as the
 * first fragment's rewrite set them (docs/fragments.md); no ports, no L4 checksum. */
void worker_fullnat_frag_tail(const struct worker *w, uint8_t *frame, const struct pkt_info *pi,
			      const struct conn *c, enum conn_dir dir);

/* An ICMP error not to a VIP: one an NF (or a router on its side) may have sent about a NAT
 * or FullNAT connection. HVLB_DROP_NONE with *key = the connection's REPLY tuple (the
 * quoted packet reversed) and *inner_l3_off set, or the drop reason. */
enum hvlb_drop worker_fullnat_icmp_from_nf(const uint8_t *frame, const struct pkt_info *pi,
					   struct flow_key *key, uint16_t *inner_l3_off);

/* Translate an ICMP error about c (inner_l3_off: parse_icmp_inner's): from the client's side
 * to the NF (FullNAT; NAT keeps rewrite_icmp_err_to_rs), or from the NF's side to the client
 * (both). */
void worker_fullnat_icmp_to_rs(const struct worker *w, uint8_t *frame, const struct pkt_info *pi,
			       uint16_t inner_l3_off, const struct conn *c);
void worker_fullnat_icmp_to_client(const struct worker *w, uint8_t *frame,
				   const struct pkt_info *pi, uint16_t inner_l3_off,
				   const struct conn *c);

#endif
