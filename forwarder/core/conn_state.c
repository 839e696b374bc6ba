/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A connection's state (conn.h): the TCP state machine each packet moves, its timeouts, the
 * state a peer's sync message sets, and the embryonic connections evicted for room. conn.c
 * keeps the table itself (its index, insert, delete, expiry).
 */
#include <stdbool.h>
#include <stdint.h>

#include "conn.h"
#include "conn_table.h"

static const char *const conn_state_names[CONN_S_MAX] = {
	[CONN_S_NONE] = "none",
	[CONN_S_SYN_SENT] = "syn_sent",
	[CONN_S_SYN_RECV] = "syn_recv",
	[CONN_S_ESTABLISHED] = "established",
	[CONN_S_FIN_WAIT] = "fin_wait",
	[CONN_S_TIME_WAIT] = "time_wait",
	[CONN_S_CLOSE] = "close",
	[CONN_S_UDP] = "udp",
	[CONN_S_UNCONFIRMED] = "unconfirmed",
};

void
conn_timeouts_default(struct conn_timeouts *t)
{
	t->tcp_syn = 30;
	t->tcp_est = 900;
	t->tcp_fin = 120;
	t->tcp_tw = 30;
	t->tcp_close = 10;
	t->udp = 300;
}

const char *
conn_state_name(unsigned state)
{
	return state < CONN_S_MAX ? conn_state_names[state] : "unknown";
}

/* The timeout of c's set and state, one load from the table's rows. */
static inline uint32_t
conn_timeout_of(const struct conn_table *t, const struct conn *c)
{
	size_t i = (size_t)c->to_set * CONN_S_MAX + (size_t)c->state;

	return (&t->timeout[0][0])[i];
}

/* A SYN that is not a retransmission: the client reuses the port of a finished connection. */
static inline bool
conn_tcp_reopens(uint8_t s)
{
	/* FIN_WAIT too: in DR and tunnel modes the NF's FIN is never seen, so a finished
	 * connection stays in FIN_WAIT until it expires. */
	return s == CONN_S_FIN_WAIT || s == CONN_S_TIME_WAIT || s == CONN_S_CLOSE ||
	       s == CONN_S_NONE || s == CONN_S_UNCONFIRMED;
}

/* SYN_SENT of a connection that has a reply direction (NAT): the NF has not answered, so
 * nothing but the client's SYN is known; no packet but the NF's SYN-ACK moves it on (conn.h). */
static inline bool
conn_tcp_unanswered(const struct conn *c, uint8_t s)
{
	return s == CONN_S_SYN_SENT && (c->reserved & CONN_F_REPLY_KEY);
}

/* Flags are valid (parse_tcp_flags_valid): a SYN carries neither FIN nor RST. */
static uint8_t
conn_tcp_next(struct conn_table *t, struct conn *c, enum conn_dir dir, uint8_t fl)
{
	uint8_t s = c->state;

	if (fl & HVLB_TCP_RST)
		return CONN_S_CLOSE;
	/* Met mid-stream (conn.h): only the NF's side confirms it, and only the client's SYN
	 * opens it anew; anything else leaves it as it is. */
	if (s == CONN_S_UNCONFIRMED && !(dir == CONN_DIR_ORIG && conn_tcp_opens(fl))) {
		if (dir != CONN_DIR_REPLY || (fl & HVLB_TCP_SYN))
			return s;
		s = CONN_S_ESTABLISHED;
	}
	if (fl & HVLB_TCP_SYN) {
		if (dir == CONN_DIR_ORIG && conn_tcp_opens(fl) && conn_tcp_reopens(s)) {
			c->reserved &= (uint8_t)~(CONN_F_FIN_ORIG | CONN_F_FIN_REPLY |
						  CONN_F_ORIG_ACKED);
			conn_emb_push(t, c);
			return CONN_S_SYN_SENT;
		}
		if (dir == CONN_DIR_REPLY && (fl & HVLB_TCP_ACK) && s == CONN_S_SYN_SENT)
			return CONN_S_SYN_RECV;
		return s;
	}
	if (fl & HVLB_TCP_FIN) {
		if (s == CONN_S_CLOSE || s == CONN_S_TIME_WAIT || conn_tcp_unanswered(c, s))
			return s;
		c->reserved |= dir == CONN_DIR_ORIG ? CONN_F_FIN_ORIG : CONN_F_FIN_REPLY;
		if ((c->reserved & (CONN_F_FIN_ORIG | CONN_F_FIN_REPLY)) ==
		    (CONN_F_FIN_ORIG | CONN_F_FIN_REPLY))
			return CONN_S_TIME_WAIT;
		return CONN_S_FIN_WAIT;
	}
	/* The client's ACK completes the handshake: after the NF's SYN-ACK (SYN_RECV), or, with
	 * no reply direction (DR), straight after the client's SYN. */
	if (dir == CONN_DIR_ORIG &&
	    (s == CONN_S_SYN_RECV || (s == CONN_S_SYN_SENT && !conn_tcp_unanswered(c, s))))
		return CONN_S_ESTABLISHED;
	/* SCTP: an NF keeps no state before the COOKIE-ECHO (its INIT-ACK's cookie holds it), so
	 * any packet of the NF's after its INIT-ACK (COOKIE-ACK, DATA, SACK, HEARTBEAT) proves
	 * the client's COOKIE-ECHO reached it. In a pool that COOKIE-ECHO may have crossed
	 * another forwarder ahead of this one's INIT-ACK record, leaving it in SYN_SENT there:
	 * without this, the association would stay SYN_RECV (tcp_syn timeout) on every
	 * forwarder until the client's next packet, and an idle one expire. */
	if (dir == CONN_DIR_REPLY && s == CONN_S_SYN_RECV && c->orig.proto == HVLB_PROTO_SCTP)
		return CONN_S_ESTABLISHED;
	/* The client ACKs an answer that went elsewhere (ECMP split the directions over two
	 * forwarders of a pool): remembered, so that the peer's word that the NF answered
	 * completes the handshake here (conn_sync_state). Alone it opens nothing: a spoofed ACK
	 * leaves the connection as unanswered as it was. */
	if (dir == CONN_DIR_ORIG && (fl & HVLB_TCP_ACK) && conn_tcp_unanswered(c, s))
		c->reserved |= CONN_F_ORIG_ACKED;
	return s;
}

uint8_t
conn_sync_state(const struct conn *c, uint8_t peer_state)
{
	if (peer_state == CONN_S_SYN_RECV && (c->reserved & CONN_F_ORIG_ACKED))
		return CONN_S_ESTABLISHED;
	return peer_state;
}

bool
conn_half_handshake(const struct conn *c, enum conn_dir dir, uint8_t tcp_flags)
{
	if (dir == CONN_DIR_ORIG)
		return conn_tcp_unanswered(c, c->state) && (c->reserved & CONN_F_ORIG_ACKED);
	return c->state == CONN_S_SYN_RECV && !(tcp_flags & HVLB_TCP_SYN) &&
	       c->orig.proto == HVLB_PROTO_TCP;
}

bool
conn_sync_reopens(const struct conn *c, uint8_t peer_state)
{
	return peer_state == CONN_S_SYN_SENT && conn_tcp_reopens(c->state);
}

const uint32_t *
conn_timeout_ticks(const struct conn_table *t)
{
	return &t->timeout[0][0];
}

void
conn_update(struct conn_table *t, struct conn *c, enum conn_dir dir, uint8_t tcp_flags,
	    uint32_t bytes, uint64_t now)
{
	c->pkts[dir]++;
	c->bytes[dir] += bytes;
	if (conn_proto_stateful(c->orig.proto))
		c->state = conn_tcp_next(t, c, dir, tcp_flags);
	c->deadline = conn_table_tnow(t, now) + conn_timeout_of(t, c);
}

struct conn *
conn_evict_embryonic(struct conn_table *t, unsigned budget)
{
	while (budget-- > 0 && t->emb_tail != t->emb_head) {
		struct conn *c = &t->conns[t->emb_ring[t->emb_tail++ & t->conn_mask]];

		if (c->in_use && conn_state_embryonic(c->state))
			return c;
	}
	return NULL;
}

/* ---- connection sync ---- */

uint8_t
conn_fin_seen(const struct conn *c)
{
	return (uint8_t)(c->reserved & (CONN_F_FIN_ORIG | CONN_F_FIN_REPLY));
}

void
conn_set_state(struct conn_table *t, struct conn *c, uint8_t state, uint8_t fin,
	       uint64_t expires)
{
	if (conn_state_embryonic(state) && !conn_state_embryonic(c->state))
		conn_emb_push(t, c);
	c->state = state;
	c->reserved = (uint8_t)((c->reserved & ~(CONN_F_FIN_ORIG | CONN_F_FIN_REPLY)) |
				(fin & (CONN_F_FIN_ORIG | CONN_F_FIN_REPLY)));
	c->deadline = conn_table_tnow(t, expires);
}

uint64_t
conn_state_timeout(const struct conn_table *t, uint8_t set, uint8_t state)
{
	return state < CONN_S_MAX ? (uint64_t)t->timeout[set][state] << t->tick_shift : 0;
}
