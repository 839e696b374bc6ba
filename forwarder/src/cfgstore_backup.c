/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A service's reals saved before a change that may have to be undone whole (SetService,
 * ctl_op_set.c), and put back: the reals as they were and their slots' state, the slots the
 * change allocated freed again. Nothing was published in between, so no worker saw the change.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cfgstore.h"

int
cfg_rs_save(const struct cfgstore *st, const struct cfg_vs *vs, struct cfg_rs_backup *b)
{
	memset(b, 0, sizeof(*b));
	b->rs = malloc((vs->n_rs > 0 ? vs->n_rs : 1) * sizeof(*b->rs));
	b->gen = malloc((vs->n_rs > 0 ? vs->n_rs : 1) * sizeof(*b->gen));
	b->retired = malloc((vs->n_rs > 0 ? vs->n_rs : 1) * sizeof(*b->retired));
	if (b->rs == NULL || b->gen == NULL || b->retired == NULL) {
		cfg_rs_backup_free(b);
		return -ENOMEM;
	}
	b->n_rs = vs->n_rs;
	memcpy(b->rs, vs->rs, vs->n_rs * sizeof(*b->rs));
	for (unsigned i = 0; i < vs->n_rs; i++) {
		b->gen[i] = st->rs_gen[vs->rs[i].slot];
		b->retired[i] = st->rs_retired[vs->rs[i].slot];
	}
	b->n_retired = st->n_retired;
	b->gen_next = st->gen_next;
	b->rs_slot_next = st->rs_slot_next;
	return 0;
}

static bool
saved_slot(const struct cfg_rs_backup *b, uint16_t slot)
{
	for (unsigned i = 0; i < b->n_rs; i++)
		if (b->rs[i].slot == slot)
			return true;
	return false;
}

void
cfg_rs_restore(struct cfgstore *st, struct cfg_vs *vs, const struct cfg_rs_backup *b)
{
	/* The slots the change took (reals it added) are free again; its array only grew. */
	for (unsigned i = 0; i < vs->n_rs; i++)
		if (!saved_slot(b, vs->rs[i].slot))
			st->rs_gen[vs->rs[i].slot] = 0;
	memcpy(vs->rs, b->rs, b->n_rs * sizeof(*b->rs));
	vs->n_rs = b->n_rs;
	for (unsigned i = 0; i < b->n_rs; i++) {
		st->rs_gen[b->rs[i].slot] = b->gen[i];
		st->rs_retired[b->rs[i].slot] = b->retired[i];
	}
	st->n_retired = b->n_retired;
	st->gen_next = b->gen_next;
	st->rs_slot_next = b->rs_slot_next;
	st->version++;
}

void
cfg_rs_backup_free(struct cfg_rs_backup *b)
{
	free(b->rs);
	free(b->gen);
	free(b->retired);
	memset(b, 0, sizeof(*b));
}
