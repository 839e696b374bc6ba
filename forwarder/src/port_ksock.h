/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The kernel sockets behind a kernel-interface port (net_af_packet: an AF_PACKET socket per
 * queue pair; net_af_xdp: an AF_XDP socket per queue), found among this process's file
 * descriptors, for what the PMDs of DPDK 22.11 do not do with them:
 * - the frames the kernel dropped before the PMD could read them (kernel_rx_drops, in the port
 *   stats): an AF_PACKET ring's tp_drops (the af_packet PMD never reads PACKET_STATISTICS, so
 *   its imissed stays 0 while its ring overflows), an AF_XDP socket's rx_dropped,
 *   rx_invalid_descs and rx_ring_full (the af_xdp PMD counts rx_dropped alone, as imissed);
 * - a descriptor per RX queue that an idle worker can wait on (idle_wake = rx, idle.h).
 */
#ifndef HVLB_PORT_KSOCK_H
#define HVLB_PORT_KSOCK_H

#include <stdint.h>

/* Sockets of one port, at most: one per RX queue. */
#define PORT_KSOCK_MAX 64

enum port_ksock_kind {
	PORT_KSOCK_NONE,   /* not a kernel-interface port (ring, memif, PCI...) */
	PORT_KSOCK_PACKET, /* AF_PACKET */
	PORT_KSOCK_XDP,    /* AF_XDP */
};

struct port_ksocks {
	uint8_t kind;
	uint16_t n;                /* fd[0..n): by RX queue */
	int fd[PORT_KSOCK_MAX];
	uint64_t packet_drops;     /* tp_drops read so far: reading resets the kernel's count */
};

/* The AF_XDP sockets open before a queue is set up (port_ksock_xdp_after says which are new). */
struct port_ksock_snap {
	uint16_t n;
	int fd[PORT_KSOCK_MAX];
};

/* Note the AF_XDP sockets open now. */
void port_ksock_xdp_before(struct port_ksock_snap *snap);

/* After RX queue q of the port was set up: an AF_XDP socket not in snap is that queue's. */
void port_ksock_xdp_after(struct port_ksocks *k, uint16_t q, const struct port_ksock_snap *snap);

/* When no AF_XDP socket was found: the AF_PACKET sockets bound to interface if_index (the
 * af_packet PMD opens one per queue pair, in queue order, when the device is probed), lowest
 * descriptor first. Leaves k empty (PORT_KSOCK_NONE) when there are none. */
void port_ksock_find_packet(struct port_ksocks *k, uint32_t if_index);

/* The frames the kernel dropped on receive on the port's sockets since start-up (see above).
 * Any thread; concurrent readers each add what they read. 0 for PORT_KSOCK_NONE. */
uint64_t port_ksock_rx_drops(struct port_ksocks *k);

/* "af_packet", "af_xdp" or "" for logs and telemetry. */
const char *port_ksock_kind_name(const struct port_ksocks *k);

#endif
