/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * ring_plan.c: the rings each kind of port gets by default, the mbufs they hold, and the pool
 * sizes a configuration needs (the forwarder refuses mbufs below main_min, fwd.c plan_pools).
 */
#include "check.h"
#include "ring_plan.h"

static struct ring_port
port(enum ring_kind k, uint16_t q, uint32_t rx)
{
	struct ring_port p = {.kind = (uint8_t)k, .nb_rxq = q, .nb_txq = q, .rx_ring = rx};

	ring_port_fill(&p);
	return p;
}

/* AF_XDP: rx_desc unset is the fill ring's 2048 (the default before, 1024, dropped what the
 * fill ring held); its TX ring is as big; each queue holds its fill ring and TX ring. */
static void
test_af_xdp(void)
{
	struct ring_port p = port(RING_KIND_AF_XDP, 1, 0);

	CHECK_EQ(p.rx_ring, 2048);
	CHECK_EQ(p.tx_ring, 2048);
	CHECK_EQ(p.held, 2048 + 2048);
	p = port(RING_KIND_AF_XDP, 4, 4096);
	CHECK_EQ(p.rx_ring, 4096);
	CHECK_EQ(p.tx_ring, 4096);
	CHECK_EQ(p.held, 4 * (2048 + 4096));
}

/* af_packet: the kernel's rings hold no mbuf; a device holds both of its rings; a software
 * PMD (ring, null, vhost) neither. */
static void
test_other_kinds(void)
{
	struct ring_port p = port(RING_KIND_AF_PACKET, 2, 4096);

	CHECK_EQ(p.tx_ring, 4096);
	CHECK_EQ(p.held, 0);
	p = port(RING_KIND_DEVICE, 2, 0);
	CHECK_EQ(p.rx_ring, 1024);
	CHECK_EQ(p.held, 2 * 1024 + 2 * 1024);
	p = port(RING_KIND_SOFT, 2, 0);
	CHECK_EQ(p.held, 0);
}

/* af_packet's default framecnt: 4096, halved while a ring would pass 64 MiB, never under 512. */
static void
test_afp_framecnt(void)
{
	CHECK_EQ(ring_afp_framecnt(8192, 1), 4096);
	CHECK_EQ(ring_afp_framecnt(8192, 2), 4096);
	CHECK_EQ(ring_afp_framecnt(8192, 4), 2048);
	CHECK_EQ(ring_afp_framecnt(8192, 8), 1024);
	CHECK_EQ(ring_afp_framecnt(8192, 64), 512);
	CHECK_EQ(ring_afp_framecnt(2048, 8), 4096);
	CHECK_EQ(ring_afp_framecnt(0, 0), 4096);
}

/* The pools: min is the rings + caches + bursts; the auto size adds the backlog room and is
 * at least the floor; an af_packet pool only with af_packet ports. */
static void
test_need(void)
{
	struct ring_port ps[2] = {port(RING_KIND_AF_XDP, 1, 0), port(RING_KIND_AF_XDP, 1, 0)};
	struct ring_need n;

	ring_need(ps, 2, 1, 2, &n);
	CHECK_EQ(n.main_min, 2 * 4096 + 2 * RING_CACHE_PER_LCORE + 1 * RING_BURST * 3);
	CHECK_EQ(n.main_size, RING_POOL_FLOOR);
	CHECK_EQ(n.afp_size, 0);
	/* Four workers, four queues a port, 4096-entry rings: past the floor, sized to fit. */
	ps[0] = port(RING_KIND_AF_XDP, 4, 4096);
	ps[1] = port(RING_KIND_AF_XDP, 4, 4096);
	ring_need(ps, 2, 4, 5, &n);
	CHECK_EQ(n.main_min, 2 * 4 * (2048 + 4096) + 5 * RING_CACHE_PER_LCORE + 4 * RING_BURST * 3);
	CHECK_EQ(n.main_size, n.main_min + 4 * RING_INFLIGHT_PER_WORKER + RING_INFLIGHT_CTRL);
	CHECK(n.main_size > 16383);
	/* af_packet: the main pool holds no ring; the af_packet pool a burst per queue. */
	ps[0] = port(RING_KIND_AF_PACKET, 1, 4096);
	ps[1] = port(RING_KIND_AF_PACKET, 1, 4096);
	ring_need(ps, 2, 1, 2, &n);
	CHECK_EQ(n.main_min, 2 * RING_CACHE_PER_LCORE + RING_BURST * 3);
	CHECK_EQ(n.afp_min, 2 * RING_BURST + 2 * RING_CACHE_PER_LCORE + RING_BURST * 3);
	CHECK_EQ(n.afp_size, RING_AFP_POOL_FLOOR);
	/* The fixtures' 4095 mbufs on ring ports still suffice. */
	ps[0] = port(RING_KIND_SOFT, 4, 0);
	ps[1] = port(RING_KIND_SOFT, 4, 0);
	ring_need(ps, 2, 4, 5, &n);
	CHECK(n.main_min <= 4095);
}

int
main(void)
{
	RUN(test_af_xdp);
	RUN(test_other_kinds);
	RUN(test_afp_framecnt);
	RUN(test_need);
	return check_summary();
}
