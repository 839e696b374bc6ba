/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A packet longer than the MTU of the port it leaves by (worker_tx.h tx(): its frame past
 * fwd_port.tx_max). It happens to the datagrams an af_packet port's kernel reassembled before
 * the forwarder read them (port.h, docs/fragments.md): fragmented again to the next link's MTU
 * here, after every rewrite (NAT, FullNAT, DR, the reply's way back), so each fragment carries
 * the rewritten header and the NF or client reassembles the datagram the forwarder forwarded.
 * Out of line: tx() pays one compare for it.
 */
#include <rte_mbuf.h>

#include "ipfrag.h"
#include "rate.h"
#include "rewrite_tunnel.h"
#include "worker_tx.h"

#define ETHERTYPE_IPV4 0x0800
#define ETHERTYPE_IPV6 0x86dd
#define ETHERTYPE_VLAN 0x8100

static void
mtu_drop(struct worker *w, struct rte_mbuf *m, enum hvlb_drop r)
{
	w->stats.drops[r]++;
	rte_pktmbuf_free(m);
}

/* Send the IPv4 packet at ip (its frame's first l2 bytes before it) in fragments of at most
 * mtu bytes, each a new mbuf of the main pool with the same Ethernet header. false: no mbuf
 * for one of them (the ones made already went: the receiver's reassembly times them out). */
static bool
send_fragments(struct worker *w, uint16_t port, const uint8_t *frame, uint16_t l2,
	       const uint8_t *ip, uint16_t l3_len, uint16_t mtu)
{
	uint16_t ihl = (uint16_t)((ip[0] & 0x0f) * 4), payload = (uint16_t)(l3_len - ihl);
	uint16_t first = ip4frag_chunk(mtu, ihl);
	uint16_t later_hlen = ip4frag_later_hlen(ip);
	uint16_t later = ip4frag_chunk(mtu, later_hlen);
	uint16_t off = 0, n = 0;

	while (off < payload) {
		uint16_t chunk = off == 0 ? first : later;
		uint16_t len = (uint16_t)RTE_MIN((uint32_t)chunk, (uint32_t)(payload - off));
		uint16_t hlen = off == 0 ? ihl : later_hlen;
		struct rte_mbuf *f = rte_pktmbuf_alloc(w->env->pool);
		uint8_t *out;

		if (f == NULL || (out = (uint8_t *)rte_pktmbuf_append(f, l2 + hlen + len)) == NULL) {
			rte_pktmbuf_free(f);
			return false;
		}
		memcpy(out, frame, l2);
		ip4frag_write(out + l2, ip, l3_len, off, len);
		f->port = port;
		tx_frame(w, port, f);
		off = (uint16_t)(off + len);
		n++;
	}
	w->stats.frag_out_pkts++;
	w->stats.frag_out_frags += n;
	return true;
}

/* m (its IP header at ip, l3_len bytes) may not be fragmented: dropped as too_big, and its
 * sender told the MTU it must use (RFC 1191 / RFC 8201, as RFC 8900 expects of a box that
 * will not fragment): an ICMP fragmentation needed (3/4) or packet too big (2/0) with the
 * port's MTU less what the forwarder's rewrite added (a FullNAT TOA option), from the
 * packet's destination (the VIP for a client's) to its source, quoting the packet as it
 * arrived (rewrite_restore_orig: the rewrite undone). Built in m itself, as tunnel mode's
 * (worker_tunnel.c), and limited by the same bucket: [tunnel] icmp_rate too-big ICMPs a
 * second, forwarder-wide (past it too_big_icmp_limited, no ICMP). Without pi (a packet held
 * for its next hop, a fragment, an answer of the forwarder's own) or for a packet that is
 * not a whole TCP or UDP one, too_big with no ICMP. */
static void
too_big(struct worker *w, uint16_t port, struct rte_mbuf *m, const struct pkt_info *pi,
	uint16_t l3_len)
{
	const struct tunnel_settings *ts = &w->env->tunnel;
	uint8_t *frame = rte_pktmbuf_mtod(m, uint8_t *), *buf;
	uint16_t mtu = w->ports->p[port].mtu, grown;
	uint32_t len;

	if (pi == NULL || l3_len < pi->l3_len || m->nb_segs > 1 ||
	    !rewrite_restore_orig(frame, pi)) {
		mtu_drop(w, m, HVLB_DROP_TOO_BIG);
		return;
	}
	if (ts->icmp_rate == 0 ||
	    !rate_admit(&w->tunnel.icmp_tat, w->now, w->env->hz, ts->icmp_rate,
			w->env->n_workers)) {
		mtu_drop(w, m, HVLB_DROP_TOO_BIG_ICMP_LIMITED);
		return;
	}
	buf = (uint8_t *)rte_pktmbuf_prepend(m, tunnel_icmp_room(pi->key.af));
	if (buf == NULL) {
		mtu_drop(w, m, HVLB_DROP_TOO_BIG);
		return;
	}
	/* What the sender may send: the port's MTU less what the rewrite added, never below
	 * the least its family must carry (IPv4 68, IPv6 1280). */
	grown = (uint16_t)(l3_len - pi->l3_len);
	mtu = (uint16_t)RTE_MAX((int)mtu - grown, pi->key.af == HVLB_AF_INET ? 68 : 1280);
	len = rewrite_icmp_too_big(buf, pi, mtu);
	rte_pktmbuf_trim(m, (uint16_t)(m->pkt_len - len));
	w->stats.drops[HVLB_DROP_TOO_BIG]++;
	w->stats.too_big_icmp++;
	/* At most 576 (IPv4) or 1280 (IPv6) bytes: it fits any port, no recursion. */
	route_tx(w, m, pi->key.af, &pi->key.src);
}

void
worker_tx_big(struct worker *w, uint16_t port, struct rte_mbuf *m, const struct pkt_info *pi)
{
	const struct fwd_port *p = &w->ports->p[port];
	const uint8_t *frame = rte_pktmbuf_mtod(m, const uint8_t *);
	uint16_t l2 = RTE_ETHER_HDR_LEN, type, l3_len, mtu;
	const uint8_t *ip;

	/* The parser took only whole frames of at least an IP header; a packet that reaches
	 * here in several segments came from a PMD that scatters, which hvlb does not ask for. */
	if (m->nb_segs > 1 || m->data_len < RTE_ETHER_HDR_LEN + 4 + 20) {
		mtu_drop(w, m, HVLB_DROP_TOO_BIG);
		return;
	}
	type = (uint16_t)(frame[12] << 8 | frame[13]);
	if (type == ETHERTYPE_VLAN) {
		l2 += 4;
		type = (uint16_t)(frame[16] << 8 | frame[17]);
	}
	ip = frame + l2;
	/* Its IP length, not the frame's: a VLAN tag or padding may be all the excess. */
	l3_len = type == ETHERTYPE_IPV4 ? (uint16_t)(ip[2] << 8 | ip[3])
					: (uint16_t)(m->data_len - l2);
	if (l3_len <= p->mtu && l2 + l3_len <= m->data_len) {
		tx_frame(w, port, m);
		return;
	}
	/* Fragments are built in the main pool's buffers: on a port whose MTU is larger than
	 * they hold, they are made smaller than the MTU (still correct, only more of them). */
	mtu = (uint16_t)RTE_MIN((uint32_t)p->mtu,
				(uint32_t)(rte_pktmbuf_data_room_size(w->env->pool) -
					   RTE_PKTMBUF_HEADROOM - l2));
	if (type != ETHERTYPE_IPV4 || (ip[0] >> 4) != 4 || (ip[0] & 0x0f) < 5 ||
	    l2 + l3_len > m->data_len || (ip[6] & (IP4_FLAG_DF >> 8)) ||
	    ip4frag_chunk(mtu, ip4frag_later_hlen(ip)) == 0) {
		if (l2 + l3_len > m->data_len || (type != ETHERTYPE_IPV4 && type != ETHERTYPE_IPV6))
			mtu_drop(w, m, HVLB_DROP_TOO_BIG);
		else
			too_big(w, port, m, pi, l3_len);
		return;
	}
	if (!send_fragments(w, port, frame, l2, ip, l3_len, mtu)) {
		mtu_drop(w, m, HVLB_DROP_FRAG_NO_MBUF);
		return;
	}
	rte_pktmbuf_free(m);
}
