/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The layout of a connection entry described field by field (name, offset, size), so that a
 * saved connection table (src/persist.c) outlives the build that wrote it: a build whose
 * struct conn has fields added, moved or grown reads an older or newer table by field,
 * copying the fields both know and leaving the others zero (their default). The descriptor is
 * fixed-size, in fixed-width types, so every build reads every other's.
 *
 * A raw field may be kept in parts: "orig.src@0" (4 bytes in the hot line) and "orig.src@4"
 * (the next 12, in the cold line) are the bytes of "orig.src" from 0 and from 4 on. A build
 * reads each byte of such a field from wherever the other build kept it, whole or in parts.
 * And "deadline" (32-bit table ticks, conn.h conn_tnow) is read from an older build's
 * "expires" (64-bit ticks of the same clock) where the file has no deadline.
 */
#ifndef HVLB_CORE_CONN_LAYOUT_H
#define HVLB_CORE_CONN_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "conn.h"

#define CONN_LAYOUT_VERSION 1 /* of the descriptor itself */
#define CONN_LAYOUT_FIELDS 48 /* fields a descriptor can name */
#define CONN_LAYOUT_NAME 24   /* a field's name, NUL-terminated */

/* conn_layout_field.kind: how a field whose size changed converts. */
#define CONN_LK_INT 0 /* an integer in host order: widened or narrowed (if the value fits) */
#define CONN_LK_RAW 1 /* bytes (an address, a network-order port): copied only at equal size */

struct conn_layout_field {
	char name[CONN_LAYOUT_NAME]; /* "orig.src", "rs_port", ... */
	uint16_t off;                /* from the entry's start */
	uint16_t size;               /* of one element */
	uint8_t count;               /* elements (pkts[2]: 2) */
	uint8_t kind;                /* CONN_LK_* */
	uint8_t required;            /* without it an entry means nothing: the file is refused */
	uint8_t pad;
};

struct conn_layout {
	uint32_t version;     /* CONN_LAYOUT_VERSION */
	uint32_t n_fields;
	uint32_t entry_size;  /* sizeof(struct conn): the stride of the entry array */
	uint32_t entries_off; /* where the entry array starts, from the table's start */
	struct conn_layout_field f[CONN_LAYOUT_FIELDS];
};

/* One field of this build's entry and where it is in another's; old_size 0: it has none. */
struct conn_layout_step {
	uint16_t off, size, old_off, old_size;
	uint8_t count, old_count, kind;
};

/* How to read entries of layout `old` as this build's. */
#define CONN_LAYOUT_STEPS (2 * CONN_LAYOUT_FIELDS) /* a field in parts takes a step each */
struct conn_layout_plan {
	uint32_t n_steps;
	uint32_t missing;    /* this build's fields the old layout lacks (left zero) */
	uint32_t unknown;    /* the old layout's fields this build lacks (dropped) */
	uint32_t from_expires; /* the deadline comes from the old "expires" at expires_off */
	uint32_t expires_off;
	uint64_t hz;         /* the clock the old table's ticks count */
	struct conn_layout_step s[CONN_LAYOUT_STEPS];
};

/* This build's layout. */
void conn_layout_get(struct conn_layout *l);

/* Whether a and b describe the same entry (fields, offsets, sizes, stride and array start):
 * a table of one can be used as one of the other as it is. */
bool conn_layout_equal(const struct conn_layout *a, const struct conn_layout *b);

/* The plan for reading entries of layout old (from a file: checked here; its ticks count a
 * clock of hz) into this build's struct conn. 0, or -EINVAL when old is malformed or lacks a
 * field this build requires (the key, the NF, the state), with why (why_len bytes) saying
 * what. */
int conn_layout_plan(const struct conn_layout *old, uint64_t hz, struct conn_layout_plan *p,
		     char *why, size_t why_len);

/* Entry e of the old layout into *c by p: 1 when it is a connection (in use), 0 when a free
 * entry, -ERANGE when a value does not fit this build's narrower field. */
int conn_layout_read(const struct conn_layout_plan *p, const void *e, struct conn *c);

#endif
