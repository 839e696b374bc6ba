/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * hvlb's counters in DPDK telemetry (dpdk-telemetry.py): /hvlb/stats, /hvlb/workers,
 * /hvlb/vs and /hvlb/steering. The callbacks run in DPDK's telemetry thread and only read:
 * worker counters directly (plain reads, as the control thread does), and the list of
 * services from a copy the control thread refreshes, because the configuration store and the
 * snapshots may be changed or freed under the telemetry thread at any time.
 */
#ifndef HVLB_TELEMETRY_H
#define HVLB_TELEMETRY_H

#include "fwd.h"

/* Register the commands and take the first copy of the services (control thread, once the
 * workers exist). 0 or a negative errno. */
int telem_register(struct fwd *f);

/* Refresh the telemetry's copy of the services from f->cfg; call on the control thread after
 * every successful fwd_publish (the control socket does). No-op before telem_register. */
void telem_refresh(struct fwd *f);

/* Stop answering (before the workers are freed). Returns once no callback is running. */
void telem_close(void);

#endif
