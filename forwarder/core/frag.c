/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The fragment table (frag.h). A datagram's set is chosen by its hash; the FRAG_WAYS entries
 * of a set are searched in full, which is cheaper than any index for four.
 */
#include <string.h>

#include "frag.h"

void
frag_init(struct frag_table *t)
{
	memset(t, 0, sizeof(*t));
}

static inline struct frag_entry *
frag_set(struct frag_table *t, uint32_t hash)
{
	return &t->e[(hash % FRAG_SETS) * FRAG_WAYS];
}

struct frag_entry *
frag_find(struct frag_table *t, const struct flow_key *dgram, uint32_t hash, uint64_t now)
{
	struct frag_entry *s = frag_set(t, hash);

	for (unsigned i = 0; i < FRAG_WAYS; i++)
		if (s[i].expires > now && flow_key_eq(&s[i].dgram, dgram))
			return &s[i];
	return NULL;
}

struct frag_entry *
frag_get(struct frag_table *t, const struct flow_key *dgram, uint32_t hash, uint64_t now,
	 uint64_t ttl)
{
	struct frag_entry *s = frag_set(t, hash), *victim = &s[0];

	for (unsigned i = 0; i < FRAG_WAYS; i++) {
		if (s[i].expires > now && flow_key_eq(&s[i].dgram, dgram))
			return &s[i];
		if (s[i].expires < victim->expires)
			victim = &s[i];
	}
	if (victim->expires > now)
		t->evicted++;
	memset(victim, 0, sizeof(*victim));
	victim->dgram = *dgram;
	victim->expires = now + ttl;
	return victim;
}

enum hvlb_drop
frag_note(struct frag_entry *e, uint32_t off, uint32_t len)
{
	uint32_t end = off + len;

	if (e->poisoned)
		return HVLB_DROP_FRAG_OVERLAP;
	for (unsigned i = 0; i < e->n_pieces; i++) {
		if (e->off[i] == off && e->end[i] == end)
			return HVLB_DROP_FRAG_DUPLICATE;
		if (off < e->end[i] && end > e->off[i]) {
			e->poisoned = 1;
			return HVLB_DROP_FRAG_OVERLAP;
		}
	}
	if (e->n_pieces == FRAG_PIECES)
		return HVLB_DROP_FRAG_TOO_MANY;
	e->off[e->n_pieces] = (uint16_t)off;
	e->end[e->n_pieces++] = (uint16_t)end;
	return HVLB_DROP_NONE;
}
