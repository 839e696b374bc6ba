/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The fast path's twin for a packet that found no connection (fast_open): the common new
 * connection (a UDP datagram or a TCP SYN to a plain NAT or DR service) opened and forwarded
 * in line by the forward pass, as fast_forward forwards an established one. What it does is
 * what worker_forward's conn_new and forward_to_rs would do for that packet (the fixtures run
 * both ways); every other packet, and every case it does not take on (a checksum to drop for,
 * a real with a connection limit, a full table, a next hop not known yet), goes the full way.
 * Static in this header, included by worker_fwd.c alone, as worker_fwd_new.h.
 */
#ifndef HVLB_WORKER_FWD_OPEN_H
#define HVLB_WORKER_FWD_OPEN_H

#include <rte_mbuf.h>

#include "conn_insert.h"
#include "parse.h"
#include "rewrite_fast.h"
#include "scheduler.h"
#include "worker_account.h"
#include "worker_fwd_new.h"
#include "worker_hash.h"
#include "worker_rs_entry.h"
#include "worker_tx.h"

/* fast_open for a service of mode NAT (nat) or DR, a constant in each copy; vs is x->vs. */
static __rte_always_inline bool
fast_open_as(struct worker *w, struct rte_mbuf *m, struct pkt_ctx *x, bool plain, bool steer,
	     struct conn **c, uint8_t *dir, const struct vs *vs, bool nat)
{
	uint8_t *frame = rte_pktmbuf_mtod(m, uint8_t *);
	const struct rs_config *rs;
	struct rs_nexthop *e;
	struct conn *n;

	if (unlikely(parse_verify_l4_csum(frame, &x->pi) != HVLB_DROP_NONE))
		return false;
	rs = &vs->rs[x->rs_ahead];
	if (unlikely(rs->conn_limit != 0))
		return false;
	const struct conn_reply_to rt = {.with_reply = nat, .orig_absent = 1, .fast4 = 1};
	n = conn_insert_to(w->conns, x->key, x->hash, &rs->addr, rs->port, &rt, vs->to_set, w->now);
	if (unlikely(n == NULL))
		return false;
	conn_opened(w, n, vs, rs, x->hash);
	if (steer)
		conn_mark_steered(w, n, x->key);
	/* Known: never routed here, so that a next hop not resolved yet is asked for once, by
	 * the full path's route_tx_conn. */
	if (unlikely((e = rs_entry_known(w, n)) == NULL)) {
		*c = n;
		*dir = CONN_DIR_ORIG;
		return false;
	}
	/* Its first packet, as conn_update would count it: a datagram or a SYN leaves the state
	 * and the deadline as the insert set them (conn_tcp_next: SYN_SENT stays). With sync
	 * on, its twin tells peers of the new connection. */
	if (plain) {
		n->pkts[CONN_DIR_ORIG] = 1;
		n->bytes[CONN_DIR_ORIG] = m->pkt_len;
	} else {
		conn_account_as(w, n, CONN_DIR_ORIG, x->pi.tcp_flags, m->pkt_len, false);
	}
	count_e(e, m->pkt_len);
	if (nat)
		rewrite_nat4_pre(frame, x->pi.key.proto, 1, n->rs4, n->rs_port,
				 e->d_ip[CONN_DIR_ORIG], e->d_l4[CONN_DIR_ORIG]);
	else
		rewrite_ttl_dec4_fast(frame);
	memcpy(frame, e->l2, sizeof(e->l2));
	tx_pi_as(w, e->port, m, &x->pi, !plain);
	return true;
}

/* Ahead of the forward pass (worker_fwd.c classify_ahead), for a packet to a VIP that found
 * no connection: whether fast_open will take it on (PKT_OPEN), and to which real
 * (x->rs_ahead). For NAT its REPLY key's bucket is prefetched: the burst's earlier packets are
 * forwarded while it comes, where the insert otherwise waited for it, a random line of the
 * index, from memory once the table is out of cache. */
static __rte_always_inline void
fast_open_ahead(struct worker *w, struct pkt_ctx *x)
{
	const struct vs *vs = x->vs;
	int i;

	/* A decapsulated packet (VXLAN to our VTEP) is no longer where parse_fast4 saw it. */
	if (vs == NULL || !vs->open_fast || x->pi.ttl <= 1 ||
	    (x->pi.tcp_flags != 0 && !conn_tcp_opens(x->pi.tcp_flags)) || unlikely(x->decapped))
		return;
	i = sched_table(vs, pkt_flow_hash(w, x));
	if (unlikely(i < 0))
		return;
	x->rs_ahead = (uint16_t)i;
	x->dirn = PKT_OPEN;
	if (likely(vs->mode == VS_MODE_NAT))
		conn_prefetch_reply4(w->conns, x->key, &vs->rs[i].addr, vs->rs[i].port);
}

/* Open x's connection in line and forward m on it: x is a packet parse_fast4 accepted (IPv4
 * TCP or UDP, no options), classified to a VIP, found in no connection by the burst's lookup
 * and found fit by fast_open_ahead (PKT_OPEN, its service in x->vs, its real picked).
 * Returns true when m is gone (sent). False when it took the packet on no further than to
 * open its connection (*c set to it, *dir to ORIG: the full path forwards it on it) or not at
 * all (*c left NULL: the full path opens it, or drops it for the reason conn_new finds).
 * plain as fast_forward's. */
static __rte_always_inline bool
fast_open(struct worker *w, struct rte_mbuf *m, struct pkt_ctx *x, bool plain, bool steer,
	  struct conn **c, uint8_t *dir)
{
	const struct vs *vs = x->vs;

	/* A packet an earlier one of the burst opened a connection for joins it (conn_new).
	 * steer: overrides or moved entries are in force (w->steer_on), so a connection opened
	 * away from its default owner is marked (conn_mark_steered). */
	if (burst_opened_maybe(w, x->hash))
		return false;
	if (likely(vs->mode == VS_MODE_NAT))
		return fast_open_as(w, m, x, plain, steer, c, dir, vs, true);
	return fast_open_as(w, m, x, plain, steer, c, dir, vs, false);
}

#endif
