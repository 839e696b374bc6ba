/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A worker's side of the SYN proxy (worker_synproxy.h). Nothing here runs for a service whose
 * proxy is off, nor for a connection without a CONN_FL_SP_* flag.
 */
#include <rte_mbuf.h>

#include "rewrite.h"
#include "synproxy.h"
#include "worker_sync.h"
#include "worker_synproxy.h"

static void
sp_drop(struct worker *w, struct rte_mbuf *m, enum hvlb_drop r)
{
	w->stats.drops[r]++;
	rte_pktmbuf_free(m);
}

/* Whether m (one segment) has room for a frame of len bytes; if so, its length becomes len
 * (the caller writes the frame). */
static bool
sp_fit(struct rte_mbuf *m, uint32_t len)
{
	if (m->nb_segs != 1 || len > (uint32_t)(m->buf_len - m->data_off))
		return false;
	m->data_len = (uint16_t)len;
	m->pkt_len = len;
	return true;
}

static inline void
sp_tx_add(struct sp_tx *tx, struct rte_mbuf *m, const union hvlb_addr *dst)
{
	tx->m[tx->n] = m;
	tx->dst[tx->n++] = *dst;
}

/* worker_fwd.c's conn_account, for the two packets of the NF's handshake the proxy makes. */
static void
sp_account(struct worker *w, struct conn *c, enum conn_dir dir, uint8_t fl, uint32_t bytes)
{
	if (!w->sync_on)
		conn_update(w->conns, c, dir, fl, bytes, w->now);
	else
		worker_sync_update(w, c, dir, fl, bytes);
}

/* Counted from the forwarder's start: no clock to agree on, and a fixture's cookies are known
 * (tests/fixtures: the fixed secret, and counter 0). */
static uint32_t
sp_now_counter(const struct worker *w)
{
	uint64_t t = w->now > w->env->sp_epoch ? w->now - w->env->sp_epoch : 0;

	return synproxy_counter(t / w->env->hz);
}

enum sp_verdict
worker_synproxy_new(struct worker *w, struct rte_mbuf *m, struct pkt_info *pi,
		    const struct vs *vs, uint32_t *cookie, struct sp_tx *tx)
{
	uint8_t *frame = rte_pktmbuf_mtod(m, uint8_t *);
	unsigned idx;
	uint16_t mss;
	int ok;

	if (conn_tcp_opens(pi->tcp_flags)) {
		if (!worker_synproxy_active(w, vs))
			return SP_PASS;
		idx = synproxy_mss_index(synproxy_tcp_mss(frame, pi), pi->key.af);
		mss = synproxy_mss_value(idx);
		*cookie = synproxy_cookie(&w->env->sp_key, &pi->key, synproxy_tcp_seq(frame, pi),
					  sp_now_counter(w), idx);
		if (!sp_fit(m, synproxy_frame_len(pi, true))) {
			sp_drop(w, m, HVLB_DROP_TRUNCATED);
			return SP_DONE;
		}
		synproxy_make_synack(frame, pi, *cookie, mss);
		w->stats.sp_synacks++;
		w->sp_vs[vs->slot].cookies++;
		sp_tx_add(tx, m, &pi->key.dst);
		return SP_DONE;
	}
	/* The client's first packet after the cookie SYN-ACK: seq = ISN + 1, ack = cookie + 1. */
	*cookie = synproxy_tcp_ack(frame, pi) - 1;
	ok = (pi->tcp_flags & HVLB_TCP_ACK) &&
	     synproxy_cookie_check(&w->env->sp_key, &pi->key, synproxy_tcp_seq(frame, pi) - 1,
				   *cookie, sp_now_counter(w)) >= 0;
	return ok ? SP_OPEN : SP_BAD;
}

void
worker_synproxy_opened(struct worker *w, struct conn *c, const struct pkt_info *pi,
		       const uint8_t *frame, uint32_t cookie)
{
	c->flags |= CONN_FL_SYNPROXY | CONN_FL_SP_WAIT;
	c->sp_delta = cookie;
	c->sp_win = synproxy_tcp_win(frame, pi);
	w->sp_vs[c->vs_slot].opened++;
	w->stats.sp_conns++;
}

void
worker_synproxy_counted(struct worker *w, struct conn *c, const struct vs *vs)
{
	struct worker_sp_vs *s = &w->sp_vs[vs->slot];

	c->flags |= CONN_FL_SP_EMB;
	if (++s->emb > vs->synproxy_threshold && !s->on) {
		s->on = 1;
		w->stats.sp_auto_on++;
	}
}

/* c has left the embryonic states: no longer one of its service's. */
static inline void
sp_emb_check(struct worker *w, struct conn *c)
{
	if ((c->flags & CONN_FL_SP_EMB) && !conn_state_embryonic(c->state)) {
		c->flags &= (uint8_t)~CONN_FL_SP_EMB;
		if (w->sp_vs[c->vs_slot].emb > 0)
			w->sp_vs[c->vs_slot].emb--;
	}
}

static bool
sp_hold(struct worker *w, struct rte_mbuf *m, const struct conn *c)
{
	if (w->sp_n_held >= WORKER_SP_HOLD)
		return false;
	w->sp_held[w->sp_n_held++] = (struct worker_sp_held){
		.m = m, .idx = conn_index(w->conns, c), .created = c->created};
	return true;
}

/* The cookie ACK carried data: the NF's SYN is a copy of its headers, the packet waits. */
static bool
sp_syn_from_copy(struct worker *w, struct rte_mbuf *m, const struct pkt_info *pi,
		 struct conn *c, uint16_t mss, struct sp_tx *tx)
{
	union hvlb_addr rs;
	struct rte_mbuf *n;
	struct pkt_info npi = *pi;
	uint8_t *f;

	if (w->sp_n_held >= WORKER_SP_HOLD || (n = rte_pktmbuf_alloc(m->pool)) == NULL)
		return false;
	if (!sp_fit(n, synproxy_frame_len(pi, true))) {
		rte_pktmbuf_free(n);
		return false;
	}
	f = rte_pktmbuf_mtod(n, uint8_t *);
	memcpy(f, rte_pktmbuf_mtod(m, uint8_t *), pi->l4_off + 20u);
	n->port = m->port;
	synproxy_make_syn(f, &npi, mss);
	rs = conn_rs_addr(c);
	rewrite_nat_to_rs(f, &npi, &rs, c->rs_port);
	sp_hold(w, m, c);
	sp_tx_add(tx, n, &rs);
	return true;
}

bool
worker_synproxy_orig(struct worker *w, struct rte_mbuf *m, struct pkt_info *pi, struct conn *c,
		     bool opened, struct sp_tx *tx)
{
	uint8_t *frame = rte_pktmbuf_mtod(m, uint8_t *);
	uint16_t mss;

	sp_emb_check(w, c);
	if (!(c->flags & CONN_FL_SP_WAIT)) {
		if (c->flags & CONN_FL_SYNPROXY)
			synproxy_to_nf(frame, pi, c->sp_delta);
		return true;
	}
	if (opened) {
		/* The cookie's MSS index is in its low bits (sp_delta holds the cookie). */
		mss = synproxy_mss_value(c->sp_delta & 7);
		if (synproxy_tcp_payload(frame, pi) == 0) {
			if (!sp_fit(m, synproxy_frame_len(pi, true)))
				goto out_drop;
			synproxy_make_syn(frame, pi, mss);
			return true;
		}
		if (sp_syn_from_copy(w, m, pi, c, mss, tx))
			return false;
		goto out_drop;
	}
	/* Until the NF answers: the first data is kept, a repeated ACK or more data absorbed
	 * (the SYN-ACK's window of one segment keeps the client from sending much). Under k-way
	 * replication the answer may have come to another forwarder: ask (worker_sync_sp_ask
	 * does nothing without it). */
	worker_sync_sp_ask(w, c);
	if (synproxy_tcp_payload(frame, pi) > 0 && !(pi->tcp_flags & HVLB_TCP_RST)) {
		struct rte_mbuf *h = worker_sp_unhold(w, c);

		if (h != NULL) {
			sp_hold(w, h, c);
		} else if (sp_hold(w, m, c)) {
			return false;
		}
	}
out_drop:
	sp_drop(w, m, HVLB_DROP_SYNPROXY_WAIT);
	return false;
}

/* The NF answered the proxy's SYN: delta is known, the NF gets the ACK that completes its
 * handshake (m made into it) and then the client's held packet, translated. */
static void
sp_complete(struct worker *w, struct rte_mbuf *m, struct pkt_info *pi, struct conn *c,
	    struct sp_tx *tx)
{
	uint8_t *frame = rte_pktmbuf_mtod(m, uint8_t *);
	struct rte_mbuf *h;
	union hvlb_addr rs;
	struct pkt_info hpi;

	c->sp_delta = synproxy_tcp_seq(frame, pi) - c->sp_delta;
	c->flags &= (uint8_t)~CONN_FL_SP_WAIT;
	sp_account(w, c, CONN_DIR_REPLY, pi->tcp_flags, m->pkt_len);
	synproxy_make_ack(frame, pi, c->sp_win);
	sp_account(w, c, CONN_DIR_ORIG, HVLB_TCP_ACK, m->pkt_len);
	w->stats.sp_established++;
	rs = conn_rs_addr(c);
	sp_tx_add(tx, m, &rs);
	h = worker_sp_unhold(w, c);
	if (h == NULL)
		return;
	uint8_t *hf = rte_pktmbuf_mtod(h, uint8_t *);

	if (parse_frame(hf, rte_pktmbuf_data_len(h), &hpi) != HVLB_DROP_NONE) {
		sp_drop(w, h, HVLB_DROP_SYNPROXY_WAIT); /* parsed once already: cannot happen */
		return;
	}
	sp_account(w, c, CONN_DIR_ORIG, hpi.tcp_flags, h->pkt_len);
	synproxy_to_nf(hf, &hpi, c->sp_delta);
	rewrite_nat_to_rs(hf, &hpi, &rs, c->rs_port);
	sp_tx_add(tx, h, &rs);
}

bool
worker_synproxy_reply(struct worker *w, struct rte_mbuf *m, struct pkt_info *pi, struct conn *c,
		      struct sp_tx *tx)
{
	uint8_t *frame = rte_pktmbuf_mtod(m, uint8_t *);
	const uint8_t synack = HVLB_TCP_SYN | HVLB_TCP_ACK;
	struct rte_mbuf *h;

	sp_emb_check(w, c);
	if (!(c->flags & CONN_FL_SP_WAIT)) {
		if (c->flags & CONN_FL_SYNPROXY)
			synproxy_to_client(frame, pi, c->sp_delta);
		return true;
	}
	if (pi->tcp_flags & HVLB_TCP_RST) {
		/* The NF refused: the client, which believes itself connected, is reset with
		 * the sequence number it expects (cookie + 1); nothing is translated after. */
		synproxy_set_seq(frame, pi, c->sp_delta + 1);
		c->flags &= (uint8_t)~(CONN_FL_SYNPROXY | CONN_FL_SP_WAIT);
		h = worker_sp_unhold(w, c);
		if (h != NULL)
			sp_drop(w, h, HVLB_DROP_SYNPROXY_WAIT);
		return true;
	}
	if ((pi->tcp_flags & synack) != synack) {
		/* The NF is past its handshake: it was completed at another forwarder (k-way: ask;
		 * the NF retransmits what is dropped here). */
		worker_sync_sp_ask(w, c);
		sp_drop(w, m, HVLB_DROP_SYNPROXY_WAIT);
		return false;
	}
	/* The ACK the proxy makes of it gets a full checksum: check the NF's first. */
	if (parse_verify_l4_csum(frame, pi) != HVLB_DROP_NONE) {
		worker_drop_bad_l4_csum(w, m);
		return false;
	}
	if (!sp_fit(m, synproxy_frame_len(pi, false))) {
		sp_drop(w, m, HVLB_DROP_SYNPROXY_WAIT);
		return false;
	}
	sp_complete(w, m, pi, c, tx);
	return false;
}

void
worker_synproxy_tick(struct worker *w)
{
	const struct vs_table *t = w->snap->vst;
	unsigned n;

	w->sp_tick = w->now;
	n = vs_table_count(t);
	for (unsigned i = 0; i < n; i++) {
		const struct vs *vs = vs_table_at(t, i);
		struct worker_sp_vs *s = &w->sp_vs[vs->slot];

		if (vs->synproxy == VS_SYNPROXY_AUTO) {
			/* What the table would hold with the proxy off: the embryonic entries,
			 * and each cookie of the last second that no valid ACK followed living
			 * the service's tcp_syn seconds (Little's law). */
			uint64_t syn_s = conn_state_timeout(w->conns, vs->to_set, CONN_S_SYN_SENT) /
					 w->env->hz;
			uint64_t pending = s->cookies > s->opened ? s->cookies - s->opened : 0;
			uint64_t est = s->emb + pending * (syn_s > 0 ? syn_s : 1);

			if (s->on && est < vs->synproxy_threshold / 2) {
				s->on = 0;
				w->stats.sp_auto_off++;
			} else if (!s->on && est > vs->synproxy_threshold) {
				s->on = 1;
				w->stats.sp_auto_on++;
			}
		}
		s->cookies = 0;
		s->opened = 0;
	}
}
