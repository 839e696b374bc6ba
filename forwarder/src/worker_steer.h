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

/* The owner of a packet with tuple key whose default owner is owner, when the steering
 * table's bitmap has its client endpoint (hit) or this worker has moved entries. *forced is
 * set when this worker handed the connection on and the packet must follow it even if another
 * worker passed it here. */
uint16_t worker_steer_owner(struct worker *w, const struct flow_key *key, bool hit,
			    uint16_t owner, bool *forced);

/* Carry out the commands waiting on the command ring (MIGRATE). */
void worker_steer_commands(struct worker *w);

/* A message found in the inbox (CONN, UNMARK), in its place among the packets. */
void worker_steer_msg(struct worker *w, struct steer_msg *m);

/* A steered connection (CONN_FL_STEERED) left the table: tell the control thread, whose
 * override for it can go. */
void worker_steer_gone(struct worker *w, const struct conn *c);

/* Recompute w->steer_on after w->steer or the moved list changed. */
static inline void
worker_steer_refresh(struct worker *w)
{
	w->steer_on = w->steer != NULL || w->n_moved > 0;
}

#endif
