/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The store's VXLAN tenants (cfgstore.h, core/vxlan.h): which VNI a service may have, and the
 * small index each VNI in use is known by on the fast path (struct flow_key's pad).
 *
 * An index stays its VNI's while any service, live or retired, has that VNI: the connections
 * of a retired service still carry it. Indexes are freed lazily, when a new VNI finds none
 * free, so nothing needs doing when a service goes.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cfgstore.h"

#define ERR(...) snprintf(err, CFG_ERR_LEN, __VA_ARGS__)

int
cfg_vni_check(int mode, uint32_t vni, uint8_t af, char *err)
{
	if (vni > VXLAN_VNI_MAX)
		return ERR("vni: must be 1 to %u", VXLAN_VNI_MAX), -EINVAL;
	if (mode == VS_MODE_VXLAN && vni == 0)
		return ERR("vni: a vxlan service needs one (1 to %u)", VXLAN_VNI_MAX), -EINVAL;
	if (mode != VS_MODE_VXLAN && vni != 0)
		return ERR("vni: only a vxlan service has one (mode vxlan)"), -EINVAL;
	if (mode == VS_MODE_VXLAN && af != HVLB_AF_INET)
		return ERR("vip: a vxlan service is IPv4 (its tenant's inner addresses)"), -EINVAL;
	return 0;
}

static bool
tenant_held(const struct cfgstore *st, uint16_t idx)
{
	for (unsigned i = 0; i < st->n_vs; i++)
		if (st->vs[i].tenant == idx)
			return true;
	for (unsigned i = 0; i < st->n_vs_retired; i++)
		if (st->vs_retired[i].tenant == idx)
			return true;
	return false;
}

uint16_t
cfg_tenant_get(struct cfgstore *st, uint32_t vni)
{
	uint16_t i;

	for (i = 1; i <= VXLAN_MAX_TENANTS; i++)
		if (st->tenant_vni[i] == vni)
			return i;
	for (int pass = 0; pass < 2; pass++) {
		for (i = 1; i <= VXLAN_MAX_TENANTS; i++)
			if (st->tenant_vni[i] == 0) {
				st->tenant_vni[i] = vni;
				return i;
			}
		for (i = 1; i <= VXLAN_MAX_TENANTS; i++)
			if (!tenant_held(st, i))
				st->tenant_vni[i] = 0;
	}
	return 0;
}

void
cfg_tenants_of(const struct cfgstore *st, struct vxlan_tenants *t)
{
	t->n = 0;
	for (uint16_t i = 1; i <= VXLAN_MAX_TENANTS; i++) {
		uint32_t vni = st->tenant_vni[i];
		unsigned k;

		if (vni == 0)
			continue;
		/* Insertion sort: at most VXLAN_MAX_TENANTS, once per snapshot. */
		for (k = t->n; k > 0 && t->vni[k - 1] > vni; k--) {
			t->vni[k] = t->vni[k - 1];
			t->idx[k] = t->idx[k - 1];
		}
		t->vni[k] = vni;
		t->idx[k] = i;
		t->n++;
	}
}
