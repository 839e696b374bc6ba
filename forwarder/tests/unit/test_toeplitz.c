/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * toeplitz.c: the verification examples of Microsoft's RSS specification (the key NICs ship
 * with, IPv4 and IPv6, with and without ports), and a bit-at-a-time reference on random keys,
 * tuples and lengths. DPDK's rte_softrss gave the same values (checked when this was written).
 */
#include <arpa/inet.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "xorshift.h"
#include "toeplitz.h"

static struct toeplitz tz;

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint32_t
rng(void)
{
	return (uint32_t)(xorshift64(&rng_state) >> 16);
}

/* The definition: for each input bit set, the 32 key bits from its position XORed in. */
static uint32_t
ref_toeplitz(const uint8_t *key, const uint8_t *in, unsigned n)
{
	uint32_t h = 0;

	for (unsigned j = 0; j < 8 * n; j++) {
		uint32_t w = 0;

		if (!(in[j / 8] & (0x80u >> (j % 8))))
			continue;
		for (unsigned b = 0; b < 32; b++) {
			unsigned kb = j + b;

			w = w << 1 | ((key[kb / 8] >> (7 - kb % 8)) & 1u);
		}
		h ^= w;
	}
	return h;
}

static void
key_of(struct flow_key *k, int af, const char *src, int sport, const char *dst, int dport)
{
	memset(k, 0, sizeof(*k));
	k->af = (uint8_t)(af == AF_INET ? HVLB_AF_INET : HVLB_AF_INET6);
	k->proto = HVLB_PROTO_TCP;
	CHECK(inet_pton(af, src, k->src.b) == 1);
	CHECK(inet_pton(af, dst, k->dst.b) == 1);
	k->sport = htons((uint16_t)sport);
	k->dport = htons((uint16_t)dport);
}

/* Microsoft's "Verifying the RSS Hash Calculation": addresses only, then with TCP ports. */
static void
test_specification_examples(void)
{
	static const struct {
		int af;
		const char *src, *dst;
		int sport, dport;
		uint32_t ip, tcp;
	} ex[] = {
		{AF_INET, "66.9.149.187", "161.142.100.80", 2794, 1766, 0x323e8fc2, 0x51ccc178},
		{AF_INET, "199.92.111.2", "65.69.140.83", 14230, 4739, 0xd718262a, 0xc626b0ea},
		{AF_INET, "24.19.198.95", "12.22.207.184", 12898, 38024, 0xd2d0a5de, 0x5c2b394a},
		{AF_INET, "38.27.205.30", "209.142.163.6", 48228, 2217, 0x82989176, 0xafc7327f},
		{AF_INET, "153.39.163.191", "202.188.127.2", 44251, 1303, 0x5d1809c5, 0x10e828a2},
		{AF_INET6, "3ffe:2501:200:1fff::7", "3ffe:2501:200:3::1", 2794, 1766, 0x2cc18cd5,
		 0x40207d3d},
		{AF_INET6, "3ffe:501:8::260:97ff:fe40:efab", "ff02::1", 14230, 4739, 0x0f0c461c,
		 0xdde51bbf},
		{AF_INET6, "3ffe:1900:4545:3:200:f8ff:fe21:67cf", "fe80::200:f8ff:fe21:67cf", 44251,
		 38024, 0x4b61e985, 0x02d1feef},
	};

	for (size_t i = 0; i < sizeof(ex) / sizeof(ex[0]); i++) {
		struct flow_key k;
		unsigned alen = ex[i].af == AF_INET ? 4 : 16;
		uint8_t in[32];

		key_of(&k, ex[i].af, ex[i].src, ex[i].sport, ex[i].dst, ex[i].dport);
		memcpy(in, k.src.b, alen);
		memcpy(in + alen, k.dst.b, alen);
		CHECK_EQ(toeplitz_bytes(&tz, in, 2 * alen), ex[i].ip);
		CHECK_EQ(toeplitz_flow_hash(&tz, &k), ex[i].tcp);
		k.proto = HVLB_PROTO_UDP; /* NICs hash UDP's ports alike */
		CHECK_EQ(toeplitz_flow_hash(&tz, &k), ex[i].tcp);
	}
}

/* The tables against the definition, for random keys and inputs of every length. */
static void
test_reference(void)
{
	static struct toeplitz r;
	uint8_t key[TOEPLITZ_KEY_LEN], in[TOEPLITZ_IN_MAX];

	for (int round = 0; round < 20; round++) {
		for (unsigned i = 0; i < sizeof(key); i++)
			key[i] = (uint8_t)rng();
		toeplitz_init(&r, key);
		for (unsigned n = 0; n <= TOEPLITZ_IN_MAX; n++) {
			for (unsigned i = 0; i < n; i++)
				in[i] = (uint8_t)rng();
			CHECK_EQ(toeplitz_bytes(&r, in, n), ref_toeplitz(key, in, n));
		}
	}
}

/* A tenant's key differs from the same tuple's outside the overlay, and from another
 * tenant's; outside any overlay the hash is the NIC's. */
static void
test_tenants(void)
{
	struct flow_key k;
	uint32_t h0, h1, h2;

	key_of(&k, AF_INET, "10.0.0.5", 40000, "192.168.0.100", 53);
	h0 = toeplitz_flow_hash(&tz, &k);
	k.pad = 1;
	h1 = toeplitz_flow_hash(&tz, &k);
	k.pad = 2;
	h2 = toeplitz_flow_hash(&tz, &k);
	CHECK(h0 != h1 && h1 != h2 && h0 != h2);
}

int
main(void)
{
	toeplitz_init(&tz, toeplitz_key);
	RUN(test_specification_examples);
	RUN(test_reference);
	RUN(test_tenants);
	return check_summary();
}
