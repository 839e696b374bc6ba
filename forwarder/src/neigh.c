/* SPDX-License-Identifier: BSD-3-Clause */
/* Neighbours (neigh.h): the table, its upkeep on the control thread, the workers' cache. */
#include <errno.h>

#include <rte_cycles.h>
#include <rte_ethdev.h>
#include <rte_hash.h>
#include <rte_jhash.h>
#include <rte_lcore.h>
#include <rte_log.h>
#include <rte_malloc.h>

#include "idle.h"
#include "neigh.h"
#include "parse.h"
#include "rewrite.h"

#define NEIGH_REFRESH_S 30  /* learnt entries are asked for again this often */
/* An unresolved next hop is asked for again after first_retry_ms (neigh_first_retry_ms,
 * default 100 ms), then after twice as long each time, up to neigh_retry_ms: the first answers
 * are often lost while a link comes up (a veth's qdisc stays inactive until the kernel's link
 * watch runs), and packets wait meanwhile. */

struct neigh_meta {
	uint64_t last_req;  /* TSC of the last request sent */
	uint64_t learnt;    /* TSC of the last answer */
	uint8_t is_static;
	uint8_t in_use;
	uint8_t tries;      /* requests unanswered since it last resolved */
};

int
neigh_init(struct neigh_table *nt, int socket, const struct port_set *ports,
	   struct rte_mempool *pool, uint32_t retry_ms)
{
	struct rte_hash_parameters p = {
		.name = "hvlb_neigh",
		.entries = FWD_NEIGH_MAX,
		.key_len = sizeof(struct neigh_key),
		.hash_func = rte_jhash,
		.socket_id = socket,
		.extra_flag = RTE_HASH_EXTRA_FLAGS_RW_CONCURRENCY_LF,
	};

	nt->ports = ports;
	nt->pool = pool;
	nt->retry_ms = retry_ms;
	nt->first_retry_ms = 100;
	nt->hz = rte_get_tsc_hz();
	nt->h = rte_hash_create(&p);
	nt->data = rte_zmalloc_socket("neigh", sizeof(uint64_t) * FWD_NEIGH_MAX, 64, socket);
	nt->meta = rte_zmalloc_socket("neigh_meta", sizeof(*nt->meta) * FWD_NEIGH_MAX, 64, socket);
	nt->learn = rte_ring_create("hvlb_ctrl", 1024, socket, RING_F_SC_DEQ);
	nt->miss = rte_ring_create_elem("hvlb_miss", sizeof(struct neigh_key), 1024, socket,
					RING_F_SC_DEQ);
	nt->tx = rte_ring_create("hvlb_ctrl_tx", 256, socket, RING_F_SP_ENQ | RING_F_SC_DEQ);
	if (nt->h == NULL || nt->data == NULL || nt->meta == NULL || nt->learn == NULL ||
	    nt->miss == NULL || nt->tx == NULL)
		return -ENOMEM;
	nt->version = 1; /* never 0, the version of a worker's zeroed, empty cache slots */
	return 0;
}

void
neigh_free(struct neigh_table *nt)
{
	struct rte_mbuf *m;

	if (nt->learn != NULL)
		while (rte_ring_dequeue(nt->learn, (void **)&m) == 0)
			rte_pktmbuf_free(m);
	if (nt->tx != NULL)
		while (rte_ring_dequeue(nt->tx, (void **)&m) == 0)
			rte_pktmbuf_free(m);
	rte_ring_free(nt->learn);
	rte_ring_free(nt->miss);
	rte_ring_free(nt->tx);
	rte_hash_free(nt->h);
	rte_free(nt->data);
	rte_free(nt->meta);
}

/* The entry's position, adding an unresolved (data 0) entry if needed. */
static int
neigh_pos(struct neigh_table *nt, uint8_t af, const union hvlb_addr *addr)
{
	struct neigh_key k = {.addr = *addr, .af = af};
	int pos = rte_hash_lookup(nt->h, &k);

	if (pos < 0)
		pos = rte_hash_add_key(nt->h, &k);
	if (pos >= 0)
		nt->meta[pos].in_use = 1;
	return pos;
}

int
neigh_set(struct neigh_table *nt, uint8_t af, const union hvlb_addr *addr,
	  const struct rte_ether_addr *mac, uint16_t port, int is_static)
{
	uint64_t v = neigh_pack(mac, port);
	int pos = neigh_pos(nt, af, addr);

	if (pos < 0)
		return pos;
	if (nt->meta[pos].is_static && !is_static)
		return 0; /* learning never replaces an operator's entry */
	nt->meta[pos].is_static = (uint8_t)!!is_static;
	nt->meta[pos].learnt = rte_rdtsc();
	nt->meta[pos].tries = 0;
	if (v == nt->data[pos])
		return 0; /* a refresh: the workers' cached copies are still right */
	__atomic_store_n(&nt->data[pos], v, __ATOMIC_RELEASE);
	/* After the data, so a worker that sees the new version also sees the new entry and
	 * drops every copy it cached before. Only this thread writes the version. */
	__atomic_store_n(&nt->version, nt->version + 1, __ATOMIC_RELEASE);
	return 0;
}

void
neigh_walk(const struct neigh_table *nt, neigh_walk_fn fn, void *arg)
{
	const void *key;
	void *data;
	uint32_t it = 0;
	int32_t pos;

	while ((pos = rte_hash_iterate(nt->h, &key, &data, &it)) >= 0) {
		const struct neigh_key *k = key;
		uint64_t v = __atomic_load_n(&nt->data[pos], __ATOMIC_RELAXED);
		struct rte_ether_addr mac;
		uint16_t port;

		if (v == 0)
			continue;
		neigh_unpack(v, &mac, &port);
		fn(arg, (uint8_t)k->af, &k->addr, &mac, port, nt->meta[pos].is_static);
	}
}

/* Our address on port to ask from: one in the same subnet as target, else any of the family. */
static const struct local_addr *
source_for(const struct fwd_snapshot *s, uint16_t port, uint8_t af, const union hvlb_addr *t)
{
	const struct local_addr *any = NULL;

	for (uint32_t i = 0; i < s->n_local; i++) {
		const struct local_addr *l = &s->local[i];
		unsigned bits = l->plen, full = bits / 8;

		if (l->port != port || l->af != af)
			continue;
		if (any == NULL)
			any = l;
		if (memcmp(l->addr.b, t->b, full) == 0 &&
		    (bits % 8 == 0 || ((l->addr.b[full] ^ t->b[full]) & (0xFF00 >> (bits % 8))) == 0))
			return l;
	}
	return any;
}

/* The port a neighbour is reached on: the route to it must be connected. */
static int
port_for(const struct fwd_snapshot *s, uint8_t af, const union hvlb_addr *a)
{
	const struct nexthop *nh = snap_route(s, af, a);

	return nh != NULL ? nh->port : -1;
}

static void
send_request(struct neigh_table *nt, const struct fwd_snapshot *s, uint8_t af,
	     const union hvlb_addr *target)
{
	int port = port_for(s, af, target);
	const struct local_addr *src;
	struct rte_mbuf *m;
	uint32_t len;

	if (port < 0)
		return;
	src = source_for(s, (uint16_t)port, af, target);
	if (src == NULL)
		return;
	m = rte_pktmbuf_alloc(nt->pool);
	if (m == NULL)
		return;
	uint8_t *buf = rte_pktmbuf_mtod(m, uint8_t *);
	const uint8_t *mac = nt->ports->p[port].mac.addr_bytes;
	if (af == HVLB_AF_INET)
		len = build_arp_request(buf, mac, src->addr.w[0], target->w[0], 0);
	else
		len = build_nd_solicit(buf, mac, &src->addr, target, 0);
	m->data_len = m->pkt_len = len;
	m->port = nt->ports->p[port].port_id;
	if (rte_ring_sp_enqueue(nt->tx, m) != 0)
		rte_pktmbuf_free(m);
	else if (nt->tx_wake != NULL)
		idle_wake_kick(nt->tx_wake);
}

static void
request(struct neigh_table *nt, const struct fwd_snapshot *s, uint8_t af,
	const union hvlb_addr *addr, uint64_t now)
{
	int pos = neigh_pos(nt, af, addr);

	struct neigh_meta *m;
	uint64_t gap;

	if (pos < 0 || nt->meta[pos].is_static)
		return;
	m = &nt->meta[pos];
	gap = nt->retry_ms * nt->hz / 1000;
	if (nt->data[pos] == 0) {
		unsigned shift = m->tries < 10 ? m->tries : 10;
		uint64_t fast = (nt->hz / 1000 * nt->first_retry_ms) << shift;

		gap = RTE_MIN(gap, fast);
	}
	if (m->last_req != 0 && now - m->last_req < gap)
		return;
	m->last_req = now;
	m->tries += m->tries < UINT8_MAX;
	send_request(nt, s, af, addr);
}

/* Learn from an ARP reply or a neighbour advertisement a worker passed up. */
static void
learn(struct neigh_table *nt, struct rte_mbuf *m)
{
	const uint8_t *frame = rte_pktmbuf_mtod(m, const uint8_t *);
	uint16_t port = nt->ports->index[m->port];
	struct rte_ether_addr mac;
	union hvlb_addr addr;
	struct pkt_info pi;
	int has_lla = 0;

	if (parse_frame(frame, rte_pktmbuf_data_len(m), &pi) != HVLB_DROP_NONE)
		return;
	if (pi.kind == PKT_ARP) {
		struct pkt_arp a;
		parse_arp(frame, &pi, &a);
		hvlb_addr_set4(&addr, a.spa);
		memcpy(mac.addr_bytes, a.sha, 6);
		neigh_set(nt, HVLB_AF_INET, &addr, &mac, port, 0);
	} else if (pi.icmp == PKT_ICMP_NA &&
		   parse_nd(frame, &pi, &addr, mac.addr_bytes, &has_lla) == 0 && has_lla) {
		neigh_set(nt, HVLB_AF_INET6, &addr, &mac, port, 0);
	}
}

/* Ask for every next hop the configuration needs, so the first packets find them. */
static void
resolve_all(struct neigh_table *nt, const struct fwd_snapshot *s, uint64_t now)
{

	for (unsigned i = 0; i < vs_table_count(s->vst); i++) {
		const struct vs *v = vs_table_at(s->vst, i);
		for (unsigned j = 0; j < v->n_rs; j++) {
			const union hvlb_addr *a = &v->rs[j].addr;
			const struct nexthop *nh = snap_route(s, v->af, a);

			if (nh != NULL)
				request(nt, s, v->af, nh->connected ? a : &nh->gw, now);
		}
	}
	for (uint32_t i = 0; i < s->n_nh; i++)
		if (!s->nh[i].connected)
			request(nt, s, s->nh[i].af, &s->nh[i].gw, now);
}

/* Refresh learnt entries that are getting old. */
static void
refresh(struct neigh_table *nt, const struct fwd_snapshot *s, uint64_t now)
{
	const void *key;
	void *data;
	uint32_t it = 0;
	int32_t pos;

	while ((pos = rte_hash_iterate(nt->h, &key, &data, &it)) >= 0) {
		const struct neigh_key *k = key;
		if (nt->meta[pos].is_static || now - nt->meta[pos].learnt < NEIGH_REFRESH_S * nt->hz)
			continue;
		request(nt, s, (uint8_t)k->af, &k->addr, now);
	}
}

void
neigh_poll_rings(struct neigh_table *nt, const struct fwd_snapshot *s)
{
	struct rte_mbuf *pkts[FWD_BURST];
	struct neigh_key keys[FWD_BURST];
	uint64_t now = rte_rdtsc();
	unsigned n;

	while ((n = rte_ring_sc_dequeue_burst(nt->learn, (void **)pkts, FWD_BURST, NULL)) > 0) {
		for (unsigned i = 0; i < n; i++)
			learn(nt, pkts[i]);
		rte_pktmbuf_free_bulk(pkts, n);
	}
	while ((n = rte_ring_sc_dequeue_burst_elem(nt->miss, keys, sizeof(keys[0]), FWD_BURST,
						   NULL)) > 0)
		for (unsigned i = 0; i < n; i++)
			request(nt, s, (uint8_t)keys[i].af, &keys[i].addr, now);
}

void
neigh_poll_timers(struct neigh_table *nt, const struct fwd_snapshot *s, int force)
{
	uint64_t now = rte_rdtsc();

	if (force || s->version != nt->last_version || now - nt->last_sweep > nt->hz) {
		nt->last_version = s->version;
		nt->last_sweep = now;
		resolve_all(nt, s, now);
		refresh(nt, s, now);
	}
}

uint64_t
neigh_cache_fill(struct neigh_cache *c, struct neigh_cached *e, const struct neigh_table *nt,
		 uint8_t af, const union hvlb_addr *a)
{
	struct neigh_key k = {.addr = *a, .af = af};
	int pos = rte_hash_lookup(nt->h, &k);
	uint64_t v = 0;

	if (likely(pos >= 0))
		v = __atomic_load_n(&nt->data[pos], __ATOMIC_RELAXED);
	if (unlikely(v == 0)) {
		rte_ring_mp_enqueue_elem(nt->miss, &k, sizeof(k));
		c->miss = k;
		return 0;
	}
	e->addr = *a;
	e->af = af;
	e->data = v;
	e->version = c->version;
	return v;
}

uint64_t
neigh_lookup(const struct neigh_table *nt, uint8_t af, const union hvlb_addr *a)
{
	struct neigh_key k = {.addr = *a, .af = af};
	int pos = rte_hash_lookup(nt->h, &k);

	return pos >= 0 ? __atomic_load_n(&nt->data[pos], __ATOMIC_RELAXED) : 0;
}

int
neigh_hold(struct neigh_cache *c, uint16_t port, struct rte_mbuf *m, uint64_t now)
{
	const union hvlb_addr *a = &c->miss.addr;
	uint8_t af = (uint8_t)c->miss.af;
	struct neigh_held *free_slot = NULL;

	for (unsigned i = 0; i < NEIGH_HOLD_NEXTHOPS; i++) {
		struct neigh_held *h = &c->held[i];

		if (h->n == 0) {
			free_slot = free_slot != NULL ? free_slot : h;
			continue;
		}
		if (h->af != af || !hvlb_addr_eq(&h->addr, a))
			continue;
		if (h->n == NEIGH_HOLD_PKTS)
			return -ENOSPC;
		h->m[h->n++] = m;
		return 0;
	}
	if (free_slot == NULL)
		return -ENOSPC;
	*free_slot = (struct neigh_held){.addr = *a, .since = now, .port = port, .af = af, .n = 1};
	free_slot->m[0] = m;
	c->n_held++;
	return 0;
}

void
neigh_hold_flush(struct neigh_cache *c)
{
	for (unsigned i = 0; i < NEIGH_HOLD_NEXTHOPS; i++) {
		rte_pktmbuf_free_bulk(c->held[i].m, c->held[i].n);
		c->held[i].n = 0;
	}
	c->n_held = 0;
}
