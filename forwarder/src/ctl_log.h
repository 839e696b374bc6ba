/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What the local API changed, in the log (docs/operations.md, "Logs"): services added,
 * changed and removed, reals added, removed and their weight and health changed, and the
 * requests refused, each line with the fields the Go components use (log_kv.h: service,
 * real, err). Only what came through the control socket: a restart's replay of the saved
 * configuration is logged once, by persist.c.
 */
#ifndef HVLB_CTL_LOG_H
#define HVLB_CTL_LOG_H

#include <stdint.h>

#include "ctl_op.h"

/* After ctl_op_run answered request m with rc (the configuration was at version before). */
void ctl_log_op(const struct ctl_req *r, const Hvlb__Fwd__V1__Request *m, int rc,
		uint64_t before);

/* The reals of service id (ServiceId) that SetService added, removed or changed: old are
 * its reals before, now after. */
void ctl_log_reals(const Hvlb__Fwd__V1__ServiceId *id, const struct rs_config *old,
		   uint16_t n_old, const struct rs_config *now, uint16_t n_now);

#endif
