/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * FullNAT in the local API (docs/mode-fullnat.md): a service's client_addr, the local pool
 * (GetLocalPool) and a connection's local endpoint in listings.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <string.h>

#include "ctl_op.h"

int
ctl_parse_client_addr(struct ctl_req *r, const char *path, const char *s, int *out)
{
	*out = s[0] == '\0' ? -1 : strcmp(s, "on") == 0 ? 1 : strcmp(s, "off") == 0 ? 0 : -2;
	if (*out == -2)
		return ctl_fail(r, -EINVAL, "%s: '%.16s' is not on or off", path, s);
	return 0;
}

int
ctl_check_client_addr(struct ctl_req *r, const char *path, int on, int mode, uint8_t proto)
{
	(void)proto; /* tcp: the TOA in the SYN; udp: the trailer (core/toa.h) */
	if (on > 0 && mode != VS_MODE_FULLNAT)
		return ctl_fail(r, -EINVAL, "%s: only a fullnat service carries it (TOA)", path);
	return 0;
}

char *
ctl_conn_local(struct ctl_req *r, const struct conn *c)
{
	const struct fnat_pool *p = &r->f->local_pool;
	char buf[CTL_NAME_LEN];

	if (c->mode != VS_MODE_FULLNAT || c->fn_laddr >= p->n_addrs)
		return CTL_CONST_STR("");
	ctl_fmt_endpoint(buf, sizeof(buf), &p->addrs[c->fn_laddr], c->orig.af, c->fn_lport);
	return ctl_strdup(r, buf);
}

int
ctl_op_get_local_pool(struct ctl_req *r)
{
	const struct fnat_pool *p = &r->f->local_pool;
	uint16_t n = r->f->env.n_workers;
	Hvlb__Fwd__V1__LocalPool *m =
		CTL_NEW(r, Hvlb__Fwd__V1__LocalPool, hvlb__fwd__v1__local_pool__init);
	char buf[CTL_NAME_LEN];

	if (m == NULL)
		return CTL_ENOMEM(r);
	m->addresses = ctl_alloc(r, sizeof(char *) * (p->n_addrs + 1u));
	m->free_ports_v4 = ctl_alloc(r, sizeof(uint32_t) * n);
	m->free_ports_v6 = ctl_alloc(r, sizeof(uint32_t) * n);
	if (m->addresses == NULL || m->free_ports_v4 == NULL || m->free_ports_v6 == NULL)
		return CTL_ENOMEM(r);
	for (unsigned i = 0; i < p->n_addrs; i++) {
		inet_ntop(p->af[i] == HVLB_AF_INET ? AF_INET : AF_INET6, p->addrs[i].b, buf,
			  sizeof(buf));
		if ((m->addresses[i] = ctl_strdup(r, buf)) == NULL)
			return CTL_ENOMEM(r);
	}
	m->n_addresses = p->n_addrs;
	m->port_min = p->port_min;
	m->port_max = p->port_max;
	/* Each worker's own counts, read while it runs: a snapshot, as counters are. */
	for (uint16_t w = 0; w < n; w++) {
		const struct fnat_ports *a = &r->f->workers[w]->fnat;

		m->free_ports_v4[w] = a->used != NULL ? fnat_ports_free(a, HVLB_AF_INET) : 0;
		m->free_ports_v6[w] = a->used != NULL ? fnat_ports_free(a, HVLB_AF_INET6) : 0;
	}
	m->n_free_ports_v4 = m->n_free_ports_v6 = n;
	r->resp->body_case = HVLB__FWD__V1__RESPONSE__BODY_LOCAL_POOL;
	r->resp->local_pool = m;
	return 0;
}
