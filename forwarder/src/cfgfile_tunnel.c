/* SPDX-License-Identifier: BSD-3-Clause */
/* The [tunnel] section of the start-up file (tunnel_settings.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_byteorder.h>

#include "cfgfile.h"
#include "cfgstore.h"
#include "rewrite_tunnel.h"
#include "tunnel_settings.h"

/* [tunnel]'s keys (cfgfile.h CFGFILE_KEY_CONST): each read below as tun_key_<name>. */
#define TUNNEL_KEYS(X) X(tun, mtu) X(tun, gue_port) X(tun, icmp_rate) X(tun, source4) \
	X(tun, source6)
TUNNEL_KEYS(CFGFILE_KEY_CONST)
const char *const cfgfile_tunnel_keys[] = {TUNNEL_KEYS(CFGFILE_KEY_NAME) NULL};

static int
tunnel_u32(const struct cfgini *cfg, const char *key, uint32_t def, uint32_t lo, uint32_t hi,
	   uint32_t *out)
{
	const char *v = cfgini_get(cfg, "tunnel", key);
	char *end;
	unsigned long n;

	*out = def;
	if (v == NULL)
		return 0;
	errno = 0;
	n = strtoul(v, &end, 10);
	if (errno != 0 || *end != '\0' || end == v || n < lo || n > hi) {
		cfgini_err(cfg, "tunnel", key, "'%s' is not a number from %u to %u", v, lo, hi);
		return -1;
	}
	*out = (uint32_t)n;
	return 0;
}

static int
tunnel_source(const struct cfgini *cfg, const char *key, uint8_t want, union hvlb_addr *out)
{
	const char *v = cfgini_get(cfg, "tunnel", key);
	uint8_t af;

	memset(out, 0, sizeof(*out));
	if (v == NULL)
		return 0;
	if (cfg_parse_addr(v, out, &af) != 0 || af != want) {
		cfgini_err(cfg, "tunnel", key, "'%s' is not an IPv%u address", v, want);
		return -1;
	}
	return 0;
}

int
cfgfile_load_tunnel(const struct cfgini *cfg, struct tunnel_settings *t)
{
	uint32_t mtu, port, rate;

	if (tunnel_u32(cfg, tun_key_mtu, TUNNEL_MTU_DEFAULT, TUNNEL_MTU_MIN, TUNNEL_MTU_MAX,
		       &mtu) != 0 ||
	    tunnel_u32(cfg, tun_key_gue_port, TUNNEL_GUE_PORT_DEFAULT, 1, 65535, &port) != 0 ||
	    tunnel_u32(cfg, tun_key_icmp_rate, TUNNEL_ICMP_RATE_DEFAULT, 0, 1000000, &rate) != 0 ||
	    tunnel_source(cfg, tun_key_source4, HVLB_AF_INET, &t->source4) != 0 ||
	    tunnel_source(cfg, tun_key_source6, HVLB_AF_INET6, &t->source6) != 0)
		return -1;
	t->mtu = (uint16_t)mtu;
	t->gue_port = rte_cpu_to_be_16((uint16_t)port);
	t->icmp_rate = rate;
	return 0;
}
