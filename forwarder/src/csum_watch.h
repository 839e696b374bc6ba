/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Spotting transmit checksum offload on the far side of a port (docs/drops.md, bad_l4_csum):
 * a veth or tap peer with tx checksum offload on leaves the TCP/UDP checksum of what it sends
 * for a NIC to fill in, AF_PACKET hands such frames over unfilled, and every new connection
 * arriving on the port is a bad_l4_csum drop, with nothing else to say why. The workers count
 * those drops by port, and how many carried an unfilled checksum (struct port_csum_drops, on
 * the drop path only); the control thread sums them here a few times a second and, once a
 * port has seen CSUM_WATCH_MIN unfilled ones, flags it and logs once what to do. The flag
 * stays until the forwarder restarts; the counts show whether it still happens.
 */
#ifndef HVLB_CSUM_WATCH_H
#define HVLB_CSUM_WATCH_H

#include <stdint.h>

#include "fwd_limits.h"
#include "port.h"
#include "worker.h"

/* Unfilled checksums on a port before it is flagged: chance gives one bad checksum in 65,536
 * that look unfilled, so eight are never chance. */
#define CSUM_WATCH_MIN 8

struct csum_watch {
	uint64_t next;                  /* TSC of the next look */
	uint64_t period;                /* TSC ticks between looks */
	uint8_t flagged[FWD_MAX_PORTS]; /* the port's peer offloads checksums (logged) */
};

/* Look every 100 ms, starting now. */
void csum_watch_init(struct csum_watch *cw, uint64_t hz, uint64_t now);

/* Port's bad_l4_csum drops and unfilled checksums among them, summed over the workers. */
void csum_watch_sum(struct worker *const *workers, uint16_t n_workers, uint16_t port,
		    uint64_t *bad, uint64_t *unfilled);

/* When a look is due: flag, and log once, every port with CSUM_WATCH_MIN unfilled checksums.
 * Control thread. */
void csum_watch_poll(struct csum_watch *cw, struct worker *const *workers, uint16_t n_workers,
		     const struct port_set *ports, uint64_t now);

#endif
