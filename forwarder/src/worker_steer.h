/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A worker's side of flow steering (worker_steer.c): the owner of a packet while overrides or
 * moved entries exist, and the steering messages (steer_msg.h) it receives. None of it runs
 * for a packet while w->steer_on is 0.
 */
#ifndef HVLB_WORKER_STEER_H
#define HVLB_WORKER_STEER_H

#include <stdbool.h>

#include "steer_msg.h"
#include "worker.h"

/* Whether this worker handed the connection of tuple key on and has not unmarked it yet: then
 * *owner is where it went, and the packet must follow it even if another worker passed it
 * here. */
bool worker_steer_moved(struct worker *w, const struct flow_key *key, uint16_t *owner);

/* Carry out the commands waiting on the command ring (MIGRATE). */
void worker_steer_commands(struct worker *w);

/* A message found in the inbox (CONN, UNMARK), in its place among the packets. */
void worker_steer_msg(struct worker *w, struct steer_msg *m);

/* Recompute w->steer_on after w->steer or the moved list changed. */
static inline void
worker_steer_refresh(struct worker *w)
{
	w->steer_on = w->steer != NULL || w->n_moved > 0;
}

#endif
