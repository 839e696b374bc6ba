/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The control API's flow-steering operations: the steering read-out (mechanism per port,
 * RSS-A's settings and per-worker load, the overrides, the dispatch stage), RSS-A's settings,
 * and moving one connection to a chosen worker.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_byteorder.h>
#include <rte_common.h>
#include <rte_cycles.h>
#include <rte_lcore.h>

#include "ctl_op.h"
#include "hash.h"

#define CTL_OVR_LIMIT_DEFAULT 100u
#define CTL_OVR_LIMIT_MAX 1000u

/* "addr:port" or "[v6addr]:port", the port required ("fd00::1:80" is a bare address, so it
 * fails for want of a port). */
static int
parse_endpoint(const char *s, union hvlb_addr *a, uint8_t *af, uint16_t *port)
{
	return cfg_parse_endpoint(s, a, af, port) != 0 || *port == 0 ? -EINVAL : 0;
}

/* ---- read-out ---- */

static Hvlb__Fwd__V1__RssaConfig *
rssa_config(struct ctl_req *r)
{
	Hvlb__Fwd__V1__RssaConfig *m =
		CTL_NEW(r, Hvlb__Fwd__V1__RssaConfig, hvlb__fwd__v1__rssa_config__init);
	struct rssa_settings s;

	if (m == NULL)
		return NULL;
	rssa_ctl_get(r->f->rssa, &s);
	m->enabled = s.enabled;
	m->q = s.p.q;
	m->epsilon = s.p.epsilon;
	m->theta_h = s.p.theta_h;
	m->period_ms = s.period_ms;
	m->n_sam = s.p.n_sam;
	m->cooldown = s.p.cooldown;
	m->max_moves = s.p.max_moves;
	return m;
}

static Hvlb__Fwd__V1__WorkerLoad *
worker_load(struct ctl_req *r, uint16_t i)
{
	Hvlb__Fwd__V1__WorkerLoad *m =
		CTL_NEW(r, Hvlb__Fwd__V1__WorkerLoad, hvlb__fwd__v1__worker_load__init);
	const struct steer_ctl *sc = r->f->sc;
	const struct rssa_ctl *rc = r->f->rssa;
	const struct worker *w = r->f->workers[i];

	if (m == NULL)
		return NULL;
	m->worker = i;
	m->lcore = w->lcore;
	m->socket = (uint32_t)w->socket;
	m->load = rc->w[i].load;
	m->load_period = rc->rssa.w[i].load;
	m->overload_freq = rc->rssa.w[i].foe;
	m->overloaded = rssa_overloaded(&rc->rssa, i);
	m->flows_moved_in = w->stats.steer_in;
	m->flows_moved_out = w->stats.steer_out;
	for (uint32_t k = 0; k < sc->n_ovr; k++)
		m->overrides += sc->ovr[k].worker == i;
	return m;
}

/* The dispatch stage's figures, all 0 (enabled false) when there is none. Its counters are
 * read while it writes them: each is one aligned 64-bit load, never torn, at worst a few
 * packets behind. */
static Hvlb__Fwd__V1__DispatchStage *
dispatch_stage(struct ctl_req *r)
{
	Hvlb__Fwd__V1__DispatchStage *m =
		CTL_NEW(r, Hvlb__Fwd__V1__DispatchStage, hvlb__fwd__v1__dispatch_stage__init);
	const struct fwd *f = r->f;
	struct dispatch_stats ds;

	if (m == NULL || f->disp.n == 0)
		return m;
	dispatch_sum(&f->disp, &ds);
	m->enabled = true;
	m->stages = f->disp.n;
	m->lcore = f->disp.d[0]->lcore;
	m->socket = rte_lcore_to_socket_id(f->disp.d[0]->lcore);
	for (uint16_t i = 0; i < f->disp.n; i++)
		m->rx_queues += f->disp.d[i]->n_rxq;
	m->rx_packets = ds.rx_pkts;
	m->raw_packets = ds.raw;
	m->steered_packets = ds.steered;
	m->full_drops = ds.full;
	m->busy_seconds = (double)ds.busy_cycles / (double)f->env.hz;
	m->fences = ds.fences;
	m->fence_held = ds.fence_held;
	m->fence_early = ds.fence_early;
	m->rx_bytes = ds.rx_bytes;
	m->idle_sleeps = ds.idle_sleeps;
	return m;
}

static Hvlb__Fwd__V1__SteerOverride *
override(struct ctl_req *r, const struct steer_override *o, uint64_t now)
{
	Hvlb__Fwd__V1__SteerOverride *m =
		CTL_NEW(r, Hvlb__Fwd__V1__SteerOverride, hvlb__fwd__v1__steer_override__init);
	const struct flow_key *k = &o->key[0];
	char buf[CTL_NAME_LEN];

	if (m == NULL)
		return NULL;
	m->protocol = ctl_strdup(r, ctl_proto_name(k->proto, buf, sizeof(buf)));
	ctl_fmt_endpoint(buf, sizeof(buf), &k->src, k->af, k->sport);
	m->client = ctl_strdup(r, buf);
	ctl_fmt_endpoint(buf, sizeof(buf), &k->dst, k->af, k->dport);
	m->vip = ctl_strdup(r, buf);
	m->worker = o->worker;
	m->from_worker = o->from;
	m->default_worker = steer_owner(r->f->env.n_workers, &k->src, k->sport);
	m->age_s = (uint32_t)RTE_MIN((now - o->since) / r->f->env.hz, (uint64_t)UINT32_MAX);
	m->priority = o->priority;
	m->manual = o->manual;
	return m->protocol != NULL && m->client != NULL && m->vip != NULL ? m : NULL;
}

static int
steering_lists(struct ctl_req *r, Hvlb__Fwd__V1__Steering *s, uint32_t limit)
{
	struct fwd *f = r->f;
	const struct steer_ctl *sc = f->sc;
	uint64_t now = rte_rdtsc();

	s->ports = CTL_NEW_ARRAY(r, Hvlb__Fwd__V1__PortSteering, f->ports.n);
	s->workers = CTL_NEW_ARRAY(r, Hvlb__Fwd__V1__WorkerLoad, f->env.n_workers);
	s->overrides = CTL_NEW_ARRAY(r, Hvlb__Fwd__V1__SteerOverride, RTE_MIN(limit, sc->n_ovr));
	if (s->ports == NULL || s->workers == NULL || s->overrides == NULL)
		return CTL_ENOMEM(r);
	for (uint16_t p = 0; p < f->ports.n; p++) {
		Hvlb__Fwd__V1__PortSteering *m = CTL_NEW(r, Hvlb__Fwd__V1__PortSteering,
							 hvlb__fwd__v1__port_steering__init);
		if (m == NULL)
			return CTL_ENOMEM(r);
		m->port = p;
		m->name = CTL_CONST_STR(f->ports.p[p].name);
		m->mechanism = CTL_CONST_STR(f->ports.p[p].steering);
		m->socket = f->ports.p[p].socket;
		s->ports[s->n_ports++] = m;
	}
	for (uint16_t i = 0; i < f->env.n_workers; i++)
		if ((s->workers[s->n_workers++] = worker_load(r, i)) == NULL)
			return CTL_ENOMEM(r);
	for (uint32_t k = 0; k < sc->n_ovr && k < limit; k++)
		if ((s->overrides[s->n_overrides++] = override(r, &sc->ovr[k], now)) == NULL)
			return CTL_ENOMEM(r);
	return 0;
}

int
ctl_op_get_steering(struct ctl_req *r, const Hvlb__Fwd__V1__GetSteering *m)
{
	Hvlb__Fwd__V1__Steering *s =
		CTL_NEW(r, Hvlb__Fwd__V1__Steering, hvlb__fwd__v1__steering__init);
	const struct steer_ctl *sc = r->f->sc;
	uint32_t limit = m->limit == 0 ? CTL_OVR_LIMIT_DEFAULT : RTE_MIN(m->limit,
									   CTL_OVR_LIMIT_MAX);
	int rc;

	if (s == NULL || (s->rssa = rssa_config(r)) == NULL ||
	    (s->dispatch = dispatch_stage(r)) == NULL)
		return CTL_ENOMEM(r);
	if ((rc = steering_lists(r, s, limit)) != 0)
		return rc;
	s->overrides_total = sc->n_ovr;
	s->periods = r->f->rssa->rssa.periods;
	s->flows_moved = sc->moves_done;
	s->rssa_moves = r->f->rssa->moves;
	s->moves_failed = sc->moves_failed;
	s->moves_in_progress = sc->n_mig;
	s->publications = sc->publications;
	s->moves_vanished = sc->moves_vanished;
	s->placed = sc->placed;
	s->overrides_gone = sc->gone;
	r->resp->body_case = HVLB__FWD__V1__RESPONSE__BODY_STEERING;
	r->resp->steering = s;
	return 0;
}

/* ---- changes ---- */

int
ctl_op_set_rssa(struct ctl_req *r, const Hvlb__Fwd__V1__SetRssa *m)
{
	const Hvlb__Fwd__V1__RssaConfig *c = m->config;
	struct rssa_settings s;
	const char *msg;

	if (c == NULL && !m->set_enabled)
		return ctl_fail(r, -EINVAL, "set_rssa: neither config nor set_enabled given");
	rssa_ctl_get(r->f->rssa, &s);
	if (m->set_enabled)
		s.enabled = c != NULL && c->enabled;
	if (c != NULL) {
		s.p.q = c->q != 0 ? c->q : s.p.q;
		s.p.epsilon = c->epsilon != 0 ? c->epsilon : s.p.epsilon;
		s.p.theta_h = c->theta_h != 0 ? c->theta_h : s.p.theta_h;
		s.period_ms = c->period_ms != 0 ? c->period_ms : s.period_ms;
		s.p.n_sam = c->n_sam != 0 ? c->n_sam : s.p.n_sam;
		s.p.cooldown = c->cooldown != 0 ? c->cooldown : s.p.cooldown;
		s.p.max_moves = c->max_moves != 0 ? c->max_moves : s.p.max_moves;
	}
	msg = rssa_settings_check(&s);
	if (msg != NULL)
		return ctl_fail(r, -EINVAL, "set_rssa.config.%s", msg);
	rssa_ctl_set(r->f->rssa, &s);
	return 0;
}

/* The connection client -> vip as its owner holds it now, copied (the owner keeps writing
 * it: a torn copy only costs a move that finds nothing, which the owner reports). */
static int
find_flow(struct ctl_req *r, const Hvlb__Fwd__V1__SteerFlow *m, struct conn *out)
{
	struct fwd *f = r->f;
	struct flow_key k;
	const struct conn *c;
	enum conn_dir dir;
	uint8_t af2;
	uint16_t owner;

	memset(&k, 0, sizeof(k));
	if (cfg_parse_proto(m->protocol, &k.proto) != 0)
		return ctl_fail(r, -EINVAL, "steer_flow.protocol: must be tcp or udp");
	if (parse_endpoint(m->client, &k.src, &k.af, &k.sport) != 0)
		return ctl_fail(r, -EINVAL, "steer_flow.client: not addr:port or [addr]:port");
	if (parse_endpoint(m->vip, &k.dst, &af2, &k.dport) != 0)
		return ctl_fail(r, -EINVAL, "steer_flow.vip: not addr:port or [addr]:port");
	if (af2 != k.af)
		return ctl_fail(r, -EINVAL, "steer_flow.vip: not the client's address family");
	owner = steer_ctl_owner(f->sc, &k);
	c = conn_lookup(f->workers[owner]->conns, &k, conn_key_hash(&k), &dir);
	if (c != NULL)
		*out = *c;
	if (c == NULL || dir != CONN_DIR_ORIG || !out->in_use || !conn_orig_eq(out, &k))
		return ctl_fail(r, -ENOENT, "steer_flow: no %s connection %s -> %s on worker %u, "
			        "its owner", m->protocol, m->client, m->vip, owner);
	return 0;
}

int
ctl_op_steer_flow(struct ctl_req *r, const Hvlb__Fwd__V1__SteerFlow *m)
{
	struct fwd *f = r->f;
	struct flow_key keys[2];
	struct conn c;
	int rc;

	if (f->env.n_workers < 2)
		return ctl_fail(r, -EINVAL, "steer_flow: one worker, nothing to steer to");
	if (m->worker >= f->env.n_workers)
		return ctl_fail(r, -EINVAL, "steer_flow.worker: no worker %u (workers 0 to %u)",
				m->worker, f->env.n_workers - 1);
	if ((rc = find_flow(r, m, &c)) != 0)
		return rc;
	conn_orig_key(&c, &keys[0]);
	rc = steer_ctl_move(f->sc, keys, conn_reply_tuple(&c, &keys[1]) ? 2 : 1,
			    (uint16_t)m->worker, f->cfg->vs_prio[c.vs_slot % VS_MAX_SLOTS], true,
			    rssa_ctl_period(f->rssa), rte_rdtsc());
	if (rc == -EINVAL)
		return ctl_fail(r, -EEXIST, "steer_flow: the connection is on worker %u already",
				m->worker);
	if (rc == -EBUSY)
		return ctl_fail(r, -EBUSY, "steer_flow: the connection is being moved; try again");
	if (rc < 0)
		return ctl_fail(r, rc, "steer_flow: too many overrides or moves in progress");
	return 0;
}
