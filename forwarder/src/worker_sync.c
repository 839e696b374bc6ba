/* SPDX-License-Identifier: BSD-3-Clause */
/* A worker's side of connection sync (worker_sync.h). */
#include <rte_common.h>
#include <rte_ring.h>
#include <rte_ring_elem.h>

#include "rewrite_tunnel.h"
#include "hash.h"
#include "synproxy.h"
#include "sip.h"
#include "worker_fullnat.h"
#include "worker_sync.h"
#include "worker_vxlan.h"

/* Table slots a dump or refresh walk looks at per loop iteration (in use or not), and peers'
 * records applied per iteration: bounds the time sync takes from forwarding. */
#define SYNC_WALK_BUDGET 128
#define SYNC_IN_BUDGET 256
/* The refresh pass: a quarter of the shortest UDP or established timeout (of any service's
 * timeout set), at most SYNC_REFRESH_MAX_S, at least a second. */
#define SYNC_REFRESH_MAX_S 60

_Static_assert(CONN_FIN_ORIG == SYNC_RF_FIN_ORIG && CONN_FIN_REPLY == SYNC_RF_FIN_REPLY,
	       "FIN bits travel as they are");

static uint64_t
refresh_period(const struct worker *w)
{
	uint64_t s = w->snap->shortest_live_s / 4;

	if (s > SYNC_REFRESH_MAX_S)
		s = SYNC_REFRESH_MAX_S;
	return (s > 0 ? s : 1) * w->env->hz;
}

static uint32_t
remaining_ms(const struct worker *w, const struct conn *c)
{
	uint64_t ms, deadline = conn_deadline(w->conns, c, w->now);

	if (deadline <= w->now)
		return 0;
	ms = (deadline - w->now) * 1000 / w->env->hz;
	return (uint32_t)RTE_MIN(ms, (uint64_t)SYNC_TIMEOUT_MAX_MS);
}

/* When c last had a packet here (its deadline less its state's timeout), on w's clock. */
static uint64_t
last_packet(const struct worker *w, const struct conn *c)
{
	uint64_t d = conn_deadline(w->conns, c, w->now);
	uint64_t to = conn_state_timeout(w->conns, c->to_set, c->state);

	return d > to ? d - to : 0;
}

/* A tunnel connection's flags: its encapsulation, and whether its NF is of the other
 * family. */
static uint8_t
sync_tunnel_flags(const struct conn *c)
{
	uint8_t nf_af = c->encap & TUNNEL_CONN_V6 ? HVLB_AF_INET6 : HVLB_AF_INET;

	return (uint8_t)(((c->encap & TUNNEL_CONN_ENCAP) == TUNNEL_ENCAP_GUE ? SYNC_RF_TUN_GUE
									: SYNC_RF_TUN_IPIP) |
			 (nf_af != c->orig.af ? SYNC_RF_NF_XAF : 0));
}

/* A record of c in it; false when c cannot be told (its tenant has no VNI any more). */
static bool
item_fill(const struct worker *w, struct sync_item *it, const struct conn *c, uint8_t op,
	  uint16_t peers)
{
	struct sync_rec *r = &it->rec;

	conn_orig_key(c, &r->orig);
	r->nf_addr = conn_rs_addr(c);
	r->nf_port = c->rs_port;
	r->op = op;
	r->state = op == SYNC_OP_DELETE ? CONN_S_NONE : c->state;
	r->flags = (uint8_t)(conn_fin_seen(c) | (c->mode == VS_MODE_NAT ? SYNC_RF_NAT : 0));
	if (unlikely(c->mode == VS_MODE_TUNNEL))
		r->flags |= sync_tunnel_flags(c);
	r->sp_delta = 0;
	if (unlikely(c->flags & CONN_FL_SYNPROXY) && op != SYNC_OP_DELETE) {
		r->flags |= SYNC_RF_SYNPROXY;
		if (c->flags & CONN_FL_SP_WAIT)
			r->flags |= SYNC_RF_SP_WAIT;
		r->sp_delta = c->sp_delta;
	}
	r->pad[0] = r->pad[1] = r->pad[2] = 0;
	r->timeout_ms = op == SYNC_OP_DELETE ? 0 : remaining_ms(w, c);
	/* The modes whose records carry an extension (sync_wire.h); its fields are read only
	 * with it, so a record without one leaves them as they are (no memset a record). */
	r->ext = SYNC_EXT_NONE;
	if (unlikely(c->mode == VS_MODE_FULLNAT))
		worker_fullnat_sync_fill(w, c, r);
	else if (unlikely(c->mode == VS_MODE_VXLAN) && !worker_vxlan_sync_fill(w, c, r))
		return false;
	it->peers = peers;
	it->kind = SYNC_ITEM_REC;
	it->flags = 0;
	it->pad2 = 0;
	return true;
}

void
worker_sync_flush(struct worker *w)
{
	unsigned n = w->sync.n, done;

	if (n == 0)
		return;
	done = rte_ring_sp_enqueue_burst_elem(w->sync_out, w->sync.out, sizeof(struct sync_item),
					      n, NULL);
	w->stats.sync_out += done;
	w->stats.sync_ring_full += n - done;
	w->sync.n = 0;
}

/* An UNCONFIRMED connection is this forwarder's guess (conn.h): peers never hear of it.
 * flags: SYNC_ITEM_F_* for the control thread. */
static void
note_flagged(struct worker *w, const struct conn *c, uint8_t op, uint16_t peers, uint8_t flags)
{
	struct sync_item *it;

	/* Nor a sip_call_id one: a record has no room for the real in its key (core/sip.h), and
	 * a peer picks the same real for each message by the same Maglev table anyway. */
	if (c->state == CONN_S_UNCONFIRMED || unlikely(c->orig.pad & SIP_PAD_TAG))
		return;
	it = worker_sync_item_next(w);
	if (item_fill(w, it, c, op, peers)) {
		it->flags = flags;
		w->sync.n++;
	}
}

/* peers SYNC_PEERS_ALL: every peer, or with k-way replication the connection's backups (the
 * control thread applies the rule). */
static void
note_for(struct worker *w, const struct conn *c, uint8_t op, uint16_t peers)
{
	note_flagged(w, c, op, peers, 0);
}

void
worker_sync_note(struct worker *w, const struct conn *c, uint8_t op)
{
	note_for(w, c, op, SYNC_PEERS_ALL);
}


void
worker_sync_update(struct worker *w, struct conn *c, enum conn_dir dir, uint8_t tcp_flags,
		   uint32_t bytes)
{
	uint8_t old = c->state;
	/* No packet counted yet: the connection conn_new just made (or one a peer told of,
	 * carried here for the first time: the peers learn who carries it). */
	bool first = c->pkts[CONN_DIR_ORIG] + c->pkts[CONN_DIR_REPLY] == 0;

	conn_update(w->conns, c, dir, tcp_flags, bytes, w->now);
	c->flags &= (uint8_t)~CONN_FL_SYNCED;
	if (c->state != old || first)
		note_for(w, c, SYNC_OP_UPSERT, SYNC_PEERS_ALL);
	/* Half a handshake seen here (ECMP split it): without the peer's half this end stays
	 * short of established, in the SYN timeout, evictable as embryonic, never handed to the
	 * kernel's fast path, and its refreshes tell its backups as much. */
	if (unlikely(conn_state_embryonic(c->state)) && conn_half_handshake(c, dir, tcp_flags) &&
	    worker_sync_ask(w, c))
		w->stats.pull_half_asked++;
}

/* Peers heard of its last state from whichever forwarder carried it last: only that one says
 * it is over, so a copy that expires here while another forwarder carries the connection does
 * not end it there. */
void
worker_sync_expired(struct worker *w, const struct conn *c)
{
	if (!(c->flags & CONN_FL_SYNCED))
		note_for(w, c, SYNC_OP_DELETE, SYNC_PEERS_ALL);
}

/* ---- peers' records ---- */

static const struct rs_config *
rs_of(const struct vs *vs, const struct sync_rec *r)
{
	for (uint16_t i = 0; i < vs->n_rs; i++)
		if (vs->rs[i].port == r->nf_port && hvlb_addr_eq(&vs->rs[i].addr, &r->nf_addr))
			return &vs->rs[i];
	return NULL;
}

/* States in the order a TCP connection goes through them; a peer's record never moves one
 * back, except to a new SYN (the client reopened it). UNCONFIRMED is below everything. */
static unsigned
state_rank(uint8_t s)
{
	return s == CONN_S_UNCONFIRMED ? 0 : s;
}

/* A SYN proxy's connection waiting here for its NF, whose handshake a peer completed (the NF's
 * SYN-ACK went there): the client's packet held here goes through the pipeline again, now
 * translated by the peer's delta, instead of waiting in the proxy's hold until the connection
 * ends (and the client's retransmission). */
static void
sp_done_by_peer(struct worker *w, const struct conn *c)
{
	struct worker_sync *s = &w->sync;
	struct rte_mbuf *m = worker_sp_unhold(w, c);

	if (m == NULL)
		return;
	if (s->n_held == WORKER_SYNC_HOLD) {
		w->stats.drops[HVLB_DROP_SYNPROXY_WAIT]++; /* the client retransmits it */
		rte_pktmbuf_free(m);
		return;
	}
	s->held[s->n_held].m = m;
	conn_orig_key(c, &s->held[s->n_held].key);
	s->held[s->n_held].hash = conn_key_hash(&s->held[s->n_held].key);
	s->held[s->n_held].dir = CONN_DIR_ORIG;
	s->held[s->n_held].pull = SYNC_HOLD_WAIT;
	s->held[s->n_held].asked = w->now;
	s->held[s->n_held++].since = w->now;
}

static void
set_from_rec(struct worker *w, struct conn *c, const struct sync_rec *r)
{
	uint64_t left = (uint64_t)r->timeout_ms * w->env->hz / 1000;
	uint8_t fin = r->flags & (SYNC_RF_FIN_ORIG | SYNC_RF_FIN_REPLY);
	uint8_t state = conn_sync_state(c, r->state), old = c->state;
	/* Packets counted here: this forwarder carries it (a copy only has none). */
	bool carried = c->pkts[CONN_DIR_ORIG] + c->pkts[CONN_DIR_REPLY] != 0, sp_done = false;

	if (r->state != CONN_S_SYN_SENT && c->state != CONN_S_UNCONFIRMED)
		fin |= conn_fin_seen(c);
	if (state != r->state) {
		/* The handshake completes here (conn_sync_state): its own state's time, and the
		 * peers hear of it below, as of any state a packet here moved on. */
		conn_set_state(w->conns, c, state, fin,
			       w->now + conn_state_timeout(w->conns, c->to_set, state));
	} else {
		/* Never past what this forwarder's own timeout for the state allows. */
		left = RTE_MIN(left, conn_state_timeout(w->conns, c->to_set, r->state));
		conn_set_state(w->conns, c, r->state, fin, w->now + left);
		c->flags |= CONN_FL_SYNCED;
	}
	/* A SYN proxy's connection: its translation travels with it. One still waiting for the
	 * NF's SYN-ACK completes here if that comes here; its ACK to the NF then offers one
	 * segment of the cookie's MSS as window (the client's own is on the first forwarder). */
	if (r->flags & SYNC_RF_SYNPROXY) {
		sp_done = (c->flags & CONN_FL_SP_WAIT) && !(r->flags & SYNC_RF_SP_WAIT);
		if (sp_done)
			sp_done_by_peer(w, c);
		c->flags = (uint8_t)((c->flags & ~(CONN_FL_SYNPROXY | CONN_FL_SP_WAIT)) |
				     CONN_FL_SYNPROXY |
				     (r->flags & SYNC_RF_SP_WAIT ? CONN_FL_SP_WAIT : 0));
		c->sp_delta = r->sp_delta;
		if (r->flags & SYNC_RF_SP_WAIT)
			c->sp_win = synproxy_mss_value(r->sp_delta & 7);
	}
	/* A carrier here whose proxied handshake a peer completed tells its own backups, which
	 * hold its record from before (the cookie as delta): under k-way the completing peer's
	 * backups may be others, and a stale copy would drop the NF's packets after a failover.
	 * So does a carrier whose state a peer's record moved on (the other half of a split
	 * handshake, asked for): its backups' copies would otherwise stay at the SYN timeout. */
	if (state != r->state || (sp_done && carried) ||
	    (carried && state != old && w->env->sync_replicas != 0))
		note_for(w, c, SYNC_OP_UPSERT, SYNC_PEERS_ALL);
}

/* Whether a record and the service here agree on tunnel mode and its encapsulation. */
static bool
sync_tunnel_agrees(const struct sync_rec *r, const struct vs *vs, const struct rs_config *rs)
{
	uint8_t want;

	if (vs->mode != VS_MODE_TUNNEL)
		return false;
	want = (uint8_t)((vs->encap == TUNNEL_ENCAP_GUE ? SYNC_RF_TUN_GUE : SYNC_RF_TUN_IPIP) |
			 (rs->af != r->orig.af ? SYNC_RF_NF_XAF : 0));
	return (r->flags & (SYNC_RF_TUN_IPIP | SYNC_RF_TUN_GUE | SYNC_RF_NF_XAF)) == want;
}

static void
sync_forget(struct worker *w, struct conn *c)
{
	worker_conn_gone(w, c);
	conn_delete(w->conns, c);
}

/* Whether a record and the service here agree on the mode: a tunnel's encapsulation, a
 * FullNAT or vxlan connection's extension (a connection forwarded otherwise here would reach
 * its NF wrong). */
static bool
sync_mode_agrees(const struct sync_rec *r, const struct vs *vs, const struct rs_config *rs)
{
	if (unlikely((r->flags & (SYNC_RF_TUN_IPIP | SYNC_RF_TUN_GUE)) != 0 ||
		     vs->mode == VS_MODE_TUNNEL))
		return sync_tunnel_agrees(r, vs, rs);
	if (r->ext == SYNC_EXT_FULLNAT || vs->mode == VS_MODE_FULLNAT)
		return r->ext == SYNC_EXT_FULLNAT && vs->mode == VS_MODE_FULLNAT;
	if (r->ext == SYNC_EXT_VXLAN || vs->mode == VS_MODE_VXLAN)
		return r->ext == SYNC_EXT_VXLAN && vs->mode == VS_MODE_VXLAN;
	return true;
}

/* Whether an entry here is the record's connection: the same NF, and for FullNAT the same
 * local address and port (else the client reopened its port through another forwarder). */
static bool
same_conn(const struct worker *w, const struct conn *c, const struct sync_rec *r,
	  const struct rs_config *rs)
{
	if (c->rs_slot != rs->slot || c->rs_gen != rs->gen || c->mode != VS_MODE_FULLNAT)
		return c->rs_slot == rs->slot && c->rs_gen == rs->gen;
	return c->fn_lport == r->lport && c->fn_laddr < w->env->fnat_pool->n_addrs &&
	       hvlb_addr_eq(&w->env->fnat_pool->addrs[c->fn_laddr], &r->laddr);
}

/* The entry for a peer's record, by its service's mode; NULL when refused (counted). */
static struct conn *
sync_insert(struct worker *w, const struct sync_rec *r, uint32_t hash, const struct vs *vs,
	    const struct rs_config *rs)
{
	struct conn *c;

	if (unlikely(vs->mode == VS_MODE_FULLNAT))
		return worker_fullnat_sync_insert(w, r, hash, rs, vs);
	if (unlikely(vs->mode == VS_MODE_VXLAN))
		return worker_vxlan_sync_insert(w, r, hash, rs, vs);
	/* Its timeouts are its service's here, whatever set it had at the peer. */
	c = conn_insert(w->conns, &r->orig, hash, &rs->addr, rs->port, vs->mode == VS_MODE_NAT,
			vs->to_set, w->now);
	if (c == NULL) {
		w->stats.sync_table_full++;
		return NULL;
	}
	if (unlikely(vs->mode == VS_MODE_TUNNEL)) { /* conn.encap is a tunnel's only (conn.h) */
		c->encap = tunnel_conn_encap(vs->encap, rs->af);
		c->flags |= CONN_FL_TUNNEL;
	}
	if (r->orig.proto == HVLB_PROTO_SCTP && vs->mode == VS_MODE_NAT)
		c->flags |= CONN_FL_SCTP; /* as conn_new sets it */
	return c;
}

static void
apply_upsert(struct worker *w, const struct sync_rec *r, uint32_t hash)
{
	const struct vs *vs;
	const struct rs_config *rs;
	enum conn_dir dir;
	struct conn *c = conn_lookup(w->conns, &r->orig, hash, &dir);

	if (c != NULL && dir != CONN_DIR_ORIG) {
		w->stats.sync_conflict++;
		return;
	}
	vs = vs_lookup_tenant(w->snap->vst, r->orig.pad, r->orig.proto, &r->orig.dst,
			      r->orig.dport);
	/* Nor sip_call_id ones (note_for): a record for such a service lacks the real its key
	 * needs. */
	if (vs == NULL || unlikely(vs->hash != VS_HASH_5TUPLE)) {
		w->stats.sync_no_service++;
		return;
	}
	rs = rs_of(vs, r);
	if (rs == NULL) {
		w->stats.sync_no_real++;
		return;
	}
	if (!sync_mode_agrees(r, vs, rs)) {
		w->stats.sync_mode_mismatch++;
		return;
	}
	/* The same connection: merge. Another NF (this forwarder guessed, or an older connection
	 * on the same tuple): the peer's word wins. */
	if (c != NULL && same_conn(w, c, r, rs)) {
		/* A SYN proxy's record from before its NF answered is stale once the handshake is
		 * done here (a peer's later record, or the NF's SYN-ACK, came first): its cookie
		 * would undo the translation. */
		bool sp_stale = (r->flags & SYNC_RF_SP_WAIT) && (c->flags & CONN_FL_SYNPROXY) &&
				!(c->flags & CONN_FL_SP_WAIT);

		if (!sp_stale && (conn_sync_reopens(c, r->state) ||
				  state_rank(r->state) >= state_rank(c->state)))
			set_from_rec(w, c, r);
		w->stats.sync_in++;
		return;
	}
	if (c != NULL)
		sync_forget(w, c);
	c = sync_insert(w, r, hash, vs, rs);
	if (c == NULL)
		return;
	c->rs_slot = rs->slot;
	c->vs_slot = vs->slot;
	c->mode = vs->mode;
	c->rs_gen = rs->gen;
	if (steer_owner_of_tuple(w->env->n_workers, &r->orig, true) != w->id)
		c->flags |= CONN_FL_STEERED;
	set_from_rec(w, c, r);
	w->rs_active[rs->slot]++;
	w->vs_active[vs->slot]++;
	w->stats.sync_in++;
}

/* A connection that had a packet here within the refresh period stays: this forwarder carries
 * it (its next refresh tells the peers); the delete came from a copy that went stale. */
static void
apply_delete(struct worker *w, const struct sync_rec *r, uint32_t hash)
{
	enum conn_dir dir;
	struct conn *c = conn_lookup(w->conns, &r->orig, hash, &dir);

	if (c == NULL || dir != CONN_DIR_ORIG)
		return;
	if (!(c->flags & CONN_FL_SYNCED) && c->state != CONN_S_UNCONFIRMED) {
		if (last_packet(w, c) + refresh_period(w) > w->now) {
			w->stats.sync_kept++;
			return;
		}
	}
	sync_forget(w, c);
	w->stats.sync_deleted++;
}

static void
dump_request(struct worker *w, uint16_t peers)
{
	if (w->sync.dump_peers == 0) {
		w->sync.dump_peers = peers;
		w->sync.dump_cursor = 0;
	} else {
		w->sync.dump_next |= peers;
	}
}

static void
apply_rec(struct worker *w, struct sync_rec *r)
{
	/* A vxlan connection's key holds its tenant's index, which is this forwarder's own: the
	 * record's VNI names it. */
	if (unlikely(r->ext == SYNC_EXT_VXLAN)) {
		r->orig.pad = vxlan_tenant_of(&w->snap->tenants, r->vni);
		if (r->orig.pad == 0) {
			w->stats.sync_no_service++;
			return;
		}
	}
	if (r->op == SYNC_OP_UPSERT)
		apply_upsert(w, r, conn_key_hash(&r->orig));
	else
		apply_delete(w, r, conn_key_hash(&r->orig));
}

/* A peer's pull (k-way): the connection's record to it alone, if this forwarder holds it. */
static void
pull_answer(struct worker *w, const struct sync_item *it)
{
	struct flow_key k = it->rec.orig;
	enum conn_dir want = it->rec.state == SYNC_PULL_ORIG ? CONN_DIR_ORIG : CONN_DIR_REPLY;
	enum conn_dir dir;
	const struct conn *c = NULL;

	/* A vxlan tuple's tenant is named by its VNI; the key holds this forwarder's index. */
	if (it->rec.ext == SYNC_EXT_VXLAN)
		k.pad = vxlan_tenant_of(&w->snap->tenants, it->rec.vni);
	if (it->rec.ext != SYNC_EXT_VXLAN || k.pad != 0)
		c = conn_lookup(w->conns, &k, conn_key_hash(&k), &dir);
	if (c == NULL || dir != want || c->state == CONN_S_UNCONFIRMED) {
		w->stats.pull_unknown++;
		return;
	}
	w->stats.pull_answered++;
	note_for(w, c, SYNC_OP_UPSERT, it->peers);
}

static void
apply_items(struct worker *w)
{
	struct sync_item in[32];
	unsigned total = 0, n;

	do {
		n = rte_ring_sc_dequeue_burst_elem(w->sync_in, in, sizeof(in[0]), RTE_DIM(in), NULL);
		for (unsigned i = 0; i < n; i++) {
			struct sync_rec *r = &in[i].rec;

			if (in[i].kind == SYNC_ITEM_DUMP)
				dump_request(w, in[i].peers);
			else if (in[i].kind == SYNC_ITEM_PULL)
				pull_answer(w, &in[i]);
			else if (in[i].kind == SYNC_ITEM_REBALANCE)
				w->sync.rebalance_next = true;
			else
				apply_rec(w, r);
		}
		total += n;
	} while (n == RTE_DIM(in) && total < SYNC_IN_BUDGET);
}

/* ---- the walks ---- */

struct walk {
	struct worker *w;
	uint16_t peers;
	bool refresh;
	bool rebalance; /* a refresh pass that takes every connection carried here */
};

/* A refresh pass emits the connections that had a packet here since the previous pass began
 * (their deadline, minus their state's timeout, is when): each such activity is seen by the
 * next visit, which comes within two passes. */
static int
walk_one(void *arg, const struct conn *c)
{
	struct walk *x = arg;
	struct worker *w = x->w;

	/* Embryonic ones too: a handshake in progress has no other copy than its backup's. */
	if (x->rebalance) {
		if ((c->flags & CONN_FL_SYNCED) || c->state == CONN_S_UNCONFIRMED)
			return 0;
		w->stats.sync_rebalanced++;
		note_flagged(w, c, SYNC_OP_UPSERT, x->peers, SYNC_ITEM_F_REBALANCE);
		return 0;
	}
	if (x->refresh) {
		if ((c->flags & CONN_FL_SYNCED) || conn_state_embryonic(c->state) ||
		    last_packet(w, c) < w->sync.refresh_prev)
			return 0;
		w->stats.sync_refreshes++;
		note_for(w, c, SYNC_OP_UPSERT, x->peers);
		return 0;
	}
	w->stats.sync_dump_records++;
	note_flagged(w, c, SYNC_OP_UPSERT, x->peers, SYNC_ITEM_F_DUMP);
	return 0;
}

/* Walks run only while the ring has room for all they may put on it, so that no dump record
 * (nor a dump's end) is lost to a full ring. */
static bool
walk_room(struct worker *w)
{
	return rte_ring_free_count(w->sync_out) >= 2 * SYNC_WALK_BUDGET + WORKER_SYNC_OUT;
}

static void
dump_step(struct worker *w)
{
	struct walk x = {.w = w, .peers = w->sync.dump_peers};
	struct sync_item *done;

	conn_scan(w->conns, &w->sync.dump_cursor, SYNC_WALK_BUDGET, walk_one, &x);
	if (w->sync.dump_cursor != UINT32_MAX)
		return;
	done = worker_sync_item_next(w);
	w->sync.n++;
	memset(done, 0, sizeof(*done));
	done->kind = SYNC_ITEM_DUMP_DONE;
	done->peers = w->sync.dump_peers;
	w->sync.dump_peers = w->sync.dump_next;
	w->sync.dump_next = 0;
	w->sync.dump_cursor = 0;
}

/* A rebalance (k-way: a peer left, so some connections carried here have a new backup) is a
 * refresh pass over every connection carried here, begun at once, or as soon as the pass in
 * progress ends. */
static void
refresh_step(struct worker *w)
{
	struct walk x = {.w = w, .peers = SYNC_PEERS_ALL, .refresh = true};

	if (w->sync.refresh_cursor == UINT32_MAX) {
		/* A pass done: the next begins a period after this one began. */
		if (w->now - w->sync.refresh_start < refresh_period(w) && !w->sync.rebalance_next)
			return;
		w->sync.refresh_prev = w->sync.refresh_start;
		w->sync.refresh_start = w->now;
		w->sync.refresh_cursor = 0;
		w->sync.rebalance = w->sync.rebalance_next;
		w->sync.rebalance_next = false;
	}
	x.rebalance = w->sync.rebalance;
	conn_scan(w->conns, &w->sync.refresh_cursor, SYNC_WALK_BUDGET, walk_one, &x);
}

void
worker_sync_poll(struct worker *w)
{
	if (unlikely(!rte_ring_empty(w->sync_in)))
		apply_items(w);
	if (w->sync.refresh_start == 0) {
		w->sync.refresh_start = w->sync.refresh_prev = w->now;
		w->sync.refresh_cursor = 0;
	}
	if (walk_room(w)) {
		if (w->sync.dump_peers != 0)
			dump_step(w);
		refresh_step(w);
	}
	worker_sync_flush(w);
}

void
worker_sync_reset(struct worker *w)
{
	worker_sync_drop_held(w);
	w->sync.n = 0;
	w->sync.dump_peers = w->sync.dump_next = 0;
	w->sync.dump_cursor = 0;
	w->sync.refresh_start = w->sync.refresh_prev = 0;
	w->sync.refresh_cursor = 0;
	w->sync.rebalance = w->sync.rebalance_next = false;
}
