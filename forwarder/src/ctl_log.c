/* SPDX-License-Identifier: BSD-3-Clause */
/* What the local API changed, in the log (ctl_log.h). */
#include <string.h>

#include <rte_byteorder.h>

#include "ctl_log.h"
#include "log_kv.h"

#define ID_LEN 96

static const char *
svc_id(char *buf, const Hvlb__Fwd__V1__ServiceId *id)
{
	if (id == NULL)
		return "";
	return log_service_id(buf, ID_LEN, id->protocol, id->vip, id->vport, id->vni);
}

/* A request that only reads (list_*, get_*, trace_*) changes nothing to log. */
static bool
reads_only(const char *op)
{
	return strncmp(op, "list_", 5) == 0 || strncmp(op, "get_", 4) == 0 ||
	       strncmp(op, "trace_", 6) == 0;
}

/* The service a request is about, "" for none. */
static const char *
about(char *buf, const Hvlb__Fwd__V1__Request *m)
{
	switch (m->op_case) {
	case HVLB__FWD__V1__REQUEST__OP_ADD_SERVICE:
		return svc_id(buf, m->add_service->service != NULL ? m->add_service->service->id
								     : NULL);
	case HVLB__FWD__V1__REQUEST__OP_SET_SERVICE:
		return svc_id(buf, m->set_service->service != NULL ? m->set_service->service->id
								     : NULL);
	case HVLB__FWD__V1__REQUEST__OP_UPDATE_SERVICE:
		return svc_id(buf, m->update_service->id);
	case HVLB__FWD__V1__REQUEST__OP_REMOVE_SERVICE:
		return svc_id(buf, m->remove_service->id);
	case HVLB__FWD__V1__REQUEST__OP_ADD_REAL:
		return svc_id(buf, m->add_real->service);
	case HVLB__FWD__V1__REQUEST__OP_UPDATE_REAL:
		return svc_id(buf, m->update_real->service);
	case HVLB__FWD__V1__REQUEST__OP_REMOVE_REAL:
		return svc_id(buf, m->remove_real->service);
	default:
		return "";
	}
}

/* The line of a request that changed the configuration to version v. */
static void
changed(const Hvlb__Fwd__V1__Request *m, const char *op, const char *svc, uint64_t v)
{
	char rk[80];
	const Hvlb__Fwd__V1__RealService *rs;

	switch (m->op_case) {
	case HVLB__FWD__V1__REQUEST__OP_ADD_SERVICE:
		LOG_KV(INFO, "service added", LOG_S(LOG_K_SERVICE, svc),
		       LOG_U("reals", m->add_service->service->n_real_services),
		       LOG_U("version", v));
		return;
	case HVLB__FWD__V1__REQUEST__OP_SET_SERVICE:
		LOG_KV(INFO, "service set", LOG_S(LOG_K_SERVICE, svc),
		       LOG_U("reals", m->set_service->service->n_real_services),
		       LOG_U("version", v));
		return;
	case HVLB__FWD__V1__REQUEST__OP_UPDATE_SERVICE:
		LOG_KV(INFO, "service changed", LOG_S(LOG_K_SERVICE, svc), LOG_U("version", v));
		return;
	case HVLB__FWD__V1__REQUEST__OP_REMOVE_SERVICE:
		LOG_KV(INFO, "service removed", LOG_S(LOG_K_SERVICE, svc),
		       LOG_S("hard", m->remove_service->hard ? "true" : "false"),
		       LOG_U("version", v));
		return;
	case HVLB__FWD__V1__REQUEST__OP_ADD_REAL:
		rs = m->add_real->real;
		LOG_KV(INFO, "real added", LOG_S(LOG_K_SERVICE, svc),
		       LOG_S(LOG_K_REAL, log_real_key(rk, sizeof(rk), rs->address, rs->port)),
		       LOG_U("weight", rs->weight), LOG_S("health", rs->health ? "up" : "down"),
		       LOG_U("version", v));
		return;
	case HVLB__FWD__V1__REQUEST__OP_UPDATE_REAL: {
		const Hvlb__Fwd__V1__UpdateReal *u = m->update_real;

		log_real_key(rk, sizeof(rk), u->address, u->port);
		if (u->set_weight)
			LOG_KV(INFO, "real weight", LOG_S(LOG_K_SERVICE, svc),
			       LOG_S(LOG_K_REAL, rk), LOG_U("weight", u->weight),
			       LOG_U("version", v));
		if (u->set_health)
			LOG_KV(INFO, "real health", LOG_S(LOG_K_SERVICE, svc),
			       LOG_S(LOG_K_REAL, rk), LOG_S("health", u->health ? "up" : "down"),
			       LOG_U("version", v));
		if (u->set_conn_limit)
			LOG_KV(INFO, "real conn_limit", LOG_S(LOG_K_SERVICE, svc),
			       LOG_S(LOG_K_REAL, rk), LOG_U("conn_limit", u->conn_limit),
			       LOG_U("version", v));
		return;
	}
	case HVLB__FWD__V1__REQUEST__OP_REMOVE_REAL:
		LOG_KV(INFO, "real removed", LOG_S(LOG_K_SERVICE, svc),
		       LOG_S(LOG_K_REAL, log_real_key(rk, sizeof(rk), m->remove_real->address,
						       m->remove_real->port)),
		       LOG_S("hard", m->remove_real->hard ? "true" : "false"), LOG_U("version", v));
		return;
	default:
		/* Routes, neighbours, timeouts, sync, RSS-A...: the operation's name says what. */
		LOG_KV(INFO, "configuration changed", LOG_S("op", op), LOG_U("version", v));
	}
}

void
ctl_log_op(const struct ctl_req *r, const Hvlb__Fwd__V1__Request *m, int rc, uint64_t before)
{
	const ProtobufCFieldDescriptor *fd =
		protobuf_c_message_descriptor_get_field(&hvlb__fwd__v1__request__descriptor,
							(unsigned)m->op_case);
	const char *op = fd != NULL ? fd->name : "unknown";
	char svc[ID_LEN];
	uint64_t now = r->f->cfg->version;

	if (reads_only(op))
		return;
	const char *id = about(svc, m);

	if (rc < 0) {
		LOG_KV(WARNING, "request refused", LOG_S("op", op), LOG_S(LOG_K_SERVICE, id),
		       LOG_S(LOG_K_ERR, r->err));
		return;
	}
	/* Steering, zeroing and a request that changed nothing leave the version as it was. */
	if (now != before)
		changed(m, op, id, now);
}

static const struct rs_config *
find(const struct rs_config *rs, uint16_t n, const struct rs_config *c)
{
	for (uint16_t i = 0; i < n; i++)
		if (rs[i].af == c->af && rs[i].port == c->port &&
		    memcmp(&rs[i].addr, &c->addr, sizeof(c->addr)) == 0)
			return &rs[i];
	return NULL;
}

static const char *
rs_key(char *buf, size_t len, const struct rs_config *c)
{
	char a[64];

	cfg_format_addr(&c->addr, c->af, a, sizeof(a));
	return log_real_key(buf, len, a, rte_be_to_cpu_16(c->port));
}

void
ctl_log_reals(const Hvlb__Fwd__V1__ServiceId *id, const struct rs_config *old, uint16_t n_old,
	      const struct rs_config *now, uint16_t n_now)
{
	char svc[ID_LEN], rk[80];

	svc_id(svc, id);
	for (uint16_t i = 0; i < n_old; i++)
		if (find(now, n_now, &old[i]) == NULL)
			LOG_KV(INFO, "real removed", LOG_S(LOG_K_SERVICE, svc),
			       LOG_S(LOG_K_REAL, rs_key(rk, sizeof(rk), &old[i])));
	for (uint16_t i = 0; i < n_now; i++) {
		const struct rs_config *c = &now[i], *o = find(old, n_old, c);

		rs_key(rk, sizeof(rk), c);
		if (o == NULL)
			LOG_KV(INFO, "real added", LOG_S(LOG_K_SERVICE, svc), LOG_S(LOG_K_REAL, rk),
			       LOG_U("weight", c->weight),
			       LOG_S("health", c->health ? "up" : "down"));
		if (o != NULL && o->weight != c->weight)
			LOG_KV(INFO, "real weight", LOG_S(LOG_K_SERVICE, svc),
			       LOG_S(LOG_K_REAL, rk), LOG_U("weight", c->weight),
			       LOG_U("was", o->weight));
		if (o != NULL && o->health != c->health)
			LOG_KV(INFO, "real health", LOG_S(LOG_K_SERVICE, svc),
			       LOG_S(LOG_K_REAL, rk), LOG_S("health", c->health ? "up" : "down"));
	}
}
