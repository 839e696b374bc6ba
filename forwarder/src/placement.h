/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What the forwarder tells the operator at start-up about where things run (placement.c): the
 * steering mechanism of each port, and the NUMA placement of ports, workers, dispatch stages
 * and memory, with a warning wherever packets or tables cross sockets.
 */
#ifndef HVLB_PLACEMENT_H
#define HVLB_PLACEMENT_H

#include "fwd.h"

/* Log it all (after fwd_start). */
void placement_log(const struct fwd *f);

#endif
