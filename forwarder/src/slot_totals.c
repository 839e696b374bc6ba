/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Service and real totals from the workers' raw per-real counters (slot_totals.h).
 */
#include <stdlib.h>

#include "slot_totals.h"

struct slot_totals *
slot_totals_create(void)
{
	struct slot_totals *t = calloc(1, sizeof(*t));

	if (t != NULL)
		rte_spinlock_init(&t->lock);
	return t;
}

void
slot_totals_free(struct slot_totals *t)
{
	free(t);
}

/* Take real slot s out of its service's list. */
static void
unlink_rs(struct slot_totals *t, uint16_t s)
{
	uint16_t v = (uint16_t)(t->rs_vs[s] - 1);

	if (t->rs_prev[s] != 0)
		t->rs_next[t->rs_prev[s]] = t->rs_next[s];
	else
		t->vs_first[v] = t->rs_next[s];
	if (t->rs_next[s] != 0)
		t->rs_prev[t->rs_next[s]] = t->rs_prev[s];
	t->rs_vs[s] = 0;
	t->rs_prev[s] = t->rs_next[s] = 0;
}

void
slot_totals_rs_born(struct slot_totals *t, uint16_t s, uint16_t vs, const struct slot_stats *raw)
{
	if (t->rs_vs[s] != 0) {
		/* What it counted stays with the service it counted for. */
		struct slot_stats *g = &t->vs_gone[t->rs_vs[s] - 1];

		g->pkts += raw->pkts - t->rs_base[s].pkts;
		g->bytes += raw->bytes - t->rs_base[s].bytes;
		unlink_rs(t, s);
	}
	t->rs_base[s] = *raw;
	t->rs_vs[s] = (uint16_t)(vs + 1);
	t->rs_next[s] = t->vs_first[vs];
	if (t->vs_first[vs] != 0)
		t->rs_prev[t->vs_first[vs]] = s;
	t->vs_first[vs] = s;
}

void
slot_totals_vs_born(struct slot_totals *t, uint16_t vs, uint64_t raw_conns)
{
	/* The real slots of the service that had it are no one's now. */
	while (t->vs_first[vs] != 0)
		unlink_rs(t, (uint16_t)t->vs_first[vs]);
	t->vs_conns_base[vs] = raw_conns;
	t->vs_gone[vs] = (struct slot_stats){0};
}
