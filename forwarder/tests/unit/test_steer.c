/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Unit tests of the steering table (core/steer.c): both tuples of a moved connection find its
 * worker, other tuples miss, the client-endpoint bitmap never misses a present tuple, a tuple
 * given twice keeps the last worker, the size limit holds; the default owner spreads client
 * endpoints evenly; and parse_peek_tuple (the dispatch stage's reading of a frame) gives the tuple
 * parse_frame would, from plain frames only.
 */
#include <stdlib.h>

#include "check.h"
#include "parse.h"
#include "pkt_build.h"
#include "steer.h"

static struct flow_key
tuple(uint32_t src, uint16_t sport, uint32_t dst, uint16_t dport)
{
	struct flow_key k;

	memset(&k, 0, sizeof(k));
	hvlb_addr_set4(&k.src, src);
	hvlb_addr_set4(&k.dst, dst);
	k.sport = sport;
	k.dport = dport;
	k.proto = HVLB_PROTO_TCP;
	k.af = HVLB_AF_INET;
	return k;
}

/* The ORIG tuple of connection i (client 10.0.x.y:port -> VIP:80) and its NAT reply tuple
 * (NF -> client), as rules for worker w. */
static void
conn_rules(struct steer_rule *r, uint32_t i, uint16_t w)
{
	uint32_t client = 0x0a000000u + i, vip = 0x0a640001u, nf = 0x0a01000bu;
	uint16_t port = (uint16_t)(1024 + i % 60000);

	r[0] = (struct steer_rule){.key = tuple(client, port, vip, 80), .worker = w};
	r[1] = (struct steer_rule){.key = tuple(nf, 8080, client, port), .worker = w};
	r[0].client_hash = steer_client_hash(&r[0].key.src, r[0].key.sport);
	r[1].client_hash = steer_client_hash(&r[1].key.dst, r[1].key.dport);
}

static void
test_both_directions(void)
{
	struct steer_rule rules[2 * 100];
	void *mem = malloc(steer_table_mem_size(200));
	struct steer_table *t;

	for (uint32_t i = 0; i < 100; i++)
		conn_rules(&rules[2 * i], i, (uint16_t)(i % 7));
	t = steer_table_build(mem, rules, 200);
	CHECK(t != NULL);
	CHECK_EQ(t->n_keys, 200);
	for (uint32_t i = 0; i < 200; i++) {
		const struct steer_rule *r = &rules[i];
		CHECK(steer_filter_hit(t, r->client_hash));
		CHECK_EQ(steer_lookup(t, &r->key, flow_hash(&r->key)), r->worker);
	}
	/* The same clients' other connections (another port) are not overridden. */
	for (uint32_t i = 0; i < 100; i++) {
		struct flow_key k = tuple(0x0a000000u + i, 7, 0x0a640001u, 80);
		CHECK_EQ(steer_lookup(t, &k, flow_hash(&k)), -1);
	}
	free(mem);
}

/* With few overrides most client endpoints miss the bitmap, so their packets never hash. */
static void
test_filter_rejects_most(void)
{
	struct steer_rule rules[2 * 50];
	void *mem = malloc(steer_table_mem_size(100));
	struct steer_table *t;
	unsigned hits = 0;

	for (uint32_t i = 0; i < 50; i++)
		conn_rules(&rules[2 * i], i, 1);
	t = steer_table_build(mem, rules, 100);
	for (uint32_t i = 0; i < 10000; i++) {
		union hvlb_addr a;
		hvlb_addr_set4(&a, 0x0b000000u + i * 7919);
		hits += steer_filter_hit(t, steer_client_hash(&a, (uint16_t)(2000 + i)));
	}
	/* 50 endpoints set at most 50 of 16384 bits: about 0.3 % of others hit. */
	CHECK(hits < 100);
	free(mem);
}

static void
test_duplicate_keeps_last(void)
{
	struct steer_rule rules[3];
	void *mem = malloc(steer_table_mem_size(3));
	struct steer_table *t;

	conn_rules(rules, 5, 1);
	rules[2] = rules[0];
	rules[2].worker = 3;
	t = steer_table_build(mem, rules, 3);
	CHECK_EQ(t->n_keys, 2);
	CHECK_EQ(steer_lookup(t, &rules[0].key, flow_hash(&rules[0].key)), 3);
	CHECK_EQ(steer_lookup(t, &rules[1].key, flow_hash(&rules[1].key)), 1);
	free(mem);
}

static void
test_limits(void)
{
	void *mem = malloc(steer_table_mem_size(0));
	struct steer_table *t = steer_table_build(mem, NULL, 0);
	struct flow_key k = tuple(1, 2, 3, 4);

	CHECK(t != NULL && t->n_keys == 0);
	CHECK_EQ(steer_lookup(t, &k, flow_hash(&k)), -1);
	CHECK_EQ(steer_table_mem_size(STEER_MAX_KEYS + 1), 0);
	CHECK(steer_table_build(mem, NULL, STEER_MAX_KEYS + 1) == NULL);
	free(mem);
}

/* The default owner: 1 worker owns everything; with 2 and 3 workers consecutive client ports
 * spread within a few percent of even. */
static void
test_default_owner(void)
{
	union hvlb_addr a;
	unsigned count[3] = {0};

	hvlb_addr_set4(&a, 0x0200000au); /* 10.0.0.2 in network order */
	CHECK_EQ(steer_owner(1, &a, 1234), 0);
	for (uint16_t n = 2; n <= 3; n++) {
		memset(count, 0, sizeof(count));
		for (uint32_t p = 10000; p < 40000; p++)
			count[steer_owner(n, &a, (uint16_t)p)]++;
		for (uint16_t w = 0; w < n; w++)
			CHECK(count[w] > 30000 / n * 95 / 100 && count[w] < 30000 / n * 105 / 100);
	}
}

/* Plain TCP and UDP over IPv4 and IPv6, with and without a VLAN tag, in frames as short as
 * a veth delivers them: the peeked key is byte for byte parse_frame's. */
static void
test_peek_matches_parse(void)
{
	static const uint8_t afs[2] = {HVLB_AF_INET, HVLB_AF_INET6};
	static const uint8_t protos[2] = {HVLB_PROTO_TCP, HVLB_PROTO_UDP};
	uint8_t f[256];

	for (int a = 0; a < 2; a++)
		for (int p = 0; p < 2; p++)
			for (int v = 0; v < 2; v++) {
				struct pkt_spec sp;
				struct pkt_info pi;
				struct flow_key k;
				uint32_t len;

				pkt_spec_default(&sp, afs[a], protos[p]);
				sp.sport = (uint16_t)(40000 + a * 4 + p * 2 + v);
				sp.has_vlan = (uint8_t)v;
				len = pkt_build(f, &sp);
				CHECK_EQ(parse_frame(f, len, &pi), HVLB_DROP_NONE);
				CHECK(parse_peek_tuple(f, len, &k));
				CHECK(memcmp(&k, &pi.key, sizeof(k)) == 0);
			}
}

/* Anything but a plain TCP or UDP frame is declined (the dispatch stage sends it to a
 * worker that classifies it in full). */
static void
test_peek_declines(void)
{
	uint8_t f[256];
	struct flow_key k;
	uint32_t len;

	len = pkt_build_default(f, HVLB_AF_INET, HVLB_PROTO_ICMP);
	CHECK(!parse_peek_tuple(f, len, &k));
	len = pkt_build_default(f, HVLB_AF_INET6, HVLB_PROTO_ICMPV6);
	CHECK(!parse_peek_tuple(f, len, &k));
	len = pkt_build_default(f, HVLB_AF_INET, HVLB_PROTO_UDP);
	CHECK(parse_peek_tuple(f, len, &k));
	CHECK(!parse_peek_tuple(f, 14 + 20 + 3, &k)); /* too short for the ports */
	CHECK(!parse_peek_tuple(f, 17, &k));
	f[14 + 6] |= 0x20; /* more fragments */
	CHECK(!parse_peek_tuple(f, len, &k));
	f[14 + 6] &= (uint8_t)~0x20;
	f[14 + 7] = 1; /* a fragment offset */
	CHECK(!parse_peek_tuple(f, len, &k));
	f[14 + 7] = 0;
	f[14] = 0x46; /* IP options */
	CHECK(!parse_peek_tuple(f, len, &k));
	f[14] = 0x45;
	f[12] = 0x08, f[13] = 0x06; /* ARP */
	CHECK(!parse_peek_tuple(f, len, &k));
	len = pkt_build_default(f, HVLB_AF_INET6, HVLB_PROTO_TCP);
	CHECK(parse_peek_tuple(f, len, &k));
	CHECK(!parse_peek_tuple(f, 14 + 40 + 3, &k));
}

/* The same vectors as tests/model/test_hvlb_model.py (the e2e tests' Python model). */
static void
test_default_owner_golden(void)
{
	static const uint16_t v4_3[12] = {2, 0, 1, 1, 2, 0, 0, 1, 2, 2, 0, 1};
	static const uint16_t v6_2[12] = {0, 0, 1, 1, 0, 0, 1, 1, 1, 0, 0, 1};
	union hvlb_addr a4, a6 = {.b = {0xfd, 0, [15] = 2}};

	hvlb_addr_set4(&a4, 0x0200000au); /* 10.0.0.2 */
	for (uint16_t i = 0; i < 12; i++) {
		uint16_t port_be = (uint16_t)(((40000 + i) >> 8) | (((40000 + i) & 0xff) << 8));
		CHECK_EQ(steer_owner(3, &a4, port_be), v4_3[i]);
		CHECK_EQ(steer_owner(2, &a6, port_be), v6_2[i]);
	}
}

int
main(void)
{
	RUN(test_both_directions);
	RUN(test_filter_rejects_most);
	RUN(test_duplicate_keeps_last);
	RUN(test_limits);
	RUN(test_default_owner);
	RUN(test_default_owner_golden);
	RUN(test_peek_matches_parse);
	RUN(test_peek_declines);
	return check_summary();
}
