/* SPDX-License-Identifier: BSD-3-Clause */
/* Baselines of zeroed counters (stats_zero.h). */
#include <stdlib.h>
#include <time.h>

#include "stats_zero.h"

struct stats_zero *
stats_zero_create(void)
{
	return calloc(1, sizeof(struct stats_zero));
}

void
stats_zero_free(struct stats_zero *z)
{
	free(z);
}

void
stats_zero_mark(struct stats_zero_point *p, const struct slot_stats *raw, uint64_t at_ms)
{
	p->conns = raw->conns_total;
	p->pkts = raw->pkts;
	p->bytes = raw->bytes;
	p->at_ms = at_ms;
}

/* A total below its baseline cannot happen while the counters only grow; clamped all the
 * same, so a view never shows 2^64 - something. */
static uint64_t
since(uint64_t now, uint64_t base)
{
	return now >= base ? now - base : 0;
}

void
stats_zero_since(const struct stats_zero_point *p, const struct slot_stats *raw,
		 struct slot_stats *out)
{
	*out = *raw;
	out->conns_total = since(raw->conns_total, p->conns);
	out->pkts = since(raw->pkts, p->pkts);
	out->bytes = since(raw->bytes, p->bytes);
}

uint64_t
stats_zero_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}
