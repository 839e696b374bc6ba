/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * SetService (proto/fwd.proto): a service made to be a whole VirtualService, declaratively.
 * A new one is an AddService. An existing one changes in this order, nothing published until
 * the end:
 *   1. the reals it is not to have are removed softly (first, so that a switch to dr or tunnel
 *      does not meet a real whose port it cannot keep);
 *   2. its own fields change by one UpdateService made from the difference between its
 *      listing and the request, by field name over VirtualService's descriptor (a field added
 *      to both messages is compared here with no line of its own; "" is the field's default,
 *      as AddService takes it);
 *   3. the reals it keeps are updated, and the new ones added.
 * A refusal at any step puts the reals back as they were (cfg_rs_restore) and the service's
 * own fields back by the reverse UpdateService, so the store is again what the workers run;
 * success publishes once. Nothing to change changes nothing (the version stays).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "ctl_log.h"
#include "ctl_op.h"
#include "vs.h"

/* The value a word field's "" stands for in AddService; "" for one with none (encap). */
static const char *
word_default(const char *name, uint8_t proto)
{
	static const struct {
		const char *name, *dflt;
	} words[] = {
		{"mode", "nat"},      {"scheduler", "maglev"},  {"all_down", "drop"},
		{"synproxy", "off"},  {"client_addr", "off"},  {"hash", "5tuple"},
	};

	if (strcmp(name, "down_conns") == 0)
		return vs_down_conns_name((unsigned)vs_down_conns_default(proto));
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strcmp(name, words[i].name) == 0)
			return words[i].dflt;
	return "";
}

static bool
timeouts_equal(const Hvlb__Fwd__V1__Timeouts *a, const Hvlb__Fwd__V1__Timeouts *b)
{
	struct conn_timeouts x, y;

	ctl_timeouts_of(a, &x);
	ctl_timeouts_of(b, &y);
	return memcmp(&x, &y, sizeof(x)) == 0;
}

/* Into u, the UpdateService that makes have into want (both VirtualServices of protocol
 * proto); *any: whether it changes anything. */
static int
diff_service(struct ctl_req *r, const Hvlb__Fwd__V1__VirtualService *have,
	     const Hvlb__Fwd__V1__VirtualService *want, uint8_t proto,
	     Hvlb__Fwd__V1__UpdateService *u, bool *any)
{
	const ProtobufCMessageDescriptor *vd = have->base.descriptor;
	char set_name[64];

	*any = false;
	for (unsigned i = 0; i < vd->n_fields; i++) {
		const ProtobufCFieldDescriptor *f = &vd->fields[i];
		const char *hp = (const char *)have + f->offset, *wp = (const char *)want + f->offset;
		bool differs;

		if (strcmp(f->name, "id") == 0 || strcmp(f->name, "real_services") == 0)
			continue;
		const ProtobufCFieldDescriptor *uf =
			protobuf_c_message_descriptor_get_field_by_name(u->base.descriptor, f->name);
		if (uf == NULL || uf->type != f->type)
			return ctl_fail(r, -EINVAL, "set_service.service.%s: a running service's "
					"cannot change (no UpdateService field)", f->name);
		char *up = (char *)u + uf->offset;
		switch (f->type) {
		case PROTOBUF_C_TYPE_STRING: {
			const char *d = word_default(f->name, proto);
			const char *h = *(char *const *)hp, *w = *(char *const *)wp;

			h = h == NULL || h[0] == '\0' ? d : h;
			w = w == NULL || w[0] == '\0' ? d : w;
			differs = strcmp(h, w) != 0;
			if (differs)
				*(const char **)(void *)up = w;
			break;
		}
		case PROTOBUF_C_TYPE_UINT32:
			differs = *(const uint32_t *)hp != *(const uint32_t *)wp;
			*(uint32_t *)(void *)up = *(const uint32_t *)wp;
			break;
		case PROTOBUF_C_TYPE_MESSAGE: /* the timeouts, the only message among the fields */
			differs = !timeouts_equal(*(Hvlb__Fwd__V1__Timeouts *const *)hp,
						  *(Hvlb__Fwd__V1__Timeouts *const *)wp);
			*(const void **)(void *)up = *(void *const *)wp;
			break;
		default:
			return ctl_fail(r, -EINVAL, "set_service.service.%s: a field of a kind "
					"SetService does not compare", f->name);
		}
		if (!differs)
			continue;
		*any = true;
		if (f->type == PROTOBUF_C_TYPE_STRING)
			continue; /* a word's "" is "unchanged": it is set */
		snprintf(set_name, sizeof(set_name), "set_%s", f->name);
		const ProtobufCFieldDescriptor *sf =
			protobuf_c_message_descriptor_get_field_by_name(u->base.descriptor, set_name);
		if (sf == NULL)
			return ctl_fail(r, -EINVAL, "set_service.service.%s: UpdateService has no %s",
					f->name, set_name);
		*(protobuf_c_boolean *)(void *)((char *)u + sf->offset) = 1;
	}
	return 0;
}

/* The update's errors ("update_service.synproxy: ...") as this request's fields. */
static int
as_set_service(struct ctl_req *r, int rc)
{
	char msg[CTL_ERR_LEN];
	const char *p = "update_service";
	const char *a = "add_service.service";

	if (strncmp(r->err, p, strlen(p)) == 0)
		snprintf(msg, sizeof(msg), "set_service.service%s", r->err + strlen(p));
	else if (strncmp(r->err, a, strlen(a)) == 0)
		snprintf(msg, sizeof(msg), "set_service.service%s", r->err + strlen(a));
	else
		return rc;
	snprintf(r->err, sizeof(r->err), "%s", msg);
	return rc;
}

/* The service's own fields back to have, after a refusal (nothing was published). */
static void
undo_service(struct ctl_req *r, struct cfg_vs *vs, const Hvlb__Fwd__V1__VirtualService *have)
{
	Hvlb__Fwd__V1__UpdateService u = HVLB__FWD__V1__UPDATE_SERVICE__INIT;
	char err[CTL_ERR_LEN];
	const Hvlb__Fwd__V1__VirtualService *now = ctl_virtual_service(r, vs);
	bool any;

	memcpy(err, r->err, sizeof(err)); /* the refusal's message is the answer */
	u.id = have->id;
	if (now != NULL && diff_service(r, now, have, vs->proto, &u, &any) == 0 && any)
		ctl_op_update_service(r, &u);
	memcpy(r->err, err, sizeof(err));
}

/* The wanted reals, checked against the service as it is to be (mode, from want). */
static int
want_reals(struct ctl_req *r, const Hvlb__Fwd__V1__VirtualService *want, const struct cfg_vs *vs,
	   struct ctl_rs **out)
{
	const char *m = want->mode != NULL && want->mode[0] != '\0' ? want->mode : "nat";
	int mode = vs_mode_from_name(m);
	char path[64];
	struct ctl_rs *rs;

	if (mode < 0)
		return ctl_fail(r, -EINVAL, "set_service.service.mode: '%.16s' is not nat, dr, "
				"tunnel, fullnat or vxlan", m);
	if (want->n_real_services > VS_MAX_RS)
		return ctl_fail(r, -ENOSPC, "set_service.service.real_services: %zu, at most %u",
				want->n_real_services, VS_MAX_RS);
	rs = ctl_alloc(r, sizeof(*rs) * (want->n_real_services + 1));
	if (rs == NULL)
		return ctl_fail(r, -ENOMEM, "set_service: out of memory");
	for (size_t i = 0; i < want->n_real_services; i++) {
		snprintf(path, sizeof(path), "set_service.service.real_services[%zu]", i);
		int rc = ctl_parse_real(r, path, want->real_services[i], vs->af, mode, vs->vport,
					&rs[i]);
		if (rc != 0)
			return rc;
		for (size_t j = 0; j < i; j++)
			if (hvlb_addr_eq(&rs[j].addr, &rs[i].addr) && rs[j].port == rs[i].port)
				return ctl_fail(r, -EINVAL, "%s: the same real as real_services[%zu]",
						path, j);
	}
	*out = rs;
	return 0;
}

static bool
wanted(const struct ctl_rs *rs, size_t n, const struct rs_config *c)
{
	for (size_t i = 0; i < n; i++)
		if (hvlb_addr_eq(&rs[i].addr, &c->addr) && rs[i].port == c->port)
			return true;
	return false;
}

/* Steps 1 to 3 on the store; *changed whether anything changed. */
static int
set_existing(struct ctl_req *r, struct cfg_vs *vs, const Hvlb__Fwd__V1__VirtualService *want,
	     const Hvlb__Fwd__V1__VirtualService *have, const struct ctl_rs *rs, bool *changed)
{
	Hvlb__Fwd__V1__UpdateService u = HVLB__FWD__V1__UPDATE_SERVICE__INIT;
	struct cfgstore *st = r->f->cfg;
	char err[CFG_ERR_LEN] = "";
	size_t n = want->n_real_services;
	bool any;
	int rc;

	u.id = have->id;
	if ((rc = diff_service(r, have, want, vs->proto, &u, &any)) != 0)
		return rc;
	*changed = any;
	for (unsigned i = vs->n_rs; i-- > 0;) {
		if (!wanted(rs, n, &vs->rs[i])) {
			cfg_rs_remove(st, vs, &vs->rs[i], 0);
			*changed = true;
		}
	}
	if (any && (rc = ctl_op_update_service(r, &u)) != 0)
		return as_set_service(r, rc);
	for (size_t i = 0; i < n; i++) {
		struct rs_config *c = cfg_rs_find(vs, &rs[i].addr, rs[i].port);

		if (c == NULL) {
			rc = cfg_rs_add(st, vs, &rs[i].addr, rs[i].af, rs[i].port, rs[i].weight,
					rs[i].health, err);
			c = rc == 0 ? &vs->rs[vs->n_rs - 1] : NULL;
		} else if (c->weight != rs[i].weight || c->health != rs[i].health) {
			rc = cfg_rs_update(st, vs, c, rs[i].weight, rs[i].health, err);
		} else if (c->conn_limit == rs[i].conn_limit) {
			continue;
		}
		if (rc < 0)
			return ctl_fail(r, rc, "set_service.service.real_services[%zu]: %s", i, err);
		if (c->conn_limit != rs[i].conn_limit)
			cfg_rs_set_conn_limit(st, c, rs[i].conn_limit);
		*changed = true;
	}
	return 0;
}

int
ctl_op_set_service(struct ctl_req *r, const Hvlb__Fwd__V1__SetService *m)
{
	const Hvlb__Fwd__V1__VirtualService *want = m->service, *have;
	struct cfgstore *st = r->f->cfg;
	struct cfg_rs_backup backup;
	bool replay = r->replay, changed = false;
	struct ctl_rs *rs = NULL;
	struct ctl_svc k;
	struct cfg_vs *vs;
	int rc;

	if (want == NULL)
		return ctl_fail(r, -EINVAL, "set_service.service: missing");
	if (m->if_version != 0 && m->if_version != st->version)
		return ctl_fail(r, -ESTALE, "set_service.if_version: %llu, the configuration is at "
				"version %llu", (unsigned long long)m->if_version,
				(unsigned long long)st->version);
	if ((rc = ctl_parse_service(r, "set_service.service.id", want->id, &k)) != 0)
		return rc;
	vs = ctl_lookup_service(st, &k);
	if (vs == NULL) {
		Hvlb__Fwd__V1__AddService add = HVLB__FWD__V1__ADD_SERVICE__INIT;

		add.service = (Hvlb__Fwd__V1__VirtualService *)want;
		return as_set_service(r, ctl_op_add_service(r, &add));
	}
	if ((rc = want_reals(r, want, vs, &rs)) != 0)
		return rc;
	if ((have = ctl_virtual_service(r, vs)) == NULL || cfg_rs_save(st, vs, &backup) != 0)
		return ctl_fail(r, -ENOMEM, "set_service: out of memory");
	r->replay = true; /* one publish, below */
	rc = set_existing(r, vs, want, have, rs, &changed);
	r->replay = replay;
	if (rc == 0 && changed && !replay && (rc = ctl_publish(r)) != 0)
		r->replay = true;
	if (rc != 0) {
		cfg_rs_restore(st, vs, &backup);
		undo_service(r, vs, have);
		r->replay = replay;
	} else if (changed && !replay) {
		ctl_log_reals(want->id, backup.rs, backup.n_rs, vs->rs, vs->n_rs);
	}
	cfg_rs_backup_free(&backup);
	return rc;
}
