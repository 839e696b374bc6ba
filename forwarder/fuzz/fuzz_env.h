/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What the DPDK harnesses share (docs/testing.md, "Fuzzing"): the EAL without huge pages, and
 * a forwarder on net_ring ports made from rings the harness fills and drains, set up as the
 * fixture runner does (tests/fixtures/fixture_runner.c), driven by stepping its workers and
 * control thread in turn.
 */
#ifndef HVLB_FUZZ_ENV_H
#define HVLB_FUZZ_ENV_H

#include <stdint.h>

#include "fwd.h"
#include "ringfwd.h"

/* The configuration the harnesses run against: $HVLB_FUZZ_CONFIG, else the two-arm fixture
 * topology (tests/fixtures/fixtures.ini). */
const char *fuzz_config_path(void);

/* rte_eal_init with --no-huge and logs off (HVLB_FUZZ_LOG=1 keeps error logs). Aborts on
 * failure: a harness cannot run without it. */
void fuzz_eal_init(const char *argv0);

/* A started forwarder on ring ports for config with n_workers workers (one RX and TX queue
 * each) and, with dispatch, a software dispatch stage in front of them (as with dispatch = on
 * in the file), start-up neighbour requests already drained. Aborts on failure. */
struct fwd *fuzz_fwd_create(const char *config, uint16_t n_workers, int dispatch);

/* Put m on RX queue q of port p (its ring); 0, or -1 when that ring is full or absent. */
int fuzz_rx(uint16_t p, uint16_t q, struct rte_mbuf *m);

/* Free every frame the forwarder transmitted, after passing it to check (when not NULL);
 * returns how many. */
unsigned fuzz_drain_tx(struct fwd *f, void (*check)(const struct rte_mbuf *m));

/* Mbufs the forwarder may rightly hold once idle: the packets workers keep for next hops not
 * resolved yet (neigh_hold) and the control thread's frames not yet sent or read. */
unsigned fuzz_held_mbufs(const struct fwd *f);

#endif
