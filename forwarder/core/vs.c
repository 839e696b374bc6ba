/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The VS table: validation of the control API's configs, the per-VS selection structures,
 * and the read-only lookups workers use.
 *
 * Layout: struct vs lives directly in an open-addressing array (linear probing, power-of-two
 * size, load <= 50%), so a hit costs one probe into memory that already holds everything the
 * worker needs next. proto 0 marks an empty slot (a valid VS is always TCP, UDP or SCTP). A second,
 * smaller open-addressing set holds the VIP addresses alone for vs_is_vip (inline, in vs.h);
 * the all-zero address marks its empty slots (a zero VIP is rejected). A retired VS (removed, its
 * connections remain) is only in the VIP set: its VIP is still answered and its connections'
 * packets are still for us, but no new connection finds it.
 *
 * Lookups take no address family: an IPv4 address is stored as w[0] with the rest zero, so it
 * can only equal an IPv6 address whose low 96 bits are zero (the subnet-router anycast address
 * of a /32), never a sensible VIP. Two VSs that differ only by family count as duplicates.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "hash.h"
#include "maglev.h"
#include "rewrite_tunnel.h"
#include "vs.h"

struct vs_table {
	struct vs_head h;       /* first: vs.h's inline vs_is_vip and vs_lookup_tenant read it */
	unsigned n;             /* VSs inserted (all of them once built) */
	unsigned n_built;       /* of those, the ones whose selection tables were built, not shared */
	uint32_t *order;        /* n slot indexes, in config order (vs_table_at) */
};

/*
 * Selection tables shared between tables. A VS's Maglev table (128 KiB, the costly part of a
 * build) and WRR sequence depend only on its scheduler and its usable RSs (which, where in
 * rs[], identity and weight), so vs_table_rebuild gives a VS whose inputs did not change the
 * very arrays of the previous table: a publish that changes one service of 1,000 builds one.
 * Each such array has a reference count in a header before it; only the control thread builds
 * and frees tables, so a plain count suffices.
 */
struct vs_lut_hdr {
	uint64_t refs; /* 8 bytes: the array after it stays 8-byte aligned */
};

static void *
lut_alloc(size_t bytes)
{
	struct vs_lut_hdr *h = malloc(sizeof(*h) + bytes);

	if (h == NULL)
		return NULL;
	h->refs = 1;
	return h + 1;
}

static void *
lut_ref(void *p)
{
	if (p != NULL)
		((struct vs_lut_hdr *)p - 1)->refs++;
	return p;
}

static void
lut_put(void *p)
{
	struct vs_lut_hdr *h = p != NULL ? (struct vs_lut_hdr *)p - 1 : NULL;

	if (h != NULL && --h->refs == 0)
		free(h);
}

/* Scratch for building, allocated once per vs_table_build rather than per VS. */
struct rs_ident {
	uint8_t id[18]; /* address + port, as Maglev hashes it */
	uint16_t idx;
};

struct vs_build_tmp {
	struct maglev_backend backends[VS_MAX_RS];
	uint32_t maglev_scratch[MAGLEV_SCRATCH_WORDS(VS_MAX_RS)];
	struct rs_ident ids[VS_MAX_RS];
	uint32_t wrr_w[VS_MAX_RS];
	int64_t wrr_cur[VS_MAX_RS];
	int16_t slot_owner[VS_MAX_SLOTS]; /* which vs[] holds each VS slot, -1 none */
};

/* Error messages are formatted here; valid until the next vs_table_build on this thread
 * (the control thread is the only caller). */
static _Thread_local char vs_err_buf[160];

static const char *vs_errf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static const char *
vs_errf(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(vs_err_buf, sizeof(vs_err_buf), fmt, ap);
	va_end(ap);
	return vs_err_buf;
}

static bool
addr_is_zero(const union hvlb_addr *a)
{
	return a->q[0] == 0 && a->q[1] == 0;
}

/* An IPv4 address must leave bytes 4..15 zero, or equal addresses would compare unequal. */
static bool
addr_fits_af(const union hvlb_addr *a, uint8_t af)
{
	return af == HVLB_AF_INET6 || (a->w[1] == 0 && a->q[1] == 0);
}

static const char *
vs_check_vs(const struct vs_config *c, unsigned i)
{
	if (c->proto != HVLB_PROTO_TCP && c->proto != HVLB_PROTO_UDP &&
	    c->proto != HVLB_PROTO_SCTP)
		return vs_errf("vs[%u].proto: must be tcp, udp or sctp", i);
	/* FullNAT rewrites the client's address and port, vxlan carries TCP and UDP only
	 * (docs/sctp.md). */
	if (c->proto == HVLB_PROTO_SCTP && c->mode != VS_MODE_NAT && c->mode != VS_MODE_DR &&
	    c->mode != VS_MODE_TUNNEL)
		return vs_errf("vs[%u].mode: an sctp service is nat, dr or tunnel", i);
	if (c->af != HVLB_AF_INET && c->af != HVLB_AF_INET6)
		return vs_errf("vs[%u].af: must be 4 or 6", i);
	if (addr_is_zero(&c->vip))
		return vs_errf("vs[%u].vip: must not be zero", i);
	if (!addr_fits_af(&c->vip, c->af))
		return vs_errf("vs[%u].vip: IPv4 address with bytes 4..15 set", i);
	if (!vs_mode_valid(c->mode))
		return vs_errf("vs[%u].mode: %u out of range (nat, dr, tunnel, fullnat or vxlan)", i,
			       c->mode);
	if (c->mode == VS_MODE_TUNNEL && (c->encap == TUNNEL_ENCAP_NONE || c->encap >= TUNNEL_ENCAP_MAX))
		return vs_errf("vs[%u].encap: tunnel mode needs ipip or gue", i);
	if (c->mode != VS_MODE_TUNNEL && c->encap != TUNNEL_ENCAP_NONE)
		return vs_errf("vs[%u].encap: only in tunnel mode", i);
	/* A tenant's service is reached through its overlay only, and the overlay is IPv4 (its
	 * VTEPs are the RSs' addresses, the VIP's family). */
	if ((c->mode == VS_MODE_VXLAN) != (c->tenant != 0))
		return vs_errf("vs[%u].vni: a vxlan service needs one, and only it may have one", i);
	if (c->mode == VS_MODE_VXLAN && c->af != HVLB_AF_INET)
		return vs_errf("vs[%u].vip: a vxlan service is IPv4", i);
	if (c->sched >= HVLB_SCHED_MAX)
		return vs_errf("vs[%u].sched: %u out of range", i, c->sched);
	if (c->all_down >= VS_ALL_DOWN_MAX)
		return vs_errf("vs[%u].all_down: %u out of range (drop or keep_last)", i,
			       c->all_down);
	if (c->synproxy >= VS_SYNPROXY_MAX)
		return vs_errf("vs[%u].synproxy: %u out of range (off, on or auto)", i,
			       c->synproxy);
	/* In dr the NF's replies bypass the forwarder: their sequence numbers cannot be
	 * translated. */
	if (c->synproxy != VS_SYNPROXY_OFF && (c->mode != VS_MODE_NAT || c->proto != HVLB_PROTO_TCP))
		return vs_errf("vs[%u].synproxy: only a nat tcp service can have one", i);
	if (c->hash >= VS_HASH_MAX)
		return vs_errf("vs[%u].hash: %u out of range (5tuple or sip_call_id)", i, c->hash);
	if (c->hash != VS_HASH_5TUPLE && (c->mode != VS_MODE_NAT || c->proto != HVLB_PROTO_UDP))
		return vs_errf("vs[%u].hash: sip_call_id only for a nat udp service", i);
	if (c->hash != VS_HASH_5TUPLE && c->sched != HVLB_SCHED_MAGLEV && c->sched != HVLB_SCHED_SH)
		return vs_errf("vs[%u].hash: sip_call_id needs the maglev or sh scheduler", i);
	if (c->slot >= VS_MAX_SLOTS)
		return vs_errf("vs[%u].slot: %u out of range (below %u)", i, c->slot, VS_MAX_SLOTS);
	if (c->n_rs > VS_MAX_RS)
		return vs_errf("vs[%u].n_rs: %u real services, at most %u", i, c->n_rs, VS_MAX_RS);
	if (c->n_rs > 0 && c->rs == NULL)
		return vs_errf("vs[%u].rs: NULL with n_rs %u", i, c->n_rs);
	return NULL;
}

static const char *
vs_check_one_rs(const struct vs_config *c, unsigned i, unsigned j)
{
	const struct rs_config *r = &c->rs[j];

	/* A tunnel may carry either family in either (rewrite_tunnel.h). */
	if (r->af != c->af && c->mode != VS_MODE_TUNNEL)
		return vs_errf("vs[%u].rs[%u].af: family differs from the VIP", i, j);
	if (addr_is_zero(&r->addr))
		return vs_errf("vs[%u].rs[%u].addr: must not be zero", i, j);
	if (!addr_fits_af(&r->addr, r->af))
		return vs_errf("vs[%u].rs[%u].addr: IPv4 address with bytes 4..15 set", i, j);
	if (r->health > 1)
		return vs_errf("vs[%u].rs[%u].health: must be 0 or 1", i, j);
	if (r->slot >= RS_MAX_SLOTS)
		return vs_errf("vs[%u].rs[%u].slot: out of range (below %u)", i, j, RS_MAX_SLOTS);
	/* DR only rewrites MACs, and a tunnel carries the packet unchanged, so the NF receives
	 * the client's destination port. */
	if ((c->mode == VS_MODE_DR || c->mode == VS_MODE_TUNNEL) && r->port != 0 &&
	    r->port != c->vport)
		return vs_errf("vs[%u].rs[%u].port: dr and tunnel modes cannot change the port", i, j);
	return NULL;
}

static int
rs_ident_cmp(const void *a, const void *b)
{
	const struct rs_ident *x = a, *y = b;
	int d = memcmp(x->id, y->id, sizeof(x->id));

	return d != 0 ? d : (int)x->idx - (int)y->idx;
}

static void
rs_ident_set(uint8_t id[18], const struct rs_config *r)
{
	memcpy(id, r->addr.b, 16);
	memcpy(id + 16, &r->port, 2);
}

static const char *
vs_check_rs(const struct vs_config *c, unsigned i, struct vs_build_tmp *tmp)
{
	uint64_t sum = 0;
	const char *e;

	for (unsigned j = 0; j < c->n_rs; j++) {
		e = vs_check_one_rs(c, i, j);
		if (e != NULL)
			return e;
		if (c->rs[j].health == 1 || c->all_down == VS_ALL_DOWN_KEEP_LAST)
			sum += c->rs[j].weight;
		/* cum_weight[] and the random draw are 32-bit. */
		if (sum > UINT32_MAX)
			return vs_errf("vs[%u].rs[%u].weight: usable weights sum above %u", i, j,
				       UINT32_MAX);
		rs_ident_set(tmp->ids[j].id, &c->rs[j]);
		tmp->ids[j].idx = (uint16_t)j;
	}
	/* Duplicates would share one Maglev permutation and one next hop: reject them. Sorting
	 * keeps this O(n log n) for VS_MAX_RS real services. */
	qsort(tmp->ids, c->n_rs, sizeof(tmp->ids[0]), rs_ident_cmp);
	for (unsigned j = 1; j < c->n_rs; j++)
		if (memcmp(tmp->ids[j].id, tmp->ids[j - 1].id, sizeof(tmp->ids[j].id)) == 0)
			return vs_errf("vs[%u].rs[%u]: same address and port as rs[%u]", i,
				       tmp->ids[j].idx, tmp->ids[j - 1].idx);
	return NULL;
}

static uint32_t
gcd32(uint32_t a, uint32_t b)
{
	while (b != 0) {
		uint32_t t = a % b;

		a = b;
		b = t;
	}
	return a;
}

/* Divide w[0..n) by their gcd; returns their sum. */
static uint64_t
wrr_reduce(uint32_t *w, unsigned n)
{
	uint32_t g = 0;
	uint64_t sum = 0;

	for (unsigned k = 0; k < n; k++)
		g = gcd32(g, w[k]);
	for (unsigned k = 0; k < n; k++) {
		w[k] /= g;
		sum += w[k];
	}
	return sum;
}

/* Smooth weighted round robin (nginx's ngx_http_upstream_get_peer): every step each RS adds
 * its weight to its current value, the largest current wins and pays the total. Over one
 * cycle of sum(w) steps each RS appears exactly w times, spread out rather than in runs. */
static int
vs_build_wrr(struct vs *v, struct vs_build_tmp *tmp)
{
	uint32_t *w = tmp->wrr_w;
	int64_t *cur = tmp->wrr_cur;
	unsigned n = v->n_usable;
	uint64_t sum;

	for (unsigned k = 0; k < n; k++) {
		w[k] = v->rs[v->usable[k]].weight;
		cur[k] = 0;
	}
	sum = wrr_reduce(w, n);
	if (sum > WRR_SEQ_MAX) {
		/* Scale to at most WRR_SEQ_MAX - n so that rounding the small ones up to 1 still
		 * fits, and every usable RS keeps a turn. */
		uint64_t target = WRR_SEQ_MAX - n;

		for (unsigned k = 0; k < n; k++) {
			uint64_t s = (uint64_t)w[k] * target / sum;

			w[k] = s > 0 ? (uint32_t)s : 1;
		}
		sum = wrr_reduce(w, n);
	}
	v->wrr_len = (uint32_t)sum;
	v->wrr_seq = lut_alloc((sum > 0 ? sum : 1) * sizeof(*v->wrr_seq));
	if (v->wrr_seq == NULL)
		return -ENOMEM;
	for (uint32_t s = 0; s < v->wrr_len; s++) {
		unsigned best = 0;

		for (unsigned k = 0; k < n; k++) {
			cur[k] += w[k];
			if (cur[k] > cur[best])
				best = k;
		}
		cur[best] -= (int64_t)sum;
		v->wrr_seq[s] = v->usable[best];
	}
	return 0;
}

/* The Maglev table over usable RSs, its entries mapped back to indexes into rs[]. The order
 * of rs[] (the store's add/remove history) does not matter: maglev_build's table names the
 * same RS in every entry whatever order the backends come in. */
static int
vs_build_maglev(struct vs *v, struct vs_build_tmp *tmp)
{
	unsigned n = v->n_usable;

	v->maglev = lut_alloc(MAGLEV_TABLE_SIZE * sizeof(*v->maglev));
	if (v->maglev == NULL)
		return -ENOMEM;
	for (unsigned k = 0; k < n; k++) {
		const struct rs_config *r = &v->rs[v->usable[k]];

		rs_ident_set(tmp->backends[k].id, r);
		tmp->backends[k].weight = r->weight;
	}
	if (maglev_build(v->maglev, MAGLEV_TABLE_SIZE, tmp->backends, (uint16_t)n,
			 tmp->maglev_scratch) != 0)
		return -EINVAL;
	for (uint32_t e = 0; e < MAGLEV_TABLE_SIZE; e++)
		if (v->maglev[e] != MAGLEV_EMPTY)
			v->maglev[e] = v->usable[v->maglev[e]];
	return 0;
}

bool
vs_config_all_down(const struct vs_config *c)
{
	bool weighted = false;

	for (unsigned j = 0; j < c->n_rs; j++) {
		if (c->rs[j].weight == 0)
			continue;
		if (c->rs[j].health == 1)
			return false;
		weighted = true;
	}
	return weighted;
}

/* Whether v's Maglev table and WRR sequence would be those of p, the same VS in the previous
 * table: the same scheduler over the same usable RSs, at the same places in rs[], with the
 * same identities and weights (what maglev_build and vs_build_wrr read). */
static bool
vs_same_selection(const struct vs *v, const struct vs *p)
{
	if (p == NULL || p->sched != v->sched || p->n_usable != v->n_usable)
		return false;
	for (unsigned k = 0; k < v->n_usable; k++) {
		const struct rs_config *a = &v->rs[v->usable[k]], *b = &p->rs[p->usable[k]];

		if (v->usable[k] != p->usable[k] || a->weight != b->weight || a->port != b->port ||
		    !hvlb_addr_eq(&a->addr, &b->addr))
			return false;
	}
	return true;
}

/* usable[] and cum_weight[] are small and always built; the Maglev table (128 KiB) and the
 * WRR sequence only for the schedulers that read them, and only when prev (the same VS in the
 * previous table, or NULL) cannot lend its own. Returns 1 when it built them, 0 when it
 * shared them, < 0 on error. */
static int
vs_build_one(struct vs *v, const struct vs_config *c, const struct vs *prev,
	     struct vs_build_tmp *tmp)
{
	size_t n_alloc = c->n_rs > 0 ? c->n_rs : 1;
	bool any_health = c->all_down == VS_ALL_DOWN_KEEP_LAST && vs_config_all_down(c);
	uint64_t total = 0;

	v->key = vs_key(c->proto, &c->vip, c->vport);
	v->slot = c->slot;
	v->n_rs = c->n_rs;
	v->vip = c->vip;
	v->vport = c->vport;
	v->proto = c->proto;
	v->af = c->af;
	v->mode = c->mode;
	v->encap = c->encap;
	v->sched = c->sched;
	v->set = c->set;
	v->to_set = c->to_set;
	v->synproxy = c->synproxy;
	v->tenant = c->tenant;
	v->priority = c->priority;
	v->client_addr = c->client_addr;
	v->hash = c->hash;
	v->pick = c->hash == VS_HASH_SIP_CALL_ID || vs_settings_pick(&c->set) ? HVLB_SCHED_PAYLOAD
									 : c->sched;
	v->synproxy_threshold = c->synproxy_threshold != 0 ? c->synproxy_threshold
							  : VS_SYNPROXY_THRESHOLD_DEFAULT;
	v->rs = malloc(n_alloc * sizeof(*v->rs));
	v->usable = malloc(n_alloc * sizeof(*v->usable));
	v->cum_weight = malloc(n_alloc * sizeof(*v->cum_weight));
	if (v->rs == NULL || v->usable == NULL || v->cum_weight == NULL)
		return -ENOMEM;
	if (c->n_rs > 0)
		memcpy(v->rs, c->rs, c->n_rs * sizeof(*v->rs));

	v->n_usable = 0;
	for (uint16_t j = 0; j < c->n_rs; j++) {
		if ((v->rs[j].health != 1 && !any_health) || v->rs[j].weight == 0)
			continue;
		total += v->rs[j].weight;
		v->cum_weight[v->n_usable] = (uint32_t)total;
		v->usable[v->n_usable++] = j;
	}
	v->weight_total = total;
	v->open_fast = (v->mode == VS_MODE_NAT || v->mode == VS_MODE_DR) &&
		       v->af == HVLB_AF_INET &&
		       (v->proto == HVLB_PROTO_TCP || v->proto == HVLB_PROTO_UDP) &&
		       v->pick == HVLB_SCHED_MAGLEV && v->n_usable != 0 &&
		       v->synproxy == VS_SYNPROXY_OFF && v->set.conn_rate_limit == 0 &&
		       v->encap == TUNNEL_ENCAP_NONE;

	if (vs_same_selection(v, prev)) {
		v->maglev = lut_ref(prev->maglev);
		v->wrr_seq = lut_ref(prev->wrr_seq);
		v->wrr_len = prev->wrr_len;
		return 0;
	}
	if (v->sched == HVLB_SCHED_MAGLEV || v->sched == HVLB_SCHED_SH)
		if (vs_build_maglev(v, tmp) != 0)
			return -ENOMEM;
	if (v->sched == HVLB_SCHED_WRR && vs_build_wrr(v, tmp) != 0)
		return -ENOMEM;
	return 1;
}

static uint32_t
pow2_at_least(uint64_t n)
{
	uint32_t p = 2;

	while (p < n)
		p <<= 1;
	return p;
}

static void
vip_insert(struct vs_table *t, const union hvlb_addr *vip)
{
	uint32_t i = addr_hash(vip) & t->h.vip.mask;

	while (!addr_is_zero(&t->h.vip.vips[i])) {
		if (hvlb_addr_eq(&t->h.vip.vips[i], vip))
			return;
		i = (i + 1) & t->h.vip.mask;
	}
	t->h.vip.vips[i] = *vip;
}

/* Claim the slot for c, or report the earlier VS with the same (proto, vip, vport). */
static const char *
vs_insert(struct vs_table *t, const struct vs_config *c, unsigned i, struct vs **out)
{
	uint32_t key = vs_key(c->proto, &c->vip, c->vport);
	const struct vs *dup = vs_find(t, key, c->tenant, c->proto, &c->vip, c->vport);
	uint32_t s;

	if (dup != NULL) {
		for (unsigned k = 0; k < t->n; k++)
			if (&t->h.slots[t->order[k]] == dup)
				return vs_errf("vs[%u]: same proto, vip, vport and vni as vs[%u]", i,
					       k);
	}
	for (s = key & t->h.mask; t->h.slots[s].proto != 0; s = (s + 1) & t->h.mask)
		;
	/* Mark the slot taken now (and its tenant, which a later vs_find compares); vs_build_one
	 * fills in the rest. */
	t->h.slots[s].proto = c->proto;
	t->h.slots[s].tenant = c->tenant;
	t->order[t->n++] = s;
	*out = &t->h.slots[s];
	return NULL;
}

static const char *
vs_check_all(const struct vs_config *cfg, unsigned n, struct vs_build_tmp *tmp)
{
	const char *e;

	for (unsigned s = 0; s < VS_MAX_SLOTS; s++)
		tmp->slot_owner[s] = -1;
	for (unsigned i = 0; i < n; i++) {
		e = vs_check_vs(&cfg[i], i);
		if (e == NULL)
			e = vs_check_rs(&cfg[i], i, tmp);
		if (e != NULL)
			return e;
		/* Slots index per-worker counters and cursors, so two VSs cannot share one. */
		if (tmp->slot_owner[cfg[i].slot] >= 0)
			return vs_errf("vs[%u].slot: %u already used by vs[%d]", i, cfg[i].slot,
				       tmp->slot_owner[cfg[i].slot]);
		tmp->slot_owner[cfg[i].slot] = (int16_t)i;
	}
	return NULL;
}

static struct vs_table *
vs_table_alloc(unsigned n)
{
	struct vs_table *t = calloc(1, sizeof(*t));
	uint32_t size = pow2_at_least(2 * (uint64_t)n);

	if (t == NULL)
		return NULL;
	t->h.mask = size - 1;
	t->h.vip.mask = size - 1;
	t->h.slots = calloc(size, sizeof(*t->h.slots));
	t->order = calloc(n > 0 ? n : 1, sizeof(*t->order));
	t->h.vip.vips = calloc(size, sizeof(*t->h.vip.vips));
	if (t->h.slots == NULL || t->order == NULL || t->h.vip.vips == NULL) {
		vs_table_free(t);
		return NULL;
	}
	return t;
}

struct vs_table *
vs_table_build(const struct vs_config *cfg, unsigned n, const char **err)
{
	return vs_table_rebuild(cfg, n, NULL, err);
}

struct vs_table *
vs_table_rebuild(const struct vs_config *cfg, unsigned n, const struct vs_table *prev,
		 const char **err)
{
	struct vs_build_tmp *tmp = NULL;
	struct vs_table *t = NULL;
	const char *e = NULL;
	struct vs *v = NULL;

	if (n > VS_MAX_SLOTS) {
		e = vs_errf("vs: %u virtual services, at most %u", n, VS_MAX_SLOTS);
		goto fail;
	}
	if (n > 0 && cfg == NULL) {
		e = "vs: NULL config list";
		goto fail;
	}
	tmp = malloc(sizeof(*tmp));
	if (tmp == NULL)
		goto nomem;
	e = vs_check_all(cfg, n, tmp);
	if (e != NULL)
		goto fail;
	t = vs_table_alloc(n);
	if (t == NULL)
		goto nomem;
	for (unsigned i = 0; i < n; i++) {
		if (cfg[i].tenant == 0) /* a tenant's VIP is no address of the underlay */
			vip_insert(t, &cfg[i].vip);
		if (cfg[i].retired)
			continue;
		const struct vs *pv = NULL;
		int built;

		e = vs_insert(t, &cfg[i], i, &v);
		if (e != NULL)
			goto fail;
		if (prev != NULL)
			pv = vs_find(prev, vs_key(cfg[i].proto, &cfg[i].vip, cfg[i].vport),
				     cfg[i].tenant, cfg[i].proto, &cfg[i].vip, cfg[i].vport);
		built = vs_build_one(v, &cfg[i], pv, tmp);
		if (built < 0)
			goto nomem;
		t->n_built += (unsigned)built;
	}
	free(tmp);
	if (err != NULL)
		*err = NULL;
	return t;

nomem:
	e = "vs: out of memory";
fail:
	free(tmp);
	vs_table_free(t);
	if (err != NULL)
		*err = e;
	return NULL;
}

void
vs_table_free(struct vs_table *t)
{
	if (t == NULL)
		return;
	if (t->h.slots != NULL && t->order != NULL) {
		for (unsigned i = 0; i < t->n; i++) {
			struct vs *v = &t->h.slots[t->order[i]];

			free(v->rs);
			free(v->usable);
			lut_put(v->maglev);
			free(v->cum_weight);
			lut_put(v->wrr_seq);
		}
	}
	free(t->h.slots);
	free(t->order);
	free(t->h.vip.vips);
	free(t);
}

const struct vs *
vs_lookup(const struct vs_table *t, uint8_t proto, const union hvlb_addr *vip, uint16_t vport)
{
	return vs_lookup_tenant(t, 0, proto, vip, vport);
}

unsigned
vs_table_built(const struct vs_table *t)
{
	return t->n_built;
}

unsigned
vs_table_count(const struct vs_table *t)
{
	return t->n;
}

const struct vs *
vs_table_at(const struct vs_table *t, unsigned i)
{
	return i < t->n ? &t->h.slots[t->order[i]] : NULL;
}
