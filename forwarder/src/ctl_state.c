/* SPDX-License-Identifier: BSD-3-Clause */
/* The saved configuration as messages (ctl_state.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_byteorder.h>
#include <rte_ether.h>

#include "ctl_op.h"
#include "ctl_state.h"
#include "state.pb-c.h"

#define STATE_FORMAT 1 /* SavedConfig.format this build writes and replays */

typedef Hvlb__Fwd__State__V1__SavedConfig SavedConfig;
typedef Hvlb__Fwd__State__V1__SavedService SavedService;
typedef Hvlb__Fwd__State__V1__SavedSlot SavedSlot;
typedef Hvlb__Fwd__State__V1__SavedAddress SavedAddress;

/* ---- saving ---- */

static SavedSlot *
slot_msg(struct ctl_req *r, uint32_t slot, uint32_t gen)
{
	SavedSlot *m = CTL_NEW(r, SavedSlot, hvlb__fwd__state__v1__saved_slot__init);

	if (m != NULL) {
		m->slot = slot;
		m->gen = gen;
	}
	return m;
}

/* A service as ListServices gives it, with its reals' slots and those of the reals removed
 * softly from it that the store still holds. */
static SavedService *
service_msg(struct ctl_req *r, const struct cfgstore *st, const struct cfg_vs *v)
{
	SavedService *m = CTL_NEW(r, SavedService, hvlb__fwd__state__v1__saved_service__init);
	size_t n_removed = 0;

	if (m == NULL || (m->spec = ctl_virtual_service(r, v)) == NULL)
		return NULL;
	m->slot = v->slot;
	m->tenant = v->tenant;
	m->to_set = v->to_set;
	m->real_slots = CTL_NEW_ARRAY(r, SavedSlot, v->n_rs);
	if (m->real_slots == NULL)
		return NULL;
	for (unsigned i = 0; i < v->n_rs; i++)
		if ((m->real_slots[m->n_real_slots++] = slot_msg(r, v->rs[i].slot, v->rs[i].gen)) ==
		    NULL)
			return NULL;
	for (uint32_t s = 1; s <= RS_MAX_SLOTS && st->n_retired > 0; s++)
		n_removed += st->rs_retired[s] == v->slot + 1;
	m->removed_reals = CTL_NEW_ARRAY(r, SavedSlot, n_removed);
	if (m->removed_reals == NULL)
		return NULL;
	for (uint32_t s = 1; s <= RS_MAX_SLOTS && m->n_removed_reals < n_removed; s++)
		if (st->rs_retired[s] == v->slot + 1 &&
		    (m->removed_reals[m->n_removed_reals++] = slot_msg(r, s, st->rs_gen[s])) ==
			    NULL)
			return NULL;
	return m;
}

static int
services_msg(struct ctl_req *r, const struct cfgstore *st, const struct cfg_vs *a, unsigned n,
	     SavedService ***out, size_t *n_out)
{
	*out = CTL_NEW_ARRAY(r, SavedService, n);
	if (*out == NULL)
		return -ENOMEM;
	for (*n_out = 0; *n_out < n; (*n_out)++)
		if (((*out)[*n_out] = service_msg(r, st, &a[*n_out])) == NULL)
			return -ENOMEM;
	return 0;
}

static char *
prefix_str(struct ctl_req *r, const union hvlb_addr *a, uint8_t af, uint8_t plen)
{
	char ip[64], buf[80];

	cfg_format_addr(a, af, ip, sizeof(ip));
	snprintf(buf, sizeof(buf), "%s/%u", ip, plen);
	return ctl_strdup(r, buf);
}

/* The forwarder's own addresses and the routes set on it (an address's connected route comes
 * back with the address). */
static int
net_msg(struct ctl_req *r, const struct cfgstore *st, SavedConfig *sc)
{
	char ip[64];

	sc->addresses = CTL_NEW_ARRAY(r, SavedAddress, st->n_local);
	sc->routes = CTL_NEW_ARRAY(r, Hvlb__Fwd__V1__Route, st->n_routes);
	if (sc->addresses == NULL || sc->routes == NULL)
		return -ENOMEM;
	for (unsigned i = 0; i < st->n_local; i++) {
		const struct local_addr *l = &st->local[i];
		SavedAddress *m =
			CTL_NEW(r, SavedAddress, hvlb__fwd__state__v1__saved_address__init);

		if (m == NULL || (m->prefix = prefix_str(r, &l->addr, l->af, l->plen)) == NULL)
			return -ENOMEM;
		m->port = l->port;
		sc->addresses[sc->n_addresses++] = m;
	}
	for (unsigned i = 0; i < st->n_routes; i++) {
		const struct cfg_route *cr = &st->routes[i];
		Hvlb__Fwd__V1__Route *m;

		if (cr->connected)
			continue;
		m = CTL_NEW(r, Hvlb__Fwd__V1__Route, hvlb__fwd__v1__route__init);
		if (m == NULL || (m->prefix = prefix_str(r, &cr->prefix, cr->af, cr->plen)) == NULL)
			return -ENOMEM;
		cfg_format_addr(&cr->via, cr->af, ip, sizeof(ip));
		m->via = cr->has_via ? ctl_strdup(r, ip) : CTL_CONST_STR("");
		m->port = cr->port;
		if (m->via == NULL)
			return -ENOMEM;
		sc->routes[sc->n_routes++] = m;
	}
	return 0;
}

static int
sync_msg(struct ctl_req *r, const struct cfg_sync *s, SavedConfig *sc)
{
	Hvlb__Fwd__V1__SyncConfig *m;
	char ep[CTL_NAME_LEN];

	if (s->n_peers == 0)
		return 0; /* off */
	m = CTL_NEW(r, Hvlb__Fwd__V1__SyncConfig, hvlb__fwd__v1__sync_config__init);
	if (m == NULL || (m->peers = CTL_NEW_ARRAY(r, char, s->n_peers)) == NULL)
		return -ENOMEM;
	m->id = s->id;
	m->replicas = s->replicas;
	if (s->listen.af != 0) {
		ctl_fmt_endpoint(ep, sizeof(ep), &s->listen.addr, s->listen.af, s->listen.port);
		if ((m->listen = ctl_strdup(r, ep)) == NULL)
			return -ENOMEM;
	}
	m->key.len = s->key_len;
	m->key.data = (uint8_t *)(uintptr_t)s->key;
	for (uint16_t i = 0; i < s->n_peers; i++) {
		const struct cfg_endpoint *e = &s->peers[i];

		ctl_fmt_endpoint(ep, sizeof(ep), &e->addr, e->af, e->port);
		if ((m->peers[m->n_peers++] = ctl_strdup(r, ep)) == NULL)
			return -ENOMEM;
	}
	sc->sync = m;
	return 0;
}

static int
state_save(void *arg, uint8_t **buf, size_t *len)
{
	Hvlb__Fwd__V1__Response resp = HVLB__FWD__V1__RESPONSE__INIT;
	struct ctl_req r = {.f = arg, .resp = &resp};
	const struct cfgstore *st = r.f->cfg;
	SavedConfig sc = HVLB__FWD__STATE__V1__SAVED_CONFIG__INIT;
	int rc;

	sc.format = STATE_FORMAT;
	sc.n_ports = st->n_ports;
	sc.version = st->version;
	sc.gen_next = st->gen_next;
	sc.rs_slot_next = st->rs_slot_next;
	sc.vs_slot_next = st->vs_slot_next;
	rc = services_msg(&r, st, st->vs, st->n_vs, &sc.services, &sc.n_services);
	if (rc == 0)
		rc = services_msg(&r, st, st->vs_retired, st->n_vs_retired, &sc.retired,
				  &sc.n_retired);
	if (rc == 0)
		rc = net_msg(&r, st, &sc);
	if (rc == 0 && (sc.timeouts = ctl_timeouts_msg(&r, &st->timeouts)) == NULL)
		rc = -ENOMEM;
	if (rc == 0)
		rc = sync_msg(&r, &st->sync, &sc);
	/* Every neighbour, learned ones too (a restart then needs no resolution to forward). */
	if (rc == 0 && ctl_op_list_neighbors(&r) != 0)
		rc = -ENOMEM;
	if (rc == 0) {
		sc.neighbors = resp.neighbors->neighbors;
		sc.n_neighbors = resp.neighbors->n_neighbors;
		*len = hvlb__fwd__state__v1__saved_config__get_packed_size(&sc);
		*buf = malloc(*len > 0 ? *len : 1);
		if (*buf == NULL)
			rc = -ENOMEM;
		else
			hvlb__fwd__state__v1__saved_config__pack(&sc, *buf);
	}
	ctl_arena_free(&r);
	return rc;
}

/* ---- replaying ---- */

/* One request through the API's handler, as the control socket would run it (unpublished:
 * r->replay); its error under what (the saved item). */
static int
run(struct ctl_req *r, Hvlb__Fwd__V1__Request *q, const char *what)
{
	char err[CTL_ERR_LEN];
	int rc = ctl_op_run(r, q);

	if (rc != 0) {
		snprintf(err, sizeof(err), "%s", r->err);
		return ctl_fail(r, rc, "%s: %s", what, err);
	}
	return 0;
}

/* A saved real's slot and generation: they must be the ones the store gives it, as the
 * saved connections carry them. The store's cursors are put on them before it is added. */
static int
real_replay(struct ctl_req *r, struct cfg_vs **vs, const struct ctl_svc *k,
	    const SavedService *ss, size_t i, const char *what)
{
	struct cfgstore *st = r->f->cfg;
	const SavedSlot *sl = ss->real_slots[i];
	Hvlb__Fwd__V1__AddReal ar = HVLB__FWD__V1__ADD_REAL__INIT;
	Hvlb__Fwd__V1__Request q = HVLB__FWD__V1__REQUEST__INIT;
	const struct rs_config *rs;
	int rc;

	if (sl->slot == 0 || sl->slot >= RS_MAX_SLOTS || (sl->gen & ~RS_GEN_DOWN) == 0)
		return ctl_fail(r, -EINVAL, "%s.real_slots[%zu]: slot %u, generation %u", what, i,
				sl->slot, sl->gen);
	st->rs_slot_next = (uint16_t)sl->slot;
	st->gen_next = sl->gen & ~RS_GEN_DOWN;
	ar.service = ss->spec->id;
	ar.real = ss->spec->real_services[i];
	q.op_case = HVLB__FWD__V1__REQUEST__OP_ADD_REAL;
	q.add_real = &ar;
	if ((rc = run(r, &q, what)) != 0)
		return rc;
	*vs = ctl_lookup_service(st, k); /* adding may move the service's reals, not it */
	rs = &(*vs)->rs[(*vs)->n_rs - 1];
	if (rs->slot != sl->slot || rs->gen != (sl->gen & ~RS_GEN_DOWN))
		return ctl_fail(r, -EEXIST, "%s.real_slots[%zu]: slot %u taken", what, i,
				sl->slot);
	return 0;
}

/* A saved service: added as AddService would (without its reals), on the VS slot it had; the
 * reals removed softly from it held; its reals added one by one, each on its own slot; and
 * removed softly again when it was (retired). */
static int
service_replay(struct ctl_req *r, const SavedService *ss, bool retired, const char *what,
	       struct persist_remap *map)
{
	struct cfgstore *st = r->f->cfg;
	Hvlb__Fwd__V1__VirtualService spec;
	Hvlb__Fwd__V1__AddService as = HVLB__FWD__V1__ADD_SERVICE__INIT;
	Hvlb__Fwd__V1__RemoveService rm = HVLB__FWD__V1__REMOVE_SERVICE__INIT;
	Hvlb__Fwd__V1__Request q = HVLB__FWD__V1__REQUEST__INIT;
	char err[CFG_ERR_LEN] = "";
	struct cfg_vs *vs;
	struct ctl_svc k;
	int rc;

	if (ss->spec == NULL || ss->n_real_slots != ss->spec->n_real_services ||
	    ss->slot >= VS_MAX_SLOTS || ss->tenant >= RTE_DIM(map->tenant) ||
	    ss->to_set >= CONN_TO_SETS)
		return ctl_fail(r, -EINVAL, "%s: malformed", what);
	if ((rc = ctl_parse_service(r, what, ss->spec->id, &k)) != 0)
		return rc;
	spec = *ss->spec;
	spec.n_real_services = 0;
	as.service = &spec;
	q.op_case = HVLB__FWD__V1__REQUEST__OP_ADD_SERVICE;
	q.add_service = &as;
	st->vs_slot_next = (uint16_t)ss->slot;
	if ((rc = run(r, &q, what)) != 0)
		return rc;
	vs = ctl_lookup_service(st, &k);
	if (vs->slot != ss->slot)
		return ctl_fail(r, -EEXIST, "%s.slot: %u taken", what, ss->slot);
	for (size_t i = 0; i < ss->n_removed_reals; i++)
		if ((rc = cfg_rs_restore_removed(st, vs, ss->removed_reals[i]->slot,
						 ss->removed_reals[i]->gen, err)) != 0)
			return ctl_fail(r, rc, "%s.%s", what, err);
	for (size_t i = 0; i < ss->n_real_slots; i++)
		if ((rc = real_replay(r, &vs, &k, ss, i, what)) != 0)
			return rc;
	/* 0 is none (no overlay, the global timeouts) in both runs. */
	if (ss->tenant != 0)
		map->tenant[ss->tenant] = vs->tenant;
	if (ss->to_set != 0)
		map->to_set[ss->to_set] = (uint8_t)vs->to_set;
	if (!retired)
		return 0;
	rm.id = ss->spec->id;
	q.op_case = HVLB__FWD__V1__REQUEST__OP_REMOVE_SERVICE;
	q.remove_service = &rm;
	return run(r, &q, what);
}

/* Addresses (no request sets them: the store's own validated call), then routes, timeouts
 * and sync as SetRoute, SetTimeouts and SetSync. */
static int
net_replay(struct ctl_req *r, const SavedConfig *sc)
{
	Hvlb__Fwd__V1__Request q = HVLB__FWD__V1__REQUEST__INIT;
	char err[CFG_ERR_LEN] = "", what[48];
	int rc;

	for (size_t i = 0; i < sc->n_addresses; i++) {
		const SavedAddress *a = sc->addresses[i];

		if (a->port > UINT16_MAX)
			return ctl_fail(r, -EINVAL, "addresses[%zu].port: %u", i, a->port);
		rc = cfg_addr_add(r->f->cfg, (uint16_t)a->port, a->prefix, err);
		if (rc != 0)
			return ctl_fail(r, rc, "addresses[%zu]: %s", i, err);
	}
	for (size_t i = 0; i < sc->n_routes; i++) {
		Hvlb__Fwd__V1__SetRoute m = HVLB__FWD__V1__SET_ROUTE__INIT;

		m.route = sc->routes[i];
		q.op_case = HVLB__FWD__V1__REQUEST__OP_SET_ROUTE;
		q.set_route = &m;
		snprintf(what, sizeof(what), "routes[%zu]", i);
		if ((rc = run(r, &q, what)) != 0)
			return rc;
	}
	if (sc->timeouts != NULL) {
		Hvlb__Fwd__V1__SetTimeouts m = HVLB__FWD__V1__SET_TIMEOUTS__INIT;

		m.timeouts = sc->timeouts;
		q.op_case = HVLB__FWD__V1__REQUEST__OP_SET_TIMEOUTS;
		q.set_timeouts = &m;
		if ((rc = run(r, &q, "timeouts")) != 0)
			return rc;
	}
	if (sc->sync != NULL) {
		Hvlb__Fwd__V1__SetSync m = HVLB__FWD__V1__SET_SYNC__INIT;

		m.config = sc->sync;
		q.op_case = HVLB__FWD__V1__REQUEST__OP_SET_SYNC;
		q.set_sync = &m;
		if ((rc = run(r, &q, "sync")) != 0)
			return rc;
	}
	return 0;
}

/* Static neighbours as SetNeighbor sets them; learned ones as learned (they are refreshed and
 * may change), checked alike. */
static int
neigh_replay(struct ctl_req *r, const SavedConfig *sc)
{
	Hvlb__Fwd__V1__Request q = HVLB__FWD__V1__REQUEST__INIT;
	char what[48];
	int rc;

	for (size_t i = 0; i < sc->n_neighbors; i++) {
		Hvlb__Fwd__V1__SetNeighbor m = HVLB__FWD__V1__SET_NEIGHBOR__INIT;
		const Hvlb__Fwd__V1__Neighbor *n = sc->neighbors[i];
		struct rte_ether_addr mac;
		union hvlb_addr addr;
		uint8_t af;

		if (!n->is_static) {
			/* Learned: a hint only (resolution would find it again), so one that
			 * does not parse is left out rather than failing the restore. */
			if (cfg_parse_addr(n->address, &addr, &af) == 0 &&
			    rte_ether_unformat_addr(n->mac, &mac) == 0 && n->port < r->f->ports.n)
				neigh_set(&r->f->neigh, af, &addr, &mac, (uint16_t)n->port, 0);
			continue;
		}
		snprintf(what, sizeof(what), "neighbors[%zu]", i);
		m.neighbor = sc->neighbors[i];
		q.op_case = HVLB__FWD__V1__REQUEST__OP_SET_NEIGHBOR;
		q.set_neighbor = &m;
		if ((rc = run(r, &q, what)) != 0)
			return rc;
	}
	return 0;
}

static int
state_replay(struct ctl_req *r, const SavedConfig *sc, struct persist_remap *map)
{
	struct cfgstore *st = r->f->cfg;
	char what[48];
	int rc;

	if (sc->format != STATE_FORMAT)
		return ctl_fail(r, -EINVAL, "format %u (this build replays format %u)", sc->format,
				STATE_FORMAT);
	if (sc->n_ports != st->n_ports)
		return ctl_fail(r, -EINVAL, "saved for %u port(s), this run has %u", sc->n_ports,
				st->n_ports);
	if ((rc = net_replay(r, sc)) != 0)
		return rc;
	for (size_t i = 0; i < sc->n_services; i++) {
		snprintf(what, sizeof(what), "services[%zu]", i);
		if ((rc = service_replay(r, sc->services[i], false, what, map)) != 0)
			return rc;
	}
	for (size_t i = 0; i < sc->n_retired; i++) {
		snprintf(what, sizeof(what), "retired[%zu]", i);
		if ((rc = service_replay(r, sc->retired[i], true, what, map)) != 0)
			return rc;
	}
	if ((rc = neigh_replay(r, sc)) != 0)
		return rc;
	/* The cursors where they were, so that slots freed before the restart rest as long. */
	st->vs_slot_next = (uint16_t)(sc->vs_slot_next % VS_MAX_SLOTS);
	st->rs_slot_next = sc->rs_slot_next > 0 && sc->rs_slot_next < RS_MAX_SLOTS
				   ? (uint16_t)sc->rs_slot_next
				   : 1;
	st->gen_next = sc->gen_next > 0 && sc->gen_next < RS_GEN_DOWN ? sc->gen_next : 1;
	st->version = sc->version; /* as it was: the agent compares it */
	return 0;
}

static int
state_load(void *arg, const uint8_t *buf, size_t len, struct persist_remap *map, char *err,
	   size_t err_len)
{
	Hvlb__Fwd__V1__Response resp = HVLB__FWD__V1__RESPONSE__INIT;
	struct ctl_req r = {.f = arg, .resp = &resp, .replay = true};
	SavedConfig *sc = hvlb__fwd__state__v1__saved_config__unpack(NULL, len, buf);
	int rc;

	if (sc == NULL) {
		snprintf(err, err_len, "not a SavedConfig message (proto/state.proto)");
		return -EINVAL;
	}
	rc = state_replay(&r, sc, map);
	if (rc != 0)
		snprintf(err, err_len, "%s", r.err);
	hvlb__fwd__state__v1__saved_config__free_unpacked(sc, NULL);
	ctl_arena_free(&r);
	return rc;
}

const struct persist_codec ctl_state_codec = {.save = state_save, .load = state_load};
