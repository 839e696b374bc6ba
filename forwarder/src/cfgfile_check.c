/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * hvlb-forwarder --check-config (cfgfile.h cfgfile_check): the start-up file read and applied
 * as at a start, into a store of its own, and printed back as the forwarder understood it,
 * every default filled in. It touches no port, huge page or neighbour table, so an operator
 * can run it anywhere, without root, before a restart. The output is itself a start-up file
 * the forwarder reads to the same settings (but for [sync]'s key, which it does not print). It
 * reads no key of the file itself: the settings and the store say it all, but for the names
 * of the sections (the services' and the static neighbours', the latter printed as given).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_byteorder.h>
#include <rte_ether.h>

#include "cfgfile.h"
#include "vs_setting_defs.h"
#include "rewrite_tunnel.h"
#include "scheduler.h"

#define ADDR_LEN 64

static const char *
addr_str(const union hvlb_addr *a, uint8_t af, char *buf)
{
	cfg_format_addr(a, af, buf, ADDR_LEN);
	return buf;
}

/* addr[:port] as cfg_parse_endpoint reads it ([v6]:port); port in network order, 0: none. */
static const char *
endpoint_str(const union hvlb_addr *a, uint8_t af, uint16_t port, char *buf)
{
	char s[ADDR_LEN];

	cfg_format_addr(a, af, s, sizeof(s));
	if (port == 0)
		snprintf(buf, ADDR_LEN + 8, "%s", s);
	else
		snprintf(buf, ADDR_LEN + 8, af == HVLB_AF_INET6 ? "[%s]:%u" : "%s:%u", s,
			 rte_be_to_cpu_16(port));
	return buf;
}

/* d in as few digits as read back to d exactly. */
static const char *
double_str(double d, char *buf, size_t len)
{
	snprintf(buf, len, "%.15g", d);
	if (strtod(buf, NULL) != d)
		snprintf(buf, len, "%.17g", d);
	return buf;
}

static void
print_forwarder(FILE *out, const struct fwd_settings *s)
{
	const struct rssa_settings *r = &s->rssa;
	static const char *const hash[] = {"auto", "flow", "toeplitz"};
	char q[32], eps[32], th[32];

	fprintf(out, "[forwarder]\nconn_max = %u\nidle_sleep_max_us = %u\n"
		"idle_sleep_wake_max_us = %u\nidle_wake = %s\nconn_hash = %s\n", s->conn_max,
		s->idle_sleep_max_us, s->idle_sleep_wake_max_us, s->idle_wake_rx ? "rx" : "sleep",
		hash[s->conn_hash]);
	if (s->mbufs != 0) /* unset: sized from the ports' rings at start-up */
		fprintf(out, "mbufs = %u\n", s->mbufs);
	fprintf(out, "kernel_fast_path = %s\n", s->kernel_fast_path ? "on" : "off");
	fprintf(out, "fragments = %s\nworker_slice_us = %u\n", s->frag_forward ? "forward" : "drop",
		s->worker_slice_us);
	fprintf(out, "rssa = %s\nrssa_q = %s\nrssa_epsilon = %s\nrssa_theta_h = %s\n"
		"rssa_period_ms = %u\nrssa_n_sam = %u\nrssa_cooldown = %u\nrssa_max_moves = %u\n",
		r->enabled ? "on" : "off", double_str(r->p.q, q, sizeof(q)),
		double_str(r->p.epsilon, eps, sizeof(eps)), double_str(r->p.theta_h, th, sizeof(th)),
		r->period_ms,
		r->p.n_sam, r->p.cooldown, r->p.max_moves);
	fprintf(out, "dispatch = %u\nneigh_retry_ms = %u\nneigh_first_retry_ms = %u\n", s->dispatch,
		s->neigh_retry_ms, s->neigh_first_retry_ms);
	if (s->state_dir[0] != '\0')
		fprintf(out, "state_dir = %s\n", s->state_dir);
}

static void
print_ports(FILE *out, const struct fwd_settings *s, const struct cfgstore *st)
{
	char a[ADDR_LEN], mac[RTE_ETHER_ADDR_FMT_SIZE];

	for (uint16_t p = 0; p < s->n_ports; p++) {
		const struct port_settings *ps = &s->port[p];
		unsigned n = 0;

		fprintf(out, "\n[port%u]\n", p);
		if (ps->dev[0] != '\0')
			fprintf(out, "dev = %s\n", ps->dev);
		if (ps->has_mac) {
			rte_ether_format_addr(mac, sizeof(mac), &ps->mac);
			fprintf(out, "mac = %s\n", mac);
		}
		for (unsigned i = 0; i < st->n_local; i++)
			if (st->local[i].port == p)
				fprintf(out, "%s%s/%u", n++ == 0 ? "addr = " : ", ",
					addr_str(&st->local[i].addr, st->local[i].af, a),
					st->local[i].plen);
		if (n > 0)
			fputc('\n', out);
		fprintf(out, "exception = %s\n", ps->exception[0] != '\0' ? ps->exception : "off");
		if (ps->rx_desc != 0)
			fprintf(out, "rx_desc = %u\n", ps->rx_desc);
		if (ps->mtu != PORT_MTU_DEFAULT)
			fprintf(out, "mtu = %u\n", ps->mtu);
	}
}

static void
print_tunnel_pool(FILE *out, const struct fwd_settings *s)
{
	const struct tunnel_settings *t = &s->tunnel;
	const struct fnat_pool *p = &s->local_pool;
	static const union hvlb_addr zero;
	char a[ADDR_LEN];

	fprintf(out, "\n[tunnel]\nmtu = %u\ngue_port = %u\nicmp_rate = %u\n", t->mtu,
		rte_be_to_cpu_16(t->gue_port), t->icmp_rate);
	if (memcmp(&t->source4, &zero, sizeof(zero)) != 0)
		fprintf(out, "source4 = %s\n", addr_str(&t->source4, HVLB_AF_INET, a));
	if (memcmp(&t->source6, &zero, sizeof(zero)) != 0)
		fprintf(out, "source6 = %s\n", addr_str(&t->source6, HVLB_AF_INET6, a));
	fprintf(out, "\n[local_pool]\n");
	for (unsigned i = 0; i < p->n_addrs; i++)
		fprintf(out, "%s%s", i == 0 ? "addrs = " : ", ", addr_str(&p->addrs[i], p->af[i], a));
	fprintf(out, "%sports = %u-%u\n", p->n_addrs > 0 ? "\n" : "", p->port_min, p->port_max);
}

static void
print_timeouts(FILE *out, const char *prefix, const struct conn_timeouts *to, bool zeros)
{
	const uint32_t v[] = {to->tcp_syn, to->tcp_est, to->tcp_fin, to->tcp_tw, to->tcp_close,
			      to->udp};

	for (unsigned i = 0; i < RTE_DIM(v); i++)
		if (zeros || v[i] != 0)
			fprintf(out, "%s%s = %u\n", prefix, cfgfile_timeout_keys[i], v[i]);
}

/* The routes the file gave (those made from the ports' addresses are not). */
static void
print_routes(FILE *out, const struct cfgstore *st)
{
	char a[ADDR_LEN];
	unsigned n = 0;

	for (unsigned i = 0; i < st->n_routes; i++) {
		const struct cfg_route *r = &st->routes[i];

		if (r->connected)
			continue;
		fprintf(out, "\n[route.%u]\nprefix = %s/%u\n", n++, addr_str(&r->prefix, r->af, a),
			r->plen);
		if (r->has_via)
			fprintf(out, "via = %s\n", addr_str(&r->via, r->af, a));
		fprintf(out, "port = %u\n", r->port);
	}
}

/* The static neighbours as the file gave them (checked, but set in no table here). */
static void
print_neighs(FILE *out, const struct cfgini *cfg)
{
	for (unsigned i = 0; i < cfg->n_sect; i++) {
		const struct cfgini_section *sec = &cfg->sect[i];

		if (strncmp(sec->name, "neigh.", 6) != 0)
			continue;
		fprintf(out, "\n[%s]\n", sec->name);
		for (unsigned j = sec->first; j < sec->first + sec->n; j++)
			fprintf(out, "%s = %s\n", cfg->ent[j].name, cfg->ent[j].value);
	}
}

static void
print_vs(FILE *out, const struct cfgstore *st, const struct cfg_vs *vs,
	 const struct cfgini_section *sec, const struct cfgini *cfg)
{
	char a[ADDR_LEN + 8];
	struct conn_timeouts to;
	unsigned r = 0;

	fprintf(out, "\n[%s]\nprotocol = %s\nvip = %s\nport = %u\nmode = %s\n", sec->name,
		vs->proto == HVLB_PROTO_TCP ? "tcp" : vs->proto == HVLB_PROTO_UDP ? "udp" : "sctp", addr_str(&vs->vip, vs->af, a),
		rte_be_to_cpu_16(vs->vport), vs_mode_name(vs->mode));
	if (vs->mode == VS_MODE_TUNNEL)
		fprintf(out, "encap = %s\n", tunnel_encap_name(vs->encap));
	if (vs->mode == VS_MODE_VXLAN)
		fprintf(out, "vni = %u\n", vs->vni);
	fprintf(out, "scheduler = %s\npriority = %u\ndown_conns = %s\nall_down = %s\n"
		"synproxy = %s\nsynproxy_threshold = %u\n",
		sched_name(vs->sched), vs->priority, vs_down_conns_name(vs->down_conns),
		vs_all_down_name(vs->all_down), vs_synproxy_name(vs->synproxy),
		vs->synproxy_threshold);
	for (unsigned i = 0; i < vs_n_settings; i++)
		fprintf(out, "%s = %u\n", vs_setting_defs[i].name,
			vs_setting_get(&vs->set, &vs_setting_defs[i]));
	if (vs->mode == VS_MODE_FULLNAT)
		fprintf(out, "client_addr = %s\n", vs->client_addr ? "on" : "off");
	fprintf(out, "hash = %s\n", vs_hash_name(vs->hash));
	cfg_vs_timeouts(st, vs, &to);
	print_timeouts(out, "timeout_", &to, false);
	/* The reals in the order the file gave them, which is the store's (cfg_rs_add). */
	for (unsigned i = sec->first; i < sec->first + sec->n && r < vs->n_rs; i++) {
		const struct rs_config *rs = &vs->rs[r];

		if (strncmp(cfg->ent[i].name, "rs.", 3) != 0)
			continue;
		fprintf(out, "%s = %s weight=%u health=%u", cfg->ent[i].name,
			endpoint_str(&rs->addr, rs->af, rs->port, a), rs->weight, rs->health);
		if (rs->conn_limit != 0)
			fprintf(out, " conn_limit=%u", rs->conn_limit);
		fputc('\n', out);
		r++;
	}
}

/* Each [vs.*] of the file under its own name: cfgfile_apply made one service of each, in the
 * file's order, in a store that had none. */
static void
print_services(FILE *out, const struct cfgstore *st, const struct cfgini *cfg)
{
	unsigned n = 0;

	for (unsigned i = 0; i < cfg->n_sect && n < st->n_vs; i++)
		if (strncmp(cfg->sect[i].name, "vs.", 3) == 0) {
			print_vs(out, st, &st->vs[n], &cfg->sect[i], cfg);
			n++;
		}
}

/* The key itself is not printed: the output may end up in a log. */
static void
print_sync(FILE *out, const struct cfg_sync *s)
{
	char a[ADDR_LEN + 8];

	if (s->n_peers == 0)
		return;
	fprintf(out, "\n[sync]\nid = %u\nlisten = %s\n; key = <%u bytes, not shown>\n", s->id,
		endpoint_str(&s->listen.addr, s->listen.af, s->listen.port, a), s->key_len);
	if (s->replicas > 0)
		fprintf(out, "replicas = %u\n", s->replicas);
	for (unsigned i = 0; i < s->n_peers; i++)
		fprintf(out, "peer.%u = %s\n", i + 1,
			endpoint_str(&s->peers[i].addr, s->peers[i].af, s->peers[i].port, a));
}

int
cfgfile_check(const char *path, FILE *out)
{
	struct cfgfile_target t = {0};
	struct fwd_settings s;
	struct cfgstore *st;
	struct cfgini *cfg;
	int rc = -1;

	cfg = cfgfile_load(path, &s);
	if (cfg == NULL)
		return -1;
	st = calloc(1, sizeof(*st));
	if (st == NULL)
		goto out;
	cfg_init(st, s.n_ports);
	t.st = st;
	t.n_ports = s.n_ports;
	if (cfgfile_apply(cfg, &t) != 0)
		goto out;
	fprintf(out, "; %s, as hvlb-forwarder reads it (defaults filled in)\n", path);
	print_forwarder(out, &s);
	print_ports(out, &s, st);
	print_tunnel_pool(out, &s);
	fprintf(out, "\n[timeouts]\n");
	print_timeouts(out, "", &st->timeouts, true);
	print_routes(out, st);
	print_neighs(out, cfg);
	print_services(out, st, cfg);
	print_sync(out, &st->sync);
	rc = 0;
out:
	cfg_free(st);
	cfgini_free(cfg);
	return rc;
}
