/* SPDX-License-Identifier: BSD-3-Clause */
/* The start-up configuration file (docs/forwarder-config.md), read with rte_cfgfile. */
#ifndef HVLB_CONFIG_H
#define HVLB_CONFIG_H

#include <stdint.h>

#include "fwd.h"
#include "steer_ctl.h"

struct rte_cfgfile;

#define CONFIG_MAX_MAC_SET FWD_MAX_PORTS

/* What the file says about the process itself and its ports. */
struct fwd_settings {
	uint32_t conn_max;
	uint32_t idle_sleep_max_us;
	uint32_t neigh_retry_ms;
	uint32_t mbufs;
	uint16_t dispatch;      /* software dispatch stages, on the first worker lcores */
	struct rssa_settings rssa;
	uint16_t n_ports;
	struct {
		char dev[64];     /* empty: DPDK port id = index */
		int has_mac;
		struct rte_ether_addr mac;
	} port[FWD_MAX_PORTS];
};

/* Load path; fill *s. Returns the parsed file (for config_apply) or NULL after logging why. */
struct rte_cfgfile *config_load(const char *path, struct fwd_settings *s);

/* Apply addresses, routes, static neighbours, services and timeouts to f (ports already
 * set up). 0, or -1 after logging the section and key at fault. */
int config_apply(struct rte_cfgfile *cfg, struct fwd *f);

#endif
