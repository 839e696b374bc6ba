/* SPDX-License-Identifier: BSD-3-Clause */
/* The start-up configuration file (docs/forwarder-config.md), read with rte_cfgfile. */
#ifndef HVLB_CFGFILE_H
#define HVLB_CFGFILE_H

#include <stdbool.h>
#include <stdint.h>

#include "cfgstore.h"
#include "fullnat.h"
#include "fwd_limits.h"
#include "neigh.h"
#include "port.h"
#include "rssa.h"
#include "tunnel_settings.h"

struct rte_cfgfile;

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
	uint8_t idle_wake_rx;   /* idle_wake = rx (1) | sleep (0) */
	uint8_t conn_hash;      /* enum conn_hash_setting: conn_hash = auto | flow | toeplitz */
	uint8_t frag_forward;   /* fragments = forward (1) | drop (0) */
	uint32_t neigh_retry_ms;
	uint32_t neigh_first_retry_ms;
	uint32_t mbufs;
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
	struct neigh_table *neigh;   /* static neighbours */
	uint16_t n_ports;
	bool neigh_only;             /* the store was restored (persist.h): static neighbours only */
};

/* FullNAT's local pool: [local_pool] addrs, ports (or [forwarder] local_pool_addrs,
 * local_pool_ports), in cfgfile_fullnat.c. 0, or -1 after logging the key at fault. */
int cfgfile_load_local_pool(struct rte_cfgfile *cfg, struct fnat_pool *p);

/* A [vs.*] section's client_addr = off | on (FullNAT's TOA), in cfgfile_fullnat.c: 0, or -1
 * with err set. */
int cfgfile_vs_client_addr(struct rte_cfgfile *cfg, struct cfgstore *st, struct cfg_vs *vs,
			   const char *sect, char *err);

/* Load path; fill *s. Returns the parsed file (for cfgfile_apply) or NULL after logging why. */
struct rte_cfgfile *cfgfile_load(const char *path, struct fwd_settings *s);

/* Apply addresses, routes, static neighbours, services and timeouts to t (ports already
 * set up). 0, or -1 after logging the section and key at fault. */
int cfgfile_apply(struct rte_cfgfile *cfg, const struct cfgfile_target *t);

/* Apply the [timeouts] section alone to st (a reload). 0, or -1 after logging the key. */
int cfgfile_apply_timeouts(struct rte_cfgfile *cfg, struct cfgstore *st);

#endif
