/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The store's connection-sync setting (SetSync, [sync]): this forwarder's id, its listen
 * address, the pool's key and its peers, checked as one (docs/sync.md).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cfgstore.h"

static bool
endpoint_eq(const struct cfg_endpoint *a, const struct cfg_endpoint *b)
{
	return a->af == b->af && a->port == b->port && hvlb_addr_eq(&a->addr, &b->addr);
}

static int
sync_check_peer(const struct cfg_sync *s, unsigned i, char *err)
{
	const struct cfg_endpoint *p = &s->peers[i];

	if (p->af != s->listen.af) {
		snprintf(err, CFG_ERR_LEN, "peers[%u]: an IPv%u address with an IPv%u listen address",
			 i, p->af, s->listen.af);
		return -EINVAL;
	}
	if (p->port == 0 || (p->addr.q[0] == 0 && p->addr.q[1] == 0)) {
		snprintf(err, CFG_ERR_LEN, "peers[%u]: needs an address and a port", i);
		return -EINVAL;
	}
	if (endpoint_eq(p, &s->listen)) {
		snprintf(err, CFG_ERR_LEN, "peers[%u]: is this forwarder's own listen address", i);
		return -EINVAL;
	}
	for (unsigned k = 0; k < i; k++)
		if (endpoint_eq(p, &s->peers[k])) {
			snprintf(err, CFG_ERR_LEN, "peers[%u]: the same as peers[%u]", i, k);
			return -EINVAL;
		}
	return 0;
}

int
cfg_sync_set(struct cfgstore *st, const struct cfg_sync *s, char *err)
{
	static const struct cfg_sync off;
	int rc;

	if (memcmp(s, &off, sizeof(off)) == 0)
		goto set;
	if (s->id == 0) {
		snprintf(err, CFG_ERR_LEN, "id: must not be 0");
		return -EINVAL;
	}
	if (s->listen.af != HVLB_AF_INET && s->listen.af != HVLB_AF_INET6) {
		snprintf(err, CFG_ERR_LEN, "listen: required (address:port)");
		return -EINVAL;
	}
	if (s->listen.addr.q[0] == 0 && s->listen.addr.q[1] == 0) {
		snprintf(err, CFG_ERR_LEN, "listen: must be an address of this host, not the "
					   "unspecified address");
		return -EINVAL;
	}
	if (s->key_len < 16 || s->key_len > CFG_SYNC_KEY_MAX) {
		snprintf(err, CFG_ERR_LEN, "key: %u bytes, must be 16 to %u", s->key_len,
			 CFG_SYNC_KEY_MAX);
		return -EINVAL;
	}
	if (s->n_peers > CFG_SYNC_PEERS) {
		snprintf(err, CFG_ERR_LEN, "peers: %u, at most %u", s->n_peers, CFG_SYNC_PEERS);
		return -EINVAL;
	}
	if (s->replicas > CFG_SYNC_REPLICAS_MAX) {
		snprintf(err, CFG_ERR_LEN, "replicas: %u, must be 0 (every peer holds every "
			 "connection) to %u", s->replicas, CFG_SYNC_REPLICAS_MAX);
		return -EINVAL;
	}
	for (unsigned i = 0; i < s->n_peers; i++)
		if ((rc = sync_check_peer(s, i, err)) != 0)
			return rc;
set:
	/* The same setting again (an agent reconciling) is no change. */
	if (memcmp(&st->sync, s, sizeof(*s)) == 0)
		return 0;
	st->sync = *s;
	st->version++;
	return 0;
}
