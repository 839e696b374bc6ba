/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The connection table at scale (docs/benchmarks.md, "Connection table at scale"), run by
 * fwd_bench --mode conns: for 1,000, 1 M and 10 M live NAT connections (each reachable by its
 * client tuple and its reply tuple, as a worker inserts them), in a table sized for them:
 *
 *  - memory: the table's bytes over its live connections;
 *  - lookup: nanoseconds per lookup of existing connections' client tuples in random order,
 *    in bursts of 32 as a worker looks up a received burst (conn_lookup_burst: every bucket
 *    prefetched first), keys and hashes made beforehand; the best of 3 passes of 2 M
 *    lookups.
 *
 *  - the machine's floor: in the same table memory and bursts of 32 with every line
 *    prefetched and no work besides, nanoseconds per random bucket line, per bucket line then
 *    an entry line whose address waits on it (what a lookup waits on), per random line of the
 *    whole table (a one-line layout's best), and per bucket line then a line of 64-byte hot
 *    lines kept apart (a split entry's best), and per bucket line and entry line fetched
 *    together, neither address waiting on the other (what the wait costs): no lookup that
 *    reads those lines can cost less;
 *  - a one-line layout (one_line_layout): the same lookups in records of their own at their
 *    keys' hash, for what a layout whose lookup reads one line would do on this machine.
 *
 * The table lives in 2 MiB huge pages (MAP_HUGETLB: pages reserved in
 * /sys/kernel/mm/hugepages, as the forwarder's DPDK memory is; bench/conns.py reserves them),
 * or, where none are reserved, in transparent huge pages as far as the kernel grants them;
 * the line says which ("pages"). One JSON line.
 */
#include <arpa/inet.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "conn.h"
#include "conn_insert.h"
#include "conn_table.h"
#include "conns_bench.h"
#include "hash.h"

#define BURST 32
#define LOOKUPS (2u << 20)
/* Every connection's NF, so its REPLY key: 10.1.0.1:8080. */
#define NF_ADDR 0x0a010001u
#define NF_PORT 8080

static void
key_of(uint32_t i, struct flow_key *k)
{
	memset(k, 0, sizeof(*k));
	k->src.w[0] = htonl(0x0a000000u + (i >> 12));
	k->sport = htons((uint16_t)(1024 + (i & 0xfff)));
	k->dst.w[0] = htonl(0x0a640001u);
	k->dport = htons(80);
	k->proto = HVLB_PROTO_TCP;
	k->af = HVLB_AF_INET;
}

static double
now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static uint64_t rng = 0x9E3779B97F4A7C15ull;

static uint32_t
rand32(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng >> 16);
}

/* The process's memory in transparent huge pages, MiB: whether the kernel granted them. */
static double
anon_huge_mib(void)
{
	FILE *f = fopen("/proc/self/smaps_rollup", "r");
	char line[256];
	double kb = 0;

	while (f != NULL && fgets(line, sizeof(line), f) != NULL)
		if (sscanf(line, "AnonHugePages: %lf kB", &kb) == 1)
			break;
	if (f != NULL)
		fclose(f);
	return kb / 1024;
}

#define HUGE_2M (2u << 20)

/* size bytes for the table, in reserved 2 MiB pages (*hugetlb) if the kernel has enough, else
 * anonymous memory asking for transparent huge pages; NULL when neither can be had. */
static void *
table_alloc(size_t size, bool *hugetlb)
{
	size_t len = (size + HUGE_2M - 1) & ~(size_t)(HUGE_2M - 1);
	void *mem = mmap(NULL, len, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB | MAP_POPULATE, -1, 0);

	*hugetlb = mem != MAP_FAILED;
	if (*hugetlb)
		return mem;
	/* Aligned to 2 MiB so the kernel can back it with huge pages from its first byte. */
	mem = mmap(NULL, len + HUGE_2M, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		   -1, 0);
	if (mem == MAP_FAILED)
		return NULL;
	uintptr_t a = ((uintptr_t)mem + HUGE_2M - 1) & ~(uintptr_t)(HUGE_2M - 1);

	munmap(mem, a - (uintptr_t)mem);
	munmap((char *)a + len, (uintptr_t)mem + HUGE_2M - a);
	madvise((void *)a, len, MADV_HUGEPAGE);
	return (void *)a;
}

static void
table_free(void *mem, size_t size)
{
	munmap(mem, (size + HUGE_2M - 1) & ~(size_t)(HUGE_2M - 1));
}

/* ns per random line of base (lines of stride bytes, idx[] of them), BURST at a time, every
 * line prefetched first; the best of 3 passes of LOOKUPS. */
static double
one_line(const char *base, size_t stride, const uint32_t *idx, uint64_t *sink)
{
	double best = 1e30;

	for (int pass = 0; pass < 3; pass++) {
		double t0 = now_ns(), d;

		for (uint32_t j = 0; j < LOOKUPS; j += BURST) {
			for (unsigned b = 0; b < BURST; b++)
				__builtin_prefetch(base + (size_t)idx[j + b] * stride);
			for (unsigned b = 0; b < BURST; b++)
				*sink += (uint8_t)base[(size_t)idx[j + b] * stride];
		}
		d = (now_ns() - t0) / LOOKUPS;
		best = d < best ? d : best;
	}
	return best;
}

/* ns per random line of b1 then a random line of b2 whose address waits on the first (as an
 * entry's waits on its bucket), BURST at a time, each prefetched as a lookup's are. zero: 0,
 * read through a volatile so that the compiler cannot drop the dependence. */
static double
two_lines(const char *b1, size_t s1, const uint32_t *i1, const char *b2, size_t s2,
	  const uint32_t *i2, uint32_t zero, uint64_t *sink)
{
	double best = 1e30;

	for (int pass = 0; pass < 3; pass++) {
		double t0 = now_ns(), d;

		for (uint32_t j = 0; j < LOOKUPS; j += BURST) {
			uint32_t c[BURST];

			for (unsigned b = 0; b < BURST; b++)
				__builtin_prefetch(b1 + (size_t)i1[j + b] * s1);
			for (unsigned b = 0; b < BURST; b++) {
				c[b] = i2[j + b] ^ ((uint8_t)b1[(size_t)i1[j + b] * s1] & zero);
				__builtin_prefetch(b2 + (size_t)c[b] * s2);
			}
			for (unsigned b = 0; b < BURST; b++)
				*sink += (uint8_t)b2[(size_t)c[b] * s2];
		}
		d = (now_ns() - t0) / LOOKUPS;
		best = d < best ? d : best;
	}
	return best;
}

/* ns per random line of b1 and a random line of b2 whose addresses are both known at once (as
 * an entry's would be, were it placed by its key's hash), all of a burst's prefetched before
 * any is read: against two_lines, what the second line's wait on the first costs. */
static double
two_lines_apart(const char *b1, size_t s1, const uint32_t *i1, const char *b2, size_t s2,
		const uint32_t *i2, uint64_t *sink)
{
	double best = 1e30;

	for (int pass = 0; pass < 3; pass++) {
		double t0 = now_ns(), d;

		for (uint32_t j = 0; j < LOOKUPS; j += BURST) {
			for (unsigned b = 0; b < BURST; b++) {
				__builtin_prefetch(b1 + (size_t)i1[j + b] * s1);
				__builtin_prefetch(b2 + (size_t)i2[j + b] * s2);
			}
			for (unsigned b = 0; b < BURST; b++)
				*sink += (uint8_t)b1[(size_t)i1[j + b] * s1] +
					 (uint8_t)b2[(size_t)i2[j + b] * s2];
		}
		d = (now_ns() - t0) / LOOKUPS;
		best = d < best ? d : best;
	}
	return best;
}

/* The machine's floor in the table's own memory (mem, size bytes), f[]: one random bucket
 * line; a bucket line then an entry line (what a lookup waits on); one random line anywhere in
 * the table (what a layout whose lookup reads one line could at best do, its entries being in
 * that line); a bucket line then a line of an array of 64-byte hot lines apart from the cold
 * ones (the entries' first half, at a 64-byte stride: what splitting the entry would give); a
 * bucket line and an entry line whose address does not wait on it (what the dependence costs). */
enum { FLOOR_ONE, FLOOR_TWO, FLOOR_ONE_TABLE, FLOOR_TWO_HOT, FLOOR_TWO_APART, FLOOR_N };

static void
floor_measure(const struct conn_table *t, const void *mem, size_t size, uint32_t zero,
	      double f[FLOOR_N])
{
	uint32_t *bi = malloc(LOOKUPS * sizeof(*bi)), *ci = malloc(LOOKUPS * sizeof(*ci));
	uint32_t *li = malloc(LOOKUPS * sizeof(*li));
	uint64_t sink = 0;

	for (unsigned k = 0; k < FLOOR_N; k++)
		f[k] = 1e30;
	if (bi == NULL || ci == NULL || li == NULL)
		goto out;
	for (uint32_t j = 0; j < LOOKUPS; j++) {
		bi[j] = rand32() & t->bucket_mask;
		ci[j] = rand32() & t->conn_mask;
		li[j] = (uint32_t)(((uint64_t)rand32() << 16 ^ rand32()) % (size / 64));
	}
	f[FLOOR_ONE] = one_line((const char *)t->buckets, sizeof(struct conn_bucket), bi, &sink);
	f[FLOOR_TWO] = two_lines((const char *)t->buckets, sizeof(struct conn_bucket), bi,
				 (const char *)t->conns, sizeof(struct conn), ci, zero, &sink);
	f[FLOOR_ONE_TABLE] = one_line(mem, 64, li, &sink);
	f[FLOOR_TWO_HOT] = two_lines((const char *)t->buckets, sizeof(struct conn_bucket), bi,
				     (const char *)t->conns, 64, ci, zero, &sink);
	f[FLOOR_TWO_APART] = two_lines_apart((const char *)t->buckets, sizeof(struct conn_bucket),
					     bi, (const char *)t->conns, sizeof(struct conn), ci,
					     &sink);
out:
	free(bi);
	free(ci);
	free(li);
	if (sink == 1) /* never: keeps the reads */
		fputc(' ', stderr);
}

/* A record of the one-line layout: a key, and room for what a connection's hot line holds. */
struct one_line_rec {
	struct conn_key key;
	uint8_t rest[48]; /* what the connection's hot line would hold */
};

static struct conn_key
conn_key_of(const struct flow_key *k)
{
	struct conn_key c;
	uint64_t tail = flow_key_tail(k);

	c.src4 = k->src.w[0];
	c.dst4 = k->dst.w[0];
	memcpy(&c.sport, &tail, sizeof(tail));
	return c;
}

static bool
one_line_eq(const struct conn_key *a, const struct conn_key *b)
{
	return memcmp(a, b, sizeof(*a)) == 0;
}

/* A one-line layout, for what it would do here (docs/benchmarks.md, "Connection table at
 * scale"): each key of n connections (the client's and the reply's) in a 64-byte record of its
 * own, its 16-byte key first, at its hash's place in an array of 4 n records (a load of 50 %,
 * as the index's), the next record where that one is taken (linear probing). A lookup reads
 * the record at its key's place, prefetched for the whole burst first; a key not at home has
 * its next record prefetched for the burst's other keys' time, and reads on until it matches.
 * ns per lookup of the same keys (keys, hashes) as the table's, the best of 3 passes;
 * *probes: records read past the home one, per lookup; -1 when the memory cannot be had. */
static double
one_line_layout(uint32_t n, const struct flow_key *keys, const uint32_t *hashes,
		double *probes)
{
	size_t cap = (size_t)n * 4, size = cap * sizeof(struct one_line_rec);
	bool hugetlb;
	struct one_line_rec *r = table_alloc(size, &hugetlb);
	union hvlb_addr nf = {.w = {htonl(NF_ADDR)}};
	uint64_t extra = 0;
	double best = 1e30;

	if (r == NULL)
		return -1;
	memset(r, 0, size);
	for (uint32_t i = 0; i < n; i++) {
		struct flow_key k[2];

		key_of(i, &k[0]);
		conn_reply_key(&k[1], &k[0], &nf, htons(NF_PORT));
		for (unsigned d = 0; d < 2; d++) {
			size_t p = (size_t)(((uint64_t)conn_key_hash(&k[d]) * cap) >> 32);

			while (r[p].key.af != 0)
				p = p + 1 == cap ? 0 : p + 1;
			r[p].key = conn_key_of(&k[d]);
		}
	}
	for (int pass = 0; pass < 3; pass++) {
		double t0 = now_ns(), d;

		extra = 0;
		for (uint32_t j = 0; j < LOOKUPS; j += BURST) {
			size_t at[BURST];
			struct conn_key want[BURST];

			for (unsigned b = 0; b < BURST; b++) {
				at[b] = (size_t)(((uint64_t)hashes[j + b] * cap) >> 32);
				__builtin_prefetch(&r[at[b]]);
			}
			/* Away from home: the next record prefetched for the burst's other
			 * keys' time, as the table's lookup prefetches an entry. */
			for (unsigned b = 0; b < BURST; b++) {
				want[b] = conn_key_of(&keys[j + b]);
				if (!one_line_eq(&r[at[b]].key, &want[b])) {
					at[b] = at[b] + 1 == cap ? 0 : at[b] + 1;
					__builtin_prefetch(&r[at[b]]);
					extra++;
				} else {
					at[b] = SIZE_MAX;
				}
			}
			for (unsigned b = 0; b < BURST; b++) {
				size_t p = at[b];

				if (p == SIZE_MAX)
					continue;
				while (!one_line_eq(&r[p].key, &want[b])) {
					p = p + 1 == cap ? 0 : p + 1;
					extra++;
				}
			}
		}
		d = (now_ns() - t0) / LOOKUPS;
		best = d < best ? d : best;
	}
	*probes = (double)extra / LOOKUPS;
	table_free(r, size);
	return best;
}

/* One size: *bytes_per_conn, *ns_per_lookup, *thp_mib (how much of the table is in huge
 * pages) and *hugetlb (whether they are reserved ones rather than transparent); -1 when the table cannot be made or filled. */
static int
measure(uint32_t n, double *bytes_per_conn, double *ns_per_lookup, double *thp_mib,
	bool *hugetlb, double floors[FLOOR_N], double *index_mib, double one_line[2])
{
	static volatile uint32_t zero;
	struct conn_timeouts to;
	size_t size = conn_table_mem_size(n);
	void *mem = NULL;
	struct conn_table *t;
	/* The keys looked up and their hashes, made before the clock starts (a worker has the
	 * hash from parsing). */
	struct flow_key *keys = malloc(LOOKUPS * sizeof(*keys));
	uint32_t *hashes = malloc(LOOKUPS * sizeof(*hashes));
	union hvlb_addr nf = {0};
	double best = 1e30;

	if (keys == NULL || hashes == NULL || (mem = table_alloc(size, hugetlb)) == NULL)
		return -1;
	conn_timeouts_default(&to);
	t = conn_table_init(mem, n, 1000000000ull, &to);
	nf.w[0] = htonl(NF_ADDR);
	for (uint32_t i = 0; i < n; i++) {
		struct flow_key k;

		key_of(i, &k);
		if (conn_insert(t, &k, conn_key_hash(&k), &nf, htons(NF_PORT), 1, 0, 1) == NULL) {
			fprintf(stderr, "conns bench: table of %u full at %u\n", n, i);
			return -1;
		}
	}
	/* Reserved pages are all huge; transparent ones as far as the kernel granted them. */
	*thp_mib = *hugetlb ? (double)((size + HUGE_2M - 1) & ~(size_t)(HUGE_2M - 1)) / (1u << 20)
			    : anon_huge_mib();
	for (uint32_t j = 0; j < LOOKUPS; j++) {
		key_of(rand32() % n, &keys[j]);
		hashes[j] = conn_key_hash(&keys[j]);
	}
	for (int pass = 0; pass < 3; pass++) {
		const struct flow_key *kp[BURST];
		struct conn *found[BURST];
		uint8_t dirs[BURST];
		unsigned missing = 0;
		double t0 = now_ns();

		for (uint32_t j = 0; j < LOOKUPS; j += BURST) {
			for (unsigned b = 0; b < BURST; b++)
				kp[b] = &keys[j + b];
			conn_lookup_burst(t, kp, &hashes[j], BURST, found, dirs);
			for (unsigned b = 0; b < BURST; b++)
				missing += found[b] == NULL;
		}
		double d = (now_ns() - t0) / LOOKUPS;
		if (missing != 0) {
			fprintf(stderr, "conns bench: %u lookups missed\n", missing);
			return -1;
		}
		best = d < best ? d : best;
	}
	*bytes_per_conn = (double)size / n;
	*ns_per_lookup = best;
	floor_measure(t, mem, size, zero, floors);
	*index_mib = (double)(t->bucket_mask + 1) * sizeof(struct conn_bucket) / (1u << 20);
	table_free(mem, size);
	one_line[0] = one_line_layout(n, keys, hashes, &one_line[1]);
	free(keys);
	free(hashes);
	return one_line[0] < 0 ? -1 : 0;
}

int
conns_bench_run(void)
{
	static const uint32_t sizes[] = {1000, 1000000, 10000000};
	double bytes[3], ns[3], thp[3], fl[3][FLOOR_N], index[3], one[3][2];
	bool hugetlb[3];

	for (unsigned i = 0; i < 3; i++)
		if (measure(sizes[i], &bytes[i], &ns[i], &thp[i], &hugetlb[i], fl[i], &index[i],
			    one[i]) != 0)
			return 1;
	/* What a connection costs at the table's full capacity (a slot: its entry, its two keys'
	 * share of the index at the load it is sized for, its embryonic ring slot), of that its
	 * entry, and of the entry its hot line: all an established IPv4 packet reads or writes. */
	printf("{\"mode\":\"conns\",\"bytes_per_slot\":%.1f,\"entry_bytes\":%zu,"
	       "\"hot_bytes\":%zu,"
	       "\"bytes_per_conn\":{\"1k\":%.1f,\"1m\":%.1f,\"10m\":%.1f},"
	       "\"lookup_ns\":{\"1k\":%.2f,\"1m\":%.2f,\"10m\":%.2f},\"lookup_10m_over_1k\":%.3f,"
	       "\"floor_one_line_ns\":{\"1k\":%.2f,\"1m\":%.2f,\"10m\":%.2f},"
	       "\"floor_two_lines_ns\":{\"1k\":%.2f,\"1m\":%.2f,\"10m\":%.2f},"
	       "\"floor_one_line_table_ns\":{\"1k\":%.2f,\"1m\":%.2f,\"10m\":%.2f},"
	       "\"floor_two_lines_hot_apart_ns\":{\"1k\":%.2f,\"1m\":%.2f,\"10m\":%.2f},"
	       "\"floor_two_lines_independent_ns\":{\"1k\":%.2f,\"1m\":%.2f,\"10m\":%.2f},"
	       "\"one_line_layout_ns\":{\"1k\":%.2f,\"1m\":%.2f,\"10m\":%.2f},"
	       "\"one_line_layout_extra_probes\":{\"1k\":%.2f,\"1m\":%.2f,\"10m\":%.2f},"
	       "\"index_mib\":{\"1k\":%.2f,\"1m\":%.1f,\"10m\":%.1f},"
	       "\"huge_page_mib\":{\"1k\":%.0f,\"1m\":%.0f,\"10m\":%.0f},"
	       "\"pages\":{\"1k\":\"%s\",\"1m\":\"%s\",\"10m\":\"%s\"}}\n",
	       (double)conn_table_mem_size(1u << 20) / conn_table_capacity_for(1u << 20),
	       sizeof(struct conn), offsetof(struct conn, created), bytes[0], bytes[1], bytes[2], ns[0], ns[1], ns[2], ns[2] / ns[0],
	       fl[0][FLOOR_ONE], fl[1][FLOOR_ONE], fl[2][FLOOR_ONE], fl[0][FLOOR_TWO],
	       fl[1][FLOOR_TWO], fl[2][FLOOR_TWO], fl[0][FLOOR_ONE_TABLE], fl[1][FLOOR_ONE_TABLE],
	       fl[2][FLOOR_ONE_TABLE], fl[0][FLOOR_TWO_HOT], fl[1][FLOOR_TWO_HOT],
	       fl[2][FLOOR_TWO_HOT], fl[0][FLOOR_TWO_APART], fl[1][FLOOR_TWO_APART],
	       fl[2][FLOOR_TWO_APART], one[0][0], one[1][0], one[2][0], one[0][1], one[1][1],
	       one[2][1], index[0], index[1], index[2],
	       thp[0], thp[1], thp[2], hugetlb[0] ? "hugetlb" : "thp",
	       hugetlb[1] ? "hugetlb" : "thp", hugetlb[2] ? "hugetlb" : "thp");
	return 0;
}
