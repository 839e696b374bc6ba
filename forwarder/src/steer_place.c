/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Placing the new connections of a priority tenant on the least-loaded worker (the paper's
 * RSS-A, seed 004's VS-extend: a priority flow is processed on a low-loaded core).
 *
 * Why this way: a packet's owner is a hash of its client endpoint, decided by the NIC's RSS
 * or a dispatch stage before anyone knows the flow is new or whose it is. Changing that for
 * one flow is what steering overrides do (steer_ctl.h), and moving a connection between
 * workers is what the hand-over protocol does (steer_msg.h), tested under traffic. So the
 * owner opens the connection as usual and tells the control thread (a note, one per new
 * connection of a priority vxlan service only), which moves it at once when another worker was
 * less loaded over RSS-A's last period (a mean over its samples: one 50 ms sample swings with
 * every burst). The flow's first packets (its SYN, say) are handled by its hash owner, every
 * later one by the least-loaded worker; nothing is added to the packet path of anyone else.
 * Deciding on the worker in the fast path instead would need every worker to read every
 * other's load and a second table lookup per packet on every flow.
 */
#include "steer_ctl.h"

void
steer_ctl_place(struct steer_ctl *sc, const struct steer_note *n)
{
	uint16_t from = n->worker, to = from;

	if (from >= sc->env->n_workers)
		return;
	for (uint16_t i = 0; i < sc->env->n_workers; i++)
		if (sc->load[i] < sc->load[to])
			to = i;
	if (to == from || sc->load[from] - sc->load[to] <= STEER_PLACE_MARGIN)
		return;
	/* Moved like RSS-A's moves: its cooldown keeps it there a while. At the round's TSC,
	 * which the move's timeout is measured against. */
	if (steer_ctl_move(sc, &n->key, 1, to, (uint8_t)n->seq, false, sc->rssa_period,
			   sc->poll_now) == 0)
		sc->placed++;
}
