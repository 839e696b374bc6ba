/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The desired configuration on the control thread: validated changes to services, real
 * services, routes and timeouts. Snapshot building lives in snapshot.c.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_byteorder.h>
#include <rte_common.h>

#include "cfgstore.h"
#include "scheduler.h"

#define ERR(...) snprintf(err, CFG_ERR_LEN, __VA_ARGS__)

int
cfg_parse_addr(const char *s, union hvlb_addr *a, uint8_t *af)
{
	memset(a, 0, sizeof(*a));
	if (inet_pton(AF_INET, s, &a->w[0]) == 1) {
		*af = HVLB_AF_INET;
		return 0;
	}
	if (inet_pton(AF_INET6, s, a->b) == 1) {
		*af = HVLB_AF_INET6;
		return 0;
	}
	return -EINVAL;
}

int
cfg_parse_endpoint(const char *s, union hvlb_addr *a, uint8_t *af, uint16_t *port)
{
	char buf[64];
	const char *colon;
	unsigned long p = 0;

	if (s[0] == '[') {
		const char *rb = strchr(s, ']');
		if (rb == NULL || (size_t)(rb - s - 1) >= sizeof(buf))
			return -1;
		memcpy(buf, s + 1, rb - s - 1);
		buf[rb - s - 1] = '\0';
		colon = rb[1] == ':' ? rb + 1 : NULL;
		if (rb[1] != '\0' && colon == NULL)
			return -1;
	} else {
		colon = strchr(s, ':');
		if (colon != NULL && strchr(colon + 1, ':') != NULL)
			colon = NULL; /* a bare IPv6 address */
		size_t n = colon ? (size_t)(colon - s) : strlen(s);
		if (n >= sizeof(buf))
			return -1;
		memcpy(buf, s, n);
		buf[n] = '\0';
	}
	if (cfg_parse_addr(buf, a, af) != 0)
		return -1;
	if (colon != NULL) {
		char *end;
		p = strtoul(colon + 1, &end, 10);
		if (*end != '\0' || end == colon + 1 || p > 65535)
			return -1;
	}
	*port = rte_cpu_to_be_16((uint16_t)p);
	return 0;
}

int
cfg_parse_prefix(const char *s, union hvlb_addr *a, uint8_t *af, uint8_t *plen)
{
	char buf[64];
	const char *slash = strchr(s, '/');
	char *end;
	long n;

	if (slash == NULL || (size_t)(slash - s) >= sizeof(buf))
		return -EINVAL;
	memcpy(buf, s, slash - s);
	buf[slash - s] = '\0';
	if (cfg_parse_addr(buf, a, af) != 0)
		return -EINVAL;
	n = strtol(slash + 1, &end, 10);
	if (*end != '\0' || end == slash + 1 || n < 0 || n > (*af == HVLB_AF_INET ? 32 : 128))
		return -EINVAL;
	*plen = (uint8_t)n;
	return 0;
}

int
cfg_parse_proto(const char *s, uint8_t *proto)
{
	if (strcmp(s, "tcp") == 0)
		*proto = HVLB_PROTO_TCP;
	else if (strcmp(s, "udp") == 0)
		*proto = HVLB_PROTO_UDP;
	else if (strcmp(s, "sctp") == 0)
		*proto = HVLB_PROTO_SCTP;
	else
		return -EINVAL;
	return 0;
}

void
cfg_format_addr(const union hvlb_addr *a, uint8_t af, char *buf, size_t len)
{
	inet_ntop(af == HVLB_AF_INET ? AF_INET : AF_INET6, af == HVLB_AF_INET ? (const void *)&a->w[0]
									    : (const void *)a->b,
		  buf, (socklen_t)len);
}

void
cfg_init(struct cfgstore *st, uint16_t n_ports)
{
	memset(st, 0, sizeof(*st));
	st->n_ports = n_ports;
	conn_timeouts_default(&st->timeouts);
	st->gen_next = 1;
	st->rs_slot_next = 1; /* slot 0 is never used, so a zeroed counter means "none" */
}

void
cfg_free_contents(struct cfgstore *st)
{
	for (unsigned i = 0; i < st->n_vs; i++)
		free(st->vs[i].rs);
	for (unsigned i = 0; i < st->n_vs_retired; i++)
		free(st->vs_retired[i].rs);
	free(st->vs);
	free(st->vs_retired);
	st->vs = st->vs_retired = NULL;
	st->n_vs = st->cap_vs = st->n_vs_retired = st->cap_vs_retired = 0;
}

void
cfg_free(struct cfgstore *st)
{
	if (st == NULL)
		return;
	cfg_free_contents(st);
	free(st);
}

/* Keep only the prefix bits of an address. */
static void
mask_prefix(union hvlb_addr *a, uint8_t plen, uint8_t af)
{
	unsigned bits = af == HVLB_AF_INET ? 32 : 128;

	for (unsigned i = plen; i < bits; i++)
		a->b[i / 8] &= (uint8_t)~(0x80u >> (i % 8));
}

static struct cfg_route *
route_find(struct cfgstore *st, const union hvlb_addr *p, uint8_t af, uint8_t plen)
{
	for (unsigned i = 0; i < st->n_routes; i++) {
		struct cfg_route *r = &st->routes[i];
		if (r->af == af && r->plen == plen && hvlb_addr_eq(&r->prefix, p))
			return r;
	}
	return NULL;
}

int
cfg_addr_add(struct cfgstore *st, uint16_t port, const char *prefix, char *err)
{
	struct local_addr *l;
	struct cfg_route *r;
	union hvlb_addr net;

	if (port >= st->n_ports)
		return ERR("port%u.addr: no such port", port), -EINVAL;
	if (st->n_local == FWD_MAX_LOCAL || st->n_routes == FWD_MAX_ROUTES)
		return ERR("port%u.addr: too many addresses", port), -ENOSPC;
	l = &st->local[st->n_local];
	if (cfg_parse_prefix(prefix, &l->addr, &l->af, &l->plen) != 0)
		return ERR("port%u.addr: '%s' is not an address/prefix-length", port, prefix),
		       -EINVAL;
	l->port = port;
	st->n_local++;
	/* The directly connected route of the address. */
	net = l->addr;
	mask_prefix(&net, l->plen, l->af);
	r = route_find(st, &net, l->af, l->plen);
	if (r == NULL)
		r = &st->routes[st->n_routes++];
	memset(r, 0, sizeof(*r));
	r->prefix = net;
	r->plen = l->plen;
	r->af = l->af;
	r->connected = 1;
	r->port = port;
	st->version++;
	return 0;
}

static struct cfg_vs *
vs_find_in(struct cfg_vs *arr, unsigned n, uint8_t proto, const union hvlb_addr *vip, uint8_t af,
	   uint16_t vport, uint32_t vni)
{
	for (unsigned i = 0; i < n; i++) {
		struct cfg_vs *v = &arr[i];
		if (v->proto == proto && v->vport == vport && v->af == af && v->vni == vni &&
		    hvlb_addr_eq(&v->vip, vip))
			return v;
	}
	return NULL;
}

struct cfg_vs *
cfg_vs_find(struct cfgstore *st, uint8_t proto, const union hvlb_addr *vip, uint8_t af,
	    uint16_t vport)
{
	return vs_find_in(st->vs, st->n_vs, proto, vip, af, vport, 0);
}

struct cfg_vs *
cfg_vs_find_retired(struct cfgstore *st, uint8_t proto, const union hvlb_addr *vip, uint8_t af,
		    uint16_t vport)
{
	return vs_find_in(st->vs_retired, st->n_vs_retired, proto, vip, af, vport, 0);
}

struct cfg_vs *
cfg_vs_find_vni(struct cfgstore *st, uint8_t proto, const union hvlb_addr *vip, uint8_t af,
		uint16_t vport, uint32_t vni)
{
	return vs_find_in(st->vs, st->n_vs, proto, vip, af, vport, vni);
}

struct cfg_vs *
cfg_vs_find_retired_vni(struct cfgstore *st, uint8_t proto, const union hvlb_addr *vip,
			uint8_t af, uint16_t vport, uint32_t vni)
{
	return vs_find_in(st->vs_retired, st->n_vs_retired, proto, vip, af, vport, vni);
}

/* Room for one more service in *arr, which holds n of *cap: 0 or -ENOMEM. */
static int
vs_reserve(struct cfg_vs **arr, unsigned n, unsigned *cap)
{
	unsigned c = *cap ? *cap * 2 : 16;
	struct cfg_vs *na;

	if (n < *cap)
		return 0;
	na = realloc(*arr, c * sizeof(*na));
	if (na == NULL)
		return -ENOMEM;
	*arr = na;
	*cap = c;
	return 0;
}

static int
vs_slot_alloc(struct cfgstore *st)
{
	for (unsigned n = 0; n < VS_MAX_SLOTS; n++) {
		uint16_t s = (uint16_t)((st->vs_slot_next + n) % VS_MAX_SLOTS);
		if (!st->vs_slot_used[s]) {
			st->vs_slot_used[s] = 1;
			st->vs_slot_next = (uint16_t)((s + 1) % VS_MAX_SLOTS);
			if (st->slot_born != NULL)
				st->slot_born(st->slot_born_arg, 0, s, 0);
			return s;
		}
	}
	return -1;
}

/* A multicast or broadcast address (224.0.0.0/4, 255.255.255.255, ff00::/8): no one host's,
 * and a source the forwarder drops as martian (parse.c), so no NF's. The fast path counts on
 * it: it does not ask an NF's reply where it is from (parse_fast.h). */
static int
addr_is_group(const union hvlb_addr *a, uint8_t af)
{
	if (af == HVLB_AF_INET)
		return (a->b[0] & 0xf0) == 0xe0 || a->w[0] == 0xffffffffu;
	return a->b[0] == 0xff;
}

/* 127.0.0.0/8 or ::1: never on a wire, so neither a VIP clients reach nor an NF the
 * forwarder can send to. */
static int
addr_is_loopback(const union hvlb_addr *a, uint8_t af)
{
	static const uint8_t v6_loopback[16] = {[15] = 1};

	if (af == HVLB_AF_INET)
		return a->b[0] == 127;
	return memcmp(a->b, v6_loopback, sizeof(v6_loopback)) == 0;
}

/* An RS removed from service vs: its slot is freed now (hard), or once its connections are
 * gone (cfg_rs_reclaim); if vs reschedules them, they go at their next packet. */
static void
retire(struct cfgstore *st, const struct cfg_vs *vs, uint16_t slot, int hard)
{
	if (hard) {
		st->rs_gen[slot] = 0;
		return;
	}
	if (vs->down_conns == VS_DOWN_RESCHEDULE)
		st->rs_gen[slot] |= RS_GEN_DOWN;
	if (!st->rs_retired[slot]) {
		st->rs_retired[slot] = (uint16_t)(vs->slot + 1);
		st->n_retired++;
	}
}

/* The RSs once removed softly from vs go with it now (vs is removed hard). */
static void
retired_rs_drop(struct cfgstore *st, const struct cfg_vs *vs)
{
	for (uint32_t s = 1; s <= RS_MAX_SLOTS && st->n_retired > 0; s++) {
		if (st->rs_retired[s] != vs->slot + 1)
			continue;
		st->rs_retired[s] = 0;
		st->n_retired--;
		st->rs_gen[s] = 0;
	}
}

/* Retired service old becomes a service again (there is room in st->vs): with its slot, so
 * its connections and counters carry on under it; its reals are removed softly, as if each
 * had been before the service (their connections go on to them until they end). */
static void
vs_revive(struct cfgstore *st, struct cfg_vs *old, int mode, int sched)
{
	struct cfg_vs *v = &st->vs[st->n_vs++];

	for (unsigned i = 0; i < old->n_rs; i++)
		retire(st, old, old->rs[i].slot, 0);
	*v = *old;
	*old = st->vs_retired[--st->n_vs_retired];
	v->retired = 0;
	v->n_rs = 0; /* the array stays, for the reals to come */
	v->mode = (uint8_t)mode;
	v->sched = (uint8_t)sched;
	v->priority = 0;
	v->down_conns = (uint8_t)vs_down_conns_default(v->proto);
	v->all_down = VS_ALL_DOWN_DROP;
	v->synproxy = VS_SYNPROXY_OFF;
	v->synproxy_threshold = 0;
	v->client_addr = 0;
	v->hash = VS_HASH_5TUPLE;
	v->encap = 0;
	v->set = (struct vs_settings){0};
	st->vs_prio[v->slot] = 0;
	st->version++;
}

int
cfg_vs_add(struct cfgstore *st, uint8_t proto, const union hvlb_addr *vip, uint8_t af,
	   uint16_t vport, int mode, int sched, char *err)
{
	return cfg_vs_add_vni(st, proto, vip, af, vport, 0, mode, sched, err);
}

int
cfg_vs_add_vni(struct cfgstore *st, uint8_t proto, const union hvlb_addr *vip, uint8_t af,
	       uint16_t vport, uint32_t vni, int mode, int sched, char *err)
{
	struct cfg_vs *v, *old;
	uint16_t tenant = 0;
	int slot;

	if (addr_is_loopback(vip, af))
		return ERR("vip: a loopback address (127.0.0.0/8, ::1) never reaches the forwarder"),
		       -EINVAL;
	if (mode < 0 || !vs_mode_valid((unsigned)mode))
		return ERR("mode: must be nat, dr, tunnel, fullnat or vxlan"), -EINVAL;
	if (sched < 0 || sched >= HVLB_SCHED_MAX)
		return ERR("scheduler: must be maglev, random, rr, wrr, sh or lc"), -EINVAL;
	if (cfg_vni_check(mode, vni, af, err) != 0)
		return -EINVAL;
	if (cfg_vs_find_vni(st, proto, vip, af, vport, vni) != NULL)
		return ERR("service: already exists"), -EEXIST;
	if (vs_reserve(&st->vs, st->n_vs, &st->cap_vs) != 0)
		return ERR("service: out of memory"), -ENOMEM;
	if (vni != 0 && (tenant = cfg_tenant_get(st, vni)) == 0)
		return ERR("vni: at most %u VNIs in use", VXLAN_MAX_TENANTS), -ENOSPC;
	old = cfg_vs_find_retired_vni(st, proto, vip, af, vport, vni);
	if (old != NULL) {
		vs_revive(st, old, mode, sched);
		return 0;
	}
	slot = vs_slot_alloc(st);
	if (slot < 0)
		return ERR("service: at most %u services", VS_MAX_SLOTS), -ENOSPC;
	v = &st->vs[st->n_vs++];
	memset(v, 0, sizeof(*v));
	v->vip = *vip;
	v->af = af;
	v->proto = proto;
	v->vport = vport;
	v->mode = (uint8_t)mode;
	v->sched = (uint8_t)sched;
	v->slot = (uint16_t)slot;
	v->down_conns = (uint8_t)vs_down_conns_default(proto);
	v->all_down = VS_ALL_DOWN_DROP;
	/* Its own timeout set from the start while one is free, so its connections carry it and
	 * timeouts it is given later reach them at their next packet. */
	v->to_set = cfg_to_set_alloc(st);
	v->vni = vni;
	v->tenant = tenant;
	st->vs_prio[slot] = 0;
	st->version++;
	return 0;
}

int
cfg_vs_set_down(struct cfgstore *st, struct cfg_vs *vs, int down_conns, int all_down, char *err)
{
	if (down_conns >= VS_DOWN_MAX)
		return ERR("down_conns: must be keep or reschedule"), -EINVAL;
	if (all_down >= VS_ALL_DOWN_MAX)
		return ERR("all_down: must be drop or keep_last"), -EINVAL;
	if (down_conns >= 0)
		vs->down_conns = (uint8_t)down_conns;
	if (all_down >= 0)
		vs->all_down = (uint8_t)all_down;
	st->version++;
	return 0;
}

int
cfg_vs_set_priority(struct cfgstore *st, struct cfg_vs *vs, uint32_t priority, char *err)
{
	if (priority > CFG_MAX_PRIORITY)
		return ERR("priority: must be 0 to %u", CFG_MAX_PRIORITY), -EINVAL;
	vs->priority = (uint8_t)priority;
	st->vs_prio[vs->slot] = (uint8_t)priority;
	st->version++;
	return 0;
}

int
cfg_vs_set_synproxy(struct cfgstore *st, struct cfg_vs *vs, int synproxy, bool set_threshold,
		    uint32_t threshold, char *err)
{
	if (synproxy >= VS_SYNPROXY_MAX)
		return ERR("synproxy: must be off, on or auto"), -EINVAL;
	if (synproxy > VS_SYNPROXY_OFF && vs->mode != VS_MODE_NAT)
		return ERR("synproxy: only in nat mode (in dr the NF's replies bypass the "
			   "forwarder, so sequence numbers cannot be translated)"), -EINVAL;
	if (synproxy > VS_SYNPROXY_OFF && vs->proto != HVLB_PROTO_TCP)
		return ERR("synproxy: only for tcp services"), -EINVAL;
	if (synproxy >= 0)
		vs->synproxy = (uint8_t)synproxy;
	if (set_threshold)
		vs->synproxy_threshold = threshold;
	st->version++;
	return 0;
}

void
cfg_vs_set_settings(struct cfgstore *st, struct cfg_vs *vs, const struct vs_settings *s)
{
	vs->set = *s;
	st->version++;
}

void
cfg_rs_set_conn_limit(struct cfgstore *st, struct rs_config *rs, uint32_t limit)
{
	rs->conn_limit = limit;
	st->version++;
}

int
cfg_vs_set_client_addr(struct cfgstore *st, struct cfg_vs *vs, int on, char *err)
{
	if (on > 0 && vs->mode != VS_MODE_FULLNAT)
		return ERR("client_addr: only a fullnat service carries it (TOA)"), -EINVAL;
	if (on >= 0 && vs->client_addr != (on > 0)) {
		vs->client_addr = on > 0;
		st->version++;
	}
	return 0;
}

int
cfg_vs_update(struct cfgstore *st, struct cfg_vs *vs, int mode, int sched, char *err)
{
	if (mode >= 0 && !vs_mode_valid((unsigned)mode))
		return ERR("mode: must be nat, dr, tunnel, fullnat or vxlan"), -EINVAL;
	if (mode >= 0 && cfg_vni_check(mode, vs->vni, vs->af, err) != 0)
		return -EINVAL;
	if (sched >= HVLB_SCHED_MAX)
		return ERR("scheduler: must be maglev, random, rr, wrr, sh or lc"), -EINVAL;
	if (mode >= 0 && mode != VS_MODE_FULLNAT && vs->client_addr)
		return ERR("client_addr: only in fullnat mode; set it off first"), -EINVAL;
	if (cfg_vs_hash_check(vs->hash, mode >= 0 ? mode : vs->mode, vs->proto,
			      sched >= 0 ? sched : vs->sched, err) != 0)
		return -EINVAL;
	if (mode == VS_MODE_FULLNAT && vs->synproxy != VS_SYNPROXY_OFF)
		return ERR("synproxy: only in nat mode; set synproxy off before mode fullnat"),
		       -EINVAL;
	if ((mode == VS_MODE_DR || mode == VS_MODE_TUNNEL) && vs->synproxy != VS_SYNPROXY_OFF)
		return ERR("synproxy: only in nat mode; set synproxy off before mode dr or tunnel"),
		       -EINVAL;
	if (mode == VS_MODE_DR || mode == VS_MODE_TUNNEL)
		for (unsigned i = 0; i < vs->n_rs; i++)
			if (vs->rs[i].port != 0 && vs->rs[i].port != vs->vport)
				return ERR("mode: dr and tunnel need every real.port to be 0 or the vport"),
				       -EINVAL;
	if (mode >= 0)
		vs->mode = (uint8_t)mode;
	if (sched >= 0)
		vs->sched = (uint8_t)sched;
	st->version++;
	return 0;
}

int
cfg_vs_remove(struct cfgstore *st, struct cfg_vs *vs, int hard)
{
	struct cfg_vs *arr = vs->retired ? st->vs_retired : st->vs;
	unsigned *n = vs->retired ? &st->n_vs_retired : &st->n_vs;

	if (!hard) {
		/* Everything stays, its reals' generations too, so its connections go on. */
		if (vs->retired)
			return 0;
		if (vs_reserve(&st->vs_retired, st->n_vs_retired, &st->cap_vs_retired) != 0)
			return -ENOMEM;
		st->vs_retired[st->n_vs_retired] = *vs;
		st->vs_retired[st->n_vs_retired++].retired = 1;
		*vs = st->vs[--st->n_vs];
		st->version++;
		return 0;
	}
	/* Its connections die with their RS generations, those of the RSs it had before too. */
	for (unsigned i = 0; i < vs->n_rs; i++)
		retire(st, vs, vs->rs[i].slot, 1);
	retired_rs_drop(st, vs);
	st->vs_slot_used[vs->slot] = 0;
	/* Free for another service: connections that still name it are dying (their RS
	 * generations are gone), so another's timeouts matter to them no more. */
	st->to_set_used[vs->to_set] = 0;
	free(vs->rs);
	*vs = arr[--*n];
	st->version++;
	return 0;
}

unsigned
cfg_vs_reclaim(struct cfgstore *st, uint64_t (*active)(void *arg, uint16_t slot), void *arg)
{
	unsigned freed = 0;

	for (unsigned i = 0; i < st->n_vs_retired;) {
		struct cfg_vs *v = &st->vs_retired[i];

		if (active(arg, v->slot) != 0) {
			i++;
			continue;
		}
		/* Its last connection is gone: nothing is left to drop. Entry i is now another. */
		cfg_vs_remove(st, v, 1);
		freed++;
	}
	return freed;
}

struct rs_config *
cfg_rs_find(struct cfg_vs *vs, const union hvlb_addr *addr, uint16_t port)
{
	for (unsigned i = 0; i < vs->n_rs; i++)
		if (vs->rs[i].port == port && hvlb_addr_eq(&vs->rs[i].addr, addr))
			return &vs->rs[i];
	return NULL;
}

/* RS slots go round robin over the whole space, so a slot whose soft-removed RS still has
 * connections is not handed out again for a long time; slots in use are skipped. */
static int
rs_slot_alloc(struct cfgstore *st)
{
	for (unsigned n = 0; n < RS_MAX_SLOTS; n++) {
		uint16_t s = st->rs_slot_next;
		st->rs_slot_next = s >= RS_MAX_SLOTS - 1 ? 1 : (uint16_t)(s + 1);
		if (st->rs_gen[s] == 0)
			return s;
	}
	return -1;
}

int
cfg_rs_add(struct cfgstore *st, struct cfg_vs *vs, const union hvlb_addr *addr, uint8_t af,
	   uint16_t port, uint32_t weight, uint8_t health, char *err)
{
	struct rs_config *r;
	int slot;

	/* A tunnel carries either family in either (rewrite_tunnel.h). */
	if (af != vs->af && vs->mode != VS_MODE_TUNNEL)
		return ERR("real.address: family differs from the VIP's"), -EINVAL;
	if (addr_is_loopback(addr, af))
		return ERR("real.address: a loopback address (127.0.0.0/8, ::1) is no NF the "
			   "forwarder can reach"), -EINVAL;
	if (addr_is_group(addr, af))
		return ERR("real.address: a multicast or broadcast address (224.0.0.0/4, "
			   "255.255.255.255, ff00::/8) is no NF"), -EINVAL;
	/* Any port: the forwarder owns the VIP, so what it sent there would come back to it. */
	if (hvlb_addr_eq(addr, &vs->vip))
		return ERR("real.address: the service's own VIP; packets to it would loop through "
			   "the forwarder until their TTL runs out"), -EINVAL;
	if (health > 1)
		return ERR("real.health: must be 0 or 1"), -EINVAL;
	if (weight > RS_WEIGHT_MAX)
		return ERR("real.weight: must be <= %u", RS_WEIGHT_MAX), -EINVAL;
	if ((vs->mode == VS_MODE_DR || vs->mode == VS_MODE_TUNNEL) && port != 0 &&
	    port != vs->vport)
		return ERR("real.port: a dr or tunnel service cannot change the port (use 0)"),
		       -EINVAL;
	if (vs->mode == VS_MODE_VXLAN && port != 0)
		return ERR("real.port: a vxlan real is the NF's VTEP, VXLAN's port (use 0)"),
		       -EINVAL;
	if (cfg_rs_find(vs, addr, port) != NULL)
		return ERR("real: already in the service"), -EEXIST;
	if (vs->n_rs == VS_MAX_RS)
		return ERR("real: at most %u real services per service", VS_MAX_RS), -ENOSPC;
	if (vs->n_rs == vs->cap_rs) {
		uint16_t cap = vs->cap_rs ? (uint16_t)RTE_MIN(vs->cap_rs * 2, VS_MAX_RS) : 8;
		struct rs_config *nr = realloc(vs->rs, cap * sizeof(*nr));
		if (nr == NULL)
			return ERR("real: out of memory"), -ENOMEM;
		vs->rs = nr;
		vs->cap_rs = cap;
	}
	slot = rs_slot_alloc(st);
	if (slot < 0)
		return ERR("real: no free real-service slot"), -ENOSPC;
	if (st->slot_born != NULL)
		st->slot_born(st->slot_born_arg, 1, (uint16_t)slot, vs->slot);
	r = &vs->rs[vs->n_rs++];
	memset(r, 0, sizeof(*r));
	r->addr = *addr;
	r->af = af;
	r->port = port;
	r->weight = weight;
	r->health = health;
	r->slot = (uint16_t)slot;
	r->gen = st->gen_next++;
	if (st->gen_next >= RS_GEN_DOWN)
		st->gen_next = 1;
	st->rs_gen[slot] = r->gen;
	st->version++;
	return 0;
}

int
cfg_rs_update(struct cfgstore *st, struct cfg_vs *vs, struct rs_config *rs, int64_t weight,
	      int health, char *err)
{
	(void)vs;
	if (weight > RS_WEIGHT_MAX)
		return ERR("real.weight: must be <= %u", RS_WEIGHT_MAX), -EINVAL;
	if (health > 1)
		return ERR("real.health: must be 0 or 1"), -EINVAL;
	if (weight >= 0)
		rs->weight = (uint32_t)weight;
	if (health >= 0)
		rs->health = (uint8_t)health;
	st->version++;
	return 0;
}

unsigned
cfg_rs_reclaim(struct cfgstore *st, uint64_t (*active)(void *arg, uint16_t slot), void *arg)
{
	unsigned freed = 0;

	for (uint32_t s = 1; s <= RS_MAX_SLOTS && st->n_retired > 0; s++) {
		if (!st->rs_retired[s] || active(arg, (uint16_t)s) != 0)
			continue;
		st->rs_retired[s] = 0;
		st->n_retired--;
		st->rs_gen[s] = 0;
		freed++;
	}
	return freed;
}

int
cfg_rs_remove(struct cfgstore *st, struct cfg_vs *vs, struct rs_config *rs, int hard)
{
	/* Soft: the slot keeps its generation so the RS's connections run to their end (the
	 * slot is not reused before the allocator wraps), or are rescheduled at their next packet
	 * (down_conns). Hard: the generation is retired and workers drop the connections at their
	 * next packet. */
	retire(st, vs, rs->slot, hard);
	*rs = vs->rs[--vs->n_rs];
	st->version++;
	return 0;
}

int
cfg_route_set(struct cfgstore *st, const char *prefix, const char *via, uint16_t port, char *err)
{
	union hvlb_addr p, gw;
	uint8_t af, plen, gaf;
	struct cfg_route *r;

	if (cfg_parse_prefix(prefix, &p, &af, &plen) != 0)
		return ERR("route.prefix: '%s' is not an address/prefix-length", prefix), -EINVAL;
	if (via != NULL && via[0] != '\0') {
		if (cfg_parse_addr(via, &gw, &gaf) != 0)
			return ERR("route.via: '%s' is not an address", via), -EINVAL;
		if (gaf != af)
			return ERR("route.via: family differs from the prefix's"), -EINVAL;
	}
	if (port >= st->n_ports)
		return ERR("route.port: no port %u", port), -EINVAL;
	mask_prefix(&p, plen, af);
	r = route_find(st, &p, af, plen);
	if (r != NULL && r->connected)
		return ERR("route.prefix: %s is a connected route", prefix), -EEXIST;
	if (r == NULL) {
		if (st->n_routes == FWD_MAX_ROUTES)
			return ERR("route: at most %u routes", FWD_MAX_ROUTES), -ENOSPC;
		r = &st->routes[st->n_routes++];
	}
	memset(r, 0, sizeof(*r));
	r->prefix = p;
	r->plen = plen;
	r->af = af;
	r->port = port;
	if (via != NULL && via[0] != '\0') {
		r->via = gw;
		r->has_via = 1;
	}
	st->version++;
	return 0;
}

int
cfg_route_del(struct cfgstore *st, const char *prefix, char *err)
{
	union hvlb_addr p;
	uint8_t af, plen;
	struct cfg_route *r;

	if (cfg_parse_prefix(prefix, &p, &af, &plen) != 0)
		return ERR("prefix: '%s' is not an address/prefix-length", prefix), -EINVAL;
	mask_prefix(&p, plen, af);
	r = route_find(st, &p, af, plen);
	if (r == NULL)
		return ERR("prefix: no route %s", prefix), -ENOENT;
	if (r->connected)
		return ERR("prefix: %s is a connected route", prefix), -EINVAL;
	*r = st->routes[--st->n_routes];
	st->version++;
	return 0;
}
