/* SPDX-License-Identifier: BSD-3-Clause */
/* Creating, starting and tearing down a forwarder (fwd.c), after rte_eal_init. */
#ifndef HVLB_FWDINIT_H
#define HVLB_FWDINIT_H

#include "fwdctl.h"

/* Read the config file, set up its ports (not started), memory, the first snapshot and
 * n_workers workers (worker i will run on lcores[i]). NULL after logging why. */
struct fwd *fwd_create(const char *config_path, uint16_t n_workers, const unsigned *lcores);

/* Start the ports, log the steering mechanism and the NUMA placement, and ask for the next
 * hops the configuration needs. */
int fwd_start(struct fwd *f);

/* Log how flows are steered and where ports, workers and memory are (warning wherever they
 * cross NUMA sockets). Called by fwd_start. */
void fwd_log_placement(const struct fwd *f);

/* One round of control-thread work that is not the socket: neighbour learning, resolution,
 * refresh. */
void fwd_control_poll(struct fwd *f);

/* Stop ports and free everything (workers must have stopped). */
void fwd_destroy(struct fwd *f);

#endif
