/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The burst pipeline's classifier (worker_fwd.c, in line there): a received packet parsed and
 * told apart: answered here (ARP, ND, echo: worker_answer.c), dropped, handed to the worker
 * that owns its connection, or to be looked up in this worker's table, its direction known.
 * worker_fwd.c includes it, and worker_sctp.c its core (classify_ip_as, owner_route) with
 * WORKER_CLASSIFY_CORE_ONLY.
 */
#ifndef HVLB_WORKER_CLASSIFY_H
#define HVLB_WORKER_CLASSIFY_H

#include <rte_ether.h>
#include <rte_mbuf.h>

#include "parse.h"
#include "pkt_ctx.h"
#include "steer.h"
#include "vs.h"
#include "worker.h"
#include "worker_answer.h"
#include "worker_frag.h"
#include "worker_fullnat.h"
#include "worker_steer.h"
#include "worker_tx.h"

/* Classify an SCTP packet parse_frame_classify accepted (PARSE_SCTP: its chunks and CRC32c
 * checked, docs/sctp.md): to a VIP, an NF or our own address, as worker_classify does a TCP or
 * UDP one, the L2 check included. Defined in worker_sctp.c, which includes this file's core
 * (WORKER_CLASSIFY_CORE_ONLY). */
enum pkt_route worker_sctp_classify(struct worker *w, struct rte_mbuf *m, struct pkt_ctx *x,
				    int from_peer, bool steer);

/* Match the verification tag of a packet of SCTP NAT association c (CONN_FL_SCTP) from
 * direction dir against the association's, learning its tags (core/sctp.h sctp_vtag_check),
 * before the packet moves its state: HVLB_DROP_NONE or HVLB_DROP_SCTP_BAD_VTAG. A first
 * fragment passes unchecked (its chunks are not all there). Defined in worker_sctp.c. */
enum hvlb_drop worker_sctp_vtag(struct rte_mbuf *m, const struct pkt_ctx *x, struct conn *c,
				enum conn_dir dir);

/* Who handles a classified packet: this worker (PKT_ROUTE_LOOKUP) or x->owner (HANDOFF). The
 * client endpoint is the source of x->key, except in an NF's reply (PKT_FROM_RS). */
static __rte_always_inline enum pkt_route
owner_route(struct worker *w, struct pkt_ctx *x, int from_peer, bool steer)
{
	bool to_vip = (x->dirn & 1) == 0; /* enum pkt_dirn */

	if (steer) {
		/* A connection this worker just handed on: wherever the packet came from, it
		 * follows the connection (this worker no longer has its state). Otherwise the
		 * override table decides, as for the dispatch stage; a packet another worker
		 * passed here stays, so the table is not asked for it. */
		bool forced = false, overridden;

		if (unlikely(w->n_moved > 0) && worker_steer_moved(w, x->key, &x->owner))
			forced = true;
		else
			x->owner = steer_owner_by_table(from_peer ? NULL : w->steer,
							w->env->n_workers, x->key,
							steer_client_hash_of(x->key, to_vip),
							&overridden);
		if (x->owner != w->id && (!from_peer || forced))
			return PKT_ROUTE_HANDOFF;
		return PKT_ROUTE_LOOKUP;
	}
	x->owner = steer_owner_of_tuple(w->env->n_workers, x->key, to_vip);
	/* A packet another worker passed here is never passed on again (no loops). */
	if (x->owner != w->id && !from_peer)
		return PKT_ROUTE_HANDOFF;
	return PKT_ROUTE_LOOKUP;
}

/* Classify a parsed IP packet to us (x->pi, x->in_port): as worker_classify. find_vs: the
 * packet found no connection (classify_late), so a TCP or UDP one is most likely a new
 * connection's: its service is looked up here, its VIP known from it, and conn_new uses it
 * (x->vs). sctp: an SCTP packet (classify_sctp), classified as TCP and UDP are. */
static __rte_always_inline enum pkt_route
classify_ip_as(struct worker *w, struct rte_mbuf *m, struct pkt_ctx *x, int from_peer,
	       bool steer, bool find_vs, bool sctp)
{
	const struct fwd_snapshot *s = w->snap;
	enum hvlb_drop r;
	bool vip;

	x->key = &x->pi.key;
	x->vs = NULL;
	/* TCP and UDP first: nearly every packet is one. */
	if (sctp || likely(x->pi.key.proto == HVLB_PROTO_TCP || x->pi.key.proto == HVLB_PROTO_UDP)) {
		if (find_vs)
			x->vs = vs_lookup_tenant(s->vst, x->pi.key.pad, x->pi.key.proto,
						 &x->pi.key.dst, x->pi.key.dport);
		/* A VIP without this port's service (or a retired one's) is a VIP too. */
		vip = x->vs != NULL || vs_is_vip(s->vst, &x->pi.key.dst);
		if (vip) {
			x->dirn = PKT_TO_VIP;
			return owner_route(w, x, from_peer, steer);
		}
	} else {
		vip = vs_is_vip(s->vst, &x->pi.key.dst);
		if (x->pi.key.proto == HVLB_PROTO_ICMP || x->pi.key.proto == HVLB_PROTO_ICMPV6) {
			if (worker_answer_icmp(w, m, x, vip) == PKT_ROUTE_DONE)
				return PKT_ROUTE_DONE;
			return owner_route(w, x, from_peer, steer);
		}
		if (vip) {
			r = HVLB_DROP_UNKNOWN_L4;
			goto out_drop;
		}
	}
	/* A local address may also be FullNAT's: its replies come back to it (VXLAN too: an
	 * overlay's VTEP address is a port's, not the pool's). */
	if (unlikely(snap_local_find(s, &x->pi.key.dst) >= 0) &&
	    !worker_fullnat_is_local(w, &x->pi.key.dst)) {
		if (!worker_to_local(w, m, x))
			return PKT_ROUTE_DONE;
	} else {
		x->dirn = PKT_FROM_RS;
	}
	return owner_route(w, x, from_peer, steer);

out_drop:
	drop(w, m, r);
	return PKT_ROUTE_DONE;
}

static __rte_always_inline enum pkt_route
classify_ip(struct worker *w, struct rte_mbuf *m, struct pkt_ctx *x, int from_peer, bool steer,
	    bool find_vs)
{
	return classify_ip_as(w, m, x, from_peer, steer, find_vs, false);
}

#ifndef WORKER_CLASSIFY_CORE_ONLY
/* A frame parse_frame refused: dropped under its reason, unless it is a fragment and
 * fragments = forward: then worker_frag_rx keeps it, hands it to its gatherer or drops it, or,
 * a first fragment, it is classified on as a whole packet would be (its gatherer placing it
 * as if it had received it). Out of line, with its own copy of classify_ip: inlined into
 * worker_classify, the fragments' branch cost every packet 2 instructions (callgrind), though
 * none but a fragment takes it. */
static __rte_noinline enum pkt_route
classify_failed(struct worker *w, struct rte_mbuf *m, struct pkt_ctx *x, int from_peer,
		bool steer, enum hvlb_drop r)
{
	enum pkt_route fr;

	/* In another translation unit: its copy of classify_ip here made the compiler inline
	 * less into the burst loop, which cost every TCP and UDP packet 2 instructions
	 * (callgrind, 381.1 -> 383.1). */
	if (r == PARSE_SCTP)
		return worker_sctp_classify(w, m, x, from_peer, steer);
	if (r != HVLB_DROP_FRAGMENT || w->frag == NULL) {
		drop(w, m, r);
		return PKT_ROUTE_DONE;
	}
	fr = worker_frag_rx(w, m, x, from_peer);
	if (fr != PKT_ROUTE_LOOKUP)
		return fr;
	return classify_ip(w, m, x, from_peer && x->owner != w->id, steer, false);
}

/* Parse and classify one received packet. Packets that need no connection (ARP, ND, echo,
 * drops) are fully handled here and PKT_ROUTE_DONE is returned. steer: whether overrides or
 * moved entries exist (a constant at each call site, see classify_burst). */
static __rte_always_inline enum pkt_route
worker_classify(struct worker *w, struct rte_mbuf *m, struct pkt_ctx *x, int from_peer,
		bool steer)
{
	const uint8_t *frame = rte_pktmbuf_mtod(m, const uint8_t *);
	enum hvlb_drop r;

	x->in_port = w->ports->index[m->port];
	r = parse_frame_classify(frame, rte_pktmbuf_data_len(m), &x->pi);
	if (unlikely(r != HVLB_DROP_NONE))
		return classify_failed(w, m, x, from_peer, steer, r);
	if (unlikely(!x->pi.l2_bcast &&
		     !rte_is_same_ether_addr((const struct rte_ether_addr *)frame,
					     &w->ports->p[x->in_port].mac))) {
		r = HVLB_DROP_L2_OTHER_HOST;
		goto out_drop;
	}
	if (unlikely(x->pi.kind == PKT_ARP)) {
		worker_answer_arp(w, m, x);
		return PKT_ROUTE_DONE;
	}
	return classify_ip(w, m, x, from_peer, steer, false);

out_drop:
	drop(w, m, r);
	return PKT_ROUTE_DONE;
}
#endif /* WORKER_CLASSIFY_CORE_ONLY */

#endif
