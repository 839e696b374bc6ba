/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Fragments forwarded without reassembly (worker_frag.h, docs/fragments.md). Rare traffic,
 * out of the burst pipeline: a first fragment is noted here and classified on as any packet;
 * the later ones are held, deferred and forwarded here on the connection their first found.
 */
#include <rte_ether.h>
#include <rte_malloc.h>

#include "hash.h"
#include "parse.h"
#include "rewrite.h"
#include "steer.h"
#include "worker_frag.h"
#include "worker_fullnat.h"
#include "worker_tx.h"

int
worker_frag_init(struct worker *w)
{
	if (!w->env->frag_forward)
		return 0;
	w->frag = rte_zmalloc_socket("frag", sizeof(*w->frag), RTE_CACHE_LINE_SIZE, w->socket);
	if (w->frag == NULL)
		return -1;
	frag_init(&w->frag->tab);
	w->frag->ttl = w->env->hz / 1000 * FRAG_TTL_MS;
	return 0;
}

void
worker_frag_free(struct worker *w)
{
	struct worker_frag *f = w->frag;

	if (f == NULL)
		return;
	for (uint16_t i = 0; i < f->n_held; i++)
		rte_pktmbuf_free(f->held[i].m);
	for (uint16_t i = 0; i < f->n_def; i++)
		rte_pktmbuf_free(f->def[i].m);
	rte_free(f);
	w->frag = NULL;
}

/* A later fragment whose datagram's tuple is known: after the packets ahead of it. */
static void
frag_defer(struct worker *w, struct rte_mbuf *m, const struct pkt_info *pi,
	   const struct flow_key *tuple)
{
	struct worker_frag *f = w->frag;
	struct worker_frag_tail *t;

	if (f->n_def == WORKER_FRAG_DEFER) {
		drop(w, m, HVLB_DROP_FRAG_HOLD_FULL);
		return;
	}
	t = &f->def[f->n_def++];
	t->m = m;
	t->pi = *pi;
	t->pi.key = *tuple;
}

/* A later fragment before its first: held, within the worker's and the datagram's budget. */
static void
frag_hold(struct worker *w, struct rte_mbuf *m, const struct flow_key *dgram)
{
	struct worker_frag *f = w->frag;
	unsigned same = 0;

	for (uint16_t i = 0; i < f->n_held; i++)
		same += flow_key_eq(&f->held[i].dgram, dgram);
	if (f->n_held == WORKER_FRAG_HOLD || same == WORKER_FRAG_HOLD_DGRAM) {
		drop(w, m, HVLB_DROP_FRAG_HOLD_FULL);
		return;
	}
	f->held[f->n_held++] = (struct worker_frag_held){.m = m, .dgram = *dgram, .since = w->now};
}

/* dgram's first fragment has come (tuple): its held fragments deferred, in their order. */
static void
frag_release(struct worker *w, const struct flow_key *dgram, const struct flow_key *tuple)
{
	struct worker_frag *f = w->frag;
	uint16_t k = 0;

	for (uint16_t i = 0; i < f->n_held; i++) {
		struct worker_frag_held h = f->held[i];
		struct pkt_info pi;

		if (!flow_key_eq(&h.dgram, dgram)) {
			f->held[k++] = h;
			continue;
		}
		/* It was parsed when it came: the same again, for its offsets. */
		(void)parse_frame(rte_pktmbuf_mtod(h.m, const uint8_t *), rte_pktmbuf_data_len(h.m),
				  &pi);
		frag_defer(w, h.m, &pi, tuple);
	}
	f->n_held = k;
}

enum pkt_route
worker_frag_rx(struct worker *w, struct rte_mbuf *m, struct pkt_ctx *x, int from_peer)
{
	const uint8_t *frame = rte_pktmbuf_mtod(m, const uint8_t *);
	struct worker_frag *f = w->frag;
	struct pkt_frag_info fi;
	struct frag_entry *e;
	enum hvlb_drop r;
	uint16_t g;
	uint32_t h;

	if (!x->pi.l2_bcast &&
	    !rte_is_same_ether_addr((const struct rte_ether_addr *)frame,
				    &w->ports->p[x->in_port].mac)) {
		r = HVLB_DROP_L2_OTHER_HOST;
		goto out_drop;
	}
	if (x->pi.frag == PKT_FRAG_BAD) {
		r = HVLB_DROP_FRAG_MALFORMED;
		goto out_drop;
	}
	g = steer_frag_owner(w->env->n_workers, &x->pi.key.src, &x->pi.key.dst);
	x->owner = g;
	if (g != w->id && !from_peer)
		return PKT_ROUTE_HANDOFF;
	parse_frag_info(frame, &x->pi, &fi);
	h = flow_hash(&fi.dgram);
	if (x->pi.frag == PKT_FRAG_FIRST) {
		/* Only TCP and UDP name a connection by ports. */
		if (x->pi.key.proto != HVLB_PROTO_TCP && x->pi.key.proto != HVLB_PROTO_UDP) {
			r = HVLB_DROP_FRAGMENT;
			goto out_drop;
		}
		e = frag_get(&f->tab, &fi.dgram, h, w->now, f->ttl);
		r = frag_note(e, fi.off, fi.len);
		if (r != HVLB_DROP_NONE)
			goto out_drop;
		e->has_first = 1;
		e->tuple = x->pi.key;
		if (f->n_held > 0)
			frag_release(w, &fi.dgram, &e->tuple);
		return PKT_ROUTE_LOOKUP;
	}
	e = frag_find(&f->tab, &fi.dgram, h, w->now);
	if (e == NULL || !e->has_first) {
		/* Passed here by its gatherer, which sends the first ahead of the others: that
		 * one never got here. */
		if (from_peer && g != w->id) {
			r = HVLB_DROP_FRAG_NO_CONN;
			goto out_drop;
		}
		if (e == NULL)
			e = frag_get(&f->tab, &fi.dgram, h, w->now, f->ttl);
		r = frag_note(e, fi.off, fi.len);
		if (r != HVLB_DROP_NONE)
			goto out_drop;
		frag_hold(w, m, &fi.dgram);
		return PKT_ROUTE_DONE;
	}
	r = frag_note(e, fi.off, fi.len);
	if (r != HVLB_DROP_NONE)
		goto out_drop;
	frag_defer(w, m, &x->pi, &e->tuple);
	return PKT_ROUTE_DONE;

out_drop:
	drop(w, m, r);
	return PKT_ROUTE_DONE;
}

/* The owner of the connection of tuple k, as classify_ip and owner_route place a packet that
 * was received here (the gatherer places a first fragment so). */
static uint16_t
frag_conn_owner(const struct worker *w, const struct flow_key *k)
{
	bool to_vip = vs_is_vip(w->snap->vst, &k->dst), overridden;

	if (w->steer_on)
		return steer_owner_by_table(w->steer, w->env->n_workers, k,
					    steer_client_hash_of(k, to_vip), &overridden);
	return steer_owner_of_tuple(w->env->n_workers, k, to_vip);
}

/* A later fragment on its connection: the first fragment's addresses, the TTL, and out. The
 * connection's state stays as its first fragment left it: a piece of a segment carries no
 * flags of its own. */
static void
frag_forward(struct worker *w, struct worker_frag_tail *t)
{
	struct rte_mbuf *m = t->m;
	uint8_t *frame = rte_pktmbuf_mtod(m, uint8_t *);
	const struct flow_key *k = &t->pi.key;
	enum conn_dir dir = CONN_DIR_ORIG;
	struct conn *c = conn_lookup(w->conns, k, conn_key_hash(k), &dir);
	union hvlb_addr a;
	enum hvlb_drop r;

	if (c == NULL || w->snap->rs_gen[c->rs_slot] != c->rs_gen) {
		r = HVLB_DROP_FRAG_NO_CONN;
		goto out_drop;
	}
	/* Encapsulated and translated modes are not fragment-aware: docs/fragments.md. */
	if ((c->flags & CONN_FL_RARE) || c->mode == VS_MODE_TUNNEL || c->mode == VS_MODE_VXLAN) {
		r = HVLB_DROP_FRAGMENT;
		goto out_drop;
	}
	if (t->pi.ttl <= 1) {
		r = HVLB_DROP_TTL_EXCEEDED;
		goto out_drop;
	}
	c->pkts[dir]++;
	c->bytes[dir] += m->pkt_len;
	w->rs[c->rs_slot].stats.pkts++;
	w->rs[c->rs_slot].stats.bytes += m->pkt_len;
	if (c->mode == VS_MODE_FULLNAT) {
		worker_fullnat_frag_tail(w, frame, &t->pi, c, dir);
		if (dir == CONN_DIR_ORIG) {
			route_tx_conn(w, m, k->af, c);
		} else {
			a = conn_orig_src(c);
			route_tx(w, m, k->af, &a);
		}
		return;
	}
	if (dir == CONN_DIR_REPLY) {
		a = conn_orig_dst(c);
		rewrite_frag_tail(frame, &t->pi, &a, NULL);
		route_tx(w, m, k->af, &k->dst);
		return;
	}
	if (c->mode == VS_MODE_NAT) {
		a = conn_rs_addr(c);
		rewrite_frag_tail(frame, &t->pi, NULL, &a);
	} else {
		rewrite_ttl_dec(frame, &t->pi);
	}
	route_tx_conn(w, m, k->af, c);
	return;

out_drop:
	drop(w, m, r);
}

void
worker_frag_first_key(struct worker *w, const struct rte_mbuf *m, const struct pkt_ctx *x)
{
	struct pkt_frag_info fi;
	struct frag_entry *e;

	if (w->frag == NULL || x->pi.frag != PKT_FRAG_FIRST)
		return;
	parse_frag_info(rte_pktmbuf_mtod(m, const uint8_t *), &x->pi, &fi);
	e = frag_find(&w->frag->tab, &fi.dgram, flow_hash(&fi.dgram), w->now);
	if (e != NULL && e->has_first)
		e->tuple.pad = x->key->pad;
}

/* The key of the connection its first fragment opened (a SIP service's has its real in the
 * pad, worker_frag_first_key), as the datagram's entry here has it. */
static void
frag_tail_key(struct worker *w, struct worker_frag_tail *t)
{
	struct pkt_frag_info fi;
	struct frag_entry *e;

	parse_frag_info(rte_pktmbuf_mtod(t->m, const uint8_t *), &t->pi, &fi);
	e = frag_find(&w->frag->tab, &fi.dgram, flow_hash(&fi.dgram), w->now);
	if (e != NULL && e->has_first)
		t->pi.key.pad = e->tuple.pad;
}

void
worker_frag_poll(struct worker *w)
{
	struct worker_frag *f = w->frag;
	uint16_t n = f->n_def;

	/* Taken whole first: nothing below defers more. */
	f->n_def = 0;
	for (uint16_t i = 0; i < n; i++) {
		struct worker_frag_tail *t = &f->def[i];
		uint16_t o = w->id;

		/* The gatherer sends it after its first fragment; the owner forwards it. */
		if (steer_frag_owner(w->env->n_workers, &t->pi.key.src, &t->pi.key.dst) == w->id) {
			frag_tail_key(w, t);
			o = frag_conn_owner(w, &t->pi.key);
		}
		if (o == w->id) {
			frag_forward(w, t);
		} else if (rte_ring_enqueue(w->env->workers[o]->inbox, t->m) != 0) {
			drop(w, t->m, HVLB_DROP_HANDOFF_FULL);
		} else {
			w->stats.handoff_out++;
			idle_wake_kick(&w->env->workers[o]->wake);
		}
	}
	worker_frag_expire(w, w->now);
}

void
worker_frag_expire(struct worker *w, uint64_t now)
{
	struct worker_frag *f = w->frag;
	uint16_t k = 0;

	for (uint16_t i = 0; i < f->n_held; i++) {
		if (now - f->held[i].since >= f->ttl)
			drop(w, f->held[i].m, HVLB_DROP_FRAG_TIMEOUT);
		else
			f->held[k++] = f->held[i];
	}
	f->n_held = k;
}
