/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The control API's read-outs: services and their counters, routes, neighbours, stats (the
 * connections are ctl_op_conns.c's). They run on the control thread and read worker
 * counters while the workers keep writing them: plain 64-bit reads, which do not tear on
 * x86-64.
 */
#include <errno.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>

#include <rte_byteorder.h>
#include <rte_common.h>
#include <rte_cycles.h>
#include <rte_ethdev.h>
#include <rte_mempool.h>

#include "rewrite_tunnel.h"
#include "ctl_op.h"
#include "scheduler.h"
#include "vs_setting_defs.h"
#include "worker_kfp.h"

/* ---- services ---- */

static Hvlb__Fwd__V1__ServiceId *
service_id(struct ctl_req *r, const struct cfg_vs *v)
{
	Hvlb__Fwd__V1__ServiceId *id =
		CTL_NEW(r, Hvlb__Fwd__V1__ServiceId, hvlb__fwd__v1__service_id__init);
	char ip[INET6_ADDRSTRLEN], pb[8];

	if (id == NULL)
		return NULL;
	cfg_format_addr(&v->vip, v->af, ip, sizeof(ip));
	id->protocol = ctl_strdup(r, ctl_proto_name(v->proto, pb, sizeof(pb)));
	id->vip = ctl_strdup(r, ip);
	id->vport = rte_be_to_cpu_16(v->vport);
	id->vni = v->vni;
	return id->protocol != NULL && id->vip != NULL ? id : NULL;
}

static Hvlb__Fwd__V1__RealService *
real_service(struct ctl_req *r, const struct rs_config *rs)
{
	Hvlb__Fwd__V1__RealService *m =
		CTL_NEW(r, Hvlb__Fwd__V1__RealService, hvlb__fwd__v1__real_service__init);
	char ip[INET6_ADDRSTRLEN];

	if (m == NULL)
		return NULL;
	cfg_format_addr(&rs->addr, rs->af, ip, sizeof(ip));
	m->address = ctl_strdup(r, ip);
	m->port = rte_be_to_cpu_16(rs->port);
	m->weight = rs->weight;
	m->health = rs->health;
	m->conn_limit = rs->conn_limit;
	return m->address != NULL ? m : NULL;
}

/* The counters since the last zero of a slot (stats_zero.h). */
static Hvlb__Fwd__V1__CountersSinceZero *
since_zero(struct ctl_req *r, const struct stats_zero_point *p, const struct slot_stats *raw)
{
	Hvlb__Fwd__V1__CountersSinceZero *m = CTL_NEW(r, Hvlb__Fwd__V1__CountersSinceZero,
						      hvlb__fwd__v1__counters_since_zero__init);
	struct slot_stats s;

	if (m == NULL)
		return NULL;
	stats_zero_since(p, raw, &s);
	m->zeroed_at_ms = p->at_ms;
	m->total_conns = s.conns_total;
	m->packets = s.pkts;
	m->bytes = s.bytes;
	return m;
}

static Hvlb__Fwd__V1__RealStatus *
real_status(struct ctl_req *r, const struct rs_config *rs)
{
	Hvlb__Fwd__V1__RealStatus *m =
		CTL_NEW(r, Hvlb__Fwd__V1__RealStatus, hvlb__fwd__v1__real_status__init);
	char ip[INET6_ADDRSTRLEN];
	struct slot_stats ss;
	uint64_t active;
	double srtt_us;

	if (m == NULL)
		return NULL;
	cfg_format_addr(&rs->addr, rs->af, ip, sizeof(ip));
	m->address = ctl_strdup(r, ip);
	m->port = rte_be_to_cpu_16(rs->port);
	fwd_sum_rs(r->f, rs->slot, &ss, &active);
	m->active_conns = active;
	m->total_conns = ss.conns_total;
	m->packets = ss.pkts;
	m->bytes = ss.bytes;
	fwd_rs_rtt(r->f, rs->slot, &srtt_us, &m->handshake_samples, &m->handshake_rtt_sum_us);
	m->handshake_rtt_ms = srtt_us / 1000.0;
	m->since_zero = since_zero(r, &r->f->zero->rs[rs->slot], &ss);
	return m->address != NULL && m->since_zero != NULL ? m : NULL;
}

Hvlb__Fwd__V1__VirtualService *
ctl_virtual_service(struct ctl_req *r, const struct cfg_vs *v)
{
	Hvlb__Fwd__V1__VirtualService *m =
		CTL_NEW(r, Hvlb__Fwd__V1__VirtualService, hvlb__fwd__v1__virtual_service__init);
	struct conn_timeouts to;

	if (m == NULL || (m->id = service_id(r, v)) == NULL)
		return NULL;
	m->mode = CTL_CONST_STR(vs_mode_name(v->mode));
	m->encap = CTL_CONST_STR(tunnel_encap_name(v->encap));
	m->scheduler = CTL_CONST_STR(sched_name(v->sched));
	m->priority = v->priority;
	m->down_conns = CTL_CONST_STR(vs_down_conns_name(v->down_conns));
	m->all_down = CTL_CONST_STR(vs_all_down_name(v->all_down));
	vs_settings_to_msg(&v->set, &m->base);
	/* Listed when any is set, so that "none" reads the same however it came about. */
	cfg_vs_timeouts(r->f->cfg, v, &to);
	if ((to.tcp_syn | to.tcp_est | to.tcp_fin | to.tcp_tw | to.tcp_close | to.udp) != 0 &&
	    (m->timeouts = ctl_timeouts_msg(r, &to)) == NULL)
		return NULL;
	m->synproxy = CTL_CONST_STR(vs_synproxy_name(v->synproxy));
	m->synproxy_threshold = v->synproxy_threshold;
	m->client_addr = CTL_CONST_STR(v->client_addr ? "on" : "off");
	m->hash = CTL_CONST_STR(vs_hash_name(v->hash));
	m->real_services = CTL_NEW_ARRAY(r, Hvlb__Fwd__V1__RealService, v->n_rs);
	if (m->real_services == NULL)
		return NULL;
	for (unsigned i = 0; i < v->n_rs; i++) {
		m->real_services[i] = real_service(r, &v->rs[i]);
		if (m->real_services[i] == NULL)
			return NULL;
	}
	m->n_real_services = v->n_rs;
	return m;
}

static Hvlb__Fwd__V1__ServiceStatus *
service_status(struct ctl_req *r, const struct cfg_vs *v)
{
	Hvlb__Fwd__V1__ServiceStatus *m =
		CTL_NEW(r, Hvlb__Fwd__V1__ServiceStatus, hvlb__fwd__v1__service_status__init);
	struct slot_stats ss;
	uint64_t active;

	if (m == NULL || (m->id = service_id(r, v)) == NULL)
		return NULL;
	m->key = vs_key(v->proto, &v->vip, v->vport);
	fwd_sum_vs(r->f, v->slot, &ss, &active);
	m->active_conns = active;
	m->total_conns = ss.conns_total;
	m->packets = ss.pkts;
	m->bytes = ss.bytes;
	m->since_zero = since_zero(r, &r->f->zero->vs[v->slot], &ss);
	m->reals = CTL_NEW_ARRAY(r, Hvlb__Fwd__V1__RealStatus, v->n_rs);
	if (m->reals == NULL || m->since_zero == NULL)
		return NULL;
	for (unsigned i = 0; i < v->n_rs; i++) {
		m->reals[i] = real_status(r, &v->rs[i]);
		if (m->reals[i] == NULL)
			return NULL;
	}
	m->n_reals = v->n_rs;
	return m;
}

/* Every configured service: its spec in specs, its counters at the same index in status.
 * 0 or -ENOMEM. */
static int
services(struct ctl_req *r, size_t *n, Hvlb__Fwd__V1__VirtualService ***specs,
	 Hvlb__Fwd__V1__ServiceStatus ***status)
{
	const struct cfgstore *st = r->f->cfg;
	Hvlb__Fwd__V1__VirtualService **a =
		CTL_NEW_ARRAY(r, Hvlb__Fwd__V1__VirtualService, st->n_vs);
	Hvlb__Fwd__V1__ServiceStatus **b = CTL_NEW_ARRAY(r, Hvlb__Fwd__V1__ServiceStatus, st->n_vs);

	if (a == NULL || b == NULL)
		return CTL_ENOMEM(r);
	for (unsigned i = 0; i < st->n_vs; i++) {
		a[i] = ctl_virtual_service(r, &st->vs[i]);
		b[i] = service_status(r, &st->vs[i]);
		if (a[i] == NULL || b[i] == NULL)
			return CTL_ENOMEM(r);
	}
	*n = st->n_vs;
	*specs = a;
	*status = b;
	return 0;
}

int
ctl_op_list_services(struct ctl_req *r)
{
	const struct cfgstore *st = r->f->cfg;
	Hvlb__Fwd__V1__ServiceList *l =
		CTL_NEW(r, Hvlb__Fwd__V1__ServiceList, hvlb__fwd__v1__service_list__init);
	int rc;

	if (l == NULL)
		return CTL_ENOMEM(r);
	rc = services(r, &l->n_services, &l->services, &l->service_status);
	if (rc != 0)
		return rc;
	l->n_service_status = l->n_services;
	l->retired = CTL_NEW_ARRAY(r, Hvlb__Fwd__V1__ServiceStatus, st->n_vs_retired);
	if (l->retired == NULL)
		return CTL_ENOMEM(r);
	for (unsigned i = 0; i < st->n_vs_retired; i++)
		if ((l->retired[i] = service_status(r, &st->vs_retired[i])) == NULL)
			return CTL_ENOMEM(r);
	l->n_retired = st->n_vs_retired;
	r->resp->body_case = HVLB__FWD__V1__RESPONSE__BODY_SERVICES;
	r->resp->services = l;
	return 0;
}

/* ---- routes and neighbours ---- */

static Hvlb__Fwd__V1__Route *
route(struct ctl_req *r, const struct cfg_route *cr)
{
	Hvlb__Fwd__V1__Route *m = CTL_NEW(r, Hvlb__Fwd__V1__Route, hvlb__fwd__v1__route__init);
	char ip[INET6_ADDRSTRLEN], pfx[INET6_ADDRSTRLEN + 8];

	if (m == NULL)
		return NULL;
	cfg_format_addr(&cr->prefix, cr->af, ip, sizeof(ip));
	snprintf(pfx, sizeof(pfx), "%s/%u", ip, cr->plen);
	m->prefix = ctl_strdup(r, pfx);
	if (cr->has_via) {
		cfg_format_addr(&cr->via, cr->af, ip, sizeof(ip));
		m->via = ctl_strdup(r, ip);
	}
	m->port = cr->port;
	return m->prefix != NULL && m->via != NULL ? m : NULL;
}

int
ctl_op_list_routes(struct ctl_req *r)
{
	const struct cfgstore *st = r->f->cfg;
	Hvlb__Fwd__V1__RouteList *l =
		CTL_NEW(r, Hvlb__Fwd__V1__RouteList, hvlb__fwd__v1__route_list__init);

	if (l == NULL || (l->routes = CTL_NEW_ARRAY(r, Hvlb__Fwd__V1__Route, st->n_routes)) == NULL)
		return CTL_ENOMEM(r);
	for (unsigned i = 0; i < st->n_routes; i++) {
		l->routes[i] = route(r, &st->routes[i]);
		if (l->routes[i] == NULL)
			return CTL_ENOMEM(r);
	}
	l->n_routes = st->n_routes;
	r->resp->body_case = HVLB__FWD__V1__RESPONSE__BODY_ROUTES;
	r->resp->routes = l;
	return 0;
}

struct neigh_ctx {
	struct ctl_req *r;
	Hvlb__Fwd__V1__NeighborList *l;
	int oom;
};

static void
neigh_visit(void *arg, uint8_t af, const union hvlb_addr *addr, const struct rte_ether_addr *mac,
	    uint16_t port, int is_static)
{
	struct neigh_ctx *x = arg;
	Hvlb__Fwd__V1__Neighbor *m;
	char ip[INET6_ADDRSTRLEN], hw[RTE_ETHER_ADDR_FMT_SIZE];

	if (x->oom || x->l->n_neighbors == FWD_NEIGH_MAX)
		return;
	m = CTL_NEW(x->r, Hvlb__Fwd__V1__Neighbor, hvlb__fwd__v1__neighbor__init);
	if (m == NULL) {
		x->oom = 1;
		return;
	}
	cfg_format_addr(addr, af, ip, sizeof(ip));
	rte_ether_format_addr(hw, sizeof(hw), mac);
	m->address = ctl_strdup(x->r, ip);
	m->mac = ctl_strdup(x->r, hw);
	m->port = port;
	m->is_static = is_static != 0;
	x->oom = m->address == NULL || m->mac == NULL;
	x->l->neighbors[x->l->n_neighbors++] = m;
}

int
ctl_op_list_neighbors(struct ctl_req *r)
{
	struct neigh_ctx x = {.r = r};

	x.l = CTL_NEW(r, Hvlb__Fwd__V1__NeighborList, hvlb__fwd__v1__neighbor_list__init);
	/* Room for the whole table: the walk's callback cannot grow an array. */
	if (x.l == NULL ||
	    (x.l->neighbors = CTL_NEW_ARRAY(r, Hvlb__Fwd__V1__Neighbor, FWD_NEIGH_MAX)) == NULL)
		return CTL_ENOMEM(r);
	neigh_walk(&r->f->neigh, neigh_visit, &x);
	if (x.oom)
		return CTL_ENOMEM(r);
	r->resp->body_case = HVLB__FWD__V1__RESPONSE__BODY_NEIGHBORS;
	r->resp->neighbors = x.l;
	return 0;
}

/* ---- stats ---- */

/* The non-zero drop counters, by name. */
static int
drops(struct ctl_req *r, const uint64_t *count, size_t *n, Hvlb__Fwd__V1__DropCount ***out)
{
	Hvlb__Fwd__V1__DropCount **a;
	size_t k = 0;

	for (unsigned i = 1; i < HVLB_DROP_MAX; i++)
		k += count[i] != 0;
	a = CTL_NEW_ARRAY(r, Hvlb__Fwd__V1__DropCount, k);
	if (a == NULL)
		return CTL_ENOMEM(r);
	k = 0;
	for (unsigned i = 1; i < HVLB_DROP_MAX; i++) {
		if (count[i] == 0)
			continue;
		a[k] = CTL_NEW(r, Hvlb__Fwd__V1__DropCount, hvlb__fwd__v1__drop_count__init);
		if (a[k] == NULL)
			return CTL_ENOMEM(r);
		a[k]->reason = CTL_CONST_STR(hvlb_drop_name(i));
		a[k++]->count = count[i];
	}
	*n = k;
	*out = a;
	return 0;
}

/* Where stats_each puts a worker's counters: every one into counters, by name (room for the
 * registry's STATS_N_COUNTERS), and into the typed field of the same name where
 * WorkerStats declares one, for the readers that had those. */
struct worker_fill {
	struct ctl_req *r;
	Hvlb__Fwd__V1__WorkerStats *m;
	bool oom;
};

static void
set_counter(void *arg, const char *name, uint64_t value)
{
	struct worker_fill *x = arg;
	ProtobufCMessage *m = &x->m->base;
	const ProtobufCFieldDescriptor *fd =
		protobuf_c_message_descriptor_get_field_by_name(m->descriptor, name);
	Hvlb__Fwd__V1__Counter *c;

	if (fd != NULL && fd->type == PROTOBUF_C_TYPE_UINT64 && fd->label == PROTOBUF_C_LABEL_NONE)
		*(uint64_t *)(void *)((char *)m + fd->offset) = value;
	c = CTL_NEW(x->r, Hvlb__Fwd__V1__Counter, hvlb__fwd__v1__counter__init);
	if (c == NULL || x->m->n_counters == STATS_N_COUNTERS) {
		x->oom = true;
		return;
	}
	c->name = CTL_CONST_STR(name);
	c->value = value;
	x->m->counters[x->m->n_counters++] = c;
}

static Hvlb__Fwd__V1__WorkerStats *
worker_stats(struct ctl_req *r, const struct worker *w)
{
	Hvlb__Fwd__V1__WorkerStats *m =
		CTL_NEW(r, Hvlb__Fwd__V1__WorkerStats, hvlb__fwd__v1__worker_stats__init);
	struct worker_stats s = w->stats; /* the worker keeps counting: one read of each */
	struct worker_fill x = {.r = r, .m = m};

	if (m == NULL ||
	    (m->counters = CTL_NEW_ARRAY(r, Hvlb__Fwd__V1__Counter, STATS_N_COUNTERS)) == NULL)
		return NULL;
	m->worker = w->id;
	m->lcore = w->lcore;
	stats_each(&s, set_counter, &x);
	if (x.oom)
		return NULL;
	m->active_conns = conn_count(w->conns);
	m->conn_capacity = conn_capacity(w->conns);
	m->load = r->f->rssa->w[w->id].load;
	m->load_period = r->f->rssa->rssa.w[w->id].load;
	m->overload_freq = r->f->rssa->rssa.w[w->id].foe;
	m->socket = (uint32_t)w->socket;
	return drops(r, s.drops, &m->n_drops, &m->drops) == 0 ? m : NULL;
}

static Hvlb__Fwd__V1__PortStats *
port_stats(struct ctl_req *r, uint16_t i)
{
	Hvlb__Fwd__V1__PortStats *m =
		CTL_NEW(r, Hvlb__Fwd__V1__PortStats, hvlb__fwd__v1__port_stats__init);
	const struct fwd_port *p = &r->f->ports.p[i];
	struct rte_eth_stats es;

	if (m == NULL)
		return NULL;
	m->port = i;
	m->name = CTL_CONST_STR(p->name);
	/* A port that cannot report shows zeros rather than failing the whole read-out. */
	if (rte_eth_stats_get(p->port_id, &es) == 0) {
		m->ipackets = es.ipackets;
		m->opackets = es.opackets;
		m->ibytes = es.ibytes;
		m->obytes = es.obytes;
		m->imissed = es.imissed;
		m->ierrors = es.ierrors;
		m->oerrors = es.oerrors;
	}
	csum_watch_sum(r->f->workers, r->f->env.n_workers, i, &m->bad_l4_csum, &m->csum_unfilled);
	m->peer_csum_offload = r->f->csum.flagged[i];
	m->kernel_rx_drops = port_ksock_rx_drops(&r->f->ports.p[i].ks);
	m->kernel_socket = CTL_CONST_STR(port_ksock_kind_name(&p->ks));
	m->ring_kind = CTL_CONST_STR(port_ring_kind_name(p->ring.kind));
	m->rx_ring = p->ring.rx_ring;
	m->tx_ring = p->ring.tx_ring;
	m->ring_mbufs = p->ring.held;
	m->kernel_fast_packets = port_kfp_stat(&p->kfp, XDP_FAST_STAT_FAST_PKTS);
	m->kernel_fast_bytes = port_kfp_stat(&p->kfp, XDP_FAST_STAT_FAST_BYTES);
	m->kernel_fast_entries = worker_kfp_entries(r->f->workers, r->f->env.n_workers, i);
	return m;
}

static int
stats_workers_ports(struct ctl_req *r, Hvlb__Fwd__V1__Stats *s)
{
	struct fwd *f = r->f;

	s->workers = CTL_NEW_ARRAY(r, Hvlb__Fwd__V1__WorkerStats, f->env.n_workers);
	s->ports = CTL_NEW_ARRAY(r, Hvlb__Fwd__V1__PortStats, f->ports.n);
	if (s->workers == NULL || s->ports == NULL)
		return CTL_ENOMEM(r);
	for (uint16_t i = 0; i < f->env.n_workers; i++) {
		s->workers[i] = worker_stats(r, f->workers[i]);
		if (s->workers[i] == NULL)
			return CTL_ENOMEM(r);
	}
	s->n_workers = f->env.n_workers;
	for (uint16_t i = 0; i < f->ports.n; i++) {
		s->ports[i] = port_stats(r, i);
		if (s->ports[i] == NULL)
			return CTL_ENOMEM(r);
	}
	s->n_ports = f->ports.n;
	return 0;
}

int
ctl_op_get_stats(struct ctl_req *r)
{
	Hvlb__Fwd__V1__Stats *s = CTL_NEW(r, Hvlb__Fwd__V1__Stats, hvlb__fwd__v1__stats__init);
	struct fwd *f = r->f;
	struct worker_stats tot;
	int rc;

	if (s == NULL)
		return CTL_ENOMEM(r);
	fwd_sum_worker_stats(f, &tot);
	if ((rc = stats_workers_ports(r, s)) != 0 ||
	    (rc = services(r, &s->n_services, &s->services, &s->service_status)) != 0 ||
	    (rc = drops(r, tot.drops, &s->n_drops, &s->drops)) != 0)
		return rc;
	if (f->sync->set.n_peers > 0 &&
	    (rc = ctl_sync_counters(r, &s->sync_counters, &s->n_sync_counters)) != 0)
		return rc;
	s->n_service_status = s->n_services;
	s->config_version = f->cfg->version;
	s->exception_from_kernel = f->exc.from_kernel;
	s->conns_restored = f->persist.restored;
	s->conns_restore_failed = f->persist.restore_failed;
	if (f->pool != NULL) {
		s->mempool_in_use = rte_mempool_in_use_count(f->pool);
		s->mempool_size = f->pool->size;
	}
	r->resp->body_case = HVLB__FWD__V1__RESPONSE__BODY_STATS;
	r->resp->stats = s;
	return 0;
}

int
ctl_op_get_timeouts(struct ctl_req *r)
{
	Hvlb__Fwd__V1__Timeouts *m = ctl_timeouts_msg(r, &r->f->cfg->timeouts);

	if (m == NULL)
		return CTL_ENOMEM(r);
	r->resp->body_case = HVLB__FWD__V1__RESPONSE__BODY_TIMEOUTS;
	r->resp->timeouts = m;
	return 0;
}
