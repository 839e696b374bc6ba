/* SPDX-License-Identifier: BSD-3-Clause */
/* A worker's side of the exception path (worker_exc.h). */
#include <rte_ring.h>

#include "exception.h"
#include "worker.h"
#include "worker_exc.h"

bool
worker_exc_to_kernel(struct worker *w, struct rte_mbuf *m, uint16_t in_port)
{
	const struct exc_set *e = w->env->exc;

	if (e->of[in_port] == EXC_NONE)
		return false;
	if (rte_ring_mp_enqueue(e->to_kernel, m) != 0) {
		w->stats.drops[HVLB_DROP_EXCEPTION_FULL]++;
		rte_pktmbuf_free(m);
		return true;
	}
	w->stats.exc_to_kernel++;
	return true;
}

void
worker_exc_copy(struct worker *w, const struct rte_mbuf *m, uint16_t in_port)
{
	struct rte_mbuf *c;

	if (w->env->exc->of[in_port] == EXC_NONE)
		return;
	c = rte_pktmbuf_copy(m, m->pool, 0, UINT32_MAX);
	if (c == NULL) {
		w->stats.drops[HVLB_DROP_EXCEPTION_FULL]++;
		return;
	}
	worker_exc_to_kernel(w, c, in_port);
}
