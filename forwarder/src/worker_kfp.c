/* SPDX-License-Identifier: BSD-3-Clause */
/* A worker's connections handed to the in-kernel fast path (worker_kfp.h). */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <bpf/bpf.h>
#include <rte_common.h>
#include <rte_log.h>

#include "conn_table.h"
#include "lcore_env.h"
#include "port.h"
#include "pos_index.h"
#include "worker.h"
#include "worker_kfp.h"
#include "worker_rs_entry.h"

/* CLOCK_MONOTONIC in ns: bpf_ktime_get_ns()'s clock, the program's last_ns. */
static uint64_t
mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* The index from a connection to its items' positions (core/pos_index.h). */
static const void *
item_conn(const void *ctx, uint32_t pos)
{
	return ((const struct worker_kfp *)ctx)->items[pos].c;
}

static struct pos_index
index_of(struct worker_kfp *k)
{
	return (struct pos_index){.slot = k->index, .mask = KFP_INDEX - 1};
}

/* The lists, allocated at w's first learning, and w's range of count slots, all free: the
 * ports' arrays shared evenly by the workers (a worker's entries are KFP_MAX at most anyway). */
static int
alloc_lists(struct worker *w)
{
	struct worker_kfp *k = &w->kfp;
	uint32_t workers = RTE_MAX(w->env->n_workers, (uint16_t)1);
	uint32_t share = RTE_MIN((uint32_t)KFP_MAX, (uint32_t)XDP_FAST_SLOTS / workers);

	k->items = calloc(KFP_MAX, sizeof(*k->items));
	k->index = calloc(KFP_INDEX, sizeof(*k->index));
	k->free = calloc(share, sizeof(*k->free));
	if (k->items == NULL || k->index == NULL || k->free == NULL) {
		free(k->items);
		free(k->index);
		free(k->free);
		k->items = NULL;
		k->index = NULL;
		k->free = NULL;
		return -1;
	}
	/* The lowest on top: given out first. */
	for (k->n_free = 0; k->n_free < share; k->n_free++)
		k->free[k->n_free] = w->id * share + share - 1 - k->n_free;
	return 0;
}

/* A count slot of w's range, UINT32_MAX where every one is in use. */
static uint32_t
slot_get(struct worker_kfp *k)
{
	return k->n_free > 0 ? k->free[--k->n_free] : UINT32_MAX;
}

static void
slot_put(struct worker_kfp *k, uint32_t slot)
{
	k->free[k->n_free++] = slot;
}

/* The program's counts in slot of port's array now. The program adds on other cores; each
 * word is read whole, and a frame's packet counted before its bytes is caught up at the next
 * fold. */
static struct xdp_fast_count
counts_of(const struct port_kfp *port, uint32_t slot)
{
	const struct xdp_fast_count *n = &port->counts[slot];

	return (struct xdp_fast_count){
		.packets = __atomic_load_n(&n->packets, __ATOMIC_RELAXED),
		.bytes = __atomic_load_n(&n->bytes, __ATOMIC_RELAXED),
		.last_ns = __atomic_load_n(&n->last_ns, __ATOMIC_RELAXED),
	};
}

/* The count of entries in port's program changed by d (the worker's; read by others). */
static void
held_add(struct worker_kfp *k, uint16_t port, int d)
{
	__atomic_store_n(&k->held[port], k->held[port] + (uint32_t)d, __ATOMIC_RELAXED);
}

uint64_t
worker_kfp_entries(struct worker *const *workers, uint16_t n_workers, uint16_t port)
{
	uint64_t n = 0;

	for (uint16_t i = 0; i < n_workers; i++)
		n += __atomic_load_n(&workers[i]->kfp.held[port], __ATOMIC_RELAXED);
	return n;
}

/* The map of port k that holds entries of family af (4 or 6). */
static int
flows_fd(const struct port_kfp *k, uint8_t af)
{
	return af == 6 ? k->flows6_fd : k->flows_fd;
}

/* Teach the kernel: in, out: the first n bytes of the frame as it arrived on port in_port and
 * as the worker sent it out of out_port (port indexes). Refused quietly where the ports have
 * no program, the worker holds KFP_MAX entries, the program could not repeat the rewrite or has
 * the entry already. */
static void
learn(struct worker *w, struct conn *c, unsigned dir, uint16_t in_port, const uint8_t *in,
      const uint8_t *out, uint32_t n, uint16_t out_port)
{
	struct worker_kfp *k = &w->kfp;
	const struct port_kfp *pi = &w->ports->p[in_port].kfp, *po = &w->ports->p[out_port].kfp;
	struct xdp_fast_count was;
	struct xdp_fast_entry e;
	struct kfp_item *it;
	uint32_t slot;

	/* Both ends of the rewrite on ports with the program: the frame leaves by a redirect
	 * to an interface of the same kind the worker would have sent it on. */
	if (pi->flows_fd < 0 || po->flows_fd < 0 || k->n >= KFP_MAX)
		return;
	if (k->items == NULL && alloc_lists(w) != 0)
		return;
	if (xdp_fast_learn_any(in, n, out, n, &e) != 0)
		return;
	if ((slot = slot_get(k)) == UINT32_MAX)
		return;
	if (slot >= pi->n_counts) {
		slot_put(k, slot);
		return;
	}
	xdp_fast_entry_egress(&e, po->ifindex, po->via,
			      (uint16_t)RTE_MIN(w->ports->p[out_port].tx_max, (uint32_t)UINT16_MAX),
			      slot);
	was = counts_of(pi, slot); /* what the slot's last entry left in it */
	if (bpf_map_update_elem(flows_fd(pi, e.af), &e.key, &e.val, BPF_NOEXIST) != 0) {
		slot_put(k, slot);
		return; /* there already (a frame that came up before it was), or the map full */
	}
	it = &k->items[k->n];
	*it = (struct kfp_item){.c = c, .orig = c->orig, .rs_gen = c->rs_gen,
				.nh_epoch = w->nh_epoch, .in_port = in_port,
				.dir = (uint8_t)dir, .af = e.af, .slot = slot,
				.pkts = was.packets, .bytes = was.bytes, .since_ns = mono_ns()};
	memcpy(&it->key, &e.key, sizeof(it->key));
	struct pos_index x = index_of(k);

	pos_index_add(&x, c, k->n++);
	held_add(k, in_port, 1);
	c->reserved |= CONN_F_KFP;
	w->stats.kfp_handed++;
}

bool
worker_kfp_before(struct worker *w, const struct rte_mbuf *m, struct conn *c, unsigned dir,
		  uint8_t tcp_flags)
{
	struct worker_kfp *k = &w->kfp;

	if ((tcp_flags & (HVLB_TCP_FIN | HVLB_TCP_RST)) && worker_kfp_held(c))
		worker_kfp_forget(w, c);
	/* Over, c is ended by this frame, which may open another connection in its place:
	 * nothing to teach of c. */
	if ((c->flags & CONN_FL_RARE) || conn_stale(w, c) ||
	    !worker_kfp_wanted(c, dir, tcp_flags, w->cap != NULL))
		return false;
	k->in_n = RTE_MIN(rte_pktmbuf_data_len(m), (uint32_t)KFP_HDR_MAX);
	k->in_port = w->ports->index[m->port];
	memcpy(k->in, rte_pktmbuf_mtod(m, const uint8_t *), k->in_n);
	return true;
}

void
worker_kfp_after(struct worker *w, const struct rte_mbuf *m, struct conn *c, unsigned dir)
{
	/* m, if queued, is the last frame of its port's TX queue (a full queue was flushed, and
	 * m with it: that frame teaches nothing, a later one will). c in use still: not ended
	 * by the frame (its real gone, and the frame opened another connection). A frame that
	 * left shorter than the bytes copied as it came is no rewrite the kernel repeats. */
	if (!c->in_use || rte_pktmbuf_data_len(m) < w->kfp.in_n)
		return;
	for (uint16_t p = 0; p < w->ports->n; p++) {
		const struct worker_txq *b = w->tx[p];

		if (b != NULL && b->length > 0 && b->pkts[b->length - 1] == m) {
			learn(w, c, dir, w->kfp.in_port, w->kfp.in, rte_pktmbuf_mtod(m, const uint8_t *),
			      w->kfp.in_n, p);
			return;
		}
	}
}

/* What the program counted for it since the last fold (v: its slot's counts now), onto its
 * connection (as that many frames through conn_update_quick would: counts, and the timeout
 * from now where one came) and its real. */
static void
fold(struct worker *w, struct kfp_item *it, const struct xdp_fast_count *v)
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

/* Whether item it's connection is the one it was taught for, in the table still. */
static bool
same(const struct kfp_item *it)
{
	const struct conn *c = it->c;

	return c->in_use && c->rs_gen == it->rs_gen &&
	       memcmp(&c->orig, &it->orig, sizeof(c->orig)) == 0;
}

/* Whether item it may stay in the kernel (now_ns: CLOCK_MONOTONIC); its counts folded where
 * its connection lives. An entry that carried no frame for KFP_IDLE_NS goes too: the scan's
 * work follows the connections that move, and a frame that comes up later hands it over
 * again. */
static bool
keep(struct worker *w, struct kfp_item *it, uint64_t now_ns)
{
	struct conn *c = it->c;
	struct xdp_fast_count v;

	if (!same(it))
		return false; /* ended: whatever the kernel counted since is lost with it */
	v = counts_of(&w->ports->p[it->in_port].kfp, it->slot);
	fold(w, it, &v);
	return w->kfp.on && w->cap == NULL && it->nh_epoch == w->nh_epoch && !conn_stale(w, c) &&
	       !xdp_fast_idle(now_ns, v.last_ns, it->since_ns, KFP_IDLE_NS) &&
	       (c->state == CONN_S_ESTABLISHED || c->state == CONN_S_UDP);
}

/* Take item i back: out of the program's map (what it counted to the last, folded where its
 * connection lives), its slot given back, out of the index and the list (the last one in its
 * place). */
static void
take_back(struct worker *w, uint32_t i)
{
	struct worker_kfp *k = &w->kfp;
	struct kfp_item *it = &k->items[i];
	const struct port_kfp *port = &w->ports->p[it->in_port].kfp;
	uint32_t last = k->n - 1;

	/* Deleted, then its counts read: only a frame the program was sending as the entry went
	 * (on another core) may be counted after the read, and is lost with it. */
	bpf_map_delete_elem(flows_fd(port, it->af), &it->key);
	if (same(it)) {
		struct xdp_fast_count v = counts_of(port, it->slot);

		fold(w, it, &v);
	}
	slot_put(k, it->slot);
	held_add(k, it->in_port, -1);
	struct pos_index x = index_of(k);

	pos_index_del(&x, pos_index_slot(&x, it->c, i), item_conn, k);
	if (i != last) {
		x.slot[pos_index_slot(&x, k->items[last].c, last)] = i + 1;
		k->items[i] = k->items[last];
	}
	k->n--;
	w->stats.kfp_taken_back++;
}

void
worker_kfp_forget(struct worker *w, struct conn *c)
{
	struct worker_kfp *k = &w->kfp;
	struct pos_index x = index_of(k);
	uint32_t found[2];
	unsigned nf;

	c->reserved &= (uint8_t)~CONN_F_KFP;
	if (k->n == 0)
		return;
	nf = pos_index_find(&x, c, item_conn, k, found, 2);
	/* The higher position first: taking it back moves the last item, never the lower one's. */
	if (nf == 2 && found[0] < found[1]) {
		uint32_t t = found[0];

		found[0] = found[1];
		found[1] = t;
	}
	for (uint32_t i = 0; i < nf; i++)
		take_back(w, found[i]);
}

void
worker_kfp_scan(struct worker *w)
{
	struct worker_kfp *k = &w->kfp;
	/* Each entry once at most: with fewer than KFP_SCAN_BATCH, the cursor would come round
	 * to the same ones again, a system call each. */
	uint32_t share = RTE_MAX((uint32_t)KFP_SCAN_BATCH, (k->n + KFP_SCAN_CYCLE - 1) /
								   KFP_SCAN_CYCLE);
	uint32_t batch = worker_kfp_changed(k, w->nh_epoch, w->cap != NULL) ? k->n
									     : RTE_MIN(k->n, share);

	uint64_t now_ns = mono_ns();

	k->tick = w->now;
	k->epoch_seen = w->nh_epoch;
	k->cap_seen = w->cap != NULL;
	for (uint32_t b = 0; b < batch && k->n > 0; b++) {
		if (k->cursor >= k->n)
			k->cursor = 0;
		if (keep(w, &k->items[k->cursor], now_ns))
			k->cursor++;
		else
			take_back(w, k->cursor);
	}
}
