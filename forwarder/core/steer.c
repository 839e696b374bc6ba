/* SPDX-License-Identifier: BSD-3-Clause */
/* Building steering tables (steer.h). Runs on the control thread, in the caller's memory. */
#include <string.h>

#include "steer.h"

_Static_assert(sizeof(struct steer_entry) == 48, "a steering entry is 48 bytes");

/* At most half full, so a probe for a missing tuple ends within a few slots. */
static uint32_t
steer_slots_for(uint32_t n_keys)
{
	uint32_t slots = 16;

	while (slots < 2 * n_keys)
		slots <<= 1;
	return slots;
}

size_t
steer_table_mem_size(uint32_t n_keys)
{
	if (n_keys > STEER_MAX_KEYS)
		return 0;
	return sizeof(struct steer_table) +
	       (size_t)steer_slots_for(n_keys) * sizeof(struct steer_entry);
}

struct steer_table *
steer_table_build(void *mem, const struct steer_rule *rules, uint32_t n)
{
	struct steer_table *t = mem;
	uint32_t slots;

	if (mem == NULL || n > STEER_MAX_KEYS)
		return NULL;
	slots = steer_slots_for(n);
	memset(t, 0, sizeof(*t) + (size_t)slots * sizeof(struct steer_entry));
	t->mask = slots - 1;
	for (uint32_t k = 0; k < n; k++) {
		const struct steer_rule *r = &rules[k];
		uint32_t h = flow_hash(&r->key), b = r->client_hash >> (32 - STEER_FILTER_BITS);
		uint32_t i = h & t->mask;

		while (t->slots[i].used && !(t->slots[i].hash == h && flow_key_eq(&t->slots[i].key,
										 &r->key)))
			i = (i + 1) & t->mask;
		if (!t->slots[i].used)
			t->n_keys++;
		t->slots[i] = (struct steer_entry){
			.key = r->key, .hash = h, .worker = r->worker, .used = 1};
		t->filter[b >> 6] |= 1ull << (b & 63);
	}
	return t;
}
