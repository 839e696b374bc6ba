/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The forwarder-wide settings of tunnel mode ([tunnel], docs/forwarder-config.md): read at
 * start (cfgfile_tunnel.c), read-only for the workers afterwards (lcore_env.tunnel).
 */
#ifndef HVLB_TUNNEL_SETTINGS_H
#define HVLB_TUNNEL_SETTINGS_H

#include <stdint.h>

#include "types.h"

struct cfgini;

struct tunnel_settings {
	uint16_t mtu;        /* the path MTU towards the NFs: the longest outer packet */
	uint16_t gue_port;   /* network order: GUE's outer UDP destination port */
	uint32_t icmp_rate;  /* too-big ICMPs a second, forwarder-wide; 0: none sent */
	union hvlb_addr source4; /* outer source for IPv4 NFs; zero: the egress port's address */
	union hvlb_addr source6; /* the same for IPv6 NFs */
};

/* Outer sources a worker found, by NF: the route lookup and the scan of the local addresses
 * are done once per NF and snapshot, not per packet. Direct-mapped, TUNNEL_SRC_CACHE entries
 * (a power of two); an entry holds while the snapshot it was found in is the worker's. */
#define TUNNEL_SRC_CACHE 64

struct tunnel_src_ent {
	uint64_t version;        /* the snapshot's */
	union hvlb_addr nf;      /* zero: empty (no NF has the zero address) */
	union hvlb_addr src;
};

/* A worker's own tunnel state (struct worker.tunnel). */
struct tunnel_worker {
	uint64_t icmp_tat;       /* the too-big ICMPs' bucket (rate.h) */
	uint16_t frag_id;        /* the next fragmentable outer packet's identification */
	struct tunnel_src_ent src[TUNNEL_SRC_CACHE];
};

/* Read [tunnel] (every key optional) into *t. 0, or -1 after logging the key at fault. */
int cfgfile_load_tunnel(const struct cfgini *cfg, struct tunnel_settings *t);

#endif
