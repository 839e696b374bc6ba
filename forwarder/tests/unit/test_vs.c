/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The VS table: every validation message, lookups (exact port, wildcard port, IPv6), VIP set,
 * and the per-VS selection structures.
 */
#include <arpa/inet.h>
#include <stdlib.h>

#include "check.h"
#include "maglev.h"
#include "scheduler.h"
#include "rewrite_tunnel.h"
#include "vs.h"

static union hvlb_addr
ip(const char *s)
{
	union hvlb_addr a;

	memset(&a, 0, sizeof(a));
	if (strchr(s, ':') != NULL)
		inet_pton(AF_INET6, s, a.b);
	else
		inet_pton(AF_INET, s, &a.w[0]);
	return a;
}

static struct rs_config
rs(const char *addr, uint16_t port, uint32_t weight, uint16_t slot)
{
	struct rs_config r;

	memset(&r, 0, sizeof(r));
	r.addr = ip(addr);
	r.af = strchr(addr, ':') != NULL ? HVLB_AF_INET6 : HVLB_AF_INET;
	r.port = htons(port);
	r.weight = weight;
	r.health = 1;
	r.slot = slot;
	return r;
}

static struct vs_config
vsc(const char *vip, uint8_t proto, uint16_t vport, uint8_t sched, uint16_t slot,
    const struct rs_config *r, uint16_t n_rs)
{
	struct vs_config c;

	memset(&c, 0, sizeof(c));
	c.vip = ip(vip);
	c.af = strchr(vip, ':') != NULL ? HVLB_AF_INET6 : HVLB_AF_INET;
	c.proto = proto;
	c.vport = htons(vport);
	c.mode = VS_MODE_NAT;
	c.sched = sched;
	c.slot = slot;
	c.rs = r;
	c.n_rs = n_rs;
	return c;
}

static void
expect_err(const struct vs_config *cfg, unsigned n, const char *want)
{
	const char *err = NULL;
	struct vs_table *t = vs_table_build(cfg, n, &err);

	CHECK(t == NULL);
	CHECK(err != NULL);
	if (err != NULL && strcmp(err, want) != 0) {
		fprintf(stderr, "error \"%s\", want \"%s\"\n", err, want);
		CHECK(0);
	}
	vs_table_free(t);
}

static void
test_key_golden(void)
{
	union hvlb_addr a = ip("10.0.0.100");

	/* The same vectors as tests/model/test_hvlb_model.py. */
	CHECK_EQ(vs_key(HVLB_PROTO_TCP, &a, htons(80)), 0xDCAE3171u);
	a = ip("2001:db8::100");
	CHECK_EQ(vs_key(HVLB_PROTO_UDP, &a, 0), 0xDC00F9F7u);
}

static void
test_vs_errors(void)
{
	struct rs_config r[2] = {rs("10.0.0.1", 80, 1, 1), rs("10.0.0.2", 80, 1, 2)};
	struct vs_config c[3];

	for (int i = 0; i < 3; i++)
		c[i] = vsc("192.0.2.1", HVLB_PROTO_TCP, (uint16_t)(80 + i), HVLB_SCHED_MAGLEV,
			   (uint16_t)i, r, 2);

	c[0].proto = HVLB_PROTO_ICMP;
	expect_err(c, 3, "vs[0].proto: must be tcp, udp or sctp");
	c[0].proto = HVLB_PROTO_TCP;

	c[1].af = 5;
	expect_err(c, 3, "vs[1].af: must be 4 or 6");
	c[1].af = HVLB_AF_INET;

	memset(&c[2].vip, 0, sizeof(c[2].vip));
	expect_err(c, 3, "vs[2].vip: must not be zero");
	c[2].vip = ip("192.0.2.1");

	c[2].vip.b[9] = 1;
	expect_err(c, 3, "vs[2].vip: IPv4 address with bytes 4..15 set");
	c[2].vip = ip("192.0.2.1");

	c[1].mode = VS_MODE_MAX;
	expect_err(c, 3, "vs[1].mode: 5 out of range (nat, dr, tunnel, fullnat or vxlan)");
	c[1].mode = VS_MODE_TUNNEL;
	expect_err(c, 3, "vs[1].encap: tunnel mode needs ipip or gue");
	c[1].encap = TUNNEL_ENCAP_MAX;
	expect_err(c, 3, "vs[1].encap: tunnel mode needs ipip or gue");
	c[1].mode = VS_MODE_FULLNAT;
	c[1].encap = TUNNEL_ENCAP_IPIP;
	expect_err(c, 3, "vs[1].encap: only in tunnel mode");
	c[1].mode = VS_MODE_NAT;
	c[1].encap = TUNNEL_ENCAP_GUE;
	expect_err(c, 3, "vs[1].encap: only in tunnel mode");
	c[1].encap = TUNNEL_ENCAP_NONE;

	c[0].sched = HVLB_SCHED_MAX;
	expect_err(c, 3, "vs[0].sched: 6 out of range");
	c[0].sched = HVLB_SCHED_MAGLEV;

	c[2].slot = VS_MAX_SLOTS;
	expect_err(c, 3, "vs[2].slot: 4096 out of range (below 4096)");
	c[2].slot = 0;
	expect_err(c, 3, "vs[2].slot: 0 already used by vs[0]");
	c[2].slot = 2;

	c[1].n_rs = VS_MAX_RS + 1;
	expect_err(c, 3, "vs[1].n_rs: 1025 real services, at most 1024");
	c[1].n_rs = 2;

	c[1].rs = NULL;
	expect_err(c, 3, "vs[1].rs: NULL with n_rs 2");
	c[1].rs = r;

	c[2].vport = c[0].vport;
	expect_err(c, 3, "vs[2]: same proto, vip, vport and vni as vs[0]");
	c[2].proto = HVLB_PROTO_UDP;
	{
		const char *err = "unset";
		struct vs_table *t = vs_table_build(c, 3, &err);

		CHECK(t != NULL);
		CHECK(err == NULL);
		vs_table_free(t);
	}

	expect_err(c, VS_MAX_SLOTS + 1, "vs: 4097 virtual services, at most 4096");
	expect_err(NULL, 1, "vs: NULL config list");
}

static void
test_rs_errors(void)
{
	struct rs_config r0[1] = {rs("10.0.0.1", 80, 1, 1)};
	struct rs_config r[3] = {rs("10.0.0.1", 80, 1, 1), rs("10.0.0.2", 80, 1, 2),
				 rs("10.0.0.3", 80, 1, 3)};
	struct vs_config c[3];

	for (int i = 0; i < 3; i++)
		c[i] = vsc("192.0.2.1", HVLB_PROTO_UDP, (uint16_t)(53 + i), HVLB_SCHED_RR, (uint16_t)i,
			   i == 2 ? r : r0, i == 2 ? 3 : 1);

	r[1] = rs("2001:db8::2", 80, 1, 2);
	expect_err(c, 3, "vs[2].rs[1].af: family differs from the VIP");
	/* A tunnel carries an IPv4 packet to an IPv6 NF. */
	c[2].mode = VS_MODE_TUNNEL;
	c[2].encap = TUNNEL_ENCAP_IPIP;
	r[0].port = r[1].port = r[2].port = 0;
	{
		const char *err = NULL;
		struct vs_table *t = vs_table_build(c, 3, &err);

		CHECK(t != NULL);
		vs_table_free(t);
	}
	c[2].mode = VS_MODE_NAT;
	c[2].encap = TUNNEL_ENCAP_NONE;
	r[0].port = r[1].port = r[2].port = htons(80);
	r[1] = rs("10.0.0.2", 80, 1, 2);

	memset(&r[2].addr, 0, sizeof(r[2].addr));
	expect_err(c, 3, "vs[2].rs[2].addr: must not be zero");
	r[2] = rs("10.0.0.3", 80, 1, 3);

	r[0].addr.b[15] = 7;
	expect_err(c, 3, "vs[2].rs[0].addr: IPv4 address with bytes 4..15 set");
	r[0] = rs("10.0.0.1", 80, 1, 1);

	r[1].health = 2;
	expect_err(c, 3, "vs[2].rs[1].health: must be 0 or 1");
	r[1].health = 1;

	r[1].slot = RS_MAX_SLOTS;
	expect_err(c, 3, "vs[2].rs[1].slot: out of range (below 65535)");
	r[1].slot = 2;

	r[2] = rs("10.0.0.1", 80, 1, 3);
	expect_err(c, 3, "vs[2].rs[2]: same address and port as rs[0]");
	r[2] = rs("10.0.0.1", 81, 1, 3); /* another port of the same address is fine */

	r[0].weight = UINT32_MAX;
	r[1].weight = 0;
	r[2].weight = 1;
	expect_err(c, 3, "vs[2].rs[2].weight: usable weights sum above 4294967295");
	r[2].health = 0; /* a down RS does not count */
	{
		struct vs_table *t = vs_table_build(c, 3, NULL);

		CHECK(t != NULL);
		vs_table_free(t);
	}
	r[2] = rs("10.0.0.3", 80, 1, 3);
	r[0].weight = 1;
	r[1].weight = 1;

	c[2].mode = VS_MODE_DR;
	expect_err(c, 3, "vs[2].rs[0].port: dr and tunnel modes cannot change the port");
	for (int j = 0; j < 3; j++)
		r[j].port = j == 0 ? 0 : c[2].vport;
	{
		struct vs_table *t = vs_table_build(c, 3, NULL);

		CHECK(t != NULL);
		vs_table_free(t);
	}
}

static void
test_lookup(void)
{
	struct rs_config r4[1] = {rs("10.0.0.1", 8080, 1, 1)};
	struct rs_config r6[1] = {rs("2001:db8::10", 0, 1, 2)};
	struct vs_config c[5] = {
		vsc("192.0.2.1", HVLB_PROTO_TCP, 80, HVLB_SCHED_RR, 0, r4, 1),
		vsc("192.0.2.1", HVLB_PROTO_TCP, 0, HVLB_SCHED_RR, 1, r4, 1),
		vsc("192.0.2.1", HVLB_PROTO_UDP, 53, HVLB_SCHED_RR, 2, r4, 1),
		vsc("2001:db8::100", HVLB_PROTO_TCP, 443, HVLB_SCHED_RR, 3, r6, 1),
		vsc("2001:db8::200", HVLB_PROTO_UDP, 0, HVLB_SCHED_RR, 4, r6, 1),
	};
	union hvlb_addr v4 = ip("192.0.2.1"), v6a = ip("2001:db8::100"), v6b = ip("2001:db8::200");
	union hvlb_addr other = ip("192.0.2.2");
	struct vs_table *t = vs_table_build(c, 5, NULL);
	const struct vs *v;

	CHECK(t != NULL);
	if (t == NULL)
		return;
	v = vs_lookup(t, HVLB_PROTO_TCP, &v4, htons(80));
	CHECK(v != NULL && v->slot == 0 && v->vport == htons(80));
	v = vs_lookup(t, HVLB_PROTO_TCP, &v4, htons(22)); /* falls back to the wildcard */
	CHECK(v != NULL && v->slot == 1 && v->vport == 0);
	v = vs_lookup(t, HVLB_PROTO_UDP, &v4, htons(53));
	CHECK(v != NULL && v->slot == 2);
	CHECK(vs_lookup(t, HVLB_PROTO_UDP, &v4, htons(54)) == NULL);
	CHECK(vs_lookup(t, HVLB_PROTO_TCP, &other, htons(80)) == NULL);
	v = vs_lookup(t, HVLB_PROTO_TCP, &v6a, htons(443));
	CHECK(v != NULL && v->slot == 3 && v->af == HVLB_AF_INET6);
	CHECK(v != NULL && v->key == vs_key(HVLB_PROTO_TCP, &v6a, htons(443)));
	CHECK(vs_lookup(t, HVLB_PROTO_TCP, &v6a, htons(80)) == NULL);
	CHECK(vs_lookup(t, HVLB_PROTO_UDP, &v6a, htons(443)) == NULL);
	v = vs_lookup(t, HVLB_PROTO_UDP, &v6b, htons(5060));
	CHECK(v != NULL && v->slot == 4);

	CHECK(vs_is_vip(t, &v4));
	CHECK(vs_is_vip(t, &v6a));
	CHECK(vs_is_vip(t, &v6b));
	CHECK(!vs_is_vip(t, &other));
	memset(&other, 0, sizeof(other));
	CHECK(!vs_is_vip(t, &other));

	CHECK_EQ(vs_table_count(t), 5);
	for (unsigned i = 0; i < 5; i++) {
		v = vs_table_at(t, i);
		CHECK(v != NULL && v->slot == i);
	}
	CHECK(vs_table_at(t, 5) == NULL);
	vs_table_free(t);
}

static void
test_empty_and_many(void)
{
	static struct vs_config c[VS_MAX_SLOTS];
	struct rs_config r[1] = {rs("10.0.0.1", 80, 1, 1)};
	struct vs_table *t = vs_table_build(NULL, 0, NULL);
	union hvlb_addr a = ip("192.0.2.1");
	int all = 1;

	CHECK(t != NULL);
	if (t != NULL) {
		CHECK_EQ(vs_table_count(t), 0);
		CHECK(vs_lookup(t, HVLB_PROTO_TCP, &a, htons(80)) == NULL);
		CHECK(!vs_is_vip(t, &a));
	}
	vs_table_free(t);
	vs_table_free(NULL);

	/* A full table: 4096 VSs over 64 VIPs and 64 ports each. */
	for (unsigned i = 0; i < VS_MAX_SLOTS; i++) {
		c[i] = vsc("10.9.0.0", HVLB_PROTO_TCP, (uint16_t)(1000 + i % 64), HVLB_SCHED_RR,
			   (uint16_t)i, r, 1);
		c[i].vip.b[3] = (uint8_t)(i / 64 + 1);
	}
	t = vs_table_build(c, VS_MAX_SLOTS, NULL);
	CHECK(t != NULL);
	if (t == NULL)
		return;
	for (unsigned i = 0; i < VS_MAX_SLOTS; i++) {
		const struct vs *v = vs_lookup(t, HVLB_PROTO_TCP, &c[i].vip, c[i].vport);

		all &= v != NULL && v->slot == i;
		all &= vs_is_vip(t, &c[i].vip);
	}
	CHECK(all);
	a = ip("10.9.0.65");
	CHECK(!vs_is_vip(t, &a));
	vs_table_free(t);
}

static void
test_structures(void)
{
	struct rs_config r[5] = {rs("10.0.0.1", 80, 3, 10), rs("10.0.0.2", 80, 5, 11),
				 rs("10.0.0.3", 80, 0, 12), rs("10.0.0.4", 80, 2, 13),
				 rs("10.0.0.5", 80, 4, 14)};
	struct vs_config c[3] = {
		vsc("192.0.2.1", HVLB_PROTO_TCP, 80, HVLB_SCHED_MAGLEV, 0, r, 5),
		vsc("192.0.2.1", HVLB_PROTO_TCP, 81, HVLB_SCHED_RANDOM, 1, r, 5),
		vsc("192.0.2.1", HVLB_PROTO_TCP, 82, HVLB_SCHED_WRR, 2, r, 5),
	};
	struct vs_table *t;
	const struct vs *v;
	int only_usable = 1;

	r[1].health = 0; /* down: kept in rs[], out of every selection structure */
	t = vs_table_build(c, 3, NULL);
	CHECK(t != NULL);
	if (t == NULL)
		return;
	v = vs_table_at(t, 0);
	CHECK_EQ(v->n_rs, 5);
	CHECK_EQ(v->n_usable, 3);
	CHECK_EQ(v->usable[0], 0);
	CHECK_EQ(v->usable[1], 3);
	CHECK_EQ(v->usable[2], 4);
	CHECK_EQ(v->cum_weight[0], 3);
	CHECK_EQ(v->cum_weight[1], 5);
	CHECK_EQ(v->cum_weight[2], 9);
	CHECK_EQ(v->weight_total, 9);
	CHECK(v->rs != r && v->rs[1].health == 0 && v->rs[4].slot == 14);
	CHECK(v->maglev != NULL && v->wrr_seq == NULL);
	for (uint32_t e = 0; e < MAGLEV_TABLE_SIZE; e++)
		only_usable &= v->maglev[e] == 0 || v->maglev[e] == 3 || v->maglev[e] == 4;
	CHECK(only_usable);

	v = vs_table_at(t, 1);
	CHECK(v->maglev == NULL && v->wrr_seq == NULL && v->weight_total == 9);

	v = vs_table_at(t, 2);
	CHECK(v->maglev == NULL && v->wrr_seq != NULL);
	CHECK_EQ(v->wrr_len, 9);
	vs_table_free(t);
}

/* The forwarder's table for a VS equals the model's: the golden table of test_maglev.c, over
 * usable RSs only and mapped back to config indexes (tests/model: vs_maglev_table). */
static void
test_maglev_matches_model(void)
{
	static const uint16_t first32[32] = {
		1, 2, 1, 0, 2, 2, 2, 0, 2, 2, 1, 2, 1, 2, 0, 1,
		2, 1, 0, 1, 2, 2, 0, 2, 1, 1, 2, 1, 2, 0, 1, 2,
	};
	static const uint16_t to_rs[3] = {0, 2, 3};
	struct rs_config r[4] = {rs("10.0.0.1", 80, 1, 1), rs("10.0.0.9", 80, 5, 2),
				 rs("10.0.0.2", 80, 2, 3), rs("10.0.0.3", 8080, 3, 4)};
	struct vs_config c = vsc("192.0.2.1", HVLB_PROTO_TCP, 80, HVLB_SCHED_SH, 0, r, 4);
	struct vs_table *t;
	const struct vs *v;

	r[1].health = 0;
	t = vs_table_build(&c, 1, NULL);
	CHECK(t != NULL);
	if (t == NULL)
		return;
	v = vs_table_at(t, 0);
	for (int e = 0; e < 32; e++)
		CHECK_EQ(v->maglev[e], to_rs[first32[e]]);
	vs_table_free(t);
}

/* The same reals listed out of identity order (the order a store reaches after some adds and
 * removes): every entry names the same real as above, so its index here is that real's
 * place in this list. tests/model: test_vs_maglev_table_unsorted_matches_forwarder. */
static void
test_maglev_order_matches_model(void)
{
	static const uint16_t first32[32] = {
		1, 2, 1, 0, 2, 2, 2, 0, 2, 2, 1, 2, 1, 2, 0, 1,
		2, 1, 0, 1, 2, 2, 0, 2, 1, 1, 2, 1, 2, 0, 1, 2,
	};
	static const uint16_t to_rs[3] = {2, 3, 0};
	struct rs_config r[4] = {rs("10.0.0.3", 8080, 3, 4), rs("10.0.0.9", 80, 5, 2),
				 rs("10.0.0.1", 80, 1, 1), rs("10.0.0.2", 80, 2, 3)};
	struct vs_config c = vsc("192.0.2.1", HVLB_PROTO_TCP, 80, HVLB_SCHED_MAGLEV, 0, r, 4);
	struct vs_table *t;
	const struct vs *v;

	r[1].health = 0;
	t = vs_table_build(&c, 1, NULL);
	CHECK(t != NULL);
	if (t == NULL)
		return;
	v = vs_table_at(t, 0);
	for (int e = 0; e < 32; e++)
		CHECK_EQ(v->maglev[e], to_rs[first32[e]]);
	vs_table_free(t);
}

static void
test_all_down(void)
{
	struct rs_config r[2] = {rs("10.0.0.1", 80, 0, 1), rs("10.0.0.2", 80, 4, 2)};
	struct vs_config c[2] = {
		vsc("192.0.2.1", HVLB_PROTO_TCP, 80, HVLB_SCHED_MAGLEV, 0, r, 2),
		vsc("192.0.2.1", HVLB_PROTO_TCP, 81, HVLB_SCHED_WRR, 1, NULL, 0),
	};
	struct vs_table *t;
	const struct vs *v;

	r[1].health = 0;
	t = vs_table_build(c, 2, NULL);
	CHECK(t != NULL);
	if (t == NULL)
		return;
	v = vs_table_at(t, 0);
	CHECK_EQ(v->n_usable, 0);
	CHECK_EQ(v->weight_total, 0);
	CHECK_EQ(v->maglev[0], MAGLEV_EMPTY);
	v = vs_table_at(t, 1);
	CHECK_EQ(v->n_rs, 0);
	CHECK_EQ(v->wrr_len, 0);
	vs_table_free(t);
}

/* all_down keep_last: with no RS both up and weighted, the weighted ones are scheduled as if up
 * (the drained one stays out); one RS up again and only it is. */
static void
test_all_down_keep_last(void)
{
	struct rs_config r[3] = {rs("10.0.0.1", 80, 0, 1), rs("10.0.0.2", 80, 4, 2),
				 rs("10.0.0.3", 80, 2, 3)};
	struct vs_config c = vsc("192.0.2.1", HVLB_PROTO_TCP, 80, HVLB_SCHED_MAGLEV, 0, r, 3);
	struct vs_table *t;
	const struct vs *v;

	for (int k = 0; k < 3; k++)
		r[k].health = 0;
	CHECK(vs_config_all_down(&c));
	c.all_down = VS_ALL_DOWN_KEEP_LAST;
	t = vs_table_build(&c, 1, NULL);
	CHECK(t != NULL);
	if (t == NULL)
		return;
	v = vs_table_at(t, 0);
	CHECK_EQ(v->n_usable, 2);
	CHECK_EQ(v->usable[0], 1);
	CHECK_EQ(v->usable[1], 2);
	CHECK_EQ(v->weight_total, 6);
	CHECK(v->maglev[0] == 1 || v->maglev[0] == 2);
	vs_table_free(t);

	r[2].health = 1;
	CHECK(!vs_config_all_down(&c));
	t = vs_table_build(&c, 1, NULL);
	CHECK(t != NULL);
	if (t == NULL)
		return;
	v = vs_table_at(t, 0);
	CHECK_EQ(v->n_usable, 1);
	CHECK_EQ(v->usable[0], 2);
	vs_table_free(t);

	/* Only the drained RS: nothing to keep. */
	c.n_rs = 1;
	CHECK(!vs_config_all_down(&c));
	c.all_down = VS_ALL_DOWN_MAX;
	expect_err(&c, 1, "vs[0].all_down: 2 out of range (drop or keep_last)");
}

/* A retired VS: its VIP stays in the VIP set, lookups do not find it (a wildcard VS on the same
 * VIP takes its port), and it holds its slot. */
static void
test_retired(void)
{
	struct rs_config r[1] = {rs("10.0.0.1", 80, 1, 1)};
	struct vs_config c[3] = {
		vsc("192.0.2.1", HVLB_PROTO_TCP, 80, HVLB_SCHED_MAGLEV, 0, r, 1),
		vsc("192.0.2.2", HVLB_PROTO_TCP, 0, HVLB_SCHED_RR, 1, r, 1),
		vsc("192.0.2.2", HVLB_PROTO_TCP, 80, HVLB_SCHED_RR, 2, NULL, 0),
	};
	union hvlb_addr v1 = ip("192.0.2.1"), v2 = ip("192.0.2.2");
	struct vs_table *t;
	const struct vs *v;

	c[0].retired = 1;
	c[2].retired = 1;
	t = vs_table_build(c, 3, NULL);
	CHECK(t != NULL);
	if (t == NULL)
		return;
	CHECK(vs_is_vip(t, &v1));
	CHECK(vs_is_vip(t, &v2));
	CHECK(vs_lookup(t, HVLB_PROTO_TCP, &v1, htons(80)) == NULL);
	v = vs_lookup(t, HVLB_PROTO_TCP, &v2, htons(80));
	CHECK(v != NULL && v->slot == 1);
	CHECK_EQ(vs_table_count(t), 1);
	vs_table_free(t);

	c[2].slot = 0;
	expect_err(c, 3, "vs[2].slot: 0 already used by vs[0]");
}

/* A rebuild shares the selection tables of the services that did not change, builds those
 * of the one that did exactly as a fresh build would, and each table outlives the other
 * (under ASan, freeing either first must leave the other whole). */
static void
test_rebuild_shares_unchanged(void)
{
	struct rs_config r1[3] = {rs("10.0.0.1", 80, 3, 1), rs("10.0.0.2", 80, 5, 2),
				  rs("10.0.0.3", 80, 1, 3)};
	struct rs_config r2[3], r3[2] = {rs("10.0.1.1", 53, 1, 4), rs("10.0.1.2", 53, 2, 5)};
	struct vs_config c[3] = {
		vsc("192.0.2.1", HVLB_PROTO_TCP, 80, HVLB_SCHED_MAGLEV, 0, r1, 3),
		vsc("192.0.2.2", HVLB_PROTO_TCP, 80, HVLB_SCHED_MAGLEV, 1, r2, 3),
		vsc("192.0.2.3", HVLB_PROTO_UDP, 53, HVLB_SCHED_WRR, 2, r3, 2),
	};
	struct vs_table *a, *b, *fresh, *d;
	const struct vs *va, *vb;

	memcpy(r2, r1, sizeof(r2));
	a = vs_table_build(c, 3, NULL);
	CHECK(a != NULL);
	if (a == NULL)
		return;
	CHECK_EQ(vs_table_built(a), 3);

	/* Nothing changed but an RS's connection limit: every table shared. */
	r1[0].conn_limit = 10;
	b = vs_table_rebuild(c, 3, a, NULL);
	CHECK(b != NULL);
	CHECK_EQ(vs_table_built(b), 0);
	for (unsigned i = 0; i < 3; i++) {
		va = vs_table_at(a, i);
		vb = vs_table_at(b, i);
		CHECK(va->maglev == vb->maglev && va->wrr_seq == vb->wrr_seq &&
		      va->wrr_len == vb->wrr_len);
	}
	CHECK_EQ(vs_table_at(b, 0)->rs[0].conn_limit, 10);
	vs_table_free(a);

	/* One weight of the second service: only it is built, as a fresh build builds it. */
	r2[1].weight = 50;
	d = vs_table_rebuild(c, 3, b, NULL);
	fresh = vs_table_build(c, 3, NULL);
	CHECK(d != NULL && fresh != NULL);
	CHECK_EQ(vs_table_built(d), 1);
	CHECK(vs_table_at(d, 0)->maglev == vs_table_at(b, 0)->maglev);
	CHECK(vs_table_at(d, 1)->maglev != vs_table_at(b, 1)->maglev);
	CHECK(vs_table_at(d, 2)->wrr_seq == vs_table_at(b, 2)->wrr_seq);
	for (unsigned i = 0; i < 2; i++)
		CHECK_MEM(vs_table_at(d, i)->maglev, vs_table_at(fresh, i)->maglev,
			  MAGLEV_TABLE_SIZE * sizeof(uint16_t));
	CHECK_MEM(vs_table_at(d, 2)->wrr_seq, vs_table_at(fresh, 2)->wrr_seq,
		  vs_table_at(fresh, 2)->wrr_len * sizeof(uint16_t));
	vs_table_free(b);

	/* A health change, a scheduler change, and an RS moved within rs[]: each rebuilt. */
	r1[2].health = 0;
	c[2].sched = HVLB_SCHED_MAGLEV;
	struct rs_config swapped[3] = {r2[1], r2[0], r2[2]};
	c[1].rs = swapped;
	b = vs_table_rebuild(c, 3, d, NULL);
	CHECK(b != NULL);
	CHECK_EQ(vs_table_built(b), 3);
	vs_table_free(d);
	vs_table_free(fresh);
	/* The survivor is whole: its tables read back after the others are gone. */
	CHECK(vs_table_at(b, 0)->maglev[0] != MAGLEV_EMPTY);
	vs_table_free(b);
}

/* The same (proto, vip, vport) in two VXLAN tenants and outside any: three services, each
 * found in its own tenant only; a tenant's VIP is no underlay address (vs_is_vip). */
static void
test_tenants(void)
{
	struct rs_config r[3] = {rs("10.1.0.11", 0, 1, 1), rs("10.1.0.12", 0, 1, 2),
				 rs("10.1.0.13", 0, 1, 3)};
	struct vs_config c[3] = {vsc("192.168.0.100", HVLB_PROTO_TCP, 80, 0, 0, &r[0], 1),
				 vsc("192.168.0.100", HVLB_PROTO_TCP, 80, 0, 1, &r[1], 1),
				 vsc("192.168.0.100", HVLB_PROTO_TCP, 80, 0, 2, &r[2], 1)};
	union hvlb_addr vip = ip("192.168.0.100");
	const char *err = NULL;
	struct vs_table *t;

	c[0].mode = c[1].mode = VS_MODE_VXLAN;
	c[0].tenant = 1;
	c[1].tenant = 2;
	t = vs_table_build(c, 2, &err);
	CHECK(t != NULL);
	if (t == NULL)
		return;
	CHECK(vs_lookup_tenant(t, 1, HVLB_PROTO_TCP, &vip, htons(80))->slot == 0);
	CHECK(vs_lookup_tenant(t, 2, HVLB_PROTO_TCP, &vip, htons(80))->slot == 1);
	CHECK(vs_lookup_tenant(t, 3, HVLB_PROTO_TCP, &vip, htons(80)) == NULL);
	CHECK(vs_lookup(t, HVLB_PROTO_TCP, &vip, htons(80)) == NULL);
	CHECK(!vs_is_vip(t, &vip));
	vs_table_free(t);
	t = vs_table_build(c, 3, &err); /* and the same outside the overlay */
	CHECK(t != NULL && vs_lookup(t, HVLB_PROTO_TCP, &vip, htons(80))->slot == 2);
	CHECK(t != NULL && vs_is_vip(t, &vip));
	vs_table_free(t);

	c[1].tenant = 1;
	expect_err(c, 2, "vs[1]: same proto, vip, vport and vni as vs[0]");
	c[1].tenant = 0;
	expect_err(c, 2, "vs[1].vni: a vxlan service needs one, and only it may have one");
	c[1].mode = VS_MODE_NAT;
	c[1].tenant = 2;
	expect_err(c, 2, "vs[1].vni: a vxlan service needs one, and only it may have one");
}

int
main(void)
{
	RUN(test_key_golden);
	RUN(test_vs_errors);
	RUN(test_rs_errors);
	RUN(test_lookup);
	RUN(test_empty_and_many);
	RUN(test_structures);
	RUN(test_maglev_matches_model);
	RUN(test_maglev_order_matches_model);
	RUN(test_all_down);
	RUN(test_all_down_keep_last);
	RUN(test_retired);
	RUN(test_rebuild_shares_unchanged);
	RUN(test_tenants);
	return check_summary();
}
