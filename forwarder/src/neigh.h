/* SPDX-License-Identifier: BSD-3-Clause */
/* Neighbour resolution on the control thread (see neigh.c). neigh_set / neigh_walk are in
 * fwdctl.h. */
#ifndef HVLB_NEIGH_H
#define HVLB_NEIGH_H

#include "fwdctl.h"

/* Create the neighbour table. 0 or -ENOMEM. */
int neigh_init(struct fwd *f, int socket);

/* Learn from what workers passed up and ask for the next hops they missed; call often. */
void neigh_poll_rings(struct fwd *f);

/* Once a second (or at once when the configuration changed, or force): ask for every next
 * hop the configuration needs and refresh learnt entries. */
void neigh_poll_timers(struct fwd *f, int force);

#endif
