/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Helpers of the control-socket handlers: the per-request arena, error messages, and the
 * names and parsing of services shared by ctl_op.c and ctl_op_read.c.
 */
#include <errno.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_byteorder.h>
#include <rte_common.h>

#include "ctl_op.h"

#define CTL_CHUNK_SIZE (64 * 1024)

/* ---- the per-request arena ---- */

struct ctl_chunk {
	struct ctl_chunk *next;
	size_t size;
	size_t used;
	uint8_t data[] __attribute__((aligned(16)));
};

void *
ctl_alloc(struct ctl_req *r, size_t size)
{
	struct ctl_chunk *c = r->arena;
	void *p;

	size = RTE_ALIGN_CEIL(size, 16);
	if (c == NULL || c->size - c->used < size) {
		size_t cap = RTE_MAX(size, (size_t)CTL_CHUNK_SIZE);

		c = malloc(sizeof(*c) + cap);
		if (c == NULL)
			return NULL;
		c->size = cap;
		c->used = 0;
		c->next = r->arena;
		r->arena = c;
	}
	p = c->data + c->used;
	c->used += size;
	memset(p, 0, size);
	return p;
}

char *
ctl_strdup(struct ctl_req *r, const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = ctl_alloc(r, n);

	if (p != NULL)
		memcpy(p, s, n);
	return p;
}

void
ctl_arena_free(struct ctl_req *r)
{
	while (r->arena != NULL) {
		struct ctl_chunk *next = r->arena->next;

		free(r->arena);
		r->arena = next;
	}
}

int
ctl_fail(struct ctl_req *r, int rc, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(r->err, sizeof(r->err), fmt, ap);
	va_end(ap);
	return rc;
}

/* ---- names and parsing ---- */

const char *
ctl_proto_name(uint8_t proto, char *buf, size_t len)
{
	switch (proto) {
	case HVLB_PROTO_TCP:
		return "tcp";
	case HVLB_PROTO_UDP:
		return "udp";
	case HVLB_PROTO_SCTP:
		return "sctp";
	case HVLB_PROTO_ICMP:
		return "icmp";
	case HVLB_PROTO_ICMPV6:
		return "icmpv6";
	}
	snprintf(buf, len, "%u", proto);
	return buf;
}

void
ctl_fmt_endpoint(char *buf, size_t len, const union hvlb_addr *a, uint8_t af, uint16_t port)
{
	char ip[INET6_ADDRSTRLEN];

	cfg_format_addr(a, af, ip, sizeof(ip));
	if (af == HVLB_AF_INET6)
		snprintf(buf, len, "[%s]:%u", ip, rte_be_to_cpu_16(port));
	else
		snprintf(buf, len, "%s:%u", ip, rte_be_to_cpu_16(port));
}

void
ctl_fmt_service(char *buf, size_t len, uint8_t proto, const union hvlb_addr *vip, uint8_t af,
		uint16_t vport)
{
	char ep[CTL_NAME_LEN], pb[8];

	ctl_fmt_endpoint(ep, sizeof(ep), vip, af, vport);
	snprintf(buf, len, "%s %s", ctl_proto_name(proto, pb, sizeof(pb)), ep);
}

int
ctl_parse_service(struct ctl_req *r, const char *path, const Hvlb__Fwd__V1__ServiceId *id,
		  struct ctl_svc *k)
{
	if (id == NULL)
		return ctl_fail(r, -EINVAL, "%s: missing", path);
	if (cfg_parse_proto(id->protocol, &k->proto) != 0)
		return ctl_fail(r, -EINVAL, "%s.protocol: '%.16s' is not tcp or udp", path,
				id->protocol);
	if (cfg_parse_addr(id->vip, &k->vip, &k->af) != 0)
		return ctl_fail(r, -EINVAL, "%s.vip: not an IP address", path);
	if (ctl_addr_is_zero(&k->vip))
		return ctl_fail(r, -EINVAL, "%s.vip: must not be the unspecified address", path);
	if (id->vport > UINT16_MAX)
		return ctl_fail(r, -EINVAL, "%s.vport: must be <= 65535", path);
	k->vport = rte_cpu_to_be_16((uint16_t)id->vport);
	if (id->vni > VXLAN_VNI_MAX)
		return ctl_fail(r, -EINVAL, "%s.vni: must be 0 to %u", path, VXLAN_VNI_MAX);
	k->vni = id->vni;
	return 0;
}

struct cfg_vs *
ctl_lookup_service(struct cfgstore *st, const struct ctl_svc *k)
{
	return cfg_vs_find_vni(st, k->proto, &k->vip, k->af, k->vport, k->vni);
}

struct cfg_vs *
ctl_find_service(struct ctl_req *r, const char *op, const struct ctl_svc *k)
{
	struct cfg_vs *vs = ctl_lookup_service(r->f->cfg, k);
	char name[CTL_NAME_LEN];

	if (vs == NULL) {
		ctl_fmt_service(name, sizeof(name), k->proto, &k->vip, k->af, k->vport);
		ctl_fail(r, -ENOENT, "%s: no service %s", op, name);
	}
	return vs;
}

void
ctl_timeouts_of(const Hvlb__Fwd__V1__Timeouts *t, struct conn_timeouts *to)
{
	if (t == NULL) {
		memset(to, 0, sizeof(*to));
		return;
	}
	*to = (struct conn_timeouts){
		.tcp_syn = t->tcp_syn,
		.tcp_est = t->tcp_established,
		.tcp_fin = t->tcp_fin,
		.tcp_tw = t->tcp_time_wait,
		.tcp_close = t->tcp_close,
		.udp = t->udp,
	};
}

Hvlb__Fwd__V1__Timeouts *
ctl_timeouts_msg(struct ctl_req *r, const struct conn_timeouts *to)
{
	Hvlb__Fwd__V1__Timeouts *m = CTL_NEW(r, Hvlb__Fwd__V1__Timeouts, hvlb__fwd__v1__timeouts__init);

	if (m == NULL)
		return NULL;
	m->tcp_syn = to->tcp_syn;
	m->tcp_established = to->tcp_est;
	m->tcp_fin = to->tcp_fin;
	m->tcp_time_wait = to->tcp_tw;
	m->tcp_close = to->tcp_close;
	m->udp = to->udp;
	return m;
}

/* Switching to dr: every real service must leave the port alone. */
int
ctl_check_dr_ports(struct ctl_req *r, const struct cfg_vs *vs)
{
	char ep[CTL_NAME_LEN];

	for (unsigned i = 0; i < vs->n_rs; i++) {
		const struct rs_config *rs = &vs->rs[i];

		if (rs->port != 0 && rs->port != vs->vport) {
			ctl_fmt_endpoint(ep, sizeof(ep), &rs->addr, rs->af, rs->port);
			return ctl_fail(r, -EINVAL,
					"update_service.mode: dr and tunnel cannot rewrite ports, and real %s "
					"has one",
					ep);
		}
	}
	return 0;
}
