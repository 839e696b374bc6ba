/* SPDX-License-Identifier: BSD-3-Clause */
/* The start-up configuration file (docs/forwarder-config.md), in cfgini.h's syntax. */
#ifndef HVLB_CFGFILE_H
#define HVLB_CFGFILE_H

#include <stdbool.h>
#include <stdio.h>
#include <stdint.h>

#include "cfgini.h"
#include "cfgstore.h"
#include "fullnat.h"
#include "fwd_limits.h"
#include "neigh.h"
#include "port.h"
#include "rssa.h"
#include "tunnel_settings.h"

/* The keys a section may have are listed once, next to the code that reads them, as
 * X(set, name) lists expanded twice: CFGFILE_KEY_CONST defines each key's name as
 * set_key_name, the only spelling the reader uses, and CFGFILE_KEY_NAME lists them for
 * cfgfile_check_keys. A key read and not listed does not compile; a key listed and never read
 * is an unused constant, which the build (-Werror) refuses too. */
#define CFGFILE_KEY_CONST(set, k) static const char set##_key_##k[] = #k;
#define CFGFILE_KEY_NAME(set, k) #k,

/* A list of keys of a section kind (cfgfile_schema.c): prefix + each of names (NULL-ended),
 * or, names NULL, any key that begins with prefix and goes on (rs.1, peer.2). */
struct cfgfile_keys {
	const char *prefix;
	const char *const *names;
};

/* The lists, NULL-ended, each defined by the file that reads them. */
extern const char *const cfgfile_fwd_keys[];     /* [forwarder], cfgfile.c */
extern const char *const cfgfile_port_keys[];    /* [portN], cfgfile_port.c */
extern const char *const cfgfile_route_keys[];   /* [route.*], cfgfile.c */
extern const char *const cfgfile_neigh_keys[];   /* [neigh.*] */
extern const char *const cfgfile_vs_keys[];      /* [vs.*], besides timeout_* and rs.* */
extern const char *const cfgfile_timeout_keys[]; /* [timeouts], and timeout_* of [vs.*] */
extern const char *const cfgfile_sync_keys[];    /* [sync], besides peer.* */
extern const char *const cfgfile_tunnel_keys[];  /* [tunnel], cfgfile_tunnel.c */
extern const char *const cfgfile_pool_keys[];    /* [local_pool], cfgfile_fullnat.c */

/* Every section and key of ini is one the file may have: 0, or -1 after logging each that is
 * not ("path:line: [sect] key: unknown key (did you mean ...?)"). In cfgfile_schema.c. */
int cfgfile_check_keys(const struct cfgini *ini);

/* The hash the connection tables file keys by (conn.h conn_set_hash): the NIC's Toeplitz where
 * every port gives it (auto), always the flow hash, or always Toeplitz (in software where a
 * port gives none). */
enum conn_hash_setting {
	CONN_HASH_AUTO = 0,
	CONN_HASH_FLOW,
	CONN_HASH_TOEPLITZ,
};

/* What the file says about the process itself and its ports. */
struct fwd_settings {
	uint32_t conn_max;
	uint32_t idle_sleep_max_us;
	uint32_t idle_sleep_wake_max_us; /* the ceiling where a frame or a handoff ends a sleep */
	uint8_t idle_wake_rx;   /* idle_wake = rx (1) | sleep (0) */
	uint8_t kernel_fast_path; /* AF_XDP ports' established frames rewritten in the kernel */
	uint32_t worker_slice_us; /* workers' scheduling slice (idle.h idle_set_slice); 0: the kernel's */
	uint8_t conn_hash;      /* enum conn_hash_setting: conn_hash = auto | flow | toeplitz */
	uint8_t frag_forward;   /* fragments = forward (1) | drop (0) */
	uint32_t neigh_retry_ms;
	uint32_t neigh_first_retry_ms;
	uint32_t mbufs;         /* 0: sized from the ports' rings (fwd.c plan_pools) */
	uint16_t dispatch;      /* software dispatch stages, on the first worker lcores */
	char state_dir[192];    /* where state that survives a restart lives; "" = none */
	struct rssa_settings rssa;
	struct tunnel_settings tunnel; /* [tunnel] */
	uint16_t n_ports;
	struct port_settings port[FWD_MAX_PORTS];
	struct fnat_pool local_pool; /* FullNAT's ([local_pool]) */
};

/* What the sections after the ports are applied to. */
struct cfgfile_target {
	struct cfgstore *st;
	struct neigh_table *neigh;   /* static neighbours; NULL: checked only (cfgfile_check) */
	uint16_t n_ports;
	bool neigh_only;             /* the store was restored (persist.h): static neighbours only */
};

/* Key of sect as a number from 0 to UINT32_MAX (any base strtoul takes) into *out, def when
 * absent: 0, or -1 after logging the key. In cfgfile.c, for the split files too. */
int cfgfile_get_u32(const struct cfgini *cfg, const char *sect, const char *key, uint32_t def,
		    uint32_t *out);

/* The [portN] sections, numbered from 0 without a gap, into s->port and s->n_ports (their
 * addresses are cfgfile_apply_ports'), in cfgfile_port.c. 0, or -1 after logging the key. */
int cfgfile_load_ports(const struct cfgini *cfg, struct fwd_settings *s);

/* Each [portN]'s addr list (comma-separated) added to t's store for port N, in
 * cfgfile_port.c. 0, or -1 after logging the address at fault. */
int cfgfile_apply_ports(const struct cfgini *cfg, const struct cfgfile_target *t);

/* FullNAT's local pool: [local_pool] addrs, ports (or [forwarder] local_pool_addrs,
 * local_pool_ports), in cfgfile_fullnat.c. 0, or -1 after logging the key at fault. */
int cfgfile_load_local_pool(const struct cfgini *cfg, struct fnat_pool *p);

/* A [vs.*] section's client_addr value v = off | on (FullNAT's TOA; NULL: not given), in
 * cfgfile_fullnat.c: 0, or -1 with err set. */
/* A [vs.*] section's plain settings (core/vs_settings.h), each the key of its name, bounded and
 * checked against the rest of the section (protocol, family, mode, scheduler, hash; hash < 0:
 * the default) as the local API checks them; an error names the key and its line.
 * (cfgfile_settings.c) */
struct vs_settings;
int cfgfile_vs_settings(const struct cfgini *cfg, const char *sect, uint8_t proto, uint8_t af,
			int mode, int sched, int hash, struct vs_settings *set);
int cfgfile_vs_client_addr(const char *v, struct cfgstore *st, struct cfg_vs *vs, char *err);

/* Load path, check its sections and keys (cfgfile_check_keys); fill *s. Returns the parsed file
 * (for cfgfile_apply, then cfgini_free) or NULL after logging why. */
struct cfgini *cfgfile_load(const char *path, struct fwd_settings *s);

/* Apply addresses, routes, static neighbours, services and timeouts to t (ports already
 * set up). 0, or -1 after logging the section and key at fault. */
int cfgfile_apply(const struct cfgini *cfg, const struct cfgfile_target *t);

/* hvlb-forwarder --check-config: load path and apply it to a store of its own, as a start
 * would, then print to out what the forwarder understood, defaults filled in, as a start-up
 * file. Needs no EAL, port or privilege. 0, or -1 after logging what is wrong (every unknown
 * section and key, else the first bad value). */
int cfgfile_check(const char *path, FILE *out);

/* Apply the [timeouts] section alone to st (a reload). 0, or -1 after logging the key. */
int cfgfile_apply_timeouts(const struct cfgini *cfg, struct cfgstore *st);

#endif
