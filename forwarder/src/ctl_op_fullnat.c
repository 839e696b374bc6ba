/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * FullNAT in the local API (docs/mode-fullnat.md): a service's client_addr, the local pool
 * (GetLocalPool, SetLocalPool) and a connection's local endpoint in listings.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
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

/* Whether any worker's allocator holds a port: a FullNAT connection exists (one moved to
 * another worker still holds its port at home until it ends). Read while the workers run. */
static bool
fnat_conns_exist(const struct fwd *f)
{
	for (uint16_t w = 0; w < f->env.n_workers; w++)
		if (fnat_ports_used(&f->workers[w]->fnat) > 0)
			return true;
	return false;
}

static bool
workers_took_pool(const struct fwd *f)
{
	uint32_t gen = f->env.fnat_gen;

	for (uint16_t w = 0; w < f->env.n_workers; w++)
		if (__atomic_load_n(&f->workers[w]->fnat_gen, __ATOMIC_ACQUIRE) != gen)
			return false;
	return true;
}

/* The checked pool next into the live one, in place: workers and the ARP/ND answer read it
 * as it changes. Entries first, the count last, so a reader's count never covers an entry
 * not written yet; an entry rewritten in place (only when no connection holds an index, by
 * the rule) may be read torn by one packet's look-up, which then just misses. Then the
 * workers are told (fnat_gen): each lays its ports out again at the top of its loop. */
static void
pool_publish(struct fwd *f, const struct fnat_pool *next, uint16_t keep)
{
	struct fnat_pool *p = &f->local_pool;

	for (unsigned i = keep; i < next->n_addrs; i++) {
		p->addrs[i] = next->addrs[i];
		p->af[i] = next->af[i];
	}
	p->port_min = next->port_min;
	p->port_max = next->port_max;
	__atomic_store_n(&p->n_addrs, next->n_addrs, __ATOMIC_RELEASE);
	f->env.fnat_keep = keep;
	__atomic_store_n(&f->env.fnat_gen, f->env.fnat_gen + 1, __ATOMIC_RELEASE);
}

int
ctl_op_set_local_pool(struct ctl_req *r, const Hvlb__Fwd__V1__SetLocalPool *m)
{
	struct fnat_pool next;
	const char *err;
	uint16_t keep;
	char path[48];
	int rc;

	memset(&next, 0, sizeof(next));
	if (m->n_addresses > FNAT_MAX_LADDRS)
		return ctl_fail(r, -EINVAL, "set_local_pool.addresses: %zu, at most %u",
				m->n_addresses, FNAT_MAX_LADDRS);
	for (size_t i = 0; i < m->n_addresses; i++) {
		snprintf(path, sizeof(path), "set_local_pool.addresses[%zu]", i);
		if (cfg_parse_addr(m->addresses[i], &next.addrs[i], &next.af[i]) != 0)
			return ctl_fail(r, -EINVAL, "%s: '%.64s' is not an address", path,
					m->addresses[i]);
	}
	next.n_addrs = (uint16_t)m->n_addresses;
	if (m->port_min == 0 && m->port_max == 0) {
		next.port_min = r->f->local_pool.port_min;
		next.port_max = r->f->local_pool.port_max;
	} else if (m->port_min == 0 || m->port_min > m->port_max || m->port_max > 65535) {
		return ctl_fail(r, -EINVAL,
				"set_local_pool.port_min: %u-%u is not a range within 1-65535",
				m->port_min, m->port_max);
	} else {
		next.port_min = (uint16_t)m->port_min;
		next.port_max = (uint16_t)m->port_max;
	}
	if (fnat_pool_check(&next, &err) != 0)
		return ctl_fail(r, -EINVAL, "set_local_pool.%s: %s",
				strstr(err, "ports") != NULL ? "port_min" : "addresses", err);
	/* One change at a time: a worker that has not laid out the previous pool yet would
	 * apply this one's keep to the wrong layout. */
	if (!workers_took_pool(r->f))
		return ctl_fail(r, -EBUSY, "local_pool: a worker has not taken the previous "
					   "change yet (fullnat_pool_nomem counts one out of memory)");
	if (fnat_pool_change_check(&r->f->local_pool, &next, fnat_conns_exist(r->f), &keep,
				   &err) != 0)
		return ctl_fail(r, -EBUSY, "%s", err);
	pool_publish(r->f, &next, keep);
	/* Kept for a restart with state_dir, whose restored connections hold indexes into it.
	 * A failed save leaves the change made (the workers have it) and says so. */
	rc = persist_save_local_pool(&r->f->persist, &r->f->local_pool);
	if (rc != 0)
		return ctl_fail(r, rc, "local_pool: set, but not saved in state_dir: %s",
				strerror(-rc));
	return ctl_op_get_local_pool(r);
}
