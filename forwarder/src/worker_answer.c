/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What a worker answers itself, with no connection: ARP and neighbour discovery for its own
 * addresses, echo requests to them and to VIPs, and the held packets of next hops that get
 * resolved. ICMP errors are only recognised here; the pipeline translates them.
 */
#include <rte_ethdev.h>

#include "worker_answer.h"
#include "worker_exc.h"
#include "worker_fullnat.h"
#include "worker_tx.h"
#include "worker_vxlan.h"

/* The next hop neigh_cache_get just missed is unresolved: m waits for the answer the control
 * thread was just asked for (worker_neigh_poll sends it), or is dropped when there is no room.
 * Out of line (its own file): it is rare. */
void
worker_neigh_wait(struct worker *w, struct rte_mbuf *m, uint16_t port)
{
	if (neigh_hold(&w->neigh, port, m, w->now) != 0)
		drop(w, m, HVLB_DROP_NEIGH_HOLD_FULL);
}

void
worker_neigh_poll(struct worker *w)
{
	uint64_t max = w->env->hz / 1000 * NEIGH_HOLD_MS;
	/* Only a change of the table can resolve them: until then, only their age matters. */
	bool changed = w->neigh.held_version != w->neigh.version;

	w->neigh.held_version = w->neigh.version;
	for (unsigned i = 0; i < NEIGH_HOLD_NEXTHOPS; i++) {
		struct neigh_held *h = &w->neigh.held[i];
		uint64_t v = 0;

		if (h->n == 0 || (!changed && w->now - h->since < max))
			continue;
		if (changed)
			v = neigh_lookup(w->env->neigh, h->af, &h->addr);
		if (v == 0 && w->now - h->since < max)
			continue;
		for (uint8_t k = 0; k < h->n; k++) {
			if (v == 0) {
				drop(w, h->m[k], HVLB_DROP_NEIGH_MISS);
				continue;
			}
			rewrite_l2(rte_pktmbuf_mtod(h->m[k], uint8_t *), (const uint8_t *)&v,
				   w->ports->p[h->port].mac.addr_bytes);
			tx(w, h->port, h->m[k]);
		}
		h->n = 0;
		w->neigh.n_held--;
	}
}

void
worker_answer_arp(struct worker *w, struct rte_mbuf *m, struct pkt_ctx *x)
{
	uint8_t *frame = rte_pktmbuf_mtod(m, uint8_t *);
	struct pkt_arp a;
	union hvlb_addr t;

	parse_arp(frame, &x->pi, &a);
	hvlb_addr_set4(&t, a.tpa);
	if (!is_ours(w->snap, w->env, &t)) {
		drop(w, m, HVLB_DROP_ARP_IGNORED);
		return;
	}
	if (a.op == 1) {
		rewrite_arp_reply(frame, &x->pi, w->ports->p[x->in_port].mac.addr_bytes);
		w->stats.local_replies++;
		tx(w, x->in_port, m);
		return;
	}
	if (a.op == 2) {
		worker_exc_copy(w, m, x->in_port);
		to_control(w, m);
		return;
	}
	drop(w, m, HVLB_DROP_BAD_ARP);
}

/* Whether key's destination is a multicast group: ff00::/8, or 224.0.0.0/4. */
static inline bool
icmp_to_group(const struct flow_key *key)
{
	return key->af == HVLB_AF_INET6 ? key->dst.b[0] == 0xff : (key->dst.b[0] & 0xf0) == 0xe0;
}

/* ICMP / ICMPv6 that needs no connection lookup. Returns PKT_ROUTE_LOOKUP for an ICMP error
 * to a VIP (its ORIG key in x->key), else handles the packet. */
enum pkt_route
worker_answer_icmp(struct worker *w, struct rte_mbuf *m, struct pkt_ctx *x, bool vip)
{
	uint8_t *frame = rte_pktmbuf_mtod(m, uint8_t *);
	const struct fwd_snapshot *s = w->snap;
	bool local = !vip && snap_local_find(s, &x->pi.key.dst) >= 0;
	struct flow_key inner;
	union hvlb_addr target;
	uint8_t lla[6];
	uint32_t cut;
	int has_lla;

	switch (x->pi.icmp) {
	case PKT_ICMP_ECHO_REQUEST:
		if (!vip && !local)
			break;
		if (parse_verify_l4_csum(frame, &x->pi) != HVLB_DROP_NONE) {
			drop(w, m, HVLB_DROP_BAD_L4_CSUM);
			return PKT_ROUTE_DONE;
		}
		cut = rewrite_echo_reply(frame, &x->pi);
		if (unlikely(cut != 0))
			m->data_len = m->pkt_len = x->pi.l3_off + x->pi.l3_len - cut;
		w->stats.local_replies++;
		tx(w, x->in_port, m);
		return PKT_ROUTE_DONE;
	case PKT_ICMP_NS:
		if (parse_nd(frame, &x->pi, &target, lla, &has_lla) != 0) {
			drop(w, m, HVLB_DROP_BAD_ARP);
		} else if (!is_ours(s, w->env, &target)) {
			drop(w, m, HVLB_DROP_ARP_IGNORED);
		} else {
			uint32_t len = rewrite_nd_advert(frame, &x->pi,
							 w->ports->p[x->in_port].mac.addr_bytes);
			if (len == 0) {
				drop(w, m, HVLB_DROP_BAD_ARP);
				return PKT_ROUTE_DONE;
			}
			m->data_len = m->pkt_len = len;
			w->stats.local_replies++;
			tx(w, x->in_port, m);
		}
		return PKT_ROUTE_DONE;
	case PKT_ICMP_NA:
		worker_exc_copy(w, m, x->in_port);
		to_control(w, m);
		return PKT_ROUTE_DONE;
	case PKT_ICMP_ERROR:
		/* To our own address and not FullNAT's: the kernel's (exception path), below. */
		if (local && !worker_fullnat_is_local(w, &x->pi.key.dst))
			break;
		if (!vip) {
			/* From the NF's side, about a NAT or FullNAT connection. */
			enum hvlb_drop rn = worker_fullnat_icmp_from_nf(frame, &x->pi, &x->inner,
									 &x->inner_l3_off);

			if (rn != HVLB_DROP_NONE) {
				drop(w, m, rn);
				return PKT_ROUTE_DONE;
			}
			x->key = &x->inner;
			x->dirn = PKT_ICMP_ERR_RS;
			return PKT_ROUTE_LOOKUP;
		}
		enum hvlb_drop r = parse_icmp_inner(frame, &x->pi, &inner, &x->inner_l3_off);
		if (r != HVLB_DROP_NONE) {
			drop(w, m, r);
			return PKT_ROUTE_DONE;
		}
		/* The quoted packet went VIP -> client; its connection's key is the reverse. */
		flow_key_reverse(&x->inner, &inner);
		x->key = &x->inner;
		x->dirn = PKT_ICMP_ERR;
		return PKT_ROUTE_LOOKUP;
	default:
		break;
	}
	if (local && worker_exc_to_kernel(w, m, x->in_port))
		return PKT_ROUTE_DONE;
	/* ICMP to a VIP or our address that we do not act on; or to a multicast group of the
	 * link (IPv6's MLD reports and router solicitations, read since extension headers are
	 * stepped over): link control this forwarder takes no part in, not traffic gone astray. */
	drop(w, m, vip || local || icmp_to_group(&x->pi.key) ? HVLB_DROP_ICMP_UNHANDLED
							     : HVLB_DROP_NOT_FOR_US);
	return PKT_ROUTE_DONE;
}

/* A packet to our own address, no ARP, ND or echo: VXLAN while some service has a VNI, which
 * x now describes by its inner packet (true); else the kernel's through the port's exception
 * path (worker_exc.h), or dropped (false both). */
bool
worker_to_local(struct worker *w, struct rte_mbuf *m, struct pkt_ctx *x)
{
	enum hvlb_drop r = HVLB_DROP_LOCAL_UNHANDLED;
	bool to_vip;

	if (worker_vxlan_for_us(w, &x->pi)) {
		r = worker_vxlan_decap(w, rte_pktmbuf_mtod(m, const uint8_t *), &x->pi, &to_vip);
		if (r == HVLB_DROP_NONE) {
			x->dirn = to_vip ? PKT_TO_VIP : PKT_FROM_RS;
			x->decapped = 1;
			return true;
		}
	} else if (worker_exc_to_kernel(w, m, x->in_port)) {
		return false;
	}
	drop(w, m, r);
	return false;
}
