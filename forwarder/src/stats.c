/* SPDX-License-Identifier: BSD-3-Clause */
/* The forwarder's counters (stats.h). */
#include "stats.h"

void
stats_add(struct worker_stats *dst, const struct worker_stats *src)
{
	/* Every member is a uint64_t (the alignment padding at the end is never read). */
	const uint64_t *s = (const uint64_t *)src;
	uint64_t *d = (uint64_t *)dst;
	size_t n = offsetof(struct worker_stats, drops) / sizeof(uint64_t) + HVLB_DROP_MAX;

	for (size_t k = 0; k < n; k++)
		d[k] += s[k];
}

void
stats_each(const struct worker_stats *s, stats_fn fn, void *arg)
{
#define STATS_EACH(f, name, help) fn(arg, name, s->f);
	WORKER_COUNTERS(STATS_EACH)
#undef STATS_EACH
}

void
stats_list(stats_info_fn fn, void *arg)
{
#define STATS_INFO(f, name, help) fn(arg, name, help);
	WORKER_COUNTERS(STATS_INFO)
#undef STATS_INFO
}
