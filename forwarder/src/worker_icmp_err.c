/* SPDX-License-Identifier: BSD-3-Clause */
/* ICMP errors about a connection, translated for its other end (worker_icmp_err.h). */
#include "parse.h"
#include "rewrite.h"
#include "worker_account.h"
#include "worker_fullnat.h"
#include "worker_hash.h"
#include "worker_icmp_err.h"
#include "worker_rs_entry.h"
#include "worker_tunnel.h"
#include "worker_tx.h"

/* Whether an ICMP error about connection c (found in direction dir; want: the direction its
 * quoted packet names) may be translated: HVLB_DROP_NONE, or why not. A connection found over
 * is ended here. */
static enum hvlb_drop
icmp_err_usable(struct worker *w, const uint8_t *frame, const struct pkt_ctx *x, struct conn *c,
		enum conn_dir dir, enum conn_dir want)
{
	enum hvlb_drop r;

	if (c == NULL || dir != want)
		return HVLB_DROP_ICMP_NO_CONN;
	if (conn_stale(w, c)) {
		worker_conn_end(w, c);
		return HVLB_DROP_ICMP_NO_CONN;
	}
	r = parse_verify_l4_csum(frame, &x->pi);
	if (r != HVLB_DROP_NONE)
		return r;
	return x->pi.ttl <= 1 ? HVLB_DROP_TTL_EXCEEDED : HVLB_DROP_NONE;
}

/* An ICMP error an NF (or a router on its side) sent about a NAT or FullNAT connection goes
 * to the client, translated so that it names the client's own packet to the VIP. */
static const union hvlb_addr *
forward_icmp_err_rs(struct worker *w, struct rte_mbuf *m, struct pkt_ctx *x, struct conn *c,
		    enum conn_dir dir)
{
	uint8_t *frame = rte_pktmbuf_mtod(m, uint8_t *);
	enum hvlb_drop r = icmp_err_usable(w, frame, x, c, dir, CONN_DIR_REPLY);

	if (r != HVLB_DROP_NONE)
		goto out_drop;
	count(w, c, m->pkt_len);
	w->stats.icmp_from_nf++;
	worker_fullnat_icmp_to_client(w, frame, &x->pi, x->inner_l3_off, c);
	w->nh = conn_orig_src(c);
	return &w->nh;

out_drop:
	drop(w, m, r);
	return NULL;
}

const union hvlb_addr *
worker_forward_icmp_err(struct worker *w, struct rte_mbuf *m, struct pkt_ctx *x, struct conn *c,
			enum conn_dir dir)
{
	uint8_t *frame = rte_pktmbuf_mtod(m, uint8_t *);
	enum hvlb_drop r;

	if (x->dirn == PKT_ICMP_ERR_RS)
		return forward_icmp_err_rs(w, m, x, c, dir);
	r = icmp_err_usable(w, frame, x, c, dir, CONN_DIR_ORIG);
	if (r != HVLB_DROP_NONE)
		goto out_drop;
	count(w, c, m->pkt_len);
	w->nh = conn_rs_addr(c);
	if (c->mode == VS_MODE_NAT) {
		rewrite_icmp_err_to_rs(frame, &x->pi, x->inner_l3_off, &w->nh, conn_nf_port(c));
	} else if (c->mode == VS_MODE_FULLNAT) {
		worker_fullnat_icmp_to_rs(w, frame, &x->pi, x->inner_l3_off, c);
	} else if (c->mode == VS_MODE_TUNNEL) {
		/* The NF holds the VIP: the error goes to it as it came, inside the tunnel. */
		union hvlb_addr dst;
		uint8_t af;

		if (worker_tunnel_out(w, m, &x->pi, pkt_flow_hash(w, x), c, &dst, &af))
			route_tx(w, m, af, &dst);
		return NULL;
	} else {
		rewrite_ttl_dec(frame, &x->pi);
	}
	return &w->nh;

out_drop:
	drop(w, m, r);
	return NULL;
}
