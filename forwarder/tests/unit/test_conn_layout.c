/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Unit tests of the connection entry's descriptor (conn_layout.h): it names every byte of the
 * entry; a table read through it comes back whole; an entry of another layout (fields moved,
 * grown, added, missing) is read by field, defaulting what it lacks; values that do not fit and
 * malformed or insufficient descriptors are refused.
 */
#include <errno.h>
#include <stdlib.h>

#include "check.h"
#include "conn.h"
#include "conn_layout.h"
#include "xorshift.h"

#define HZ 1000u

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static const struct conn_layout_field *
field_of(const struct conn_layout *l, const char *name)
{
	for (uint32_t i = 0; i < l->n_fields; i++)
		if (strcmp(l->f[i].name, name) == 0)
			return &l->f[i];
	return NULL;
}

/* Every byte of struct conn up to its last field belongs to a named field, so a field added
 * to the struct without a line in conn_layout.c fails here. */
static void
test_names_every_byte(void)
{
	struct conn_layout l;
	uint8_t named[sizeof(struct conn)] = {0};
	size_t end = 0;

	conn_layout_get(&l);
	CHECK_EQ(l.entry_size, sizeof(struct conn));
	CHECK(l.n_fields > 0 && l.n_fields <= CONN_LAYOUT_FIELDS);
	for (uint32_t i = 0; i < l.n_fields; i++) {
		size_t e = (size_t)l.f[i].off + (size_t)l.f[i].size * l.f[i].count;

		CHECK(e <= sizeof(struct conn));
		memset(named + l.f[i].off, 1, e - l.f[i].off);
		end = e > end ? e : end;
	}
	for (size_t b = 0; b < end; b++)
		if (!named[b]) {
			fprintf(stderr, "byte %zu of struct conn belongs to no field\n", b);
			CHECK(0);
		}
	CHECK(field_of(&l, "orig.src@0") != NULL && field_of(&l, "pkts")->count == 2);
}

static void
test_equal_and_own_plan(void)
{
	struct conn_layout a, b;
	struct conn_layout_plan p;
	char why[128] = "";

	conn_layout_get(&a);
	conn_layout_get(&b);
	CHECK(conn_layout_equal(&a, &b));
	CHECK_EQ(conn_layout_plan(&a, 2000000000ull, &p, why, sizeof(why)), 0);
	CHECK_EQ(p.missing, 0);
	CHECK_EQ(p.unknown, 0);
	b.f[3].off++;
	CHECK(!conn_layout_equal(&a, &b));
	conn_layout_get(&b);
	b.entries_off += 64;
	CHECK(!conn_layout_equal(&a, &b));
}

static void
fill_random(void *buf, size_t n)
{
	uint8_t *b = buf;

	for (size_t i = 0; i < n; i++)
		b[i] = (uint8_t)xorshift64(&rng);
}

/* A connection with every field set (in_use 1, values that fit any layout below). */
static void
random_conn(struct conn *c)
{
	fill_random(c, sizeof(*c));
	c->in_use = 1;
}

/* Another build's layout: this one's fields in reverse order, 4 bytes apart, pkts and rs_slot
 * grown to 8 bytes, created gone and a field this build does not know added. */
static size_t
other_layout(struct conn_layout *o)
{
	struct conn_layout cur;
	uint32_t off = 16, n = 0;

	conn_layout_get(&cur);
	memset(o, 0, sizeof(*o));
	o->version = CONN_LAYOUT_VERSION;
	for (uint32_t i = cur.n_fields; i-- > 0;) {
		struct conn_layout_field f = cur.f[i];

		if (strcmp(f.name, "created") == 0)
			continue;
		if (strcmp(f.name, "pkts") == 0 || strcmp(f.name, "rs_slot") == 0)
			f.size = 8;
		f.off = (uint16_t)off;
		off += (uint32_t)f.size * f.count + 4;
		o->f[n++] = f;
	}
	o->f[n++] = (struct conn_layout_field){.name = "future", .off = 0, .size = 8, .count = 1};
	o->n_fields = n;
	o->entry_size = off;
	return off;
}

/* c written in layout o, field by field (integers widened as that build would hold them). */
static void
write_other(const struct conn_layout *o, const struct conn *c, uint8_t *e)
{
	struct conn_layout cur;

	conn_layout_get(&cur);
	for (uint32_t i = 0; i < o->n_fields; i++) {
		const struct conn_layout_field *of = &o->f[i], *cf = field_of(&cur, of->name);

		if (cf == NULL) {
			memset(e + of->off, 0x5a, of->size * of->count);
			continue;
		}
		for (unsigned j = 0; j < of->count; j++) {
			uint64_t v = 0;

			memcpy(&v, (const uint8_t *)c + cf->off + j * cf->size, cf->size);
			memcpy(e + of->off + j * of->size, &v, cf->size); /* little-endian */
		}
	}
}

static void
test_other_layout_by_field(void)
{
	struct conn_layout o;
	struct conn_layout_plan p;
	struct conn want, got;
	char why[128] = "";
	size_t sz = other_layout(&o);
	uint8_t *e = calloc(1, sz);

	CHECK_EQ(conn_layout_plan(&o, 2000000000ull, &p, why, sizeof(why)), 0);
	CHECK_EQ(p.missing, 1); /* created */
	CHECK_EQ(p.unknown, 1); /* future */
	for (int k = 0; k < 100; k++) {
		random_conn(&want);
		write_other(&o, &want, e);
		CHECK_EQ(conn_layout_read(&p, e, &got), 1);
		want.created = 0; /* the old build had none: its default */
		CHECK_MEM(&got.orig, &want.orig, sizeof(want.orig));
		CHECK_EQ(got.rs_slot, want.rs_slot);
		CHECK_EQ(got.pkts[1], want.pkts[1]);
		CHECK_EQ(got.created, 0);
		CHECK_MEM(&got, &want, offsetof(struct conn, hash) + sizeof(want.hash));
	}
	/* A grown field whose value does not fit this build's is refused, not cut. */
	random_conn(&want);
	write_other(&o, &want, e);
	uint64_t big = 70000;

	memcpy(e + field_of(&o, "rs_slot")->off, &big, 8);
	CHECK_EQ(conn_layout_read(&p, e, &got), -ERANGE);
	/* A free entry is no connection. */
	want.in_use = 0;
	write_other(&o, &want, e);
	CHECK_EQ(conn_layout_read(&p, e, &got), 0);
	free(e);
}

static void
test_bad_descriptors(void)
{
	struct conn_layout o;
	struct conn_layout_plan p;
	char why[128];

	other_layout(&o);
	o.version = 99;
	CHECK_EQ(conn_layout_plan(&o, 2000000000ull, &p, why, sizeof(why)), -EINVAL);
	other_layout(&o);
	o.n_fields = CONN_LAYOUT_FIELDS + 1;
	CHECK_EQ(conn_layout_plan(&o, 2000000000ull, &p, why, sizeof(why)), -EINVAL);
	other_layout(&o);
	o.f[2].off = (uint16_t)(o.entry_size - 1);
	CHECK_EQ(conn_layout_plan(&o, 2000000000ull, &p, why, sizeof(why)), -EINVAL);
	other_layout(&o);
	memset(o.f[1].name, 'x', sizeof(o.f[1].name));
	CHECK_EQ(conn_layout_plan(&o, 2000000000ull, &p, why, sizeof(why)), -EINVAL);
	other_layout(&o);
	memcpy(o.f[1].name, o.f[2].name, sizeof(o.f[1].name));
	CHECK_EQ(conn_layout_plan(&o, 2000000000ull, &p, why, sizeof(why)), -EINVAL);
	CHECK(strstr(why, "twice") != NULL);
	/* Without the key a saved connection means nothing. */
	other_layout(&o);
	for (uint32_t i = 0; i < o.n_fields; i++)
		if (strcmp(o.f[i].name, "orig.dst@0") == 0)
			strcpy(o.f[i].name, "orig.dest");
	CHECK_EQ(conn_layout_plan(&o, 2000000000ull, &p, why, sizeof(why)), -EINVAL);
	CHECK(strstr(why, "orig.dst") != NULL);
	/* A raw field of another size is another thing (unless kept in parts). */
	other_layout(&o);
	for (uint32_t i = 0; i < o.n_fields; i++)
		if (strcmp(o.f[i].name, "orig.sport") == 0)
			o.f[i].size = 4;
	CHECK_EQ(conn_layout_plan(&o, 2000000000ull, &p, why, sizeof(why)), -EINVAL);
	/* Without its deadline (or an older build's "expires"), no connection can expire. */
	other_layout(&o);
	for (uint32_t i = 0; i < o.n_fields; i++)
		if (strcmp(o.f[i].name, "deadline") == 0)
			strcpy(o.f[i].name, "expiry");
	CHECK_EQ(conn_layout_plan(&o, 2000000000ull, &p, why, sizeof(why)), -EINVAL);
	CHECK(strstr(why, "deadline") != NULL);
}

/* The layout of the builds before the entry was split into a hot and a cold line: addresses
 * whole (16 bytes), the deadline a 64-bit "expires" on the caller's clock. This build's fields
 * in order, the parts made whole again. */
static size_t
whole_layout(struct conn_layout *o)
{
	struct conn_layout cur;
	uint32_t off = 0, n = 0;

	conn_layout_get(&cur);
	memset(o, 0, sizeof(*o));
	o->version = CONN_LAYOUT_VERSION;
	for (uint32_t i = 0; i < cur.n_fields; i++) {
		struct conn_layout_field f = cur.f[i];
		char *at = strchr(f.name, '@');

		if (at != NULL && strcmp(at, "@4") == 0)
			continue;
		if (at != NULL) {
			*at = '\0';
			f.size = 16;
		}
		if (strcmp(f.name, "deadline") == 0) {
			strcpy(f.name, "expires");
			f.size = 8;
		}
		f.off = (uint16_t)off;
		off += (uint32_t)f.size * f.count;
		o->f[n++] = f;
	}
	o->n_fields = n;
	o->entry_size = off;
	return off;
}

/* An IPv6 NAT connection saved by a build before the split comes back whole: its addresses
 * from the whole fields into both lines' parts, its deadline from "expires" in table ticks. */
static void
test_whole_fields_into_parts(void)
{
	const uint64_t hz = 2500000000ull, expires = 0x123456789abcull;
	struct conn_layout o, cur;
	struct conn_layout_plan p;
	struct flow_key k, got;
	union hvlb_addr rs;
	struct conn c;
	uint8_t e[256];
	char why[128];
	size_t len = whole_layout(&o);

	CHECK(len <= sizeof(e));
	memset(&k, 0, sizeof(k));
	k.af = HVLB_AF_INET6;
	k.proto = HVLB_PROTO_TCP;
	for (unsigned i = 0; i < 16; i++) {
		k.src.b[i] = (uint8_t)(0x20 + i);
		k.dst.b[i] = (uint8_t)(0x40 + i);
		rs.b[i] = (uint8_t)(0x60 + i);
	}
	k.sport = 1234;
	k.dport = 80;
	conn_layout_get(&cur);
	memset(e, 0, sizeof(e));
	for (uint32_t i = 0; i < o.n_fields; i++) {
		const struct conn_layout_field *f = &o.f[i];

		if (strcmp(f->name, "orig.src") == 0)
			memcpy(e + f->off, &k.src, 16);
		else if (strcmp(f->name, "orig.dst") == 0)
			memcpy(e + f->off, &k.dst, 16);
		else if (strcmp(f->name, "rs_addr") == 0)
			memcpy(e + f->off, &rs, 16);
		else if (strcmp(f->name, "expires") == 0)
			memcpy(e + f->off, &expires, 8);
		else if (strcmp(f->name, "orig.sport") == 0)
			memcpy(e + f->off, &k.sport, 2);
		else if (strcmp(f->name, "orig.dport") == 0)
			memcpy(e + f->off, &k.dport, 2);
		else if (strcmp(f->name, "orig.proto") == 0)
			e[f->off] = k.proto;
		else if (strcmp(f->name, "orig.af") == 0)
			e[f->off] = k.af;
		else if (strcmp(f->name, "in_use") == 0)
			e[f->off] = 1;
		else if (strcmp(f->name, "state") == 0)
			e[f->off] = CONN_S_ESTABLISHED;
	}
	CHECK_EQ(conn_layout_plan(&o, hz, &p, why, sizeof(why)), 0);
	CHECK_EQ(p.missing, 0);
	CHECK_EQ(p.unknown, 0);
	CHECK_EQ(conn_layout_read(&p, e, &c), 1);
	conn_orig_key(&c, &got);
	CHECK_MEM(&got, &k, sizeof(k));
	/* A part of no byte this build keeps (or a number past any entry) gives nothing: the
	 * rest of the address is left zero, the key's first part still required. */
	for (uint32_t i = 0; i < o.n_fields; i++)
		if (strcmp(o.f[i].name, "orig.src") == 0)
			strcpy(o.f[i].name, "orig.src@99999999999");
	CHECK_EQ(conn_layout_plan(&o, hz, &p, why, sizeof(why)), -EINVAL);
	CHECK(strstr(why, "orig.src@0") != NULL);
	got.src = conn_rs_addr(&c);
	CHECK_MEM(&got.src, &rs, sizeof(rs));
	CHECK_EQ(c.deadline, conn_ticks(hz, expires));
	CHECK_EQ(c.state, CONN_S_ESTABLISHED);
}

static struct flow_key
key_n(uint32_t i)
{
	struct flow_key k;

	memset(&k, 0, sizeof(k));
	k.af = HVLB_AF_INET;
	k.proto = HVLB_PROTO_TCP;
	hvlb_addr_set4(&k.src, 0x0a000000u + i);
	hvlb_addr_set4(&k.dst, 0x0a640001u);
	k.sport = (uint16_t)(1024 + i);
	k.dport = 80;
	return k;
}

/* A live table read through this build's own descriptor, as persist.c does with a file of
 * another layout, into a new table: every connection comes back, byte for byte but the
 * hashes (the new table files them). */
static void
test_table_round_trip(void)
{
	const uint32_t max = 1000;
	size_t sz = conn_table_mem_size(max);
	void *m1 = aligned_alloc(64, (sz + 63) & ~(size_t)63);
	void *m2 = aligned_alloc(64, (sz + 63) & ~(size_t)63);
	struct conn_table *t1 = conn_table_init(m1, max, HZ, NULL);
	struct conn_table *t2 = conn_table_init(m2, max, HZ, NULL);
	struct conn_layout l;
	struct conn_layout_plan p;
	char why[128];
	uint32_t n = 0;

	for (uint32_t i = 0; i < 600; i++) {
		struct flow_key k = key_n(i);
		union hvlb_addr rs;
		struct conn *c;

		hvlb_addr_set4(&rs, 0x0a010000u + i % 7);
		c = conn_insert(t1, &k, conn_key_hash(&k), &rs, 0, i % 2, 0, i);
		CHECK(c != NULL);
		if (c == NULL)
			continue;
		c->rs_slot = (uint16_t)i;
		c->pkts[0] = i * 3;
		c->bytes[1] = (uint64_t)i << 33;
	}
	conn_layout_get(&l);
	CHECK_EQ(conn_layout_plan(&l, 2000000000ull, &p, why, sizeof(why)), 0);
	for (uint32_t i = 0; i < conn_table_capacity_for(max); i++) {
		const uint8_t *e = (const uint8_t *)m1 + l.entries_off + (size_t)i * l.entry_size;
		struct conn c;

		if (conn_layout_read(&p, e, &c) != 1)
			continue;
		CHECK(conn_import(t2, &c) != NULL);
		n++;
	}
	CHECK_EQ(n, 600);
	CHECK_EQ(conn_count(t2), 600);
	for (uint32_t i = 0; i < 600; i++) {
		struct flow_key k = key_n(i);
		enum conn_dir d;
		struct conn *a = conn_lookup(t1, &k, conn_key_hash(&k), &d);
		struct conn *b = conn_lookup(t2, &k, conn_key_hash(&k), &d);

		CHECK(a != NULL && b != NULL);
		if (a != NULL && b != NULL) {
			CHECK_MEM(a, b, offsetof(struct conn, hash));
			CHECK_MEM(&a->sp_delta, &b->sp_delta,
				  sizeof(struct conn) - offsetof(struct conn, sp_delta));
		}
	}
	free(m1);
	free(m2);
}

int
main(void)
{
	RUN(test_names_every_byte);
	RUN(test_equal_and_own_plan);
	RUN(test_other_layout_by_field);
	RUN(test_bad_descriptors);
	RUN(test_table_round_trip);
	RUN(test_whole_fields_into_parts);
	return check_summary();
}
