/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Neighbours (ARP / IPv6 ND), resolved by the control thread. Workers read the table without
 * locks (rte_hash with lock-free readers; each entry's MAC and port packed in one 64-bit word
 * stored atomically). The control thread learns from the ARP replies and neighbour
 * advertisements workers pass it, asks for next hops workers missed (rate-limited), and
 * refreshes learnt entries.
 */
#include <errno.h>

#include <rte_cycles.h>
#include <rte_ethdev.h>
#include <rte_hash.h>
#include <rte_jhash.h>
#include <rte_lcore.h>
#include <rte_log.h>
#include <rte_lpm.h>
#include <rte_lpm6.h>
#include <rte_malloc.h>

#include "neigh.h"
#include "parse.h"
#include "rewrite.h"

#define NEIGH_REFRESH_S 30  /* learnt entries are asked for again this often */

struct neigh_meta {
	uint64_t last_req;  /* TSC of the last request sent */
	uint64_t learnt;    /* TSC of the last answer */
	uint8_t is_static;
	uint8_t in_use;
};

static struct neigh_meta *meta;

int
neigh_init(struct fwd *f, int socket)
{
	struct rte_hash_parameters p = {
		.name = "hvlb_neigh",
		.entries = FWD_NEIGH_MAX,
		.key_len = sizeof(struct neigh_key),
		.hash_func = rte_jhash,
		.socket_id = socket,
		.extra_flag = RTE_HASH_EXTRA_FLAGS_RW_CONCURRENCY_LF,
	};

	f->neigh = rte_hash_create(&p);
	f->neigh_data = rte_zmalloc_socket("neigh", sizeof(uint64_t) * FWD_NEIGH_MAX, 64, socket);
	meta = rte_zmalloc_socket("neigh_meta", sizeof(*meta) * FWD_NEIGH_MAX, 64, socket);
	if (f->neigh == NULL || f->neigh_data == NULL || meta == NULL)
		return -ENOMEM;
	f->neigh_version = 1; /* never 0, the version of a worker's zeroed, empty cache slots */
	return 0;
}

/* The entry's position, adding an unresolved (data 0) entry if needed. */
static int
neigh_pos(struct fwd *f, uint8_t af, const union hvlb_addr *addr)
{
	struct neigh_key k = {.addr = *addr, .af = af};
	int pos = rte_hash_lookup(f->neigh, &k);

	if (pos < 0)
		pos = rte_hash_add_key(f->neigh, &k);
	if (pos >= 0)
		meta[pos].in_use = 1;
	return pos;
}

int
neigh_set(struct fwd *f, uint8_t af, const union hvlb_addr *addr,
	  const struct rte_ether_addr *mac, uint16_t port, int is_static)
{
	uint64_t v = neigh_pack(mac, port);
	int pos = neigh_pos(f, af, addr);

	if (pos < 0)
		return pos;
	if (meta[pos].is_static && !is_static)
		return 0; /* learning never replaces an operator's entry */
	meta[pos].is_static = (uint8_t)!!is_static;
	meta[pos].learnt = rte_rdtsc();
	if (v == f->neigh_data[pos])
		return 0; /* a refresh: the workers' cached copies are still right */
	__atomic_store_n(&f->neigh_data[pos], v, __ATOMIC_RELEASE);
	/* After the data, so a worker that sees the new version also sees the new entry and
	 * drops every copy it cached before. Only this thread writes the version. */
	__atomic_store_n(&f->neigh_version, f->neigh_version + 1, __ATOMIC_RELEASE);
	return 0;
}

void
neigh_walk(struct fwd *f, neigh_walk_fn fn, void *arg)
{
	const void *key;
	void *data;
	uint32_t it = 0;
	int32_t pos;

	while ((pos = rte_hash_iterate(f->neigh, &key, &data, &it)) >= 0) {
		const struct neigh_key *k = key;
		uint64_t v = __atomic_load_n(&f->neigh_data[pos], __ATOMIC_RELAXED);
		struct rte_ether_addr mac;
		uint16_t port;

		if (v == 0)
			continue;
		neigh_unpack(v, &mac, &port);
		fn(arg, (uint8_t)k->af, &k->addr, &mac, port, meta[pos].is_static);
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
	uint32_t nh;
	int rc = af == HVLB_AF_INET ? rte_lpm_lookup(s->lpm4, rte_be_to_cpu_32(a->w[0]), &nh)
				    : rte_lpm6_lookup(s->lpm6, a->b, &nh);

	if (rc != 0 || nh >= s->n_nh)
		return -1;
	return s->nh[nh].port;
}

static void
send_request(struct fwd *f, uint8_t af, const union hvlb_addr *target)
{
	const struct fwd_snapshot *s = f->snap;
	int port = port_for(s, af, target);
	const struct local_addr *src;
	struct rte_mbuf *m;
	uint32_t len;

	if (port < 0)
		return;
	src = source_for(s, (uint16_t)port, af, target);
	if (src == NULL)
		return;
	m = rte_pktmbuf_alloc(f->pool);
	if (m == NULL)
		return;
	uint8_t *buf = rte_pktmbuf_mtod(m, uint8_t *);
	const uint8_t *mac = f->ports[port].mac.addr_bytes;
	if (af == HVLB_AF_INET)
		len = build_arp_request(buf, mac, src->addr.w[0], target->w[0], 0);
	else
		len = build_nd_solicit(buf, mac, &src->addr, target, 0);
	m->data_len = m->pkt_len = len;
	m->port = f->ports[port].port_id;
	if (rte_ring_sp_enqueue(f->ctrl_tx_ring, m) != 0)
		rte_pktmbuf_free(m);
}

static void
request(struct fwd *f, uint8_t af, const union hvlb_addr *addr, uint64_t now)
{
	int pos = neigh_pos(f, af, addr);

	if (pos < 0 || meta[pos].is_static)
		return;
	if (meta[pos].last_req != 0 && now - meta[pos].last_req < f->neigh_retry_ms * f->hz / 1000)
		return;
	meta[pos].last_req = now;
	send_request(f, af, addr);
}

/* Learn from an ARP reply or a neighbour advertisement a worker passed up. */
static void
learn(struct fwd *f, struct rte_mbuf *m)
{
	const uint8_t *frame = rte_pktmbuf_mtod(m, const uint8_t *);
	uint16_t port = f->port_index[m->port];
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
		neigh_set(f, HVLB_AF_INET, &addr, &mac, port, 0);
	} else if (pi.icmp == PKT_ICMP_NA &&
		   parse_nd(frame, &pi, &addr, mac.addr_bytes, &has_lla) == 0 && has_lla) {
		neigh_set(f, HVLB_AF_INET6, &addr, &mac, port, 0);
	}
}

/* Ask for every next hop the configuration needs, so the first packets find them. */
static void
resolve_all(struct fwd *f, uint64_t now)
{
	const struct fwd_snapshot *s = f->snap;

	for (unsigned i = 0; i < vs_table_count(s->vst); i++) {
		const struct vs *v = vs_table_at(s->vst, i);
		for (unsigned j = 0; j < v->n_rs; j++) {
			uint32_t nh;
			const union hvlb_addr *a = &v->rs[j].addr;
			int rc = v->af == HVLB_AF_INET
					 ? rte_lpm_lookup(s->lpm4, rte_be_to_cpu_32(a->w[0]), &nh)
					 : rte_lpm6_lookup(s->lpm6, a->b, &nh);
			if (rc != 0 || nh >= s->n_nh)
				continue;
			request(f, v->af, s->nh[nh].connected ? a : &s->nh[nh].gw, now);
		}
	}
	for (uint32_t i = 0; i < s->n_nh; i++)
		if (!s->nh[i].connected)
			request(f, s->nh[i].af, &s->nh[i].gw, now);
}

/* Refresh learnt entries that are getting old. */
static void
refresh(struct fwd *f, uint64_t now)
{
	const void *key;
	void *data;
	uint32_t it = 0;
	int32_t pos;

	while ((pos = rte_hash_iterate(f->neigh, &key, &data, &it)) >= 0) {
		const struct neigh_key *k = key;
		if (meta[pos].is_static || now - meta[pos].learnt < NEIGH_REFRESH_S * f->hz)
			continue;
		request(f, (uint8_t)k->af, &k->addr, now);
	}
}

void
neigh_poll_rings(struct fwd *f)
{
	struct rte_mbuf *pkts[FWD_BURST];
	struct neigh_key keys[FWD_BURST];
	uint64_t now = rte_rdtsc();
	unsigned n;

	while ((n = rte_ring_sc_dequeue_burst(f->ctrl_ring, (void **)pkts, FWD_BURST, NULL)) > 0) {
		for (unsigned i = 0; i < n; i++)
			learn(f, pkts[i]);
		rte_pktmbuf_free_bulk(pkts, n);
	}
	while ((n = rte_ring_sc_dequeue_burst_elem(f->miss_ring, keys, sizeof(keys[0]), FWD_BURST,
						   NULL)) > 0)
		for (unsigned i = 0; i < n; i++)
			request(f, (uint8_t)keys[i].af, &keys[i].addr, now);
}

void
neigh_poll_timers(struct fwd *f, int force)
{
	static uint64_t last_sweep, last_version;
	uint64_t now = rte_rdtsc();

	if (force || f->snap->version != last_version || now - last_sweep > f->hz) {
		last_version = f->snap->version;
		last_sweep = now;
		resolve_all(f, now);
		refresh(f, now);
	}
}
