/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * How a worker lets go of a packet: dropped under a reason, queued for TX on a port, handed to
 * the control thread, or routed (next hop resolved, Ethernet header written) and queued. In
 * line: every forwarded packet ends in one of them.
 */
#ifndef HVLB_WORKER_TX_H
#define HVLB_WORKER_TX_H

#include <rte_ethdev.h>

#include "csum_watch.h"
#include "fullnat.h"
#include "neigh.h"
#include "rewrite.h"
#include "snapshot.h"
#include "worker.h"
#include "worker_capture.h"

static inline void
drop(struct worker *w, struct rte_mbuf *m, enum hvlb_drop r)
{
	if (unlikely(w->cap != NULL))
		worker_capture_drop(w, m, r);
	/* Also counted by port (csum_watch.h), out of line; r is not used after the call, so
	 * the common path keeps it in no register for it. */
	if (unlikely(r == HVLB_DROP_BAD_L4_CSUM)) {
		worker_drop_bad_l4_csum(w, m);
		return;
	}
	w->stats.drops[r]++;
	rte_pktmbuf_free(m);
}

/* m is longer than port's MTU allows (fwd_port.tx_max): fragmented to it (IPv4 without DF),
 * else dropped as too_big, and its sender told the MTU (ICMP fragmentation needed / packet
 * too big, rate-limited) when pi, the packet's parse as it arrived, is known; sent as it is
 * when the excess was a VLAN tag. worker_mtu.c. */
void worker_tx_big(struct worker *w, uint16_t port, struct rte_mbuf *m,
		   const struct pkt_info *pi);

/* Queue m on port's TX buffer; a full buffer goes out at once (worker_tx_flush, which counts
 * what the port took). */
static inline void
tx_queue(struct worker *w, uint16_t port, struct rte_mbuf *m)
{
	struct worker_txq *b = w->tx[port];

	b->bytes += m->pkt_len;
	b->pkts[b->length++] = m;
	if (unlikely(b->length >= b->size))
		worker_tx_flush(w, port);
}

/* Queue m for TX on port, as it is: tx() less the MTU check (worker_tx_big's pieces). A
 * capture (worker_capture.h) sees each frame as it leaves: a fragmented datagram's pieces. */
static inline void
tx_frame(struct worker *w, uint16_t port, struct rte_mbuf *m)
{
	if (unlikely(w->cap != NULL))
		worker_capture_tx(w, m);
	tx_queue(w, port, m);
}

/* Queue m for TX on port, or hand it to worker_tx_big when it is too long; pi: the packet's
 * parse as it arrived (NULL where there is none), which only the long packet's path reads,
 * so inline callers pay nothing for it. captured (a constant at each call site): whether a
 * capture may want the frame; false only for a burst in which the worker captures nothing
 * (w->plain, worker_loop.c: the fast path's copy for it, worker_fwd.c forward_burst). */
static __rte_always_inline void
tx_pi_as(struct worker *w, uint16_t port, struct rte_mbuf *m, const struct pkt_info *pi,
	 bool captured)
{
	/* One compare per packet: only a datagram an af_packet port's kernel reassembled (or
	 * one from a link of a larger MTU) is longer. */
	if (unlikely(m->pkt_len > w->tx[port]->tx_max)) {
		worker_tx_big(w, port, m, pi);
		return;
	}
	if (captured)
		tx_frame(w, port, m);
	else
		tx_queue(w, port, m);
}

static __rte_always_inline void
tx_pi(struct worker *w, uint16_t port, struct rte_mbuf *m, const struct pkt_info *pi)
{
	tx_pi_as(w, port, m, pi, true);
}

static inline void
tx(struct worker *w, uint16_t port, struct rte_mbuf *m)
{
	tx_pi(w, port, m, NULL);
}

/* Hand a packet to the control thread (neighbour learning). */
static inline void
to_control(struct worker *w, struct rte_mbuf *m)
{
	if (unlikely(rte_ring_mp_enqueue(w->env->neigh->learn, m) != 0))
		drop(w, m, HVLB_DROP_CTRL_RING_FULL);
}

static inline bool
is_ours(const struct fwd_snapshot *s, const struct lcore_env *env, const union hvlb_addr *a)
{
	return snap_local_find(s, a) >= 0 || vs_is_vip(s->vst, a) ||
	       fnat_pool_find(env->fnat_pool, a) >= 0;
}

/* The next hop neigh_cache_get just missed is unresolved: m waits for the answer the control
 * thread was just asked for (worker_neigh_poll sends it), or is dropped when there is no room.
 * Out of line, and given only what the hit path keeps anyway: it is rare. */
void worker_neigh_wait(struct worker *w, struct rte_mbuf *m, uint16_t port);

/* Route dst and resolve the next hop's MAC, without a packet: its port and the packed MAC in
 * *mac (neigh_pack keeps the MAC in its first six bytes); ROUTE_NONE for want of a route, or
 * ROUTE_UNRESOLVED (the port in *port_unresolved) while the control thread resolves the
 * neighbour, which neigh_cache_get has asked it to. */
enum { ROUTE_NONE = -1, ROUTE_UNRESOLVED = -2 };
static __rte_always_inline int
route_lookup(struct worker *w, uint8_t af, const union hvlb_addr *dst, uint64_t *mac,
	     uint16_t *port_unresolved)
{
	const struct nexthop *nh = snap_route(w->snap, af, dst);

	if (unlikely(nh == NULL))
		return ROUTE_NONE;
	*mac = neigh_cache_get(&w->neigh, w->env->neigh, af, nh->connected ? dst : &nh->gw);
	if (unlikely(*mac == 0)) {
		*port_unresolved = nh->port;
		return ROUTE_UNRESOLVED;
	}
	return nh->port;
}

/* route_lookup for packet m: -1 when m is gone (dropped for want of a route) or held until the
 * control thread resolves the neighbour. */
static __rte_always_inline int
route_resolve(struct worker *w, struct rte_mbuf *m, uint8_t af, const union hvlb_addr *dst,
	      uint64_t *mac)
{
	uint16_t held_port = 0;
	int port = route_lookup(w, af, dst, mac, &held_port);

	if (unlikely(port == ROUTE_NONE)) {
		drop(w, m, HVLB_DROP_NO_ROUTE);
		return -1;
	}
	if (unlikely(port == ROUTE_UNRESOLVED)) {
		worker_neigh_wait(w, m, held_port);
		return -1;
	}
	return port;
}

/* Set e, a real's entry, to the next hop route_lookup found (port, mac) for this epoch. */
static inline void
rs_nexthop_set(struct worker *w, struct rs_nexthop *e, int port, uint64_t mac)
{
	rewrite_l2(e->l2, (const uint8_t *)&mac, w->ports->p[port].mac.addr_bytes);
	e->port = (uint16_t)port;
	e->epoch = w->nh_epoch;
}

/* Route dst, resolve the next hop's MAC, set the Ethernet header and queue for TX (pi as
 * tx_pi's). Inline at worker_forward's call site; the SYN proxy's frames (sp_send) share an
 * out-of-line copy. */
static __rte_always_inline void
route_tx_pi(struct worker *w, struct rte_mbuf *m, uint8_t af, const union hvlb_addr *dst,
	    const struct pkt_info *pi)
{
	uint64_t mac;
	int port = route_resolve(w, m, af, dst, &mac);

	if (port < 0)
		return;
	rewrite_l2(rte_pktmbuf_mtod(m, uint8_t *), (const uint8_t *)&mac,
		   w->ports->p[port].mac.addr_bytes);
	tx_pi(w, (uint16_t)port, m, pi);
}

static __rte_always_inline void
route_tx(struct worker *w, struct rte_mbuf *m, uint8_t af, const union hvlb_addr *dst)
{
	route_tx_pi(w, m, af, dst, NULL);
}

/* route_tx for a packet of connection c to its real: the Ethernet header and port its
 * earlier packets found, while neither the snapshot nor the neighbour table has changed since
 * (struct rs_nexthop); else route_resolve, whose answer is kept for the next. Saves a packet
 * to a real the LPM lookup and the neighbour cache, and the read of the real's address (its
 * IPv6 part is in the entry's cold line). */
static __rte_always_inline void
route_tx_conn_e(struct worker *w, struct rte_mbuf *m, uint8_t af, const struct conn *c,
		struct rs_nexthop *e, const struct pkt_info *pi)
{
	union hvlb_addr dst;
	uint8_t *frame = rte_pktmbuf_mtod(m, uint8_t *);
	uint64_t mac;
	int port;

	if (likely(e->epoch == w->nh_epoch)) {
		memcpy(frame, e->l2, sizeof(e->l2));
		tx_pi(w, e->port, m, pi);
		return;
	}
	dst = conn_rs_addr(c);
	port = route_resolve(w, m, af, &dst, &mac);
	if (port < 0)
		return;
	rs_nexthop_set(w, e, port, mac);
	memcpy(frame, e->l2, sizeof(e->l2));
	tx_pi(w, (uint16_t)port, m, pi);
}

/* The same, with c's entry e (&w->rs[c->rs_slot].nh) at hand. */
static __rte_always_inline void
route_tx_conn_pi(struct worker *w, struct rte_mbuf *m, uint8_t af, const struct conn *c,
		 const struct pkt_info *pi)
{
	route_tx_conn_e(w, m, af, c, &w->rs[c->rs_slot].nh, pi);
}

static __rte_always_inline void
route_tx_conn(struct worker *w, struct rte_mbuf *m, uint8_t af, const struct conn *c)
{
	route_tx_conn_pi(w, m, af, c, NULL);
}

#endif
