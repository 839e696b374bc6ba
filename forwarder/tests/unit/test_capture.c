/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * capture.h: the flow filter (every field alone, both families, unset fields match anything)
 * and the single-producer single-consumer ring (order, a full ring refusing, wrap-around, and
 * one producer thread against one consumer thread: every slot read whole, in order, once).
 */
#include <pthread.h>
#include <stdlib.h>

#include "capture.h"
#include "check.h"

static struct flow_key
key4(uint32_t src, uint16_t sport, uint32_t dst, uint16_t dport, uint8_t proto)
{
	struct flow_key k;

	memset(&k, 0, sizeof(k));
	hvlb_addr_set4(&k.src, src);
	hvlb_addr_set4(&k.dst, dst);
	k.sport = sport;
	k.dport = dport;
	k.proto = proto;
	k.af = HVLB_AF_INET;
	return k;
}

static void
test_filter(void)
{
	struct flow_key k = key4(0x0a000001, 1000, 0x0a000064, 80, 6);
	struct flow_key k6 = k;
	struct cap_filter f;

	memset(&f, 0, sizeof(f));
	CHECK(cap_filter_match(&f, &k)); /* nothing set: everything */
	f.proto = 17;
	CHECK(!cap_filter_match(&f, &k));
	f.proto = 6;
	CHECK(cap_filter_match(&f, &k));
	hvlb_addr_set4(&f.client, 0x0a000001);
	f.has_client = 1;
	f.af = HVLB_AF_INET;
	CHECK(cap_filter_match(&f, &k));
	f.client_port = 1001;
	CHECK(!cap_filter_match(&f, &k));
	f.client_port = 1000;
	CHECK(cap_filter_match(&f, &k));
	hvlb_addr_set4(&f.vip, 0x0a000065);
	f.has_vip = 1;
	CHECK(!cap_filter_match(&f, &k));
	hvlb_addr_set4(&f.vip, 0x0a000064);
	CHECK(cap_filter_match(&f, &k));
	f.vip_port = 443;
	CHECK(!cap_filter_match(&f, &k));
	f.vip_port = 80;
	CHECK(cap_filter_match(&f, &k));
	/* The reply direction's tuple is not the ORIG one: the caller matches a connection by
	 * its ORIG tuple, never a reply packet's own. */
	struct flow_key rev = key4(0x0a000064, 80, 0x0a000001, 1000, 6);
	CHECK(!cap_filter_match(&f, &rev));
	/* Another family with the same low bytes does not match. */
	k6.af = HVLB_AF_INET6;
	CHECK(!cap_filter_match(&f, &k6));
	/* A VIP alone matches every client of it. */
	memset(&f, 0, sizeof(f));
	hvlb_addr_set4(&f.vip, 0x0a000064);
	f.has_vip = 1;
	CHECK(cap_filter_match(&f, &k));
	k.src.w[0] = 0x0b000002;
	CHECK(cap_filter_match(&f, &k));
}

static void
put(struct cap_ring *r, uint32_t v)
{
	struct cap_slot *s = cap_ring_slot(r);

	CHECK(s != NULL);
	if (s == NULL)
		return;
	s->tsc = v;
	s->len = (uint16_t)r->snap_len;
	memset(s->data, (int)(v & 0xff), r->snap_len);
	cap_ring_push(r);
}

static void
test_ring(void)
{
	struct cap_ring r;
	void *mem = malloc(cap_ring_mem_size(4, 100));

	CHECK_EQ(cap_ring_init(&r, mem, 3, 100), -1);
	CHECK_EQ(cap_ring_init(&r, mem, 0, 100), -1);
	CHECK_EQ(cap_ring_init(&r, mem, 4, 100), 0);
	CHECK(r.slot_size % 8 == 0 && r.slot_size >= sizeof(struct cap_slot) + 100);
	CHECK(cap_ring_peek(&r) == NULL);
	for (uint32_t round = 0; round < 5; round++) { /* wraps the 32-bit indexes' low bits */
		for (uint32_t i = 0; i < 4; i++)
			put(&r, round * 10 + i);
		CHECK(cap_ring_slot(&r) == NULL); /* full: refused */
		for (uint32_t i = 0; i < 4; i++) {
			const struct cap_slot *s = cap_ring_peek(&r);

			CHECK(s != NULL);
			if (s == NULL)
				break;
			CHECK_EQ(s->tsc, round * 10 + i);
			CHECK_EQ(s->data[99], (round * 10 + i) & 0xff);
			cap_ring_pop(&r);
		}
		CHECK(cap_ring_peek(&r) == NULL);
	}
	CHECK_EQ(strcmp(cap_point_name(CAP_POINT_TX), "tx"), 0);
	CHECK_EQ(strcmp(cap_point_name(7), "?"), 0);
	free(mem);
}

#define N_ITEMS 200000u

static void *
producer(void *arg)
{
	struct cap_ring *r = arg;

	for (uint32_t v = 0; v < N_ITEMS;) {
		struct cap_slot *s = cap_ring_slot(r);

		if (s == NULL)
			continue; /* a worker would count it skipped; here, try again */
		s->tsc = v;
		s->len = (uint16_t)r->snap_len;
		memset(s->data, (int)(v & 0xff), r->snap_len);
		cap_ring_push(r);
		v++;
	}
	return NULL;
}

static void
test_threads(void)
{
	struct cap_ring r;
	void *mem = malloc(cap_ring_mem_size(16, 64));
	uint32_t next = 0, torn = 0;
	pthread_t t;

	CHECK_EQ(cap_ring_init(&r, mem, 16, 64), 0);
	CHECK_EQ(pthread_create(&t, NULL, producer, &r), 0);
	while (next < N_ITEMS) {
		const struct cap_slot *s = cap_ring_peek(&r);

		if (s == NULL)
			continue;
		if (s->tsc != next)
			break;
		for (uint32_t i = 0; i < 64; i++)
			torn += s->data[i] != (next & 0xff);
		cap_ring_pop(&r);
		next++;
	}
	pthread_join(t, NULL);
	CHECK_EQ(next, N_ITEMS);
	CHECK_EQ(torn, 0);
	free(mem);
}

int
main(void)
{
	RUN(test_filter);
	RUN(test_ring);
	RUN(test_threads);
	return check_summary();
}
