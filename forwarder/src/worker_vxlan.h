/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A worker's side of the VXLAN overlay (docs/mode-vxlan.md): a VXLAN packet to one of the
 * forwarder's addresses becomes, for the rest of the pipeline, its inner packet keyed by its
 * tenant; a vxlan connection's packets leave encapsulated to the VTEP at the other end. The
 * packet logic is core/vxlan.c; worker_fwd.c calls these from its rare paths only.
 */
#ifndef HVLB_WORKER_VXLAN_H
#define HVLB_WORKER_VXLAN_H

#include "vxlan.h"
#include "worker.h"

/* Whether a parsed packet (to one of our addresses) is VXLAN for us to take off: only while
 * some service has a VNI; without tenants the forwarder is no VTEP, and VXLAN to it is the
 * host's. */
static inline bool
worker_vxlan_for_us(const struct worker *w, const struct pkt_info *pi)
{
	return w->snap->tenants.n != 0 && vxlan_is_vxlan(pi);
}

/* A packet to one of our addresses that is no ARP, ND or echo (*pi its parse): when it is
 * VXLAN of a VNI some service has, *pi becomes its inner packet's (key.pad its tenant),
 * *to_vip says whether it is to a service of the tenant (else it is taken for an NF's reply)
 * and HVLB_DROP_NONE is returned; else the reason to drop it (LOCAL_UNHANDLED when not
 * VXLAN). */
enum hvlb_drop worker_vxlan_decap(struct worker *w, const uint8_t *frame, struct pkt_info *pi,
				  bool *to_vip);

/* A vxlan connection c just opened for the packet in frame to the NF whose VTEP is rs, in a
 * service of that priority: a priority tenant's goes to the least-loaded worker
 * (steer_place.c). */
void worker_vxlan_opened(struct worker *w, struct conn *c, const uint8_t *frame,
			 const struct rs_config *rs, uint8_t priority);

/* Whether a packet of c's reply direction came from c's NF's VTEP (else someone else's VTEP
 * speaks for it: vxlan_wrong_vtep). */
static inline bool
worker_vxlan_from_nf(const uint8_t *frame, const struct conn *c)
{
	return vxlan_outer_src(frame) == c->vx_nf_vtep;
}

/* Encapsulate the packet of c in frame again (pi: its inner packet, hash: its key's), to the
 * NF's VTEP (dir ORIG) or the client's (REPLY), from the address it came to; *dst: where to
 * route it. */
void worker_vxlan_encap(uint8_t *frame, const struct pkt_info *pi, uint32_t hash,
			const struct conn *c, enum conn_dir dir, union hvlb_addr *dst);

/* Sync (docs/sync.md, "VXLAN"): a record of c says its tenant's VNI and its client's VTEP
 * (nf_addr its NF's VTEP, the real). false when its tenant has no VNI any more (not sent). */
bool worker_vxlan_sync_fill(const struct worker *w, const struct conn *c, struct sync_rec *r);

/* A peer's vxlan connection r (r->orig.pad already its tenant here) to rs: NULL when the
 * table is full (counted sync_table_full). */
struct conn *worker_vxlan_sync_insert(struct worker *w, const struct sync_rec *r, uint32_t hash,
				      const struct rs_config *rs, const struct vs *vs);

#endif
