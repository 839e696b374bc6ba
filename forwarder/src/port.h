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
#include "port_ksock.h"

struct fwd_port {
	uint16_t port_id;
	uint16_t nb_rxq;
	uint16_t nb_txq;    /* one per worker */
	int socket;
	struct rte_ether_addr mac;
	char name[64];
	char steering[96];  /* how flows reach their owner, logged at start-up */
	struct port_ksocks ks; /* its kernel sockets, on a kernel-interface port */
	uint8_t nic_hash;   /* its NIC hashes TCP and UDP over IPv4 and IPv6 with toeplitz_key and
			       puts the hash in each mbuf (port_setup's nic_hash) */
};

/* What the configuration file says about one port. */
struct port_settings {
	char dev[64];     /* empty: DPDK port id = index */
	int has_mac;
	struct rte_ether_addr mac;
	char exception[64]; /* exception.h: "tap", "tap:IFNAME" or a DPDK device; "": none */
	uint16_t rx_desc; /* RX descriptors per queue (an AF_XDP port's receive ring); 0: default */
};

struct port_set {
	uint16_t n;
	struct fwd_port p[FWD_MAX_PORTS];
	uint8_t index[RTE_MAX_ETHPORTS]; /* DPDK port id -> index in p[] */
};

/* The NUMA socket of the device s names (port idx), before it is set up; -1 when unknown. */
int port_socket(const struct port_settings *s, uint16_t idx);

/* Set port idx of ps up as s says: queues for n_workers, RX buffers from pool. With nic_hash,
 * a device that can hash TCP and UDP over IPv4 and IPv6 into its mbufs gets RSS with
 * toeplitz_key (core/toeplitz.h), even on one queue, and p->nic_hash says so. 0 or -errno,
 * logged. */
int port_setup(struct port_set *ps, uint16_t idx, const struct port_settings *s,
	       uint16_t n_workers, struct rte_mempool *pool, bool nic_hash);

/* Start every port and log what it is. 0 or -errno, logged. */
int port_start_all(struct port_set *ps);

/* Stop and close every port. */
void port_close_all(struct port_set *ps);

#endif
