/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The service and real totals the read-outs show (fwd_sum_vs, fwd_sum_rs), made from the
 * workers' raw counters, which only ever grow:
 *   - a packet is counted once, for its real (count_e): a service's packets and bytes are
 *     those of the real slots that have counted for it (its reals now, and those removed
 *     whose slot has not been reborn), so the fast path pays for one counter, not two;
 *   - slots are reused (cfgstore's allocators go round): each slot's raw totals at its
 *     birth are its baseline, so a new real or service starts from 0; a real slot reborn for
 *     another service leaves what it counted with the service it counted for (gone), which
 *     no packet can still reach by then (a slot is reused only once it is free: its real
 *     removed hard, or its connections gone).
 * The control thread writes it (cfgstore's birth hook, fwd.c); the telemetry thread reads it
 * too, so every access is under its lock.
 */
#ifndef HVLB_SLOT_TOTALS_H
#define HVLB_SLOT_TOTALS_H

#include <stdint.h>

#include <rte_spinlock.h>

#include "stats.h"
#include "vs.h"

struct slot_totals {
	rte_spinlock_t lock;
	/* By real slot: the service slot + 1 it counts for (0: none), its neighbours in that
	 * service's list, and its raw totals at its birth. */
	uint16_t rs_vs[RS_MAX_SLOTS + 1];
	uint32_t rs_prev[RS_MAX_SLOTS + 1];
	uint32_t rs_next[RS_MAX_SLOTS + 1];
	struct slot_stats rs_base[RS_MAX_SLOTS + 1];
	/* By service slot: its first real slot (0: none; real slot 0 is never used), its raw
	 * connection count at its birth, and the packets and bytes of its real slots reborn for
	 * another service since. */
	uint32_t vs_first[VS_MAX_SLOTS];
	uint64_t vs_conns_base[VS_MAX_SLOTS];
	struct slot_stats vs_gone[VS_MAX_SLOTS];
};

/* A zeroed one (calloc), or NULL; slot_totals_free(NULL) is a no-op. */
struct slot_totals *slot_totals_create(void);
void slot_totals_free(struct slot_totals *t);

/* Under t->lock (the caller's): real slot s counts for service slot vs from now on; raw: its
 * raw totals now. */
void slot_totals_rs_born(struct slot_totals *t, uint16_t s, uint16_t vs,
			 const struct slot_stats *raw);

/* Under t->lock: service slot vs is a new service; raw_conns: its raw connection count now. */
void slot_totals_vs_born(struct slot_totals *t, uint16_t vs, uint64_t raw_conns);

#endif
