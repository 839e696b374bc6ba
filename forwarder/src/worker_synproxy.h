/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A worker's side of the SYN proxy (core/synproxy.h, docs/synproxy.md): answering SYNs with
 * cookies, opening a connection from a valid cookie ACK, completing the NF's handshake,
 * holding one client packet until then, translating sequence numbers, and an auto service's
 * switch. worker_fwd.c calls it only for services whose synproxy is not off (on a miss) and
 * for connections with a CONN_FL_SP_* flag (one branch on conn->flags otherwise).
 */
#ifndef HVLB_WORKER_SYNPROXY_H
#define HVLB_WORKER_SYNPROXY_H

#include <stdbool.h>
#include <stdint.h>

#include "parse.h"
#include "worker.h"

/* Frames the proxy made or released, for the caller to route and send (it owns route_tx):
 * m[i] to dst[i]. */
struct sp_tx {
	struct rte_mbuf *m[2];
	union hvlb_addr dst[2]; /* copies: a connection's addresses are split in its entry */
	uint8_t n;
};

enum sp_verdict {
	SP_PASS = 0, /* open the connection as usual (a SYN while the proxy is off) */
	SP_DONE,     /* the packet was answered (a cookie SYN-ACK) or dropped */
	SP_OPEN,     /* a valid cookie ACK: open a proxied connection (worker_synproxy_opened) */
	SP_BAD,      /* an ACK without a valid cookie */
};

/* Whether vs's proxy answers SYNs on this worker now (on, or auto and switched on). */
static inline bool
worker_synproxy_active(const struct worker *w, const struct vs *vs)
{
	return vs->synproxy == VS_SYNPROXY_ON ||
	       (vs->synproxy == VS_SYNPROXY_AUTO && w->sp_vs[vs->slot].on);
}

/* A TCP packet (pi) that found no connection, to vs (synproxy not off), checksum verified: a
 * SYN is made the cookie SYN-ACK while the proxy is active (SP_DONE, m in *tx) or passes
 * (SP_PASS); any other packet is checked for a cookie (SP_OPEN with *cookie, or SP_BAD). */
enum sp_verdict worker_synproxy_new(struct worker *w, struct rte_mbuf *m, struct pkt_info *pi,
				    const struct vs *vs, uint32_t *cookie, struct sp_tx *tx);

/* c was just opened for x: by a valid cookie (proxied, SP_OPEN) or, for an auto service, by
 * a SYN (counted among its embryonic connections; the proxy turns on past the threshold). */
void worker_synproxy_opened(struct worker *w, struct conn *c, const struct pkt_info *pi,
			    const uint8_t *frame, uint32_t cookie);
void worker_synproxy_counted(struct worker *w, struct conn *c, const struct vs *vs);

/* A client packet of c (a CONN_FL_SP_* flag), accounted; opened: c was just created for it.
 * True: go on (rewrite_nat_to_rs and send m, translated or made the NF's SYN); false: m was
 * held or dropped, and what is to be sent instead is in *tx. */
bool worker_synproxy_orig(struct worker *w, struct rte_mbuf *m, struct pkt_info *pi,
			  struct conn *c, bool opened, struct sp_tx *tx);

/* An NF packet of c (a CONN_FL_SP_* flag), before it is accounted. True: go on (translated,
 * or an RST made the client's); false: absorbed (the NF's SYN-ACK, made the ACK completing
 * its handshake, and the held packet are in *tx) or dropped. */
bool worker_synproxy_reply(struct worker *w, struct rte_mbuf *m, struct pkt_info *pi,
			   struct conn *c, struct sp_tx *tx);

/* Each auto service's switch (off below half the threshold), and the second's counts start
 * again: the worker loop calls it once a second (sp_tick). */
void worker_synproxy_tick(struct worker *w);

#endif
