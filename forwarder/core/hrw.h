/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * k-way replication's placement rule (docs/sync.md, "k-way replication"): rendezvous (highest
 * random weight) hashing of a connection's client endpoint over the ids of the live
 * forwarders. Every forwarder computes the same ranking from the same key and the same ids,
 * whatever order it lists them in, with no table to agree on; a forwarder that joins or leaves
 * changes the top k of only the keys it ranks in (about k/N of them). No DPDK, no allocation.
 */
#ifndef HVLB_CORE_HRW_H
#define HVLB_CORE_HRW_H

#include <stdint.h>

#include "types.h"

#define HRW_MAX_IDS 32

/* The key a connection is ranked by: its client's address, port and protocol, the part of
 * the tuple both directions carry (the client is the source of its packets and the
 * destination of the NF's NAT replies). */
uint32_t hrw_conn_key(const union hvlb_addr *client, uint16_t client_port, uint8_t proto);

/* The score of forwarder id for key: the rule ranks ids by it, highest first (ties, which a
 * 64-bit mix makes vanishingly rare, by the lower id). */
uint64_t hrw_score(uint32_t key, uint32_t id);

/* Up to k of the n ids (at most HRW_MAX_IDS, each listed once), best ranked first, skipping
 * id skip (0: none), into out. Returns how many. */
unsigned hrw_pick(uint32_t key, const uint32_t *ids, unsigned n, uint32_t skip, unsigned k,
		  uint32_t *out);

#endif
