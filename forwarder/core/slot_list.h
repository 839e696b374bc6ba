/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A bounded list of the slots (RS slots, say) something was set in, so that it can be cleared
 * in those alone later, and that says when more were set than it holds: then every slot must
 * be cleared. A worker's fast path marks its per-real entries good for one next-hop epoch and
 * clears the marks it set when the epoch ends (worker_nh_epoch_next), touching the few reals
 * it sent to rather than all 65,535 entries (4 MiB) on every snapshot.
 */
#ifndef HVLB_CORE_SLOT_LIST_H
#define HVLB_CORE_SLOT_LIST_H

#include <stdbool.h>
#include <stdint.h>

#define SLOT_LIST_MAX 4096

struct slot_list {
	uint32_t n; /* SLOT_LIST_MAX + 1: overflowed */
	uint16_t slot[SLOT_LIST_MAX];
};

/* Note slot (not noted since the last slot_list_reset: the caller knows by its own mark). */
static inline void
slot_list_add(struct slot_list *l, uint16_t slot)
{
	if (l->n < SLOT_LIST_MAX)
		l->slot[l->n] = slot;
	if (l->n <= SLOT_LIST_MAX)
		l->n++;
}

/* Whether more slots were noted than the list holds: clear them all. */
static inline bool
slot_list_overflowed(const struct slot_list *l)
{
	return l->n > SLOT_LIST_MAX;
}

/* How many slots the list holds (while not overflowed: every one noted). */
static inline uint32_t
slot_list_len(const struct slot_list *l)
{
	return l->n > SLOT_LIST_MAX ? SLOT_LIST_MAX : l->n;
}

static inline void
slot_list_reset(struct slot_list *l)
{
	l->n = 0;
}

#endif
