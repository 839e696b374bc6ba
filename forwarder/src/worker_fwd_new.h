/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The burst pipeline's new connection (conn_new): the checks a packet must pass to open one,
 * the SYN proxy's and k-way sync's say, the NF the service picks (or SIP call affinity, or
 * persistence), the insert, and what the burst remembers of it (w->burst_opened). Static in
 * this header, included by worker_fwd.c alone, as worker_fwd_rare.h: in the burst loop's
 * translation unit the compiler still sees the whole path, and the code it makes is the one
 * it made when this was in worker_fwd.c (the same instructions per packet under callgrind).
 */
#ifndef HVLB_WORKER_FWD_NEW_H
#define HVLB_WORKER_FWD_NEW_H

#include <rte_mbuf.h>

#include "conn_fast.h"
#include "conn_insert.h"
#include "scheduler.h"
#include "steer.h"
#include "worker_classify.h"
#include "worker_fullnat.h"
#include "worker_fwd_rare.h"
#include "worker_hash.h"
#include "worker_persist.h"
#include "worker_sip.h"
#include "worker_sync.h"
#include "worker_tunnel.h"
#include "worker_tx.h"

/* w->burst_opened: whether a connection this burst opened may have this hash as its ORIG key's.
 * conn_new is the burst's only insert (sync imports and RSS-A moves come between bursts:
 * worker_loop.c). A REPLY key is not added: an ORIG key (to a VIP) equals one (to a client,
 * or to a local address) only if a client sends from a VIP's address, a spoof, and then only
 * that client's own two connections share a key (each still deleted by its own value); adding
 * it costs every new connection 9 instructions. */
static inline bool
burst_opened_maybe(const struct worker *w, uint32_t hash)
{
	return (w->burst_opened[hash >> 30] >> ((hash >> 24) & 63)) & 1;
}

static inline void
burst_opened_add(struct worker *w, uint32_t hash)
{
	w->burst_opened[hash >> 30] |= 1ull << ((hash >> 24) & 63);
}

/* What every new connection c (just inserted, of service vs to its real rs, ORIG key hashing
 * to hash) gets, whichever path opened it (conn_new, fast_open): its service's and real's
 * slots, its mode and generation, the counters, and the burst's memory of it. */
static __rte_always_inline void
conn_opened(struct worker *w, struct conn *c, const struct vs *vs, const struct rs_config *rs,
	    uint32_t hash)
{
	/* What is written below, read first: the build does not assume that a store to c or w
	 * leaves the service and the real as they were (-fno-strict-aliasing). */
	const uint16_t rslot = rs->slot, vslot = vs->slot;
	const uint8_t mode = vs->mode;
	const uint32_t gen = rs->gen;

	burst_opened_add(w, hash);
	c->rs_slot = rslot;
	c->vs_slot = vslot;
	c->mode = mode;
	c->rs_gen = gen;
	w->rs_active[rslot]++;
	w->vs_active[vslot]++;
	w->rs[rslot].stats.conns_total++;
	w->vs_conns[vslot]++;
	w->stats.conns_total++;
}

/* A connection c of ORIG key key just opened while overrides or moved entries are in force:
 * opened away from its default owner (an override sent it here), it is marked steered, so
 * that its end is reported and the override goes too. Out of line: only while steering. */
static __rte_noinline void
conn_mark_steered(struct worker *w, struct conn *c, const struct flow_key *key)
{
	if (steer_owner_of_tuple(w->env->n_workers, key, true) != w->id)
		c->flags |= CONN_FL_STEERED;
}

/* A new connection: pick an RS and insert it. NULL (packet dropped) on failure. Only a SYN
 * opens a TCP connection (conn_tcp_opens), checked before anything else is looked at, unless
 * resched: the packet belongs to a known connection the service reschedules off its down real
 * (down_conns), which it opens again on a live one whatever its flags. Or the connection an
 * earlier packet of the burst opened for the same key, which the packet joins. */
static struct conn *
conn_new(struct worker *w, struct rte_mbuf *m, struct pkt_ctx *x, bool resched)
{
	enum sp_verdict sp = SP_PASS;
	uint32_t cookie = 0;
	const struct vs *vs;
	enum hvlb_drop r;
	struct conn *c;
	bool midstream = false;
	int i;

	/* Flags are TCP's or, for SCTP, its chunks' (core/sctp.h); UDP and ICMP have none. */
	if (x->pi.tcp_flags != 0 && !conn_tcp_opens(x->pi.tcp_flags) && !resched) {
		/* With sync on, a connection another forwarder opened may arrive mid-stream: the
		 * mid-stream rule (conn.h). With a SYN proxy, it may carry a cookie. */
		if (!conn_tcp_midstream(x->pi.tcp_flags) ||
		    (!w->sync_on && !w->snap->synproxy_any)) {
			r = conn_no_conn_drop(x->key->proto);
			goto out_drop;
		}
		midstream = true;
	}
	vs = x->vs != NULL ? x->vs
			   : vs_lookup_tenant(w->snap->vst, x->key->pad, x->key->proto,
					      &x->key->dst, x->key->dport);
	/* Without sync, a packet that is no SYN opens nothing unless it carries a cookie: the
	 * drop is tcp_no_conn whatever else is wrong with it, as without any proxy. */
	if (unlikely(midstream && !w->sync_on) &&
	    (vs == NULL || vs->synproxy == VS_SYNPROXY_OFF)) {
		r = conn_no_conn_drop(x->key->proto);
		goto out_drop;
	}
	if (vs == NULL) {
		r = HVLB_DROP_NO_VS;
		goto out_drop;
	}
	r = parse_verify_l4_csum(rte_pktmbuf_mtod(m, uint8_t *), &x->pi);
	if (unlikely(r != HVLB_DROP_NONE))
		goto out_drop;
	if (unlikely(x->pi.ttl <= 1)) {
		r = HVLB_DROP_TTL_EXCEEDED;
		goto out_drop;
	}
	if (unlikely(vs->synproxy != VS_SYNPROXY_OFF) && !resched) {
		if (burst_opened_maybe(w, x->hash) && (c = rare_sp_burst_joined(w, x)) != NULL)
			return c;
		sp = rare_sp_new(w, m, x, vs, &cookie);
		if (sp == SP_DONE)
			return NULL;
		if (sp == SP_OPEN) {
			midstream = false;
		} else if (sp == SP_BAD && !w->sync_on) {
			r = HVLB_DROP_SYNPROXY_BAD_COOKIE;
			goto out_drop;
		}
	}
	/* k-way replication: the connection may be held elsewhere only; its holders are asked
	 * and the packet waits (worker_sync.h), unless it waited in vain already. */
	if (unlikely(midstream) && w->env->sync_replicas != 0 && !w->sync.no_pull &&
	    worker_sync_pull(w, m, x->key, x->hash))
		return NULL;
	i = sched_pick(vs, x->key, pkt_flow_hash(w, x), &w->sched);
	if (unlikely(i < 0)) {
		/* Picks sched_pick leaves to us: SIP call affinity's (the real by Call-ID, and its
		 * key; joined when it exists), persistence's (the client's earlier real). */
		if (i == SCHED_PICK_PAYLOAD && vs->hash == VS_HASH_SIP_CALL_ID) {
			i = worker_sip_pick(w, m, x, vs, &c);
			if (c != NULL)
				return c;
		} else if (i == SCHED_PICK_PAYLOAD) {
			i = worker_persist_pick(w, x, vs);
		}
		if (i < 0) {
			r = HVLB_DROP_NO_RS;
			goto out_drop;
		}
	}
	const struct rs_config *rs = &vs->rs[i];
	if (unlikely((vs->set.conn_rate_limit | rs->conn_limit) != 0) &&
	    (r = rare_conn_limits(w, vs, rs)) != HVLB_DROP_NONE)
		goto out_drop;
	if (unlikely(vs->mode == VS_MODE_FULLNAT)) {
		c = worker_fullnat_insert(w, x->key, x->hash, rs, vs, &r);
		if (r != HVLB_DROP_NONE)
			goto out_drop;
	} else if (unlikely(vs->mode == VS_MODE_VXLAN)) {
		c = rare_vx_insert(w, m, x, vs, rs);
	} else if (x->absent && !burst_opened_maybe(w, x->hash)) {
		/* Not in the table at the burst's lookup, and no packet since opened it:
		 * conn_insert_absent, in line (conn_insert.h). */
		const struct conn_reply_to rt = {.with_reply = vs->mode == VS_MODE_NAT,
						 .orig_absent = 1};

		c = conn_insert_to(w->conns, x->key, x->hash, &rs->addr, rs->port, &rt,
				   vs->to_set, w->now);
	} else {
		c = conn_insert(w->conns, x->key, x->hash, &rs->addr, rs->port,
				vs->mode == VS_MODE_NAT, vs->to_set, w->now);
	}
	if (unlikely(c == NULL)) {
		/* The burst looked every key up before forwarding any packet, so an earlier
		 * packet of this burst may have opened the connection since: join it. (Only this
		 * rare path pays the second lookup; the RS picked above goes unused.) */
		enum conn_dir dir;

		c = conn_lookup(w->conns, x->key, x->hash, &dir);
		if (c != NULL && dir == CONN_DIR_ORIG)
			return c;
		r = HVLB_DROP_CONN_TABLE_FULL;
		goto out_drop;
	}
	conn_opened(w, c, vs, rs, x->hash);
	if (unlikely(vs->encap != TUNNEL_ENCAP_NONE)) { /* conn_insert zeroed both */
		c->encap = tunnel_conn_encap(vs->encap, rs->af);
		c->flags |= CONN_FL_TUNNEL;
	}
	if (unlikely(x->key->proto == HVLB_PROTO_SCTP) && vs->mode == VS_MODE_NAT) {
		c->flags |= CONN_FL_SCTP;
		worker_sctp_vtag(m, x, c, CONN_DIR_ORIG); /* learns its tags: never a drop here */
	}
	if (unlikely(w->steer_on))
		conn_mark_steered(w, c, x->key);
	/* Peers hear of it at its first packet (worker_sync_update). */
	if (unlikely(midstream)) {
		conn_set_state(w->conns, c, CONN_S_UNCONFIRMED, 0,
			       w->now + conn_state_timeout(w->conns, c->to_set, CONN_S_UNCONFIRMED));
		w->stats.midstream_conns++;
	}
	if (unlikely(vs->synproxy != VS_SYNPROXY_OFF))
		rare_sp_mark(w, m, x, c, vs, sp, cookie, midstream || resched);
	return c;

out_drop:
	drop(w, m, r);
	return NULL;
}

#endif
