/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Schedulers: distribution against the weights, exact cycles for rr and wrr, exclusion of down
 * and drained RSs, least connections, source-hash stickiness, and no usable RS.
 */
#include <arpa/inet.h>
#include <stdlib.h>

#include "check.h"
#include "hash.h"
#include "maglev.h"
#include "scheduler.h"
#include "vs.h"

#define PICKS 100000
#define MAX_RS 8

static struct sched_worker worker;
static uint32_t active[RS_MAX_SLOTS];

static struct rs_config
rs(uint8_t last, uint32_t weight, uint16_t slot)
{
	struct rs_config r;

	memset(&r, 0, sizeof(r));
	hvlb_addr_set4(&r.addr, htonl(0x0A000000u | last));
	r.af = HVLB_AF_INET;
	r.port = htons(8080);
	r.weight = weight;
	r.health = 1;
	r.slot = slot;
	return r;
}

/* One VS over r[0..n) with the given scheduler, in its own table. */
static struct vs_table *
one_vs(uint8_t sched, const struct rs_config *r, uint16_t n, const struct vs **out)
{
	struct vs_config c;
	const char *err = NULL;
	struct vs_table *t;

	memset(&c, 0, sizeof(c));
	hvlb_addr_set4(&c.vip, htonl(0xC0000201u));
	c.af = HVLB_AF_INET;
	c.proto = HVLB_PROTO_TCP;
	c.vport = htons(80);
	c.sched = sched;
	c.slot = 7;
	c.rs = r;
	c.n_rs = n;
	t = vs_table_build(&c, 1, &err);
	if (t == NULL)
		fprintf(stderr, "vs_table_build: %s\n", err);
	*out = t != NULL ? vs_table_at(t, 0) : NULL;
	return t;
}

/* A pseudo-random client flow number i (fixed, so failures reproduce). */
static void
flow(struct flow_key *k, uint32_t i)
{
	uint32_t x = i * 2654435761u;

	memset(k, 0, sizeof(*k));
	hvlb_addr_set4(&k->src, htonl(0x64000000u | (x >> 8)));
	hvlb_addr_set4(&k->dst, htonl(0xC0000201u));
	k->sport = htons((uint16_t)(1024 + (x & 0x7FFF)));
	k->dport = htons(80);
	k->proto = HVLB_PROTO_TCP;
	k->af = HVLB_AF_INET;
}

static int
pick(const struct vs *v, uint32_t i)
{
	struct flow_key k;

	flow(&k, i);
	return sched_pick(v, &k, flow_hash(&k), &worker);
}

/* PICKS picks land on each RS within 2 points of its weight share (0 for unusable ones). */
static void
check_shares(uint8_t sched, const struct rs_config *r, uint16_t n)
{
	uint32_t counts[MAX_RS] = {0};
	double total = 0;
	const struct vs *v;
	struct vs_table *t = one_vs(sched, r, n, &v);

	CHECK(t != NULL);
	if (t == NULL)
		return;
	sched_worker_init(&worker, 42, active);
	for (uint32_t i = 0; i < PICKS; i++) {
		int x = pick(v, i);

		CHECK(x >= 0 && x < n);
		if (x >= 0 && x < n)
			counts[x]++;
	}
	for (uint16_t j = 0; j < n; j++)
		total += r[j].health ? r[j].weight : 0;
	for (uint16_t j = 0; j < n; j++) {
		double want = r[j].health ? r[j].weight / total : 0;
		double got = (double)counts[j] / PICKS;

		if (got - want > 0.02 || want - got > 0.02) {
			fprintf(stderr, "%s rs[%u]: share %.4f, want %.4f\n", sched_name(sched), j,
				got, want);
			CHECK(0);
		}
		if (want == 0)
			CHECK_EQ(counts[j], 0);
	}
	vs_table_free(t);
}

static void
weighted_set(struct rs_config *r)
{
	r[0] = rs(1, 10, 1);
	r[1] = rs(2, 30, 2);
	r[2] = rs(3, 0, 3);  /* drained */
	r[3] = rs(4, 20, 4);
	r[4] = rs(5, 50, 5); /* down */
	r[4].health = 0;
	r[5] = rs(6, 40, 6);
}

static void
test_names(void)
{
	for (unsigned k = 0; k < HVLB_SCHED_MAX; k++)
		CHECK_EQ(sched_from_name(sched_name(k)), k);
	CHECK(strcmp(sched_name(HVLB_SCHED_MAGLEV), "maglev") == 0);
	CHECK(strcmp(sched_name(HVLB_SCHED_RANDOM), "random") == 0);
	CHECK(strcmp(sched_name(HVLB_SCHED_RR), "rr") == 0);
	CHECK(strcmp(sched_name(HVLB_SCHED_WRR), "wrr") == 0);
	CHECK(strcmp(sched_name(HVLB_SCHED_SH), "sh") == 0);
	CHECK(strcmp(sched_name(HVLB_SCHED_LC), "lc") == 0);
	CHECK(strcmp(sched_name(HVLB_SCHED_MAX), "invalid") == 0);
	CHECK_EQ(sched_from_name("wlc"), -1);
	CHECK_EQ(vs_mode_from_name("nat"), VS_MODE_NAT);
	CHECK_EQ(vs_mode_from_name("dr"), VS_MODE_DR);
	CHECK_EQ(vs_mode_from_name("tunnel"), VS_MODE_TUNNEL);
	CHECK_EQ(vs_mode_from_name("fullnat"), VS_MODE_FULLNAT);
	CHECK(strcmp(vs_mode_name(VS_MODE_FULLNAT), "fullnat") == 0);
	CHECK_EQ(vs_mode_from_name("vxlan"), VS_MODE_VXLAN);
	CHECK_EQ(vs_mode_from_name("ipip"), -1);
	CHECK_EQ(vs_mode_from_name(""), -1);
	CHECK(strcmp(vs_mode_name(VS_MODE_DR), "dr") == 0);
	CHECK(strcmp(vs_mode_name(VS_MODE_MAX), "invalid") == 0);
	CHECK_EQ(vs_down_conns_from_name("keep"), VS_DOWN_KEEP);
	CHECK_EQ(vs_down_conns_from_name("reschedule"), VS_DOWN_RESCHEDULE);
	CHECK_EQ(vs_down_conns_from_name("expire"), -1);
	CHECK(strcmp(vs_down_conns_name(VS_DOWN_RESCHEDULE), "reschedule") == 0);
	CHECK_EQ(vs_down_conns_default(HVLB_PROTO_TCP), VS_DOWN_KEEP);
	CHECK_EQ(vs_down_conns_default(HVLB_PROTO_UDP), VS_DOWN_RESCHEDULE);
	CHECK_EQ(vs_all_down_from_name("drop"), VS_ALL_DOWN_DROP);
	CHECK_EQ(vs_all_down_from_name("keep_last"), VS_ALL_DOWN_KEEP_LAST);
	CHECK_EQ(vs_all_down_from_name(""), -1);
	CHECK(strcmp(vs_all_down_name(VS_ALL_DOWN_MAX), "invalid") == 0);
}

static void
test_weighted_shares(void)
{
	struct rs_config r[6];

	weighted_set(r);
	check_shares(HVLB_SCHED_MAGLEV, r, 6);
	check_shares(HVLB_SCHED_RANDOM, r, 6);
	check_shares(HVLB_SCHED_WRR, r, 6);
	check_shares(HVLB_SCHED_SH, r, 6);
}

static void
test_maglev_uses_flow_hash(void)
{
	struct rs_config r[6];
	const struct vs *v;
	struct vs_table *t;
	struct flow_key k;
	int same = 1;

	weighted_set(r);
	t = one_vs(HVLB_SCHED_MAGLEV, r, 6, &v);
	if (t == NULL)
		return;
	for (uint32_t i = 0; i < 1000; i++) {
		uint32_t h;

		flow(&k, i);
		h = flow_hash(&k);
		same &= sched_pick(v, &k, h, &worker) == v->maglev[h % MAGLEV_TABLE_SIZE];
	}
	CHECK(same);
	vs_table_free(t);
}

static void
test_rr_exact(void)
{
	struct rs_config r[6];
	uint32_t counts[6] = {0};
	const struct vs *v;
	struct vs_table *t;

	weighted_set(r);
	t = one_vs(HVLB_SCHED_RR, r, 6, &v);
	if (t == NULL)
		return;
	sched_worker_init(&worker, 1, active);
	for (int i = 0; i < 4 * 100; i++) {
		int x = pick(v, 0);

		CHECK(x >= 0 && x < 6);
		if (x >= 0 && x < 6)
			counts[x]++;
	}
	/* Usable: rs 0, 1, 3, 5; each exactly 100 times, in order. */
	CHECK_EQ(counts[0], 100);
	CHECK_EQ(counts[1], 100);
	CHECK_EQ(counts[3], 100);
	CHECK_EQ(counts[5], 100);
	CHECK_EQ(counts[2] + counts[4], 0);
	CHECK_EQ(pick(v, 0), 0);
	CHECK_EQ(pick(v, 0), 1);
	CHECK_EQ(pick(v, 0), 3);
	/* A cursor left by an older, longer table must not run past this one. */
	worker.cursor[v->slot] = 1000;
	CHECK_EQ(pick(v, 0), 0);
	vs_table_free(t);
}

static void
test_wrr_exact_and_smooth(void)
{
	/* nginx's example: weights 5, 1, 1 give a a b a c a a. */
	static const int want[7] = {0, 0, 1, 0, 2, 0, 0};
	struct rs_config r[6];
	uint32_t counts[6] = {0};
	const struct vs *v;
	struct vs_table *t;

	r[0] = rs(1, 5, 1);
	r[1] = rs(2, 1, 2);
	r[2] = rs(3, 1, 3);
	t = one_vs(HVLB_SCHED_WRR, r, 3, &v);
	if (t == NULL)
		return;
	sched_worker_init(&worker, 1, active);
	CHECK_EQ(v->wrr_len, 7);
	for (int cycle = 0; cycle < 3; cycle++)
		for (int i = 0; i < 7; i++)
			CHECK_EQ(pick(v, 0), want[i]);
	vs_table_free(t);

	/* Weights with a common factor: one cycle is sum / gcd = 10 picks. */
	weighted_set(r);
	t = one_vs(HVLB_SCHED_WRR, r, 6, &v);
	if (t == NULL)
		return;
	CHECK_EQ(v->wrr_len, 10);
	for (uint32_t i = 0; i < v->wrr_len * 5; i++)
		counts[pick(v, 0)]++;
	CHECK_EQ(counts[0], 5);
	CHECK_EQ(counts[1], 15);
	CHECK_EQ(counts[3], 10);
	CHECK_EQ(counts[5], 20);
	CHECK_EQ(counts[2] + counts[4], 0);
	vs_table_free(t);
}

/* Weights whose cycle exceeds WRR_SEQ_MAX are scaled down; every usable RS keeps a turn. */
static void
test_wrr_scaled(void)
{
	struct rs_config r[4] = {rs(1, 1000003, 1), rs(2, 1, 2), rs(3, 500001, 3), rs(4, 7, 4)};
	uint32_t counts[4] = {0};
	const struct vs *v;
	struct vs_table *t = one_vs(HVLB_SCHED_WRR, r, 4, &v);

	if (t == NULL)
		return;
	CHECK(v->wrr_len <= WRR_SEQ_MAX);
	CHECK(v->wrr_len > WRR_SEQ_MAX / 2);
	for (uint32_t i = 0; i < v->wrr_len; i++)
		counts[v->wrr_seq[i]]++;
	for (int j = 0; j < 4; j++)
		CHECK(counts[j] >= 1);
	CHECK(counts[0] > 1.9 * counts[2] && counts[0] < 2.1 * counts[2]);
	vs_table_free(t);
}

static void
test_lc(void)
{
	struct rs_config r[4] = {rs(1, 1, 10), rs(2, 1, 11), rs(3, 1, 12), rs(4, 1, 13)};
	uint32_t counts[4] = {0};
	const struct vs *v;
	struct vs_table *t;

	r[3].health = 0;
	t = one_vs(HVLB_SCHED_LC, r, 4, &v);
	if (t == NULL)
		return;
	memset(active, 0, sizeof(active));
	sched_worker_init(&worker, 1, active);
	active[10] = 5;
	active[11] = 2;
	active[12] = 7;
	active[13] = 0; /* down: never chosen even though idle */
	CHECK_EQ(pick(v, 0), 1);
	CHECK_EQ(pick(v, 0), 1);
	active[11] = 9;
	CHECK_EQ(pick(v, 0), 0);

	/* Ties rotate: with equal loads every usable RS takes turns. */
	memset(active, 0, sizeof(active));
	for (int i = 0; i < 30; i++)
		counts[pick(v, 0)]++;
	CHECK_EQ(counts[0], 10);
	CHECK_EQ(counts[1], 10);
	CHECK_EQ(counts[2], 10);
	CHECK_EQ(counts[3], 0);
	vs_table_free(t);

	/* Weighted: 3 active on weight 4 is less loaded than 1 on weight 1. Connections that
	 * never close end up shared in proportion to weight. */
	r[0] = rs(1, 1, 10);
	r[1] = rs(2, 4, 11);
	t = one_vs(HVLB_SCHED_LC, r, 2, &v);
	if (t == NULL)
		return;
	memset(active, 0, sizeof(active));
	active[10] = 1;
	active[11] = 3;
	CHECK_EQ(pick(v, 0), 1);
	memset(active, 0, sizeof(active));
	for (int i = 0; i < 500; i++)
		active[r[pick(v, 0)].slot]++;
	CHECK_EQ(active[10], 100);
	CHECK_EQ(active[11], 400);
	vs_table_free(t);
	memset(active, 0, sizeof(active));
}

/* sh: one source always gets the same RS, whatever its ports or destination. */
static void
test_sh_sticky(void)
{
	struct rs_config r[6];
	const struct vs *v;
	struct vs_table *t;
	struct flow_key k;
	int first, sticky = 1;

	weighted_set(r);
	t = one_vs(HVLB_SCHED_SH, r, 6, &v);
	if (t == NULL)
		return;
	for (uint32_t src = 0; src < 200; src++) {
		flow(&k, src);
		first = sched_pick(v, &k, flow_hash(&k), &worker);
		for (uint16_t p = 0; p < 20; p++) {
			k.sport = htons((uint16_t)(2000 + p * 7));
			k.dport = htons((uint16_t)(80 + p));
			k.dst.b[3] = (uint8_t)p;
			sticky &= sched_pick(v, &k, flow_hash(&k), &worker) == first;
		}
		sticky &= first == v->maglev[addr_hash(&k.src) % MAGLEV_TABLE_SIZE];
	}
	CHECK(sticky);
	vs_table_free(t);
}

static void
test_no_usable(void)
{
	struct rs_config r[2] = {rs(1, 0, 1), rs(2, 5, 2)};
	const struct vs *v;

	r[1].health = 0;
	for (uint8_t s = 0; s < HVLB_SCHED_MAX; s++) {
		struct vs_table *t = one_vs(s, r, 2, &v);

		CHECK(t != NULL);
		if (t == NULL)
			continue;
		CHECK_EQ(pick(v, 1), -1);
		vs_table_free(t);
		t = one_vs(s, NULL, 0, &v);
		CHECK(t != NULL);
		if (t != NULL)
			CHECK_EQ(pick(v, 1), -1);
		vs_table_free(t);
	}
}

static void
test_workers_independent(void)
{
	struct sched_worker a, b;
	int differ = 0;

	sched_worker_init(&a, 0, NULL);
	sched_worker_init(&b, 1, NULL);
	CHECK(a.rng != 0 && b.rng != 0 && a.rng != b.rng);
	CHECK(a.rs_active == NULL && a.cursor[VS_MAX_SLOTS - 1] == 0);

	/* Random picks with no rs_active and different seeds: same shares, different order. */
	{
		struct rs_config r[3] = {rs(1, 1, 1), rs(2, 1, 2), rs(3, 1, 3)};
		const struct vs *v;
		struct vs_table *t = one_vs(HVLB_SCHED_RANDOM, r, 3, &v);
		struct flow_key k;

		if (t == NULL)
			return;
		flow(&k, 0);
		for (int i = 0; i < 64; i++)
			differ |= sched_pick(v, &k, 0, &a) != sched_pick(v, &k, 0, &b);
		CHECK(differ);
		vs_table_free(t);
	}
}

int
main(void)
{
	RUN(test_names);
	RUN(test_weighted_shares);
	RUN(test_maglev_uses_flow_hash);
	RUN(test_rr_exact);
	RUN(test_wrr_exact_and_smooth);
	RUN(test_wrr_scaled);
	RUN(test_lc);
	RUN(test_sh_sticky);
	RUN(test_no_usable);
	RUN(test_workers_independent);
	return check_summary();
}
