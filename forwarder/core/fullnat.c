/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The local address pool and the per-worker port allocator of FullNAT (fullnat.h).
 */
#include <string.h>

#include "fullnat.h"
#include "steer.h"

#define FNAT_USED_WORDS (65536 / 64)

static inline uint16_t
fnat_be16(uint16_t host)
{
	return (uint16_t)((host >> 8) | (host << 8));
}

int
fnat_pool_check(const struct fnat_pool *p, const char **err)
{
	if (p->n_addrs > FNAT_MAX_LADDRS) {
		*err = "local_pool: too many addresses";
		return -1;
	}
	if (p->port_min == 0 || p->port_min > p->port_max) {
		*err = "local_pool ports: not a range MIN-MAX within 1-65535";
		return -1;
	}
	for (unsigned i = 0; i < p->n_addrs; i++) {
		const union hvlb_addr *a = &p->addrs[i];

		if ((a->q[0] | a->q[1]) == 0 ||
		    (p->af[i] != HVLB_AF_INET && p->af[i] != HVLB_AF_INET6)) {
			*err = "local_pool: an address is zero or of no family";
			return -1;
		}
		for (unsigned k = 0; k < i; k++)
			if (hvlb_addr_eq(a, &p->addrs[k])) {
				*err = "local_pool: an address is given twice";
				return -1;
			}
	}
	return 0;
}

int
fnat_pool_find(const struct fnat_pool *p, const union hvlb_addr *addr)
{
	for (unsigned i = 0; i < p->n_addrs; i++)
		if (hvlb_addr_eq(&p->addrs[i], addr))
			return (int)i;
	return -1;
}

uint16_t
fnat_port_owner(uint16_t n_workers, const union hvlb_addr *addr, uint16_t lport)
{
	return steer_owner(n_workers, addr, lport);
}

size_t
fnat_ports_mem_size(const struct fnat_pool *p)
{
	size_t range = (size_t)p->port_max - p->port_min + 1;

	if (p->n_addrs == 0 || p->port_min == 0 || p->port_min > p->port_max)
		return 0;
	/* The stack is sized for the whole range: ownership is a hash, so a worker's share is
	 * only about range / workers. */
	return p->n_addrs * (FNAT_USED_WORDS * sizeof(uint64_t) + range * sizeof(uint16_t));
}

/* Address i of a's pool with every port of the range that a's worker owns free. */
static void
fnat_ports_fill(struct fnat_ports *a, unsigned i)
{
	const struct fnat_pool *p = a->pool;
	uint16_t *s = a->stack + (size_t)i * a->per_addr;
	uint32_t n = 0;

	memset(a->used + (size_t)i * FNAT_USED_WORDS, 0, FNAT_USED_WORDS * sizeof(uint64_t));
	/* Highest first, so that the top of the stack is the lowest port. */
	for (uint32_t port = p->port_max; port >= p->port_min; port--) {
		uint16_t be = fnat_be16((uint16_t)port);

		if (fnat_port_owner(a->n_workers, &p->addrs[i], be) == a->worker)
			s[n++] = be;
	}
	a->top[i] = a->owned[i] = n;
}

void
fnat_ports_init(struct fnat_ports *a, void *mem, const struct fnat_pool *p, uint16_t n_workers,
		uint16_t worker)
{
	memset(a, 0, sizeof(*a));
	a->pool = p;
	a->n_workers = n_workers;
	a->worker = worker;
	if (fnat_ports_mem_size(p) == 0)
		return;
	a->per_addr = (uint32_t)p->port_max - p->port_min + 1;
	a->used = mem;
	a->stack = (uint16_t *)(a->used + (size_t)p->n_addrs * FNAT_USED_WORDS);
	a->n_addrs = p->n_addrs;
	for (unsigned i = 0; i < p->n_addrs; i++)
		fnat_ports_fill(a, i);
}

void
fnat_ports_grow(struct fnat_ports *a, void *mem, const struct fnat_pool *p, uint16_t keep)
{
	struct fnat_ports old = *a;

	if (keep > old.n_addrs || old.used == NULL)
		keep = old.used == NULL ? 0 : old.n_addrs;
	memset(a, 0, sizeof(*a));
	a->pool = p;
	a->n_workers = old.n_workers;
	a->worker = old.worker;
	a->bad_put = old.bad_put;
	if (fnat_ports_mem_size(p) == 0)
		return;
	a->per_addr = (uint32_t)p->port_max - p->port_min + 1;
	if (keep > 0 && a->per_addr != old.per_addr)
		keep = 0; /* a kept address has the same range (fnat_pool_change_check) */
	a->used = mem;
	a->stack = (uint16_t *)(a->used + (size_t)p->n_addrs * FNAT_USED_WORDS);
	a->n_addrs = p->n_addrs;
	a->next_addr = keep > 0 ? old.next_addr % keep : 0;
	for (unsigned i = 0; i < p->n_addrs; i++) {
		if (i >= keep) {
			fnat_ports_fill(a, i);
			continue;
		}
		memcpy(a->used + (size_t)i * FNAT_USED_WORDS, old.used + (size_t)i * FNAT_USED_WORDS,
		       FNAT_USED_WORDS * sizeof(uint64_t));
		memcpy(a->stack + (size_t)i * a->per_addr, old.stack + (size_t)i * old.per_addr,
		       old.top[i] * sizeof(uint16_t));
		a->top[i] = old.top[i];
		a->owned[i] = old.owned[i];
	}
}

int
fnat_pool_change_check(const struct fnat_pool *cur, const struct fnat_pool *next, bool conns,
		       uint16_t *keep, const char **err)
{
	uint16_t k = 0;

	if (fnat_pool_check(next, err) != 0)
		return -1;
	while (k < cur->n_addrs && k < next->n_addrs && cur->af[k] == next->af[k] &&
	       hvlb_addr_eq(&cur->addrs[k], &next->addrs[k]))
		k++;
	*keep = cur->port_min == next->port_min && cur->port_max == next->port_max ? k : 0;
	if (!conns)
		return 0;
	if (k < cur->n_addrs) {
		*err = "local_pool.addrs: FullNAT connections hold the current addresses' "
		       "indexes: only appending addresses is allowed while any exists";
		return -1;
	}
	if (*keep != k) {
		*err = "local_pool.ports: FullNAT connections hold ports of the current range: "
		       "it cannot change while any exists";
		return -1;
	}
	return 0;
}

static inline uint64_t *
fnat_used_word(const struct fnat_ports *a, uint8_t laddr, uint16_t lport, uint64_t *bit)
{
	uint16_t h = fnat_be16(lport);

	*bit = 1ull << (h & 63);
	return &a->used[(size_t)laddr * FNAT_USED_WORDS + (h >> 6)];
}

int
fnat_port_get(struct fnat_ports *a, uint8_t af, uint8_t *laddr, uint16_t *lport)
{
	const struct fnat_pool *p = a->pool;

	for (unsigned k = 0; k < a->n_addrs; k++) {
		unsigned i = (a->next_addr + k) % a->n_addrs;
		uint64_t bit, *wp;

		if (p->af[i] != af || a->top[i] == 0)
			continue;
		*lport = a->stack[(size_t)i * a->per_addr + --a->top[i]];
		*laddr = (uint8_t)i;
		wp = fnat_used_word(a, (uint8_t)i, *lport, &bit);
		*wp |= bit;
		a->next_addr = (uint16_t)((i + 1) % a->n_addrs);
		return 0;
	}
	return -1;
}

/* Whether lport of address laddr is this allocator's to hand out at all. */
static bool
fnat_port_ours(const struct fnat_ports *a, uint8_t laddr, uint16_t lport)
{
	const struct fnat_pool *p = a->pool;
	uint16_t h = fnat_be16(lport);

	return a->used != NULL && laddr < a->n_addrs && h >= p->port_min && h <= p->port_max &&
	       fnat_port_owner(a->n_workers, &p->addrs[laddr], lport) == a->worker;
}

bool
fnat_port_put(struct fnat_ports *a, uint8_t laddr, uint16_t lport)
{
	uint64_t bit, *wp;

	if (!fnat_port_ours(a, laddr, lport)) {
		a->bad_put++;
		return false;
	}
	wp = fnat_used_word(a, laddr, lport, &bit);
	if (!(*wp & bit)) {
		a->bad_put++;
		return false;
	}
	*wp &= ~bit;
	a->stack[(size_t)laddr * a->per_addr + a->top[laddr]++] = lport;
	return true;
}

bool
fnat_port_claim(struct fnat_ports *a, uint8_t laddr, uint16_t lport)
{
	uint16_t *s;
	uint64_t bit, *wp;

	if (!fnat_port_ours(a, laddr, lport))
		return false;
	wp = fnat_used_word(a, laddr, lport, &bit);
	if (*wp & bit)
		return false;
	/* Rare (a restart): take it out of the middle of the stack. */
	s = a->stack + (size_t)laddr * a->per_addr;
	for (uint32_t j = 0; j < a->top[laddr]; j++)
		if (s[j] == lport) {
			s[j] = s[--a->top[laddr]];
			*wp |= bit;
			return true;
		}
	return false;
}

uint32_t
fnat_ports_free(const struct fnat_ports *a, uint8_t af)
{
	uint32_t n = 0;

	for (unsigned i = 0; i < a->n_addrs; i++)
		if (a->pool->af[i] == af)
			n += a->top[i];
	return n;
}

uint32_t
fnat_ports_used(const struct fnat_ports *a)
{
	uint32_t n = 0;

	for (unsigned i = 0; i < a->n_addrs; i++)
		n += a->owned[i] - a->top[i];
	return n;
}
