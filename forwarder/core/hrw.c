/* SPDX-License-Identifier: BSD-3-Clause */
/* Rendezvous hashing for k-way replication (hrw.h). */
#include <string.h>

#include "hash.h"
#include "hrw.h"

uint32_t
hrw_conn_key(const union hvlb_addr *client, uint16_t client_port, uint8_t proto)
{
	uint8_t b[20];

	memcpy(b, client->b, 16);
	memcpy(b + 16, &client_port, 2);
	b[18] = proto;
	b[19] = 0;
	return hash_bytes(b, sizeof(b), 0x68727721u);
}

/* splitmix64's finaliser: every bit of the input moves every bit of the score, so the order of
 * two ids for a key is independent of that of any other key. */
uint64_t
hrw_score(uint32_t key, uint32_t id)
{
	uint64_t z = ((uint64_t)id << 32 | key) + 0x9e3779b97f4a7c15ull;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static bool
ranks_before(uint64_t sa, uint32_t a, uint64_t sb, uint32_t b)
{
	return sa > sb || (sa == sb && a < b);
}

unsigned
hrw_pick(uint32_t key, const uint32_t *ids, unsigned n, uint32_t skip, unsigned k, uint32_t *out)
{
	uint64_t sc[HRW_MAX_IDS];
	unsigned got = 0;

	if (n > HRW_MAX_IDS)
		n = HRW_MAX_IDS;
	if (k > HRW_MAX_IDS)
		k = HRW_MAX_IDS;
	if (k == 0)
		return 0;
	/* An insertion into the best k so far: n and k are tens at most. */
	for (unsigned i = 0; i < n; i++) {
		uint64_t s;
		unsigned j;

		if (ids[i] == skip && skip != 0)
			continue;
		s = hrw_score(key, ids[i]);
		if (got == k && !ranks_before(s, ids[i], sc[k - 1], out[k - 1]))
			continue;
		j = got < k ? got++ : k - 1;
		for (; j > 0 && ranks_before(s, ids[i], sc[j - 1], out[j - 1]); j--) {
			sc[j] = sc[j - 1];
			out[j] = out[j - 1];
		}
		sc[j] = s;
		out[j] = ids[i];
	}
	return got;
}
