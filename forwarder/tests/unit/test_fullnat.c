/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * fullnat.h: the pool's checks; each worker's allocator hands out exactly the ports of the
 * range whose (address, port) it is the default owner of (so an NF's reply to one comes to
 * it), every one once, lowest first, and none twice; a port freed twice or by the wrong
 * worker is refused and counted; the families stay apart; a restored connection's port is
 * claimed; the run-time change rule (fnat_pool_change_check) and an allocator growing with
 * its pool keeping its ports in use (fnat_ports_grow). And conn.h's FullNAT REPLY key: found by NF -> local:lport, not by NF -> client.
 */
#include <stdlib.h>

#include "check.h"
#include "conn.h"
#include "fullnat.h"
#include "hash.h"
#include "steer.h"

static uint16_t
be16(uint16_t h)
{
	return (uint16_t)((h >> 8) | (h << 8));
}

static struct fnat_pool
pool(uint16_t lo, uint16_t hi)
{
	struct fnat_pool p;

	memset(&p, 0, sizeof(p));
	p.port_min = lo;
	p.port_max = hi;
	p.n_addrs = 2;
	hvlb_addr_set4(&p.addrs[0], 0x6400010a); /* 10.1.0.100 */
	p.af[0] = HVLB_AF_INET;
	p.addrs[1].b[0] = 0xfd;
	p.addrs[1].b[1] = 0x01;
	p.addrs[1].b[15] = 0x01; /* fd01::1 */
	p.af[1] = HVLB_AF_INET6;
	return p;
}

static void
test_pool_check(void)
{
	struct fnat_pool p = pool(1024, 65535);
	const char *err = NULL;

	CHECK_EQ(fnat_pool_check(&p, &err), 0);
	p.port_min = 2000;
	p.port_max = 1999;
	CHECK_EQ(fnat_pool_check(&p, &err), -1);
	CHECK(err != NULL && strstr(err, "ports") != NULL);
	p = pool(1, 1);
	p.addrs[1] = p.addrs[0];
	p.af[1] = HVLB_AF_INET;
	CHECK_EQ(fnat_pool_check(&p, &err), -1);
	CHECK(strstr(err, "twice") != NULL);
	p = pool(1, 1);
	memset(&p.addrs[0], 0, sizeof(p.addrs[0]));
	CHECK_EQ(fnat_pool_check(&p, &err), -1);
	p = pool(1, 1);
	p.n_addrs = 0;
	CHECK_EQ(fnat_pool_check(&p, &err), 0);
	CHECK_EQ(fnat_ports_mem_size(&p), 0);
}

/* Every worker of n takes all it has: together the whole range, each port by its owner. */
static void
check_split(uint16_t n, uint16_t lo, uint16_t hi)
{
	struct fnat_pool p = pool(lo, hi);
	uint32_t range = (uint32_t)hi - lo + 1, total = 0;
	uint8_t *seen = calloc(65536, 1);

	for (uint16_t w = 0; w < n; w++) {
		struct fnat_ports a;
		void *mem = malloc(fnat_ports_mem_size(&p));
		uint8_t laddr;
		uint16_t lport, prev = 0;

		fnat_ports_init(&a, mem, &p, n, w);
		while (fnat_port_get(&a, HVLB_AF_INET, &laddr, &lport) == 0) {
			uint16_t h = be16(lport);

			CHECK_EQ(laddr, 0);
			CHECK(h >= lo && h <= hi);
			CHECK(h > prev); /* lowest first */
			prev = h;
			CHECK_EQ(seen[h], 0);
			seen[h] = 1;
			CHECK_EQ(steer_owner(n, &p.addrs[0], lport), w);
			total++;
		}
		CHECK_EQ(fnat_ports_free(&a, HVLB_AF_INET), 0);
		CHECK_EQ(fnat_ports_free(&a, HVLB_AF_INET6), a.owned[1]);
		free(mem);
	}
	CHECK_EQ(total, range);
	free(seen);
}

static void
test_split(void)
{
	check_split(1, 40000, 40015);
	check_split(2, 1024, 65535);
	check_split(3, 1, 65535);
	check_split(7, 5000, 5100);
}

static void
test_put_and_reuse(void)
{
	struct fnat_pool p = pool(40000, 40003);
	struct fnat_ports a;
	void *mem = malloc(fnat_ports_mem_size(&p));
	uint8_t laddr;
	uint16_t got[4], lport;

	fnat_ports_init(&a, mem, &p, 1, 0);
	for (int i = 0; i < 4; i++) {
		CHECK_EQ(fnat_port_get(&a, HVLB_AF_INET, &laddr, &got[i]), 0);
		CHECK_EQ(be16(got[i]), 40000 + i);
	}
	CHECK_EQ(fnat_port_get(&a, HVLB_AF_INET, &laddr, &lport), -1); /* exhausted */
	CHECK_EQ(fnat_ports_used(&a), 4);
	CHECK(fnat_port_put(&a, 0, got[2]));
	CHECK(!fnat_port_put(&a, 0, got[2])); /* twice */
	CHECK_EQ(a.bad_put, 1);
	CHECK(!fnat_port_put(&a, 0, be16(39999))); /* not in the range */
	CHECK(!fnat_port_put(&a, 1, got[0]));        /* the v6 address never gave it */
	CHECK_EQ(a.bad_put, 3);
	CHECK_EQ(fnat_port_get(&a, HVLB_AF_INET, &laddr, &lport), 0);
	CHECK_EQ(lport, got[2]);
	CHECK_EQ(fnat_port_get(&a, HVLB_AF_INET, &laddr, &lport), -1);
	/* IPv6 has its own ports. */
	CHECK_EQ(fnat_port_get(&a, HVLB_AF_INET6, &laddr, &lport), 0);
	CHECK_EQ(laddr, 1);
	CHECK_EQ(be16(lport), 40000);
	free(mem);
}

static void
test_change_rule(void)
{
	struct fnat_pool cur = pool(40000, 40003), next = cur;
	const char *err = NULL;
	uint16_t keep = 99;

	/* Appending an address: allowed with connections; both old addresses carry over. */
	hvlb_addr_set4(&next.addrs[2], 0x6500010a); /* 10.1.0.101 */
	next.af[2] = HVLB_AF_INET;
	next.n_addrs = 3;
	CHECK_EQ(fnat_pool_change_check(&cur, &next, true, &keep, &err), 0);
	CHECK_EQ(keep, 2);
	/* Reordering (an address changes its index): only without connections. */
	next = pool(40000, 40003);
	next.addrs[0] = cur.addrs[1];
	next.af[0] = cur.af[1];
	next.addrs[1] = cur.addrs[0];
	next.af[1] = cur.af[0];
	CHECK_EQ(fnat_pool_change_check(&cur, &next, true, &keep, &err), -1);
	CHECK(strstr(err, "local_pool.addrs") != NULL);
	CHECK_EQ(fnat_pool_change_check(&cur, &next, false, &keep, &err), 0);
	CHECK_EQ(keep, 0);
	/* Removing the last address: its connections would point past the pool. */
	next = cur;
	next.n_addrs = 1;
	CHECK_EQ(fnat_pool_change_check(&cur, &next, true, &keep, &err), -1);
	CHECK(strstr(err, "local_pool.addrs") != NULL);
	/* Another port range: only without connections, and nothing carries over. */
	next = pool(40000, 40007);
	CHECK_EQ(fnat_pool_change_check(&cur, &next, true, &keep, &err), -1);
	CHECK(strstr(err, "local_pool.ports") != NULL);
	CHECK_EQ(fnat_pool_change_check(&cur, &next, false, &keep, &err), 0);
	CHECK_EQ(keep, 0);
	/* A bad pool is refused whatever the connections. */
	next = pool(40003, 40000);
	CHECK_EQ(fnat_pool_change_check(&cur, &next, false, &keep, &err), -1);
	CHECK(strstr(err, "ports") != NULL);
}

static void
test_grow(void)
{
	struct fnat_pool p = pool(40000, 40003);
	struct fnat_ports a;
	void *mem = malloc(fnat_ports_mem_size(&p)), *mem2;
	uint8_t laddr;
	uint16_t lport, got;

	fnat_ports_init(&a, mem, &p, 1, 0);
	CHECK_EQ(fnat_port_get(&a, HVLB_AF_INET, &laddr, &got), 0);
	/* The pool grows in place (as f->local_pool does): until the allocator catches up it
	 * serves only the addresses it was laid out for. */
	hvlb_addr_set4(&p.addrs[2], 0x6500010a);
	p.af[2] = HVLB_AF_INET;
	p.n_addrs = 3;
	CHECK_EQ(a.n_addrs, 2);
	mem2 = malloc(fnat_ports_mem_size(&p));
	fnat_ports_grow(&a, mem2, &p, 2);
	free(mem);
	CHECK_EQ(a.n_addrs, 3);
	CHECK_EQ(fnat_ports_used(&a), 1);  /* the connection's port is still in use */
	CHECK(!fnat_port_claim(&a, 0, got)); /* and so not handed out again */
	CHECK_EQ(fnat_ports_free(&a, HVLB_AF_INET), 3 + 4);
	for (int i = 0; i < 7; i++) {
		CHECK_EQ(fnat_port_get(&a, HVLB_AF_INET, &laddr, &lport), 0);
		CHECK(laddr == 0 || laddr == 2);
		CHECK(!(laddr == 0 && lport == got));
	}
	CHECK_EQ(fnat_port_get(&a, HVLB_AF_INET, &laddr, &lport), -1);
	CHECK(fnat_port_put(&a, 0, got));
	/* keep 0 (a change without connections): every port free again. */
	CHECK_EQ(fnat_port_get(&a, HVLB_AF_INET, &laddr, &lport), 0);
	mem = malloc(fnat_ports_mem_size(&p));
	fnat_ports_grow(&a, mem, &p, 0);
	free(mem2);
	CHECK_EQ(fnat_ports_used(&a), 0);
	CHECK_EQ(fnat_ports_free(&a, HVLB_AF_INET), 8);
	free(mem);
}

static void
test_wrong_worker_and_claim(void)
{
	struct fnat_pool p = pool(1024, 2047);
	struct fnat_ports a0, a1;
	void *m0 = malloc(fnat_ports_mem_size(&p)), *m1 = malloc(fnat_ports_mem_size(&p));
	uint8_t laddr;
	uint16_t lport, mine = 0;

	fnat_ports_init(&a0, m0, &p, 2, 0);
	fnat_ports_init(&a1, m1, &p, 2, 1);
	CHECK_EQ(fnat_port_get(&a0, HVLB_AF_INET, &laddr, &lport), 0);
	/* Worker 1 is not its home: refused, counted, nothing changes. */
	CHECK(!fnat_port_put(&a1, laddr, lport));
	CHECK_EQ(a1.bad_put, 1);
	CHECK(fnat_port_put(&a0, laddr, lport));
	/* A restored connection's port: claimed once, then not handed out. */
	for (uint32_t h = 2047; h >= 1024; h--)
		if (steer_owner(2, &p.addrs[0], be16((uint16_t)h)) == 0) {
			mine = be16((uint16_t)h);
			break;
		}
	CHECK(fnat_port_claim(&a0, 0, mine));
	CHECK(!fnat_port_claim(&a0, 0, mine));
	CHECK(!fnat_port_claim(&a1, 0, mine));
	uint32_t n = 0;
	while (fnat_port_get(&a0, HVLB_AF_INET, &laddr, &lport) == 0) {
		CHECK(lport != mine);
		n++;
	}
	CHECK_EQ(n + 1, a0.owned[0]);
	free(m0);
	free(m1);
}

static void
test_conn_reply_key(void)
{
	struct fnat_pool p = pool(40000, 40003);
	size_t sz = conn_table_mem_size(64);
	void *mem = aligned_alloc(64, (sz + 63) & ~(size_t)63);
	struct conn_timeouts to;
	struct flow_key orig, k;
	union hvlb_addr rs;
	enum conn_dir dir;
	struct conn *c;

	conn_timeouts_default(&to);
	struct conn_table *t = conn_table_init(mem, 64, 1000, &to);
	memset(&orig, 0, sizeof(orig));
	hvlb_addr_set4(&orig.src, 0x1e00000a); /* 10.0.0.30 */
	hvlb_addr_set4(&orig.dst, 0x1500640a); /* 10.100.0.21 */
	orig.sport = be16(41000);
	orig.dport = be16(80);
	orig.proto = HVLB_PROTO_TCP;
	orig.af = HVLB_AF_INET;
	hvlb_addr_set4(&rs, 0x0b00010a);
	conn_set_local(NULL);
	CHECK(conn_insert_fullnat(t, &orig, conn_key_hash(&orig), &rs, be16(8080), 0, be16(40001), 0,
				  1) == NULL); /* no pool yet */
	conn_set_local(p.addrs);
	c = conn_insert_fullnat(t, &orig, conn_key_hash(&orig), &rs, be16(8080), 0, be16(40001), 0, 1);
	CHECK(c != NULL);
	CHECK(conn_reply_tuple(c, &k));
	CHECK(hvlb_addr_eq(&k.dst, &p.addrs[0]));
	CHECK_EQ(k.dport, be16(40001));
	CHECK(conn_lookup(t, &k, conn_key_hash(&k), &dir) == c);
	CHECK_EQ(dir, CONN_DIR_REPLY);
	/* The NAT reply tuple (NF -> client) is not this connection's. */
	k.dst = orig.src;
	k.dport = orig.sport;
	CHECK(conn_lookup(t, &k, conn_key_hash(&k), &dir) == NULL);
#ifndef HVLB_TEST_LAYOUT_CHANGE /* that build's entry grows a line (conn.h) */
	CHECK_EQ(sizeof(struct conn), 128);
#endif
	conn_set_local(NULL);
	free(mem);
}

int
main(void)
{
	RUN(test_pool_check);
	RUN(test_split);
	RUN(test_put_and_reuse);
	RUN(test_change_rule);
	RUN(test_grow);
	RUN(test_wrong_worker_and_claim);
	RUN(test_conn_reply_key);
	return check_summary();
}
