/* SPDX-License-Identifier: BSD-3-Clause */
/* Bringing back what a saved configuration holds beyond what the local API can say
 * (cfgstore.h cfg_rs_restore_removed; ctl_state.c replays the rest through the API). */
#include <errno.h>
#include <stdio.h>

#include "cfgstore.h"

#define ERR(...) snprintf(err, CFG_ERR_LEN, __VA_ARGS__)

int
cfg_rs_restore_removed(struct cfgstore *st, const struct cfg_vs *vs, uint32_t slot, uint32_t gen,
		       char *err)
{
	if (slot == 0 || slot > RS_MAX_SLOTS)
		return ERR("removed_reals.slot: %u is no real-service slot", slot), -EINVAL;
	if ((gen & ~RS_GEN_DOWN) == 0)
		return ERR("removed_reals.gen: 0 is no generation"), -EINVAL;
	if (st->rs_gen[slot] != 0 || st->rs_retired[slot] != 0)
		return ERR("removed_reals.slot: %u is taken", slot), -EEXIST;
	/* As a soft remove leaves it (cfgstore.c retire): the generation its connections carry,
	 * and the service whose hard removal ends them. */
	st->rs_gen[slot] = gen;
	st->rs_retired[slot] = (uint16_t)(vs->slot + 1);
	st->n_retired++;
	st->version++;
	return 0;
}
