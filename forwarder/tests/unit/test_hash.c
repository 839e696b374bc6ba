/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * hash.c: known CRC32C vectors, a bit-at-a-time reference, values from the Python model
 * (tests/model/hvlb_model.py), and the SSE4.2 path against the table-driven one.
 */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "xorshift.h"
#include "hash.h"

/* The software path: hash.c built a second time into this file, without SSE4.2 and under
 * other names, so both paths can run side by side. */
uint32_t sw_hash_bytes(const void *p, uint32_t n, uint32_t seed);
uint32_t sw_flow_hash(const struct flow_key *k);
uint32_t sw_addr_hash(const union hvlb_addr *a);
uint32_t sw_proto_addr_port_hash(uint8_t proto, const union hvlb_addr *a, uint16_t port);
uint32_t sw_hash_16b(uint32_t a, uint32_t b, uint64_t tail);
#define HVLB_HASH_NO_SSE42 1
#define hash_bytes sw_hash_bytes
#define flow_hash sw_flow_hash
#define addr_hash sw_addr_hash
#define proto_addr_port_hash sw_proto_addr_port_hash
#define hash_16b sw_hash_16b
#include "../../core/hash.c"
#undef hash_bytes
#undef flow_hash
#undef addr_hash
#undef proto_addr_port_hash
#undef hash_16b

static uint64_t rng_state = 0x2545f4914f6cdd1dull;

static uint32_t
rng(void)
{
	return (uint32_t)(xorshift64(&rng_state) >> 16);
}

/* Reference: one bit at a time, straight from the definition. */
static uint32_t
ref_hash(const uint8_t *p, uint32_t n, uint32_t seed)
{
	uint32_t crc = ~seed;

	for (uint32_t i = 0; i < n; i++) {
		crc ^= p[i];
		for (int b = 0; b < 8; b++)
			crc = (crc >> 1) ^ (0x82f63b78u & (0u - (crc & 1)));
	}
	return ~crc;
}

static void
make_key4(struct flow_key *k, uint32_t src_host, uint32_t dst_host, uint16_t sport,
	  uint16_t dport, uint8_t proto)
{
	memset(k, 0, sizeof(*k));
	hvlb_addr_set4(&k->src, __builtin_bswap32(src_host));
	hvlb_addr_set4(&k->dst, __builtin_bswap32(dst_host));
	k->sport = __builtin_bswap16(sport);
	k->dport = __builtin_bswap16(dport);
	k->proto = proto;
	k->af = HVLB_AF_INET;
}

static void
test_known_vectors(void)
{
	uint8_t b[32];

	CHECK_EQ(hash_bytes("123456789", 9, 0), 0xe3069283u);
	CHECK_EQ(sw_hash_bytes("123456789", 9, 0), 0xe3069283u);
	CHECK_EQ(hash_bytes("", 0, 0), 0);
	CHECK_EQ(hash_bytes("", 0, 0xdeadbeef), 0xdeadbeef);
	/* RFC 3720 (iSCSI) appendix B.4. */
	memset(b, 0, sizeof(b));
	CHECK_EQ(hash_bytes(b, 32, 0), 0x8a9136aau);
	CHECK_EQ(sw_hash_bytes(b, 32, 0), 0x8a9136aau);
	memset(b, 0xff, sizeof(b));
	CHECK_EQ(hash_bytes(b, 32, 0), 0x62a8ab43u);
	CHECK_EQ(sw_hash_bytes(b, 32, 0), 0x62a8ab43u);
	for (int i = 0; i < 32; i++)
		b[i] = (uint8_t)i;
	CHECK_EQ(hash_bytes(b, 32, 0), 0x46dd794eu);
	CHECK_EQ(sw_hash_bytes(b, 32, 0), 0x46dd794eu);
	for (int i = 0; i < 32; i++)
		b[i] = (uint8_t)(31 - i);
	CHECK_EQ(hash_bytes(b, 32, 0), 0x113fdb5cu);
	CHECK_EQ(sw_hash_bytes(b, 32, 0), 0x113fdb5cu);
}

/* Values printed by tests/model/hvlb_model.py: the C and Python sides must agree. */
static void
test_python_model(void)
{
	struct flow_key k;
	union hvlb_addr a;
	const uint8_t v6a[16] = {0x20, 0x01, 0x0d, 0xb8, [15] = 1};
	const uint8_t v6b[16] = {0x20, 0x01, 0x0d, 0xb8, [15] = 2};

	CHECK_EQ(hash_bytes("123456789", 9, 0x12345678), 0x27d87b6au);
	/* flow_hash(4, 6, "192.0.2.1", "198.51.100.7", 40000, 80) */
	make_key4(&k, 0xc0000201, 0xc6336407, 40000, 80, HVLB_PROTO_TCP);
	CHECK_EQ(flow_hash(&k), 0xa0719e45u);
	CHECK_EQ(sw_flow_hash(&k), 0xa0719e45u);
	/* flow_hash(6, 17, "2001:db8::1", "2001:db8::2", 5353, 53) */
	memset(&k, 0, sizeof(k));
	memcpy(k.src.b, v6a, 16);
	memcpy(k.dst.b, v6b, 16);
	k.sport = __builtin_bswap16(5353);
	k.dport = __builtin_bswap16(53);
	k.proto = HVLB_PROTO_UDP;
	k.af = HVLB_AF_INET6;
	CHECK_EQ(flow_hash(&k), 0x39211cb2u);
	CHECK_EQ(sw_flow_hash(&k), 0x39211cb2u);
	/* addr_hash("192.0.2.1"), addr_hash("2001:db8::1") */
	hvlb_addr_set4(&a, __builtin_bswap32(0xc0000201));
	CHECK_EQ(addr_hash(&a), 0x3305ef07u);
	CHECK_EQ(sw_addr_hash(&a), 0x3305ef07u);
	memcpy(a.b, v6a, 16);
	CHECK_EQ(addr_hash(&a), 0xcf31fcefu);
	CHECK_EQ(sw_addr_hash(&a), 0xcf31fcefu);
}

/* proto_addr_port_hash is hash_bytes of its 19 bytes end to end, on both paths. */
static void
test_proto_addr_port(void)
{
	for (int i = 0; i < 10000; i++) {
		union hvlb_addr a;
		uint8_t buf[19], proto = (uint8_t)rng();
		uint16_t port = (uint16_t)rng();
		uint32_t r;

		for (int k = 0; k < 4; k++)
			a.w[k] = i & 1 ? rng() : k == 0 ? rng() : 0;
		buf[0] = proto;
		memcpy(buf + 1, a.b, 16);
		memcpy(buf + 17, &port, 2);
		r = ref_hash(buf, sizeof(buf), 0);
		CHECK_EQ(proto_addr_port_hash(proto, &a, port), r);
		CHECK_EQ(sw_proto_addr_port_hash(proto, &a, port), r);
	}
}

/* hash_16b (the table's hash of an IPv4 key, conn_key4_hash) is hash_bytes of its 16 bytes
 * end to end, on both paths. */
static void
test_16b(void)
{
	for (int i = 0; i < 10000; i++) {
		uint32_t a = rng(), b = rng(), r;
		uint64_t tail = (uint64_t)rng() << 32 | rng();
		uint8_t buf[16];

		memcpy(buf, &a, 4);
		memcpy(buf + 4, &b, 4);
		memcpy(buf + 8, &tail, 8);
		r = ref_hash(buf, sizeof(buf), 0);
		CHECK_EQ(hash_16b(a, b, tail), r);
		CHECK_EQ(sw_hash_16b(a, b, tail), r);
	}
}

/* Both paths and the bitwise reference, for every length, alignment and random seeds. */
static void
test_paths_agree(void)
{
	uint8_t buf[160];

	for (size_t i = 0; i < sizeof(buf); i++)
		buf[i] = (uint8_t)rng();
	for (uint32_t off = 0; off < 8; off++) {
		for (uint32_t n = 0; n + off <= sizeof(buf); n++) {
			uint32_t seed = n & 1 ? rng() : 0;
			uint32_t r = ref_hash(buf + off, n, seed);

			CHECK_EQ(hash_bytes(buf + off, n, seed), r);
			CHECK_EQ(sw_hash_bytes(buf + off, n, seed), r);
		}
	}
}

static void
test_flow_and_addr_hash(void)
{
	struct flow_key k;

	for (int i = 0; i < 10000; i++) {
		uint8_t *kb = (uint8_t *)&k;

		for (size_t j = 0; j < sizeof(k); j++)
			kb[j] = (uint8_t)rng();
		k.pad = 0;
		CHECK_EQ(flow_hash(&k), hash_bytes(&k, 40, 0));
		CHECK_EQ(flow_hash(&k), ref_hash(kb, 40, 0));
		CHECK_EQ(sw_flow_hash(&k), flow_hash(&k));
		CHECK_EQ(addr_hash(&k.src), hash_bytes(&k.src, 16, 0));
		CHECK_EQ(sw_addr_hash(&k.src), addr_hash(&k.src));
		if (check_failed_now)
			return;
	}
}

/* hash(a || b, seed) == hash(b, hash(a, seed)): what the seed definition buys. */
static void
test_seed_chaining(void)
{
	uint8_t buf[100];

	for (size_t i = 0; i < sizeof(buf); i++)
		buf[i] = (uint8_t)rng();
	for (uint32_t split = 0; split <= sizeof(buf); split++) {
		uint32_t seed = rng();
		uint32_t h = hash_bytes(buf, split, seed);

		CHECK_EQ(hash_bytes(buf + split, sizeof(buf) - split, h),
			 hash_bytes(buf, sizeof(buf), seed));
	}
}

/* A rough check that nearby 5-tuples spread: sequential client ports into 64 buckets. */
static void
test_spread(void)
{
	enum { N = 64000, B = 64 };
	unsigned count[B] = {0};
	struct flow_key k;

	for (uint32_t i = 0; i < N; i++) {
		make_key4(&k, 0x0a000001 + (i >> 16), 0xc6336407, (uint16_t)(1024 + i), 443,
			  HVLB_PROTO_TCP);
		count[flow_hash(&k) % B]++;
	}
	for (int b = 0; b < B; b++) {
		CHECK(count[b] > N / B * 8 / 10);
		CHECK(count[b] < N / B * 12 / 10);
	}
}

int
main(void)
{
	RUN(test_known_vectors);
	RUN(test_python_model);
	RUN(test_paths_agree);
	RUN(test_proto_addr_port);
	RUN(test_16b);
	RUN(test_flow_and_addr_hash);
	RUN(test_seed_chaining);
	RUN(test_spread);
	return check_summary();
}
