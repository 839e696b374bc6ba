/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A worker's capture hooks (worker_capture.h): the filter, the packet budget and the rate
 * limit are checked here, out of the burst loop's translation unit, so that a worker without
 * a capture carries none of it.
 */
#include <string.h>

#include <rte_cycles.h>
#include <rte_mbuf.h>

#include "rate.h"
#include "worker.h"
#include "worker_capture.h"

/* Copy m's first bytes into a slot of w's ring, if the budget, the rate and the ring allow;
 * else count why not. */
static void
take(struct worker *w, struct rte_mbuf *m, enum cap_point point, enum hvlb_drop reason)
{
	const struct capture_pub *p = w->cap;
	struct capture_worker *cw = &w->cap->w[w->id];
	uint64_t now = rte_rdtsc();
	struct cap_slot *s;
	const void *data;
	uint32_t len;

	if (cw->taken >= p->max_packets) {
		cw->skipped_budget++;
		return;
	}
	if (!rate_admit(&cw->tat, now, w->env->hz, p->rate_pps, p->n_workers)) {
		cw->skipped_rate++;
		return;
	}
	s = cap_ring_slot(&cw->ring);
	if (s == NULL) {
		cw->skipped_full++;
		return;
	}
	len = RTE_MIN(m->pkt_len, cw->ring.snap_len);
	data = rte_pktmbuf_read(m, 0, len, s->data);
	if (data == NULL)
		len = 0;
	else if (data != s->data)
		memcpy(s->data, data, len);
	s->tsc = now;
	s->orig_len = m->pkt_len;
	s->len = (uint16_t)len;
	s->point = (uint8_t)point;
	s->reason = (uint8_t)reason;
	s->worker = w->id;
	cap_ring_push(&cw->ring);
	cw->taken++;
}

void
worker_capture_rx(struct worker *w, struct rte_mbuf *const *pkts,
		  const struct flow_key *const *keys, struct conn *const *conns, uint16_t n_lk)
{
	struct capture_worker *cw = &w->cap->w[w->id];

	cw->n_match = 0;
	if (w->cap->drop_reason >= 0)
		return;
	for (uint16_t j = 0; j < n_lk; j++) {
		const struct flow_key *k = keys[j];
		struct rte_mbuf *m = pkts[j];
		struct flow_key orig;

		if (conns[j] != NULL) {
			conn_orig_key(conns[j], &orig);
			k = &orig;
		}
		if (!cap_filter_match(&w->cap->filter, k))
			continue;
		cw->match[cw->n_match++] = m;
		take(w, m, CAP_POINT_RX, HVLB_DROP_NONE);
	}
}

/* Whether m is one of the burst's noted packets; forgotten if so, as it leaves. */
static bool
noted(struct capture_worker *cw, const struct rte_mbuf *m)
{
	for (uint16_t i = 0; i < cw->n_match; i++) {
		if (cw->match[i] == m) {
			cw->match[i] = cw->match[--cw->n_match];
			return true;
		}
	}
	return false;
}

void
worker_capture_tx(struct worker *w, struct rte_mbuf *m)
{
	if (noted(&w->cap->w[w->id], m))
		take(w, m, CAP_POINT_TX, HVLB_DROP_NONE);
}

void
worker_capture_drop(struct worker *w, struct rte_mbuf *m, enum hvlb_drop r)
{
	if (noted(&w->cap->w[w->id], m) || (int)r == w->cap->drop_reason)
		take(w, m, CAP_POINT_DROP, r);
}
