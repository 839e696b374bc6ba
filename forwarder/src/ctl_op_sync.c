/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The control API's connection-sync operations (docs/sync.md): SetSync, which replaces the
 * whole setting, and GetSync, the state the agent waits on before it announces VIPs, with
 * each peer and every sync counter. The counters also go into GetStats (ctl_sync_counters).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <rte_common.h>
#include <rte_cycles.h>

#include "ctl_op.h"

static int
parse_sync_endpoint(struct ctl_req *r, const char *path, const char *s,
		    struct cfg_endpoint *e)
{
	memset(e, 0, sizeof(*e));
	if (cfg_parse_endpoint(s, &e->addr, &e->af, &e->port) != 0)
		return ctl_fail(r, -EINVAL, "%s: '%.64s' is not addr:port", path, s);
	return 0;
}

/* A store error ("key: ...") under set_sync.config. */
static int
sync_fail(struct ctl_req *r, int rc, const char *err)
{
	return ctl_fail(r, rc, "set_sync.config.%s", err[0] != '\0' ? err : strerror(-rc));
}

int
ctl_op_set_sync(struct ctl_req *r, const Hvlb__Fwd__V1__SetSync *m)
{
	const Hvlb__Fwd__V1__SyncConfig *c = m->config;
	char err[CFG_ERR_LEN] = "", path[64];
	struct cfg_sync s;
	int rc;

	if (c == NULL)
		return ctl_fail(r, -EINVAL, "set_sync.config: missing");
	memset(&s, 0, sizeof(s));
	if (c->n_peers > CFG_SYNC_PEERS)
		return ctl_fail(r, -EINVAL, "set_sync.config.peers: %zu, at most %u", c->n_peers,
				CFG_SYNC_PEERS);
	if (c->key.len > CFG_SYNC_KEY_MAX)
		return ctl_fail(r, -EINVAL, "set_sync.config.key: %zu bytes, must be 16 to %u",
				c->key.len, CFG_SYNC_KEY_MAX);
	if (c->replicas > CFG_SYNC_REPLICAS_MAX)
		return ctl_fail(r, -EINVAL,
				"set_sync.config.replicas: %u, must be 0 (every peer holds every "
				"connection) to %u", c->replicas, CFG_SYNC_REPLICAS_MAX);
	s.id = c->id;
	s.replicas = (uint8_t)c->replicas;
	if (c->listen[0] != '\0' &&
	    parse_sync_endpoint(r, "set_sync.config.listen", c->listen, &s.listen) != 0)
		return -EINVAL;
	s.key_len = (uint8_t)c->key.len;
	if (c->key.len > 0)
		memcpy(s.key, c->key.data, c->key.len);
	for (size_t i = 0; i < c->n_peers; i++) {
		snprintf(path, sizeof(path), "set_sync.config.peers[%zu]", i);
		if (parse_sync_endpoint(r, path, c->peers[i], &s.peers[i]) != 0)
			return -EINVAL;
	}
	s.n_peers = (uint16_t)c->n_peers;
	rc = fwd_sync_set(r->f, &s, err);
	return rc < 0 ? sync_fail(r, rc, err) : 0;
}

/* ---- read-out ---- */

struct counter_list {
	struct ctl_req *r;
	Hvlb__Fwd__V1__Counter **a;
	size_t n;
	size_t cap;
	int rc;
};

static void
counter_add(void *arg, const char *name, uint64_t value)
{
	struct counter_list *l = arg;
	Hvlb__Fwd__V1__Counter *c;

	if (l->n == l->cap) {
		l->rc = -ENOSPC;
		return;
	}
	c = CTL_NEW(l->r, Hvlb__Fwd__V1__Counter, hvlb__fwd__v1__counter__init);
	if (c == NULL) {
		l->rc = -ENOMEM;
		return;
	}
	c->name = CTL_CONST_STR(name);
	c->value = value;
	l->a[l->n++] = c;
}

/* The worker counters whose names start with "sync_", summed. */
static void
worker_sync_counter(void *arg, const char *name, uint64_t value)
{
	if (strncmp(name, "sync_", 5) == 0 || strcmp(name, "midstream_conns") == 0)
		counter_add(arg, name, value);
}

int
ctl_sync_counters(struct ctl_req *r, Hvlb__Fwd__V1__Counter ***out, size_t *n)
{
	struct counter_list l = {.r = r, .cap = 64};
	struct worker_stats tot;

	l.a = CTL_NEW_ARRAY(r, Hvlb__Fwd__V1__Counter, l.cap);
	if (l.a == NULL)
		return CTL_ENOMEM(r);
	sync_ctl_each_counter(r->f->sync, counter_add, &l);
	fwd_sum_worker_stats(r->f, &tot);
	stats_each(&tot, worker_sync_counter, &l);
	if (l.rc != 0)
		return ctl_fail(r, l.rc, "sync counters: %s", strerror(-l.rc));
	*out = l.a;
	*n = l.n;
	return 0;
}

static Hvlb__Fwd__V1__SyncPeer *
sync_peer(struct ctl_req *r, const struct sync_peer *p, uint64_t now)
{
	Hvlb__Fwd__V1__SyncPeer *m = CTL_NEW(r, Hvlb__Fwd__V1__SyncPeer,
					     hvlb__fwd__v1__sync_peer__init);

	if (m == NULL)
		return NULL;
	m->address = ctl_strdup(r, p->name);
	m->id = p->id;
	m->epoch = p->rx.epoch;
	m->last_heard_s = p->last_heard == 0 ? -1
					      : (double)(now - p->last_heard) / (double)r->f->env.hz;
	m->rx_messages = p->rx_msgs;
	m->rx_records = p->rx_recs;
	m->tx_messages = p->tx_msgs;
	m->tx_records = p->tx_recs;
	m->dump_received = p->dump_done;
	m->dump_serving = p->dump_left > 0;
	return m->address != NULL ? m : NULL;
}

int
ctl_op_get_sync(struct ctl_req *r)
{
	Hvlb__Fwd__V1__SyncStatus *m =
		CTL_NEW(r, Hvlb__Fwd__V1__SyncStatus, hvlb__fwd__v1__sync_status__init);
	const struct sync_ctl *s = r->f->sync;
	uint64_t now = rte_rdtsc();
	char buf[CTL_NAME_LEN] = "";
	int rc;

	if (m == NULL)
		return CTL_ENOMEM(r);
	m->state = CTL_CONST_STR(sync_state_name(s->state));
	m->id = s->set.id;
	if (s->bound.af != 0)
		ctl_fmt_endpoint(buf, sizeof(buf), &s->bound.addr, s->bound.af, s->bound.port);
	m->listen = ctl_strdup(r, buf);
	m->epoch = s->epoch;
	m->replicas = s->set.replicas;
	m->live_peers = (uint32_t)__builtin_popcount(s->live);
	m->peers = CTL_NEW_ARRAY(r, Hvlb__Fwd__V1__SyncPeer, s->n_peers);
	if (m->listen == NULL || m->peers == NULL)
		return CTL_ENOMEM(r);
	for (unsigned i = 0; i < s->n_peers; i++) {
		m->peers[i] = sync_peer(r, &s->peers[i], now);
		if (m->peers[i] == NULL)
			return CTL_ENOMEM(r);
	}
	m->n_peers = s->n_peers;
	if ((rc = ctl_sync_counters(r, &m->counters, &m->n_counters)) != 0)
		return rc;
	r->resp->body_case = HVLB__FWD__V1__RESPONSE__BODY_SYNC;
	r->resp->sync = m;
	return 0;
}
