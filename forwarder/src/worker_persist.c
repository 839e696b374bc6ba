/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Source-IP persistence (worker_persist.h), and its settings' checks (core/vs_settings.h).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <rte_branch_prediction.h>
#include <rte_common.h>

#include "scheduler.h"
#include "worker_hash.h"
#include "worker_persist.h"

#define PERSIST_SETS (1u << 16)
#define PERSIST_WAYS 4

struct persist_entry {
	uint64_t key; /* persist_key(); 0: empty */
	uint64_t val; /* the real's slot (bits 48-63), its generation's low 16 bits (32-47), and
			 the second its entry expires (0-31) */
};

static struct persist_entry persist_tbl[PERSIST_SETS][PERSIST_WAYS] __rte_cache_aligned;

int
vs_check_persistence(const struct vs_setting_ctx *c, uint32_t value, char *err)
{
	if (value != 0 && c->hash == VS_HASH_SIP_CALL_ID) {
		snprintf(err, VS_SETTING_ERR_LEN, "not with hash sip_call_id (a call's messages go "
			 "by its Call-ID)");
		return -EINVAL;
	}
	return 0;
}

int
vs_check_persistence_prefix(const struct vs_setting_ctx *c, uint32_t value, char *err)
{
	if (c->af == HVLB_AF_INET && value > 32) {
		snprintf(err, VS_SETTING_ERR_LEN, "must be 0 to 32 for an IPv4 service");
		return -EINVAL;
	}
	return 0;
}

/* The client's address under the service's prefix (0: all of it). */
static union hvlb_addr
persist_client(const union hvlb_addr *src, uint8_t af, uint32_t prefix)
{
	union hvlb_addr a = *src;
	uint32_t bits = af == HVLB_AF_INET ? 32 : 128;

	if (prefix == 0 || prefix > bits)
		prefix = bits;
	for (uint32_t i = prefix / 8; i < 16; i++)
		a.b[i] = 0;
	if (prefix % 8 != 0)
		a.b[prefix / 8] = src->b[prefix / 8] & (uint8_t)(0xff00u >> (prefix % 8));
	return a;
}

static uint64_t
persist_key(const struct vs *vs, const union hvlb_addr *client)
{
	uint64_t k = (uint64_t)hash_bytes(client->b, sizeof(client->b), vs->key) << 32 |
		     hash_bytes(client->b, sizeof(client->b), ~vs->key);

	return k != 0 ? k : 1;
}

/* The index in vs->rs of the usable real of slot and generation gen16, or -1. */
static int
persist_usable(const struct vs *vs, uint16_t slot, uint16_t gen16)
{
	for (uint16_t j = 0; j < vs->n_usable; j++) {
		const struct rs_config *rs = &vs->rs[vs->usable[j]];

		if (rs->slot == slot && (uint16_t)rs->gen == gen16)
			return vs->usable[j];
	}
	return -1;
}

static void
persist_write(struct persist_entry *e, uint64_t key, uint64_t val)
{
	__atomic_store_n(&e->key, 0, __ATOMIC_RELEASE);
	__atomic_store_n(&e->val, val, __ATOMIC_RELEASE);
	__atomic_store_n(&e->key, key, __ATOMIC_RELEASE);
}

/* The real a client without an entry gets: maglev and sh by the client (so that two workers
 * choosing at once agree), the others by their own rule. */
static int
persist_first(const struct vs *vs, const union hvlb_addr *client, const struct flow_key *k,
	      uint32_t flow_hash, struct sched_worker *s)
{
	return vs->sched == HVLB_SCHED_MAGLEV || vs->sched == HVLB_SCHED_SH
		       ? sched_pick_by_hash(vs, addr_hash(client))
		       : sched_pick_5tuple(vs, k, flow_hash, s);
}

int
worker_persist_peek(const struct vs *vs, const struct flow_key *k, uint32_t flow_hash,
		    struct sched_worker *s, uint32_t now, uint32_t *left)
{
	union hvlb_addr client = persist_client(&k->src, vs->af, vs->set.persistence_prefix);
	uint64_t key = persist_key(vs, &client);
	struct persist_entry *set = persist_tbl[key & (PERSIST_SETS - 1)];

	for (unsigned way = 0; way < PERSIST_WAYS; way++) {
		uint64_t ek = __atomic_load_n(&set[way].key, __ATOMIC_ACQUIRE);
		uint64_t v = __atomic_load_n(&set[way].val, __ATOMIC_ACQUIRE);
		int32_t l = (int32_t)((uint32_t)v - now);

		if (ek != key || __atomic_load_n(&set[way].key, __ATOMIC_ACQUIRE) != key || l <= 0)
			continue;
		int i = persist_usable(vs, (uint16_t)(v >> 48), (uint16_t)(v >> 32));

		if (i < 0)
			break;
		*left = (uint32_t)l;
		return i;
	}
	*left = 0;
	return persist_first(vs, &client, k, flow_hash, s);
}

int
worker_persist_pick(struct worker *w, const struct pkt_ctx *x, const struct vs *vs)
{
	union hvlb_addr client = persist_client(&x->key->src, vs->af, vs->set.persistence_prefix);
	uint64_t key = persist_key(vs, &client);
	struct persist_entry *set = persist_tbl[key & (PERSIST_SETS - 1)];
	uint32_t now = (uint32_t)(w->now / w->env->hz);
	struct persist_entry *mine = NULL, *victim = NULL;
	uint32_t victim_left = UINT32_MAX; /* seconds its entry has left; 0: free */
	int i = -1;

	for (unsigned k = 0; k < PERSIST_WAYS; k++) {
		struct persist_entry *e = &set[k];
		uint64_t ek = __atomic_load_n(&e->key, __ATOMIC_ACQUIRE);
		uint64_t v = __atomic_load_n(&e->val, __ATOMIC_ACQUIRE);
		int32_t left = ek != 0 ? (int32_t)((uint32_t)v - now) : 0;

		if (ek == key && __atomic_load_n(&e->key, __ATOMIC_ACQUIRE) == key) {
			mine = e;
			if (left > 0)
				i = persist_usable(vs, (uint16_t)(v >> 48), (uint16_t)(v >> 32));
			break;
		}
		/* Else the way to take: a free one (empty or expired), or the nearest to expiry. */
		if ((uint32_t)RTE_MAX(left, 0) < victim_left) {
			victim = e;
			victim_left = (uint32_t)RTE_MAX(left, 0);
		}
	}
	if (i >= 0) {
		w->stats.persist_hit++;
	} else {
		i = persist_first(vs, &client, x->key, pkt_flow_hash(w, x), &w->sched);
		if (unlikely(i < 0))
			return -1;
		w->stats.persist_new++;
		if (mine == NULL) {
			if (victim_left > 0)
				w->stats.persist_evicted++;
			mine = victim;
		}
	}
	persist_write(mine, key, (uint64_t)vs->rs[i].slot << 48 |
				 (uint64_t)(uint16_t)vs->rs[i].gen << 32 |
				 /* + 1: at least the timeout, in whole seconds */
				 (uint32_t)(now + vs->set.persistence_timeout + 1));
	return i;
}
