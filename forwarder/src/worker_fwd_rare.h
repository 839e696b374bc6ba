/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The burst pipeline's rare steps: sending a tunnel's, a SYN proxy's or a vxlan connection's
 * packets, a handshake RTT sample, the connection limits, the SYN proxy's and vxlan's new
 * connections. Out of line (noinline) so that worker_fwd.c's common path keeps its shape, and
 * static in this header, included by worker_fwd.c alone: in another translation unit the
 * compiler could no longer see which registers they clobber, and the established path paid 2
 * instructions a packet for it (callgrind).
 */
#ifndef HVLB_WORKER_FWD_RARE_H
#define HVLB_WORKER_FWD_RARE_H

#include <rte_mbuf.h>

#include "rate.h"
#include "worker_hash.h"
#include "worker_synproxy.h"
#include "worker_tunnel.h"
#include "worker_tx.h"
#include "worker_vxlan.h"

/* A packet of a tunnel connection: encapsulated (or the too-big ICMP it became) and sent
 * (worker_tunnel.h). Out of line, with its own copy of route_tx: the NAT path stays as it
 * was. */
static __rte_noinline void
rare_tunnel_send(struct worker *w, struct rte_mbuf *m, const struct pkt_ctx *x, const struct conn *c)
{
	union hvlb_addr dst;
	uint8_t af;

	if (worker_tunnel_out(w, m, &x->pi, pkt_flow_hash(w, x), c, &dst, &af))
		route_tx(w, m, af, &dst);
}

/* Send what the SYN proxy made or released (worker_synproxy.h). Out of line: rare. */
static __rte_noinline void
rare_sp_send(struct worker *w, const struct sp_tx *tx, uint8_t af)
{
	for (uint8_t i = 0; i < tx->n; i++)
		route_tx(w, tx->m[i], af, &tx->dst[i]);
}

/* A vxlan connection's packet: encapsulated again, to the VTEP at the other end of dir, and
 * sent (worker_vxlan.h). Out of line: the overlay's own path. */
static __rte_noinline void
rare_vx_send(struct worker *w, struct rte_mbuf *m, const struct pkt_ctx *x, const struct conn *c,
	enum conn_dir dir)
{
	union hvlb_addr dst;

	worker_vxlan_encap(rte_pktmbuf_mtod(m, uint8_t *), &x->pi, pkt_flow_hash(w, x), c, dir, &dst);
	route_tx(w, m, HVLB_AF_INET, &dst);
}

/* The NF's SYN-ACK of a NAT connection in SYN_SENT: one handshake RTT sample for its RS,
 * now - created (the client SYN's arrival; see struct rs_rtt). Only a first SYN-ACK answering
 * a SYN sent once counts: a retransmitted SYN or SYN-ACK would make the sample ambiguous
 * (Karn). Once per connection, so out of line. */
static __rte_noinline void
rare_rtt_sample(struct worker *w, const struct conn *c, uint8_t fl)
{
	const uint8_t want = HVLB_TCP_SYN | HVLB_TCP_ACK;
	struct rs_rtt *r = &w->rs_rtt[c->rs_slot];
	uint64_t us = 0;

	if ((fl & (want | HVLB_TCP_RST)) != want || c->pkts[CONN_DIR_REPLY] != 0 ||
	    c->pkts[CONN_DIR_ORIG] != 1)
		return;
	if (w->now > c->created) { /* a handed-off connection: another core's TSC */
		uint64_t d = w->now - c->created;

		us = d < w->rtt_ticks_max ? (d * w->rtt_us_mult) >> 32 : RS_RTT_MAX_US;
	}
	r->sum_us += us;
	if (r->samples++ == 0)
		r->srtt8_us = (uint32_t)us * 8;
	else /* srtt += (sample - srtt) / 8, in eighths */
		r->srtt8_us = (uint32_t)((int64_t)r->srtt8_us + (int64_t)us - (r->srtt8_us >> 3));
}

/* The service's new-connection rate and the RS's connection limit, each as this worker's
 * share (rate.h): HVLB_DROP_NONE when the connection may open. The rate bucket is charged
 * here. Out of line: only services and RSs with a limit come here. */
static __rte_noinline enum hvlb_drop
rare_conn_limits(struct worker *w, const struct vs *vs, const struct rs_config *rs)
{
	uint16_t n = w->env->n_workers;

	if (rs->conn_limit != 0 && w->rs_active[rs->slot] >= rate_share(rs->conn_limit, n))
		return HVLB_DROP_RS_CONN_LIMITED;
	if (vs->set.conn_rate_limit != 0 &&
	    !rate_admit(&w->vs_rate_tat[vs->slot], w->now, w->env->hz, vs->set.conn_rate_limit, n))
		return HVLB_DROP_VS_RATE_LIMITED;
	return HVLB_DROP_NONE;
}

/* A service with a SYN proxy, a packet without a connection: worker_synproxy_new, and what it
 * answered sent (SP_DONE). Out of line, so conn_new stays as it was for the others. */
static __rte_noinline enum sp_verdict
rare_sp_new(struct worker *w, struct rte_mbuf *m, struct pkt_ctx *x, const struct vs *vs,
       uint32_t *cookie)
{
	struct sp_tx tx = {.n = 0};
	enum sp_verdict sp = worker_synproxy_new(w, m, &x->pi, vs, cookie, &tx);

	if (sp == SP_DONE)
		rare_sp_send(w, &tx, x->pi.key.af);
	return sp;
}

/* The connection conn_new just opened for such a service: proxied (a valid cookie), or, in
 * auto mode, one more embryonic connection of the service (a SYN). */
static __rte_noinline void
rare_sp_mark(struct worker *w, struct rte_mbuf *m, const struct pkt_ctx *x, struct conn *c,
	const struct vs *vs, enum sp_verdict sp, uint32_t cookie, bool not_syn)
{
	if (sp == SP_OPEN)
		worker_synproxy_opened(w, c, &x->pi, rte_pktmbuf_mtod(m, uint8_t *), cookie);
	else if (vs->synproxy == VS_SYNPROXY_AUTO && !not_syn)
		worker_synproxy_counted(w, c, vs);
}

/* A vxlan service's new connection (conn_insert's, or NULL). Its NF answers from the VIP
 * inside the tenant, so its reply tuple is the inner one (rs_addr:rs_port the VIP:0); the NF's
 * VTEP, the RS, and the client's are kept apart (worker_vxlan_opened). Out of line, so that
 * conn_new, inlined into the path of every packet, keeps its shape. */
static __rte_noinline struct conn *
rare_vx_insert(struct worker *w, struct rte_mbuf *m, const struct pkt_ctx *x, const struct vs *vs,
	  const struct rs_config *rs)
{
	struct conn *c = conn_insert(w->conns, x->key, x->hash, &x->key->dst, 0, 1, vs->to_set,
				     w->now);

	if (c != NULL) {
		c->flags |= CONN_FL_VXLAN;
		worker_vxlan_opened(w, c, rte_pktmbuf_mtod(m, uint8_t *), rs, vs->priority);
	}
	return c;
}

/* For a service with a SYN proxy: the connection (client's direction) that an earlier packet of
 * this burst opened for this packet's key, or NULL. The burst looked every key up before
 * forwarding any packet, so the cookie ACK and the request or FIN right behind it all found
 * none; only the ACK's seq - 1 is the ISN its cookie was made of, so the others must join the
 * connection it opened, as they would in the next burst, instead of having a cookie checked
 * (synproxy_bad_cookie) or opening it again (a second SYN to the NF). Out of line: rare. */
static __rte_noinline struct conn *
rare_sp_burst_joined(struct worker *w, const struct pkt_ctx *x)
{
	enum conn_dir dir;
	struct conn *c = conn_lookup(w->conns, x->key, x->hash, &dir);

	return c != NULL && dir == CONN_DIR_ORIG ? c : NULL;
}

#endif
