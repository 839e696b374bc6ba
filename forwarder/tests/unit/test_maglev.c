/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Weighted Maglev tables, and the golden vectors shared with the Python model
 * (tests/model/test_hvlb_model.py): if one side changes, both must. A table must name the same
 * backend in every entry whatever order the backends are listed in.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdlib.h>
#include <time.h>

#include "check.h"
#include "hash.h"
#include "maglev.h"

#define SIZE MAGLEV_TABLE_SIZE
#define MAX_B 1000

static uint16_t table_a[SIZE];
static uint16_t table_b[SIZE];
static uint32_t scratch[MAGLEV_SCRATCH_WORDS(MAX_B)];

static void
set_id4(struct maglev_backend *b, const char *ip, uint16_t port, uint32_t weight)
{
	union hvlb_addr a;
	uint16_t port_be = htons(port);

	memset(b, 0, sizeof(*b));
	memset(&a, 0, sizeof(a));
	inet_pton(AF_INET, ip, &a.w[0]);
	memcpy(b->id, a.b, 16);
	memcpy(b->id + 16, &port_be, 2);
	b->weight = weight;
}

static void
make_key(struct flow_key *k, int af, uint8_t proto, const char *src, const char *dst,
	 uint16_t sport, uint16_t dport)
{
	memset(k, 0, sizeof(*k));
	inet_pton(af == HVLB_AF_INET ? AF_INET : AF_INET6, src, k->src.b);
	inet_pton(af == HVLB_AF_INET ? AF_INET : AF_INET6, dst, k->dst.b);
	k->sport = htons(sport);
	k->dport = htons(dport);
	k->proto = proto;
	k->af = (uint8_t)af;
}

static void
count_entries(const uint16_t *t, uint32_t size, uint32_t *counts, unsigned n)
{
	memset(counts, 0, n * sizeof(*counts));
	for (uint32_t i = 0; i < size; i++)
		if (t[i] < n)
			counts[t[i]]++;
}

static void
test_golden_hashes(void)
{
	struct flow_key k;
	union hvlb_addr a;

	CHECK_EQ(hash_bytes("123456789", 9, 0), 0xE3069283u);

	make_key(&k, HVLB_AF_INET, HVLB_PROTO_TCP, "10.0.0.1", "192.168.1.10", 12345, 80);
	CHECK_EQ(flow_hash(&k), 0x0895E92Du);
	make_key(&k, HVLB_AF_INET, HVLB_PROTO_UDP, "172.16.5.4", "10.1.2.3", 53, 5353);
	CHECK_EQ(flow_hash(&k), 0xDA555703u);
	make_key(&k, HVLB_AF_INET6, HVLB_PROTO_TCP, "2001:db8::1", "2001:db8:1::10", 40000, 443);
	CHECK_EQ(flow_hash(&k), 0xA4570A4Cu);

	memset(&a, 0, sizeof(a));
	inet_pton(AF_INET, "10.0.0.1", &a.w[0]);
	CHECK_EQ(addr_hash(&a), 0x1AB3E0A5u);
	inet_pton(AF_INET6, "2001:db8::1", a.b);
	CHECK_EQ(addr_hash(&a), 0xCF31FCEFu);
}

static void
golden_backends(struct maglev_backend *b)
{
	set_id4(&b[0], "10.0.0.1", 80, 1);
	set_id4(&b[1], "10.0.0.2", 80, 2);
	set_id4(&b[2], "10.0.0.3", 8080, 3);
}

static void
test_golden_table(void)
{
	static const uint16_t first32[32] = {
		1, 2, 1, 0, 2, 2, 2, 0, 2, 2, 1, 2, 1, 2, 0, 1,
		2, 1, 0, 1, 2, 2, 0, 2, 1, 1, 2, 1, 2, 0, 1, 2,
	};
	static const uint16_t size13[13] = {0, 2, 1, 2, 1, 2, 2, 1, 0, 2, 2, 2, 1};
	struct maglev_backend b[3];
	uint32_t counts[3];
	uint16_t small[13];

	golden_backends(b);
	CHECK_EQ(maglev_build(table_a, SIZE, b, 3, scratch), 0);
	CHECK_MEM(table_a, first32, sizeof(first32));
	count_entries(table_a, SIZE, counts, 3);
	CHECK_EQ(counts[0], 10923);
	CHECK_EQ(counts[1], 21846);
	CHECK_EQ(counts[2], 32768);

	CHECK_EQ(maglev_build(small, 13, b, 3, scratch), 0);
	CHECK_MEM(small, size13, sizeof(size13));
}

/* Backends listed out of identity order, with repeated and zero weights: the whole table
 * (indexes into this list, as little-endian uint16 on x86-64 and arm64) hashes to a figure
 * the model gives too (tests/model: GOLDEN_SCRAMBLED). An implementation that let the list's
 * order decide contested entries gets another figure. */
static void
test_golden_scrambled(void)
{
	struct maglev_backend b[8];

	set_id4(&b[0], "10.1.0.14", 80, 2);
	set_id4(&b[1], "10.1.0.3", 443, 5);
	set_id4(&b[2], "10.1.0.3", 80, 5);
	set_id4(&b[3], "10.1.0.9", 80, 0);
	set_id4(&b[4], "10.1.0.200", 80, 1);
	set_id4(&b[5], "10.1.0.7", 8080, 2);
	set_id4(&b[6], "10.1.0.21", 80, 3);
	set_id4(&b[7], "10.1.0.1", 80, 5);
	CHECK_EQ(maglev_build(table_a, SIZE, b, 8, scratch), 0);
	CHECK_EQ(hash_bytes(table_a, sizeof(table_a), 0), 0x88EB9F37u);
}

static void
check_proportional(const uint32_t *weights, unsigned n)
{
	struct maglev_backend b[MAX_B];
	uint32_t counts[MAX_B];
	double total = 0;
	char ip[32];

	for (unsigned i = 0; i < n; i++) {
		snprintf(ip, sizeof(ip), "10.1.0.%u", i + 1);
		set_id4(&b[i], ip, 80, weights[i]);
		total += weights[i];
	}
	CHECK_EQ(maglev_build(table_a, SIZE, b, (uint16_t)n, scratch), 0);
	count_entries(table_a, SIZE, counts, n);
	for (unsigned i = 0; i < n; i++) {
		double want = weights[i] / total;
		double got = (double)counts[i] / SIZE;

		if (got - want > 0.01 || want - got > 0.01) {
			fprintf(stderr, "backend %u weight %u: share %.4f, want %.4f\n", i,
				weights[i], got, want);
			CHECK(0);
		}
	}
	/* Every entry is filled when at least one weight is positive. */
	for (uint32_t i = 0; i < SIZE; i++)
		if (table_a[i] >= n) {
			CHECK(0);
			break;
		}
}

static void
test_weights_proportional(void)
{
	static const uint32_t equal[10] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
	static const uint32_t skewed[4] = {5, 1, 3, 7};
	static const uint32_t big[3] = {1000000, 250000, 4000000};
	static const uint32_t with_zero[5] = {10, 0, 30, 0, 60};
	static const uint32_t huge[2] = {UINT32_MAX, UINT32_MAX / 2};
	static const uint32_t one[1] = {42};

	check_proportional(equal, 10);
	check_proportional(skewed, 4);
	check_proportional(big, 3);
	check_proportional(with_zero, 5);
	check_proportional(huge, 2);
	check_proportional(one, 1);
}

static void
test_all_zero_is_empty(void)
{
	struct maglev_backend b[3];
	int all_empty = 1;

	golden_backends(b);
	for (int i = 0; i < 3; i++)
		b[i].weight = 0;
	CHECK_EQ(maglev_build(table_a, SIZE, b, 3, scratch), 0);
	for (uint32_t i = 0; i < SIZE; i++)
		all_empty &= table_a[i] == MAGLEV_EMPTY;
	CHECK(all_empty);

	memset(table_a, 0, sizeof(table_a));
	CHECK_EQ(maglev_build(table_a, SIZE, NULL, 0, NULL), 0);
	CHECK_EQ(table_a[0], MAGLEV_EMPTY);
	CHECK_EQ(table_a[SIZE - 1], MAGLEV_EMPTY);
}

/* Removing one of 10 backends moves its own tenth of the entries and few others. */
static void
test_minimal_disruption(void)
{
	struct maglev_backend b[10], fewer[9];
	uint32_t changed = 0;
	char ip[32];

	for (unsigned i = 0; i < 10; i++) {
		snprintf(ip, sizeof(ip), "10.2.0.%u", i + 1);
		set_id4(&b[i], ip, 443, 1);
	}
	CHECK_EQ(maglev_build(table_a, SIZE, b, 10, scratch), 0);
	/* Drop backend 4; indexes above it shift down by one. */
	memcpy(fewer, b, 4 * sizeof(b[0]));
	memcpy(fewer + 4, b + 5, 5 * sizeof(b[0]));
	CHECK_EQ(maglev_build(table_b, SIZE, fewer, 9, scratch), 0);
	for (uint32_t i = 0; i < SIZE; i++) {
		unsigned before = table_a[i];
		unsigned after = table_b[i] >= 4 ? table_b[i] + 1u : table_b[i];

		if (before != after)
			changed++;
	}
	printf("     removing 1 of 10 backends changed %.2f%% of entries\n",
	       100.0 * changed / SIZE);
	CHECK(changed < SIZE * 15 / 100);
	CHECK(changed >= SIZE / 10 - SIZE / 100);
}

static void
test_deterministic(void)
{
	struct maglev_backend b[3];

	golden_backends(b);
	b[1].weight = 7;
	CHECK_EQ(maglev_build(table_a, SIZE, b, 3, scratch), 0);
	memset(scratch, 0xAB, sizeof(scratch));
	CHECK_EQ(maglev_build(table_b, SIZE, b, 3, scratch), 0);
	CHECK_MEM(table_a, table_b, sizeof(table_a));
	CHECK_EQ(maglev_lookup(table_a, SIZE, 0x12345678u), table_a[0x12345678u % SIZE]);
}

/* xorshift32: the permutations and weights below are the same on every run. */
static uint32_t
test_rand(uint32_t *state)
{
	uint32_t x = *state;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	*state = x;
	return x;
}

/* A random IPv4 or IPv6 identity; every tenth shares the previous one's address with another
 * port, so that identities differing only in the port are sorted too. */
static void
random_backend(struct maglev_backend *b, unsigned i, uint32_t weight, uint32_t *rng)
{
	uint16_t port;

	memset(b, 0, sizeof(*b));
	if (i > 0 && i % 10 == 0) {
		memcpy(b->id, b[-1].id, 16);
	} else {
		uint32_t r = test_rand(rng);

		memcpy(b->id, &r, 4);
		if (i % 3 == 0)
			for (unsigned k = 4; k < 16; k += 4) {
				r = test_rand(rng);
				memcpy(b->id + k, &r, 4);
			}
	}
	port = (uint16_t)(1000 + i);
	memcpy(b->id + 16, &port, 2);
	b->weight = weight;
}

/* Build over b[0..n) and over a shuffle of it; every entry of the second, mapped back through
 * the shuffle, must name the same backend as the first: the table depends on which
 * backends there are, never on the order they are listed in. Returns the first build's
 * time in milliseconds. */
static double
check_permutations(const struct maglev_backend *b, unsigned n, uint32_t size, uint32_t *rng)
{
	static struct maglev_backend shuffled[MAX_B];
	static uint16_t from[MAX_B]; /* shuffled[k] is b[from[k]] */
	struct timespec t0, t1;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	CHECK_EQ(maglev_build(table_a, size, b, (uint16_t)n, scratch), 0);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	for (int round = 0; round < 4; round++) {
		uint32_t differ = 0;

		for (unsigned k = 0; k < n; k++)
			from[k] = (uint16_t)k;
		if (round == 1) /* reversed */
			for (unsigned k = 0; k < n; k++)
				from[k] = (uint16_t)(n - 1 - k);
		else if (round > 1) /* Fisher-Yates */
			for (unsigned k = n; k > 1; k--) {
				unsigned j = test_rand(rng) % k;
				uint16_t t = from[k - 1];

				from[k - 1] = from[j];
				from[j] = t;
			}
		for (unsigned k = 0; k < n; k++)
			shuffled[k] = b[from[k]];
		CHECK_EQ(maglev_build(table_b, size, shuffled, (uint16_t)n, scratch), 0);
		for (uint32_t e = 0; e < size; e++) {
			if (table_b[e] != MAGLEV_EMPTY)
				table_b[e] = from[table_b[e]];
			differ += table_a[e] != table_b[e];
		}
		if (differ != 0)
			fprintf(stderr, "n %u round %d: %u of %u entries name another backend\n", n,
				round, differ, size);
		CHECK_MEM(table_a, table_b, size * sizeof(table_a[0]));
	}
	return (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
}

/* Backend i's weight in each kind of set: equal, repeated (1, 2, 3, 1, ...), distinct (random),
 * and a quarter drained (0) among repeated ones. */
static uint32_t
test_weight(int kind, unsigned i, uint32_t *rng)
{
	switch (kind) {
	case 0:
		return 100;
	case 1:
		return 1 + i % 3;
	case 2:
		return 1 + test_rand(rng) % 1000;
	default:
		return i % 4 == 1 ? 0 : 10 * (1 + i % 2);
	}
}

/* Sizes from 2 to VS_MAX_RS's 1000-odd, each kind of weights, in the full table and (for few
 * backends) a 13-entry one where most entries are contested. */
static void
test_order_independent(void)
{
	static struct maglev_backend b[MAX_B];
	static const unsigned sizes[] = {2, 3, 5, 16, 100, 1000};
	uint32_t rng = 0x2545F491u;
	double ms = 0;

	for (unsigned s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		unsigned n = sizes[s];

		for (int kind = 0; kind < 4; kind++) {
			for (unsigned i = 0; i < n; i++)
				random_backend(&b[i], i, test_weight(kind, i, &rng), &rng);
			ms = check_permutations(b, n, SIZE, &rng);
			if (n < 13)
				check_permutations(b, n, 13, &rng);
		}
	}
	printf("     one %u-entry build over %u backends: %.2f ms\n", SIZE, sizes[5], ms);
}

/* A real of weight 0 (drained), wherever it sits in the array, changes nothing: the table
 * equals the one built without it. */
static void
test_zero_weight_does_not_perturb(void)
{
	struct maglev_backend b[5], without[4];

	golden_backends(b);
	set_id4(&b[3], "10.0.0.0", 80, 4);
	set_id4(&b[4], "10.0.0.9", 80, 0);
	memcpy(without, b, 4 * sizeof(b[0]));
	CHECK_EQ(maglev_build(table_a, SIZE, without, 4, scratch), 0);
	for (unsigned at = 0; at < 5; at++) {
		struct maglev_backend with[5];
		unsigned k = 0;

		/* with[] is b[0..4) with the zero-weight b[4] inserted at position at. */
		for (unsigned i = 0; i < 5; i++)
			with[i] = i == at ? b[4] : b[k++];
		CHECK_EQ(maglev_build(table_b, SIZE, with, 5, scratch), 0);
		for (uint32_t e = 0; e < SIZE; e++)
			if (table_b[e] > at)
				table_b[e]--;
		CHECK_MEM(table_a, table_b, sizeof(table_a));
	}
}

static void
test_invalid(void)
{
	struct maglev_backend b[3];
	uint16_t small[16];

	golden_backends(b);
	CHECK_EQ(maglev_build(small, 15, b, 3, scratch), -EINVAL); /* not prime */
	CHECK_EQ(maglev_build(small, 3, b, 3, scratch), -EINVAL);  /* size <= n */
	CHECK_EQ(maglev_build(small, 1, b, 0, scratch), -EINVAL);
	CHECK_EQ(maglev_build(NULL, 13, b, 3, scratch), -EINVAL);
	CHECK_EQ(maglev_build(small, 13, NULL, 3, scratch), -EINVAL);
	CHECK_EQ(maglev_build(small, 13, b, 3, NULL), -EINVAL);
	CHECK_EQ(maglev_build(small, 2, b, 1, scratch), 0);
	CHECK_EQ(small[0], 0);
	CHECK_EQ(small[1], 0);
	/* One identity twice: which comes first would be the caller's order again. */
	b[2] = b[0];
	b[2].weight = 5;
	memset(small, 0, sizeof(small));
	CHECK_EQ(maglev_build(small, 13, b, 3, scratch), -EINVAL);
	CHECK_EQ(small[0], 0); /* untouched */
}

int
main(void)
{
	RUN(test_golden_hashes);
	RUN(test_golden_table);
	RUN(test_golden_scrambled);
	RUN(test_weights_proportional);
	RUN(test_all_zero_is_empty);
	RUN(test_minimal_disruption);
	RUN(test_deterministic);
	RUN(test_order_independent);
	RUN(test_zero_weight_does_not_perturb);
	RUN(test_invalid);
	return check_summary();
}
