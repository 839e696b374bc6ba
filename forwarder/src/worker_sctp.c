/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A worker's side of SCTP (docs/sctp.md): classifying an SCTP packet (worker_sctp_classify,
 * declared in worker_classify.h). Here, not in worker_fwd.c: its copy of classify_ip in that
 * translation unit made the compiler inline less into the burst loop, and every TCP and UDP
 * packet paid 2 instructions (callgrind, 381.1 -> 383.1). The chunks, the CRC32c, the
 * verification tags' rules and the NAT rewrite are core/sctp.c's.
 */
#define WORKER_CLASSIFY_CORE_ONLY
#include "sctp.h"
#include "worker_classify.h"

enum pkt_route
worker_sctp_classify(struct worker *w, struct rte_mbuf *m, struct pkt_ctx *x, int from_peer,
		     bool steer)
{
	if (unlikely(!x->pi.l2_bcast &&
		     !rte_is_same_ether_addr(rte_pktmbuf_mtod(m, const struct rte_ether_addr *),
					     &w->ports->p[x->in_port].mac))) {
		drop(w, m, HVLB_DROP_L2_OTHER_HOST);
		return PKT_ROUTE_DONE;
	}
	return classify_ip_as(w, m, x, from_peer, steer, false, true);
}

enum hvlb_drop
worker_sctp_vtag(struct rte_mbuf *m, const struct pkt_ctx *x, struct conn *c, enum conn_dir dir)
{
	if (x->pi.frag != PKT_FRAG_NONE)
		return HVLB_DROP_NONE;
	return sctp_vtag_check(rte_pktmbuf_mtod(m, const uint8_t *) + x->pi.l4_off, (unsigned)dir,
			       c->sctp_vtag);
}
