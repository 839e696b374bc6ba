/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The control API's request handling: routing each request to its handler (decoding and
 * packing: ctl_op_wire.c), and the operations that change the configuration. Each change is
 * validated here first, with messages that name the request field, so the store (cfgstore.c)
 * never holds something the snapshot builder would refuse; then it is applied to the store and
 * published to the workers (not while a saved configuration is replayed: ctl_req.replay). When
 * publishing fails anyway (out of memory), additions and updates are undone so the store keeps
 * matching what the workers run. Read-outs are in ctl_op_read.c, steering in ctl_op_steer.c,
 * shared helpers in ctl_op_util.c.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_byteorder.h>
#include <rte_common.h>
#include <rte_ether.h>

#include "ctl_op.h"
#include "rewrite_tunnel.h"
#include "scheduler.h"
#include "telemetry.h"
#include "vs_setting_defs.h"

/* At most VS_MAX_RS weights of this size still sum below 2^32, which vs.c requires. */

/* ---- validation ---- */

/* A store error ("real.health: must be 0 or 1") under the request's field path: a leading
 * word the path already ends with is replaced by the path ("add_real.real.health: ..."),
 * otherwise the path is put in front. */
static int
cfg_fail(struct ctl_req *r, int rc, const char *path, const char *word, const char *err)
{
	size_t n = word != NULL ? strlen(word) : 0;

	if (err[0] == '\0')
		return ctl_fail(r, rc, "%s: %s", path, strerror(-rc));
	if (word != NULL && strncmp(err, word, n) == 0 && (err[n] == '.' || err[n] == ':'))
		return ctl_fail(r, rc, "%s%s", path, err + n);
	return ctl_fail(r, rc, "%s.%s", path, err);
}

/* mode / scheduler by name; "" gives dflt (a value, or -1 for "unchanged"). */
static int
parse_mode(struct ctl_req *r, const char *path, const char *s, int dflt, int *out)
{
	*out = s[0] == '\0' ? dflt : vs_mode_from_name(s);
	if (*out < 0 && s[0] != '\0')
		return ctl_fail(r, -EINVAL, "%s: '%.16s' is not nat, dr, tunnel, fullnat or vxlan",
				path, s);
	return 0;
}

/* Tunnel encapsulation by name; "" gives -1 (unchanged, or none for a new service). */
static int
parse_encap(struct ctl_req *r, const char *path, const char *s, int *out)
{
	*out = s[0] == '\0' ? -1 : tunnel_encap_from_name(s);
	if (*out < 0 && s[0] != '\0')
		return ctl_fail(r, -EINVAL, "%s: '%.16s' is not ipip or gue", path, s);
	return 0;
}

static int
parse_sched(struct ctl_req *r, const char *path, const char *s, int dflt, int *out)
{
	*out = s[0] == '\0' ? dflt : sched_from_name(s);
	if (*out < 0 && s[0] != '\0')
		return ctl_fail(r, -EINVAL, "%s: '%.16s' is not maglev, random, rr, wrr, sh or lc",
				path, s);
	return 0;
}

/* synproxy by name; "" gives -1 (off, or unchanged). */
static int
parse_synproxy(struct ctl_req *r, const char *path, const char *s, int *out)
{
	*out = s[0] == '\0' ? -1 : vs_synproxy_from_name(s);
	if (s[0] != '\0' && *out < 0)
		return ctl_fail(r, -EINVAL, "%s: '%s' is not off, on or auto", path, s);
	return 0;
}

/* down_conns / all_down by name; "" gives -1 (the default, or unchanged). */
static int
parse_down_conns(struct ctl_req *r, const char *path, const char *s, int *out)
{
	*out = s[0] == '\0' ? -1 : vs_down_conns_from_name(s);
	if (*out < 0 && s[0] != '\0')
		return ctl_fail(r, -EINVAL, "%s: '%.16s' is not keep or reschedule", path, s);
	return 0;
}

static int
parse_all_down(struct ctl_req *r, const char *path, const char *s, int *out)
{
	*out = s[0] == '\0' ? -1 : vs_all_down_from_name(s);
	if (*out < 0 && s[0] != '\0')
		return ctl_fail(r, -EINVAL, "%s: '%.16s' is not drop or keep_last", path, s);
	return 0;
}

/* Address and port of a real service of a vs_af service; errors under path. */
static int
parse_real_addr(struct ctl_req *r, const char *path, const char *addr, uint32_t port,
		uint8_t vs_af, struct ctl_rs *out)
{
	if (cfg_parse_addr(addr, &out->addr, &out->af) != 0)
		return ctl_fail(r, -EINVAL, "%s.address: not an IP address", path);
	if (ctl_addr_is_zero(&out->addr))
		return ctl_fail(r, -EINVAL, "%s.address: must not be the unspecified address",
				path);
	if (vs_af != 0 && out->af != vs_af)
		return ctl_fail(r, -EINVAL, "%s.address: an IPv%u address for an IPv%u service",
				path, out->af, vs_af);
	if (port > UINT16_MAX)
		return ctl_fail(r, -EINVAL, "%s.port: must be <= 65535", path);
	out->port = rte_cpu_to_be_16((uint16_t)port);
	return 0;
}

int
ctl_parse_real(struct ctl_req *r, const char *path, const Hvlb__Fwd__V1__RealService *m, uint8_t af,
	   int mode, uint16_t vport, struct ctl_rs *out)
{
	int rc;

	if (m == NULL)
		return ctl_fail(r, -EINVAL, "%s: missing", path);
	/* A tunnel carries either family in either: any NF address (vs_af 0). */
	rc = parse_real_addr(r, path, m->address, m->port, mode == VS_MODE_TUNNEL ? 0 : af, out);
	if (rc != 0)
		return rc;
	/* DR only rewrites MACs, a tunnel carries the packet unchanged: the NF receives the
	 * client's destination port. */
	if ((mode == VS_MODE_DR || mode == VS_MODE_TUNNEL) && out->port != 0 && out->port != vport)
		return ctl_fail(r, -EINVAL, "%s.port: dr and tunnel modes cannot rewrite ports (use 0)",
				path);
	if (mode == VS_MODE_VXLAN && out->port != 0)
		return ctl_fail(r, -EINVAL, "%s.port: a vxlan real is the NF's VTEP (use 0)", path);
	if (m->weight > RS_WEIGHT_MAX)
		return ctl_fail(r, -EINVAL, "%s.weight: must be <= %u", path, RS_WEIGHT_MAX);
	if (m->health > 1)
		return ctl_fail(r, -EINVAL, "%s.health: must be 0 or 1", path);
	out->weight = m->weight;
	out->health = (uint8_t)m->health;
	out->conn_limit = m->conn_limit;
	return 0;
}

/* ---- publishing ---- */

static int
publish(struct ctl_req *r)
{
	char err[CFG_ERR_LEN] = "";
	int rc = r->replay ? 0 : fwd_publish(r->f, err);

	if (rc < 0)
		return ctl_fail(r, rc, "publish: %s", err[0] != '\0' ? err : strerror(-rc));
	telem_refresh(r->f);
	return 0;
}

int
ctl_publish(struct ctl_req *r)
{
	return publish(r);
}

/* Take a service that was just added out again. Its real services never carried a
 * connection, so they go hard (their counter slots are freed at once); one that was brought
 * back from retirement goes back there. */
static void
vs_discard(struct cfgstore *st, struct cfg_vs *vs, bool revived)
{
	while (vs->n_rs > 0)
		cfg_rs_remove(st, vs, &vs->rs[vs->n_rs - 1], 1);
	cfg_vs_remove(st, vs, !revived);
}

/* ---- services ---- */

/* The plain settings (core/vs_settings.h) a VirtualService (m) gives, or an UpdateService
 * changes in *set (update: any says whether it did), checked against the service as it will
 * be; errors under path. */
static int
settings_check(struct ctl_req *r, const char *path, int mode, int sched, const struct ctl_svc *k,
	       int hash, const struct vs_settings *set)
{
	struct vs_setting_ctx c = {.proto = k->proto, .af = k->af, .mode = (uint8_t)mode,
				   .sched = (uint8_t)sched, .hash = (uint8_t)hash, .set = set};
	char err[CFG_ERR_LEN] = "";

	if (vs_settings_check(&c, err, sizeof(err)) != 0)
		return ctl_fail(r, -EINVAL, "%s.%s", path, err);
	return 0;
}

static int
settings_of(struct ctl_req *r, const char *path, const ProtobufCMessage *m, int mode, int sched,
	    const struct ctl_svc *k, int hash, struct vs_settings *set)
{
	char err[CFG_ERR_LEN] = "";

	if (vs_settings_from_msg(m, set, err, sizeof(err)) != 0)
		return ctl_fail(r, -EINVAL, "%s.%s", path, err);
	return settings_check(r, path, mode, sched, k, hash, set);
}

static int
add_service_reals(struct ctl_req *r, struct cfg_vs *vs, const struct ctl_rs *rs, size_t n)
{
	char path[64], err[CFG_ERR_LEN] = "";
	int rc;

	for (size_t i = 0; i < n; i++) {
		rc = cfg_rs_add(r->f->cfg, vs, &rs[i].addr, rs[i].af, rs[i].port, rs[i].weight,
				rs[i].health, err);
		if (rc < 0) {
			snprintf(path, sizeof(path), "add_service.service.real_services[%zu]", i);
			return cfg_fail(r, rc, path, "real", err);
		}
		cfg_rs_set_conn_limit(r->f->cfg, &vs->rs[vs->n_rs - 1], rs[i].conn_limit);
	}
	return 0;
}

int
ctl_op_add_service(struct ctl_req *r, const Hvlb__Fwd__V1__AddService *m)
{
	const Hvlb__Fwd__V1__VirtualService *v = m->service;
	struct cfgstore *st = r->f->cfg;
	char path[64], name[CTL_NAME_LEN], err[CFG_ERR_LEN] = "";
	struct conn_timeouts to;
	struct vs_settings set = {0};
	struct ctl_rs *rs;
	struct ctl_svc k;
	struct cfg_vs *vs;
	bool revived;
	int mode, sched, down, all_down, synproxy, encap, client_addr, hash, rc;

	if (v == NULL)
		return ctl_fail(r, -EINVAL, "add_service.service: missing");
	if ((rc = ctl_parse_service(r, "add_service.service.id", v->id, &k)) != 0 ||
	    (rc = parse_mode(r, "add_service.service.mode", v->mode, VS_MODE_NAT, &mode)) != 0 ||
	    (rc = parse_sched(r, "add_service.service.scheduler", v->scheduler, HVLB_SCHED_MAGLEV,
			      &sched)) != 0 ||
	    (rc = parse_down_conns(r, "add_service.service.down_conns", v->down_conns,
				   &down)) != 0 ||
	    (rc = parse_all_down(r, "add_service.service.all_down", v->all_down, &all_down)) != 0 ||
	    (rc = parse_synproxy(r, "add_service.service.synproxy", v->synproxy, &synproxy)) != 0 ||
	    (rc = parse_encap(r, "add_service.service.encap", v->encap, &encap)) != 0 ||
	    (rc = ctl_parse_client_addr(r, "add_service.service.client_addr", v->client_addr,
					&client_addr)) != 0 ||
	    (rc = ctl_check_client_addr(r, "add_service.service.client_addr", client_addr, mode,
					k.proto)) != 0 ||
	    (rc = ctl_parse_hash(r, "add_service.service.hash", v->hash, &hash)) != 0 ||
	    (rc = ctl_check_hash(r, "add_service.service", hash, mode, k.proto, sched)) != 0)
		return rc;
	/* Checked before anything changes, so a refusal leaves nothing behind. */
	if (cfg_vs_check_encap(NULL, mode, encap, err) != 0)
		return ctl_fail(r, -EINVAL, "add_service.service.%s", err);
	if (synproxy > VS_SYNPROXY_OFF && (mode != VS_MODE_NAT || k.proto != HVLB_PROTO_TCP))
		return ctl_fail(r, -EINVAL, "add_service.service.synproxy: only a nat tcp service "
				"can have one (in dr the NF's replies bypass the forwarder)");
	ctl_fmt_service(name, sizeof(name), k.proto, &k.vip, k.af, k.vport);
	if (ctl_lookup_service(st, &k) != NULL)
		return ctl_fail(r, -EEXIST, "add_service: service %s already exists", name);
	if (v->n_real_services > VS_MAX_RS)
		return ctl_fail(r, -ENOSPC, "add_service.service.real_services: %zu, at most %u",
				v->n_real_services, VS_MAX_RS);
	if ((rc = settings_of(r, "add_service.service", &v->base, mode, sched, &k,
			      hash < 0 ? VS_HASH_5TUPLE : hash, &set)) != 0)
		return rc;
	rs = ctl_alloc(r, sizeof(*rs) * (v->n_real_services + 1));
	if (rs == NULL)
		return CTL_ENOMEM(r);
	for (size_t i = 0; i < v->n_real_services; i++) {
		snprintf(path, sizeof(path), "add_service.service.real_services[%zu]", i);
		rc = ctl_parse_real(r, path, v->real_services[i], k.af, mode, k.vport, &rs[i]);
		if (rc != 0)
			return rc;
	}
	if (v->priority > CFG_MAX_PRIORITY)
		return ctl_fail(r, -EINVAL, "add_service.service.priority: must be 0 to %u",
				CFG_MAX_PRIORITY);
	/* A service removed softly whose connections remain comes back with them. */
	revived = cfg_vs_find_retired_vni(st, k.proto, &k.vip, k.af, k.vport, k.vni) != NULL;
	rc = cfg_vs_add_vni(st, k.proto, &k.vip, k.af, k.vport, k.vni, mode, sched, err);
	if (rc < 0)
		return cfg_fail(r, rc, "add_service.service", "service", err);
	vs = ctl_lookup_service(st, &k);
	cfg_vs_set_encap(st, vs, mode, encap);
	cfg_vs_set_priority(st, vs, v->priority, err);
	cfg_vs_set_down(st, vs, down, all_down, err);
	cfg_vs_set_settings(st, vs, &set);
	ctl_timeouts_of(v->timeouts, &to);
	rc = cfg_vs_set_timeouts(st, vs, &to, err);
	if (rc < 0)
		rc = cfg_fail(r, rc, "add_service.service", NULL, err);
	if (rc == 0) {
		cfg_vs_set_synproxy(st, vs, synproxy < 0 ? VS_SYNPROXY_OFF : synproxy, true,
				    v->synproxy_threshold, err);
		cfg_vs_set_client_addr(st, vs, client_addr > 0, err);
		cfg_vs_set_hash(st, vs, hash, err);
		rc = add_service_reals(r, vs, rs, v->n_real_services);
	}
	if (rc == 0)
		rc = publish(r);
	if (rc < 0)
		vs_discard(st, vs, revived);
	return rc;
}

int
ctl_op_update_service(struct ctl_req *r, const Hvlb__Fwd__V1__UpdateService *m)
{
	struct cfgstore *st = r->f->cfg;
	char err[CFG_ERR_LEN] = "";
	int mode, sched, down, all_down, old_mode, old_sched, old_down, old_all_down, rc;
	struct conn_timeouts to, old_to;
	int synproxy, old_synproxy, encap, old_encap, client_addr, old_client_addr, hash, old_hash;
	struct vs_settings set = {0}, old_set;
	uint32_t old_sp_thr;
	bool sp_change, set_any;
	struct ctl_svc k;
	struct cfg_vs *vs;

	if ((rc = ctl_parse_service(r, "update_service.id", m->id, &k)) != 0 ||
	    (rc = parse_mode(r, "update_service.mode", m->mode, -1, &mode)) != 0 ||
	    (rc = parse_sched(r, "update_service.scheduler", m->scheduler, -1, &sched)) != 0 ||
	    (rc = parse_down_conns(r, "update_service.down_conns", m->down_conns, &down)) != 0 ||
	    (rc = parse_all_down(r, "update_service.all_down", m->all_down, &all_down)) != 0 ||
	    (rc = parse_synproxy(r, "update_service.synproxy", m->synproxy, &synproxy)) != 0 ||
	    (rc = parse_encap(r, "update_service.encap", m->encap, &encap)) != 0 ||
	    (rc = ctl_parse_client_addr(r, "update_service.client_addr", m->client_addr,
					&client_addr)) != 0 ||
	    (rc = ctl_parse_hash(r, "update_service.hash", m->hash, &hash)) != 0)
		return rc;
	if (vs_settings_update_from_msg(&m->base, &set, &set_any, err, sizeof(err)) != 0)
		return ctl_fail(r, -EINVAL, "update_service.%s", err);
	bool others = set_any || m->set_timeouts || client_addr >= 0 || hash >= 0;

	sp_change = synproxy >= 0 || m->set_synproxy_threshold;
	if (mode < 0 && sched < 0 && down < 0 && all_down < 0 && !m->set_priority && !others &&
	    !sp_change && encap < 0)
		return ctl_fail(r, -EINVAL, "update_service: neither mode, encap, scheduler, down_conns, "
				"all_down, synproxy, hash, set_priority, set_conn_rate_limit, "
				"set_synproxy_threshold nor set_timeouts given");
	if (m->set_priority && m->priority > CFG_MAX_PRIORITY)
		return ctl_fail(r, -EINVAL, "update_service.priority: must be 0 to %u",
				CFG_MAX_PRIORITY);
	vs = ctl_find_service(r, "update_service", &k);
	if (vs == NULL)
		return -ENOENT;
	/* RSS-A on this thread reads the priority; workers only a vxlan service's, which places
	 * its new connections (steer_place.c): published for that one. */
	if (m->set_priority)
		cfg_vs_set_priority(st, vs, m->priority, err);
	if (mode < 0 && sched < 0 && down < 0 && all_down < 0 && !others && !sp_change && encap < 0)
		return m->set_priority && vs->mode == VS_MODE_VXLAN ? publish(r) : 0;
	if (cfg_vs_check_encap(vs, mode, encap, err) != 0)
		return ctl_fail(r, -EINVAL, "update_service.%s", err);
	/* The mode and the proxy together: a proxy that stays on refuses mode dr, and a proxy
	 * turned on refuses a service that is (or becomes) dr. */
	if ((synproxy > VS_SYNPROXY_OFF || (synproxy < 0 && vs->synproxy != VS_SYNPROXY_OFF)) &&
	    ((mode >= 0 ? mode : vs->mode) != VS_MODE_NAT || k.proto != HVLB_PROTO_TCP))
		return ctl_fail(r, -EINVAL, "update_service.synproxy: only a nat tcp service can "
				"have one (in dr the NF's replies bypass the forwarder)");
	if ((mode == VS_MODE_DR || mode == VS_MODE_TUNNEL) && (rc = ctl_check_dr_ports(r, vs)) != 0)
		return rc;
	if ((rc = ctl_check_hash(r, "update_service", hash >= 0 ? hash : vs->hash,
				 mode >= 0 ? mode : vs->mode, k.proto,
				 sched >= 0 ? sched : vs->sched)) != 0)
		return rc;
	set = vs->set;
	vs_settings_update_from_msg(&m->base, &set, &set_any, err, sizeof(err));
	if ((rc = settings_check(r, "update_service", mode >= 0 ? mode : vs->mode,
				 sched >= 0 ? sched : vs->sched, &k, hash >= 0 ? hash : vs->hash,
				 &set)) != 0)
		return rc;
	/* client_addr stays only with fullnat tcp: turned on, or kept on through a mode change. */
	if ((rc = ctl_check_client_addr(r, "update_service.client_addr",
					client_addr >= 0 ? client_addr : vs->client_addr,
					mode >= 0 ? mode : vs->mode, k.proto)) != 0)
		return rc;
	old_client_addr = vs->client_addr;
	old_hash = vs->hash;
	old_mode = vs->mode;
	old_encap = vs->encap;
	old_sched = vs->sched;
	old_down = vs->down_conns;
	old_all_down = vs->all_down;
	old_set = vs->set;
	cfg_vs_timeouts(st, vs, &old_to);
	ctl_timeouts_of(m->timeouts, &to);
	/* The timeouts first: the only change here that can fail for want of room. */
	if (m->set_timeouts && (rc = cfg_vs_set_timeouts(st, vs, &to, err)) < 0)
		return cfg_fail(r, rc, "update_service", NULL, err);
	old_synproxy = vs->synproxy;
	old_sp_thr = vs->synproxy_threshold;
	/* Off first, so a switch to dr with the proxy turned off in the same call passes. */
	if (synproxy == VS_SYNPROXY_OFF)
		cfg_vs_set_synproxy(st, vs, synproxy, false, 0, err);
	if (client_addr == 0)
		cfg_vs_set_client_addr(st, vs, 0, err);
	if (hash == VS_HASH_5TUPLE)
		cfg_vs_set_hash(st, vs, hash, err);
	rc = cfg_vs_update(st, vs, mode, sched, err);
	if (rc < 0) {
		vs->hash = (uint8_t)old_hash;
		cfg_vs_set_client_addr(st, vs, old_client_addr, err);
		cfg_vs_set_synproxy(st, vs, old_synproxy, false, 0, err);
		cfg_vs_set_timeouts(st, vs, &old_to, err);
		return cfg_fail(r, rc, "update_service", NULL, err);
	}
	if (sp_change)
		cfg_vs_set_synproxy(st, vs, synproxy, m->set_synproxy_threshold,
				    m->synproxy_threshold, err);
	cfg_vs_set_encap(st, vs, mode, encap);
	cfg_vs_set_down(st, vs, down, all_down, err);
	cfg_vs_set_settings(st, vs, &set);
	if (client_addr > 0)
		cfg_vs_set_client_addr(st, vs, 1, err);
	cfg_vs_set_hash(st, vs, hash, err);
	rc = publish(r);
	if (rc < 0) {
		vs->hash = VS_HASH_5TUPLE;
		cfg_vs_set_client_addr(st, vs, 0, err);
		cfg_vs_update(st, vs, old_mode, old_sched, err);
		cfg_vs_set_down(st, vs, old_down, old_all_down, err);
		cfg_vs_set_settings(st, vs, &old_set);
		cfg_vs_set_timeouts(st, vs, &old_to, err);
		cfg_vs_set_synproxy(st, vs, VS_SYNPROXY_OFF, true, old_sp_thr, err);
		cfg_vs_update(st, vs, old_mode, -1, err);
		cfg_vs_set_synproxy(st, vs, old_synproxy, false, 0, err);
		cfg_vs_set_client_addr(st, vs, old_client_addr, err);
		vs->hash = (uint8_t)old_hash;
		vs->encap = (uint8_t)old_encap;
	}
	return rc;
}

/* Soft: the service is retired, its VIP answered and its connections forwarded until the last
 * one ends (fwd_control_poll then forgets it). Hard: it goes now, its connections with it; a
 * retired service too. */
static int
ctl_op_remove_service(struct ctl_req *r, const Hvlb__Fwd__V1__RemoveService *m)
{
	struct cfgstore *st = r->f->cfg;
	char name[CTL_NAME_LEN];
	struct ctl_svc k;
	struct cfg_vs *vs;
	int rc;

	rc = ctl_parse_service(r, "remove_service.id", m->id, &k);
	if (rc != 0)
		return rc;
	vs = ctl_lookup_service(st, &k);
	if (vs == NULL && m->hard)
		vs = cfg_vs_find_retired_vni(st, k.proto, &k.vip, k.af, k.vport, k.vni);
	if (vs == NULL) {
		ctl_fmt_service(name, sizeof(name), k.proto, &k.vip, k.af, k.vport);
		if (cfg_vs_find_retired_vni(st, k.proto, &k.vip, k.af, k.vport, k.vni) != NULL)
			return ctl_fail(r, -ENOENT,
					"remove_service: service %s is removed already, its "
					"connections end naturally (hard: end them now)",
					name);
		return ctl_fail(r, -ENOENT, "remove_service: no service %s", name);
	}
	rc = cfg_vs_remove(st, vs, m->hard);
	if (rc < 0)
		return ctl_fail(r, rc, "remove_service: out of memory to keep its connections "
				       "(hard removes it)");
	return publish(r);
}

/* ---- real services ---- */

/* The service and the real service named by a request; ENOENT names both. */
static int
find_real(struct ctl_req *r, const char *op, const Hvlb__Fwd__V1__ServiceId *id,
	  const char *addr, uint32_t port, struct cfg_vs **vs, struct rs_config **rs)
{
	char path[32], name[CTL_NAME_LEN], ep[CTL_NAME_LEN];
	struct ctl_rs a;
	struct ctl_svc k;
	int rc;

	snprintf(path, sizeof(path), "%s.service", op);
	rc = ctl_parse_service(r, path, id, &k);
	if (rc != 0)
		return rc;
	*vs = ctl_find_service(r, op, &k);
	if (*vs == NULL)
		return -ENOENT;
	rc = parse_real_addr(r, op, addr, port, (*vs)->mode == VS_MODE_TUNNEL ? 0 : (*vs)->af, &a);
	if (rc != 0)
		return rc;
	*rs = cfg_rs_find(*vs, &a.addr, a.port);
	if (*rs == NULL) {
		ctl_fmt_service(name, sizeof(name), k.proto, &k.vip, k.af, k.vport);
		ctl_fmt_endpoint(ep, sizeof(ep), &a.addr, a.af, a.port);
		return ctl_fail(r, -ENOENT, "%s: service %s has no real %s", op, name, ep);
	}
	return 0;
}

static int
ctl_op_add_real(struct ctl_req *r, const Hvlb__Fwd__V1__AddReal *m)
{
	struct cfgstore *st = r->f->cfg;
	char name[CTL_NAME_LEN], ep[CTL_NAME_LEN], err[CFG_ERR_LEN] = "";
	struct rs_config *added;
	struct ctl_svc k;
	struct cfg_vs *vs;
	struct ctl_rs rs;
	int rc;

	rc = ctl_parse_service(r, "add_real.service", m->service, &k);
	if (rc != 0)
		return rc;
	vs = ctl_find_service(r, "add_real", &k);
	if (vs == NULL)
		return -ENOENT;
	rc = ctl_parse_real(r, "add_real.real", m->real, vs->af, vs->mode, vs->vport, &rs);
	if (rc != 0)
		return rc;
	if (cfg_rs_find(vs, &rs.addr, rs.port) != NULL) {
		ctl_fmt_service(name, sizeof(name), k.proto, &k.vip, k.af, k.vport);
		ctl_fmt_endpoint(ep, sizeof(ep), &rs.addr, rs.af, rs.port);
		return ctl_fail(r, -EEXIST, "add_real: service %s already has real %s", name, ep);
	}
	rc = cfg_rs_add(st, vs, &rs.addr, rs.af, rs.port, rs.weight, rs.health, err);
	if (rc < 0)
		return cfg_fail(r, rc, "add_real.real", "real", err);
	cfg_rs_set_conn_limit(st, &vs->rs[vs->n_rs - 1], rs.conn_limit);
	rc = publish(r);
	added = rc < 0 ? cfg_rs_find(vs, &rs.addr, rs.port) : NULL;
	if (added != NULL)
		cfg_rs_remove(st, vs, added, 1); /* never carried a connection */
	return rc;
}

static int
ctl_op_update_real(struct ctl_req *r, const Hvlb__Fwd__V1__UpdateReal *m)
{
	char err[CFG_ERR_LEN] = "";
	struct rs_config *rs;
	struct cfg_vs *vs;
	uint32_t old_weight, old_limit;
	uint8_t old_health;
	int rc;

	if (!m->set_weight && !m->set_health && !m->set_conn_limit)
		return ctl_fail(r, -EINVAL,
				"update_real: set_weight, set_health and set_conn_limit all false");
	if (m->set_weight && m->weight > RS_WEIGHT_MAX)
		return ctl_fail(r, -EINVAL, "update_real.weight: must be <= %u", RS_WEIGHT_MAX);
	if (m->set_health && m->health > 1)
		return ctl_fail(r, -EINVAL, "update_real.health: must be 0 or 1");
	rc = find_real(r, "update_real", m->service, m->address, m->port, &vs, &rs);
	if (rc != 0)
		return rc;
	old_weight = rs->weight;
	old_health = rs->health;
	old_limit = rs->conn_limit;
	rc = cfg_rs_update(r->f->cfg, vs, rs, m->set_weight ? (int64_t)m->weight : -1,
			   m->set_health ? (int)m->health : -1, err);
	if (rc < 0)
		return cfg_fail(r, rc, "update_real", "real", err);
	if (m->set_conn_limit)
		cfg_rs_set_conn_limit(r->f->cfg, rs, m->conn_limit);
	rc = publish(r);
	if (rc < 0) {
		cfg_rs_update(r->f->cfg, vs, rs, old_weight, old_health, err);
		cfg_rs_set_conn_limit(r->f->cfg, rs, old_limit);
	}
	return rc;
}

/* Soft: the RS's connections continue until they end; hard: workers drop them. */
static int
ctl_op_remove_real(struct ctl_req *r, const Hvlb__Fwd__V1__RemoveReal *m)
{
	struct rs_config *rs;
	struct cfg_vs *vs;
	int rc;

	rc = find_real(r, "remove_real", m->service, m->address, m->port, &vs, &rs);
	if (rc != 0)
		return rc;
	cfg_rs_remove(r->f->cfg, vs, rs, m->hard);
	return publish(r);
}

/* ---- routes, neighbours, timeouts ---- */

struct route_backup {
	struct cfg_route routes[FWD_MAX_ROUTES];
	unsigned n;
};

static struct route_backup *
routes_save(struct ctl_req *r)
{
	struct route_backup *b = ctl_alloc(r, sizeof(*b));

	if (b != NULL) {
		b->n = r->f->cfg->n_routes;
		memcpy(b->routes, r->f->cfg->routes, sizeof(b->routes[0]) * b->n);
	}
	return b;
}

/* Undo a route change the workers never got (no cfg_* call restores a table wholesale). */
static void
routes_restore(struct ctl_req *r, const struct route_backup *b)
{
	memcpy(r->f->cfg->routes, b->routes, sizeof(b->routes[0]) * b->n);
	r->f->cfg->n_routes = b->n;
}

static int
ctl_op_set_route(struct ctl_req *r, const Hvlb__Fwd__V1__SetRoute *m)
{
	const Hvlb__Fwd__V1__Route *rt = m->route;
	char err[CFG_ERR_LEN] = "";
	struct route_backup *b;
	int rc;

	if (rt == NULL)
		return ctl_fail(r, -EINVAL, "set_route.route: missing");
	if (rt->port >= r->f->cfg->n_ports)
		return ctl_fail(r, -EINVAL, "set_route.route.port: no port %u", rt->port);
	b = routes_save(r);
	if (b == NULL)
		return CTL_ENOMEM(r);
	rc = cfg_route_set(r->f->cfg, rt->prefix, rt->via, (uint16_t)rt->port, err);
	if (rc < 0)
		return cfg_fail(r, rc, "set_route", NULL, err);
	rc = publish(r);
	if (rc < 0)
		routes_restore(r, b);
	return rc;
}

static int
ctl_op_delete_route(struct ctl_req *r, const Hvlb__Fwd__V1__DeleteRoute *m)
{
	char err[CFG_ERR_LEN] = "";
	struct route_backup *b = routes_save(r);
	int rc;

	if (b == NULL)
		return CTL_ENOMEM(r);
	rc = cfg_route_del(r->f->cfg, m->prefix, err);
	if (rc < 0)
		return cfg_fail(r, rc, "delete_route", NULL, err);
	rc = publish(r);
	if (rc < 0)
		routes_restore(r, b);
	return rc;
}

/* Neighbours are not part of the snapshot: the entry is live at once. */
static int
ctl_op_set_neighbor(struct ctl_req *r, const Hvlb__Fwd__V1__SetNeighbor *m)
{
	const Hvlb__Fwd__V1__Neighbor *n = m->neighbor;
	struct rte_ether_addr mac;
	union hvlb_addr addr;
	uint8_t af;
	int rc;

	if (n == NULL)
		return ctl_fail(r, -EINVAL, "set_neighbor.neighbor: missing");
	if (cfg_parse_addr(n->address, &addr, &af) != 0)
		return ctl_fail(r, -EINVAL, "set_neighbor.neighbor.address: not an IP address");
	if (rte_ether_unformat_addr(n->mac, &mac) != 0)
		return ctl_fail(r, -EINVAL,
				"set_neighbor.neighbor.mac: not a MAC address (aa:bb:cc:dd:ee:ff)");
	if (!rte_is_unicast_ether_addr(&mac) || rte_is_zero_ether_addr(&mac))
		return ctl_fail(r, -EINVAL, "set_neighbor.neighbor.mac: must be a unicast address");
	if (n->port >= r->f->ports.n)
		return ctl_fail(r, -EINVAL, "set_neighbor.neighbor.port: no port %u", n->port);
	rc = neigh_set(&r->f->neigh, af, &addr, &mac, (uint16_t)n->port, 1);
	if (rc < 0)
		return ctl_fail(r, rc, "set_neighbor: %s",
				rc == -ENOSPC ? "the neighbour table is full" : strerror(-rc));
	return 0;
}

static int
ctl_op_set_timeouts(struct ctl_req *r, const Hvlb__Fwd__V1__SetTimeouts *m)
{
	const Hvlb__Fwd__V1__Timeouts *t = m->timeouts;
	struct conn_timeouts old = r->f->cfg->timeouts, to;
	char err[CFG_ERR_LEN] = "";
	int rc;

	if (t == NULL)
		return ctl_fail(r, -EINVAL, "set_timeouts.timeouts: missing");
	ctl_timeouts_of(t, &to);
	if ((to.tcp_syn | to.tcp_est | to.tcp_fin | to.tcp_tw | to.tcp_close | to.udp) == 0)
		return ctl_fail(r, -EINVAL, "set_timeouts.timeouts: every value is 0 (unchanged)");
	rc = cfg_timeouts_set(r->f->cfg, &to, err);
	if (rc < 0)
		return cfg_fail(r, rc, "set_timeouts", NULL, err);
	rc = publish(r);
	if (rc < 0)
		cfg_timeouts_set(r->f->cfg, &old, err); /* old values are all non-zero */
	return rc;
}

/* ---- routing a request to its handler ---- */

int
ctl_op_run(struct ctl_req *r, const Hvlb__Fwd__V1__Request *m)
{
	switch (m->op_case) {
	case HVLB__FWD__V1__REQUEST__OP_ADD_SERVICE:
		return ctl_op_add_service(r, m->add_service);
	case HVLB__FWD__V1__REQUEST__OP_UPDATE_SERVICE:
		return ctl_op_update_service(r, m->update_service);
	case HVLB__FWD__V1__REQUEST__OP_REMOVE_SERVICE:
		return ctl_op_remove_service(r, m->remove_service);
	case HVLB__FWD__V1__REQUEST__OP_ADD_REAL:
		return ctl_op_add_real(r, m->add_real);
	case HVLB__FWD__V1__REQUEST__OP_UPDATE_REAL:
		return ctl_op_update_real(r, m->update_real);
	case HVLB__FWD__V1__REQUEST__OP_REMOVE_REAL:
		return ctl_op_remove_real(r, m->remove_real);
	case HVLB__FWD__V1__REQUEST__OP_LIST_SERVICES:
		return ctl_op_list_services(r);
	case HVLB__FWD__V1__REQUEST__OP_SET_ROUTE:
		return ctl_op_set_route(r, m->set_route);
	case HVLB__FWD__V1__REQUEST__OP_DELETE_ROUTE:
		return ctl_op_delete_route(r, m->delete_route);
	case HVLB__FWD__V1__REQUEST__OP_LIST_ROUTES:
		return ctl_op_list_routes(r);
	case HVLB__FWD__V1__REQUEST__OP_SET_NEIGHBOR:
		return ctl_op_set_neighbor(r, m->set_neighbor);
	case HVLB__FWD__V1__REQUEST__OP_LIST_NEIGHBORS:
		return ctl_op_list_neighbors(r);
	case HVLB__FWD__V1__REQUEST__OP_SET_TIMEOUTS:
		return ctl_op_set_timeouts(r, m->set_timeouts);
	case HVLB__FWD__V1__REQUEST__OP_GET_STATS:
		return ctl_op_get_stats(r);
	case HVLB__FWD__V1__REQUEST__OP_LIST_CONNECTIONS:
		return ctl_op_list_connections(r, m->list_connections);
	case HVLB__FWD__V1__REQUEST__OP_GET_STEERING:
		return ctl_op_get_steering(r, m->get_steering);
	case HVLB__FWD__V1__REQUEST__OP_SET_RSSA:
		return ctl_op_set_rssa(r, m->set_rssa);
	case HVLB__FWD__V1__REQUEST__OP_STEER_FLOW:
		return ctl_op_steer_flow(r, m->steer_flow);
	case HVLB__FWD__V1__REQUEST__OP_SET_SYNC:
		return ctl_op_set_sync(r, m->set_sync);
	case HVLB__FWD__V1__REQUEST__OP_GET_SYNC:
		return ctl_op_get_sync(r);
	case HVLB__FWD__V1__REQUEST__OP_ZERO_COUNTERS:
		return ctl_op_zero_counters(r, m->zero_counters);
	case HVLB__FWD__V1__REQUEST__OP_GET_TIMEOUTS:
		return ctl_op_get_timeouts(r);
	case HVLB__FWD__V1__REQUEST__OP_GET_LOCAL_POOL:
		return ctl_op_get_local_pool(r);
	case HVLB__FWD__V1__REQUEST__OP_SET_SERVICE:
		return ctl_op_set_service(r, m->set_service);
	case HVLB__FWD__V1__REQUEST__OP_SET_LOCAL_POOL:
		return ctl_op_set_local_pool(r, m->set_local_pool);
	case HVLB__FWD__V1__REQUEST__OP_TRACE_FLOW:
		return ctl_op_trace_flow(r, m->trace_flow);
	case HVLB__FWD__V1__REQUEST__OP_CAPTURE:
		return ctl_op_capture(r, m->capture);
	default:
		/* An op added to the proto after this forwarder was built decodes as unset. */
		return ctl_fail(r, -EINVAL, "request: no operation this forwarder knows");
	}
}
