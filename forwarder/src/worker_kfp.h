/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A worker's connections handed to the in-kernel fast path (docs/kernel-fast-path.md): with
 * kernel_fast_path on, an established connection's frame that the worker forwarded teaches its
 * AF_XDP port's XDP program to repeat that rewrite (worker_kfp_before, worker_kfp_after), and the
 * later frames of that connection and direction never reach the worker. The worker still owns
 * the connection: every little while (worker_kfp_scan) it folds what the program counted into
 * the connection (packets, bytes, its timeout refreshed as a frame would) and its real's
 * counters, and takes the entry back where the connection may no longer go as it was taught:
 * ended or over (its real removed or down), no longer established, its next hop or the
 * configuration changed (a new epoch), a capture running, the fast path turned off. Taken
 * back, its frames come up again, and a later one may teach it again. A SYN, FIN or RST always
 * comes up (the program's rule), and takes its connection's entries back at once.
 */
#ifndef HVLB_WORKER_KFP_H
#define HVLB_WORKER_KFP_H

#include <stdbool.h>
#include <stdint.h>

#include <rte_mbuf.h>

#include "conn.h"
#include "conn_table.h"
#include "kfp_items.h"
#include "parse.h"
#include "vs.h"

struct worker;

/* Whether the frame (its TCP flags) of c in direction dir, about to take the fast path, should
 * teach the kernel: c established (a UDP flow: answered, or a DR one), dir's frames past
 * KFP_MIN_PKTS, nothing captured. */
static inline bool
worker_kfp_wanted(const struct conn *c, unsigned dir, uint8_t tcp_flags, bool captured)
{
	if (captured || c->pkts[dir] < KFP_MIN_PKTS ||
	    (tcp_flags & (HVLB_TCP_SYN | HVLB_TCP_FIN | HVLB_TCP_RST)) != 0)
		return false;
	return c->state == CONN_S_ESTABLISHED ||
	       (c->state == CONN_S_UDP && (c->pkts[CONN_DIR_REPLY] > 0 || c->mode == VS_MODE_DR));
}

/* Around forwarding a frame of c in direction dir (worker_fwd.c: fast_forward_kfp on the fast
 * path, forward_kfp on the full path, for IPv6, FullNAT and VLAN-tagged frames):
 * worker_kfp_before takes c's entries back for its FIN or RST, and returns whether the frame
 * should teach the kernel (c live and established as worker_kfp_wanted says, no rare flag),
 * having copied it as it came; then worker_kfp_after, once it was forwarded, teaches the kernel
 * from the frame as it left, where the worker queued it on a port (not dropped, held,
 * fragmented or sent otherwise: it is then the last frame of that port's TX queue). */
bool worker_kfp_before(struct worker *w, const struct rte_mbuf *m, struct conn *c,
		       unsigned dir, uint8_t tcp_flags);
void worker_kfp_after(struct worker *w, const struct rte_mbuf *m, struct conn *c,
		      unsigned dir);

/* Whether c may have entries in the kernel (a hint: set when one is handed over, cleared by
 * worker_kfp_forget; a connection's FIN or RST pays for no lookup without it). */
static inline bool
worker_kfp_held(const struct conn *c)
{
	return (c->reserved & CONN_F_KFP) != 0;
}

/* The entries port's program holds now (the workers' counts: no walk of its map, which would
 * cost a system call an entry; read while they run). */
uint64_t worker_kfp_entries(struct worker *const *workers, uint16_t n_workers, uint16_t port);

/* Take back c's entries at once (its FIN or RST came up), found by the worker's index. */
void worker_kfp_forget(struct worker *w, struct conn *c);

/* Whether every entry must be looked at now, not KFP_SCAN_BATCH of them: the epoch changed (a
 * snapshot: a real removed or down, a service changed; or the next hops), a capture started or
 * ended, or the fast path was turned off. Taken back at once, not within 0.64 s. */
static inline bool
worker_kfp_changed(const struct worker_kfp *k, uint32_t nh_epoch, bool captured)
{
	return k->epoch_seen != nh_epoch || k->cap_seen != captured || !k->on;
}

/* Fold and check the next KFP_SCAN_BATCH entries, or all of them where worker_kfp_changed
 * (worker_loop.c: KFP_SCAN_PER_S a second, and at once on a change). */
void worker_kfp_scan(struct worker *w);

#endif
