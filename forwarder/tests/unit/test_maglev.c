/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Weighted Maglev tables, and the golden vectors shared with the Python model
 * (tests/model/test_hvlb_model.py): if one side changes, both must.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdlib.h>

#include "check.h"
#include "hash.h"
#include "maglev.h"

#define SIZE MAGLEV_TABLE_SIZE
#define MAX_B 16

static uint16_t table_a[SIZE];
static uint16_t table_b[SIZE];
static uint32_t scratch[3 * MAX_B];

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
}

int
main(void)
{
	RUN(test_golden_hashes);
	RUN(test_golden_table);
	RUN(test_weights_proportional);
	RUN(test_all_zero_is_empty);
	RUN(test_minimal_disruption);
	RUN(test_deterministic);
	RUN(test_invalid);
	return check_summary();
}
