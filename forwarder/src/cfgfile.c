/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The start-up configuration file. Sections: [forwarder], [portN], [route.*], [neigh.*],
 * [vs.*], [timeouts]; see docs/forwarder-config.md. Everything after the ports goes through
 * the same validated calls as the control socket.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_cfgfile.h>
#include <rte_log.h>

#include "rewrite_tunnel.h"
#include "cfgfile.h"
#include "scheduler.h"

#define LOG(...) RTE_LOG(ERR, USER1, __VA_ARGS__)
#define MAX_SECTIONS 1024
#define MAX_ENTRIES 1100

static int
get_u32(struct rte_cfgfile *cfg, const char *sect, const char *key, uint32_t def, uint32_t *out)
{
	const char *v = rte_cfgfile_get_entry(cfg, sect, key);
	char *end;
	unsigned long n;

	*out = def;
	if (v == NULL)
		return 0;
	errno = 0;
	n = strtoul(v, &end, 0);
	if (errno != 0 || *end != '\0' || end == v || n > UINT32_MAX) {
		LOG("config [%s] %s: '%s' is not a number\n", sect, key, v);
		return -1;
	}
	*out = (uint32_t)n;
	return 0;
}

static int
get_double(struct rte_cfgfile *cfg, const char *sect, const char *key, double *out)
{
	const char *v = rte_cfgfile_get_entry(cfg, sect, key);
	char *end;
	double d;

	if (v == NULL)
		return 0; /* *out keeps its default */
	errno = 0;
	d = strtod(v, &end);
	if (errno != 0 || *end != '\0' || end == v) {
		LOG("config [%s] %s: '%s' is not a number\n", sect, key, v);
		return -1;
	}
	*out = d;
	return 0;
}

/* The RSS-A keys of [forwarder] (docs/forwarder-config.md). */
static int
load_rssa(struct rte_cfgfile *cfg, struct rssa_settings *r)
{
	const char *on = rte_cfgfile_get_entry(cfg, "forwarder", "rssa");
	const char *msg;

	rssa_settings_default(r);
	if (on != NULL) {
		if (strcmp(on, "on") != 0 && strcmp(on, "off") != 0) {
			LOG("config [forwarder] rssa: '%s' is not on or off\n", on);
			return -1;
		}
		r->enabled = strcmp(on, "on") == 0;
	}
	if (get_double(cfg, "forwarder", "rssa_q", &r->p.q) != 0 ||
	    get_double(cfg, "forwarder", "rssa_epsilon", &r->p.epsilon) != 0 ||
	    get_double(cfg, "forwarder", "rssa_theta_h", &r->p.theta_h) != 0 ||
	    get_u32(cfg, "forwarder", "rssa_period_ms", r->period_ms, &r->period_ms) != 0 ||
	    get_u32(cfg, "forwarder", "rssa_n_sam", r->p.n_sam, &r->p.n_sam) != 0 ||
	    get_u32(cfg, "forwarder", "rssa_cooldown", r->p.cooldown, &r->p.cooldown) != 0 ||
	    get_u32(cfg, "forwarder", "rssa_max_moves", r->p.max_moves, &r->p.max_moves) != 0)
		return -1;
	msg = rssa_settings_check(r);
	if (msg != NULL) {
		LOG("config [forwarder] rssa_%s\n", msg);
		return -1;
	}
	return 0;
}

/* dispatch = off | on | N stages (docs/forwarder-config.md). */
static int
load_dispatch(struct rte_cfgfile *cfg, uint16_t *n)
{
	const char *v = rte_cfgfile_get_entry(cfg, "forwarder", "dispatch");
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
		LOG("config [forwarder] dispatch: '%s' is not off, on or a number of stages "
		    "(0 to %u)\n", v, FWD_MAX_DISPATCH);
		return -1;
	}
	*n = (uint16_t)k;
	return 0;
}

/* idle_wake: how an idle worker's sleep ends on kernel-interface ports (idle.h). */
static int
load_idle_wake(struct rte_cfgfile *cfg, uint8_t *rx)
{
	const char *v = rte_cfgfile_get_entry(cfg, "forwarder", "idle_wake");

	*rx = 1;
	if (v == NULL || strcmp(v, "rx") == 0)
		return 0;
	if (strcmp(v, "sleep") == 0) {
		*rx = 0;
		return 0;
	}
	LOG("config [forwarder] idle_wake: '%s' is not rx or sleep\n", v);
	return -1;
}

/* fragments: IP fragments dropped (drop, the default) or forwarded without reassembly
 * (forward: docs/fragments.md). */
static int
load_fragments(struct rte_cfgfile *cfg, uint8_t *forward)
{
	const char *v = rte_cfgfile_get_entry(cfg, "forwarder", "fragments");

	*forward = 0;
	if (v == NULL || strcmp(v, "drop") == 0)
		return 0;
	if (strcmp(v, "forward") == 0) {
		*forward = 1;
		return 0;
	}
	LOG("config [forwarder] fragments: '%s' is not drop or forward\n", v);
	return -1;
}

/* conn_hash: what the connection tables file keys by (enum conn_hash_setting). */
static int
load_conn_hash(struct rte_cfgfile *cfg, uint8_t *h)
{
	const char *v = rte_cfgfile_get_entry(cfg, "forwarder", "conn_hash");

	if (v == NULL || strcmp(v, "auto") == 0)
		*h = CONN_HASH_AUTO;
	else if (strcmp(v, "flow") == 0)
		*h = CONN_HASH_FLOW;
	else if (strcmp(v, "toeplitz") == 0)
		*h = CONN_HASH_TOEPLITZ;
	else {
		LOG("config [forwarder] conn_hash: '%s' is not auto, flow or toeplitz\n", v);
		return -1;
	}
	return 0;
}

struct rte_cfgfile *
cfgfile_load(const char *path, struct fwd_settings *s)
{
	struct rte_cfgfile *cfg = rte_cfgfile_load(path, 0);
	char sect[32];

	if (cfg == NULL) {
		LOG("config: cannot read %s\n", path);
		return NULL;
	}
	memset(s, 0, sizeof(*s));
	if (get_u32(cfg, "forwarder", "conn_max", 262144, &s->conn_max) != 0 ||
	    get_u32(cfg, "forwarder", "idle_sleep_max_us", 100, &s->idle_sleep_max_us) != 0 ||
	    get_u32(cfg, "forwarder", "neigh_retry_ms", 1000, &s->neigh_retry_ms) != 0 ||
	    get_u32(cfg, "forwarder", "neigh_first_retry_ms", 100, &s->neigh_first_retry_ms) != 0 ||
	    get_u32(cfg, "forwarder", "mbufs", 16383, &s->mbufs) != 0 ||
	    load_rssa(cfg, &s->rssa) != 0 || load_dispatch(cfg, &s->dispatch) != 0 ||
	    cfgfile_load_tunnel(cfg, &s->tunnel) != 0 ||
	    load_idle_wake(cfg, &s->idle_wake_rx) != 0 || load_conn_hash(cfg, &s->conn_hash) != 0 ||
	    load_fragments(cfg, &s->frag_forward) != 0 ||
	    cfgfile_load_local_pool(cfg, &s->local_pool) != 0)
		goto fail;
	const char *sd = rte_cfgfile_get_entry(cfg, "forwarder", "state_dir");
	if (sd != NULL && (sd[0] != '/' || strlen(sd) >= sizeof(s->state_dir))) {
		LOG("config [forwarder] state_dir: '%s' is not an absolute path of at most %zu "
		    "characters\n", sd, sizeof(s->state_dir) - 1);
		goto fail;
	}
	if (sd != NULL)
		snprintf(s->state_dir, sizeof(s->state_dir), "%s", sd);
	if (s->conn_max < 64 || s->conn_max > (1u << 26)) {
		LOG("config [forwarder] conn_max: must be between 64 and %u\n", 1u << 26);
		goto fail;
	}
	for (s->n_ports = 0; s->n_ports < FWD_MAX_PORTS; s->n_ports++) {
		snprintf(sect, sizeof(sect), "port%u", s->n_ports);
		if (!rte_cfgfile_has_section(cfg, sect))
			break;
		const char *dev = rte_cfgfile_get_entry(cfg, sect, "dev");
		const char *mac = rte_cfgfile_get_entry(cfg, sect, "mac");
		const char *exc = rte_cfgfile_get_entry(cfg, sect, "exception");
		if (exc != NULL && strcmp(exc, "off") != 0)
			snprintf(s->port[s->n_ports].exception, sizeof(s->port[0].exception), "%s",
				 exc);
		uint32_t rx_desc;

		if (get_u32(cfg, sect, "rx_desc", 0, &rx_desc) != 0)
			goto fail;
		if (rx_desc != 0 && (rx_desc < 64 || rx_desc > 32768 || (rx_desc & (rx_desc - 1)))) {
			LOG("config [%s] rx_desc: %u is not a power of two from 64 to 32768\n", sect,
			    rx_desc);
			goto fail;
		}
		s->port[s->n_ports].rx_desc = (uint16_t)rx_desc;
		if (dev != NULL)
			snprintf(s->port[s->n_ports].dev, sizeof(s->port[0].dev), "%s", dev);
		if (mac != NULL) {
			if (rte_ether_unformat_addr(mac, &s->port[s->n_ports].mac) != 0) {
				LOG("config [%s] mac: '%s' is not a MAC address\n", sect, mac);
				goto fail;
			}
			s->port[s->n_ports].has_mac = 1;
		}
	}
	if (s->n_ports == 0) {
		LOG("config: no [port0] section\n");
		goto fail;
	}
	return cfg;
fail:
	rte_cfgfile_close(cfg);
	return NULL;
}

/* Split a comma-separated list in place; calls fn for each trimmed item. */
static int
for_each_item(char *list, int (*fn)(void *arg, const char *item), void *arg)
{
	for (char *save = NULL, *it = strtok_r(list, ",", &save); it != NULL;
	     it = strtok_r(NULL, ",", &save)) {
		while (*it == ' ' || *it == '\t')
			it++;
		char *e = it + strlen(it);
		while (e > it && (e[-1] == ' ' || e[-1] == '\t'))
			*--e = '\0';
		if (*it != '\0' && fn(arg, it) != 0)
			return -1;
	}
	return 0;
}

struct addr_ctx {
	struct cfgstore *st;
	uint16_t port;
};

static int
add_addr(void *arg, const char *item)
{
	struct addr_ctx *c = arg;
	char err[CFG_ERR_LEN];

	if (cfg_addr_add(c->st, c->port, item, err) != 0) {
		LOG("config [port%u] addr: %s\n", c->port, err);
		return -1;
	}
	return 0;
}

static int
apply_ports(struct rte_cfgfile *cfg, const struct cfgfile_target *t)
{
	char sect[32], buf[CFG_VALUE_LEN];

	for (uint16_t p = 0; p < t->n_ports; p++) {
		snprintf(sect, sizeof(sect), "port%u", p);
		const char *v = rte_cfgfile_get_entry(cfg, sect, "addr");
		if (v == NULL)
			continue;
		struct addr_ctx c = {.st = t->st, .port = p};
		snprintf(buf, sizeof(buf), "%s", v);
		if (for_each_item(buf, add_addr, &c) != 0)
			return -1;
	}
	return 0;
}

static int
apply_route(struct rte_cfgfile *cfg, const struct cfgfile_target *t, const char *sect)
{
	const char *prefix = rte_cfgfile_get_entry(cfg, sect, "prefix");
	const char *via = rte_cfgfile_get_entry(cfg, sect, "via");
	char err[CFG_ERR_LEN];
	uint32_t port;

	if (prefix == NULL) {
		LOG("config [%s] prefix: missing\n", sect);
		return -1;
	}
	if (get_u32(cfg, sect, "port", 0, &port) != 0)
		return -1;
	if (cfg_route_set(t->st, prefix, via, (uint16_t)port, err) != 0) {
		LOG("config [%s]: %s\n", sect, err);
		return -1;
	}
	return 0;
}

static int
apply_neigh(struct rte_cfgfile *cfg, const struct cfgfile_target *t, const char *sect)
{
	const char *a = rte_cfgfile_get_entry(cfg, sect, "addr");
	const char *m = rte_cfgfile_get_entry(cfg, sect, "mac");
	struct rte_ether_addr mac;
	union hvlb_addr addr;
	uint32_t port;
	uint8_t af;

	if (a == NULL || cfg_parse_addr(a, &addr, &af) != 0) {
		LOG("config [%s] addr: missing or not an address\n", sect);
		return -1;
	}
	if (m == NULL || rte_ether_unformat_addr(m, &mac) != 0) {
		LOG("config [%s] mac: missing or not a MAC address\n", sect);
		return -1;
	}
	if (get_u32(cfg, sect, "port", 0, &port) != 0)
		return -1;
	if (port >= t->n_ports) {
		LOG("config [%s] port: no port %u\n", sect, port);
		return -1;
	}
	return neigh_set(t->neigh, af, &addr, &mac, (uint16_t)port, 1);
}

/* "addr[:port] [weight=N] [health=0|1] [conn_limit=N]" */
static int
apply_rs(const struct cfgfile_target *t, struct cfg_vs *vs, const char *sect, const char *key, const char *val)
{
	char buf[CFG_VALUE_LEN], err[CFG_ERR_LEN];
	uint32_t weight = 100, health = 1, conn_limit = 0;
	union hvlb_addr addr;
	uint16_t port;
	uint8_t af;
	char *save = NULL;

	snprintf(buf, sizeof(buf), "%s", val);
	char *ep = strtok_r(buf, " \t", &save);
	if (ep == NULL || cfg_parse_endpoint(ep, &addr, &af, &port) != 0) {
		LOG("config [%s] %s: '%s' is not address[:port]\n", sect, key, val);
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
		if (*end != '\0' || n > UINT32_MAX || end == o) {
			LOG("config [%s] %s: bad option '%s'\n", sect, key, o);
			return -1;
		}
	}
	if (cfg_rs_add(t->st, vs, &addr, af, port, weight, (uint8_t)health, err) != 0) {
		LOG("config [%s] %s: %s\n", sect, key, err);
		return -1;
	}
	cfg_rs_set_conn_limit(t->st, &vs->rs[vs->n_rs - 1], conn_limit);
	return 0;
}


/* The six timeouts of sect, each key named prefix + its name ("timeout_udp" in a service,
 * "udp" in [timeouts]); a missing key is 0. */
static int
get_timeouts(struct rte_cfgfile *cfg, const char *sect, const char *prefix,
	     struct conn_timeouts *to)
{
	static const char *const names[] = {"tcp_syn", "tcp_established", "tcp_fin",
					    "tcp_time_wait", "tcp_close", "udp"};
	uint32_t *fields[] = {&to->tcp_syn, &to->tcp_est, &to->tcp_fin,
			      &to->tcp_tw, &to->tcp_close, &to->udp};
	char key[64];

	for (unsigned i = 0; i < RTE_DIM(names); i++) {
		snprintf(key, sizeof(key), "%s%s", prefix, names[i]);
		if (get_u32(cfg, sect, key, 0, fields[i]) != 0)
			return -1;
	}
	return 0;
}

static int
apply_vs(struct rte_cfgfile *cfg, const struct cfgfile_target *t, const char *sect)
{
	const char *proto_s = rte_cfgfile_get_entry(cfg, sect, "protocol");
	const char *vip_s = rte_cfgfile_get_entry(cfg, sect, "vip");
	const char *mode_s = rte_cfgfile_get_entry(cfg, sect, "mode");
	const char *sched_s = rte_cfgfile_get_entry(cfg, sect, "scheduler");
	const char *down_s = rte_cfgfile_get_entry(cfg, sect, "down_conns");
	const char *all_down_s = rte_cfgfile_get_entry(cfg, sect, "all_down");
	const char *synproxy_s = rte_cfgfile_get_entry(cfg, sect, "synproxy");
	const char *encap_s = rte_cfgfile_get_entry(cfg, sect, "encap");
	struct rte_cfgfile_entry *e;
	char err[CFG_ERR_LEN];
	union hvlb_addr vip;
	uint8_t proto, af;
	struct conn_timeouts to;
	uint32_t port, prio, rate, sp_thr, vni;
	int mode, sched, down, all_down, synproxy, n, rc = -1;

	if (proto_s == NULL || cfg_parse_proto(proto_s, &proto) != 0) {
		LOG("config [%s] protocol: must be tcp or udp\n", sect);
		return -1;
	}
	if (vip_s == NULL || cfg_parse_addr(vip_s, &vip, &af) != 0) {
		LOG("config [%s] vip: missing or not an address\n", sect);
		return -1;
	}
	if (get_u32(cfg, sect, "port", 0, &port) != 0 || port > 65535) {
		LOG("config [%s] port: must be 0-65535\n", sect);
		return -1;
	}
	if (get_u32(cfg, sect, "priority", 0, &prio) != 0 ||
	    get_u32(cfg, sect, "conn_rate_limit", 0, &rate) != 0 ||
	    get_timeouts(cfg, sect, "timeout_", &to) != 0 ||
	    get_u32(cfg, sect, "synproxy_threshold", 0, &sp_thr) != 0 ||
	    get_u32(cfg, sect, "vni", 0, &vni) != 0)
		return -1;
	mode = mode_s ? vs_mode_from_name(mode_s) : VS_MODE_NAT;
	sched = sched_s ? sched_from_name(sched_s) : HVLB_SCHED_MAGLEV;
	uint16_t vport = rte_cpu_to_be_16((uint16_t)port);
	if (cfg_vs_add_vni(t->st, proto, &vip, af, vport, vni, mode, sched, err) != 0) {
		LOG("config [%s]: %s\n", sect, err);
		return -1;
	}
	struct cfg_vs *vs = cfg_vs_find_vni(t->st, proto, &vip, af, vport, vni);
	int encap = encap_s != NULL ? tunnel_encap_from_name(encap_s) : -1;
	if ((encap_s != NULL && encap < 0) || cfg_vs_check_encap(NULL, mode, encap, err) != 0) {
		LOG("config [%s] %s\n", sect,
		    encap_s != NULL && encap < 0 ? "encap: must be ipip or gue" : err);
		return -1;
	}
	cfg_vs_set_encap(t->st, vs, mode, encap);
	if (cfg_vs_set_priority(t->st, vs, prio, err) != 0) {
		LOG("config [%s] %s\n", sect, err);
		return -1;
	}
	down = down_s != NULL ? vs_down_conns_from_name(down_s) : -1;
	if (down_s != NULL && down < 0) {
		LOG("config [%s] down_conns: '%s' is not keep or reschedule\n", sect, down_s);
		return -1;
	}
	all_down = all_down_s != NULL ? vs_all_down_from_name(all_down_s) : -1;
	if (all_down_s != NULL && all_down < 0) {
		LOG("config [%s] all_down: '%s' is not drop or keep_last\n", sect, all_down_s);
		return -1;
	}
	cfg_vs_set_down(t->st, vs, down, all_down, err);
	cfg_vs_set_conn_rate(t->st, vs, rate);
	if (cfg_vs_set_timeouts(t->st, vs, &to, err) != 0) {
		LOG("config [%s] %s\n", sect, err);
		return -1;
	}
	synproxy = synproxy_s != NULL ? vs_synproxy_from_name(synproxy_s) : VS_SYNPROXY_OFF;
	if (synproxy < 0) {
		LOG("config [%s] synproxy: '%s' is not off, on or auto\n", sect, synproxy_s);
		return -1;
	}
	if (cfg_vs_set_synproxy(t->st, vs, synproxy, true, sp_thr, err) != 0 ||
	    cfgfile_vs_client_addr(cfg, t->st, vs, sect, err) != 0) {
		LOG("config [%s] %s\n", sect, err);
		return -1;
	}
	e = malloc(sizeof(*e) * MAX_ENTRIES);
	if (e == NULL)
		return -1;
	n = rte_cfgfile_section_entries(cfg, sect, e, MAX_ENTRIES);
	for (int i = 0; i < n; i++)
		if (strncmp(e[i].name, "rs.", 3) == 0 && apply_rs(t, vs, sect, e[i].name, e[i].value) != 0)
			goto out;
	rc = 0;
out:
	free(e);
	return rc;
}

static int
apply_timeouts(struct rte_cfgfile *cfg, const struct cfgfile_target *t)
{
	struct conn_timeouts to;
	char err[CFG_ERR_LEN];

	if (!rte_cfgfile_has_section(cfg, "timeouts"))
		return 0;
	if (get_timeouts(cfg, "timeouts", "", &to) != 0)
		return -1;
	if (cfg_timeouts_set(t->st, &to, err) != 0) {
		LOG("config [timeouts]: %s\n", err);
		return -1;
	}
	return 0;
}

int
cfgfile_apply_timeouts(struct rte_cfgfile *cfg, struct cfgstore *st)
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
sync_key_of(struct rte_cfgfile *cfg, struct cfg_sync *s)
{
	const char *key = rte_cfgfile_get_entry(cfg, "sync", "key");
	const char *file = rte_cfgfile_get_entry(cfg, "sync", "key_file");
	char buf[2 * CFG_SYNC_KEY_MAX + 64] = "";
	int n;

	if ((key == NULL) == (file == NULL)) {
		LOG("config [sync]: give key or key_file (the cluster's key, in hex)\n");
		return -1;
	}
	if (file != NULL) {
		FILE *fp = fopen(file, "r");
		size_t got = fp != NULL ? fread(buf, 1, sizeof(buf) - 1, fp) : 0;

		if (fp == NULL) {
			LOG("config [sync] key_file: %s: %s\n", file, strerror(errno));
			return -1;
		}
		fclose(fp);
		buf[got] = '\0';
		key = buf;
	}
	n = parse_hex_key(key, s->key, sizeof(s->key));
	if (n < 0) {
		LOG("config [sync] %s: not a key in hex (16 to %u bytes)\n",
		    file != NULL ? "key_file" : "key", CFG_SYNC_KEY_MAX);
		return -1;
	}
	s->key_len = (uint8_t)n;
	return 0;
}

static int
sync_endpoint(const char *key, const char *v, struct cfg_endpoint *e)
{
	if (v == NULL || cfg_parse_endpoint(v, &e->addr, &e->af, &e->port) != 0) {
		LOG("config [sync] %s: want addr:port\n", key);
		return -1;
	}
	return 0;
}

/* [sync]: id, listen, key or key_file, peer.N = addr:port (docs/sync.md). */
static int
apply_sync(struct rte_cfgfile *cfg, const struct cfgfile_target *t)
{
	struct rte_cfgfile_entry e[CFG_SYNC_PEERS + 8]; /* id, listen, key(_file), peers */
	char err[CFG_ERR_LEN];
	struct cfg_sync s;
	int n;

	if (!rte_cfgfile_has_section(cfg, "sync"))
		return 0;
	memset(&s, 0, sizeof(s));
	if (get_u32(cfg, "sync", "id", 0, &s.id) != 0 ||
	    sync_endpoint("listen", rte_cfgfile_get_entry(cfg, "sync", "listen"), &s.listen) != 0 ||
	    sync_key_of(cfg, &s) != 0)
		return -1;
	n = rte_cfgfile_section_entries(cfg, "sync", e, (int)RTE_DIM(e));
	for (int i = 0; i < n; i++) {
		if (strncmp(e[i].name, "peer.", 5) != 0)
			continue;
		if (s.n_peers == CFG_SYNC_PEERS) {
			LOG("config [sync]: more than %u peers\n", CFG_SYNC_PEERS);
			return -1;
		}
		if (sync_endpoint(e[i].name, e[i].value, &s.peers[s.n_peers++]) != 0)
			return -1;
	}
	if (cfg_sync_set(t->st, &s, err) != 0) {
		LOG("config [sync] %s\n", err);
		return -1;
	}
	return 0;
}

int
cfgfile_apply(struct rte_cfgfile *cfg, const struct cfgfile_target *t)
{
	char **names;
	int n, rc = -1;

	if (!t->neigh_only && apply_ports(cfg, t) != 0)
		return -1;
	names = calloc(MAX_SECTIONS, sizeof(*names));
	if (names == NULL)
		return -1;
	for (int i = 0; i < MAX_SECTIONS; i++)
		if ((names[i] = malloc(CFG_NAME_LEN)) == NULL)
			goto out;
	n = rte_cfgfile_sections(cfg, names, MAX_SECTIONS);
	/* Routes before services, so neighbour resolution finds them on the first publish. */
	for (int i = 0; i < n && !t->neigh_only; i++)
		if (strncmp(names[i], "route.", 6) == 0 && apply_route(cfg, t, names[i]) != 0)
			goto out;
	for (int i = 0; i < n; i++)
		if (strncmp(names[i], "neigh.", 6) == 0 && apply_neigh(cfg, t, names[i]) != 0)
			goto out;
	for (int i = 0; i < n && !t->neigh_only; i++)
		if (strncmp(names[i], "vs.", 3) == 0 && apply_vs(cfg, t, names[i]) != 0)
			goto out;
	rc = t->neigh_only ? 0 : apply_timeouts(cfg, t);
	/* A saved sync setting wins, as the saved services do; without one, the file's. */
	if (rc == 0 && t->st->sync.n_peers == 0)
		rc = apply_sync(cfg, t);
out:
	for (int i = 0; i < MAX_SECTIONS; i++)
		free(names[i]);
	free(names);
	return rc;
}
