/* SPDX-License-Identifier: BSD-3-Clause */
/* The drops' summary in the log (drop_log.h). */
#include <string.h>

#include "drop_log.h"

void
drop_log_init(struct drop_log *d, uint64_t hz, uint64_t now, const uint64_t *counts)
{
	d->period = hz * DROP_LOG_PERIOD_S;
	d->next = now + d->period;
	memcpy(d->last, counts, sizeof(d->last));
}

bool
drop_log_due(struct drop_log *d, uint64_t now)
{
	if (now < d->next)
		return false;
	d->next = now + d->period;
	return true;
}

size_t
drop_log_fields(const uint64_t *now, uint64_t *last, struct log_field *out)
{
	size_t n = 0;

	for (unsigned r = 1; r < HVLB_DROP_MAX; r++) {
		/* Below the last look: counters zeroed at their source; count from there. */
		uint64_t moved = now[r] >= last[r] ? now[r] - last[r] : now[r];

		last[r] = now[r];
		if (moved > 0 && r != HVLB_DROP_ARP_IGNORED)
			out[n++] = LOG_U(hvlb_drop_name(r), moved);
	}
	return n;
}

void
drop_log_note(struct drop_log *d, const uint64_t *counts)
{
	struct log_field fl[HVLB_DROP_MAX + 1];

	fl[0] = LOG_U("interval_s", DROP_LOG_PERIOD_S);
	size_t n = drop_log_fields(counts, d->last, fl + 1);
	if (n > 0)
		log_kv(RTE_LOG_INFO, "packets dropped", fl, n + 1);
}
