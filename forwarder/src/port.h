/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The forwarder's ports ([portN] in the configuration file): setting each DPDK device up with
 * one TX queue per worker and up to one RX queue per worker, starting and closing them. The
 * set is written at start-up only; every thread reads it.
 */
#ifndef HVLB_PORT_H
#define HVLB_PORT_H

#include <stdbool.h>
#include <stdint.h>

#include <rte_ethdev.h>
#include <rte_ether.h>
#include <rte_mempool.h>

#include "fwd_limits.h"
#include "port_kfp.h"
#include "port_ksock.h"
#include "ring_plan.h"

struct fwd_port {
	uint16_t port_id;
	uint16_t nb_rxq;
	uint16_t nb_txq;    /* one per worker */
	int socket;
	struct rte_ether_addr mac;
	uint64_t mac48;     /* mac as parse_fast4 compares it (parse_fast_mac48) */
	char name[64];
	char steering[96];  /* how flows reach their owner, logged at start-up */
	struct port_ksocks ks; /* its kernel sockets, on a kernel-interface port */
	struct port_kfp kfp;   /* its in-kernel fast path (an AF_XDP port's; flows_fd -1: none) */
	uint16_t mtu;       /* the link's MTU ([portN] mtu): longer IPv4 packets are fragmented */
	uint32_t tx_max;    /* the longest frame tx() sends as it is: mtu + an Ethernet header;
			       longer goes to worker_tx_big (which allows a VLAN tag's 4 more) */
	uint32_t rx_frame;  /* the longest frame it receives whole: an af_packet port's framesz
			       less the kernel's header; 0: not an af_packet port */
	struct ring_port ring; /* its kind, queues and rings as set up (core/ring_plan.h) */
	uint8_t nic_hash;   /* its NIC hashes TCP and UDP over IPv4 and IPv6 with toeplitz_key and
			       puts the hash in each mbuf (port_setup's nic_hash) */
};

/* What the configuration file says about one port. */
struct port_settings {
	char dev[64];     /* empty: DPDK port id = index */
	int has_mac;
	struct rte_ether_addr mac;
	char exception[64]; /* exception.h: "tap", "tap:IFNAME" or a DPDK device; "": none */
	uint16_t rx_desc; /* RX descriptors per queue (an AF_XDP port's receive ring); 0: the kind's
			     default (core/ring_plan.h) */
	uint16_t mtu;     /* the link's MTU; 0: PORT_MTU_DEFAULT */
};

#define PORT_MTU_DEFAULT 1500
#define PORT_MTU_MIN 576 /* every IPv4 host takes a 576-byte datagram (RFC 791) */
#define PORT_MTU_MAX 9216

/* An af_packet port (DPDK's net_af_packet) copies each frame the kernel gives it into one
 * mbuf, cut at its ring's frame size (devarg framesz, 2048 by default) less the kernel's
 * TPACKET_V2 header and the alignment before the Ethernet header (66 bytes in all), and its
 * sockets join a fanout group with PACKET_FANOUT_FLAG_DEFRAG, so the kernel reassembles IPv4
 * fragments before the forwarder reads them: a datagram longer than the frame arrives cut.
 * hvlb-forwarder gives every net_af_packet device of its command line without a framesz this
 * one (port_afp_argv), which takes IPv4 datagrams up to 8,112 bytes whole; and its RX queues
 * mbufs of a pool whose buffers hold the frame (fwd.c), as the PMD requires. */
#define PORT_AFP_FRAMESZ 8192
#define PORT_AFP_FRAME_HDR 66   /* framesz - PORT_AFP_FRAME_HDR: the longest frame received */
#define PORT_AFP_MBUF_HDR 32    /* the PMD wants an mbuf data room of framesz - 32 */

/* argv with ",framesz=PORT_AFP_FRAMESZ,blocksz=PORT_AFP_FRAMESZ" added to every --vdev of
 * net_af_packet (or eth_af_packet) that sets neither framesz nor blocksz (an operator who
 * sets them decides), and ",framecnt=N" (core/ring_plan.h ring_afp_framecnt) to every one that
 * sets no framecnt. Returns the new argc and sets *out to a new array (the originals
 * are not freed; it lives as long as the process). -1 when out of memory. */
int port_afp_argv(int argc, char **argv, char ***out);

/* The framesz of DPDK port pid when it is an af_packet device (its devargs, else 2048); 0
 * when it is not one. */
uint32_t port_afp_framesz(uint16_t pid);

/* The frames of each ring of DPDK port pid when it is an af_packet device (its devargs, else
 * the PMD's 512); 0 when it is not one. */
uint32_t port_afp_framecnt(uint16_t pid);

struct port_set {
	uint16_t n;
	struct fwd_port p[FWD_MAX_PORTS];
	uint8_t index[RTE_MAX_ETHPORTS]; /* DPDK port id -> index in p[] */
};

/* The NUMA socket of the device s names (port idx), before it is set up; -1 when unknown. */
int port_socket(const struct port_settings *s, uint16_t idx);

/* The kind, queues for n_workers, rings and mbufs held of the device s names (port idx),
 * before it is set up, into *rp (core/ring_plan.h): its rx_desc, or its kind's default. 0; -1
 * when it has no device or s sets what its kind has no use for (logged, naming the key). */
int port_plan(const struct port_settings *s, uint16_t idx, uint16_t n_workers,
	      struct ring_port *rp);

/* "af_xdp", "af_packet", "device" or "software": a ring_port kind, for the log. */
const char *port_ring_kind_name(uint8_t kind);

/* Set port idx of ps up as s says: queues for n_workers, RX buffers from pool. With nic_hash,
 * a device that can hash TCP and UDP over IPv4 and IPv6 into its mbufs gets RSS with
 * toeplitz_key (core/toeplitz.h), even on one queue, and p->nic_hash says so. 0 or -errno,
 * logged. */
int port_setup(struct port_set *ps, uint16_t idx, const struct port_settings *s,
	       uint16_t n_workers, struct rte_mempool *pool, bool nic_hash);

/* The mbuf data room the RX queues of the port s names need (its af_packet frame), or 0 when
 * any pool's does. Before port_setup; -1 when its framesz cannot be held by an mbuf (logged). */
int port_rx_room(const struct port_settings *s, uint16_t idx);

/* Start every port and log what it is. 0 or -errno, logged. */
int port_start_all(struct port_set *ps);

/* Stop and close every port. */
void port_close_all(struct port_set *ps);

#endif
