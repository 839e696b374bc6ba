/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * FullNAT (docs/mode-fullnat.md): the forwarder's local address pool and each worker's local
 * ports. A FullNAT connection reaches its NF from (local address, local port) instead of the
 * client, so the NF answers the forwarder, never the client. The reply's owner is the worker
 * the default steering rule gives its client endpoint, which for a reply is its destination:
 * (local address, local port) (steer.h steer_client_hash_of). So each worker hands out only
 * the ports that rule gives itself: the NF's reply lands on the connection's owner, with no
 * hand-off and no table.
 *
 * One pool per forwarder, set at start-up or by the local API (SetLocalPool) under the rule
 * fnat_pool_change_check states; one allocator per worker, used by that worker only, which
 * keeps its own count of the addresses it serves (n_addrs) so that a pool growing under it
 * never indexes past its memory (it catches up in fnat_ports_grow). A port is taken for one connection at a time per local
 * address, whatever the NF (simpler than DPVS's reuse per NF address and port, and the same
 * capacity per NF when there is one NF: (port range) / workers connections per local
 * address and worker).
 */
#ifndef HVLB_CORE_FULLNAT_H
#define HVLB_CORE_FULLNAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "types.h"

#define FNAT_MAX_LADDRS 16       /* local addresses in a pool (v4 and v6 together) */
#define FNAT_PORT_MIN_DEFAULT 1024
#define FNAT_PORT_MAX_DEFAULT 65535

/* The forwarder's pool. */
struct fnat_pool {
	uint16_t n_addrs;
	uint16_t port_min;   /* host order, inclusive */
	uint16_t port_max;   /* host order, inclusive */
	uint16_t pad;
	union hvlb_addr addrs[FNAT_MAX_LADDRS];
	uint8_t af[FNAT_MAX_LADDRS];
};

/* Check a pool: 0, or -1 with *err naming what is wrong (no addresses with a range, a range
 * out of order or below 1, a zero address, an address twice). An empty pool is valid (no
 * FullNAT service can open a connection: fullnat_no_port). */
int fnat_pool_check(const struct fnat_pool *p, const char **err);

/* The index of addr in the pool, or -1. */
int fnat_pool_find(const struct fnat_pool *p, const union hvlb_addr *addr);

/* The worker (of n_workers) whose allocator owns local port lport (network order) of
 * address addr: the default owner of that client endpoint (steer_owner). */
uint16_t fnat_port_owner(uint16_t n_workers, const union hvlb_addr *addr, uint16_t lport);

/* One worker's allocator: per local address a stack of its free ports, and a bitmap of the
 * ports it has handed out (so that a port freed twice, or one this worker does not own, is
 * counted and ignored instead of being handed out twice). */
struct fnat_ports {
	const struct fnat_pool *pool;
	uint16_t n_workers;
	uint16_t worker;
	uint16_t next_addr;                 /* round robin over the addresses of a family */
	uint16_t n_addrs;                   /* the pool's addresses this allocator serves */
	uint32_t per_addr;                  /* stack capacity per address */
	uint32_t top[FNAT_MAX_LADDRS];      /* free ports on each address's stack */
	uint32_t owned[FNAT_MAX_LADDRS];    /* ports of the range this worker owns, per address */
	uint16_t *stack;                    /* n_addrs * per_addr, network order */
	uint64_t *used;                     /* n_addrs * 1024 words: bit per port, in use */
	uint64_t bad_put;                   /* frees of a port not in use or not ours */
};

/* Bytes fnat_ports_init needs for pool p (0 for an empty pool). */
size_t fnat_ports_mem_size(const struct fnat_pool *p);

/* Lay worker `worker`'s (of n_workers) allocator out in mem (fnat_ports_mem_size bytes,
 * 8-byte aligned): every port of the range on every address whose owner is this worker is
 * free, the lowest handed out first. p must outlive the allocator. */
void fnat_ports_init(struct fnat_ports *a, void *mem, const struct fnat_pool *p,
		     uint16_t n_workers, uint16_t worker);

/* Lay the allocator out again in mem (fnat_ports_mem_size(p) bytes) for pool p, which has
 * changed: the first `keep` addresses (at most a's n_addrs; each the same address with the
 * same port range as before) keep their free and in-use ports, copied from a's memory; the
 * others start with every port free. The caller frees a's old memory afterwards. */
void fnat_ports_grow(struct fnat_ports *a, void *mem, const struct fnat_pool *p, uint16_t keep);

/* Whether the pool may change from cur to next at run time (SetLocalPool): always when no
 * FullNAT connection holds a port (conns false), else only when every address of cur keeps
 * its index in next and the port range is unchanged (appending addresses), since a
 * connection holds an index into the pool and a port of the range. 0, or -1 with *err naming
 * local_pool.addrs or local_pool.ports. *keep is how many leading addresses are unchanged
 * (their allocators' state carries over). */
int fnat_pool_change_check(const struct fnat_pool *cur, const struct fnat_pool *next, bool conns,
			   uint16_t *keep, const char **err);

/* Take a local address of family af and a port of this worker: 0 with *laddr (pool index)
 * and *lport (network order) set, or -1 when every address of af is out of ports. */
int fnat_port_get(struct fnat_ports *a, uint8_t af, uint8_t *laddr, uint16_t *lport);

/* Give a port back (the connection ended). false (counted in bad_put, nothing changed) when
 * it was not handed out by this allocator. */
bool fnat_port_put(struct fnat_ports *a, uint8_t laddr, uint16_t lport);

/* Mark a port in use without taking it from the top: a connection that already holds it
 * (restored from a saved table). false when it is not this worker's or already in use. */
bool fnat_port_claim(struct fnat_ports *a, uint8_t laddr, uint16_t lport);

/* Free ports of family af left in this allocator, and in use. */
uint32_t fnat_ports_free(const struct fnat_ports *a, uint8_t af);
uint32_t fnat_ports_used(const struct fnat_ports *a);

#endif
