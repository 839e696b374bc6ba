/* SPDX-License-Identifier: BSD-3-Clause */
/* The ports' rings and the mbufs they hold (ring_plan.h). */
#include "ring_plan.h"

uint32_t
ring_afp_framecnt(uint32_t framesz, uint32_t qpairs)
{
	uint64_t per_ring = (uint64_t)(framesz != 0 ? framesz : 1) * (qpairs != 0 ? qpairs : 1);
	uint32_t n = RING_AFP_FRAMECNT_MAX;

	while (n > RING_AFP_FRAMECNT_MIN && (uint64_t)n * per_ring > RING_AFP_BYTES_MAX)
		n /= 2;
	return n;
}

uint32_t
ring_rx_default(enum ring_kind k)
{
	return k == RING_KIND_AF_XDP ? RING_XDP_RX_DEFAULT : RING_DEV_RX_DEFAULT;
}

void
ring_port_fill(struct ring_port *p)
{
	if (p->rx_ring == 0)
		p->rx_ring = ring_rx_default((enum ring_kind)p->kind);
	switch (p->kind) {
	case RING_KIND_AF_XDP:
		/* A queue's socket pairs an RX and a TX ring of rx_desc entries each. */
		p->tx_ring = p->rx_ring;
		p->held = (uint32_t)p->nb_rxq * (RING_XDP_FILL + p->tx_ring);
		break;
	case RING_KIND_AF_PACKET:
		p->tx_ring = p->rx_ring; /* framecnt, both ways */
		p->held = 0;
		break;
	case RING_KIND_SOFT:
		p->tx_ring = RING_DEV_TX_DEFAULT;
		p->held = 0;
		break;
	default:
		p->tx_ring = RING_DEV_TX_DEFAULT;
		p->held = (uint32_t)p->nb_rxq * p->rx_ring + (uint32_t)p->nb_txq * p->tx_ring;
		break;
	}
}

void
ring_need(const struct ring_port *p, unsigned n, unsigned n_workers, unsigned n_lcores,
	  struct ring_need *out)
{
	uint64_t caches = (uint64_t)n_lcores * RING_CACHE_PER_LCORE;
	uint64_t held = 0, afp_queues = 0;

	for (unsigned i = 0; i < n; i++) {
		held += p[i].held;
		if (p[i].kind == RING_KIND_AF_PACKET)
			afp_queues += p[i].nb_rxq;
	}
	/* Each worker: a burst received and one waiting in each port's TX buffer. */
	out->main_min = held + caches + (uint64_t)n_workers * RING_BURST * (1 + n);
	out->main_size = out->main_min + (uint64_t)n_workers * RING_INFLIGHT_PER_WORKER +
			 RING_INFLIGHT_CTRL;
	if (out->main_size < RING_POOL_FLOOR)
		out->main_size = RING_POOL_FLOOR;
	out->afp_min = out->afp_size = 0;
	if (afp_queues == 0)
		return;
	/* The af_packet PMD takes a burst's mbufs per read; they go on as the main pool's do. */
	out->afp_min = afp_queues * RING_BURST + caches + (uint64_t)n_workers * RING_BURST * (1 + n);
	out->afp_size = out->afp_min + (uint64_t)n_workers * RING_INFLIGHT_PER_WORKER;
	if (out->afp_size < RING_AFP_POOL_FLOOR)
		out->afp_size = RING_AFP_POOL_FLOOR;
}
