/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A worker's side of the VXLAN overlay (worker_vxlan.h).
 */
#include "worker_vxlan.h"

enum hvlb_drop
worker_vxlan_decap(struct worker *w, const uint8_t *frame, struct pkt_info *pi, bool *to_vip)
{
	const struct pkt_info outer = *pi; /* vxlan_decap writes *pi from it */
	const struct fwd_snapshot *s = w->snap;
	enum hvlb_drop r;
	uint16_t tenant;
	uint32_t vni;

	if (!vxlan_is_vxlan(&outer))
		return HVLB_DROP_LOCAL_UNHANDLED;
	r = vxlan_decap(frame, &outer, &vni, pi);
	if (r != HVLB_DROP_NONE)
		return r;
	tenant = vxlan_tenant_of(&s->tenants, vni);
	if (tenant == 0)
		return HVLB_DROP_VXLAN_UNKNOWN_VNI;
	pi->key.pad = tenant;
	/* Inside a tenant, what is not to one of its services is an NF's reply: the connection
	 * lookup tells whether it is one. */
	*to_vip = vs_lookup_tenant(s->vst, tenant, pi->key.proto, &pi->key.dst, pi->key.dport) !=
		  NULL;
	w->stats.vxlan_rx++;
	return HVLB_DROP_NONE;
}

void
worker_vxlan_encap(uint8_t *frame, const struct pkt_info *pi, uint32_t hash,
		   const struct conn *c, enum conn_dir dir, union hvlb_addr *dst)
{
	uint32_t ours, peer = dir == CONN_DIR_ORIG ? c->vx_nf_vtep : c->vx_client_vtep;

	memcpy(&ours, frame + vxlan_outer_l3(frame) + 16, 4); /* the address it came to */
	vxlan_encap(frame, pi, ours, peer, vxlan_src_port(hash));
	hvlb_addr_set4(dst, peer);
}

void
worker_vxlan_opened(struct worker *w, struct conn *c, const uint8_t *frame,
		    const struct rs_config *rs, uint8_t priority)
{
	c->vx_client_vtep = vxlan_outer_src(frame);
	c->vx_nf_vtep = rs->addr.w[0];
	if (priority != 0 && w->env->n_workers > 1) {
		struct flow_key k;

		conn_orig_key(c, &k);
		worker_note(w, STEER_NOTE_PLACE, priority, &k, 1);
		w->stats.vxlan_placed++;
	}
}

bool
worker_vxlan_sync_fill(const struct worker *w, const struct conn *c, struct sync_rec *r)
{
	/* The tenant index is this forwarder's (cfgstore_vxlan.c): the VNI names the tenant. */
	r->vni = vxlan_vni_of(&w->snap->tenants, c->orig.pad);
	if (r->vni == 0)
		return false;
	r->ext = SYNC_EXT_VXLAN;
	r->orig.pad = 0;
	r->client_vtep = c->vx_client_vtep;
	hvlb_addr_set4(&r->nf_addr, c->vx_nf_vtep);
	r->nf_port = 0;
	return true;
}

struct conn *
worker_vxlan_sync_insert(struct worker *w, const struct sync_rec *r, uint32_t hash,
			 const struct rs_config *rs, const struct vs *vs)
{
	/* As rare_vx_insert: the NF answers from the VIP inside the tenant. */
	struct conn *c = conn_insert(w->conns, &r->orig, hash, &r->orig.dst, 0, 1, vs->to_set,
				     w->now);

	if (c == NULL) {
		w->stats.sync_table_full++;
		return NULL;
	}
	c->flags |= CONN_FL_VXLAN;
	c->vx_client_vtep = r->client_vtep;
	c->vx_nf_vtep = rs->addr.w[0];
	return c;
}
