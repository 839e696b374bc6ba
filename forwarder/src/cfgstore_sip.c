/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A service's hash in the configuration store (cfgstore.h cfg_vs_*hash*; docs/scheduling.md,
 * "SIP call affinity"): kept apart from cfgstore.c, so that its rule lives in one place.
 */
#include <errno.h>
#include <stdio.h>

#include "cfgstore.h"
#include "scheduler.h"

#define ERR(...) snprintf(err, CFG_ERR_LEN, __VA_ARGS__)

int
cfg_vs_hash_check(int hash, int mode, uint8_t proto, int sched, char *err)
{
	if (hash < 0 || hash == VS_HASH_5TUPLE)
		return 0;
	if (hash >= VS_HASH_MAX)
		return ERR("hash: must be 5tuple or sip_call_id"), -EINVAL;
	/* The Call-ID is read from UDP datagrams, and the NF's replies are found by a NAT
	 * connection's reply key (core/sip.h). */
	if (mode != VS_MODE_NAT || proto != HVLB_PROTO_UDP)
		return ERR("hash: sip_call_id only for a nat udp service"), -EINVAL;
	/* The others choose with no hash, so no choice of theirs is the same for a call. */
	if (sched != HVLB_SCHED_MAGLEV && sched != HVLB_SCHED_SH)
		return ERR("hash: sip_call_id needs the maglev or sh scheduler"), -EINVAL;
	return 0;
}

int
cfg_vs_set_hash(struct cfgstore *st, struct cfg_vs *vs, int hash, char *err)
{
	if (hash < 0)
		return 0;
	if (cfg_vs_hash_check(hash, vs->mode, vs->proto, vs->sched, err) != 0)
		return -EINVAL;
	if (vs->hash != hash) {
		vs->hash = (uint8_t)hash;
		st->version++;
	}
	return 0;
}
