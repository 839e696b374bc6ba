/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Unit tests of the connection table's state machine: TCP (NAT and DR, the mid-stream rule,
 * SCTP's steps), set states, eviction of embryonic connections, UDP, the timeouts and the
 * services' timeout sets. The table itself: test_conn.c.
 */
#include <stdbool.h>
#include <stdlib.h>

#include "check.h"
#include "conn_test.h"
#include "parse.h"

struct tcp_step {
	int dir;
	uint8_t flags;
	uint8_t want;
};

#define SYN HVLB_TCP_SYN
#define ACK HVLB_TCP_ACK
#define FIN HVLB_TCP_FIN
#define RST HVLB_TCP_RST
#define PSH HVLB_TCP_PSH
#define SS CONN_S_SYN_SENT
#define SR CONN_S_SYN_RECV
#define ES CONN_S_ESTABLISHED
#define FW CONN_S_FIN_WAIT
#define TW CONN_S_TIME_WAIT
#define CL CONN_S_CLOSE

/* The steps from a new connection's SYN_SENT, or from UNCONFIRMED when unconfirmed (the
 * mid-stream rule: conn.h). */
static void
run_steps_from(const char *name, int with_reply, bool unconfirmed, const struct tcp_step *st,
	       unsigned n, uint8_t proto)
{
	static const uint32_t secs[CONN_S_MAX] = { 10, 30, 30, 900, 120, 30, 10, 300, 30 };
	struct flow_key o = key4(0xc0a80001, 33000, 0x0a000001, 80, proto);
	struct conn_table *t = table_new(16, NULL);
	uint64_t now = 1000, pkts[2] = { 0, 0 };
	union hvlb_addr rs = addr4(0x0a000105);
	struct conn *c;
	unsigned i;

	c = insert(t, &o, &rs, 0, with_reply, now);
	CHECK(c != NULL);
	if (c == NULL)
		return;
	if (unconfirmed)
		conn_set_state(t, c, CONN_S_UNCONFIRMED, 0, now + secs[CONN_S_UNCONFIRMED] * HZ);
	for (i = 0; i < n; i++) {
		now += 7;
		conn_update(t, c, (enum conn_dir)st[i].dir, st[i].flags, 60, now);
		pkts[st[i].dir]++;
		if (c->state != st[i].want)
			fprintf(stderr, "%s step %u: %s, want %s\n", name, i,
				conn_state_name(c->state), conn_state_name(st[i].want));
		CHECK_EQ(c->state, st[i].want);
		CHECK_EQ(c->deadline, now + secs[st[i].want] * HZ);
	}
	CHECK(c->pkts[O] == pkts[O] && c->bytes[O] == pkts[O] * 60);
	CHECK(c->pkts[R] == pkts[R] && c->bytes[R] == pkts[R] * 60);
}

#define RUN_STEPS(reply, st)                                                                      \
	run_steps_from(#st, reply, false, st, sizeof(st) / sizeof(st[0]), HVLB_PROTO_TCP)
#define RUN_STEPS_UNCONFIRMED(reply, st)                                                          \
	run_steps_from(#st, reply, true, st, sizeof(st) / sizeof(st[0]), HVLB_PROTO_TCP)
#define RUN_STEPS_SCTP(reply, st)                                                                 \
	run_steps_from(#st, reply, false, st, sizeof(st) / sizeof(st[0]), HVLB_PROTO_SCTP)
#define UC CONN_S_UNCONFIRMED

/* A connection met mid-stream (conn.h): the client's packets, FINs included, leave it
 * unconfirmed on the SYN timeout; a packet from the NF (not a SYN, not an RST) confirms it,
 * and the FIN it may carry counts; an RST closes it; the client's SYN opens it anew. Without
 * a reply direction (DR) nothing confirms it. */
static void
test_tcp_midstream(void)
{
	static const struct tcp_step confirmed[] = {
		{ O, ACK, UC }, { O, ACK | PSH, UC }, { O, FIN | ACK, UC }, { R, SYN | ACK, UC },
		{ R, ACK | PSH, ES }, { O, ACK, ES }, { O, FIN | ACK, FW }, { R, FIN | ACK, TW },
	};
	static const struct tcp_step fin_confirms[] = {
		{ O, ACK, UC }, { R, FIN | ACK, FW }, { O, FIN | ACK, TW },
	};
	static const struct tcp_step reset[] = { { O, ACK, UC }, { R, RST, CL } };
	static const struct tcp_step reopened[] = {
		{ O, ACK, UC }, { O, SYN, SS }, { R, SYN | ACK, SR }, { O, ACK, ES },
	};
	static const struct tcp_step dr_never[] = { { O, ACK, UC }, { O, ACK | PSH, UC } };

	RUN_STEPS_UNCONFIRMED(1, confirmed);
	RUN_STEPS_UNCONFIRMED(1, fin_confirms);
	RUN_STEPS_UNCONFIRMED(1, reset);
	RUN_STEPS_UNCONFIRMED(1, reopened);
	RUN_STEPS_UNCONFIRMED(0, dr_never);
	CHECK(conn_tcp_midstream(ACK) && conn_tcp_midstream(ACK | PSH | FIN));
	CHECK(!conn_tcp_midstream(SYN | ACK) && !conn_tcp_midstream(RST | ACK) &&
	      !conn_tcp_midstream(FIN) && !conn_tcp_midstream(SYN));
}

/* What a peer says of a connection is set whole: state, FIN-seen bits, deadline; an
 * embryonic state joins the eviction order. */
static void
test_set_state(void)
{
	struct flow_key o = key4(0xc0a80002, 33001, 0x0a000001, 80, HVLB_PROTO_TCP);
	struct conn_table *t = table_new(16, NULL);
	union hvlb_addr rs = addr4(0x0a000105);
	struct conn *c = insert(t, &o, &rs, 0, 1, 100);

	CHECK(c != NULL);
	if (c == NULL)
		return;
	conn_set_state(t, c, CONN_S_FIN_WAIT, CONN_FIN_ORIG, 5000);
	CHECK(c->state == CONN_S_FIN_WAIT && c->deadline == 5000);
	CHECK_EQ(conn_fin_seen(c), CONN_FIN_ORIG);
	/* The NF's FIN after the client's (learnt from a peer): TIME_WAIT. */
	conn_update(t, c, R, FIN | ACK, 60, 200);
	CHECK_EQ(c->state, CONN_S_TIME_WAIT);
	CHECK_EQ(conn_fin_seen(c), CONN_FIN_ORIG | CONN_FIN_REPLY);
	conn_set_state(t, c, CONN_S_ESTABLISHED, 0, 9000);
	CHECK_EQ(conn_fin_seen(c), 0);
	CHECK(conn_evict_embryonic(t, 16) == NULL);
	conn_set_state(t, c, CONN_S_UNCONFIRMED, 0, 9000);
	CHECK(conn_evict_embryonic(t, 16) == c);
	CHECK_EQ(conn_state_timeout(t, 0, CONN_S_UNCONFIRMED), 30 * HZ);
	CHECK_EQ(conn_state_timeout(t, 0, CONN_S_MAX), 0);
}

static void
test_tcp_nat(void)
{
	static const struct tcp_step normal[] = {
		{ O, SYN, SS }, { O, SYN, SS }, { R, SYN | ACK, SR }, { O, ACK, ES },
		{ O, ACK | PSH, ES }, { R, ACK, ES }, { O, SYN, ES }, { O, FIN | ACK, FW },
		{ R, ACK, FW }, { O, FIN | ACK, FW }, { R, FIN | ACK, TW }, { O, ACK, TW },
		{ O, FIN, TW }, { O, SYN, SS }, { R, SYN | ACK, SR }, { O, ACK, ES },
		{ R, FIN, FW }, { R, ACK, FW }, { O, FIN | ACK, TW },
	};
	static const struct tcp_step rst[] = {
		{ O, SYN, SS }, { R, SYN | ACK, SR }, { O, ACK, ES }, { R, RST, CL }, { O, ACK, CL },
		{ O, FIN, CL }, { O, SYN | ACK, CL }, { O, SYN, SS }, { O, RST | ACK, CL },
	};
	/* Only an ACK after the NF's SYN-ACK completes the handshake: a forger's SYN then ACKs
	 * (or the NF's stray ACK) leave it embryonic, on the short SYN timeout. */
	static const struct tcp_step no_synack[] = {
		{ O, SYN, SS }, { O, ACK, SS }, { O, ACK | PSH, SS }, { R, ACK, SS }, { O, ACK, SS },
		{ R, SYN | ACK, SR }, { R, SYN | ACK, SR }, { O, ACK | PSH, ES },
	};
	/* A FIN before the NF answered changes nothing either; once it has, the client's FIN-ACK
	 * completes the handshake and starts the close. */
	static const struct tcp_step syn_fin[] = {
		{ O, SYN, SS }, { O, FIN | ACK, SS }, { R, FIN | ACK, SS }, { O, SYN, SS },
		{ R, SYN | ACK, SR }, { O, FIN | ACK, FW }, { R, FIN | ACK, TW },
	};

	/* The NF's ACK after its SYN-ACK leaves a TCP connection in SYN_RECV (a server may
	 * send one before the client's ACK came)... */
	static const struct tcp_step synack_ack[] = {
		{ O, SYN, SS }, { R, SYN | ACK, SR }, { R, ACK, SR }, { R, ACK | PSH, SR },
		{ O, ACK, ES },
	};
	/* ...but an SCTP association's NF sends nothing after its INIT-ACK before the client's
	 * COOKIE-ECHO reached it: its COOKIE-ACK establishes (the COOKIE-ECHO crossed another
	 * forwarder of a pool, and this one saw only the NF's side); an ABORT still closes. */
	static const struct tcp_step sctp_cookie_elsewhere[] = {
		{ O, SYN, SS }, { O, ACK, SS }, { R, SYN | ACK, SR }, { R, ACK, ES }, { O, ACK, ES },
	};
	static const struct tcp_step sctp_abort[] = {
		{ O, SYN, SS }, { R, SYN | ACK, SR }, { R, RST, CL },
	};

	RUN_STEPS(1, normal);
	RUN_STEPS(1, rst);
	RUN_STEPS(1, no_synack);
	RUN_STEPS(1, syn_fin);
	RUN_STEPS(1, synack_ack);
	RUN_STEPS_SCTP(1, normal);
	RUN_STEPS_SCTP(1, sctp_cookie_elsewhere);
	RUN_STEPS_SCTP(1, sctp_abort);
}

/* The rules of conn.h over every valid flags byte: only SYN without ACK opens; embryonic is
 * SYN_SENT, SYN_RECV and UNCONFIRMED. */
static void
test_tcp_rules(void)
{
	for (unsigned fl = 0; fl < 256; fl++) {
		if (!parse_tcp_flags_valid((uint8_t)fl))
			continue;
		CHECK_EQ(conn_tcp_opens((uint8_t)fl), (fl & (SYN | ACK)) == SYN);
	}
	CHECK(conn_tcp_opens(SYN) && conn_tcp_opens(SYN | PSH | 0x20) && !conn_tcp_opens(ACK));
	CHECK(!conn_tcp_opens(SYN | ACK) && !conn_tcp_opens(RST) && !conn_tcp_opens(FIN | ACK));
	for (unsigned s = 0; s < CONN_S_MAX; s++)
		CHECK_EQ(conn_state_embryonic((uint8_t)s), s == SS || s == SR || s == UC);
}

static void
test_tcp_dr(void)
{
	/* Only the client side passes the lb: its ACK after the SYN is all there is. */
	static const struct tcp_step dr[] = {
		{ O, SYN, SS }, { O, ACK, ES }, { O, ACK | PSH, ES }, { O, FIN | ACK, FW },
		{ O, ACK, FW }, { O, SYN, SS }, { O, ACK, ES }, { O, RST, CL }, { O, SYN, SS },
		{ O, RST, CL },
	};
	/* Retransmitted SYNs keep it embryonic; a first ACK that carries a FIN completes it too. */
	static const struct tcp_step syn_fin[] = {
		{ O, SYN, SS }, { O, SYN, SS }, { O, FIN | ACK, FW }, { O, ACK, FW },
	};

	RUN_STEPS(0, dr);
	RUN_STEPS(0, syn_fin);
}

/* A TCP connection from 10.9.x.y (n picks x.y) to the VIP, inserted at time n. */
static struct conn *
tcp_conn(struct conn_table *t, unsigned n, int with_reply)
{
	struct flow_key k = key4(0x0a090000 + n, 40000, 0x0a000001, 80, HVLB_PROTO_TCP);
	union hvlb_addr rs = addr4(0x0a000105);

	return insert(t, &k, &rs, 0, with_reply, n);
}

/* conn_evict_embryonic: the oldest connection still embryonic, skipping those that completed
 * their handshake or went; never UDP or established ones; a reopened one counts again; the
 * budget bounds each call; a full ring forgets its oldest. */
static void
test_evict_embryonic(void)
{
	struct conn_table *t = table_new(16, NULL);
	struct flow_key u = key4(1, 1, 2, 53, HVLB_PROTO_UDP);
	union hvlb_addr rs = addr4(3);
	struct conn *c[16];
	unsigned i;

	for (i = 0; i < 4; i++)
		c[i] = tcp_conn(t, i, 0);
	CHECK(insert(t, &u, &rs, 0, 1, 9) != NULL);
	conn_update(t, c[0], O, ACK, 60, 10); /* DR: established */
	conn_delete(t, c[1]);
	CHECK(conn_evict_embryonic(t, 8) == c[2]);
	conn_delete(t, c[2]);
	CHECK(conn_evict_embryonic(t, 8) == c[3]);
	conn_delete(t, c[3]);
	CHECK(conn_evict_embryonic(t, 8) == NULL);
	/* Reopened by a SYN after its close: embryonic again. */
	conn_update(t, c[0], O, FIN | ACK, 60, 11);
	CHECK(conn_evict_embryonic(t, 8) == NULL);
	conn_update(t, c[0], O, SYN, 60, 12);
	CHECK(conn_evict_embryonic(t, 8) == c[0]);
	conn_delete(t, c[0]);

	/* NAT: a SYN and the client's ACKs without the NF's SYN-ACK stay evictable; after the
	 * SYN-ACK (SYN_RECV) too; after the handshake no more. */
	t = table_new(16, NULL);
	c[0] = tcp_conn(t, 0, 1);
	c[1] = tcp_conn(t, 1, 1);
	conn_update(t, c[0], O, ACK, 60, 5);
	conn_update(t, c[1], R, SYN | ACK, 60, 5);
	conn_update(t, c[1], O, ACK, 60, 6);
	CHECK(conn_evict_embryonic(t, 8) == c[0]);
	CHECK(conn_evict_embryonic(t, 8) == NULL);

	/* Nine completed, then one embryonic: a budget of 5 finds it on the second call. */
	t = table_new(16, NULL);
	for (i = 0; i < 10; i++) {
		c[i] = tcp_conn(t, i, 0);
		if (i < 9)
			conn_update(t, c[i], O, ACK, 60, 20);
	}
	CHECK(conn_evict_embryonic(t, 5) == NULL);
	CHECK(conn_evict_embryonic(t, 5) == c[9]);

	/* A full ring (16 entries for 16 connections) forgets its oldest: 16 embryonic, the first
	 * 8 gone, 8 new ones take their places and push the first 8 entries out. */
	t = table_new(16, NULL);
	for (i = 0; i < 16; i++)
		c[i] = tcp_conn(t, i, 0);
	for (i = 0; i < 8; i++)
		conn_delete(t, c[i]);
	for (i = 0; i < 8; i++)
		CHECK(tcp_conn(t, 100 + i, 0) != NULL);
	CHECK_EQ(conn_room(t), 0);
	for (i = 8; i < 16; i++)
		CHECK(conn_evict_embryonic(t, 1) == c[i]); /* no stale entry left ahead of them */
}

/* UDP (and ICMP) flows: one state, refreshed by every packet whatever its "flags". */
static void
test_udp(void)
{
	struct flow_key o = key6(1, 5353, 2, 53, HVLB_PROTO_UDP);
	struct flow_key icmp = key4(1, 77, 2, 0, HVLB_PROTO_ICMP);
	struct conn_table *t = table_new(16, NULL);
	union hvlb_addr rs6 = addr6(3), rs4 = addr4(3);
	struct conn *c;

	c = insert(t, &o, &rs6, 0, 1, 100);
	CHECK(c != NULL && c->state == CONN_S_UDP && c->deadline == 100 + 300 * HZ);
	if (c == NULL)
		return;
	conn_update(t, c, R, 0xff, 512, 5000);
	CHECK_EQ(c->state, CONN_S_UDP);
	CHECK_EQ(c->deadline, 5000 + 300 * HZ);
	CHECK(c->pkts[R] == 1 && c->bytes[R] == 512 && c->pkts[O] == 0);
	c = insert(t, &icmp, &rs4, 0, 0, 0);
	CHECK(c != NULL && c->state == CONN_S_UDP);
}

static void
test_timeouts(void)
{
	struct flow_key u = key4(1, 1, 2, 53, HVLB_PROTO_UDP);
	struct flow_key k = key4(1, 2, 2, 80, HVLB_PROTO_TCP);
	union hvlb_addr rs = addr4(3);
	struct conn_timeouts to;
	struct conn_table *t;
	struct conn *cu, *ct;

	conn_timeouts_default(&to);
	CHECK(to.tcp_syn == 30 && to.tcp_est == 900 && to.tcp_fin == 120);
	CHECK(to.tcp_tw == 30 && to.tcp_close == 10 && to.udp == 300);
	CHECK(strcmp(conn_state_name(CONN_S_NONE), "none") == 0);
	CHECK(strcmp(conn_state_name(CONN_S_ESTABLISHED), "established") == 0);
	CHECK(strcmp(conn_state_name(CONN_S_TIME_WAIT), "time_wait") == 0);
	CHECK(strcmp(conn_state_name(CONN_S_UDP), "udp") == 0);
	CHECK(conn_state_name(CONN_S_MAX) != NULL);

	to.udp = 20;
	t = table_new(16, &to);
	cu = insert(t, &u, &rs, 0, 1, 0);
	ct = insert(t, &k, &rs, 0, 0, 0);
	CHECK(cu != NULL && ct != NULL && cu->deadline == 20 * HZ);
	to.udp = 5;
	to.tcp_est = 7;
	conn_table_set_timeouts(t, 0, &to);
	CHECK_EQ(cu->deadline, 20 * HZ); /* unchanged until the next packet */
	conn_update(t, cu, O, 0, 1, 1000);
	CHECK_EQ(cu->deadline, 1000 + 5 * HZ);
	conn_update(t, ct, O, ACK, 1, 1000);
	CHECK_EQ(ct->state, CONN_S_ESTABLISHED);
	CHECK_EQ(ct->deadline, 1000 + 7 * HZ);
}

/* Deadlines in table ticks (32 bits, 0.5 to 1 ms each) on a GHz clock: a connection expires
 * at its timeout to the tick, across the wrap of the 32-bit tick count, and its deadline reads
 * back on the caller's clock (conn_deadline); the longest timeout (a week) still lies ahead. */
static void
test_deadline_ticks(void)
{
	const uint64_t hz = 2500000000ull;      /* table ticks of 2^21 cycles: 0.84 ms */
	const uint64_t tick = 1ull << 21;
	const uint64_t wrap = (1ull << 32) * tick; /* where the 32-bit tick count wraps */
	struct flow_key u = key4(1, 1, 2, 53, HVLB_PROTO_UDP);
	struct flow_key k = key4(1, 2, 2, 80, HVLB_PROTO_TCP);
	union hvlb_addr rs = addr4(3);
	struct conn_timeouts to;
	size_t sz = conn_table_mem_size(16);
	void *mem = table_alloc(sz);
	struct conn_table *t;
	struct conn *cu, *ck;
	uint64_t now = wrap - 100 * hz, d;

	conn_timeouts_default(&to);
	to.udp = 300;
	to.tcp_syn = 7 * 24 * 3600; /* the longest the configuration allows */
	t = conn_table_init(mem, 16, hz, &to);
	CHECK(t != NULL);
	if (t == NULL)
		return;
	CHECK_EQ(conn_tnow(t, now), (uint32_t)(now / tick));
	cu = insert(t, &u, &rs, 0, 1, now);
	ck = insert(t, &k, &rs, 0, 1, now);
	CHECK(cu != NULL && ck != NULL);
	if (cu == NULL || ck == NULL)
		goto out;
	/* Read back within two ticks (now's fraction and the timeout's) of now + 300 s, past
	 * the wrap. */
	d = conn_deadline(t, cu, now);
	CHECK(d + 2 * tick > now + 300 * hz && d <= now + 300 * hz);
	CHECK(d > wrap);
	d = conn_deadline(t, ck, now);
	CHECK(d + 2 * tick > now + 7 * 24 * 3600 * hz && d <= now + 7 * 24 * 3600 * hz);
	/* Not due a tick before, due at it, past the wrap; the week-long one stays. */
	CHECK_EQ(conn_expire(t, now + 299 * hz, 16, NULL, NULL), 0);
	CHECK_EQ(conn_expire(t, now + 300 * hz, 16, NULL, NULL), 1);
	CHECK_EQ(conn_count(t), 1);
	CHECK_EQ(conn_expire(t, now + 6 * 24 * 3600 * hz, 16, NULL, NULL), 0);
	/* A deadline in the past reads back as such. */
	CHECK(conn_deadline(t, ck, now + 8 * 24 * 3600 * hz) < now + 8 * 24 * 3600 * hz);
	CHECK_EQ(conn_expire(t, now + 7 * 24 * 3600 * hz, 16, NULL, NULL), 1);
	CHECK_EQ(conn_count(t), 0);
	/* A state's timeout on the caller's clock, to the tick. */
	CHECK(conn_state_timeout(t, 0, CONN_S_UDP) <= 300 * hz &&
	      conn_state_timeout(t, 0, CONN_S_UDP) + tick > 300 * hz);
out:
	free(mem);
}

/* Timeout sets: each connection takes its own set's values, from its insert and at each
 * packet; changing one set moves only its connections, at their next packet; an import keeps
 * the set. */
static void
test_timeout_sets(void)
{
	struct flow_key a = key4(1, 1, 2, 53, HVLB_PROTO_UDP), b = key4(1, 2, 2, 5060, HVLB_PROTO_UDP);
	struct flow_key k = key4(1, 3, 2, 80, HVLB_PROTO_TCP);
	union hvlb_addr rs = addr4(3);
	struct conn_timeouts glob, dns, sip;
	struct conn_table *t, *t2;
	struct conn *ca, *cb, *ck, *ci;

	conn_timeouts_default(&glob);
	dns = glob;
	dns.udp = 2;
	sip = glob;
	sip.udp = 3600;
	sip.tcp_est = 60;
	void *mem2 = table_alloc(conn_table_mem_size(16));

	t = table_new(16, &glob);
	t2 = conn_table_init(mem2, 16, HZ, &glob);
	conn_table_set_timeouts(t, 1, &dns);
	conn_table_set_timeouts(t, 255, &sip);
	ca = conn_insert(t, &a, conn_key_hash(&a), &rs, 0, 0, 1, 100);
	cb = conn_insert(t, &b, conn_key_hash(&b), &rs, 0, 0, 255, 100);
	ck = conn_insert(t, &k, conn_key_hash(&k), &rs, 0, 0, 255, 100);
	CHECK(ca != NULL && cb != NULL && ck != NULL);
	if (ca == NULL || cb == NULL || ck == NULL)
		goto out;
	CHECK(ca->to_set == 1 && cb->to_set == 255);
	CHECK_EQ(ca->deadline, 100 + 2 * HZ);
	CHECK_EQ(cb->deadline, 100 + 3600 * HZ);
	CHECK_EQ(ck->deadline, 100 + 30 * HZ); /* SYN_SENT: the set's tcp_syn, the global one */
	CHECK_EQ(conn_state_timeout(t, 255, CONN_S_ESTABLISHED), 60 * HZ);
	CHECK_EQ(conn_state_timeout(t, 0, CONN_S_ESTABLISHED), 900 * HZ);
	/* Set 1 changes: its connection follows at its next packet, set 255's does not. */
	dns.udp = 4;
	conn_table_set_timeouts(t, 1, &dns);
	CHECK_EQ(ca->deadline, 100 + 2 * HZ);
	conn_update(t, ca, O, 0, 1, 200);
	conn_update(t, cb, O, 0, 1, 200);
	conn_update(t, ck, O, HVLB_TCP_ACK, 1, 200);
	CHECK_EQ(ca->deadline, 200 + 4 * HZ);
	CHECK_EQ(cb->deadline, 200 + 3600 * HZ);
	CHECK(ck->state == CONN_S_ESTABLISHED && ck->deadline == 200 + 60 * HZ);
	/* The global set leaves them alone. */
	glob.udp = 10;
	conn_table_set_timeouts(t, 0, &glob);
	conn_update(t, ca, O, 0, 1, 300);
	CHECK_EQ(ca->deadline, 300 + 4 * HZ);
	/* Another table (a worker hand-over) reads the same index in its own sets. */
	ci = conn_import(t2, cb);
	CHECK(ci != NULL && ci->to_set == 255);
	if (ci != NULL) {
		conn_table_set_timeouts(t2, 255, &sip);
		conn_update(t2, ci, O, 0, 1, 400);
		CHECK_EQ(ci->deadline, 400 + 3600 * HZ);
	}
	/* The fields beside the set index are untouched by it: FIN bits still work. */
	conn_update(t, ck, O, HVLB_TCP_FIN | HVLB_TCP_ACK, 1, 500);
	CHECK(ck->state == CONN_S_FIN_WAIT && conn_fin_seen(ck) == CONN_FIN_ORIG && ck->to_set == 255);
out:
	free(mem2);
}

int
main(void)
{
	RUN(test_tcp_nat);
	RUN(test_tcp_dr);
	RUN(test_tcp_rules);
	RUN(test_tcp_midstream);
	RUN(test_set_state);
	RUN(test_evict_embryonic);
	RUN(test_udp);
	RUN(test_timeouts);
	RUN(test_deadline_ticks);
	RUN(test_timeout_sets);
	free(table_mem);
	return check_summary();
}
