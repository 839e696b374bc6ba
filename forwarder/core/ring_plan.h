/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The ports' rings and the mbufs they hold, as arithmetic (no DPDK): the ring sizes each kind
 * of port gets when the operator sets none, and how many mbufs a configuration needs, so that
 * the forwarder sizes its pools to fit (mbufs unset) or refuses, before it sets anything up,
 * a pool its rings would empty (docs/forwarder-config.md, "Rings and the mbuf pool").
 *
 * What each kind holds, from DPDK 22.11's PMDs:
 * - AF_XDP (net_af_xdp): each queue's socket gets RING_XDP_FILL mbufs of the pool posted to its
 *   fill ring at set-up (the PMD's umem is the pool itself; it replaces what it receives one for
 *   one), and its TX ring, as big as its RX ring (the PMD sizes both from rx_desc and ignores
 *   nb_tx_desc), holds the mbufs sent until the kernel has copied them.
 * - af_packet (net_af_packet): its rings are the kernel's (framecnt frames each way); the PMD
 *   copies a frame into a new mbuf as it reads it and frees what it sends, so its rings hold no
 *   mbuf, only a burst at a time.
 * - RING_KIND_SOFT (net_ring, net_null, net_vhost): allocate as they receive, hold none.
 * - any other device (a NIC, memif, virtio-user, tap): fills each RX ring at start and holds
 *   what it sends until its TX ring frees it: rx_desc + tx_desc per queue.
 */
#ifndef HVLB_CORE_RING_PLAN_H
#define HVLB_CORE_RING_PLAN_H

#include <stdint.h>

enum ring_kind {
	RING_KIND_DEVICE,    /* holds its rings' mbufs */
	RING_KIND_SOFT,      /* holds none */
	RING_KIND_AF_PACKET, /* the kernel's rings; RX mbufs from the af_packet pool */
	RING_KIND_AF_XDP,    /* fill ring + TX ring from the pool */
};

#define RING_DEV_RX_DEFAULT 1024 /* RX descriptors of a device (and its TX ring) */
#define RING_DEV_TX_DEFAULT 1024
/* The mbufs an AF_XDP queue posts to its fill ring (the PMD's ETH_AF_XDP_DFLT_NUM_DESCS,
 * libxdp's XSK_RING_CONS__DEFAULT_NUM_DESCS): no more frames than that can wait in its RX ring,
 * so a larger RX ring holds nothing more, and a smaller one drops what the fill ring would have
 * taken (1024, the default before, dropped 22k frames a run of bulk TCP; docs/benchmarks.md). */
#define RING_XDP_FILL 2048
#define RING_XDP_RX_DEFAULT RING_XDP_FILL
/* af_packet: the frames of each ring (RX and TX, per queue pair), when the devargs set no
 * framecnt. 4096 frames took bulk TCP's bursts without a drop where the PMD's 512 lost
 * thousands a run (docs/benchmarks.md); fewer where that would take more than
 * RING_AFP_BYTES_MAX of kernel memory per port and direction (many queue pairs, big frames),
 * never fewer than the PMD's own 512. */
#define RING_AFP_FRAMECNT_MAX 4096
#define RING_AFP_FRAMECNT_MIN 512
#define RING_AFP_BYTES_MAX (64u << 20)

/* What the pools must hold besides the rings (ring_need): a mempool keeps up to 1.5 times its
 * per-lcore cache (256) in each lcore's cache; a worker has a burst in hand per port and one
 * received; RING_INFLIGHT_* are the auto size's room for a backlog (frames handed between
 * workers, the exception path's and the neighbour table's rings on the control thread). */
#define RING_CACHE_PER_LCORE 384
#define RING_BURST 32
#define RING_INFLIGHT_PER_WORKER 1024
#define RING_INFLIGHT_CTRL 2304
#define RING_POOL_FLOOR 16383    /* the main pool's auto size at least (the default before) */
#define RING_AFP_POOL_FLOOR 4095 /* the af_packet pool's */

/* One port as set up: its kind, queues, and rings (entries per queue). */
struct ring_port {
	uint8_t kind;      /* enum ring_kind */
	uint16_t nb_rxq;
	uint16_t nb_txq;
	uint32_t rx_ring;  /* rx_desc (0: the kind's default), an af_packet port's framecnt */
	uint32_t tx_ring;  /* set by ring_port_fill */
	uint32_t held;     /* mbufs its rings hold at most (ring_port_fill), from its RX pool */
};

/* The frames of an af_packet ring with frames of framesz bytes and qpairs queue pairs, when
 * the operator sets no framecnt: a power of two, RING_AFP_FRAMECNT_MIN to _MAX. */
uint32_t ring_afp_framecnt(uint32_t framesz, uint32_t qpairs);

/* The RX ring a port of kind k gets when rx_desc is unset. */
uint32_t ring_rx_default(enum ring_kind k);

/* p's rx_ring (its default where 0), tx_ring and held, from its kind and queues. */
void ring_port_fill(struct ring_port *p);

/* What the pools must hold for n ports, n_workers workers and n_lcores lcores (control thread
 * and dispatch stages included). min: less cannot work (the rings, the caches, a burst per
 * worker and port); size: what an unset size gets (min, the backlog room, the floor). main: the
 * main pool; afp: the af_packet ports' RX pool (0 when none). */
struct ring_need {
	uint64_t main_min, main_size;
	uint64_t afp_min, afp_size;
};
void ring_need(const struct ring_port *p, unsigned n, unsigned n_workers, unsigned n_lcores,
	       struct ring_need *out);

#endif
