/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The per-burst pipeline of a worker (worker_process_burst): classify every packet, pass
 * packets whose connection another worker owns to that worker, look the rest up in one burst,
 * then forward each. And the per-packet actions: NAT and DR rewrites (choosing an NF for a
 * new connection: worker_fwd_new.h, and the common one opened in line: worker_fwd_open.h, in
 * this translation unit too; ICMP errors about a connection, rare: worker_icmp_err.c). One
 * file, so that the compiler can inline forwarding into the burst loop; classifying is
 * worker_classify.h's (in line here too), what a worker answers itself worker_answer.c's, and
 * how a packet leaves (drop, TX, routing) worker_tx.h's.
 */
#include <rte_ethdev.h>
#include <rte_hash.h>

#include "conn_fast.h"
#include "hash.h"
#include "inbox.h"
#include "rate.h"
#include "rewrite.h"
#include "parse_fast.h"
#include "rewrite_fast.h"
#include "rewrite_tunnel.h"
#include "worker_exc.h"
#include "worker_fullnat.h"
#include "worker_account.h"
#include "worker_answer.h"
#include "worker_classify.h"
#include "worker_fwd.h"
#include "worker_hash.h"
#include "worker_icmp_err.h"
#include "worker_kfp.h"
#include "worker_fwd_rare.h"
#include "worker_fwd_new.h"
#include "worker_fwd_open.h"
#include "worker_tx.h"
#include "worker_persist.h"
#include "worker_rs_entry.h"
#include "worker_sip.h"
#include "worker_steer.h"
#include "worker_sync.h"
#include "worker_synproxy.h"
#include "worker_tunnel.h"
#include "worker_vxlan.h"

/* What orig_rare did with a packet: sent or dropped it (GONE), nothing (ON: rewritten and
 * routed below as usual), rewritten it (ROUTE: only routed to its NF below). */
enum orig_rare_verdict { ORIG_RARE_GONE, ORIG_RARE_ON, ORIG_RARE_ROUTE };

/* A client packet of a connection with a CONN_FL_RARE flag: a tunnel connection's (sent
 * encapsulated), a vxlan one's (encapsulated again to its NF's VTEP), an SCTP NAT
 * association's (rewritten by rewrite_nat_to_rs, which redoes the CRC32c a port change needs:
 * ROUTE) or a SYN proxy's (worker_synproxy_orig: ON when it goes on as usual). Out of line:
 * none is NAT's common path. */
static __rte_noinline enum orig_rare_verdict
orig_rare(struct worker *w, struct rte_mbuf *m, struct pkt_ctx *x, struct conn *c,
	  bool opened)
{
	struct sp_tx tx = {.n = 0};

	if (c->flags & CONN_FL_VXLAN) {
		rare_vx_send(w, m, x, c, CONN_DIR_ORIG);
		return ORIG_RARE_GONE;
	}
	if (c->flags & CONN_FL_TUNNEL) {
		rare_tunnel_send(w, m, x, c);
		return ORIG_RARE_GONE;
	}
	if (c->flags & CONN_FL_SCTP) {
		w->nh = conn_rs_addr(c);
		rewrite_nat_to_rs(rte_pktmbuf_mtod(m, uint8_t *), &x->pi, &w->nh, c->rs_port);
		return ORIG_RARE_ROUTE;
	}
	if (!worker_synproxy_orig(w, m, &x->pi, c, opened, &tx)) {
		rare_sp_send(w, &tx, x->pi.key.af);
		return ORIG_RARE_GONE;
	}
	return ORIG_RARE_ON;
}

/* The forward_* functions rewrite the packet and return the address to route it to (or, for
 * forward_to_rs, the connection whose real it goes to), or drop it and return NULL. */
static struct conn *
forward_to_rs(struct worker *w, struct rte_mbuf *m, struct pkt_ctx *x, struct conn *c)
{
	uint8_t *frame = rte_pktmbuf_mtod(m, uint8_t *);
	bool resched = false, opened = false;
	enum orig_rare_verdict v;
	enum hvlb_drop r;

	if (c != NULL && conn_stale(w, c)) {
		r = worker_conn_end(w, c);
		if (r != HVLB_DROP_RS_DOWN)
			goto out_drop;
		/* Its RS is down and the service reschedules: this packet opens a new connection,
		 * as if the old one had never been (a TCP one mid-stream too: its new NF answers
		 * with an RST, and the client knows at once). */
		c = NULL;
		resched = true;
	}
	if (c == NULL) {
		c = conn_new(w, m, x, resched);
		if (c == NULL)
			return NULL;
		/* Opened by this packet, or joined (conn_new): the connection an earlier packet
		 * of the burst opened has had that packet counted, a new one none yet. Told apart
		 * so, not by a flag conn_new writes back: that costs every new connection 8
		 * instructions. */
		opened = c->pkts[CONN_DIR_ORIG] == 0;
	} else if (unlikely(x->pi.ttl <= 1)) {
		r = HVLB_DROP_TTL_EXCEEDED;
		goto out_drop;
	} else if (unlikely(c->flags & CONN_FL_SCTP) &&
		   (r = worker_sctp_vtag(m, x, c, CONN_DIR_ORIG)) != HVLB_DROP_NONE) {
		goto out_drop;
	}
	conn_account(w, c, CONN_DIR_ORIG, x->pi.tcp_flags, m->pkt_len);
	count(w, c, m->pkt_len);
	/* One test for every rare kind (CONN_FL_RARE): NAT's established path pays nothing for
	 * the SYN proxy, tunnel mode or the overlay. */
	if (unlikely(c->flags & CONN_FL_RARE) &&
	    (v = orig_rare(w, m, x, c, opened)) != ORIG_RARE_ON)
		return v == ORIG_RARE_ROUTE ? c : NULL;
	/* TCP or UDP here; without a VLAN tag or IP options, in line: with the real's checksum
	 * changes where its entry has them for c (rs_entry_known, as the fast path: the same
	 * bytes), so a new connection's first packet does not work them out again. */
	if (c->mode == VS_MODE_NAT && likely(x->pi.key.af == HVLB_AF_INET &&
					     x->pi.l4_off == PARSE_FAST4_L4_OFF)) {
		const struct rs_nexthop *e = rs_entry_known(w, c);

		if (likely(e != NULL))
			rewrite_nat4_pre(frame, x->pi.key.proto, 1, c->rs4, c->rs_port,
					 e->d_ip[CONN_DIR_ORIG], e->d_l4[CONN_DIR_ORIG]);
		else
			rewrite_nat4(frame, x->pi.key.proto, 1, c->rs4, c->rs_port);
	} else if (c->mode == VS_MODE_NAT) {
		w->nh = conn_rs_addr(c);
		rewrite_nat_to_rs(frame, &x->pi, &w->nh, c->rs_port);
	}
	else if (c->mode == VS_MODE_FULLNAT)
		worker_fullnat_to_rs(w, m, &x->pi, c);
	else
		rewrite_ttl_dec(frame, &x->pi);
	return c;

out_drop:
	drop(w, m, r);
	return NULL;
}

/* An NF's reply on a vxlan connection (live, TTL checked), from its NF's VTEP or dropped:
 * forward_to_client's remaining steps, then encapsulated to the client's VTEP. Out of line:
 * the overlay's own path. Returns NULL (sent or dropped). */
static __rte_noinline const union hvlb_addr *
forward_vxlan_reply(struct worker *w, struct rte_mbuf *m, struct pkt_ctx *x, struct conn *c)
{
	if (!worker_vxlan_from_nf(rte_pktmbuf_mtod(m, uint8_t *), c)) {
		drop(w, m, HVLB_DROP_VXLAN_WRONG_VTEP);
		return NULL;
	}
	if (unlikely(c->state == CONN_S_SYN_SENT))
		rare_rtt_sample(w, c, x->pi.tcp_flags);
	conn_account(w, c, CONN_DIR_REPLY, x->pi.tcp_flags, m->pkt_len);
	count(w, c, m->pkt_len);
	rare_vx_send(w, m, x, c, CONN_DIR_REPLY);
	return NULL;
}

static const union hvlb_addr *
forward_to_client(struct worker *w, struct rte_mbuf *m, struct pkt_ctx *x, struct conn *c,
		  enum conn_dir dir)
{
	enum hvlb_drop r;

	if (c == NULL || dir != CONN_DIR_REPLY) {
		/* With sync on, its connection's record may be on its way (worker_sync.h). */
		if (c == NULL && w->sync_on && worker_sync_hold(w, m, x->key, x->hash))
			return NULL;
		r = HVLB_DROP_NOT_FOR_US;
		goto out_drop;
	}
	if (conn_stale(w, c)) {
		r = worker_conn_end(w, c);
		goto out_drop;
	}
	if (unlikely(x->pi.ttl <= 1)) {
		r = HVLB_DROP_TTL_EXCEEDED;
		goto out_drop;
	}
	/* A reply direction exists for NAT, FullNAT and vxlan connections only: of the rare
	 * flags, only the SYN proxy's and SCTP's (NAT) and the overlay's can be here. */
	if (unlikely(c->flags & (CONN_FL_SP_ANY | CONN_FL_VXLAN | CONN_FL_SCTP))) {
		struct sp_tx tx = {.n = 0};

		if (c->flags & CONN_FL_VXLAN)
			return forward_vxlan_reply(w, m, x, c);
		if (c->flags & CONN_FL_SCTP) {
			r = worker_sctp_vtag(m, x, c, CONN_DIR_REPLY);
			if (r != HVLB_DROP_NONE)
				goto out_drop;
		} else if (!worker_synproxy_reply(w, m, &x->pi, c, &tx)) {
			rare_sp_send(w, &tx, x->pi.key.af);
			return NULL;
		}
	}
	if (unlikely(c->state == CONN_S_SYN_SENT))
		rare_rtt_sample(w, c, x->pi.tcp_flags);
	conn_account(w, c, CONN_DIR_REPLY, x->pi.tcp_flags, m->pkt_len);
	count(w, c, m->pkt_len);
	if (unlikely(c->mode == VS_MODE_FULLNAT)) {
		worker_fullnat_to_client(w, rte_pktmbuf_mtod(m, uint8_t *), &x->pi, c);
		w->nh = conn_orig_src(c);
		return &w->nh;
	}
	w->nh = conn_orig_dst(c);
	rewrite_nat_to_client(rte_pktmbuf_mtod(m, uint8_t *), &x->pi, &w->nh, c->orig.dport);
	return &x->key->dst;

out_drop:
	drop(w, m, r);
	return NULL;
}

/* Act on a packet whose connection lookup gave c (NULL: none) in direction dir. */
static void
worker_forward(struct worker *w, struct rte_mbuf *m, struct pkt_ctx *x, struct conn *c,
	       enum conn_dir dir)
{
	const union hvlb_addr *dst;

	switch (x->dirn) {
	case PKT_TO_VIP:
		c = forward_to_rs(w, m, x, dir == CONN_DIR_ORIG ? c : NULL);
		if (c != NULL)
			route_tx_conn_pi(w, m, x->key->af, c, &x->pi);
		return;
	case PKT_FROM_RS:
		dst = forward_to_client(w, m, x, c, dir);
		break;
	default:
		dst = worker_forward_icmp_err(w, m, x, c, dir);
		break;
	}
	/* One call site, so route_tx inlines here. */
	if (dst != NULL)
		route_tx_pi(w, m, x->key->af, dst, &x->pi);
}

/* Pass each handed-off packet to its owner, one ring burst per owner. */
static void
handoff_flush(struct worker *w, struct rte_mbuf **ho, uint16_t *owner, uint16_t n)
{
	struct rte_mbuf *batch[FWD_BURST];
	uint16_t o;

	while (n > 0) {
		uint16_t nb = inbox_batch_take((void **)ho, owner, &n, (void **)batch, &o);
		unsigned done = rte_ring_enqueue_burst(w->env->workers[o]->inbox,
						       (void **)batch, nb, NULL);
		if (done > 0)
			idle_wake_kick(&w->env->workers[o]->wake);
		w->stats.handoff_out += done;
		if (unlikely(done < nb)) {
			w->stats.drops[HVLB_DROP_HANDOFF_FULL] += nb - done;
			rte_pktmbuf_free_bulk(batch + done, nb - done);
		}
	}
}

/* The fast path: a packet parse_fast4 accepted (IPv4 TCP or UDP, PKT_LATE) whose lookup found
 * c in direction dir, forwarded in line when its connection is a plain one: NAT either way or
 * DR to the NF, live, with no rare flag, and the TTL to spare. What it does is what
 * classify_ip and worker_forward would do for it (the fixtures run both ways): such a
 * connection's VIP is a VIP still (a service removed softly keeps its VIP while its
 * connections drain; removed hard, its reals' generations go and its connections are stale),
 * and the connection lives where its packets land: in this worker's table. A steered one
 * (CONN_FL_STEERED, moved here or synced to the worker an override names) too: the override
 * that sent it here names this worker for as long as it is here (a move takes a connection
 * out of its old owner's table first, an override goes only once its connection has ended).
 * Returns false, having done nothing, for any other packet: it takes the full path. */
static __rte_always_inline bool
fast_forward(struct worker *w, struct rte_mbuf *m, struct pkt_ctx *x, struct conn *c,
	     enum conn_dir dir, bool plain)
{
	uint8_t *frame = rte_pktmbuf_mtod(m, uint8_t *);
	uint32_t len = m->pkt_len;
	struct rs_nexthop *e;

	if (unlikely((c->flags & CONN_FL_RARE) || x->pi.ttl <= 1) ||
	    (e = rs_entry_fast(w, c)) == NULL)
		return false;
	if (dir == CONN_DIR_ORIG) {
		/* The accounting twice rather than after one test for both modes: that test costs
		 * every packet 2 instructions (callgrind, 395.4 -> 397.4). */
		if (likely(c->mode == VS_MODE_NAT)) {
			conn_account_as(w, c, CONN_DIR_ORIG, x->pi.tcp_flags, len, plain);
			count_e(e, len);
			rewrite_nat4_pre(frame, x->pi.key.proto, 1, c->rs4, c->rs_port,
					 e->d_ip[CONN_DIR_ORIG], e->d_l4[CONN_DIR_ORIG]);
		} else if (c->mode == VS_MODE_DR) {
			conn_account_as(w, c, CONN_DIR_ORIG, x->pi.tcp_flags, len, plain);
			count_e(e, len);
			rewrite_ttl_dec4_fast(frame);
		} else {
			return false;
		}
		/* The next hop rs_entry_fast vouched for (route_tx_conn_e's hit). */
		memcpy(frame, e->l2, sizeof(e->l2));
		tx_pi_as(w, e->port, m, &x->pi, !plain);
		return true;
	}
	/* An NF's reply: to a client, never to one of our own addresses (the kernel's). */
	if (c->mode != VS_MODE_NAT || unlikely(snap_local_find(w->snap, &x->pi.key.dst) >= 0))
		return false;
	/* The NF's SYN-ACK: the path's round trip, as forward_to_client samples it. */
	if (unlikely(c->state == CONN_S_SYN_SENT))
		rare_rtt_sample(w, c, x->pi.tcp_flags);
	conn_account_as(w, c, CONN_DIR_REPLY, x->pi.tcp_flags, len, plain);
	count_e(e, len);
	rewrite_nat4_pre(frame, x->pi.key.proto, 0, c->orig.dst4, c->orig.dport,
			 e->d_ip[CONN_DIR_REPLY], e->d_l4[CONN_DIR_REPLY]);
	route_tx_pi(w, m, HVLB_AF_INET, &x->pi.key.dst, &x->pi);
	return true;
}

/* fast_forward with kernel_fast_path on (worker_kfp.h): a frame of an established connection
 * teaches its port's XDP program the rewrite, from the frame as it came and as it left; its
 * SYN, FIN or RST takes the connection's entries back. Out of line: the fast path pays one
 * test for it. */
static __rte_noinline bool
fast_forward_kfp(struct worker *w, struct rte_mbuf *m, struct pkt_ctx *x, struct conn *c,
		 enum conn_dir dir, bool plain)
{
	/* The modes fast_forward takes: any other (FullNAT) goes to the full path at once, where
	 * forward_kfp copies it, once. */
	bool teach = (c->mode == VS_MODE_NAT || c->mode == VS_MODE_DR) &&
		     worker_kfp_before(w, m, c, dir, x->pi.tcp_flags);

	if (!fast_forward(w, m, x, c, dir, plain))
		return false;
	if (teach)
		worker_kfp_after(w, m, c, dir);
	return true;
}

/* worker_forward with kernel_fast_path on, for a packet whose lookup found c: the full
 * path's frames teach the kernel too (IPv6's, FullNAT's, a VLAN tag's), where the packet
 * goes the way its connection's direction does (not an ICMP error, nor a client's packet
 * found by a reply key, which opens a connection). Out of line: the loop pays one test for
 * it. */
static __rte_noinline void
forward_kfp(struct worker *w, struct rte_mbuf *m, struct pkt_ctx *x, struct conn *c,
	    enum conn_dir dir)
{
	bool as_dir = x->dirn == PKT_TO_VIP ? dir == CONN_DIR_ORIG
					    : x->dirn == PKT_FROM_RS && dir == CONN_DIR_REPLY;
	bool teach = as_dir && worker_kfp_before(w, m, c, dir, x->pi.tcp_flags);

	worker_forward(w, m, x, c, dir);
	if (teach)
		worker_kfp_after(w, m, c, dir);
}

/* What a burst's packets need between classifying and forwarding. ctx is in packet order;
 * the arrays after it are in lookup order (the packets to look up, j < n_lk), keys and hashes
 * repeating what ctx holds, x and m saying whose they are: each pass walks them packed, with
 * no index into ctx (conn_lookup_burst takes them so too). */
struct burst {
	struct pkt_ctx ctx[FWD_BURST];
	const struct flow_key *keys[FWD_BURST];
	uint32_t hashes[FWD_BURST];
	const struct conn_bucket *bkt[FWD_BURST]; /* conn_fast_bucket's, then */
	uint32_t cand[FWD_BURST];                 /* conn_fast_probe's */
	struct pkt_ctx *x[FWD_BURST];             /* the packet's in ctx */
	struct rte_mbuf *m[FWD_BURST];            /* the packet */
	struct conn *conn[FWD_BURST];             /* conn_fast_resolve's, and */
	uint8_t dir[FWD_BURST];                   /* its direction */
	struct rte_mbuf *ho[FWD_BURST];
	uint16_t ho_owner[FWD_BURST];
	uint16_t n_ho;
	uint8_t any_v6; /* a key to look up is not IPv4 (the fast path's are) */
	uint32_t missed; /* bit j: the lookup found no connection for packet j (resolve_burst) */
};

_Static_assert(FWD_BURST <= 32, "a burst's packets are bits of a 32-bit mask (burst.missed)");

/* Queue a packet for its owner (handoff_flush). */
static inline void
burst_handoff(struct burst *b, struct rte_mbuf *m, uint16_t owner)
{
	b->ho[b->n_ho] = m;
	b->ho_owner[b->n_ho++] = owner;
}

/* Classify every packet: handled, handed off (b->n_ho of them), or to be looked up (the
 * number returned). A plain IPv4 TCP or UDP frame (parse_fast4) is looked up before it is
 * classified (PKT_LATE): a connection found needs no classifying. own_hash:
 * the tables file keys by their own hash (WORKER_HASH_FLOW), known for the whole burst. The
 * counters are locals, to stay in registers. */
static __rte_always_inline uint16_t
classify_burst(struct worker *w, struct rte_mbuf **pkts, uint16_t n, int from_peer,
	       uint16_t rx_port, bool one_port, bool steer, bool own_hash, struct burst *b)
{
	const uint64_t mac48 = one_port ? w->ports->p[rx_port].mac48 : 0;
	const struct conn_table *t = w->conns; /* read once: the stores below might be to w */
	unsigned n_lk = 0; /* not 16 bits: no zero extension per packet */
	uint64_t bytes = 0;

	b->n_ho = 0;
	b->any_v6 = 0;
	for (uint16_t i = 0; i < n; i++) {
		struct pkt_ctx *x = &b->ctx[i];
		struct rte_mbuf *m = pkts[i];
		enum pkt_route r;

		bytes += m->pkt_len;
		/* A port's burst (one_port): its MAC known for all. A PKT_LATE context's in_port
		 * is written only if it is classified (classify_late), never on the fast path.
		 * With steering on too: a connection in this worker's table is this worker's
		 * (a move takes it out of the old owner's table before any override names the
		 * new one, steer_msg.h), so only a packet that finds none asks who owns it. */
		if (likely(parse_fast4(rte_pktmbuf_mtod(m, const uint8_t *),
				       rte_pktmbuf_data_len(m),
				       one_port ? mac48
						: w->ports->p[w->ports->index[m->port]].mac48,
				       &x->pi))) {
			/* Its context's key pointer is written only if it is classified
			 * (classify_late): the lookup's array has it. */
			const uint32_t h = own_hash ? conn_key4_hash(&x->pi.key)
						    : burst_hash(w, m, &x->pi.key);

			x->dirn = PKT_LATE;
			x->hash = h;
			b->bkt[n_lk] = conn_fast_bucket(t, h);
			b->keys[n_lk] = &x->pi.key;
			b->hashes[n_lk] = h;
			b->x[n_lk] = x;
			b->m[n_lk++] = m;
			continue;
		}
		r = worker_classify(w, m, x, from_peer, steer);
		if (r == PKT_ROUTE_DONE)
			continue;
		if (r == PKT_ROUTE_HANDOFF) {
			burst_handoff(b, m, x->owner);
			continue;
		}
		x->hash = conn_key_hash(x->key);
		b->any_v6 |= x->key->af != HVLB_AF_INET;
		b->bkt[n_lk] = conn_fast_bucket(t, x->hash);
		b->keys[n_lk] = x->key;
		b->hashes[n_lk] = x->hash;
		b->x[n_lk] = x;
		b->m[n_lk++] = m;
	}
	/* Counted once a burst; packets another worker passed here were counted there. */
	if (!from_peer) {
		w->stats.rx_pkts += n;
		w->stats.rx_bytes += bytes;
	}
	return n_lk;
}

/* A PKT_LATE packet from a martian source: dropped, as parse_frame drops it. Out of line:
 * rare. */
static __rte_noinline void
late_martian(struct worker *w, struct rte_mbuf *m, struct pkt_ctx *x)
{
	drop(w, m, HVLB_DROP_MARTIAN);
	x->dirn = PKT_GONE;
}

/* classify_ip of a PKT_LATE packet while overrides or moved entries are in force: out of line,
 * so that the copy in line (no steering) stays what it was. */
static __rte_noinline enum pkt_route
classify_late_steered(struct worker *w, struct rte_mbuf *m, struct pkt_ctx *x, int from_peer,
		      bool find_vs)
{
	return classify_ip(w, m, x, from_peer, true, find_vs);
}

/* Classify a PKT_LATE packet now (classify_ip): false when that handled it (PKT_GONE). A
 * packet to one of our own addresses that classify_ip decapsulated (VXLAN: x now describes the
 * inner packet, x->decapped) is looked up again, by its inner key, into *c and *dir. In line:
 * out of line, saving its registers cost every new connection 25 instructions, more than the 2
 * an established packet pays for it in line. A martian source, which parse_fast4 leaves to
 * this step (parse_fast.h), is dropped here as parse_frame would have dropped it. steer:
 * w->steer_on. */
static __rte_always_inline bool
classify_late(struct worker *w, struct rte_mbuf *m, struct pkt_ctx *x, int from_peer,
	      bool steer, struct burst *b, struct conn **c, uint8_t *dir)
{
	enum pkt_route r;

	x->key = &x->pi.key;

	if (unlikely(parse_fast4_martian(&x->pi))) {
		late_martian(w, m, x);
		return false;
	}
	x->in_port = w->ports->index[m->port];
	parse_fast4_finish(&x->pi);
	x->decapped = 0;
	/* Only a packet with no connection may open one: the others (a rare mode's, the fast
	 * path's exceptions) need no service, nor does VXLAN to our VTEP (its inner packet is
	 * classified after its decapsulation). Who owns it is asked with the overrides when any
	 * are in force: a packet that found no connection here may be a moved one's. */
	if (steer)
		r = classify_late_steered(w, m, x, from_peer,
					  *c == NULL && !worker_vxlan_for_us(w, &x->pi));
	else
		r = classify_ip(w, m, x, from_peer, false,
				*c == NULL && !worker_vxlan_for_us(w, &x->pi));
	if (r == PKT_ROUTE_LOOKUP) {
		if (unlikely(x->decapped)) {
			enum conn_dir d = CONN_DIR_ORIG;

			x->hash = conn_key_hash(x->key);
			*c = conn_lookup(w->conns, x->key, x->hash, &d);
			*dir = (uint8_t)d;
		}
		return true;
	}
	if (r == PKT_ROUTE_HANDOFF)
		burst_handoff(b, m, x->owner);
	x->dirn = PKT_GONE;
	return false;
}

/* Candidates conn_evict_embryonic looks at per connection a burst needs room for: bounds the
 * work when no embryonic connection is left to evict. */
#define EVICT_BUDGET 32

/* Whether a packet the burst found no connection for will try to open one (conn_new). */
static inline bool
burst_opens(const struct worker *w, const struct pkt_ctx *x)
{
	return (x->dirn == PKT_TO_VIP || x->dirn == PKT_OPEN) &&
	       (x->pi.tcp_flags == 0 || conn_tcp_opens(x->pi.tcp_flags) ||
		(w->sync_on && conn_tcp_midstream(x->pi.tcp_flags)));
}

/* Of a burst's packets that found no connection, those that will try to open one. */
static uint32_t
burst_wants(const struct worker *w, const struct burst *b, uint16_t n_lk,
	    struct conn *const *conns)
{
	uint32_t want = 0;

	for (uint16_t j = 0; j < n_lk; j++)
		want += conns[j] == NULL && burst_opens(w, b->x[j]);
	return want;
}

/* The table may be too full for the connections this burst opens: evict as many embryonic
 * connections (oldest first; established ones never) as it lacks room for, so that a SYN
 * flood that filled the table does not lock new clients out. Done before any packet is
 * forwarded, and the burst is looked up again after an eviction, so no packet is handled
 * with an evicted connection's entry (a packet of an evicted connection, a retransmitted SYN
 * say, may then want room too: hence the loop). Every packet looked up before being
 * classified is classified first, so that those that will open one are known. Out of line:
 * only a (nearly) full table comes here. */
static __rte_noinline void
burst_make_room(struct worker *w, int from_peer, struct burst *b, uint16_t n_lk,
		struct conn **conns, uint8_t *dirs)
{
	uint32_t evicted, total = 0;

	for (uint16_t j = 0; j < n_lk; j++) {
		if (b->x[j]->dirn == PKT_LATE) {
			classify_late(w, b->m[j], b->x[j], from_peer, w->steer_on, b, &conns[j],
				      &dirs[j]);
			b->hashes[j] = b->x[j]->hash; /* its inner key's, if decapsulated */
		}
	}
	do {
		uint32_t want = burst_wants(w, b, n_lk, conns);

		for (evicted = 0; conn_room(w->conns) < want; evicted++) {
			struct conn *victim = conn_evict_embryonic(w->conns, EVICT_BUDGET);

			if (victim == NULL)
				break;
			worker_conn_gone(w, victim);
			conn_delete(w->conns, victim);
		}
		if (evicted > 0)
			conn_lookup_burst(w->conns, b->keys, b->hashes, n_lk, conns, dirs);
		total += evicted;
	} while (evicted > 0);
	w->stats.conn_evicted_embryonic += total;
}

/* The lookup's third step over the burst (conn_fast_resolve) into b->conn and b->dir, and
 * the packets it found no connection for into b->missed; known_v4 a constant in each copy:
 * every key is IPv4. */
static __rte_always_inline void
resolve_burst(struct worker *w, struct burst *b, uint16_t n_lk, bool known_v4)
{
	struct conn_table *t = w->conns;
	uint32_t missed = 0;

	for (uint16_t j = 0; j < n_lk; j++) {
		enum conn_dir d;
		struct conn *c = conn_fast_resolve(t, b->keys[j], b->hashes[j], b->cand[j], &d,
						   known_v4);

		b->conn[j] = c;
		b->dir[j] = (uint8_t)d;
		if (unlikely(c == NULL))
			missed |= 1u << j;
	}
	b->missed = missed;
}

/* The packets of the fast path's (PKT_LATE) that found no connection, classified before the
 * forward pass rather than in it, in their order, so that a new connection's memory is in
 * flight while the packets ahead of it are forwarded (fast_open_ahead: PKT_OPEN).
 * Classifying changes nothing the forward pass of another packet reads (burst_make_room
 * classifies ahead too); what it hands off or answers goes before the burst's earlier
 * packets, which are of other connections. steer: w->steer_on. */
static __rte_always_inline void
classify_ahead(struct worker *w, struct burst *b, int from_peer, bool steer)
{
	for (uint32_t m = b->missed; m != 0; m &= m - 1) {
		const unsigned j = (unsigned)__builtin_ctz(m);
		struct pkt_ctx *x = b->x[j];

		if (x->dirn == PKT_LATE &&
		    classify_late(w, b->m[j], x, from_peer, steer, b, &b->conn[j], &b->dir[j]) &&
		    x->dirn == PKT_TO_VIP && b->conn[j] == NULL)
			fast_open_ahead(w, x);
	}
}

/* The forward pass over the looked-up packets, in their order: the fast path, else the
 * packet classified (if it was not) and forwarded in full. plain: sync is off and nothing is
 * captured; steer: overrides or moved entries are in force (w->steer_on; constants in the
 * copies without steering). */
static __rte_always_inline void
forward_burst(struct worker *w, struct burst *b, uint16_t n_lk, int from_peer, bool plain,
	      bool steer)
{
	struct conn **conns = b->conn;
	uint8_t *dirs = b->dir;

	for (uint16_t j = 0; j < n_lk; j++) {
		struct pkt_ctx *x = b->x[j];
		struct rte_mbuf *m = b->m[j];

		/* PKT_LATE still: a connection was found (classify_ahead took the others). */
		if (x->dirn == PKT_LATE) {
			if (likely(conns[j] != NULL) &&
			    (unlikely(w->kfp.on)
				     ? fast_forward_kfp(w, m, x, conns[j], (enum conn_dir)dirs[j],
							plain)
				     : fast_forward(w, m, x, conns[j], (enum conn_dir)dirs[j],
						    plain)))
				continue;
			if (!classify_late(w, m, x, from_peer, steer, b, &conns[j], &dirs[j]))
				continue;
		} else if (x->dirn == PKT_OPEN) {
			if (fast_open(w, m, x, plain, steer, &conns[j], &dirs[j]))
				continue;
			x->dirn = PKT_TO_VIP;
		} else if (unlikely(x->dirn == PKT_GONE)) {
			continue;
		}
		x->absent = conns[j] == NULL;
		if (unlikely(w->kfp.on) && conns[j] != NULL)
			forward_kfp(w, m, x, conns[j], (enum conn_dir)dirs[j]);
		else
			worker_forward(w, m, x, conns[j], (enum conn_dir)dirs[j]);
	}
}

void
worker_process_burst(struct worker *w, struct rte_mbuf **pkts, uint16_t n, int from_peer,
		     uint16_t rx_port)
{
	uint16_t n_lk;
	struct burst b;
	/* Indexed like b.x and b.m: the forward pass walks them all with one index. */
	struct conn **conns = b.conn;
	uint8_t *dirs = b.dir;

	/* Four copies of the classifier: steer is a constant in each, and one_port and own_hash
	 * too but in the steering one, so that the common case (a port's burst, no steering, the
	 * flow hash) carries no trace of steering, nor a test of the hash or a port lookup per
	 * packet. */
	if (unlikely(w->steer_on))
		n_lk = classify_burst(w, pkts, n, from_peer, rx_port,
				      rx_port != WORKER_PORT_EACH, true,
				      w->key_hash == WORKER_HASH_FLOW, &b);
	else if (likely(w->key_hash == WORKER_HASH_FLOW && rx_port != WORKER_PORT_EACH))
		n_lk = classify_burst(w, pkts, n, from_peer, rx_port, true, false, true, &b);
	else if (w->key_hash == WORKER_HASH_FLOW)
		n_lk = classify_burst(w, pkts, n, from_peer, rx_port, false, false, true, &b);
	else
		n_lk = classify_burst(w, pkts, n, from_peer, rx_port, false, false, false, &b);
	if (b.n_ho > 0) {
		handoff_flush(w, b.ho, b.ho_owner, b.n_ho);
		b.n_ho = 0;
	}
	if (n_lk == 0)
		return;
	/* The lookup's other two steps (conn_fast.h), each over the whole burst. */
	const struct conn *conns_base = w->conns->conns;

	for (uint16_t j = 0; j < n_lk; j++)
		b.cand[j] = conn_fast_probe(conns_base, b.bkt[j], b.hashes[j]);
	/* Two copies: a burst of IPv4 keys (nearly always) does not ask each key's family. */
	if (likely(!b.any_v6))
		resolve_burst(w, &b, n_lk, true);
	else
		resolve_burst(w, &b, n_lk, false);
	/* The capture first: it takes the packets as they came, and classifying (ahead, or to
	 * make room) may drop one or take VXLAN off it. */
	if (unlikely(w->cap != NULL))
		worker_capture_rx(w, b.m, b.keys, conns, n_lk);
	if (unlikely(b.missed != 0))
		classify_ahead(w, &b, from_peer, w->steer_on);
	if (unlikely(conn_room(w->conns) < n_lk))
		burst_make_room(w, from_peer, &b, n_lk, conns, dirs);
	memset(w->burst_opened, 0, sizeof(w->burst_opened));
	/* Three copies of the forward pass: with sync off and no capture (nearly always), the
	 * fast path asks neither per packet (both are the worker's own for the whole loop
	 * iteration: worker_loop.c sets w->plain), and with no steering a packet that finds no
	 * connection is classified without it. */
	if (unlikely(w->steer_on))
		forward_burst(w, &b, n_lk, from_peer, w->plain, true);
	else if (likely(w->plain))
		forward_burst(w, &b, n_lk, from_peer, true, false);
	else
		forward_burst(w, &b, n_lk, from_peer, false, false);
	if (b.n_ho > 0)
		handoff_flush(w, b.ho, b.ho_owner, b.n_ho);
	if (unlikely(w->n_burst_ended > 0))
		worker_burst_free_ended(w);
}
