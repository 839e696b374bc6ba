/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The fragments of IP datagrams forwarded without reassembly (docs/fragments.md): a small
 * per-worker table that remembers, for a short time, each datagram whose fragments pass
 * (keyed as RFC 791 / RFC 8200 key reassembly: addresses, IPv4 protocol, identification), the
 * 5-tuple its first fragment carried, so that the later ones, which carry no ports, follow
 * the same connection; and the pieces seen, so that duplicated and overlapping ones are told.
 *
 * Bounded: a fixed array of sets of FRAG_WAYS entries, no allocation; a new datagram takes a
 * free or expired entry of its set, else the one of its set that expires first (counted in
 * evicted), so a flood of fragments costs a fixed amount of memory and time and only ever
 * pushes out entries as young as its own.
 */
#ifndef HVLB_CORE_FRAG_H
#define HVLB_CORE_FRAG_H

#include <stdbool.h>
#include <stdint.h>

#include "drop.h"
#include "types.h"

#define FRAG_SETS 64
#define FRAG_WAYS 4
#define FRAG_ENTRIES (FRAG_SETS * FRAG_WAYS) /* datagrams remembered per worker */
#define FRAG_PIECES 64                       /* fragments of one datagram, at most: 64 KiB
						 in 1280-byte pieces is 52 */
#define FRAG_TTL_MS 2000                     /* how long a datagram is remembered */

struct frag_entry {
	struct flow_key dgram;  /* pkt_frag_info.dgram */
	struct flow_key tuple;  /* the first fragment's 5-tuple, when has_first */
	uint64_t expires;       /* 0: free */
	uint8_t has_first;
	uint8_t poisoned;       /* an overlap was seen: every later piece is refused too */
	uint8_t n_pieces;
	uint8_t pad;
	uint16_t off[FRAG_PIECES]; /* each piece seen: [off, end) of the fragmentable part */
	uint16_t end[FRAG_PIECES];
};

struct frag_table {
	struct frag_entry e[FRAG_ENTRIES];
	uint64_t evicted; /* live entries pushed out by newer datagrams */
};

/* Empty the table. */
void frag_init(struct frag_table *t);

/* The live entry (expires > now) of datagram dgram (hash: flow_hash(dgram)), or NULL. */
struct frag_entry *frag_find(struct frag_table *t, const struct flow_key *dgram, uint32_t hash,
			     uint64_t now);

/* The live entry of dgram, made if there is none (expiring at now + ttl): never NULL. */
struct frag_entry *frag_get(struct frag_table *t, const struct flow_key *dgram, uint32_t hash,
			    uint64_t now, uint64_t ttl);

/* Note a piece [off, off + len) of e's datagram: HVLB_DROP_NONE, or FRAG_DUPLICATE (the
 * same piece again), FRAG_OVERLAP (part of one seen: the datagram is poisoned, RFC 5722),
 * FRAG_TOO_MANY (FRAG_PIECES seen already). A refused piece is not noted. */
enum hvlb_drop frag_note(struct frag_entry *e, uint32_t off, uint32_t len);

#endif
