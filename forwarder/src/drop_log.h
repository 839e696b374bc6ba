/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A summary of the drops in the log (docs/operations.md, "Logs"): every DROP_LOG_PERIOD_S
 * seconds in which packets were dropped, one line "packets dropped" with a field per drop
 * reason that moved (its name, docs/drops.md: the packets dropped for it in that time), so a
 * journal says when the drops started and which, beside the metrics that count them. The
 * segment's ARP for other hosts (arp_ignored) is left out: normal on any shared segment, it
 * would fill the journal. Control thread only; the workers' counters are read as GetStats
 * reads them.
 */
#ifndef HVLB_DROP_LOG_H
#define HVLB_DROP_LOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "drop.h"
#include "log_kv.h"

#define DROP_LOG_PERIOD_S 10

struct drop_log {
	uint64_t next;                 /* TSC of the next look */
	uint64_t period;               /* TSC ticks between looks */
	uint64_t last[HVLB_DROP_MAX];  /* the counts at the last look */
};

/* Looks every DROP_LOG_PERIOD_S from now; counts (the drops so far, by reason) are not
 * summarised. */
void drop_log_init(struct drop_log *d, uint64_t hz, uint64_t now, const uint64_t *counts);

/* Whether a look is due at now (then the next one is a period later). */
bool drop_log_due(struct drop_log *d, uint64_t now);

/* The look: counts, the drops by reason so far (summed over the workers); the line if any
 * reason moved. */
void drop_log_note(struct drop_log *d, const uint64_t *counts);

/* Into out (room for HVLB_DROP_MAX), a field for each reason whose count in counts moved
 * since last (its name, how many), last brought up to counts; how many fields. */
size_t drop_log_fields(const uint64_t *counts, uint64_t *last, struct log_field *out);

#endif
