/* SPDX-License-Identifier: BSD-3-Clause */
/* A worker's connections handed to the in-kernel fast path (worker_kfp.h). */
#include <stdlib.h>
#include <string.h>

#include <bpf/bpf.h>
#include <rte_common.h>
#include <rte_log.h>

#include "port.h"
#include "worker.h"
#include "worker_kfp.h"

void
worker_kfp_learn(struct worker *w, struct conn *c, unsigned dir, uint16_t in_port,
		 const uint8_t *in, const uint8_t *out, uint32_t n, uint16_t out_port)
{
	struct worker_kfp *k = &w->kfp;
	const struct port_kfp *pi = &w->ports->p[in_port].kfp, *po = &w->ports->p[out_port].kfp;
	struct xdp_fast_key key;
	struct xdp_fast_val v;
	struct kfp_item *it;

	/* Both ends of the rewrite on ports with the program: the frame leaves by a redirect
	 * to an interface of the same kind the worker would have sent it on. */
	if (pi->flows_fd < 0 || po->flows_fd < 0 || k->n >= KFP_MAX)
		return;
	if (k->items == NULL && (k->items = calloc(KFP_MAX, sizeof(*k->items))) == NULL)
		return;
	if (xdp_fast_learn(in, n, out, n, &key, &v) != 0)
		return;
	v.oif = po->ifindex;
	v.via = po->via;
	v.max_len = (uint16_t)RTE_MIN(w->ports->p[out_port].tx_max, (uint32_t)UINT16_MAX);
	if (bpf_map_update_elem(pi->flows_fd, &key, &v, BPF_NOEXIST) != 0)
		return; /* there already (a frame that came up before it was), or the map full */
	it = &k->items[k->n++];
	*it = (struct kfp_item){.c = c, .orig = c->orig, .rs_gen = c->rs_gen,
				.nh_epoch = w->nh_epoch, .in_port = in_port,
				.dir = (uint8_t)dir, .key = key};
}

/* What the program counted for it since the last fold, onto its connection (as that many
 * frames through conn_update_quick would: counts, and the timeout from now where one came)
 * and its real. */
static void
fold(struct worker *w, struct kfp_item *it, const struct xdp_fast_val *v)
{
	struct conn *c = it->c;
	uint64_t dp = v->packets - it->pkts, db = v->bytes - it->bytes;
	struct slot_stats *rs = &w->rs[c->rs_slot].stats;

	if (dp == 0)
		return;
	c->pkts[it->dir] += (uint32_t)dp;
	c->bytes[it->dir] += db;
	rs->pkts += dp;
	rs->bytes += db;
	if (c->state == CONN_S_ESTABLISHED || c->state == CONN_S_UDP)
		c->deadline = w->tnow + w->conn_ticks[(size_t)c->to_set * CONN_S_MAX + c->state];
	it->pkts = v->packets;
	it->bytes = v->bytes;
}

/* Whether item it may stay in the kernel; its counts folded where its connection lives. */
static bool
keep(struct worker *w, struct kfp_item *it)
{
	struct conn *c = it->c;
	bool same = c->in_use && c->rs_gen == it->rs_gen &&
		    memcmp(&c->orig, &it->orig, sizeof(c->orig)) == 0;
	struct xdp_fast_val v;

	if (!same)
		return false; /* ended: whatever the kernel counted since is lost with it */
	if (bpf_map_lookup_elem(w->ports->p[it->in_port].kfp.flows_fd, &it->key, &v) != 0)
		return false;
	fold(w, it, &v);
	return w->kfp.on && w->cap == NULL && it->nh_epoch == w->nh_epoch &&
	       w->rs_gen[c->rs_slot] == c->rs_gen &&
	       (c->state == CONN_S_ESTABLISHED || c->state == CONN_S_UDP);
}

/* Take item i back: out of the program's map, out of the list (the last one in its place). */
static void
take_back(struct worker *w, uint32_t i)
{
	struct worker_kfp *k = &w->kfp;
	struct kfp_item *it = &k->items[i];

	bpf_map_delete_elem(w->ports->p[it->in_port].kfp.flows_fd, &it->key);
	k->items[i] = k->items[--k->n];
}

void
worker_kfp_forget(struct worker *w, const struct conn *c)
{
	struct worker_kfp *k = &w->kfp;

	for (uint32_t i = 0; i < k->n;) {
		if (k->items[i].c != c) {
			i++;
			continue;
		}
		keep(w, &k->items[i]); /* its counts */
		take_back(w, i);
	}
}

void
worker_kfp_scan(struct worker *w)
{
	struct worker_kfp *k = &w->kfp;

	uint32_t batch = worker_kfp_changed(k, w->nh_epoch, w->cap != NULL) ? k->n : KFP_SCAN_BATCH;

	k->tick = w->now;
	k->epoch_seen = w->nh_epoch;
	k->cap_seen = w->cap != NULL;
	for (uint32_t b = 0; b < batch && k->n > 0; b++) {
		if (k->cursor >= k->n)
			k->cursor = 0;
		if (keep(w, &k->items[k->cursor]))
			k->cursor++;
		else
			take_back(w, k->cursor);
	}
}
