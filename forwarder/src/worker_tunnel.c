/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Tunnel mode's per-packet work (worker_tunnel.h). Out of line from worker_fwd.c's path: NAT
 * pays one branch it already took (its mode test) and nothing else.
 */
#include <rte_mbuf.h>

#include "csum.h"
#include "rate.h"
#include "rewrite_tunnel.h"
#include "worker_tunnel.h"

static void
tunnel_drop(struct worker *w, struct rte_mbuf *m, enum hvlb_drop r)
{
	w->stats.drops[r]++;
	rte_pktmbuf_free(m);
}

/* The first address of family af on the port the route to dst leaves by. 0, or -1 when there
 * is none. */
static int
tunnel_port_source(const struct worker *w, uint8_t af, const union hvlb_addr *dst,
		   union hvlb_addr *src)
{
	const struct fwd_snapshot *s = w->snap;
	const struct nexthop *nh = snap_route(s, af, dst);

	if (nh == NULL)
		return -1;
	for (uint32_t i = 0; i < s->n_local; i++)
		if (s->local[i].af == af && s->local[i].port == nh->port) {
			*src = s->local[i].addr;
			return 0;
		}
	return -1;
}

/* The outer source for an NF at dst (family af): the configured one, else the egress port's
 * (tunnel_port_source), found once per NF and snapshot (struct tunnel_worker). */
static int
tunnel_source(struct worker *w, uint8_t af, const union hvlb_addr *dst, union hvlb_addr *src)
{
	const struct tunnel_settings *ts = &w->env->tunnel;
	const union hvlb_addr *conf = af == HVLB_AF_INET ? &ts->source4 : &ts->source6;
	uint32_t k = dst->w[0] ^ dst->w[1] ^ dst->w[2] ^ dst->w[3];
	struct tunnel_src_ent *e;

	if (conf->q[0] != 0 || conf->q[1] != 0) {
		*src = *conf;
		return 0;
	}
	k ^= k >> 16;
	e = &w->tunnel.src[(k ^ k >> 8) & (TUNNEL_SRC_CACHE - 1)];
	if (likely(e->version == w->snap_version && hvlb_addr_eq(&e->nf, dst))) {
		*src = e->src;
		return 0;
	}
	if (tunnel_port_source(w, af, dst, src) != 0)
		return -1;
	e->version = w->snap_version;
	e->nf = *dst;
	e->src = *src;
	return 0;
}

/* Too long once encapsulated: the client is told the MTU it may use (rate-limited), the
 * packet goes no further. The ICMP is built in m itself: it quotes m's start. */
static bool
tunnel_too_big_icmp(struct worker *w, struct rte_mbuf *m, const struct pkt_info *pi,
		    uint8_t encap, uint8_t outer_af, union hvlb_addr *dst, uint8_t *dst_af)
{
	const struct tunnel_settings *ts = &w->env->tunnel;
	uint8_t af = pi->key.af;
	uint8_t *buf;
	uint32_t len;

	if (ts->icmp_rate == 0 || m->nb_segs > 1 ||
	    !rate_admit(&w->tunnel.icmp_tat, w->now, w->env->hz, ts->icmp_rate,
			w->env->n_workers)) {
		tunnel_drop(w, m, HVLB_DROP_TUNNEL_ICMP_LIMITED);
		return false;
	}
	buf = (uint8_t *)rte_pktmbuf_prepend(m, tunnel_icmp_room(af));
	if (buf == NULL) {
		tunnel_drop(w, m, HVLB_DROP_TUNNEL_NO_ROOM);
		return false;
	}
	*dst = pi->key.src; /* the client, read before the rewrite covers it */
	*dst_af = af;
	len = rewrite_icmp_too_big(buf, pi, tunnel_inner_mtu(ts->mtu, encap, outer_af, af));
	rte_pktmbuf_trim(m, (uint16_t)(m->pkt_len - len));
	w->stats.drops[HVLB_DROP_TUNNEL_TOO_BIG]++;
	w->stats.tunnel_icmp++;
	return true;
}

/* Whether the too-long packet m may go encapsulated all the same, in fragments: an IPv4 packet
 * without DF (a datagram an af_packet port's kernel reassembled from the client's fragments:
 * telling that client the MTU would not help, it fragments already) in an IPv4 outer header,
 * which then leaves DF clear for worker_tx_big (and any router on the way) to fragment. */
static bool
tunnel_may_fragment(const struct rte_mbuf *m, const struct pkt_info *pi, uint8_t outer_af)
{
	const uint8_t *ip = rte_pktmbuf_mtod_offset(m, const uint8_t *, pi->l3_off);

	return pi->key.af == HVLB_AF_INET && outer_af == HVLB_AF_INET && !(ip[6] & 0x40);
}

/* The outer IPv4 header at ip made fragmentable: DF clear and an identification of its own
 * (RFC 6864: unique per source, destination and protocol while its fragments live; the
 * worker's id in the top 4 bits keeps workers apart), checksum updated. */
static void
tunnel_outer_fragmentable(struct worker *w, uint8_t *ip)
{
	uint16_t id = (uint16_t)(w->id << 12 | (w->tunnel.frag_id++ & 0x0fff)), c;

	ip[4] = (uint8_t)(id >> 8);
	ip[5] = (uint8_t)id;
	ip[6] = 0;
	ip[10] = ip[11] = 0;
	c = csum_ipv4_hdr(ip, 20);
	memcpy(ip + 10, &c, 2);
}

bool
worker_tunnel_out(struct worker *w, struct rte_mbuf *m, const struct pkt_info *pi, uint32_t hash,
		  const struct conn *c, union hvlb_addr *dst, uint8_t *af)
{
	const struct tunnel_settings *ts = &w->env->tunnel;
	struct tunnel_out t;
	uint8_t *buf;
	uint32_t len;
	uint16_t oh;
	bool frag = false;

	t.encap = c->encap & TUNNEL_CONN_ENCAP;
	t.af = c->encap & TUNNEL_CONN_V6 ? HVLB_AF_INET6 : HVLB_AF_INET;
	if (unlikely(tunnel_too_big(pi, t.encap, t.af, ts->mtu))) {
		if (!tunnel_may_fragment(m, pi, t.af))
			return tunnel_too_big_icmp(w, m, pi, t.encap, t.af, dst, af);
		frag = true;
	}
	t.dst = conn_rs_addr(c);
	if (unlikely(tunnel_source(w, t.af, &t.dst, &t.src) != 0)) {
		tunnel_drop(w, m, HVLB_DROP_TUNNEL_NO_SOURCE);
		return false;
	}
	t.gue_port = ts->gue_port;
	t.sport = tunnel_sport(hash);
	oh = tunnel_overhead(t.encap, t.af);
	buf = (uint8_t *)rte_pktmbuf_prepend(m, oh);
	if (unlikely(buf == NULL)) {
		tunnel_drop(w, m, HVLB_DROP_TUNNEL_NO_ROOM);
		return false;
	}
	len = rewrite_tunnel_encap(buf, pi, &t);
	if (unlikely(frag))
		tunnel_outer_fragmentable(w, buf + pi->l3_off);
	/* What followed the inner packet (a short frame's Ethernet padding) goes. */
	if (m->pkt_len > len)
		rte_pktmbuf_trim(m, (uint16_t)(m->pkt_len - len));
	*dst = t.dst;
	*af = t.af;
	return true;
}
