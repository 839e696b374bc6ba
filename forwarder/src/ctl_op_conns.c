/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The control API's connection listing (ListConnections) and its filters. It runs on the
 * control thread and reads the workers' connection tables while they keep writing them: no
 * lock, no message to the worker, so a listing never stalls one. Each entry is copied before
 * it is looked at; a connection being rewritten may show mixed fields, which a listing
 * tolerates. The cost per call is bounded: CTL_CONN_SCAN_BUDGET entries looked at at most,
 * CTL_CONN_LIMIT_MAX returned; the caller follows next_cursor for the rest.
 */
#include <errno.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>

#include <rte_byteorder.h>
#include <rte_common.h>
#include <rte_cycles.h>

#include "ctl_op.h"

#define CTL_CONN_LIMIT_DEFAULT 100u
#define CTL_CONN_LIMIT_MAX 1000u
/* Table entries (slots, in use or not) looked at per ListConnections call: bounds the time the
 * control thread spends on one page (8 MB of entries read, a few milliseconds), however full
 * the table is and however few entries the filters keep. */
#define CTL_CONN_SCAN_BUDGET 65536u

/* One endpoint filter: an address (or prefix) and a port, each optional. */
struct ep_match {
	bool on;
	uint8_t af;
	uint8_t plen;   /* bits of addr compared */
	uint16_t port;  /* network order; 0: any */
	union hvlb_addr addr;
};

struct conn_ctx {
	struct ctl_req *r;
	Hvlb__Fwd__V1__Connection **out;
	uint32_t n;
	uint32_t limit;
	int vs_slot; /* -1: every service */
	int state;   /* -1: every state */
	uint8_t proto; /* 0: both */
	struct ep_match vip, real, client;
	uint16_t worker;
	int oom;
	uint64_t now;
};

static uint32_t
ticks_to_s(uint64_t from, uint64_t to, uint64_t hz)
{
	uint64_t s = to > from && hz > 0 ? (to - from) / hz : 0;

	return (uint32_t)RTE_MIN(s, (uint64_t)UINT32_MAX);
}

/* A vxlan connection: its VNI (from its tenant index), the NF's VTEP as its real (rs_addr is
 * the VIP the NF answers from) and the client's VTEP. */
static void
conn_msg_vxlan(struct ctl_req *r, Hvlb__Fwd__V1__Connection *m, const struct conn *c)
{
	char buf[INET_ADDRSTRLEN];

	m->vni = c->orig.pad <= VXLAN_MAX_TENANTS ? r->f->cfg->tenant_vni[c->orig.pad] : 0;
	inet_ntop(AF_INET, &c->vx_nf_vtep, buf, sizeof(buf));
	m->real = ctl_strdup(r, buf);
	inet_ntop(AF_INET, &c->vx_client_vtep, buf, sizeof(buf));
	m->client_vtep = ctl_strdup(r, buf);
}

Hvlb__Fwd__V1__Connection *
ctl_conn_msg(struct ctl_req *r, const struct conn *c, uint16_t worker, uint64_t now)
{
	Hvlb__Fwd__V1__Connection *m =
		CTL_NEW(r, Hvlb__Fwd__V1__Connection, hvlb__fwd__v1__connection__init);
	char buf[CTL_NAME_LEN];
	union hvlb_addr src = conn_orig_src(c), dst = conn_orig_dst(c), rs = conn_rs_addr(c);

	if (m == NULL)
		return NULL;
	m->worker = worker;
	m->protocol = ctl_strdup(r, ctl_proto_name(c->orig.proto, buf, sizeof(buf)));
	ctl_fmt_endpoint(buf, sizeof(buf), &src, c->orig.af, c->orig.sport);
	m->client = ctl_strdup(r, buf);
	ctl_fmt_endpoint(buf, sizeof(buf), &dst, c->orig.af, c->orig.dport);
	m->vip = ctl_strdup(r, buf);
	if (unlikely(c->mode == VS_MODE_VXLAN)) {
		conn_msg_vxlan(r, m, c);
	} else {
		ctl_fmt_endpoint(buf, sizeof(buf), &rs, c->orig.af, c->rs_port);
		m->real = ctl_strdup(r, buf);
	}
	m->state = CTL_CONST_STR(conn_state_name(c->state));
	m->age_s = ticks_to_s(c->created, now, r->f->env.hz);
	m->expires_in_s =
		ticks_to_s(now, conn_deadline(r->f->workers[worker]->conns, c, now), r->f->env.hz);
	m->packets_in = c->pkts[CONN_DIR_ORIG];
	m->packets_out = c->pkts[CONN_DIR_REPLY];
	m->bytes_in = c->bytes[CONN_DIR_ORIG];
	m->bytes_out = c->bytes[CONN_DIR_REPLY];
	m->synced = (c->flags & CONN_FL_SYNCED) != 0;
	if (c->flags & CONN_FL_SYNPROXY)
		m->synproxy = CTL_CONST_STR(c->flags & CONN_FL_SP_WAIT ? "waiting" : "translated");
	m->local = ctl_conn_local(r, c);
	if (m->local == NULL || m->protocol == NULL || m->client == NULL || m->vip == NULL ||
	    m->real == NULL)
		return NULL;
	return m;
}

/* Whether the first plen bits of a and b agree. */
static bool
prefix_eq(const union hvlb_addr *a, const union hvlb_addr *b, unsigned plen)
{
	const uint8_t *x = (const uint8_t *)a, *y = (const uint8_t *)b;
	unsigned full = plen / 8, rest = plen % 8;

	if (memcmp(x, y, full) != 0)
		return false;
	return rest == 0 || ((x[full] ^ y[full]) & (uint8_t)(0xff << (8 - rest))) == 0;
}

static bool
ep_matches(const struct ep_match *e, const union hvlb_addr *a, uint8_t af, uint16_t port)
{
	if (!e->on)
		return true;
	if (af != e->af || (e->port != 0 && port != e->port))
		return false;
	return prefix_eq(a, &e->addr, e->plen);
}

/* The real a connection went to, as the listing shows it: a vxlan connection's is the NF's
 * VTEP (IPv4), any other's rs_addr:conn port. */
static bool
real_matches(const struct ep_match *e, const struct conn *c)
{
	union hvlb_addr vtep, rs = conn_rs_addr(c);

	if (!e->on || c->mode != VS_MODE_VXLAN)
		return ep_matches(e, &rs, c->orig.af, c->rs_port);
	memset(&vtep, 0, sizeof(vtep));
	memcpy(&vtep, &c->vx_nf_vtep, sizeof(c->vx_nf_vtep));
	return ep_matches(e, &vtep, AF_INET, 0);
}

static bool
conn_matches(const struct conn_ctx *x, const struct conn *c)
{
	union hvlb_addr src = conn_orig_src(c), dst = conn_orig_dst(c);

	return c->in_use && (x->vs_slot < 0 || c->vs_slot == x->vs_slot) &&
	       (x->state < 0 || c->state == x->state) &&
	       (x->proto == 0 || c->orig.proto == x->proto) &&
	       ep_matches(&x->vip, &dst, c->orig.af, c->orig.dport) &&
	       ep_matches(&x->client, &src, c->orig.af, c->orig.sport) &&
	       real_matches(&x->real, c);
}

/* conn_walk callback: non-zero stops the walk (page full or out of memory). */
static int
conn_visit(void *arg, const struct conn *live)
{
	struct conn_ctx *x = arg;
	struct conn c = *live; /* the owner may rewrite it meanwhile: work on one copy */

	if (!conn_matches(x, &c))
		return 0;
	x->out[x->n] = ctl_conn_msg(x->r, &c, x->worker, x->now);
	if (x->out[x->n] == NULL) {
		x->oom = 1;
		return 1;
	}
	return ++x->n == x->limit;
}

/* "addr", "addr:port", "[v6]:port" or, where prefix, "addr/len"; "" leaves e off. */
static int
parse_ep(struct ctl_req *r, const char *field, const char *s, bool prefix, struct ep_match *e)
{
	if (s == NULL || s[0] == '\0')
		return 0;
	e->on = true;
	if (prefix && strchr(s, '/') != NULL) {
		if (cfg_parse_prefix(s, &e->addr, &e->af, &e->plen) == 0)
			return 0;
	} else if (cfg_parse_endpoint(s, &e->addr, &e->af, &e->port) == 0) {
		e->plen = e->af == AF_INET ? 32 : 128;
		return 0;
	}
	return ctl_fail(r, -EINVAL, "list_connections.%s: '%s' is not %s", field, s,
			prefix ? "addr, addr/len or addr:port" : "addr or addr:port");
}

static int
parse_state(struct ctl_req *r, const char *s, int *out)
{
	*out = -1;
	if (s == NULL || s[0] == '\0')
		return 0;
	for (unsigned i = 0; i < CONN_S_MAX; i++)
		if (strcmp(conn_state_name(i), s) == 0) {
			*out = (int)i;
			return 0;
		}
	return ctl_fail(r, -EINVAL, "list_connections.state: '%s' is no state (established, "
			"syn_sent, syn_recv, fin_wait, time_wait, close, udp, unconfirmed)", s);
}

static int
conn_filter(struct ctl_req *r, const Hvlb__Fwd__V1__ListConnections *m, struct conn_ctx *x)
{
	struct ctl_svc k;
	struct cfg_vs *vs;
	int rc;

	x->vs_slot = -1;
	if (m->protocol != NULL && m->protocol[0] != '\0' &&
	    cfg_parse_proto(m->protocol, &x->proto) != 0)
		return ctl_fail(r, -EINVAL, "list_connections.protocol: '%s' is not tcp or udp",
				m->protocol);
	if ((rc = parse_state(r, m->state, &x->state)) != 0 ||
	    (rc = parse_ep(r, "vip", m->vip, false, &x->vip)) != 0 ||
	    (rc = parse_ep(r, "real", m->real, false, &x->real)) != 0 ||
	    (rc = parse_ep(r, "client", m->client, true, &x->client)) != 0)
		return rc;
	if (m->service == NULL)
		return 0;
	rc = ctl_parse_service(r, "list_connections.service", m->service, &k);
	if (rc != 0)
		return rc;
	vs = ctl_find_service(r, "list_connections", &k);
	if (vs == NULL)
		return -ENOENT;
	x->vs_slot = vs->slot;
	return 0;
}

/* The cursor is worker << 32 | position in that worker's table; 0 starts and ends. */
int
ctl_op_list_connections(struct ctl_req *r, const Hvlb__Fwd__V1__ListConnections *m)
{
	Hvlb__Fwd__V1__ConnectionList *l =
		CTL_NEW(r, Hvlb__Fwd__V1__ConnectionList, hvlb__fwd__v1__connection_list__init);
	struct conn_ctx x = {.r = r, .now = rte_rdtsc()};
	uint32_t w = (uint32_t)(m->cursor >> 32), pos = (uint32_t)m->cursor;
	uint32_t budget = CTL_CONN_SCAN_BUDGET;
	int rc;

	if (w >= r->f->env.n_workers && m->cursor != 0)
		return ctl_fail(r, -EINVAL, "list_connections.cursor: no worker %u", w);
	rc = conn_filter(r, m, &x);
	if (rc != 0)
		return rc;
	x.limit = m->limit == 0 ? CTL_CONN_LIMIT_DEFAULT : RTE_MIN(m->limit, CTL_CONN_LIMIT_MAX);
	x.out = CTL_NEW_ARRAY(r, Hvlb__Fwd__V1__Connection, x.limit);
	if (l == NULL || x.out == NULL)
		return CTL_ENOMEM(r);
	while (w < r->f->env.n_workers && x.n < x.limit && budget > 0) {
		const struct conn_table *t = r->f->workers[w]->conns;
		uint32_t from = pos;

		x.worker = (uint16_t)w;
		conn_scan(t, &pos, budget, conn_visit, &x);
		if (x.oom)
			return CTL_ENOMEM(r);
		budget -= RTE_MIN((pos == UINT32_MAX ? conn_capacity(t) : pos) - from, budget);
		if (pos == UINT32_MAX) {
			w++;
			pos = 0;
		}
	}
	l->connections = x.out;
	l->n_connections = x.n;
	l->next_cursor = w < r->f->env.n_workers ? (uint64_t)w << 32 | pos : 0;
	r->resp->body_case = HVLB__FWD__V1__RESPONSE__BODY_CONNECTIONS;
	r->resp->connections = l;
	return 0;
}
