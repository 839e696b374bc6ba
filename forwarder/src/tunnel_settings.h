/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The forwarder-wide settings of tunnel mode ([tunnel], docs/forwarder-config.md): read at
 * start (cfgfile_tunnel.c), read-only for the workers afterwards (lcore_env.tunnel).
 */
#ifndef HVLB_TUNNEL_SETTINGS_H
#define HVLB_TUNNEL_SETTINGS_H

#include <stdint.h>

#include "types.h"

struct rte_cfgfile;

struct tunnel_settings {
	uint16_t mtu;        /* the path MTU towards the NFs: the longest outer packet */
	uint16_t gue_port;   /* network order: GUE's outer UDP destination port */
	uint32_t icmp_rate;  /* too-big ICMPs a second, forwarder-wide; 0: none sent */
	union hvlb_addr source4; /* outer source for IPv4 NFs; zero: the egress port's address */
	union hvlb_addr source6; /* the same for IPv6 NFs */
};

/* Read [tunnel] (every key optional) into *t. 0, or -1 after logging the key at fault. */
int cfgfile_load_tunnel(struct rte_cfgfile *cfg, struct tunnel_settings *t);

#endif
