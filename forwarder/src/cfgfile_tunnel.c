/* SPDX-License-Identifier: BSD-3-Clause */
/* The [tunnel] section of the start-up file (tunnel_settings.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_byteorder.h>
#include <rte_cfgfile.h>
#include <rte_log.h>

#include "cfgstore.h"
#include "rewrite_tunnel.h"
#include "tunnel_settings.h"

#define LOG(...) RTE_LOG(ERR, USER1, __VA_ARGS__)

static int
tunnel_u32(struct rte_cfgfile *cfg, const char *key, uint32_t def, uint32_t lo, uint32_t hi,
	   uint32_t *out)
{
	const char *v = rte_cfgfile_get_entry(cfg, "tunnel", key);
	char *end;
	unsigned long n;

	*out = def;
	if (v == NULL)
		return 0;
	errno = 0;
	n = strtoul(v, &end, 10);
	if (errno != 0 || *end != '\0' || end == v || n < lo || n > hi) {
		LOG("config [tunnel] %s: '%s' is not a number from %u to %u\n", key, v, lo, hi);
		return -1;
	}
	*out = (uint32_t)n;
	return 0;
}

static int
tunnel_source(struct rte_cfgfile *cfg, const char *key, uint8_t want, union hvlb_addr *out)
{
	const char *v = rte_cfgfile_get_entry(cfg, "tunnel", key);
	uint8_t af;

	memset(out, 0, sizeof(*out));
	if (v == NULL)
		return 0;
	if (cfg_parse_addr(v, out, &af) != 0 || af != want) {
		LOG("config [tunnel] %s: '%s' is not an IPv%u address\n", key, v, want);
		return -1;
	}
	return 0;
}

int
cfgfile_load_tunnel(struct rte_cfgfile *cfg, struct tunnel_settings *t)
{
	uint32_t mtu, port, rate;

	if (tunnel_u32(cfg, "mtu", TUNNEL_MTU_DEFAULT, TUNNEL_MTU_MIN, TUNNEL_MTU_MAX, &mtu) != 0 ||
	    tunnel_u32(cfg, "gue_port", TUNNEL_GUE_PORT_DEFAULT, 1, 65535, &port) != 0 ||
	    tunnel_u32(cfg, "icmp_rate", TUNNEL_ICMP_RATE_DEFAULT, 0, 1000000, &rate) != 0 ||
	    tunnel_source(cfg, "source4", HVLB_AF_INET, &t->source4) != 0 ||
	    tunnel_source(cfg, "source6", HVLB_AF_INET6, &t->source6) != 0)
		return -1;
	t->mtu = (uint16_t)mtu;
	t->gue_port = rte_cpu_to_be_16((uint16_t)port);
	t->icmp_rate = rate;
	return 0;
}
