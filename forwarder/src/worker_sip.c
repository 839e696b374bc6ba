/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * SIP call affinity, a worker's side (worker_sip.h). The Call-ID is read by core/sip.c.
 */
#include <rte_branch_prediction.h>

#include "conn.h"
#include "scheduler.h"
#include "sip.h"
#include "worker_hash.h"
#include "worker_frag.h"
#include "worker_sip.h"

#define SIP_UDP_HLEN 8

/* The Call-ID's hash of m's SIP message into *h: 0, or -1 when it has none (or its UDP
 * payload is not all in the first segment, where it is read: a Call-ID past it is cut). */
static int
sip_hash_of(const struct rte_mbuf *m, const struct pkt_info *pi, uint32_t *h)
{
	const uint8_t *frame = rte_pktmbuf_mtod(m, const uint8_t *);
	uint32_t off = (uint32_t)pi->l4_off + SIP_UDP_HLEN;
	uint32_t end = (uint32_t)pi->l4_off + pi->l4_len;
	uint32_t vo, vl;

	if (end > rte_pktmbuf_data_len(m))
		end = rte_pktmbuf_data_len(m);
	if (off >= end || sip_call_id(frame + off, end - off, &vo, &vl) != 0)
		return -1;
	*h = sip_call_id_hash(frame + off + vo, vl);
	return 0;
}

int
worker_sip_pick(struct worker *w, const struct rte_mbuf *m, struct pkt_ctx *x,
		const struct vs *vs, struct conn **found)
{
	enum conn_dir dir;
	struct conn *c;
	uint32_t h;
	int i;

	*found = NULL;
	if (likely(sip_hash_of(m, &x->pi, &h) == 0)) {
		w->stats.sip_call_id++;
		i = sched_pick_by_hash(vs, h);
	} else {
		/* A keep-alive, a message cut short: its 5-tuple's real, as without the setting
		 * (maglev: the 5-tuple; sh: the source). */
		w->stats.sip_no_call_id++;
		i = sched_pick_5tuple(vs, x->key, pkt_flow_hash(w, x), &w->sched);
	}
	if (unlikely(i < 0))
		return -1;
	/* The key with the real in it, in the context's spare key (an ICMP error's, which this
	 * packet is not): the packet's own tuple stays as parsed. */
	x->inner = *x->key;
	x->inner.pad = sip_pad(vs->rs[i].slot);
	x->key = &x->inner;
	x->hash = conn_key_hash(x->key);
	/* A fragmented INVITE: its later fragments take this key too. */
	if (unlikely(x->pi.frag == PKT_FRAG_FIRST))
		worker_frag_first_key(w, m, x);
	c = conn_lookup(w->conns, x->key, x->hash, &dir);
	if (c != NULL && dir == CONN_DIR_ORIG) {
		if (likely(w->snap->rs_gen[c->rs_slot] == c->rs_gen)) {
			*found = c;
			return i;
		}
		/* Its real was removed hard or is down (keep_last schedules it still): it opens
		 * anew, as conn_end's reschedule would. Never synced (worker_sync.c). */
		worker_conn_gone(w, c);
		worker_conn_end_in_burst(w, c);
		c = NULL;
	}
	x->absent = c == NULL;
	return i;
}
