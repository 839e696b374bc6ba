/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The immutable configuration snapshot every lcore reads, and its publication. The control
 * thread builds a new snapshot from the configuration store for every change (snap_build) and
 * swaps the pointer (snap_publish); workers and dispatch stages load the current one at the
 * top of each loop iteration, which is also their RCU quiescent point, so the old snapshot is
 * freed once every reader has passed one.
 */
#ifndef HVLB_SNAPSHOT_H
#define HVLB_SNAPSHOT_H

#include <stdint.h>

#include <rte_byteorder.h>
#include <rte_lpm.h>
#include <rte_lpm6.h>
#include <rte_rcu_qsbr.h>

#include "cfgstore.h"
#include "conn.h"
#include "fwd_limits.h"
#include "vs.h"


/* Where a route sends packets. */
struct nexthop {
	union hvlb_addr gw; /* the neighbour to resolve; unused when connected */
	uint16_t port;
	uint8_t af;
	uint8_t connected;  /* 1: the destination itself is the neighbour */
};

struct snap_routes; /* snapshot.c: the route tables, shared by snapshots of the same routes */

struct fwd_snapshot {
	uint64_t version;
	struct vs_table *vst;
	struct rte_lpm *lpm4;     /* rt's, copied here for the lookups */
	struct rte_lpm6 *lpm6;
	struct snap_routes *rt;
	uint32_t n_nh;
	struct nexthop nh[FWD_MAX_ROUTES];
	uint32_t n_local;
	struct local_addr local[FWD_MAX_LOCAL];
	struct conn_timeouts timeouts; /* the global ones: to_sets[0] */
	/* Every timeout set in force (conn.h CONN_TO_SETS): a service's own values, the global
	 * ones where it has none; the sets no service holds are the global ones. */
	struct conn_timeouts to_sets[CONN_TO_SETS];
	uint32_t shortest_live_s; /* the shortest udp or tcp_established of any set (sync's
				     refresh period follows it) */
	/* Some service has a SYN proxy: a TCP miss that is no SYN may carry a cookie, so it
	 * finds its service before it is dropped. */
	uint8_t synproxy_any;
	/* RS_MAX_SLOTS + 1, by RS slot: a connection whose rs_gen differs is over. 0: its RS is
	 * gone for good (dropped, rs_removed); its rs_gen + RS_GEN_DOWN: its RS is down or removed
	 * softly in a service that reschedules (vs.h vs_down_conns); else the slot was reused. */
	const uint32_t *rs_gen;
	struct vxlan_tenants tenants; /* the VNIs services have (core/vxlan.h) */
};

/* The published snapshot. Only the control thread writes it. */
struct snap_pub {
	struct fwd_snapshot *cur; /* read with snap_current */
	struct rte_rcu_qsbr *rcu; /* every lcore that reads snapshots is a reader of it */
	int socket;               /* where snapshots are built */
};

/* Build an immutable snapshot of the store (VS table, LPM tables, next hops, own addresses,
 * timeouts) on socket. NULL with err (CFG_ERR_LEN) set on failure. */
struct fwd_snapshot *snap_build(const struct cfgstore *st, int socket, char *err);

/* The same, sharing with prev (the snapshot it will replace, or NULL) the selection tables of
 * the services that did not change (vs_table_rebuild). */
struct fwd_snapshot *snap_rebuild(const struct cfgstore *st, const struct fwd_snapshot *prev,
				  int socket, char *err);
void snap_free(struct fwd_snapshot *s);

/* Build a snapshot of st and make it the current one; the old one is freed once every reader
 * has passed a quiescent point (this waits for that). 0, or -EINVAL with err set. */
int snap_publish(struct snap_pub *p, const struct cfgstore *st, char *err);

/* The current snapshot, for a reader between two of its quiescent points. */
static inline const struct fwd_snapshot *
snap_current(const struct snap_pub *p)
{
	return __atomic_load_n(&p->cur, __ATOMIC_ACQUIRE);
}

/* Whether addr is one of the forwarder's own addresses; returns its index or -1. */
/* The next hop of the route to dst (family af), or NULL when no route covers it. Inline: every
 * forwarded packet whose next hop is not already known asks it. */
static inline const struct nexthop *
snap_route(const struct fwd_snapshot *s, uint8_t af, const union hvlb_addr *dst)
{
	uint32_t i;
	int rc = af == HVLB_AF_INET ? rte_lpm_lookup(s->lpm4, rte_be_to_cpu_32(dst->w[0]), &i)
				    : rte_lpm6_lookup(s->lpm6, dst->b, &i);

	return rc == 0 && i < s->n_nh ? &s->nh[i] : NULL;
}

static inline int
snap_local_find(const struct fwd_snapshot *s, const union hvlb_addr *addr)
{
	for (uint32_t i = 0; i < s->n_local; i++)
		if (hvlb_addr_eq(&s->local[i].addr, addr))
			return (int)i;
	return -1;
}

#endif
