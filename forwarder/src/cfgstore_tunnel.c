/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A service's tunnel encapsulation in the configuration store (cfgstore.h cfg_vs_*_encap):
 * kept apart from cfgstore.c, so that tunnel mode's rules live in one place.
 */
#include <errno.h>
#include <stdio.h>

#include "cfgstore.h"
#include "rewrite_tunnel.h"

#define ERR(...) snprintf(err, CFG_ERR_LEN, __VA_ARGS__)

int
cfg_vs_check_encap(const struct cfg_vs *vs, int mode, int encap, char *err)
{
	if (mode < 0)
		mode = vs != NULL ? vs->mode : VS_MODE_NAT;
	if (encap >= TUNNEL_ENCAP_MAX)
		return ERR("encap: must be ipip or gue"), -EINVAL;
	if (mode != VS_MODE_TUNNEL) {
		if (encap > TUNNEL_ENCAP_NONE)
			return ERR("encap: only with mode tunnel"), -EINVAL;
		return 0;
	}
	if (encap < 0)
		encap = vs != NULL ? vs->encap : TUNNEL_ENCAP_NONE;
	if (encap == TUNNEL_ENCAP_NONE)
		return ERR("encap: mode tunnel needs one, ipip or gue"), -EINVAL;
	return 0;
}

void
cfg_vs_set_encap(struct cfgstore *st, struct cfg_vs *vs, int mode, int encap)
{
	if (mode < 0)
		mode = vs->mode;
	if (mode != VS_MODE_TUNNEL)
		encap = TUNNEL_ENCAP_NONE;
	else if (encap < 0)
		return;
	vs->encap = (uint8_t)encap;
	st->version++;
}
