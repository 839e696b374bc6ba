/* SPDX-License-Identifier: BSD-3-Clause */
/* A connection found over ended (worker_rs_entry.h). */
#include "worker_rs_entry.h"
#include "worker_sync.h"

enum hvlb_drop
worker_conn_end(struct worker *w, struct conn *c)
{
	uint32_t gen = w->snap->rs_gen[c->rs_slot];

	/* A packet later in the burst may hold c, looked up before an earlier one ended it: so
	 * this test, and its entry kept from reuse until the burst is done. */
	if (c->in_use) {
		if (w->sync_on)
			worker_sync_note(w, c, SYNC_OP_DELETE);
		worker_conn_gone(w, c);
		worker_conn_end_in_burst(w, c);
	}
	return gen == (c->rs_gen | RS_GEN_DOWN) ? HVLB_DROP_RS_DOWN : HVLB_DROP_RS_REMOVED;
}
