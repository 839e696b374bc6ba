/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The start-up configuration file. Sections: [forwarder], [route.*], [neigh.*], [vs.*],
 * [timeouts], [sync] here, [portN], [tunnel] and [local_pool] in cfgfile_port.c,
 * cfgfile_tunnel.c and cfgfile_fullnat.c; see docs/forwarder-config.md. Everything after the
 * ports goes through the same validated calls as the control socket. Each section's keys are
 * listed once, next to the code that reads them (cfgfile.h CFGFILE_KEY_CONST), and nothing
 * else is taken (cfgfile_schema.c).
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_ether.h>

#include "rewrite_tunnel.h"
#include "cfgfile.h"
#include "idle.h"
#include "scheduler.h"

/* The keys of each section kind (cfgfile.h): each read below as <set>_key_<name>. */
#define FWD_KEYS(X) X(fwd, conn_max) X(fwd, idle_sleep_max_us) X(fwd, idle_wake) \
	X(fwd, conn_hash) X(fwd, mbufs) X(fwd, rssa) X(fwd, rssa_q) X(fwd, rssa_epsilon) \
	X(fwd, rssa_theta_h) X(fwd, rssa_period_ms) X(fwd, rssa_n_sam) X(fwd, rssa_cooldown) \
	X(fwd, rssa_max_moves) X(fwd, dispatch) X(fwd, neigh_retry_ms) \
	X(fwd, neigh_first_retry_ms) X(fwd, state_dir) X(fwd, fragments) X(fwd, worker_slice_us) \
	X(fwd, idle_sleep_wake_max_us) X(fwd, kernel_fast_path)
#define ROUTE_KEYS(X) X(route, prefix) X(route, via) X(route, port)
#define NEIGH_KEYS(X) X(neigh, addr) X(neigh, mac) X(neigh, port)
#define VS_KEYS(X) X(vs, protocol) X(vs, vip) X(vs, port) X(vs, mode) X(vs, encap) \
	X(vs, scheduler) X(vs, priority) X(vs, down_conns) X(vs, all_down) \
	X(vs, synproxy) X(vs, synproxy_threshold) X(vs, client_addr) \
	X(vs, vni) X(vs, hash)
#define SYNC_KEYS(X) X(sync, id) X(sync, listen) X(sync, key) X(sync, key_file) X(sync, replicas)
FWD_KEYS(CFGFILE_KEY_CONST)
ROUTE_KEYS(CFGFILE_KEY_CONST)
NEIGH_KEYS(CFGFILE_KEY_CONST)
VS_KEYS(CFGFILE_KEY_CONST)
SYNC_KEYS(CFGFILE_KEY_CONST)
const char *const cfgfile_fwd_keys[] = {FWD_KEYS(CFGFILE_KEY_NAME) NULL};
const char *const cfgfile_route_keys[] = {ROUTE_KEYS(CFGFILE_KEY_NAME) NULL};
const char *const cfgfile_neigh_keys[] = {NEIGH_KEYS(CFGFILE_KEY_NAME) NULL};
/* A service's plain settings (core/vs_settings.h) are keys of their own names. */
#define VS_SETTING_KEY(name, max, flags, check) #name,
const char *const cfgfile_vs_keys[] = {VS_KEYS(CFGFILE_KEY_NAME) VS_SETTINGS(VS_SETTING_KEY) NULL};
const char *const cfgfile_sync_keys[] = {SYNC_KEYS(CFGFILE_KEY_NAME) NULL};
/* The six timeouts, in struct conn_timeouts' order (get_timeouts): [timeouts] tcp_syn, a
 * service's timeout_tcp_syn. */
const char *const cfgfile_timeout_keys[] = {"tcp_syn", "tcp_established", "tcp_fin",
					    "tcp_time_wait", "tcp_close", "udp", NULL};

int
cfgfile_get_u32(const struct cfgini *cfg, const char *sect, const char *key, uint32_t def,
		uint32_t *out)
{
	const char *v = cfgini_get(cfg, sect, key);
	char *end;
	unsigned long n;

	*out = def;
	if (v == NULL)
		return 0;
	errno = 0;
	n = strtoul(v, &end, 0);
	if (errno != 0 || *end != '\0' || end == v || n > UINT32_MAX || *v == '-') {
		cfgini_err(cfg, sect, key, "'%s' is not a number from 0 to %u", v, UINT32_MAX);
		return -1;
	}
	*out = (uint32_t)n;
	return 0;
}

static int
get_double(const struct cfgini *cfg, const char *sect, const char *key, double *out)
{
	const char *v = cfgini_get(cfg, sect, key);
	char *end;
	double d;

	if (v == NULL)
		return 0; /* *out keeps its default */
	errno = 0;
	d = strtod(v, &end);
	if (errno != 0 || *end != '\0' || end == v) {
		cfgini_err(cfg, sect, key, "'%s' is not a number", v);
		return -1;
	}
	*out = d;
	return 0;
}

/* An error about sect from code that names the field in err ("priority: ..."), the store's
 * or RSS-A's: at that key's line when the section has it, else at the section's. */
static void
store_err(const struct cfgini *cfg, const char *sect, const char *err)
{
	const char *colon = strchr(err, ':');
	char key[CFGINI_NAME_LEN];

	if (colon != NULL && colon > err && colon - err < CFGINI_NAME_LEN) {
		snprintf(key, sizeof(key), "%.*s", (int)(colon - err), err);
		if (cfgini_get(cfg, sect, key) != NULL) {
			cfgini_err(cfg, sect, key, "%s", colon[1] == ' ' ? colon + 2 : colon + 1);
			return;
		}
	}
	cfgini_err(cfg, sect, NULL, "%s", err);
}

/* The RSS-A keys of [forwarder] (docs/forwarder-config.md). */
static int
load_rssa(const struct cfgini *cfg, struct rssa_settings *r)
{
	const char *on = cfgini_get(cfg, "forwarder", fwd_key_rssa);
	const char *msg;

	rssa_settings_default(r);
	if (on != NULL) {
		if (strcmp(on, "on") != 0 && strcmp(on, "off") != 0) {
			cfgini_err(cfg, "forwarder", fwd_key_rssa, "'%s' is not on or off", on);
			return -1;
		}
		r->enabled = strcmp(on, "on") == 0;
	}
	if (get_double(cfg, "forwarder", fwd_key_rssa_q, &r->p.q) != 0 ||
	    get_double(cfg, "forwarder", fwd_key_rssa_epsilon, &r->p.epsilon) != 0 ||
	    get_double(cfg, "forwarder", fwd_key_rssa_theta_h, &r->p.theta_h) != 0 ||
	    cfgfile_get_u32(cfg, "forwarder", fwd_key_rssa_period_ms, r->period_ms,
		    &r->period_ms) != 0 ||
	    cfgfile_get_u32(cfg, "forwarder", fwd_key_rssa_n_sam, r->p.n_sam, &r->p.n_sam) != 0 ||
	    cfgfile_get_u32(cfg, "forwarder", fwd_key_rssa_cooldown, r->p.cooldown,
		    &r->p.cooldown) != 0 ||
	    cfgfile_get_u32(cfg, "forwarder", fwd_key_rssa_max_moves, r->p.max_moves,
		    &r->p.max_moves) != 0)
		return -1;
	msg = rssa_settings_check(r);
	if (msg != NULL) {
		char err[CFG_ERR_LEN];

		/* msg names the field after rssa_ ("q: ..."): at that key's line. */
		snprintf(err, sizeof(err), "rssa_%s", msg);
		store_err(cfg, "forwarder", err);
		return -1;
	}
	return 0;
}

/* dispatch = off | on | N stages (docs/forwarder-config.md). */
static int
load_dispatch(const struct cfgini *cfg, uint16_t *n)
{
	const char *v = cfgini_get(cfg, "forwarder", fwd_key_dispatch);
	char *end;
	unsigned long k;

	*n = 0;
	if (v == NULL || strcmp(v, "off") == 0)
		return 0;
	if (strcmp(v, "on") == 0) {
		*n = 1;
		return 0;
	}
	k = strtoul(v, &end, 10);
	if (*v == '\0' || *end != '\0' || k > FWD_MAX_DISPATCH) {
		cfgini_err(cfg, "forwarder", fwd_key_dispatch,
			   "'%s' is not off, on or a number of stages (0 to %u)", v,
			   FWD_MAX_DISPATCH);
		return -1;
	}
	*n = (uint16_t)k;
	return 0;
}

/* idle_wake: how an idle worker's sleep ends on kernel-interface ports (idle.h). */
static int
load_idle_wake(const struct cfgini *cfg, uint8_t *rx)
{
	const char *v = cfgini_get(cfg, "forwarder", fwd_key_idle_wake);

	*rx = 1;
	if (v == NULL || strcmp(v, "rx") == 0)
		return 0;
	if (strcmp(v, "sleep") == 0) {
		*rx = 0;
		return 0;
	}
	cfgini_err(cfg, "forwarder", fwd_key_idle_wake, "'%s' is not rx or sleep", v);
	return -1;
}

/* kernel_fast_path: on (the default) or off (docs/kernel-fast-path.md). */
static int
load_kernel_fast_path(const struct cfgini *cfg, uint8_t *on)
{
	const char *v = cfgini_get(cfg, "forwarder", fwd_key_kernel_fast_path);

	*on = 1;
	if (v == NULL || strcmp(v, "on") == 0)
		return 0;
	if (strcmp(v, "off") == 0) {
		*on = 0;
		return 0;
	}
	cfgini_err(cfg, "forwarder", fwd_key_kernel_fast_path, "'%s' is not on or off", v);
	return -1;
}

/* fragments: IP fragments dropped (drop, the default) or forwarded without reassembly
 * (forward: docs/fragments.md). */
static int
load_fragments(const struct cfgini *cfg, uint8_t *forward)
{
	const char *v = cfgini_get(cfg, "forwarder", fwd_key_fragments);

	*forward = 0;
	if (v == NULL || strcmp(v, "drop") == 0)
		return 0;
	if (strcmp(v, "forward") == 0) {
		*forward = 1;
		return 0;
	}
	cfgini_err(cfg, "forwarder", fwd_key_fragments, "'%s' is not drop or forward", v);
	return -1;
}

/* conn_hash: what the connection tables file keys by (enum conn_hash_setting). */
static int
load_conn_hash(const struct cfgini *cfg, uint8_t *h)
{
	const char *v = cfgini_get(cfg, "forwarder", fwd_key_conn_hash);

	if (v == NULL || strcmp(v, "auto") == 0)
		*h = CONN_HASH_AUTO;
	else if (strcmp(v, "flow") == 0)
		*h = CONN_HASH_FLOW;
	else if (strcmp(v, "toeplitz") == 0)
		*h = CONN_HASH_TOEPLITZ;
	else {
		cfgini_err(cfg, "forwarder", fwd_key_conn_hash,
			   "'%s' is not auto, flow or toeplitz", v);
		return -1;
	}
	return 0;
}

struct cfgini *
cfgfile_load(const char *path, struct fwd_settings *s)
{
	struct cfgini *cfg = cfgini_load(path);
	const char *sd;

	if (cfg == NULL)
		return NULL;
	memset(s, 0, sizeof(*s));
	if (cfgfile_check_keys(cfg) != 0 ||
	    cfgfile_get_u32(cfg, "forwarder", fwd_key_conn_max, 262144, &s->conn_max) != 0 ||
	    cfgfile_get_u32(cfg, "forwarder", fwd_key_idle_sleep_max_us, 100,
		    &s->idle_sleep_max_us) != 0 ||
	    cfgfile_get_u32(cfg, "forwarder", fwd_key_idle_sleep_wake_max_us,
		    IDLE_SLEEP_WAKE_MAX_US_DEFAULT, &s->idle_sleep_wake_max_us) != 0 ||
	    cfgfile_get_u32(cfg, "forwarder", fwd_key_neigh_retry_ms, 1000,
		    &s->neigh_retry_ms) != 0 ||
	    cfgfile_get_u32(cfg, "forwarder", fwd_key_neigh_first_retry_ms, 100,
		    &s->neigh_first_retry_ms) != 0 ||
	    cfgfile_get_u32(cfg, "forwarder", fwd_key_mbufs, 0, &s->mbufs) != 0 ||
	    load_rssa(cfg, &s->rssa) != 0 || load_dispatch(cfg, &s->dispatch) != 0 ||
	    cfgfile_load_tunnel(cfg, &s->tunnel) != 0 ||
	    load_idle_wake(cfg, &s->idle_wake_rx) != 0 || load_conn_hash(cfg, &s->conn_hash) != 0 ||
	    load_fragments(cfg, &s->frag_forward) != 0 ||
	    load_kernel_fast_path(cfg, &s->kernel_fast_path) != 0 ||
	    cfgfile_load_local_pool(cfg, &s->local_pool) != 0 ||
	    cfgfile_get_u32(cfg, "forwarder", fwd_key_worker_slice_us, IDLE_SLICE_US_DEFAULT,
		    &s->worker_slice_us) != 0)
		goto fail;
	if (s->worker_slice_us != 0 && (s->worker_slice_us < IDLE_SLICE_US_MIN ||
					s->worker_slice_us > IDLE_SLICE_US_MAX)) {
		cfgini_err(cfg, "forwarder", fwd_key_worker_slice_us,
			   "%u is not 0 (the kernel's) or from %u to %u", s->worker_slice_us,
			   IDLE_SLICE_US_MIN, IDLE_SLICE_US_MAX);
		goto fail;
	}
	sd = cfgini_get(cfg, "forwarder", fwd_key_state_dir);
	if (sd != NULL && (sd[0] != '/' || strlen(sd) >= sizeof(s->state_dir))) {
		cfgini_err(cfg, "forwarder", fwd_key_state_dir,
			   "'%s' is not an absolute path of at most %zu characters", sd,
			   sizeof(s->state_dir) - 1);
		goto fail;
	}
	if (sd != NULL)
		snprintf(s->state_dir, sizeof(s->state_dir), "%s", sd);
	if (s->conn_max < 64 || s->conn_max > (1u << 26)) {
		cfgini_err(cfg, "forwarder", fwd_key_conn_max, "must be between 64 and %u",
			   1u << 26);
		goto fail;
	}
	if (cfgfile_load_ports(cfg, s) != 0)
		goto fail;
	return cfg;
fail:
	cfgini_free(cfg);
	return NULL;
}

static int
apply_route(const struct cfgini *cfg, const struct cfgfile_target *t, const char *sect)
{
	const char *prefix = cfgini_get(cfg, sect, route_key_prefix);
	const char *via = cfgini_get(cfg, sect, route_key_via);
	char err[CFG_ERR_LEN];
	uint32_t port;

	if (prefix == NULL) {
		cfgini_err(cfg, sect, route_key_prefix, "missing");
		return -1;
	}
	if (cfgfile_get_u32(cfg, sect, route_key_port, 0, &port) != 0)
		return -1;
	if (port > UINT16_MAX) {
		cfgini_err(cfg, sect, route_key_port, "no port %u", port);
		return -1;
	}
	if (cfg_route_set(t->st, prefix, via, (uint16_t)port, err) != 0) {
		cfgini_err(cfg, sect, NULL, "%s", err);
		return -1;
	}
	return 0;
}

static int
apply_neigh(const struct cfgini *cfg, const struct cfgfile_target *t, const char *sect)
{
	const char *a = cfgini_get(cfg, sect, neigh_key_addr);
	const char *m = cfgini_get(cfg, sect, neigh_key_mac);
	struct rte_ether_addr mac;
	union hvlb_addr addr;
	uint32_t port;
	uint8_t af;

	if (a == NULL || cfg_parse_addr(a, &addr, &af) != 0) {
		cfgini_err(cfg, sect, neigh_key_addr, "missing or not an address");
		return -1;
	}
	if (m == NULL || rte_ether_unformat_addr(m, &mac) != 0) {
		cfgini_err(cfg, sect, neigh_key_mac, "missing or not a MAC address");
		return -1;
	}
	if (cfgfile_get_u32(cfg, sect, neigh_key_port, 0, &port) != 0)
		return -1;
	if (port >= t->n_ports) {
		cfgini_err(cfg, sect, neigh_key_port, "no port %u", port);
		return -1;
	}
	if (t->neigh == NULL) /* checked only (cfgfile_check) */
		return 0;
	int rc = neigh_set(t->neigh, af, &addr, &mac, (uint16_t)port, 1);

	if (rc != 0) {
		cfgini_err(cfg, sect, NULL, "cannot be set: %s", strerror(-rc));
		return -1;
	}
	return 0;
}

/* "addr[:port] [weight=N] [health=0|1] [conn_limit=N]" */
static int
apply_rs(const struct cfgini *cfg, const struct cfgfile_target *t, struct cfg_vs *vs,
	 const char *sect, const char *key, const char *val)
{
	char buf[CFGINI_VALUE_LEN], err[CFG_ERR_LEN];
	uint32_t weight = 100, health = 1, conn_limit = 0;
	union hvlb_addr addr;
	uint16_t port;
	uint8_t af;
	char *save = NULL;

	snprintf(buf, sizeof(buf), "%s", val);
	char *ep = strtok_r(buf, " \t", &save);
	if (ep == NULL || cfg_parse_endpoint(ep, &addr, &af, &port) != 0) {
		cfgini_err(cfg, sect, key, "'%s' is not address[:port]", val);
		return -1;
	}
	for (char *o = strtok_r(NULL, " \t", &save); o != NULL; o = strtok_r(NULL, " \t", &save)) {
		char *end;
		unsigned long n;
		if (strncmp(o, "weight=", 7) == 0) {
			n = strtoul(o + 7, &end, 10);
			weight = (uint32_t)n;
		} else if (strncmp(o, "health=", 7) == 0) {
			n = strtoul(o + 7, &end, 10);
			health = (uint32_t)n;
		} else if (strncmp(o, "conn_limit=", 11) == 0) {
			n = strtoul(o + 11, &end, 10);
			conn_limit = (uint32_t)n;
		} else {
			end = o;
		}
		if (*end != '\0' || n > UINT32_MAX || end == o || end[-1] == '=') {
			cfgini_err(cfg, sect, key,
				   "'%s' is not weight=N, health=0|1 nor conn_limit=N", o);
			return -1;
		}
	}
	if (health > 1) {
		cfgini_err(cfg, sect, key, "health=%u is not 0 or 1", health);
		return -1;
	}
	if (cfg_rs_add(t->st, vs, &addr, af, port, weight, (uint8_t)health, err) != 0) {
		cfgini_err(cfg, sect, key, "%s", err);
		return -1;
	}
	cfg_rs_set_conn_limit(t->st, &vs->rs[vs->n_rs - 1], conn_limit);
	return 0;
}


/* The six timeouts of sect, each key named prefix + its name in cfgfile_timeout_keys
 * ("timeout_udp" in a service, "udp" in [timeouts]); a missing key is 0. */
static int
get_timeouts(const struct cfgini *cfg, const char *sect, const char *prefix,
	     struct conn_timeouts *to)
{
	uint32_t *fields[] = {&to->tcp_syn, &to->tcp_est, &to->tcp_fin,
			      &to->tcp_tw, &to->tcp_close, &to->udp};
	char key[64];

	RTE_BUILD_BUG_ON(RTE_DIM(fields) != sizeof(*to) / sizeof(uint32_t));
	for (unsigned i = 0; i < RTE_DIM(fields); i++) {
		snprintf(key, sizeof(key), "%s%s", prefix, cfgfile_timeout_keys[i]);
		if (cfgfile_get_u32(cfg, sect, key, 0, fields[i]) != 0)
			return -1;
	}
	return 0;
}

/* An enum word of sect's key: its value (from_name), def when the key is not given, or -2
 * after logging the words it takes (those of to_name that from_name reads back). */
static int
get_enum(const struct cfgini *cfg, const char *sect, const char *key, int def,
	 int (*from_name)(const char *), const char *(*to_name)(unsigned))
{
	const char *v = cfgini_get(cfg, sect, key);
	char words[128] = "";
	size_t len = 0;
	int r;

	if (v == NULL)
		return def;
	r = from_name(v);
	if (r >= 0)
		return r;
	for (unsigned i = 0; i < 32 && len < sizeof(words); i++)
		if (from_name(to_name(i)) == (int)i)
			len += (size_t)snprintf(words + len, sizeof(words) - len, "%s%s",
						len > 0 ? " | " : "", to_name(i));
	cfgini_err(cfg, sect, key, "'%s' is not %s", v, words);
	return -2;
}

static int
apply_vs(const struct cfgini *cfg, const struct cfgfile_target *t, const char *sect)
{
	const char *proto_s = cfgini_get(cfg, sect, vs_key_protocol);
	const char *vip_s = cfgini_get(cfg, sect, vs_key_vip);
	const struct cfgini_section *sec = cfgini_section(cfg, sect);
	char err[CFG_ERR_LEN];
	union hvlb_addr vip;
	uint8_t proto, af;
	struct conn_timeouts to;
	struct vs_settings set = {0};
	uint32_t port, prio, sp_thr, vni;
	int mode, sched, encap, down, all_down, synproxy, hash;

	if (proto_s == NULL || cfg_parse_proto(proto_s, &proto) != 0) {
		cfgini_err(cfg, sect, vs_key_protocol, "must be tcp, udp or sctp");
		return -1;
	}
	if (vip_s == NULL || cfg_parse_addr(vip_s, &vip, &af) != 0) {
		cfgini_err(cfg, sect, vs_key_vip, "missing or not an address");
		return -1;
	}
	if (cfgfile_get_u32(cfg, sect, vs_key_port, 0, &port) != 0)
		return -1;
	if (port > 65535) {
		cfgini_err(cfg, sect, vs_key_port, "%u is not a port (0-65535)", port);
		return -1;
	}
	if (cfgfile_get_u32(cfg, sect, vs_key_priority, 0, &prio) != 0 ||
	    get_timeouts(cfg, sect, "timeout_", &to) != 0 ||
	    cfgfile_get_u32(cfg, sect, vs_key_synproxy_threshold, 0, &sp_thr) != 0 ||
	    cfgfile_get_u32(cfg, sect, vs_key_vni, 0, &vni) != 0)
		return -1;
	mode = get_enum(cfg, sect, vs_key_mode, VS_MODE_NAT, vs_mode_from_name, vs_mode_name);
	sched = get_enum(cfg, sect, vs_key_scheduler, HVLB_SCHED_MAGLEV, sched_from_name,
			 sched_name);
	encap = get_enum(cfg, sect, vs_key_encap, -1, tunnel_encap_from_name, tunnel_encap_name);
	down = get_enum(cfg, sect, vs_key_down_conns, -1, vs_down_conns_from_name,
			vs_down_conns_name);
	all_down = get_enum(cfg, sect, vs_key_all_down, -1, vs_all_down_from_name,
			    vs_all_down_name);
	synproxy = get_enum(cfg, sect, vs_key_synproxy, VS_SYNPROXY_OFF, vs_synproxy_from_name,
			    vs_synproxy_name);
	/* What new flows are scheduled by (docs/scheduling.md, "SIP call affinity"). */
	hash = get_enum(cfg, sect, vs_key_hash, -1, vs_hash_from_name, vs_hash_name);
	if (mode == -2 || sched == -2 || encap == -2 || down == -2 || all_down == -2 ||
	    synproxy == -2 || hash == -2)
		return -1;
	if (cfgfile_vs_settings(cfg, sect, proto, af, mode, sched, hash, &set) != 0)
		return -1;
	uint16_t vport = rte_cpu_to_be_16((uint16_t)port);
	if (cfg_vs_add_vni(t->st, proto, &vip, af, vport, vni, mode, sched, err) != 0)
		goto store_fail;
	struct cfg_vs *vs = cfg_vs_find_vni(t->st, proto, &vip, af, vport, vni);
	if (cfg_vs_check_encap(NULL, mode, encap, err) != 0)
		goto store_fail;
	cfg_vs_set_encap(t->st, vs, mode, encap);
	if (cfg_vs_set_priority(t->st, vs, prio, err) != 0)
		goto store_fail;
	cfg_vs_set_down(t->st, vs, down, all_down, err);
	cfg_vs_set_settings(t->st, vs, &set);
	if (cfg_vs_set_timeouts(t->st, vs, &to, err) != 0 ||
	    cfg_vs_set_synproxy(t->st, vs, synproxy, true, sp_thr, err) != 0 ||
	    cfgfile_vs_client_addr(cfgini_get(cfg, sect, vs_key_client_addr), t->st, vs, err) != 0 ||
	    cfg_vs_set_hash(t->st, vs, hash, err) != 0)
		goto store_fail;
	for (unsigned i = sec->first; i < sec->first + sec->n; i++) {
		const struct cfgini_entry *e = &cfg->ent[i];

		if (strncmp(e->name, "rs.", 3) == 0 &&
		    apply_rs(cfg, t, vs, sect, e->name, e->value) != 0)
			return -1;
	}
	return 0;
store_fail:
	store_err(cfg, sect, err);
	return -1;
}

static int
apply_timeouts(const struct cfgini *cfg, const struct cfgfile_target *t)
{
	struct conn_timeouts to;
	char err[CFG_ERR_LEN];

	if (!cfgini_has_section(cfg, "timeouts"))
		return 0;
	if (get_timeouts(cfg, "timeouts", "", &to) != 0)
		return -1;
	if (cfg_timeouts_set(t->st, &to, err) != 0) {
		store_err(cfg, "timeouts", err);
		return -1;
	}
	return 0;
}

int
cfgfile_apply_timeouts(const struct cfgini *cfg, struct cfgstore *st)
{
	struct cfgfile_target t = {.st = st};

	return apply_timeouts(cfg, &t);
}

/* hex (whitespace around it ignored) into at most max bytes: the length, or -1. */
static int
parse_hex_key(const char *hex, uint8_t *out, size_t max)
{
	size_t n = 0;

	while (isspace((unsigned char)*hex))
		hex++;
	while (isxdigit((unsigned char)hex[0]) && isxdigit((unsigned char)hex[1]) && n < max) {
		char b[3] = {hex[0], hex[1], '\0'};

		out[n++] = (uint8_t)strtoul(b, NULL, 16);
		hex += 2;
	}
	while (isspace((unsigned char)*hex))
		hex++;
	return *hex == '\0' ? (int)n : -1;
}

/* key = HEX, or key_file = a file holding it in hex (openssl rand -hex 32). */
static int
sync_key_of(const struct cfgini *cfg, struct cfg_sync *s)
{
	const char *key = cfgini_get(cfg, "sync", sync_key_key);
	const char *file = cfgini_get(cfg, "sync", sync_key_key_file);
	char buf[2 * CFG_SYNC_KEY_MAX + 64] = "";
	int n;

	if ((key == NULL) == (file == NULL)) {
		cfgini_err(cfg, "sync", NULL, "give key or key_file (the cluster's key, in hex)");
		return -1;
	}
	if (file != NULL) {
		FILE *fp = fopen(file, "r");
		size_t got = fp != NULL ? fread(buf, 1, sizeof(buf) - 1, fp) : 0;

		if (fp == NULL) {
			cfgini_err(cfg, "sync", sync_key_key_file, "%s: %s", file, strerror(errno));
			return -1;
		}
		fclose(fp);
		buf[got] = '\0';
		key = buf;
	}
	n = parse_hex_key(key, s->key, sizeof(s->key));
	if (n < 0) {
		cfgini_err(cfg, "sync", file != NULL ? sync_key_key_file : sync_key_key,
			   "not a key in hex (16 to %u bytes)", CFG_SYNC_KEY_MAX);
		return -1;
	}
	s->key_len = (uint8_t)n;
	return 0;
}

static int
sync_endpoint(const struct cfgini *cfg, const char *key, struct cfg_endpoint *e)
{
	const char *v = cfgini_get(cfg, "sync", key);

	if (v == NULL || cfg_parse_endpoint(v, &e->addr, &e->af, &e->port) != 0) {
		cfgini_err(cfg, "sync", key, "want addr:port");
		return -1;
	}
	return 0;
}

/* [sync]: id, listen, key or key_file, peer.N = addr:port (docs/sync.md). */
static int
apply_sync(const struct cfgini *cfg, const struct cfgfile_target *t)
{
	const struct cfgini_section *sec = cfgini_section(cfg, "sync");
	char err[CFG_ERR_LEN];
	struct cfg_sync s;
	uint32_t replicas;

	if (sec == NULL)
		return 0;
	memset(&s, 0, sizeof(s));
	if (cfgfile_get_u32(cfg, "sync", sync_key_id, 0, &s.id) != 0 ||
	    sync_endpoint(cfg, sync_key_listen, &s.listen) != 0 || sync_key_of(cfg, &s) != 0 ||
	    cfgfile_get_u32(cfg, "sync", sync_key_replicas, 0, &replicas) != 0)
		return -1;
	/* cfg_sync_set names the limit; a value past a byte is past it too. */
	s.replicas = (uint8_t)RTE_MIN(replicas, 255u);
	for (unsigned i = sec->first; i < sec->first + sec->n; i++) {
		const char *name = cfg->ent[i].name;

		if (strncmp(name, "peer.", 5) != 0)
			continue;
		if (s.n_peers == CFG_SYNC_PEERS) {
			cfgini_err(cfg, "sync", name, "more than %u peers", CFG_SYNC_PEERS);
			return -1;
		}
		if (sync_endpoint(cfg, name, &s.peers[s.n_peers++]) != 0)
			return -1;
	}
	if (cfg_sync_set(t->st, &s, err) != 0) {
		store_err(cfg, "sync", err);
		return -1;
	}
	return 0;
}

/* Each section whose name begins with prefix, in the file's order, through fn. */
static int
for_each_section(const struct cfgini *cfg, const struct cfgfile_target *t, const char *prefix,
		 int (*fn)(const struct cfgini *, const struct cfgfile_target *, const char *))
{
	for (unsigned i = 0; i < cfg->n_sect; i++)
		if (strncmp(cfg->sect[i].name, prefix, strlen(prefix)) == 0 &&
		    fn(cfg, t, cfg->sect[i].name) != 0)
			return -1;
	return 0;
}

int
cfgfile_apply(const struct cfgini *cfg, const struct cfgfile_target *t)
{
	int rc;

	/* Routes before services, so neighbour resolution finds them on the first publish. */
	if (!t->neigh_only &&
	    (cfgfile_apply_ports(cfg, t) != 0 ||
	     for_each_section(cfg, t, "route.", apply_route) != 0))
		return -1;
	if (for_each_section(cfg, t, "neigh.", apply_neigh) != 0)
		return -1;
	if (!t->neigh_only && for_each_section(cfg, t, "vs.", apply_vs) != 0)
		return -1;
	rc = t->neigh_only ? 0 : apply_timeouts(cfg, t);
	/* A saved sync setting wins, as the saved services do; without one, the file's. */
	if (rc == 0 && t->st->sync.n_peers == 0)
		rc = apply_sync(cfg, t);
	return rc;
}
