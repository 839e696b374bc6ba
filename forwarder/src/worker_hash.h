/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The hashes a worker files and finds a packet's connection by (conn_set_hash): the flow hash
 * of its key, or the Toeplitz hash its NIC computed (RSS) where the tables file keys by that,
 * checked before it is trusted. In line in worker_fwd.c's burst loop.
 */
#ifndef HVLB_WORKER_HASH_H
#define HVLB_WORKER_HASH_H

#include <rte_log.h>
#include <rte_mbuf.h>

#include "conn.h"
#include "hash.h"
#include "pkt_ctx.h"
#include "worker.h"

/* The flow hash of x's key (hash.h), the same in every forwarder of a pool whatever its ports:
 * Maglev picks a new connection's NF by it, and tunnels take their outer source port from it.
 * It is x->hash for an IPv6 key when the tables file keys by their own hash (conn_key_hash);
 * an IPv4 key's is the table's 16-byte one, and the NIC's is Toeplitz. */
static inline uint32_t
pkt_flow_hash(const struct worker *w, const struct pkt_ctx *x)
{
	return w->key_hash == WORKER_HASH_FLOW && x->key->af != HVLB_AF_INET ? x->hash
									     : flow_hash(x->key);
}

/* A NIC hash that disagreed with the key's own (conn_key_hash): the port does not hash as its
 * configuration promised (a key of its own, another input), so this worker hashes every key
 * itself from now on. Counted and told once. */
static __rte_noinline uint32_t
nic_hash_check(struct worker *w, const struct rte_mbuf *m, const struct flow_key *key)
{
	uint32_t h = conn_key_hash(key);

	w->nic_hash_checks--;
	if (h != m->hash.rss) {
		w->key_hash = WORKER_HASH_SOFT;
		w->stats.nic_hash_mismatch++;
		RTE_LOG(WARNING, USER1, "worker %u: port %u's RSS hash 0x%08x is not the Toeplitz "
			"hash 0x%08x of its packet's tuple: hashing every key in software\n", w->id,
			m->port, m->hash.rss, h);
	}
	return h;
}

/* The connection-table hash of a packet parse_fast4 took (key: its tuple as on the wire) where
 * the tables file keys by the Toeplitz hash (conn_set_hash; not WORKER_HASH_FLOW, whose hash
 * the burst loop takes itself, conn_key4_hash): the hash its NIC computed (RSS) when the port
 * gave one and it has proved right (the first WORKER_NIC_HASH_CHECKS are checked); else
 * Toeplitz in software. */
static __rte_always_inline uint32_t
burst_hash(struct worker *w, const struct rte_mbuf *m, const struct flow_key *key)
{
	if (w->key_hash == WORKER_HASH_NIC && (m->ol_flags & RTE_MBUF_F_RX_RSS_HASH)) {
		if (likely(w->nic_hash_checks == 0))
			return m->hash.rss;
		return nic_hash_check(w, m, key);
	}
	return toeplitz_flow_hash(conn_hash_tz, key);
}

#endif
