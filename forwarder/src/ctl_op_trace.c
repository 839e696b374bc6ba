/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * TraceFlow: what this forwarder does with one flow, decided by the code that forwards it.
 * The connection each worker holds for the flow (looked up as SteerFlow looks it up: the
 * control thread reads the tables the workers write, on a copy); for a new connection, the
 * service vs_lookup_tenant finds in the current snapshot and the real sched_pick gives on a
 * copy of the owner worker's scheduler state (its rr cursor, its lc counts), so the trace
 * changes nothing, then the limits conn_new applies after the pick (rare_conn_limits's).
 * The answer for rr, wrr and random is the owner's next pick now, which the next connection
 * of any client may take first.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <rte_byteorder.h>
#include <rte_common.h>
#include <rte_cycles.h>

#include "ctl_op.h"
#include "worker_persist.h"
#include "hash.h"
#include "maglev.h"
#include "rate.h"
#include "scheduler.h"

#define TRACE_REASON_LEN 256

static int
parse_flow(struct ctl_req *r, const Hvlb__Fwd__V1__TraceFlow *m, struct flow_key *k)
{
	uint8_t af2;

	memset(k, 0, sizeof(*k));
	if (m->protocol == NULL || cfg_parse_proto(m->protocol, &k->proto) != 0)
		return ctl_fail(r, -EINVAL, "trace_flow.protocol: must be tcp or udp");
	if (m->client == NULL || cfg_parse_endpoint(m->client, &k->src, &k->af, &k->sport) != 0 ||
	    k->sport == 0)
		return ctl_fail(r, -EINVAL, "trace_flow.client: not addr:port or [addr]:port");
	if (m->vip == NULL || cfg_parse_endpoint(m->vip, &k->dst, &af2, &k->dport) != 0 ||
	    k->dport == 0)
		return ctl_fail(r, -EINVAL, "trace_flow.vip: not addr:port or [addr]:port");
	if (af2 != k->af)
		return ctl_fail(r, -EINVAL, "trace_flow.vip: not the client's address family");
	return 0;
}

/* Every worker's connection for k (its ORIG direction), copied. */
static int
trace_conns(struct ctl_req *r, Hvlb__Fwd__V1__FlowTrace *t, const struct flow_key *k)
{
	struct fwd *f = r->f;
	uint32_t h = conn_key_hash(k);
	uint64_t now = rte_rdtsc();

	t->connections = CTL_NEW_ARRAY(r, Hvlb__Fwd__V1__Connection, f->env.n_workers);
	if (t->connections == NULL)
		return CTL_ENOMEM(r);
	for (uint16_t w = 0; w < f->env.n_workers; w++) {
		const struct conn *live;
		enum conn_dir dir;
		struct conn c;

		live = conn_lookup(f->workers[w]->conns, k, h, &dir);
		if (live == NULL)
			continue;
		c = *live; /* the owner may rewrite it meanwhile */
		if (dir != CONN_DIR_ORIG || !c.in_use || !conn_orig_eq(&c, k))
			continue;
		t->connections[t->n_connections] = ctl_conn_msg(r, &c, w, now);
		if (t->connections[t->n_connections++] == NULL)
			return CTL_ENOMEM(r);
	}
	return 0;
}

static Hvlb__Fwd__V1__ServiceId *
trace_service_id(struct ctl_req *r, const struct vs *vs)
{
	Hvlb__Fwd__V1__ServiceId *id =
		CTL_NEW(r, Hvlb__Fwd__V1__ServiceId, hvlb__fwd__v1__service_id__init);
	char buf[CTL_NAME_LEN];

	if (id == NULL)
		return NULL;
	id->protocol = ctl_strdup(r, ctl_proto_name(vs->proto, buf, sizeof(buf)));
	cfg_format_addr(&vs->vip, vs->af, buf, sizeof(buf));
	id->vip = ctl_strdup(r, buf);
	id->vport = rte_be_to_cpu_16(vs->vport);
	return id->protocol != NULL && id->vip != NULL ? id : NULL;
}

/* Each real of vs with the figures a pick depends on; active counts summed over workers. */
static int
trace_reals(struct ctl_req *r, Hvlb__Fwd__V1__FlowTrace *t, const struct vs *vs)
{
	struct fwd *f = r->f;

	t->reals = CTL_NEW_ARRAY(r, Hvlb__Fwd__V1__TraceReal, vs->n_rs);
	if (t->reals == NULL)
		return CTL_ENOMEM(r);
	for (uint16_t i = 0; i < vs->n_rs; i++) {
		const struct rs_config *rs = &vs->rs[i];
		Hvlb__Fwd__V1__TraceReal *m =
			CTL_NEW(r, Hvlb__Fwd__V1__TraceReal, hvlb__fwd__v1__trace_real__init);
		char buf[CTL_NAME_LEN];

		if (m == NULL)
			return CTL_ENOMEM(r);
		cfg_format_addr(&rs->addr, rs->af, buf, sizeof(buf));
		m->address = ctl_strdup(r, buf);
		m->port = rte_be_to_cpu_16(rs->port);
		m->weight = rs->weight;
		m->health = rs->health;
		m->conn_limit = rs->conn_limit;
		m->usable = rs->health != 0 && rs->weight > 0;
		for (uint16_t w = 0; w < f->env.n_workers; w++)
			m->active_conns += f->workers[w]->rs_active[rs->slot];
		if (m->address == NULL)
			return CTL_ENOMEM(r);
		t->reals[t->n_reals++] = m;
	}
	t->usable_reals = vs->n_usable;
	return 0;
}

/* Why the scheduler picked rs (index i of vs->rs) for k, in words. */
static void
pick_reason(char *out, size_t len, const struct vs *vs, const struct flow_key *k,
	    Hvlb__Fwd__V1__FlowTrace *t, int i, const struct worker *w, uint16_t owner)
{
	const struct rs_config *rs = &vs->rs[i];
	uint32_t h = vs->sched == HVLB_SCHED_SH ? addr_hash(&k->src) : t->flow_hash;

	switch (vs->sched) {
	case HVLB_SCHED_MAGLEV:
	case HVLB_SCHED_SH:
		t->table_slot = (int32_t)(h % MAGLEV_TABLE_SIZE);
		t->table_size = MAGLEV_TABLE_SIZE;
		snprintf(out, len, "%s: %s hash 0x%08x, slot %d of %u holds real %u of %u "
			 "(weight %u of %" PRIu64 " usable)", sched_name(vs->sched),
			 vs->sched == HVLB_SCHED_SH ? "source address" : "flow", h, t->table_slot,
			 MAGLEV_TABLE_SIZE, i, vs->n_rs, rs->weight, vs->weight_total);
		break;
	case HVLB_SCHED_LC:
		snprintf(out, len, "lc: fewest active connections per weight on worker %u "
			 "(%u active there, weight %u)", owner, w->rs_active[rs->slot], rs->weight);
		break;
	default:
		snprintf(out, len, "%s: worker %u's next pick now (weight %u of %" PRIu64
			 " usable); not fixed per flow", sched_name(vs->sched), owner, rs->weight,
			 vs->weight_total);
	}
}

/* What a new connection of k would get: the pick on a copy of the owner's scheduler state,
 * then the limits conn_new checks after it. */
static int
trace_new(struct ctl_req *r, Hvlb__Fwd__V1__FlowTrace *t, const struct vs *vs,
	  const struct flow_key *k, uint16_t owner)
{
	const struct worker *w = r->f->workers[owner];
	struct sched_worker s = w->sched; /* a copy: picking moves its cursor and its rng */
	char why[TRACE_REASON_LEN], buf[CTL_NAME_LEN];
	const struct rs_config *rs;
	int i;

	i = sched_pick(vs, k, t->flow_hash, &s);
	t->verdict = CTL_CONST_STR("new");
	if (i == SCHED_PICK_PAYLOAD && vs->hash != VS_HASH_SIP_CALL_ID) {
		/* Persistence (worker_persist.h): the client's entry, else a first pick. */
		uint32_t left = 0;

		i = worker_persist_peek(vs, k, t->flow_hash, &s, (uint32_t)(w->now / r->f->env.hz),
					&left);
		if (i >= 0 && left > 0) {
			rs = &vs->rs[i];
			ctl_fmt_endpoint(buf, sizeof(buf), &rs->addr, rs->af, rs->port);
			t->pick = ctl_strdup(r, buf);
			snprintf(why, sizeof(why), "persistence: the client's entry names it, %u s "
				 "left of %u", left, vs->set.persistence_timeout);
			t->reason = ctl_strdup(r, why);
			return t->pick != NULL && t->reason != NULL ? 0 : CTL_ENOMEM(r);
		}
	}
	if (i == SCHED_PICK_PAYLOAD) {
		t->reason = CTL_CONST_STR("hash sip_call_id: the real is the Call-ID's, read "
					  "from each message, so no 5-tuple decides it");
		return 0;
	}
	if (i < 0) {
		t->verdict = CTL_CONST_STR("drop");
		snprintf(why, sizeof(why), "no_rs: none of the %u reals is up with a weight "
			 "above 0", vs->n_rs);
		t->reason = ctl_strdup(r, why);
		return t->reason != NULL ? 0 : CTL_ENOMEM(r);
	}
	rs = &vs->rs[i];
	ctl_fmt_endpoint(buf, sizeof(buf), &rs->addr, rs->af, rs->port);
	t->pick = ctl_strdup(r, buf);
	pick_reason(why, sizeof(why), vs, k, t, i, w, owner);
	if (rs->conn_limit != 0 &&
	    w->rs_active[rs->slot] >= rate_share(rs->conn_limit, r->f->env.n_workers)) {
		t->verdict = CTL_CONST_STR("drop");
		snprintf(why + strlen(why), sizeof(why) - strlen(why),
			 "; rs_conn_limited: worker %u holds its share of conn_limit %u", owner,
			 rs->conn_limit);
	}
	t->reason = ctl_strdup(r, why);
	return t->pick != NULL && t->reason != NULL ? 0 : CTL_ENOMEM(r);
}

static int
trace_service(struct ctl_req *r, Hvlb__Fwd__V1__FlowTrace *t, const struct flow_key *k,
	      uint16_t owner)
{
	const struct fwd_snapshot *snap = snap_current(&r->f->snap);
	const struct vs *vs = vs_lookup_tenant(snap->vst, 0, k->proto, &k->dst, k->dport);
	int rc;

	t->table_slot = -1;
	t->flow_hash = flow_hash(k);
	if (vs == NULL) {
		t->verdict = CTL_CONST_STR("drop");
		t->reason = CTL_CONST_STR("no_vs: no service has this protocol, VIP and port");
		return 0;
	}
	t->service_found = true;
	t->service = trace_service_id(r, vs);
	if (t->service == NULL)
		return CTL_ENOMEM(r);
	t->mode = CTL_CONST_STR(vs_mode_name(vs->mode));
	t->scheduler = CTL_CONST_STR(sched_name(vs->sched));
	t->synproxy = CTL_CONST_STR(vs_synproxy_name(vs->synproxy));
	t->conn_rate_limit = vs->set.conn_rate_limit;
	if ((rc = trace_reals(r, t, vs)) != 0)
		return rc;
	return trace_new(r, t, vs, k, owner);
}

int
ctl_op_trace_flow(struct ctl_req *r, const Hvlb__Fwd__V1__TraceFlow *m)
{
	Hvlb__Fwd__V1__FlowTrace *t =
		CTL_NEW(r, Hvlb__Fwd__V1__FlowTrace, hvlb__fwd__v1__flow_trace__init);
	struct fwd *f = r->f;
	struct flow_key k;
	uint16_t owner;
	int rc;

	if (t == NULL)
		return CTL_ENOMEM(r);
	if ((rc = parse_flow(r, m, &k)) != 0)
		return rc;
	owner = steer_ctl_owner(f->sc, &k);
	t->owner_worker = owner;
	t->default_worker = steer_owner_of_tuple(f->env.n_workers, &k, true);
	t->sync_state = CTL_CONST_STR(sync_state_name(f->sync->state));
	if ((rc = trace_conns(r, t, &k)) != 0 || (rc = trace_service(r, t, &k, owner)) != 0)
		return rc;
	if (t->n_connections > 0) {
		/* The pick above is what a new connection would get; this one keeps its real. */
		t->verdict = CTL_CONST_STR("existing");
	}
	r->resp->body_case = HVLB__FWD__V1__RESPONSE__BODY_FLOW_TRACE;
	r->resp->flow_trace = t;
	return 0;
}
