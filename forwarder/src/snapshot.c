/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Building the immutable snapshot workers read (the VS table of core/vs.c, the LPM route
 * tables with their next hops, the forwarder's own addresses and the timeouts), and
 * publishing it (snapshot.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_errno.h>
#include <rte_lpm.h>
#include <rte_lpm6.h>
#include <rte_malloc.h>

#include "snapshot.h"

#define ERR(...) snprintf(err, CFG_ERR_LEN, __VA_ARGS__)

static uint64_t snapshot_seq;

/*
 * The LPM tables of a set of routes. An IPv4 LPM holds a 64 MiB tbl24 that DPDK zeroes when it
 * is freed, which made every publish cost 15-20 ms whatever it changed; routes change rarely,
 * so a snapshot built from the same routes as the one it replaces shares its tables (and
 * copies its next hops). Only the control thread builds and frees snapshots: a plain count.
 */
struct snap_routes {
	unsigned refs;
	struct rte_lpm *lpm4;
	struct rte_lpm6 *lpm6;
	unsigned n_routes;
	struct cfg_route routes[FWD_MAX_ROUTES]; /* what they were built from */
};

static void
routes_put(struct snap_routes *rt)
{
	if (rt == NULL || --rt->refs > 0)
		return;
	rte_lpm_free(rt->lpm4);
	rte_lpm6_free(rt->lpm6);
	free(rt);
}

/* Whether prev's route tables are those st's routes would build. */
static bool
routes_same(const struct fwd_snapshot *prev, const struct cfgstore *st)
{
	return prev != NULL && prev->rt != NULL && prev->rt->n_routes == st->n_routes &&
	       memcmp(prev->rt->routes, st->routes, st->n_routes * sizeof(st->routes[0])) == 0;
}

static void
vs_config_of(struct vs_config *c, const struct cfg_vs *v)
{
	c->vip = v->vip;
	c->vport = v->vport;
	c->proto = v->proto;
	c->af = v->af;
	c->mode = v->mode;
	c->sched = v->sched;
	c->all_down = v->all_down;
	c->set = v->set;
	c->to_set = v->to_set;
	c->synproxy = v->synproxy;
	c->synproxy_threshold = v->synproxy_threshold;
	c->encap = v->encap;
	c->client_addr = v->client_addr;
	c->hash = v->hash;
	c->slot = v->slot;
	c->tenant = v->tenant;
	c->priority = v->priority;
	c->retired = v->retired;
	/* A retired service's VIP is all the workers need of it. */
	c->n_rs = v->retired ? 0 : v->n_rs;
	c->rs = v->rs;
}

/* The services, then the retired ones (only their VIPs). */
static int
build_vs(struct fwd_snapshot *s, const struct cfgstore *st, const struct fwd_snapshot *prev,
	 char *err)
{
	unsigned n = st->n_vs + st->n_vs_retired;
	struct vs_config *vc = calloc(n ? n : 1, sizeof(*vc));
	const char *msg = NULL;

	if (vc == NULL) {
		ERR("out of memory");
		return -ENOMEM;
	}
	for (unsigned i = 0; i < st->n_vs; i++) {
		vs_config_of(&vc[i], &st->vs[i]);
		s->synproxy_any |= vc[i].synproxy != VS_SYNPROXY_OFF;
	}
	for (unsigned i = 0; i < st->n_vs_retired; i++)
		vs_config_of(&vc[st->n_vs + i], &st->vs_retired[i]);
	s->vst = vs_table_rebuild(vc, n, prev != NULL ? prev->vst : NULL, &msg);
	free(vc);
	if (s->vst == NULL) {
		ERR("%s", msg ? msg : "cannot build the service table");
		return -EINVAL;
	}
	return 0;
}

/* Add a route; DPDK's LPM has no depth 0, so a default route is its two halves (/1). */
static int
lpm_add(struct fwd_snapshot *s, const struct cfg_route *r, uint32_t nh)
{
	union hvlb_addr half = r->prefix;
	int rc;

	if (r->plen == 0) {
		if (r->af == HVLB_AF_INET)
			return rte_lpm_add(s->lpm4, 0, 1, nh) ?: rte_lpm_add(s->lpm4, 0x80000000u, 1, nh);
		rc = rte_lpm6_add(s->lpm6, half.b, 1, nh);
		half.b[0] = 0x80;
		return rc ?: rte_lpm6_add(s->lpm6, half.b, 1, nh);
	}
	if (r->af == HVLB_AF_INET)
		return rte_lpm_add(s->lpm4, rte_be_to_cpu_32(r->prefix.w[0]), r->plen, nh);
	return rte_lpm6_add(s->lpm6, half.b, r->plen, nh);
}

static int
build_routes(struct fwd_snapshot *s, const struct cfgstore *st, const struct fwd_snapshot *prev,
	     int socket, char *err)
{
	struct rte_lpm_config c4 = {.max_rules = FWD_MAX_ROUTES, .number_tbl8s = 256};
	struct rte_lpm6_config c6 = {.max_rules = FWD_MAX_ROUTES, .number_tbl8s = 1024};
	char name[RTE_MEMZONE_NAMESIZE];

	if (routes_same(prev, st)) {
		s->rt = prev->rt;
		s->rt->refs++;
		s->lpm4 = s->rt->lpm4;
		s->lpm6 = s->rt->lpm6;
		s->n_nh = prev->n_nh;
		memcpy(s->nh, prev->nh, prev->n_nh * sizeof(s->nh[0]));
		return 0;
	}
	s->rt = calloc(1, sizeof(*s->rt));
	if (s->rt == NULL) {
		ERR("out of memory for the route tables");
		return -ENOMEM;
	}
	s->rt->refs = 1;
	/* Names must be unique while the old snapshot still exists. */
	snprintf(name, sizeof(name), "lpm4_%" PRIu64, snapshot_seq);
	s->lpm4 = s->rt->lpm4 = rte_lpm_create(name, socket, &c4);
	snprintf(name, sizeof(name), "lpm6_%" PRIu64, snapshot_seq);
	s->lpm6 = s->rt->lpm6 = rte_lpm6_create(name, socket, &c6);
	if (s->lpm4 == NULL || s->lpm6 == NULL) {
		ERR("cannot create route tables: %s", rte_strerror(rte_errno));
		return -ENOMEM;
	}
	for (unsigned i = 0; i < st->n_routes; i++) {
		const struct cfg_route *r = &st->routes[i];
		struct nexthop *nh = &s->nh[s->n_nh];
		int rc;

		nh->port = r->port;
		nh->af = r->af;
		nh->connected = !r->has_via;
		nh->gw = r->via;
		rc = lpm_add(s, r, s->n_nh);
		if (rc != 0) {
			ERR("route %u: cannot add: %s", i, strerror(-rc));
			return rc;
		}
		s->n_nh++;
	}
	s->rt->n_routes = st->n_routes;
	memcpy(s->rt->routes, st->routes, st->n_routes * sizeof(st->routes[0]));
	return 0;
}

/* The store's RS generations, with RS_GEN_DOWN added for the reals whose connections are to be
 * rescheduled at their next packet: down in a service that reschedules (down_conns), unless
 * all_down keep_last schedules over them anyway. The store adds it itself for reals removed
 * softly from such a service. */
static void
build_rs_gen(uint32_t *gen, const struct cfgstore *st)
{
	memcpy(gen, st->rs_gen, sizeof(st->rs_gen));
	for (unsigned i = 0; i < st->n_vs; i++) {
		const struct cfg_vs *v = &st->vs[i];
		struct vs_config c;

		if (v->down_conns != VS_DOWN_RESCHEDULE)
			continue;
		vs_config_of(&c, v);
		if (v->all_down == VS_ALL_DOWN_KEEP_LAST && vs_config_all_down(&c))
			continue;
		for (unsigned j = 0; j < v->n_rs; j++)
			if (v->rs[j].health == 0)
				gen[v->rs[j].slot] |= RS_GEN_DOWN;
	}
}

void
snap_free(struct fwd_snapshot *s)
{
	if (s == NULL)
		return;
	vs_table_free(s->vst);
	routes_put(s->rt);
	rte_free((void *)(uintptr_t)s->rs_gen);
	rte_free(s);
}

struct fwd_snapshot *
snap_build(const struct cfgstore *st, int socket, char *err)
{
	return snap_rebuild(st, NULL, socket, err);
}

struct fwd_snapshot *
snap_rebuild(const struct cfgstore *st, const struct fwd_snapshot *prev, int socket, char *err)
{
	struct fwd_snapshot *s;
	uint32_t *gen;

	s = rte_zmalloc_socket("snapshot", sizeof(*s), RTE_CACHE_LINE_SIZE, socket);
	gen = rte_malloc_socket("rs_gen", sizeof(st->rs_gen), RTE_CACHE_LINE_SIZE, socket);
	if (s == NULL || gen == NULL) {
		rte_free(s);
		rte_free(gen);
		ERR("out of memory for a snapshot");
		return NULL;
	}
	build_rs_gen(gen, st);
	s->rs_gen = gen;
	s->version = st->version;
	s->timeouts = st->timeouts;
	s->shortest_live_s = RTE_MIN(st->timeouts.udp, st->timeouts.tcp_est);
	for (unsigned i = 0; i < CONN_TO_SETS; i++) {
		const struct conn_timeouts *t = &s->to_sets[i];

		uint32_t live;

		cfg_timeouts_resolved(st, (uint8_t)i, &s->to_sets[i]);
		live = RTE_MIN(t->udp, t->tcp_est);
		s->shortest_live_s = RTE_MIN(s->shortest_live_s, live);
	}
	s->n_local = st->n_local;
	memcpy(s->local, st->local, sizeof(s->local[0]) * st->n_local);
	cfg_tenants_of(st, &s->tenants);
	snapshot_seq++;
	if (build_vs(s, st, prev, err) != 0 || build_routes(s, st, prev, socket, err) != 0) {
		snap_free(s);
		return NULL;
	}
	return s;
}

int
snap_publish(struct snap_pub *p, const struct cfgstore *st, char *err)
{
	struct fwd_snapshot *s = snap_rebuild(st, p->cur, p->socket, err), *old;

	if (s == NULL)
		return -EINVAL;
	old = p->cur;
	__atomic_store_n(&p->cur, s, __ATOMIC_RELEASE);
	if (old == NULL)
		return 0;
	/* Every reader reports a quiescent point at the top of its loop (or is offline while
	 * idle), after which none can still hold the old snapshot: free it then. */
	rte_rcu_qsbr_synchronize(p->rcu, RTE_QSBR_THRID_INVALID);
	snap_free(old);
	return 0;
}
