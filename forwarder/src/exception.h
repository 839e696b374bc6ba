/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The exception path ([portN] exception, docs/ports.md): what arrives for the forwarder's own
 * address and is not answered by the forwarder itself (a BGP session, SSH, an echo reply...)
 * goes to the host's kernel through a device of its own per data port (a TAP the forwarder
 * creates, or any DPDK device named), and what the kernel sends there leaves the data port
 * unchanged. Workers only put frames on one ring (exc_to_kernel); the control thread does
 * every device read and write (exc_poll), so no worker makes a system call for it.
 */
#ifndef HVLB_EXCEPTION_H
#define HVLB_EXCEPTION_H

#include <stdbool.h>
#include <stdint.h>

#include <rte_mbuf.h>
#include <rte_mempool.h>
#include <rte_ring.h>

#include "fwd_limits.h"
#include "port.h"

struct cfgstore;
struct neigh_table;

#define EXC_NONE 0xff
#define EXC_DESC 512 /* an exception device's RX and TX rings (its mbufs from the main pool) */

struct exc_port {
	uint16_t port_id;   /* the DPDK device toward the kernel */
	uint16_t data;      /* the data port (index in the port set) it serves */
	char dev[64];       /* its DPDK name */
	char ifname[32];    /* the kernel interface, for a TAP the forwarder made ("" else) */
};

struct exc_set {
	uint16_t n;
	struct exc_port p[FWD_MAX_PORTS];
	uint8_t of[FWD_MAX_PORTS];   /* data port index -> index in p[], EXC_NONE: no path */
	struct rte_ring *to_kernel;  /* workers (MP) -> control thread (SC); m->port: data port */
	/* Counted by the control thread (summed into the workers' counters, fwd.c). */
	uint64_t from_kernel;        /* frames the kernel sent, queued out of their data port */
	uint64_t lost;               /* frames a device or ring did not take (exception_full) */
};

/* Create the exception devices the settings ask for (after the data ports are set up: a TAP
 * takes its data port's MAC), one queue each. 0 or -errno, logged. */
int exc_setup(struct exc_set *e, const struct port_set *ps, const struct port_settings *set,
	      uint16_t n_ports, struct rte_mempool *pool, int socket);

/* Start them (their kernel interfaces go up). 0 or -errno, logged. */
int exc_start(struct exc_set *e);

/* Give each TAP the forwarder made its data port's own addresses (st's local addresses of
 * that port; IPv6 without duplicate detection), so that the kernel answers for them; the
 * routes beyond the connected ones are the host's. Failures are logged: the kernel then
 * answers for fewer addresses, the forwarder's own work is unchanged (exception_addr.c). */
void exc_give_addresses(const struct exc_set *e, const struct cfgstore *st);

/* Control thread: frames for the kernel to their devices, and the kernel's frames onto the
 * ring that worker 0 sends out of the data ports (neigh.h, the control frames' ring). */
void exc_poll(struct exc_set *e, const struct port_set *ps, struct neigh_table *nt);

/* Stop and close the devices, free the ring and what it holds. */
void exc_close(struct exc_set *e);

#endif
