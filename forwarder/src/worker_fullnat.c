/* SPDX-License-Identifier: BSD-3-Clause */
/* A worker's FullNAT and its ICMP error translation (worker_fullnat.h). */
#include <rte_malloc.h>
#include <rte_ring.h>

#include "rewrite_fullnat.h"
#include "toa.h"
#include "rewrite.h"
#include "worker_fullnat.h"

/* A port given back to its home worker, as one ring entry. */
static inline void *
ret_pack(uint8_t laddr, uint16_t lport)
{
	return (void *)(uintptr_t)(((uintptr_t)laddr << 16) | lport | ((uintptr_t)1 << 32));
}

static void ret_drain(struct worker *w);

int
worker_fullnat_init(struct worker *w)
{
	const struct fnat_pool *p = w->env->fnat_pool;
	size_t sz = fnat_ports_mem_size(p);
	char name[RTE_RING_NAMESIZE];

	/* The return ring even for an empty pool: SetLocalPool may fill it at run time. */
	snprintf(name, sizeof(name), "hvlb_fnat_ret_%u", w->id);
	w->fnat_ret = rte_ring_create(name, WORKER_FNAT_RET_SIZE, w->socket, RING_F_SC_DEQ);
	if (sz > 0)
		w->fnat_mem = rte_malloc_socket("fnat_ports", sz, RTE_CACHE_LINE_SIZE, w->socket);
	if ((sz > 0 && w->fnat_mem == NULL) || w->fnat_ret == NULL) {
		worker_fullnat_free(w);
		return -ENOMEM;
	}
	fnat_ports_init(&w->fnat, w->fnat_mem, p, w->env->n_workers, w->id);
	w->fnat_gen = w->env->fnat_gen;
	return 0;
}

void
worker_fullnat_reload(struct worker *w)
{
	const struct fnat_pool *p = w->env->fnat_pool;
	uint32_t gen = __atomic_load_n(&w->env->fnat_gen, __ATOMIC_ACQUIRE);
	size_t sz = fnat_ports_mem_size(p);
	void *mem = NULL;

	if (sz > 0) {
		mem = rte_malloc_socket("fnat_ports", sz, RTE_CACHE_LINE_SIZE, w->socket);
		if (mem == NULL) {
			/* Keep serving the addresses it has; the control thread's wait for this
			 * worker's acknowledgement times out and says so. */
			w->stats.fnat_pool_nomem++;
			return;
		}
	}
	/* Ports given back for the old layout first, while they still mean what they did. */
	ret_drain(w);
	fnat_ports_grow(&w->fnat, mem, p, w->env->fnat_keep);
	rte_free(w->fnat_mem);
	w->fnat_mem = mem;
	__atomic_store_n(&w->fnat_gen, gen, __ATOMIC_RELEASE);
}

void
worker_fullnat_free(struct worker *w)
{
	rte_ring_free(w->fnat_ret);
	rte_free(w->fnat_mem);
	w->fnat_ret = NULL;
	w->fnat_mem = NULL;
}

/* Whether lport (network order) is of this forwarder's range: else a peer's slice, from a
 * synced connection, that no allocator here holds. */
static bool
port_in_range(const struct fnat_pool *p, uint16_t lport)
{
	uint16_t port = rte_be_to_cpu_16(lport);

	return port >= p->port_min && port <= p->port_max;
}

/* A restored FullNAT connection's port is marked in use in its home worker's allocator, which
 * is w's unless the connection had been moved to w (steering): at start-up, before any lcore
 * runs, so writing another worker's allocator is safe here. */
static int
restore_one(void *arg, const struct conn *c)
{
	struct worker *w = arg;
	const struct fnat_pool *p = w->env->fnat_pool;
	struct worker *home;

	if (c->mode != VS_MODE_FULLNAT)
		return 0;
	if (c->fn_laddr >= p->n_addrs) {
		w->stats.fnat_bad_port++;
		return 0;
	}
	if (!port_in_range(p, c->fn_lport))
		return 0; /* a peer's port, learnt by sync: no allocator here holds it */
	home = w->env->workers[fnat_port_owner(w->env->n_workers, &p->addrs[c->fn_laddr],
					       c->fn_lport)];
	if (!fnat_port_claim(&home->fnat, c->fn_laddr, c->fn_lport))
		w->stats.fnat_bad_port++;
	return 0;
}

void
worker_fullnat_restore(struct worker *w)
{
	uint32_t cursor = 0;

	while (cursor != UINT32_MAX)
		conn_walk(w->conns, &cursor, UINT32_MAX, restore_one, w);
}

/* Ports other workers gave back (connections moved here from w and ended there). */
static void
ret_drain(struct worker *w)
{
	void *objs[32];
	unsigned n;

	if (w->fnat_ret == NULL)
		return;
	while ((n = rte_ring_sc_dequeue_burst(w->fnat_ret, objs, RTE_DIM(objs), NULL)) > 0)
		for (unsigned i = 0; i < n; i++) {
			uintptr_t v = (uintptr_t)objs[i];

			if (!fnat_port_put(&w->fnat, (uint8_t)(v >> 16), (uint16_t)v))
				w->stats.fnat_bad_port++;
			else
				w->stats.fnat_ports_returned++;
		}
}

struct conn *
worker_fullnat_insert(struct worker *w, const struct flow_key *key, uint32_t hash,
		      const struct rs_config *rs, const struct vs *vs, enum hvlb_drop *r)
{
	uint8_t laddr;
	uint16_t lport;
	struct conn *c;

	*r = HVLB_DROP_NONE;
	if (unlikely(w->fnat_ret != NULL && !rte_ring_empty(w->fnat_ret)))
		ret_drain(w);
	if (fnat_port_get(&w->fnat, key->af, &laddr, &lport) != 0) {
		*r = HVLB_DROP_FULLNAT_NO_PORT;
		return NULL;
	}
	c = conn_insert_fullnat(w->conns, key, hash, &rs->addr, rs->port, laddr, lport,
				vs->to_set, w->now);
	if (c == NULL) {
		fnat_port_put(&w->fnat, laddr, lport);
		return NULL;
	}
	c->fn_toa = vs->client_addr;
	w->stats.fnat_conns++;
	return c;
}

void
worker_fullnat_gone(struct worker *w, const struct conn *c)
{
	const struct fnat_pool *p = w->env->fnat_pool;
	uint16_t home;

	if (c->fn_laddr >= p->n_addrs) {
		w->stats.fnat_bad_port++;
		return;
	}
	if (!port_in_range(p, c->fn_lport))
		return; /* a peer's port (worker_fullnat_sync_insert): nothing to give back */
	home = fnat_port_owner(w->env->n_workers, &p->addrs[c->fn_laddr], c->fn_lport);
	if (home == w->id) {
		if (!fnat_port_put(&w->fnat, c->fn_laddr, c->fn_lport))
			w->stats.fnat_bad_port++;
		return;
	}
	/* Moved here from its home (steering): the home's allocator still holds it in use. */
	struct rte_ring *ret = w->env->workers[home]->fnat_ret;
	if (ret == NULL || rte_ring_mp_enqueue(ret, ret_pack(c->fn_laddr, c->fn_lport)) != 0)
		w->stats.fnat_ports_lost++;
}

void
worker_fullnat_sync_fill(const struct worker *w, const struct conn *c, struct sync_rec *r)
{
	const struct fnat_pool *p = w->env->fnat_pool;

	r->ext = SYNC_EXT_FULLNAT;
	r->lport = c->fn_lport;
	if (c->fn_laddr < p->n_addrs)
		r->laddr = p->addrs[c->fn_laddr];
	else
		memset(&r->laddr, 0, sizeof(r->laddr)); /* refused by the peer (not its pool) */
}

struct conn *
worker_fullnat_sync_insert(struct worker *w, const struct sync_rec *r, uint32_t hash,
			   const struct rs_config *rs, const struct vs *vs)
{
	const struct fnat_pool *p = w->env->fnat_pool;
	int laddr = fnat_pool_find(p, &r->laddr);
	bool mine;
	struct conn *c;

	/* The NF's replies come to (laddr, lport): they must reach the worker that holds the
	 * connection, as they do on the forwarder that opened it (the same worker count). */
	if (laddr < 0 ||
	    fnat_port_owner(w->env->n_workers, &p->addrs[laddr], r->lport) != w->id) {
		w->stats.sync_fnat_port++;
		return NULL;
	}
	mine = port_in_range(p, r->lport);
	if (mine && !fnat_port_claim(&w->fnat, (uint8_t)laddr, r->lport)) {
		w->stats.sync_fnat_port_taken++; /* another connection here holds it */
		return NULL;
	}
	c = conn_insert_fullnat(w->conns, &r->orig, hash, &rs->addr, rs->port, (uint8_t)laddr,
				r->lport, vs->to_set, w->now);
	if (c == NULL) {
		if (mine)
			fnat_port_put(&w->fnat, (uint8_t)laddr, r->lport);
		w->stats.sync_table_full++;
		return NULL;
	}
	c->fn_toa = vs->client_addr;
	return c;
}

bool
worker_fullnat_is_local(const struct worker *w, const union hvlb_addr *addr)
{
	return fnat_pool_find(w->env->fnat_pool, addr) >= 0;
}

static inline const union hvlb_addr *
local_addr(const struct worker *w, const struct conn *c)
{
	return &w->env->fnat_pool->addrs[c->fn_laddr];
}

/* The SYN to the NF with the client's address (toa.h), when it fits: the frame grows at its
 * front by the option's length. */
static void
toa_add(struct worker *w, struct rte_mbuf *m, const struct pkt_info *pi, const struct conn *c)
{
	uint16_t len = toa_room(rte_pktmbuf_mtod(m, const uint8_t *), pi, c->orig.af);
	union hvlb_addr client = conn_orig_src(c);
	uint8_t *frame;

	if (len == 0 || rte_pktmbuf_headroom(m) < len || !RTE_MBUF_DIRECT(m) ||
	    rte_mbuf_refcnt_read(m) != 1 || m->nb_segs != 1) {
		w->stats.fnat_toa_no_room++;
		return;
	}
	frame = (uint8_t *)rte_pktmbuf_prepend(m, len);
	toa_insert(frame, pi, len, &client, c->orig.sport);
	w->stats.fnat_toa++;
}

/* A UDP datagram to the NF with the client's address as a trailer (toa.h), when it fits: the
 * frame ends right after it (any Ethernet padding dropped). */
static void
toa_udp_add(struct worker *w, struct rte_mbuf *m, const struct pkt_info *pi, const struct conn *c)
{
	uint16_t len = toa_udp_room(pi, c->orig.af);
	uint32_t need = (uint32_t)pi->l3_off + pi->l3_len + len, have = rte_pktmbuf_data_len(m);
	union hvlb_addr client = conn_orig_src(c);

	if (len == 0 || !RTE_MBUF_DIRECT(m) || rte_mbuf_refcnt_read(m) != 1 || m->nb_segs != 1 ||
	    (need > have && rte_pktmbuf_append(m, (uint16_t)(need - have)) == NULL)) {
		w->stats.fnat_toa_no_room++;
		return;
	}
	if (need < have)
		rte_pktmbuf_trim(m, (uint16_t)(have - need));
	toa_udp_insert(rte_pktmbuf_mtod(m, uint8_t *), pi, len, &client, c->orig.sport);
	w->stats.fnat_toa++;
}

void
worker_fullnat_to_rs(struct worker *w, struct rte_mbuf *m, const struct pkt_info *pi,
		     const struct conn *c)
{
	union hvlb_addr rs = conn_rs_addr(c);
	struct rw_endpoint src = {.addr = local_addr(w, c), .port = c->fn_lport};
	struct rw_endpoint dst = {.addr = &rs, .port = c->rs_port};

	rewrite_fullnat(rte_pktmbuf_mtod(m, uint8_t *), pi, &src, &dst);
	/* A first fragment's segment does not end where its datagram does: no trailer, and a
	 * fragmented SYN is no SYN to add an option to (docs/fragments.md). */
	if (likely(!c->fn_toa) || unlikely(pi->frag != PKT_FRAG_NONE))
		return;
	if (pi->key.proto == HVLB_PROTO_UDP)
		toa_udp_add(w, m, pi, c);
	else if ((pi->tcp_flags & (HVLB_TCP_SYN | HVLB_TCP_ACK)) == HVLB_TCP_SYN)
		toa_add(w, m, pi, c);
}

void
worker_fullnat_to_client(const struct worker *w, uint8_t *frame, const struct pkt_info *pi,
			 const struct conn *c)
{
	union hvlb_addr vip = conn_orig_dst(c), client = conn_orig_src(c);
	struct rw_endpoint src = {.addr = &vip, .port = c->orig.dport};
	struct rw_endpoint dst = {.addr = &client, .port = c->orig.sport};

	(void)w;
	rewrite_fullnat(frame, pi, &src, &dst);
}

void
worker_fullnat_frag_tail(const struct worker *w, uint8_t *frame, const struct pkt_info *pi,
			 const struct conn *c, enum conn_dir dir)
{
	union hvlb_addr rs = conn_rs_addr(c), vip = conn_orig_dst(c), client = conn_orig_src(c);

	if (dir == CONN_DIR_ORIG)
		rewrite_frag_tail(frame, pi, local_addr(w, c), &rs);
	else
		rewrite_frag_tail(frame, pi, &vip, &client);
}

enum hvlb_drop
worker_fullnat_icmp_from_nf(const uint8_t *frame, const struct pkt_info *pi, struct flow_key *key,
			    uint16_t *inner_l3_off)
{
	struct flow_key inner;
	enum hvlb_drop r = parse_icmp_inner(frame, pi, &inner, inner_l3_off);

	if (r != HVLB_DROP_NONE)
		return r;
	if (inner.proto != HVLB_PROTO_TCP && inner.proto != HVLB_PROTO_UDP)
		return HVLB_DROP_ICMP_NO_CONN;
	/* The quoted packet went client (NAT) or local address (FullNAT) -> NF: its reverse is
	 * the connection's REPLY tuple, whose client endpoint (destination) names the owner. */
	flow_key_reverse(key, &inner);
	return HVLB_DROP_NONE;
}

void
worker_fullnat_icmp_to_rs(const struct worker *w, uint8_t *frame, const struct pkt_info *pi,
			  uint16_t inner_l3_off, const struct conn *c)
{
	/* Outer: (router) -> VIP becomes local -> NF; quoted VIP:vport -> client:cport becomes
	 * NF:port -> local:lport, as the NF sent it. */
	union hvlb_addr rs = conn_rs_addr(c);
	struct rw_icmp_xlate t = {
		.outer_src = {.addr = local_addr(w, c)},
		.outer_dst = {.addr = &rs},
		.inner_src = {.addr = &rs, .port = conn_nf_port(c)},
		.inner_dst = {.addr = local_addr(w, c), .port = c->fn_lport},
	};

	rewrite_icmp_xlate(frame, pi, inner_l3_off, &t);
}

void
worker_fullnat_icmp_to_client(const struct worker *w, uint8_t *frame, const struct pkt_info *pi,
			      uint16_t inner_l3_off, const struct conn *c)
{
	/* Outer: NF -> client (NAT) or local (FullNAT) becomes VIP -> client; quoted client or
	 * local -> NF:port becomes client:cport -> VIP:vport, as the client sent it. */
	union hvlb_addr vip = conn_orig_dst(c), client = conn_orig_src(c);
	struct rw_icmp_xlate t = {
		.outer_src = {.addr = &vip},
		.outer_dst = {.addr = &client},
		.inner_src = {.addr = &client, .port = c->orig.sport},
		.inner_dst = {.addr = &vip, .port = c->orig.dport},
	};

	(void)w;
	rewrite_icmp_xlate(frame, pi, inner_l3_off, &t);
}
