/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Unit tests of the connection table: both directions, IPv4 and IPv6, full buckets and a full
 * table, incremental expiry, hand-over to another table, walks, attach. A randomized run
 * checked against a brute-force model, and a table filled to 90 %: test_conn_model.c. The TCP
 * state machine and the timeouts: test_conn_state.c.
 */
#include <stdlib.h>

#include "check.h"
#include "conn.h"
#include "conn_fast.h"
#include "conn_table.h"
#include "hash.h"
#include "parse.h"
#include "sip.h"

#include "conn_test.h"
/* A DR UDP connection from src:port with a chosen hash, to steer it into given buckets. */
static struct conn *
put(struct conn_table *t, uint32_t src, unsigned port, uint32_t hash)
{
	struct flow_key k = key4(src, (uint16_t)port, 0x0a000001, 80, HVLB_PROTO_UDP);
	union hvlb_addr rs = addr4(0x0a000105);

	return conn_insert(t, &k, hash, &rs, 0, 0, 0, 0);
}

static struct conn *
get(struct conn_table *t, uint32_t src, unsigned port, uint32_t hash)
{
	struct flow_key k = key4(src, (uint16_t)port, 0x0a000001, 80, HVLB_PROTO_UDP);
	enum conn_dir dir;

	return conn_lookup(t, &k, hash, &dir);
}

/* Insert and look up both directions, for one address family. */
static void
check_both_dirs(struct flow_key o, union hvlb_addr rs, uint16_t rs_port)
{
	struct conn_table *t = table_new(16, NULL);
	struct flow_key rk = reply_of(&o, &rs, rs_port), back, got;
	enum conn_dir dir = R;
	struct conn *c;

	c = insert(t, &o, &rs, rs_port, 1, 5000);
	CHECK(c != NULL);
	if (c == NULL)
		return;
	CHECK_EQ(conn_count(t), 1);
	conn_orig_key(c, &got);
	CHECK_MEM(&got, &o, sizeof(o));
	got.src = conn_rs_addr(c);
	CHECK(hvlb_addr_eq(&got.src, &rs));
	CHECK_EQ(c->rs_port, rs_port);
	CHECK_EQ(c->in_use, 1);
	CHECK_EQ(c->state, o.proto == HVLB_PROTO_TCP ? CONN_S_SYN_SENT : CONN_S_UDP);
	CHECK_EQ(c->created, 5000);
	CHECK_EQ(c->deadline, 5000 + (o.proto == HVLB_PROTO_TCP ? 30 : 300) * HZ);
	CHECK_EQ(c->hash[O], conn_key_hash(&o));
	CHECK_EQ(c->hash[R], conn_key_hash(&rk));
	CHECK(lookup(t, &o, &dir) == c && dir == O);
	CHECK(lookup(t, &rk, &dir) == c && dir == R);
	/* The client's view reversed is not a key of this connection. */
	flow_key_reverse(&back, &o);
	CHECK(lookup(t, &back, &dir) == NULL);
	/* Without the reply key (DR), only ORIG finds it. */
	conn_delete(t, c);
	c = insert(t, &o, &rs, rs_port, 0, 5000);
	CHECK(c != NULL);
	CHECK(lookup(t, &o, &dir) == c);
	CHECK(lookup(t, &rk, &dir) == NULL);
}

static void
test_insert_lookup(void)
{
	union hvlb_addr rs = addr4(0x0a000105);

	check_both_dirs(key4(0xc0a80001, 40000, 0x0a000001, 80, HVLB_PROTO_TCP), rs, 8080);
	check_both_dirs(key4(0xc0a80001, 40000, 0x0a000001, 53, HVLB_PROTO_UDP), rs, 5353);
	check_both_dirs(key6(0x11, 40000, 0x22, 443, HVLB_PROTO_TCP), addr6(0x55), 8443);
	check_both_dirs(key6(0x11, 40000, 0x22, 443, HVLB_PROTO_UDP), addr6(0x55), 8443);
}

/* rs_port 0: the NF listens on the VIP's port, and the reply key says so. */
static void
test_rs_port_zero(void)
{
	struct flow_key o = key4(0xc0a80001, 1234, 0x0a000001, 443, HVLB_PROTO_TCP);
	union hvlb_addr rs = addr4(0x0a000105);

	check_both_dirs(o, rs, 0);
	check_both_dirs(key6(0x11, 1234, 0x22, 443, HVLB_PROTO_UDP), addr6(0x55), 0);
	CHECK_EQ(reply_of(&o, &rs, 0).sport, 443);
}

static void
test_sizes(void)
{
	struct conn_table *t;

#ifndef HVLB_TEST_LAYOUT_CHANGE /* the test build grows it (conn.h) */
	CHECK_EQ(sizeof(struct conn), 128);
#endif
	CHECK_EQ(conn_table_mem_size(0), 0);
	CHECK_EQ(conn_table_mem_size(1000), conn_table_mem_size(1024));
	CHECK(conn_table_init(NULL, 16, HZ, NULL) == NULL);
	t = table_new(1000, NULL);
	CHECK(t != NULL);
	CHECK_EQ(conn_capacity(t), 1024);
	CHECK_EQ(conn_count(t), 0);
	t = table_new(1, NULL);
	CHECK_EQ(conn_capacity(t), 1);
}

/* A full table refuses, keeps what it has, and takes new ones once there is room. */
static void
test_table_full(void)
{
	struct conn_table *t = table_new(8, NULL);
	struct flow_key k[9];
	enum conn_dir dir;
	struct conn *c[9];
	union hvlb_addr rs = addr4(0x0a000105);
	int i;

	for (i = 0; i < 9; i++) {
		k[i] = key4(0xc0a80001, (uint16_t)(1000 + i), 0x0a000001, 80, HVLB_PROTO_TCP);
		c[i] = insert(t, &k[i], &rs, 0, 1, 0);
		CHECK(i < 8 ? c[i] != NULL : c[i] == NULL);
	}
	CHECK_EQ(conn_count(t), 8);
	for (i = 0; i < 8; i++)
		CHECK(lookup(t, &k[i], &dir) == c[i]);
	CHECK(lookup(t, &k[8], &dir) == NULL);
	conn_delete(t, c[3]);
	CHECK(insert(t, &k[8], &rs, 0, 1, 0) != NULL);
	CHECK_EQ(conn_count(t), 8);
	CHECK(lookup(t, &k[3], &dir) == NULL);
}

/* Keys forced into the same two buckets: the 17th does not fit and changes nothing. */
static void
test_buckets_full(void)
{
	struct conn_table *t = table_new(4096, NULL);
	const uint32_t h = 0x12345678;
	struct conn *c[17];
	unsigned i;

	for (i = 0; i < 17; i++) {
		c[i] = put(t, 0xc0a80001, 1000 + i, h);
		CHECK(i < 16 ? c[i] != NULL : c[i] == NULL);
	}
	CHECK_EQ(conn_count(t), 16);
	for (i = 0; i < 17; i++)
		CHECK(get(t, 0xc0a80001, 1000 + i, h) == c[i]);
	conn_delete(t, c[0]);
	CHECK(put(t, 0xc0a80001, 1016, h) != NULL);
}

/* The ORIG key fits but the REPLY key does not: the insert leaves nothing behind. */
static void
test_reply_key_no_room(void)
{
	struct conn_table *t = table_new(4096, NULL);
	struct flow_key o = key4(0xc0a80001, 999, 0x0a000001, 80, HVLB_PROTO_TCP), rk;
	union hvlb_addr rs = addr4(0x0a000105);
	uint32_t rh, oh;
	enum conn_dir dir;
	struct conn *c;
	int i, ok = 0;

	rk = reply_of(&o, &rs, 0);
	rh = conn_key_hash(&rk);
	oh = ~rh;
	/* The reply key's buckets full, the ORIG key's with one slot left. */
	for (i = 0; i < 16; i++)
		ok += put(t, 0xc0a80002, 2000 + i, rh) != NULL;
	for (i = 0; i < 15; i++)
		ok += put(t, 0xc0a80003, 3000 + i, oh) != NULL;
	CHECK_EQ(ok, 31);
	CHECK(put(t, 0xc0a80002, 2999, rh) == NULL);

	CHECK(conn_insert(t, &o, oh, &rs, 0, 1, 0, 0) == NULL);
	CHECK_EQ(conn_count(t), 31);
	CHECK(conn_lookup(t, &o, oh, &dir) == NULL);
	CHECK(conn_lookup(t, &rk, rh, &dir) == NULL);
	/* The one free slot of the ORIG buckets is still free. */
	c = put(t, 0xc0a80003, 3999, oh);
	CHECK(c != NULL);
	if (c == NULL)
		return;
	/* Without the reply key the same connection goes in. */
	conn_delete(t, c);
	CHECK(conn_insert(t, &o, oh, &rs, 0, 0, 0, 0) != NULL);
}

/* Both buckets of a hash full, but a key in the primary can move to its own other bucket. */
static void
test_displacement(void)
{
	struct conn_table *t = table_new(4096, NULL);
	struct conn *c[17];
	uint32_t h[17];
	unsigned i;

	/* Same low bits (same primary bucket), different high bits (other secondaries). */
	for (i = 0; i < 17; i++) {
		h[i] = i < 8 ? 0x123 + ((i + 1) << 20) : 0x123;
		c[i] = put(t, 0xc0a80001, 1000 + i, h[i]);
		CHECK(c[i] != NULL);
	}
	for (i = 0; i < 17; i++)
		CHECK(get(t, 0xc0a80001, 1000 + i, h[i]) == c[i]);
	CHECK(t->spilled[0x123 & t->bucket_mask] > 0);
	CHECK_EQ(spill_errors(t), 0);
	/* Every key gone, every count back to 0: a lookup in the bucket looks no further. */
	for (i = 0; i < 17; i++)
		conn_delete(t, c[i]);
	CHECK_EQ(spill_errors(t), 0);
	CHECK_EQ(t->spilled[0x123 & t->bucket_mask], 0);
}

/* A second connection whose reply tuple is already taken would be ambiguous. */
static void
test_duplicate_keys(void)
{
	struct flow_key a = key4(0xc0a80001, 5000, 0x0a000001, 80, HVLB_PROTO_TCP);
	struct flow_key b = key4(0xc0a80001, 5000, 0x0a000002, 80, HVLB_PROTO_TCP);
	struct conn_table *t = table_new(64, NULL);
	union hvlb_addr rs = addr4(0x0a000105);

	CHECK(insert(t, &a, &rs, 0, 1, 0) != NULL);
	CHECK(insert(t, &a, &rs, 0, 1, 0) == NULL);
	CHECK(insert(t, &b, &rs, 0, 1, 0) == NULL);
	CHECK(insert(t, &b, &rs, 8080, 1, 0) != NULL);
	CHECK_EQ(conn_count(t), 2);
}

/* A REPLY key keeps its ORIG key's pad (a VXLAN tenant), but not a sip_call_id tag (its NF's
 * replies carry none); a connection whose REPLY key would be its ORIG key is refused. Both
 * inserts (conn_insert and conn_insert_absent, the worker's) build it alike. */
static void
test_reply_pad(void)
{
	struct conn_table *t = table_new(64, NULL);
	union hvlb_addr rs = addr4(0x0a000105), self = addr4(0x0a000009);
	enum conn_dir dir;

	for (int absent = 0; absent < 2; absent++) {
		struct flow_key o = key4(0x0a000001, (uint16_t)(4000 + absent), 0x0a640001, 5060,
					 HVLB_PROTO_UDP), rk;
		struct flow_key s = o;
		struct conn *c, *cs;

		o.pad = 7;
		s.sport = (uint16_t)(s.sport + 100);
		s.pad = (uint16_t)(SIP_PAD_TAG | 3);
		c = absent ? conn_insert_absent(t, &o, conn_key_hash(&o), &rs, 0, 1, 0, 0)
			   : insert(t, &o, &rs, 0, 1, 0);
		cs = absent ? conn_insert_absent(t, &s, conn_key_hash(&s), &rs, 0, 1, 0, 0)
			    : insert(t, &s, &rs, 0, 1, 0);
		CHECK(c != NULL && cs != NULL);
		rk = reply_of(&o, &rs, 0);
		rk.pad = 7;
		CHECK(lookup(t, &rk, &dir) == c && dir == R);
		rk.pad = 0;
		CHECK(lookup(t, &rk, &dir) == NULL);
		rk = reply_of(&s, &rs, 0);
		CHECK(lookup(t, &rk, &dir) == cs && dir == R);
		CHECK(lookup(t, &s, &dir) == cs && dir == O);
	}
	struct flow_key loop = key4(0x0a000009, 80, 0x0a000009, 80, HVLB_PROTO_UDP);
	CHECK(insert(t, &loop, &self, 0, 1, 0) == NULL);
	CHECK(conn_insert_absent(t, &loop, conn_key_hash(&loop), &self, 0, 1, 0, 0) == NULL);
	CHECK(insert(t, &loop, &self, 81, 1, 0) != NULL); /* the NF's port differs */
	CHECK_EQ(conn_count(t), 5);
}

static void
test_delete(void)
{
	struct flow_key o = key6(1, 4000, 2, 80, HVLB_PROTO_TCP), rk;
	struct conn_table *t = table_new(4, NULL);
	union hvlb_addr rs = addr6(3);
	enum conn_dir dir;
	struct conn *c, *c2;

	rk = reply_of(&o, &rs, 0);
	c = insert(t, &o, &rs, 0, 1, 0);
	CHECK(c != NULL);
	conn_delete(t, c);
	CHECK_EQ(c->in_use, 0);
	CHECK_EQ(conn_count(t), 0);
	CHECK(lookup(t, &o, &dir) == NULL);
	CHECK(lookup(t, &rk, &dir) == NULL);
	conn_delete(t, c); /* a second delete is harmless */
	CHECK_EQ(conn_count(t), 0);
	c2 = insert(t, &o, &rs, 0, 1, 0);
	CHECK(c2 == c); /* the freed entry is reused first, while it is warm */
	CHECK(lookup(t, &rk, &dir) == c2 && dir == R);
}

/* conn_unlink then conn_free (a worker's burst, worker_conn_end_in_burst): between the two no
 * lookup finds the connection and no insert takes its entry; the count drops at the free. */
static void
test_unlink_free(void)
{
	struct flow_key o = key4(0xc0a80001, 4000, 0x0a000001, 80, HVLB_PROTO_UDP), rk;
	struct flow_key o2 = key4(0xc0a80002, 4001, 0x0a000001, 80, HVLB_PROTO_UDP);
	struct conn_table *t = table_new(4, NULL);
	union hvlb_addr rs = addr4(0x0a000105);
	enum conn_dir dir;
	struct conn *c, *c2, *c3;

	rk = reply_of(&o, &rs, 0);
	c = insert(t, &o, &rs, 0, 1, 0);
	CHECK(c != NULL);
	conn_unlink(t, c);
	CHECK_EQ(c->in_use, 0);
	CHECK_EQ(conn_count(t), 1);
	CHECK(lookup(t, &o, &dir) == NULL);
	CHECK(lookup(t, &rk, &dir) == NULL);
	c2 = insert(t, &o2, &rs, 0, 1, 0);
	CHECK(c2 != NULL && c2 != c); /* the unlinked entry is not reused */
	conn_free(t, c);
	CHECK_EQ(conn_count(t), 1);
	c3 = insert(t, &o, &rs, 0, 1, 0);
	CHECK(c3 == c); /* once freed it is, first */
	CHECK(lookup(t, &o, &dir) == c3 && dir == O);
}

/* A new connection's state, for every protocol: embryonic where the protocol is stateful
 * (conn_proto_stateful: TCP, SCTP; conn_insert's own table of it), a datagram flow else. */
static void
test_open_state(void)
{
	struct conn_table *t = table_new(16, NULL);
	union hvlb_addr rs = addr4(0x0a000105);

	for (unsigned proto = 0; proto < 256; proto++) {
		struct flow_key o = key4(0xc0a80001, 5000, 0x0a000001, 80, (uint8_t)proto);
		struct conn *c = insert(t, &o, &rs, 0, 0, 0);

		CHECK(c != NULL);
		if (c == NULL)
			continue;
		CHECK_EQ(c->state, conn_proto_stateful((uint8_t)proto) ? CONN_S_SYN_SENT
									: CONN_S_UDP);
		conn_delete(t, c);
	}
}

static unsigned expire_calls, expire_seen[256];

/* Counts the calls per connection (by source port), and only while it is still in use. */
static void
expire_cb(void *arg, const struct conn *c)
{
	(void)arg;
	expire_calls++;
	expire_seen[c->orig.sport & 255] += c->in_use;
}

static void
test_expire_budget(void)
{
	struct conn_table *t = table_new(64, NULL);
	struct flow_key k;
	union hvlb_addr rs = addr4(0x0a000105);
	struct conn *c[64];
	unsigned i;

	for (i = 0; i < 64; i++) {
		k = key4(0xc0a80001, (uint16_t)i, 0x0a000001, 53, HVLB_PROTO_UDP);
		c[i] = insert(t, &k, &rs, 0, 1, 0);
	}
	/* Keep the even ones alive; the odd ones expire at 300 s. */
	for (i = 0; i < 64; i += 2)
		conn_update(t, c[i], O, 0, 100, 200 * HZ);
	CHECK_EQ(conn_expire(t, 300 * HZ - 1, 64, expire_cb, NULL), 0);
	/* The hand goes once round: 16 entries per call, 8 of them expired. */
	for (i = 0; i < 4; i++)
		CHECK_EQ(conn_expire(t, 300 * HZ, 16, expire_cb, NULL), 8);
	CHECK_EQ(conn_count(t), 32);
	CHECK_EQ(expire_calls, 32);
	for (i = 0; i < 64; i++)
		CHECK_EQ(expire_seen[i], i & 1);
	/* Budget 10 over the remaining 32, all expired now: 5 per call, never more. */
	for (i = 0; i < 6; i++)
		CHECK_EQ(conn_expire(t, 500 * HZ, 10, expire_cb, NULL), 5);
	CHECK_EQ(conn_expire(t, 500 * HZ, 10, NULL, NULL), 2);
	CHECK_EQ(conn_count(t), 0);
	CHECK_EQ(expire_calls, 62);
	/* A budget above the capacity is one round, not more. */
	k = key4(1, 200, 2, 2, HVLB_PROTO_UDP);
	insert(t, &k, &rs, 0, 0, 0);
	CHECK_EQ(conn_expire(t, 500 * HZ, 1000, expire_cb, NULL), 1);
	for (i = 0; i < 64; i++)
		CHECK(expire_seen[i] <= 1);
}

/* A table saved by a forwarder that filed keys by the flow hash, restored by one that files
 * them by the NIC's Toeplitz hash (conn_set_hash; [forwarder] conn_hash changed across a
 * restart): conn_import files each copy by the new hash, found by both keys, its hashes the
 * new ones; and back again. */
static void
test_import_rehash(void)
{
	static struct toeplitz tz;
	size_t sz = conn_table_mem_size(256);
	void *mem2 = table_alloc(sz), *mem3 = table_alloc(sz);
	struct conn_table *a = table_new(256, NULL), *b, *c3;
	struct conn *src[100];
	enum conn_dir dir;
	unsigned n = 0;

	toeplitz_init(&tz, toeplitz_key);
	conn_set_hash(NULL);
	for (unsigned i = 0; i < 100; i++) {
		struct flow_key o = key4(0xc0a80001 + i, (uint16_t)(1000 + i), 0x0a000001, 80,
					 i & 1 ? HVLB_PROTO_TCP : HVLB_PROTO_UDP);
		union hvlb_addr rs = addr4(0x0a000100 + i % 7);

		src[n] = insert(a, &o, &rs, 8080, (int)(i % 3 != 0), 100);
		n += src[n] != NULL;
	}
	CHECK_EQ(n, 100);
	conn_set_hash(&tz);
	b = conn_table_init(mem2, 256, HZ, NULL);
	for (unsigned i = 0; i < n; i++) {
		struct conn *d = conn_import(b, src[i]);
		struct flow_key rk;

		CHECK(d != NULL);
		if (d == NULL)
			continue;
		struct flow_key ok;

		conn_orig_key(src[i], &ok);
		CHECK_EQ(d->hash[O], toeplitz_flow_hash(&tz, &ok));
		CHECK(lookup(b, &ok, &dir) == d && dir == O);
		if (conn_reply_tuple(d, &rk)) {
			CHECK_EQ(d->hash[R], toeplitz_flow_hash(&tz, &rk));
			CHECK(lookup(b, &rk, &dir) == d && dir == R);
		}
	}
	CHECK_EQ(conn_count(b), n);
	/* And back to the flow hash: what b holds is filed by it again in c3. */
	conn_set_hash(NULL);
	c3 = conn_table_init(mem3, 256, HZ, NULL);
	for (uint32_t i = 0, cap = conn_capacity(b); i < cap; i++) {
		const struct conn *e = conn_at(b, i);

		if (e->in_use)
			CHECK(conn_import(c3, e) != NULL);
	}
	for (unsigned i = 0; i < n; i++) {
		struct flow_key ok;

		conn_orig_key(src[i], &ok);
		CHECK(lookup(c3, &ok, &dir) != NULL && dir == O);
	}
	free(mem2);
	free(mem3);
}

/* A connection handed to another table keeps everything (state, flags, counters, deadline),
 * is found there by both keys, and its FIN state machine carries on where it was. */
static void
test_import(void)
{
	struct flow_key o = key4(0xc0a80001, 40000, 0x0a000001, 80, HVLB_PROTO_TCP), rk, got;
	union hvlb_addr rs = addr4(0x0a000105);
	size_t sz = conn_table_mem_size(16);
	void *mem2 = table_alloc(sz);
	struct conn_table *a = table_new(16, NULL), *b = conn_table_init(mem2, 16, HZ, NULL);
	struct conn *c = insert(a, &o, &rs, 8080, 1, 100), *d;
	enum conn_dir dir;

	conn_update(a, c, R, HVLB_TCP_SYN | HVLB_TCP_ACK, 60, 150);
	conn_update(a, c, O, HVLB_TCP_ACK, 60, 200);
	conn_update(a, c, O, HVLB_TCP_FIN | HVLB_TCP_ACK, 60, 300);
	c->flags = CONN_FL_STEERED;
	c->rs_slot = 7;
	d = conn_import(b, c);
	CHECK(d != NULL);
	if (d == NULL)
		goto out;
	CHECK_EQ(conn_count(b), 1);
	CHECK(d->pkts[O] == 2 && d->bytes[O] == 120 && d->state == CONN_S_FIN_WAIT);
	CHECK(d->created == 100 && d->deadline == c->deadline && d->rs_slot == 7);
	CHECK_EQ(d->flags, CONN_FL_STEERED);
	rk = reply_of(&o, &rs, 8080);
	CHECK(lookup(b, &o, &dir) == d && dir == O);
	CHECK(lookup(b, &rk, &dir) == d && dir == R);
	CHECK(conn_reply_tuple(d, &got));
	CHECK_MEM(&got, &rk, sizeof(rk));
	/* The NF's FIN ends it in TIME_WAIT: the client's FIN came along. */
	conn_update(b, d, R, HVLB_TCP_FIN | HVLB_TCP_ACK, 60, 400);
	CHECK_EQ(d->state, CONN_S_TIME_WAIT);
	/* Taken keys refuse a second import; the original can go. */
	CHECK(conn_import(b, c) == NULL);
	conn_delete(a, c);
	CHECK_EQ(conn_count(a), 0);
	CHECK(conn_at(b, conn_index(b, d)) == d);
	/* DR: no reply tuple. */
	c = insert(a, &o, &rs, 0, 0, 100);
	CHECK(!conn_reply_tuple(c, &got));
out:
	free(mem2);
}

static void
test_walk(void)
{
	struct conn_table *t = table_new(64, NULL);
	struct walk_arg w = { 0, 0 };
	unsigned i, calls = 0;
	uint32_t cursor = 0;

	for (i = 0; i < 10; i++)
		put(t, 1, i, i);
	/* At most 3 per call: 3 + 3 + 3 + 1. */
	while (cursor != UINT32_MAX && calls++ < 100)
		conn_walk(t, &cursor, 3, walk_fn, &w);
	CHECK_EQ(w.seen, 10);
	CHECK_EQ(calls, 4);
	w.seen = 0;
	w.stop = 1;
	for (cursor = 0, calls = 0; cursor != UINT32_MAX && calls < 100; calls++)
		conn_walk(t, &cursor, 100, walk_fn, &w);
	CHECK_EQ(w.seen, 10);
	CHECK(calls >= 10);
	/* conn_scan: bounded by slots, not by what it finds: 64 slots in calls of 16 are 4 calls
	 * (and the 10 connections, wherever they sit). */
	w.seen = 0;
	w.stop = 0;
	for (cursor = 0, calls = 0; cursor != UINT32_MAX && calls < 100; calls++)
		conn_scan(t, &cursor, 16, walk_fn, &w);
	CHECK_EQ(w.seen, 10);
	CHECK_EQ(calls, 4);
	cursor = 0;
	conn_scan(t, &cursor, UINT32_MAX, walk_fn, &w);
	CHECK_EQ(cursor, UINT32_MAX);
}

/* A table copied to other memory (a state file mapped again after a restart) is found whole
 * there by conn_table_attach, and a table of another size is refused. */
static int
count_walk(void *arg, const struct conn *c)
{
	(void)c;
	(*(unsigned *)arg)++;
	return 0;
}

static void
test_attach(void)
{
	struct conn_table *t = table_new(64, NULL);
	size_t sz = conn_table_mem_size(64);
	union hvlb_addr rs = addr4(0x0a01000b);
	struct conn_table *u;
	enum conn_dir dir;
	uint32_t cursor = 0;
	unsigned n = 0;
	void *copy;

	for (uint16_t i = 0; i < 10; i++) {
		struct flow_key k = key4(0x0a000001, (uint16_t)(1000 + i), 0x0a640001, 80,
					 HVLB_PROTO_TCP);
		CHECK(conn_insert(t, &k, conn_key_hash(&k), &rs, 80, 1, 0, 5) != NULL);
	}
	copy = table_alloc(sz);
	memcpy(copy, table_mem, sz);
	memset(table_mem, 0, sz); /* the old memory is gone */
	CHECK(conn_table_attach(copy, sz, 128) == NULL);
	/* A table saved by a build before the spill counts (a byte per bucket, 32 here) is
	 * walked, not looked in; one shorter still is refused. */
	CHECK(conn_table_attach(copy, sz - 32 - 1, 64) == NULL);
	u = conn_table_attach(copy, sz - 32, 64);
	CHECK(u != NULL && u->spilled == NULL);
	conn_walk(u, &cursor, UINT32_MAX, count_walk, &n);
	CHECK(n == 10);
	cursor = 0;
	n = 0;
	u = conn_table_attach(copy, sz, 64);
	CHECK(u != NULL && u->spilled != NULL);
	CHECK(conn_count(u) == 10);
	conn_walk(u, &cursor, UINT32_MAX, count_walk, &n);
	CHECK(n == 10);
	struct flow_key k5 = key4(0x0a000001, 1005, 0x0a640001, 80, HVLB_PROTO_TCP);
	CHECK(conn_lookup(u, &k5, conn_key_hash(&k5), &dir) != NULL && dir == O);
	free(copy);
}

int
main(void)
{
	RUN(test_sizes);
	RUN(test_insert_lookup);
	RUN(test_rs_port_zero);
	RUN(test_table_full);
	RUN(test_buckets_full);
	RUN(test_reply_key_no_room);
	RUN(test_displacement);
	RUN(test_duplicate_keys);
	RUN(test_reply_pad);
	RUN(test_delete);
	RUN(test_unlink_free);
	RUN(test_open_state);
	RUN(test_expire_budget);
	RUN(test_import);
	RUN(test_walk);
	RUN(test_attach);
	RUN(test_import_rehash);
	/* Again with every table filing keys by the NIC's Toeplitz hash (conn_set_hash). */
	{
		static struct toeplitz tz;

		toeplitz_init(&tz, toeplitz_key);
		conn_set_hash(&tz);
		RUN(test_insert_lookup);
		RUN(test_displacement);
		RUN(test_import);
		conn_set_hash(NULL);
	}
	free(table_mem);
	return check_summary();
}
