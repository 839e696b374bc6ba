/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A forwarder on memory-fed ring ports, stepped on one thread: what the fixture runner and the
 * fuzz harnesses share. Ports are made from the config file's [portN] dev names
 * (net_ring_<name>) before fwd_create; the lcores' loops are then called by hand, so around
 * the control thread's work (which may publish, and a publication waits for every online RCU
 * reader) the readers are taken offline.
 */
#ifndef HVLB_RINGFWD_H
#define HVLB_RINGFWD_H

#include <stdbool.h>
#include <stdint.h>

#include <rte_ring.h>

#include "fwd.h"
#include "toeplitz.h"

struct ringfwd_ports {
	uint16_t n_ports;
	uint16_t n_queues; /* RX and TX queues per port: one per worker */
	uint16_t n_exc;    /* exception devices (exception.h) named net_ring_*, at n_ports +
			      0..n_exc-1 in rx / tx, queue 0 only */
	struct rte_ring *rx[FWD_MAX_PORTS][FWD_MAX_WORKERS];
	struct rte_ring *tx[FWD_MAX_PORTS][FWD_MAX_WORKERS];
};

/* Ring ports for every [portN] of the file at config, n_queues each, of ring_size entries, and
 * one of a single queue for each exception device the file names net_ring_<name>; tag names
 * the rings (unique per process). 0, or -1 after printing why. */
int ringfwd_make_ports(struct ringfwd_ports *rp, const char *config, uint16_t n_queues,
		       unsigned ring_size, const char *tag);

/* A copy of the config file at path, in the mkstemp template tmpl, with lines (each ending in
 * a newline) added to its [forwarder] section. 0 or -1 after printing why. */
int ringfwd_config_with(const char *path, char *tmpl, const char *lines);

/* ringfwd_config_with dispatch = on. */
int ringfwd_config_with_dispatch(const char *path, char *tmpl);

/* Take every reader (workers, dispatch stages) offline (off) or back online. */
void ringfwd_readers_offline(struct fwd *f, bool off);

/* Run the dispatch stages, the workers and the control thread (its readers offline) in turn
 * until two rounds in a row move no packet. */
void ringfwd_run_until_idle(struct fwd *f);

/* Play the NIC of a port that port.c set up for its RSS hash (ring ports give none): give m
 * the hash such a NIC would, Toeplitz with tz over addresses and ports for TCP and UDP, over
 * the addresses for other IP (nothing for the rest), XORed with spoil (0: the right one). */
void ringfwd_nic_hash(struct rte_mbuf *m, const struct toeplitz *tz, uint32_t spoil);

#endif
