/* SPDX-License-Identifier: BSD-3-Clause */
/* A connection entry described field by field (conn_layout.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "conn_layout.h"

_Static_assert(sizeof(struct conn_layout_field) == 32, "a field is 32 bytes in every build");
_Static_assert(sizeof(struct conn_layout) == 16 + 32 * CONN_LAYOUT_FIELDS,
	       "the descriptor is the same bytes in every build");

#define MSZ(m) sizeof(((struct conn *)0)->m)
/* A field: its name is its member's; a[] members are described by element. */
#define FLD(m, k, req) {#m, offsetof(struct conn, m), MSZ(m), 1, k, req, 0}
/* A raw field kept in parts: `name@N` holds its bytes from N on (conn_layout.h). */
#define PART(name, m, k, req) {name, offsetof(struct conn, m), MSZ(m), 1, k, req, 0}
#define ARR(m, k) {#m, offsetof(struct conn, m), MSZ(m[0]), MSZ(m) / MSZ(m[0]), k, 0, 0}

/* Every field of struct conn and of its key. The per-mode union is described by member: they
 * overlap, and copying each by name copies the bytes of whichever the connection uses. */
static const struct conn_layout_field conn_fields[] = {
	PART("orig.src@0", orig.src4, CONN_LK_RAW, 1),
	PART("orig.src@4", src6, CONN_LK_RAW, 0),
	PART("orig.dst@0", orig.dst4, CONN_LK_RAW, 1),
	PART("orig.dst@4", dst6, CONN_LK_RAW, 0),
	FLD(orig.sport, CONN_LK_RAW, 1),
	FLD(orig.dport, CONN_LK_RAW, 1),
	FLD(orig.proto, CONN_LK_INT, 1),
	FLD(orig.af, CONN_LK_INT, 1),
	FLD(orig.pad, CONN_LK_INT, 1),
	PART("rs_addr@0", rs4, CONN_LK_RAW, 1),
	PART("rs_addr@4", rs6, CONN_LK_RAW, 0),
	FLD(rs_port, CONN_LK_RAW, 1),
	FLD(rs_slot, CONN_LK_INT, 1),
	FLD(vs_slot, CONN_LK_INT, 1),
	FLD(state, CONN_LK_INT, 1),
	FLD(mode, CONN_LK_INT, 1),
	FLD(rs_gen, CONN_LK_INT, 1),
	FLD(in_use, CONN_LK_INT, 1),
	FLD(flags, CONN_LK_INT, 1),
	FLD(reserved, CONN_LK_INT, 1),
	FLD(to_set, CONN_LK_INT, 0),
	FLD(deadline, CONN_LK_INT, 1), /* or an older build's "expires" (conn_layout.h) */
	FLD(created, CONN_LK_INT, 0),
	ARR(pkts, CONN_LK_INT),
	FLD(sp_delta, CONN_LK_INT, 0),
	FLD(sp_win, CONN_LK_INT, 0),
	ARR(sctp_vtag, CONN_LK_INT),
	FLD(fn_lport, CONN_LK_RAW, 0),
	FLD(fn_laddr, CONN_LK_INT, 0),
	FLD(fn_toa, CONN_LK_INT, 0),
	FLD(encap, CONN_LK_INT, 0),
	FLD(vx_client_vtep, CONN_LK_RAW, 0),
	FLD(vx_nf_vtep, CONN_LK_RAW, 0),
	ARR(bytes, CONN_LK_INT),
	ARR(hash, CONN_LK_INT),
#ifdef HVLB_TEST_LAYOUT_CHANGE
	FLD(test_extra, CONN_LK_INT, 0),
#endif
};

#define N_FIELDS (sizeof(conn_fields) / sizeof(conn_fields[0]))
_Static_assert(N_FIELDS <= CONN_LAYOUT_FIELDS, "CONN_LAYOUT_FIELDS holds every field");

void
conn_layout_get(struct conn_layout *l)
{
	memset(l, 0, sizeof(*l));
	l->version = CONN_LAYOUT_VERSION;
	l->n_fields = N_FIELDS;
	l->entry_size = sizeof(struct conn);
	l->entries_off = (uint32_t)conn_table_entries_off();
	memcpy(l->f, conn_fields, sizeof(conn_fields));
}

bool
conn_layout_equal(const struct conn_layout *a, const struct conn_layout *b)
{
	/* Both zero-filled past n_fields (conn_layout_get; a file's is checked by the plan). */
	return a->version == b->version && a->n_fields == b->n_fields &&
	       a->entry_size == b->entry_size && a->entries_off == b->entries_off &&
	       a->n_fields <= CONN_LAYOUT_FIELDS &&
	       memcmp(a->f, b->f, a->n_fields * sizeof(a->f[0])) == 0;
}

/* A field of a descriptor read from a file, within its entry and well formed. */
static bool
field_ok(const struct conn_layout *l, const struct conn_layout_field *f)
{
	return memchr(f->name, '\0', sizeof(f->name)) != NULL && f->name[0] != '\0' &&
	       f->size > 0 && f->count > 0 && f->kind <= CONN_LK_RAW &&
	       (uint32_t)f->off + (uint32_t)f->size * f->count <= l->entry_size;
}

static const struct conn_layout_field *
find(const struct conn_layout *l, const char *name)
{
	for (uint32_t i = 0; i < l->n_fields; i++)
		if (strncmp(l->f[i].name, name, sizeof(l->f[i].name)) == 0)
			return &l->f[i];
	return NULL;
}

/* A field's name without its part ("orig.src@4": "orig.src", *from 4; else *from 0): the
 * length of the base name. A part past any entry (a file's "@99999999999") is taken as
 * 65535, so that a part's range never wraps. */
static size_t
part_of(const struct conn_layout_field *f, unsigned *from)
{
	const char *at = memchr(f->name, '@', sizeof(f->name));
	size_t len = strnlen(f->name, sizeof(f->name));

	*from = 0;
	if (at == NULL)
		return len;
	for (const char *d = at + 1; d < f->name + len && *d >= '0' && *d <= '9'; d++)
		*from = *from > 0xffff ? 0xffff : *from * 10 + (unsigned)(*d - '0');
	if (*from > 0xffff)
		*from = 0xffff;
	return (size_t)(at - f->name);
}

/* The steps that copy cur, a raw field, from the old layout's fields of the same base name
 * where either is a part: each byte of the whole field the old has, from wherever it kept
 * it. The number of bytes found. */
static unsigned
plan_parts(const struct conn_layout *old, const struct conn_layout_field *cur,
	   struct conn_layout_plan *p)
{
	unsigned cfrom, ofrom, found = 0;
	size_t clen = part_of(cur, &cfrom), olen;

	for (uint32_t i = 0; i < old->n_fields; i++) {
		const struct conn_layout_field *o = &old->f[i];
		unsigned lo, hi;

		olen = part_of(o, &ofrom);
		if (o->kind != CONN_LK_RAW || o->count != 1 || olen != clen ||
		    strncmp(o->name, cur->name, clen) != 0)
			continue;
		lo = cfrom > ofrom ? cfrom : ofrom;
		hi = cfrom + cur->size < ofrom + o->size ? cfrom + cur->size : ofrom + o->size;
		if (lo >= hi || p->n_steps >= CONN_LAYOUT_STEPS)
			continue;
		p->s[p->n_steps++] = (struct conn_layout_step){
			.off = (uint16_t)(cur->off + lo - cfrom), .size = (uint16_t)(hi - lo),
			.old_off = (uint16_t)(o->off + lo - ofrom), .old_size = (uint16_t)(hi - lo),
			.count = 1, .old_count = 1, .kind = CONN_LK_RAW};
		found += hi - lo;
	}
	return found;
}

int
conn_layout_plan(const struct conn_layout *old, uint64_t hz, struct conn_layout_plan *p,
		 char *why, size_t why_len)
{
	struct conn_layout cur_l;
	const struct conn_layout_field *exp;

	conn_layout_get(&cur_l);
	memset(p, 0, sizeof(*p));
	p->hz = hz;
	if (old->version != CONN_LAYOUT_VERSION || old->n_fields == 0 ||
	    old->n_fields > CONN_LAYOUT_FIELDS || old->entry_size == 0) {
		snprintf(why, why_len, "descriptor version %u with %u field(s) of a %u-byte entry",
			 old->version, old->n_fields, old->entry_size);
		return -EINVAL;
	}
	for (uint32_t i = 0; i < old->n_fields; i++) {
		if (!field_ok(old, &old->f[i])) {
			snprintf(why, why_len, "field %u malformed or past the entry's end", i);
			return -EINVAL;
		}
		if (find(old, old->f[i].name) != &old->f[i]) {
			snprintf(why, why_len, "field %.24s named twice", old->f[i].name);
			return -EINVAL;
		}
	}
	for (uint32_t i = 0; i < N_FIELDS; i++) {
		const struct conn_layout_field *cur = &conn_fields[i], *o = find(old, cur->name);
		struct conn_layout_step *s;
		unsigned from;

		/* A raw field kept in parts here or there: copied byte range by byte range. */
		if (cur->kind == CONN_LK_RAW && cur->count == 1 &&
		    (o == NULL || o->size != cur->size) &&
		    (part_of(cur, &from) != strnlen(cur->name, sizeof(cur->name)) || o == NULL)) {
			if (plan_parts(old, cur, p) > 0)
				continue;
		}
		/* The deadline: an older build's "expires", 64-bit on the caller's clock. */
		if (strcmp(cur->name, "deadline") == 0 && o == NULL &&
		    (exp = find(old, "expires")) != NULL && exp->kind == CONN_LK_INT &&
		    exp->size == 8 && exp->count == 1) {
			p->expires_off = exp->off;
			p->from_expires = 1;
			continue;
		}
		if (p->n_steps >= CONN_LAYOUT_STEPS) {
			snprintf(why, why_len, "too many parts");
			return -EINVAL;
		}
		s = &p->s[p->n_steps++];
		*s = (struct conn_layout_step){.off = cur->off, .size = cur->size,
					       .count = cur->count, .kind = cur->kind};
		/* A raw field that changed size, or a field whose kind changed, is another
		 * thing under the same name: not copied. */
		if (o != NULL && o->kind == cur->kind &&
		    (cur->kind == CONN_LK_INT || o->size == cur->size) &&
		    (o->size == 1 || o->size == 2 || o->size == 4 || o->size == 8 ||
		     cur->kind == CONN_LK_RAW)) {
			s->old_off = o->off;
			s->old_size = o->size;
			s->old_count = o->count;
		} else if (cur->required) {
			snprintf(why, why_len, "no usable field %s (this build's is %u byte(s))",
				 cur->name, cur->size);
			return -EINVAL;
		} else {
			p->missing++;
		}
	}
	for (uint32_t i = 0; i < old->n_fields; i++) {
		const struct conn_layout_field *o = &old->f[i];
		bool known = find(&cur_l, o->name) != NULL ||
			     (p->from_expires && strcmp(o->name, "expires") == 0);
		unsigned from;
		size_t len = part_of(o, &from);

		/* A part's base name (or a whole one's parts) this build keeps is known. */
		for (uint32_t j = 0; !known && j < N_FIELDS; j++) {
			unsigned cfrom;

			known = part_of(&conn_fields[j], &cfrom) == len &&
				strncmp(conn_fields[j].name, o->name, len) == 0;
		}
		if (!known)
			p->unknown++;
	}
	return 0;
}

static uint64_t
get_int(const uint8_t *src, unsigned size)
{
	uint8_t v8;
	uint16_t v16;
	uint32_t v32;
	uint64_t v64;

	switch (size) {
	case 1:
		memcpy(&v8, src, 1);
		return v8;
	case 2:
		memcpy(&v16, src, 2);
		return v16;
	case 4:
		memcpy(&v32, src, 4);
		return v32;
	default:
		memcpy(&v64, src, 8);
		return v64;
	}
}

/* v into a field of size bytes: false when it does not fit. */
static bool
put_int(uint8_t *dst, unsigned size, uint64_t v)
{
	uint8_t v8 = (uint8_t)v;
	uint16_t v16 = (uint16_t)v;
	uint32_t v32 = (uint32_t)v;

	switch (size) {
	case 1:
		memcpy(dst, &v8, 1);
		return v8 == v;
	case 2:
		memcpy(dst, &v16, 2);
		return v16 == v;
	case 4:
		memcpy(dst, &v32, 4);
		return v32 == v;
	default:
		memcpy(dst, &v, 8);
		return true;
	}
}

int
conn_layout_read(const struct conn_layout_plan *p, const void *e, struct conn *c)
{
	const uint8_t *src = e;
	uint8_t *dst = (uint8_t *)c;
	bool fits = true;

	memset(c, 0, sizeof(*c));
	for (uint32_t i = 0; i < p->n_steps; i++) {
		const struct conn_layout_step *s = &p->s[i];
		unsigned n = s->count < s->old_count ? s->count : s->old_count;

		for (unsigned j = 0; j < n; j++) {
			const uint8_t *from = src + s->old_off + (size_t)j * s->old_size;
			uint8_t *to = dst + s->off + (size_t)j * s->size;

			if (s->kind == CONN_LK_RAW)
				memcpy(to, from, s->size); /* equal sizes (the plan) */
			else
				fits &= put_int(to, s->size, get_int(from, s->old_size));
		}
	}
	if (p->from_expires)
		c->deadline = conn_ticks(p->hz, get_int(src + p->expires_off, 8));
	if (c->in_use == 0)
		return 0;
	return fits ? 1 : -ERANGE;
}
