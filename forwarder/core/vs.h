/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Virtual services (VS) and their real services (RS), as one immutable table. The control
 * thread builds a new table for every change from a list of vs_config (vs_table_build) and
 * publishes it by pointer swap; workers only read it. A VS is found by its key,
 * hash(protocol, vip, vport), with vport 0 meaning every port.
 */
#ifndef HVLB_CORE_VS_H
#define HVLB_CORE_VS_H

#include <stdint.h>

#include "hash.h"
#include "types.h"
#include "vs_settings.h"

enum vs_mode {
	VS_MODE_NAT = 0, /* DNAT to the NF, reverse on the way back (the paper's mode) */
	VS_MODE_DR = 1,  /* MAC rewrite only; the NF holds the VIP and answers directly */
	VS_MODE_TUNNEL = 2, /* the packet inside an outer header to the NF (vs_config.encap,
			       rewrite_tunnel.h), which holds the VIP and answers directly */
	VS_MODE_FULLNAT = 3, /* source to a local address and port too, so the NF answers the
				forwarder with no route to the client (core/fullnat.h) */
	VS_MODE_VXLAN = 4, /* a tenant's VXLAN overlay (docs/mode-vxlan.md): the inner packet
			      goes unchanged to the NF's VTEP, its replies back to the client's */
	VS_MODE_MAX
};

/* Whether mode is one of enum vs_mode. */
static inline bool
vs_mode_valid(unsigned mode)
{
	return mode < VS_MODE_MAX;
}

enum sched_kind {
	HVLB_SCHED_MAGLEV = 0, /* weighted Maglev (default) */
	HVLB_SCHED_RANDOM,     /* random draw over proportion ranges (the paper) */
	HVLB_SCHED_RR,         /* round robin over usable RSs */
	HVLB_SCHED_WRR,        /* smooth weighted round robin */
	HVLB_SCHED_SH,         /* source-address hash (weighted Maglev table keyed by source) */
	HVLB_SCHED_LC,         /* least connections (per worker), weighted */
	HVLB_SCHED_MAX,
	/* Not a scheduler of its own: struct vs.pick of a service whose new flows the caller
	 * places by their payload (hash = sip_call_id, over the Maglev table). */
	HVLB_SCHED_PAYLOAD = HVLB_SCHED_MAX
};

/* What becomes of the connections of an RS that goes down (health 0) or is removed softly. */
enum vs_down_conns {
	VS_DOWN_KEEP = 0,       /* they go on to it until they end (the TCP default) */
	VS_DOWN_RESCHEDULE = 1, /* each one's next client packet opens a new connection to a
				   usable RS; the RS's own packets of it are dropped (the UDP
				   default) */
	VS_DOWN_MAX
};

/* What a VS schedules new connections over when none of its RSs is both up and weighted. */
enum vs_all_down {
	VS_ALL_DOWN_DROP = 0,      /* nothing: they are dropped (no_rs) */
	VS_ALL_DOWN_KEEP_LAST = 1, /* every weighted RS, as if up: a false all-down verdict (the
				      checks' own path broken) does not black-hole the VIP */
	VS_ALL_DOWN_MAX
};

/* A NAT TCP service's SYN proxy (core/synproxy.h, docs/synproxy.md). */
enum vs_synproxy {
	VS_SYNPROXY_OFF = 0,  /* every SYN opens a connection entry (the default) */
	VS_SYNPROXY_ON = 1,   /* every SYN is answered with a cookie; entries only from valid ACKs */
	VS_SYNPROXY_AUTO = 2, /* on while the service's embryonic connections on a worker pass its
				 synproxy_threshold, off again below half of it */
	VS_SYNPROXY_MAX
};

/* What a service's new flows are scheduled by (docs/scheduling.md, "SIP call affinity"). */
enum vs_hash {
	VS_HASH_5TUPLE = 0,      /* the flow's 5-tuple (the default) */
	VS_HASH_SIP_CALL_ID = 1, /* a SIP message's Call-ID (core/sip.h): nat udp, maglev or sh;
				    a message without one falls back to the 5-tuple */
	VS_HASH_MAX
};

/* synproxy_threshold when none is given (0). */
#define VS_SYNPROXY_THRESHOLD_DEFAULT 1000u

#define VS_MAX_RS 1024        /* real services per virtual service */
#define VS_MAX_SLOTS 4096     /* virtual services per forwarder (stable counter ids) */
#define RS_MAX_SLOTS 65535    /* real services per forwarder (stable counter ids) */
/* The largest weight an RS may be given: the local API's and the configuration file's limit,
 * as the controller's (internal/model.MaxWeight). */
#define RS_WEIGHT_MAX 1000000u
#define WRR_SEQ_MAX 4096      /* longest smooth-WRR sequence kept (weights scaled to fit) */
/* RS generations (rs_config.gen) stay below this bit: the snapshot's table of generations adds
 * it to an RS whose connections are to be rescheduled (snapshot.h), so that the one compare a
 * packet of a live connection makes covers that case too. */
#define RS_GEN_DOWN 0x80000000u

/* Configuration of one RS, as the control API gives it. */
struct rs_config {
	union hvlb_addr addr;
	uint16_t port;    /* network order; 0: keep the client's destination port */
	uint16_t slot;    /* stable id (counters), assigned by the control thread */
	uint32_t weight;  /* forwarding proportion λ, any scale; 0 drains */
	uint8_t health;   /* 1 up, 0 down (no new connections) */
	uint8_t af;
	uint16_t pad;
	uint32_t gen;     /* bumped by a hard remove so existing connections die */
	uint32_t conn_limit; /* connections at most (in the table, any state), forwarder-wide;
				0: no limit (rate.h: each worker enforces its share) */
};

/* Configuration of one VS. */
struct vs_config {
	union hvlb_addr vip;
	uint16_t vport;   /* network order; 0: every port */
	uint8_t proto;    /* HVLB_PROTO_TCP, HVLB_PROTO_UDP or HVLB_PROTO_SCTP */
	uint8_t af;
	uint8_t mode;     /* enum vs_mode */
	uint8_t sched;    /* enum sched_kind */
	uint8_t all_down; /* enum vs_all_down */
	uint8_t retired;  /* removed, its connections remain: only its VIP is kept (vs_is_vip),
			     vs_lookup does not find it */
	uint16_t slot;    /* stable id (counters), assigned by the control thread */
	uint16_t n_rs;
	struct vs_settings set; /* the plain settings (vs_settings.h) */
	uint8_t to_set;     /* the timeout set of its connections (conn.h CONN_TO_SETS) */
	uint8_t synproxy;   /* enum vs_synproxy; not off only for a NAT TCP service */
	uint32_t synproxy_threshold; /* embryonic connections per worker (auto); 0: the default */
	uint16_t tenant;    /* VXLAN tenant index (core/vxlan.h) of its VNI; 0: no overlay */
	uint8_t priority;   /* RSS-A class; a vxlan service's places its new connections */
	uint8_t client_addr; /* FullNAT: the client's address to the NF (toa.h: tcp TOA, udp
				trailer) */
	uint8_t encap;      /* rewrite_tunnel.h enum tunnel_encap: not NONE exactly in tunnel mode */
	uint8_t hash;       /* enum vs_hash */
	const struct rs_config *rs;
};

/* A VS as workers see it. The RS array keeps every configured RS (down or drained ones too,
 * so return traffic of their connections still maps), and the selection structures only hold
 * usable ones (health 1, weight > 0). */
struct vs {
	uint32_t key;
	uint16_t slot;
	uint16_t n_rs;
	union hvlb_addr vip;
	uint16_t vport;
	uint8_t proto;
	uint8_t af;
	uint8_t mode;
	uint8_t sched;
	/* What sched_pick does: sched, or HVLB_SCHED_PAYLOAD for a sip_call_id service (the
	 * caller picks by the message's Call-ID), so that conn_new tests for it only where a
	 * pick failed, off every other service's path. */
	uint8_t pick;
	/* Whether the forward pass may open its connections in line (worker_fwd_open.h): NAT
	 * or DR, IPv4, TCP or UDP, Maglev with a usable real, no SYN proxy and no rate limit.
	 * A setting that acts on a new connection must clear it (vs_build_one). */
	uint8_t open_fast;
	uint16_t n_usable;       /* RSs with health 1 and weight > 0 (or weight > 0 alone while
				    all_down keep_last is in force: vs_config_all_down) */
	struct vs_settings set;  /* vs_config.set */
	uint8_t to_set;          /* vs_config.to_set */
	uint8_t synproxy;        /* vs_config.synproxy */
	uint32_t synproxy_threshold; /* vs_config.synproxy_threshold, the default put in for 0 */
	uint16_t tenant;         /* vs_config.tenant: part of its identity with proto, vip, vport */
	uint8_t priority;        /* vs_config.priority */
	uint8_t client_addr;     /* vs_config.client_addr */
	uint8_t encap;           /* vs_config.encap */
	uint8_t hash;            /* vs_config.hash */
	struct rs_config *rs;    /* n_rs entries */
	uint16_t *usable;        /* n_usable indexes into rs[] (rr, lc) */
	uint16_t *maglev;        /* MAGLEV_TABLE_SIZE indexes into rs[] (maglev, sh) */
	uint32_t *cum_weight;    /* n_usable cumulative weights (random) */
	uint64_t weight_total;   /* sum of usable weights */
	uint16_t *wrr_seq;       /* wrr_len indexes into rs[] (wrr) */
	uint32_t wrr_len;
};

struct vs_table; /* opaque, immutable once built */

/* The VIP addresses of a table: an open-addressing set probed linearly from addr_hash, the
 * all-zero address marking empty slots (a zero VIP is rejected). It heads every vs_table (in
 * its struct vs_head), so that vs_is_vip, asked once per packet, inlines. */
struct vs_vip_set {
	uint32_t mask;          /* slots - 1 */
	union hvlb_addr *vips;  /* mask + 1 slots */
};

/* The head of every vs_table (the rest is vs.c's): its VIPs, and its VSs in open addressing
 * probed linearly from vs_key, proto 0 marking an empty slot (load <= 50 %: an empty slot
 * ends every search). In the header so that the lookups a new connection makes inline. */
struct vs_head {
	struct vs_vip_set vip;
	uint32_t mask;          /* VS slots - 1 */
	struct vs *slots;       /* mask + 1 entries */
};

/* The VS key: a hash of (protocol, vip, vport), 19 bytes: proto (1), vip (16, union hvlb_addr
 * as stored), vport (2, network order as stored). tests/model/hvlb_model.py:vs_key is the
 * same. */
static inline uint32_t
vs_key(uint8_t proto, const union hvlb_addr *vip, uint16_t vport)
{
	return proto_addr_port_hash(proto, vip, vport);
}

/* Build a table from n configs (validated: protocol, mode, scheduler, families match, at most
 * VS_MAX_RS RSs, no duplicate (proto, vip, vport)). Allocates with malloc; returns NULL and
 * sets *err to a message naming the field at fault. */
struct vs_table *vs_table_build(const struct vs_config *cfg, unsigned n, const char **err);

/* The same, sharing with prev (the table it replaces; NULL: none) the selection tables of
 * every VS whose scheduler and usable RSs did not change, so that a change to one service
 * rebuilds that one only. prev must stay alive until the new table is built; either may then
 * be freed first. */
struct vs_table *vs_table_rebuild(const struct vs_config *cfg, unsigned n,
				  const struct vs_table *prev, const char **err);

/* How many of t's VSs had their selection tables built rather than shared with prev. */
unsigned vs_table_built(const struct vs_table *t);

/* Whether none of c's RSs is both up and weighted while one is weighted: then VS_ALL_DOWN_KEEP_LAST
 * schedules over the weighted ones as if they were up. */
bool vs_config_all_down(const struct vs_config *c);

/* Free a table built by vs_table_build (after every reader is done with it). */
void vs_table_free(struct vs_table *t);

/* The VS of (tenant, proto, vip, vport) whose key is key; NULL if none. */
static inline __attribute__((always_inline)) const struct vs *
vs_find(const struct vs_table *t, uint32_t key, uint16_t tenant, uint8_t proto,
	const union hvlb_addr *vip, uint16_t vport)
{
	const struct vs_head *h = (const struct vs_head *)t;

	for (uint32_t i = key & h->mask;; i = (i + 1) & h->mask) {
		const struct vs *v = &h->slots[i];

		if (v->proto == 0)
			return NULL;
		if (v->key == key && v->proto == proto && v->vport == vport &&
		    v->tenant == tenant && hvlb_addr_eq(&v->vip, vip))
			return v;
	}
}

/* The VS for a packet to vip:vport within a VXLAN tenant (0: outside any overlay), trying the
 * exact port first, then vport 0. NULL if none. The same VIP may serve two tenants: the key
 * does not hash the tenant, the compare checks it. Always in line: a new connection asks it,
 * and GCC called it (and vs_find) out of line from the burst loop once a new connection was
 * classified ahead of the forward pass (worker_fwd.c classify_ahead: +10 instructions). */
static inline __attribute__((always_inline)) const struct vs *
vs_lookup_tenant(const struct vs_table *t, uint16_t tenant, uint8_t proto,
		 const union hvlb_addr *vip, uint16_t vport)
{
	const struct vs *v = vs_find(t, vs_key(proto, vip, vport), tenant, proto, vip, vport);

	if (v == NULL && vport != 0)
		v = vs_find(t, vs_key(proto, vip, 0), tenant, proto, vip, 0);
	return v;
}

/* The same outside the overlay. */
const struct vs *vs_lookup(const struct vs_table *t, uint8_t proto, const union hvlb_addr *vip,
			   uint16_t vport);

/* Whether addr is the VIP of any VS outside the overlay (for ARP/ND and ICMP echo answers; a
 * tenant's VIPs live in its overlay only). */
static inline bool
vs_is_vip(const struct vs_table *t, const union hvlb_addr *addr)
{
	const struct vs_vip_set *s = (const struct vs_vip_set *)t;

	if (hvlb_unlikely(addr->q[0] == 0 && addr->q[1] == 0))
		return false;
	for (uint32_t i = addr_hash(addr) & s->mask;; i = (i + 1) & s->mask) {
		const union hvlb_addr *v = &s->vips[i];

		if (hvlb_addr_eq(v, addr))
			return true;
		if (v->q[0] == 0 && v->q[1] == 0)
			return false;
	}
}

/* Iterate: the i-th VS (0 <= i < vs_table_count); retired ones are not in the count. */
unsigned vs_table_count(const struct vs_table *t);
const struct vs *vs_table_at(const struct vs_table *t, unsigned i);

#endif
