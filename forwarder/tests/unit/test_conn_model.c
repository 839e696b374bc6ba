/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Unit tests of the connection table against a brute-force model: random inserts, deletes
 * and lookups of keys that collide often (both families, with and without a REPLY key, NF
 * ports 0 or not), every answer and every spill count checked; and a table filled to 90 %,
 * found by conn_lookup and by the worker's in-line lookup (conn_fast.h). Each also with
 * keys filed by the NIC's Toeplitz hash. The table's other tests: test_conn.c.
 */
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "conn.h"
#include "conn_fast.h"
#include "conn_table.h"
#include "hash.h"
#include "parse.h"
#include "toeplitz.h"

#include "conn_test.h"

/* ---- randomized run against a brute-force model ---- */

#define MODEL_CAP 512

struct model_conn {
	struct flow_key orig, reply;
	int with_reply;
	struct conn *c;
};

static struct model_conn model[MODEL_CAP];
static unsigned model_n;

/* Small pools of addresses and ports, shared by clients, VIPs and NFs, so that keys and
 * reply keys collide often. */
static union hvlb_addr
rand_addr(uint8_t af)
{
	uint32_t r = (uint32_t)(rng() % 5);

	return af == HVLB_AF_INET ? addr4(0x0a000000 + r) : addr6((uint8_t)r);
}

static uint16_t
rand_port(void)
{
	static const uint16_t ports[] = { 0, 80, 443, 1000, 1001, 1002, 1003, 1004 };

	return ports[1 + rng() % 7];
}

static struct flow_key
rand_key(void)
{
	struct flow_key k = { .af = rng() & 1 ? HVLB_AF_INET : HVLB_AF_INET6 };

	k.proto = rng() & 1 ? HVLB_PROTO_TCP : HVLB_PROTO_UDP;
	k.src = rand_addr(k.af);
	k.dst = rand_addr(k.af);
	k.sport = rand_port();
	k.dport = rand_port();
	return k;
}

static struct conn *
model_find(const struct flow_key *k, enum conn_dir *dir)
{
	unsigned i;

	for (i = 0; i < 2 * model_n; i++) {
		const struct model_conn *m = &model[i / 2];

		if (i % 2 == 0 ? flow_key_eq(k, &m->orig) :
				 m->with_reply && flow_key_eq(k, &m->reply)) {
			*dir = (enum conn_dir)(i % 2);
			return m->c;
		}
	}
	return NULL;
}

static void
model_insert(struct conn_table *t, unsigned *overflow)
{
	struct flow_key k = rand_key(), rk;
	union hvlb_addr rs = rand_addr(k.af);
	uint16_t rs_port = rng() % 3 == 0 ? 0 : rand_port();
	int with_reply = (int)(rng() % 4 != 0), want;
	enum conn_dir dir;
	struct conn *c;

	rk = reply_of(&k, &rs, rs_port);
	want = model_n < MODEL_CAP && model_find(&k, &dir) == NULL &&
	       (!with_reply || (model_find(&rk, &dir) == NULL && !flow_key_eq(&k, &rk)));
	c = insert(t, &k, &rs, rs_port, with_reply, 0);
	if (!want) {
		CHECK(c == NULL);
		return;
	}
	if (c == NULL) {
		(*overflow)++;
		return;
	}
	model[model_n++] = (struct model_conn){ k, rk, with_reply, c };
}

/* Every key of the model and some random ones (mostly misses), through the burst lookup. */
static void
model_check_all(struct conn_table *t)
{
	static const struct flow_key *kp[2 * MODEL_CAP + 64];
	static struct conn *want[2 * MODEL_CAP + 64], *got[2 * MODEL_CAP + 64];
	static uint8_t wdir[2 * MODEL_CAP + 64], dirs[2 * MODEL_CAP + 64];
	static uint32_t hashes[2 * MODEL_CAP + 64];
	static struct flow_key misses[64];
	unsigned i, n = 0, bad = 0;

	for (i = 0; i < 2 * model_n + 64; i++) {
		enum conn_dir d = O;

		if (i >= 2 * model_n) {
			misses[i - 2 * model_n] = rand_key();
			kp[n] = &misses[i - 2 * model_n];
			want[n] = model_find(kp[n], &d);
		} else if (i % 2 == 0 || model[i / 2].with_reply) {
			kp[n] = i % 2 == 0 ? &model[i / 2].orig : &model[i / 2].reply;
			want[n] = model[i / 2].c;
			d = (enum conn_dir)(i % 2);
		} else {
			continue;
		}
		hashes[n] = conn_key_hash(kp[n]);
		wdir[n++] = (uint8_t)d;
	}
	conn_lookup_burst(t, kp, hashes, n, got, dirs);
	for (i = 0; i < n; i++)
		bad += got[i] != want[i] || (want[i] != NULL && dirs[i] != wdir[i]);
	CHECK_EQ(bad, 0);
	/* The worker's in-line lookup (conn_fast.h), its three steps: the same answers. */
	for (i = 0; i < n; i++) {
		uint32_t v = conn_fast_probe(t->conns, conn_fast_bucket(t, hashes[i]), hashes[i]);
		enum conn_dir d, d4;
		struct conn *c = conn_fast_resolve(t, kp[i], hashes[i], v, &d, false);

		bad += c != want[i] || (want[i] != NULL && d != wdir[i]);
		/* As the worker asks for a burst of IPv4 keys (known_v4): the same answer. */
		if (kp[i]->af == HVLB_AF_INET) {
			c = conn_fast_resolve(t, kp[i], hashes[i], v, &d4, true);
			bad += c != want[i] || (want[i] != NULL && d4 != wdir[i]);
		}
	}
	CHECK_EQ(bad, 0);
	CHECK_EQ(conn_count(t), model_n);
}

static void
test_random_model(void)
{
	struct conn_table *t = table_new(MODEL_CAP, NULL);
	unsigned op, overflow = 0, mismatches = 0, hits = 0;
	struct walk_arg w = { 0, 0 };
	uint32_t cursor = 0;

	model_n = 0;
	for (op = 0; op < 100000; op++) {
		unsigned r = (unsigned)(rng() % 100);

		if (r < 40) {
			model_insert(t, &overflow);
		} else if (r < 70) {
			if (model_n > 0) {
				unsigned i = (unsigned)(rng() % model_n);

				conn_delete(t, model[i].c);
				model[i] = model[--model_n];
			}
		} else {
			struct flow_key k = rand_key();
			enum conn_dir d1 = O, d2 = O;
			struct conn *want = model_find(&k, &d1), *got = lookup(t, &k, &d2);

			mismatches += got != want || (want != NULL && d1 != d2);
			hits += want != NULL;
		}
		if (op % 10000 == 9999) {
			model_check_all(t);
			CHECK_EQ(spill_errors(t), 0);
		}
	}
	CHECK_EQ(mismatches, 0);
	CHECK_EQ(overflow, 0);
	CHECK(hits > 1000); /* the pools are small enough that lookups do hit */
	model_check_all(t);
	while (cursor != UINT32_MAX)
		conn_walk(t, &cursor, 50, walk_fn, &w);
	CHECK_EQ(w.seen, model_n);
}

/* The worker's in-line lookup (conn_fast.h), its three steps in a row. */
static struct conn *
fast_lookup(struct conn_table *t, const struct flow_key *k, enum conn_dir *dir)
{
	uint32_t h = conn_key_hash(k);

	return conn_fast_resolve(t, k, h,
				 conn_fast_probe(t->conns, conn_fast_bucket(t, h), h), dir, false);
}

/* Fill to 90 % of the capacity, NAT (two keys each), and count how many go in. */
static void
test_fill(void)
{
	const uint32_t max = 65536, n = max * 9 / 10;
	struct flow_key *keys = malloc(n * sizeof(*keys));
	struct conn **cs = malloc(n * sizeof(*cs));
	struct conn_table *t = table_new(max, NULL);
	uint32_t i, ok = 0, found = 0, found_fast = 0;
	union hvlb_addr rs;
	enum conn_dir dir;

	for (i = 0; i < n; i++) {
		uint64_t r = rng();

		keys[i] = key4((uint32_t)r, (uint16_t)(r >> 32), 0x0a000001, 443, HVLB_PROTO_TCP);
		rs = addr4(0x0a000100 + (uint32_t)(r >> 48) % 64);
		cs[i] = insert(t, &keys[i], &rs, 0, 1, 0);
		ok += cs[i] != NULL;
	}
	printf("     fill: %u of %u inserted (%.4f %%)\n", ok, n, 100.0 * ok / n);
	CHECK(ok >= n - n / 1000);
	CHECK_EQ(spill_errors(t), 0);
	CHECK_EQ(conn_count(t), ok);
	for (i = 0; i < n; i++) {
		struct flow_key rk;

		if (cs[i] == NULL)
			continue;
		union hvlb_addr rsa = conn_rs_addr(cs[i]);

		rk = reply_of(&keys[i], &rsa, 0);
		found += lookup(t, &keys[i], &dir) == cs[i] && dir == O;
		found += lookup(t, &rk, &dir) == cs[i] && dir == R;
		found_fast += fast_lookup(t, &keys[i], &dir) == cs[i] && dir == O;
		found_fast += fast_lookup(t, &rk, &dir) == cs[i] && dir == R;
		conn_delete(t, cs[i]);
		/* gone for the in-line lookup too */
		found_fast -= fast_lookup(t, &keys[i], &dir) != NULL;
	}
	CHECK_EQ(found, 2 * ok);
	CHECK_EQ(found_fast, 2 * ok); /* at 90 %, many keys live in their secondary bucket */
	CHECK_EQ(conn_count(t), 0);
	CHECK_EQ(spill_errors(t), 0);
	for (i = 0; i <= t->bucket_mask; i++)
		found += t->spilled[i];
	CHECK_EQ(found, 2 * ok); /* every count back to 0 */
	free(keys);
	free(cs);
}

int
main(void)
{
	RUN(test_random_model);
	RUN(test_fill);
	/* Again with every table filing keys by the NIC's Toeplitz hash (conn_set_hash). */
	{
		static struct toeplitz tz;

		toeplitz_init(&tz, toeplitz_key);
		conn_set_hash(&tz);
		RUN(test_random_model);
		RUN(test_fill);
		conn_set_hash(NULL);
	}
	free(table_mem);
	return check_summary();
}
