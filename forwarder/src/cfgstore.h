/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The forwarder's desired configuration, owned by the control thread: virtual and real
 * services, routes, own addresses, timeouts. Every change goes through these functions, which
 * validate it (errors name the field), and is made visible to workers by snap_publish()
 * (snapshot.h), which builds an immutable snapshot from the store.
 */
#ifndef HVLB_CFGSTORE_H
#define HVLB_CFGSTORE_H

#include <stddef.h>
#include <stdint.h>

#include "conn.h"
#include "fwd_limits.h"
#include "types.h"
#include "vs.h"
#include "vs_settings.h"
#include "vxlan.h"

#define CFG_ERR_LEN 160
#define CFG_MAX_PRIORITY 7 /* RSS-A priority classes: 0 (normal) .. 7 */
#define CFG_SYNC_PEERS 16  /* connection-sync peers at most */
#define CFG_SYNC_KEY_MAX 64

/* An address of the forwarder itself. */
struct local_addr {
	union hvlb_addr addr;
	uint8_t af;
	uint8_t plen;
	uint16_t port;
};

/* A service in the store. Saved as the API's VirtualService message (ctl_state.c), never raw,
 * so its layout is free to change. */
struct cfg_vs {
#ifdef HVLB_TEST_LAYOUT_CHANGE
	/* The test build (meson -Dtest_layout_change=true): every other field moves, as a future
	 * release's might (tests/e2e/test_upgrade_layout.py). */
	uint64_t test_extra;
#endif
	union hvlb_addr vip;
	uint16_t vport;    /* network order */
	uint8_t proto;
	uint8_t af;
	uint8_t mode;
	uint8_t sched;
	uint8_t priority;  /* RSS-A class of its connections: moved last, placed first */
	uint8_t retired;   /* in cfgstore.vs_retired: removed softly, connections remain */
	uint8_t down_conns; /* enum vs_down_conns */
	uint8_t all_down;  /* enum vs_all_down */
	uint16_t tenant;   /* the VNI's tenant index (cfgstore_vxlan.c); 0: none */
	struct vs_settings set; /* the plain settings (core/vs_settings.h) */
	uint8_t synproxy : 4; /* enum vs_synproxy (vs_config) */
	uint8_t client_addr : 2; /* FullNAT: the client's address to the NF (vs_config) */
	uint8_t hash : 2;        /* enum vs_hash (vs_config): what new flows are scheduled by */
	uint32_t vni : 24; /* a vxlan service's VNI, part of its identity; 0: none */
	uint32_t synproxy_threshold; /* vs_config; 0: the default */
	uint16_t slot;
	uint16_t n_rs;
	uint16_t cap_rs;
	uint8_t to_set;    /* its own timeout set in cfgstore.to_sets (conn.h CONN_TO_SETS); 0:
			      the global timeouts only */
	uint8_t encap;     /* rewrite_tunnel.h enum tunnel_encap (vs_config) */
	struct rs_config *rs;
};

struct cfg_route {
	union hvlb_addr prefix;
	union hvlb_addr via;
	uint8_t plen;
	uint8_t af;
	uint8_t has_via;
	uint8_t connected; /* made from a port address; not removable */
	uint16_t port;
};

/* An address and port (network order). */
struct cfg_endpoint {
	union hvlb_addr addr;
	uint16_t port;
	uint8_t af;   /* 0: none */
	uint8_t pad;
};

/* Connection sync between forwarders (docs/sync.md): on when it has peers. Kept with the
 * rest of the store, so a restart with state_dir keeps it. */
#define CFG_SYNC_REPLICAS_MAX 2

struct cfg_sync {
	uint32_t id;                  /* this forwarder's id among its peers, not 0 */
	struct cfg_endpoint listen;   /* the sync socket's address; port 0: any (tests) */
	uint8_t key_len;
	uint8_t key[CFG_SYNC_KEY_MAX]; /* the cluster's HMAC key */
	/* k-way replication (docs/sync.md): backups each connection has besides the forwarder
	 * that carries it, chosen among the live peers by core/hrw.h; 0: every peer holds every
	 * connection (all-to-all). At most CFG_SYNC_REPLICAS_MAX. */
	uint8_t replicas;
	uint16_t n_peers;
	struct cfg_endpoint peers[CFG_SYNC_PEERS];
};

struct cfgstore {
	struct cfg_vs *vs;
	unsigned n_vs;
	unsigned cap_vs;
	/* Services removed softly while they have connections: only their VIPs are published
	 * (still answered, their connections' packets still ours); they keep their VS slot and
	 * their reals' slots and generations until cfg_vs_reclaim. */
	struct cfg_vs *vs_retired;
	unsigned n_vs_retired;
	unsigned cap_vs_retired;
	struct cfg_route routes[FWD_MAX_ROUTES];
	unsigned n_routes;
	struct local_addr local[FWD_MAX_LOCAL];
	unsigned n_local;
	uint16_t n_ports;
	struct conn_timeouts timeouts;
	/* Services' own timeouts, by set (cfg_vs.to_set), as set: a 0 is the global value. Set 0
	 * is never used here (it is the global one); to_set_used marks the sets a service holds. */
	struct conn_timeouts to_sets[CONN_TO_SETS];
	uint8_t to_set_used[CONN_TO_SETS];
	/* By RS slot: 0 free or removed hard; else the generation, with RS_GEN_DOWN added for a
	 * real removed softly from a service that reschedules its connections (the snapshot adds
	 * it for the reals of such a service that are down). */
	uint32_t rs_gen[RS_MAX_SLOTS + 1];
	/* By RS slot: removed softly, connections may remain; the value is the slot + 1 of the
	 * service it was removed from, so that removing that service hard ends them too. */
	uint16_t rs_retired[RS_MAX_SLOTS + 1];
	uint32_t n_retired;
	uint32_t gen_next;
	uint16_t rs_slot_next;
	uint16_t vs_slot_next;
	uint8_t vs_slot_used[VS_MAX_SLOTS];
	uint8_t vs_prio[VS_MAX_SLOTS];  /* by slot: each service's priority (RSS-A reads it) */
	struct cfg_sync sync;
	uint64_t version;  /* bumped by every successful change */
	/* By tenant index (vxlan.h): its VNI, 0 while free. Index 0 is "no overlay". A restart
	 * numbers them anew as it replays the services (ctl_state.c); the saved connections'
	 * indexes are remapped (persist.h persist_remap). */
	uint32_t tenant_vni[VXLAN_MAX_TENANTS + 1];
	/* Told of every slot given to a new real (rs 1; vs_slot its service's) or a new service
	 * (rs 0), as the slot is taken: the forwarder's totals start it from 0 there
	 * (slot_totals.h). NULL: no one asks (a scratch store, --check-config). cfg_init clears
	 * it; persist.c keeps it across its own. */
	void (*slot_born)(void *arg, int rs, uint16_t slot, uint16_t vs_slot);
	void *slot_born_arg;
};

/* A service's reals as they were before a change (cfgstore_backup.c), to put back whole when
 * the change is refused before it was published: their copies, and their slots' generations
 * and retirement. */
struct cfg_rs_backup {
	struct rs_config *rs;
	uint32_t *gen;
	uint16_t *retired;
	uint16_t n_rs;
	uint16_t rs_slot_next;
	uint32_t n_retired;
	uint32_t gen_next;
};
/* 0, or -ENOMEM. */
int cfg_rs_save(const struct cfgstore *st, const struct cfg_vs *vs, struct cfg_rs_backup *b);
/* vs's reals as saved, the slots taken since free again. vs's own settings are the caller's. */
void cfg_rs_restore(struct cfgstore *st, struct cfg_vs *vs, const struct cfg_rs_backup *b);
void cfg_rs_backup_free(struct cfg_rs_backup *b);

/* An RS or VS address as text plus port; parsing helpers for the API and the config file. */
int cfg_parse_addr(const char *s, union hvlb_addr *a, uint8_t *af);
int cfg_parse_prefix(const char *s, union hvlb_addr *a, uint8_t *af, uint8_t *plen);
/* "addr", "addr:port" or "[v6addr]:port" (a bare IPv6 address has no port): port in network
 * order, 0 when none is given. -1 when s is none of these. */
int cfg_parse_endpoint(const char *s, union hvlb_addr *a, uint8_t *af, uint16_t *port);
int cfg_parse_proto(const char *s, uint8_t *proto);
void cfg_format_addr(const union hvlb_addr *a, uint8_t af, char *buf, size_t len);

void cfg_init(struct cfgstore *st, uint16_t n_ports);
/* Free a store (calloc'ed, then cfg_init'ed) and everything it holds. NULL is a no-op. */
void cfg_free(struct cfgstore *st);
/* Free the services and reals a store holds, leaving it with none. */
void cfg_free_contents(struct cfgstore *st);

/* All return 0 or a negative errno (-EINVAL, -ENOENT, -EEXIST, -ENOSPC) with err set to a
 * message naming the field at fault. Ports are network order. */
int cfg_addr_add(struct cfgstore *st, uint16_t port, const char *prefix, char *err);
/* A new service; one retired with the same (proto, vip, vport) is brought back instead: it
 * keeps its VS slot (and counters), takes mode and scheduler, and its reals are removed softly
 * (their connections go on; the caller adds the reals it is to have). */
int cfg_vs_add(struct cfgstore *st, uint8_t proto, const union hvlb_addr *vip, uint8_t af,
	       uint16_t vport, int mode, int sched, char *err);
/* The same for a vxlan service (mode vxlan, vni 1 .. VXLAN_VNI_MAX) or, vni 0, any other: its
 * VNI is part of its identity, so two tenants may have the same (proto, vip, vport). */
int cfg_vs_add_vni(struct cfgstore *st, uint8_t proto, const union hvlb_addr *vip, uint8_t af,
		   uint16_t vport, uint32_t vni, int mode, int sched, char *err);
int cfg_vs_update(struct cfgstore *st, struct cfg_vs *vs, int mode, int sched, char *err);
/* Tunnel mode's encapsulation (cfgstore_tunnel.c): mode (the service's mode after the change)
 * tunnel needs encap ipip or gue, any other none; encap < 0 keeps the service's, or drops it
 * for a mode that is not tunnel. Checks only (a message naming the field in err). */
int cfg_vs_check_encap(const struct cfg_vs *vs, int mode, int encap, char *err);
/* Set it, once checked (encap < 0 as there). */
void cfg_vs_set_encap(struct cfgstore *st, struct cfg_vs *vs, int mode, int encap);
/* down_conns (enum vs_down_conns) and all_down (enum vs_all_down); < 0 leaves one unchanged.
 * A new service has its protocol's down_conns (vs_down_conns_default) and all_down drop. */
int cfg_vs_set_down(struct cfgstore *st, struct cfg_vs *vs, int down_conns, int all_down,
		    char *err);
/* 0 .. CFG_MAX_PRIORITY. Only the control thread reads it: nothing to publish. */
int cfg_vs_set_priority(struct cfgstore *st, struct cfg_vs *vs, uint32_t priority, char *err);
/* The plain settings (core/vs_settings.h), whole, once checked (vs_settings_check); published
 * by the caller like any other change. */
void cfg_vs_set_settings(struct cfgstore *st, struct cfg_vs *vs, const struct vs_settings *s);
/* An RS's connections at most (0: no limit). */

/* Set the SYN proxy (enum vs_synproxy; -1 keeps it) and, when set_threshold, its threshold.
 * Only a nat tcp service can have one: -EINVAL and err naming synproxy otherwise. */
int cfg_vs_set_synproxy(struct cfgstore *st, struct cfg_vs *vs, int synproxy, bool set_threshold,
			uint32_t threshold, char *err);
void cfg_rs_set_conn_limit(struct cfgstore *st, struct rs_config *rs, uint32_t limit);
/* FullNAT's client address option (vs_config.client_addr; -1 keeps it): only a fullnat
 * service has it (tcp: the TOA in the SYN; udp: a trailer; core/toa.h): -EINVAL and err naming
 * client_addr otherwise. */
int cfg_vs_set_client_addr(struct cfgstore *st, struct cfg_vs *vs, int on, char *err);
/* What the service's new flows are scheduled by (enum vs_hash; -1 keeps it), in
 * cfgstore_sip.c; refused but for a nat udp service with the maglev or sh scheduler
 * (cfg_vs_hash_check). */
int cfg_vs_set_hash(struct cfgstore *st, struct cfg_vs *vs, int hash, char *err);
/* Whether a service of mode, proto and sched may have hash: 0, or -EINVAL with the reason in
 * err (naming the field, "hash: ..."). */
int cfg_vs_hash_check(int hash, int mode, uint8_t proto, int sched, char *err);
/* Soft (hard 0): the service is retired (cfgstore.vs_retired); -ENOMEM if it cannot be kept.
 * Hard: it goes now with its RS slots, and workers drop its connections at their next packet;
 * vs may be a retired one. Either way vs points elsewhere afterwards. */
int cfg_vs_remove(struct cfgstore *st, struct cfg_vs *vs, int hard);
/* The service (proto, vip, vport), or NULL; cfg_vs_find_retired: the retired one. */
struct cfg_vs *cfg_vs_find(struct cfgstore *st, uint8_t proto, const union hvlb_addr *vip,
			   uint8_t af, uint16_t vport);
struct cfg_vs *cfg_vs_find_retired(struct cfgstore *st, uint8_t proto, const union hvlb_addr *vip,
				   uint8_t af, uint16_t vport);
/* The same within a VNI (0: no overlay, as cfg_vs_find). */
struct cfg_vs *cfg_vs_find_vni(struct cfgstore *st, uint8_t proto, const union hvlb_addr *vip,
			       uint8_t af, uint16_t vport, uint32_t vni);
struct cfg_vs *cfg_vs_find_retired_vni(struct cfgstore *st, uint8_t proto,
				       const union hvlb_addr *vip, uint8_t af, uint16_t vport,
				       uint32_t vni);
/* The tenant index of vni (cfgstore_vxlan.c): the one it has, or a free one (indexes no
 * service, live or retired, holds any more are freed first). 0 when all are taken. */
uint16_t cfg_tenant_get(struct cfgstore *st, uint32_t vni);
/* -EINVAL with err naming vni (or vip) unless mode, vni and af go together: a vxlan service
 * has a VNI (1 .. VXLAN_VNI_MAX) and an IPv4 VIP, no other service has a VNI. */
int cfg_vni_check(int mode, uint32_t vni, uint8_t af, char *err);
/* The VNIs in use and their tenant indexes, sorted for vxlan_tenant_of. */
void cfg_tenants_of(const struct cfgstore *st, struct vxlan_tenants *t);
int cfg_rs_add(struct cfgstore *st, struct cfg_vs *vs, const union hvlb_addr *addr, uint8_t af,
	       uint16_t port, uint32_t weight, uint8_t health, char *err);
struct rs_config *cfg_rs_find(struct cfg_vs *vs, const union hvlb_addr *addr, uint16_t port);
/* weight / health < 0: unchanged. */
int cfg_rs_update(struct cfgstore *st, struct cfg_vs *vs, struct rs_config *rs, int64_t weight,
		  int health, char *err);
/* hard: existing connections are dropped too (their slot generation is retired). Soft, in a
 * service that reschedules them (down_conns): they are, at their next packet. */
int cfg_rs_remove(struct cfgstore *st, struct cfg_vs *vs, struct rs_config *rs, int hard);
/* A real removed softly from vs in a saved configuration (ctl_state.c): its slot and
 * generation (RS_GEN_DOWN included) held for its connections until cfg_rs_reclaim, as
 * cfg_rs_remove leaves them; the API has no request for it. -EINVAL, or -EEXIST when the slot
 * is taken, with err naming the field. (cfgstore_restore.c) */
int cfg_rs_restore_removed(struct cfgstore *st, const struct cfg_vs *vs, uint32_t slot,
			   uint32_t gen, char *err);
int cfg_route_set(struct cfgstore *st, const char *prefix, const char *via, uint16_t port,
		  char *err);
int cfg_route_del(struct cfgstore *st, const char *prefix, char *err);
/* Replace the whole sync setting with s (all zero: off). Errors name the field ("key: ...",
 * "peers[1]: ..."). */
int cfg_sync_set(struct cfgstore *st, const struct cfg_sync *s, char *err);

/* Values of 0 leave a timeout unchanged. */
int cfg_timeouts_set(struct cfgstore *st, const struct conn_timeouts *to, char *err);
/* A service's own timeouts, replaced whole (0: the global value; all 0: the global ones).
 * cfg_vs_add gives each new service a timeout set while one is free (CONN_TO_SETS - 1 of them),
 * which it keeps until it is forgotten (removed hard or reclaimed), so its connections carry
 * its index from their first packet and a change reaches them at their next. A service made
 * while none was free gets one here when one is (its connections until then keep the global
 * values), -ENOSPC when none is. */
int cfg_vs_set_timeouts(struct cfgstore *st, struct cfg_vs *vs, const struct conn_timeouts *to,
			char *err);
/* What cfg_vs_set_timeouts set for vs (all 0 when nothing). */
void cfg_vs_timeouts(const struct cfgstore *st, const struct cfg_vs *vs,
		     struct conn_timeouts *out);
/* A free timeout set for a service (its values cleared: the global ones), or 0 when all are
 * held (cfgstore_timeouts.c; cfg_vs_add's). */
uint8_t cfg_to_set_alloc(struct cfgstore *st);
/* The timeouts of set `set` in force: its values, the global ones where 0. */
void cfg_timeouts_resolved(const struct cfgstore *st, uint8_t set, struct conn_timeouts *out);

/* Free the slot of a soft-removed RS once it has no connection left (active: the connections
 * of a slot now, summed over workers). Returns how many slots it freed. */
unsigned cfg_rs_reclaim(struct cfgstore *st, uint64_t (*active)(void *arg, uint16_t slot),
			void *arg);
/* Forget the retired services with no connection left (active: the connections of a VS slot
 * now, summed over workers), freeing their VS and RS slots; their VIPs go with the next
 * publication. Returns how many it forgot. */
unsigned cfg_vs_reclaim(struct cfgstore *st, uint64_t (*active)(void *arg, uint16_t slot),
			void *arg);

#endif
