/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * k-way replication against all-to-all, per forwarder (bench/replication.py, docs/benchmarks.md
 * "Replication"): an in-process simulation of N forwarders that runs the real placement rule
 * (core/hrw.c) and the real wire code (core/sync_wire.c: every record is put in a datagram for
 * each peer it goes to, tagged, and verified and decoded there), not the worker and control
 * threads (their costs are fwd_bench --mode sync's). Each forwarder's table is a set of
 * connection numbers. No DPDK.
 *
 * C connections, each: the client's packets through forwarder A and the NF's replies through
 * R (two independent ECMP hashes, as the lab's routers do), and the records the forwarders
 * send for it as docs/sync.md says: A's SYN (upsert), R's SYN-ACK (R pulls the connection
 * first when it holds none: a pull to the rule's replicas + 1 holders, one answer), A's
 * established, a refresh from each of A and R every REFRESH_S of its life, each side's FIN,
 * and each side's end (delete). Reported per forwarder: the entries held with every
 * connection open (max and mean), and the records received per second when the C connections
 * live L seconds each (arrivals C / L a second), pulls included; and with k-way, the records a
 * forwarder's departure makes the others send (the rebalance).
 *
 *   kway_sim N K CONNS LIFETIME_S    (K: 0 all-to-all, 1 or 2): one JSON line
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conn.h"
#include "hash.h"
#include "hrw.h"
#include "sync_wire.h"

#define MAX_FWD 16
#define REFRESH_S 60

struct set {
	uint32_t *slot; /* connection number + 1; 0 empty */
	uint32_t mask;
	uint32_t n;
};

struct fwd {
	uint32_t id;
	struct set table;
	uint64_t rx_recs;
	struct sync_builder out[MAX_FWD];
	uint8_t buf[MAX_FWD][SYNC_MAX_DGRAM];
};

static struct fwd fwds[MAX_FWD];
static unsigned n_fwd, replicas;
static uint32_t ids[MAX_FWD];
static struct sync_key key;

static uint32_t
mix(uint32_t x)
{
	x ^= x >> 16;
	x *= 0x7feb352du;
	x ^= x >> 15;
	x *= 0x846ca68bu;
	return x ^ (x >> 16);
}

static bool
set_has(const struct set *s, uint32_t v)
{
	for (uint32_t i = mix(v) & s->mask;; i = (i + 1) & s->mask) {
		if (s->slot[i] == v + 1)
			return true;
		if (s->slot[i] == 0)
			return false;
	}
}

static void
set_add(struct set *s, uint32_t v)
{
	uint32_t i = mix(v) & s->mask;

	for (; s->slot[i] != 0; i = (i + 1) & s->mask)
		if (s->slot[i] == v + 1)
			return;
	s->slot[i] = v + 1;
	s->n++;
}

/* Linear probing's delete: the entries after the hole move up when their home allows. */
static void
set_del(struct set *s, uint32_t v)
{
	uint32_t i = mix(v) & s->mask, j;

	for (; s->slot[i] != v + 1; i = (i + 1) & s->mask)
		if (s->slot[i] == 0)
			return;
	s->slot[i] = 0;
	s->n--;
	for (j = (i + 1) & s->mask; s->slot[j] != 0; j = (j + 1) & s->mask) {
		uint32_t h = mix(s->slot[j] - 1) & s->mask;

		if (((j - h) & s->mask) >= ((j - i) & s->mask)) {
			s->slot[i] = s->slot[j];
			s->slot[j] = 0;
			i = j;
		}
	}
}

/* The receiver's side of a datagram: verified, decoded, applied to its table. */
static void
deliver(struct fwd *to, const uint8_t *buf, size_t len)
{
	struct sync_hdr h;
	struct sync_rec r;

	if (sync_msg_verify(buf, len, &key, &h) != SYNC_OK) {
		fprintf(stderr, "a datagram the receiver refuses\n");
		exit(1);
	}
	const uint8_t *p = sync_msg_recs(buf);
	for (unsigned i = 0; i < h.count; i++) {
		p = sync_msg_rec(p, &r);
		/* The connection's number is its client's address (10.0.0.0/8). */
		uint32_t c = __builtin_bswap32(r.orig.src.w[0]) & 0xffffffu;
		if (r.op == SYNC_OP_UPSERT)
			set_add(&to->table, c);
		else if (r.op == SYNC_OP_DELETE)
			set_del(&to->table, c);
	}
	to->rx_recs += h.count;
}

static void
flush(struct fwd *from, unsigned to)
{
	struct sync_builder *b = &from->out[to];
	size_t len;

	if (b->buf == NULL || b->count == 0)
		return;
	len = sync_msg_finish(b, &key);
	deliver(&fwds[to], b->buf, len);
	b->count = 0;
}

static void
send_rec(struct fwd *from, unsigned to, const struct sync_rec *r)
{
	struct sync_builder *b = &from->out[to];
	uint8_t type = r->op == SYNC_OP_PULL ? SYNC_MSG_PULL : SYNC_MSG_CONNS;

	/* One message type per builder at a time: a pull flushes what was being built. */
	if (b->buf != NULL && b->count > 0 && b->buf[5] != type)
		flush(from, to);
	if (b->buf == NULL || b->count == 0)
		sync_msg_begin(b, from->buf[to], type, from->id, 1, 1);
	if (!sync_msg_add(b, r)) {
		flush(from, to);
		sync_msg_begin(b, from->buf[to], type, from->id, 1, 1);
		sync_msg_add(b, r);
	}
}

static struct sync_rec
rec_of(uint32_t c, uint8_t op, uint8_t state)
{
	struct sync_rec r;

	memset(&r, 0, sizeof(r));
	r.op = op;
	r.orig.proto = HVLB_PROTO_TCP;
	r.orig.af = HVLB_AF_INET;
	r.orig.src.w[0] = __builtin_bswap32(0x0a000000u | c); /* c < 2^24 */
	r.orig.sport = __builtin_bswap16(40000);
	r.orig.dst.w[0] = __builtin_bswap32(0x0a640001u);
	r.orig.dport = __builtin_bswap16(80);
	r.nf_addr.w[0] = __builtin_bswap32(0x0a01000bu);
	r.nf_port = __builtin_bswap16(8080);
	r.state = op == SYNC_OP_DELETE ? CONN_S_NONE : state;
	r.flags = op == SYNC_OP_UPSERT ? SYNC_RF_NAT : 0;
	r.timeout_ms = op == SYNC_OP_UPSERT ? 600000 : 0;
	return r;
}

static uint32_t
key_of(uint32_t c)
{
	struct sync_rec r = rec_of(c, SYNC_OP_UPSERT, 0);

	return hrw_conn_key(&r.orig.src, r.orig.sport, r.orig.proto);
}

static unsigned
idx_of(uint32_t id)
{
	return id - 1;
}

/* A record forwarder f emits for connection c: to every peer, or to its backups. */
static void
emit(unsigned f, uint32_t c, uint8_t op, uint8_t state)
{
	struct sync_rec r = rec_of(c, op, state);
	uint32_t out[3];
	unsigned n;

	if (replicas == 0) {
		for (unsigned i = 0; i < n_fwd; i++)
			if (i != f)
				send_rec(&fwds[f], i, &r);
		return;
	}
	n = hrw_pick(key_of(c), ids, n_fwd, fwds[f].id, replicas, out);
	for (unsigned i = 0; i < n; i++)
		send_rec(&fwds[f], idx_of(out[i]), &r);
}

/* f holds no copy of c: it asks the rule's holders (replicas + 1, itself skipped); the first
 * that holds it answers. */
static void
pull(unsigned f, uint32_t c)
{
	struct sync_rec q = rec_of(c, SYNC_OP_PULL, SYNC_PULL_ORIG);
	uint32_t out[3];
	unsigned n = hrw_pick(key_of(c), ids, n_fwd, fwds[f].id, replicas + 1, out);

	q.flags = 0;
	q.timeout_ms = 0;
	memset(&q.nf_addr, 0, sizeof(q.nf_addr));
	q.nf_port = 0;
	for (unsigned i = 0; i < n; i++) {
		send_rec(&fwds[f], idx_of(out[i]), &q);
		flush(&fwds[f], idx_of(out[i]));
	}
	for (unsigned i = 0; i < n; i++) {
		unsigned h = idx_of(out[i]);

		if (set_has(&fwds[h].table, c)) {
			struct sync_rec r = rec_of(c, SYNC_OP_UPSERT, CONN_S_SYN_SENT);

			send_rec(&fwds[h], f, &r);
			flush(&fwds[h], f);
			return;
		}
	}
}

static void
flush_all(void)
{
	for (unsigned f = 0; f < n_fwd; f++)
		for (unsigned t = 0; t < n_fwd; t++)
			flush(&fwds[f], t);
}

/* ECMP: the client's side hashes the 4-tuple one way, the NF's side another. */
static unsigned
ecmp(uint32_t c, uint32_t seed)
{
	return mix(c * 2654435761u ^ seed) % n_fwd;
}

int
main(int argc, char **argv)
{
	uint32_t conns, life_s, refreshes;
	uint64_t entries_max = 0, entries_sum = 0, rx_max = 0, rx_sum = 0, rebalance = 0;

	if (argc != 5) {
		fprintf(stderr, "usage: kway_sim N K CONNS LIFETIME_S\n");
		return 2;
	}
	n_fwd = (unsigned)atoi(argv[1]);
	replicas = (unsigned)atoi(argv[2]);
	conns = (uint32_t)atoi(argv[3]);
	life_s = (uint32_t)atoi(argv[4]);
	if (n_fwd < 2 || n_fwd > MAX_FWD || replicas > 2 || conns == 0 || conns >= 1u << 24 ||
	    life_s == 0) {
		fprintf(stderr, "N 2 to %u, K 0 to 2, CONNS and LIFETIME_S above 0\n", MAX_FWD);
		return 2;
	}
	refreshes = life_s / REFRESH_S;
	sync_key_set(&key, "0123456789abcdef0123456789abcdef", 32);
	for (unsigned f = 0; f < n_fwd; f++) {
		uint32_t size = 1;

		while (size < conns * 2)
			size <<= 1;
		fwds[f].id = f + 1;
		ids[f] = f + 1;
		fwds[f].table.slot = calloc(size, sizeof(uint32_t));
		fwds[f].table.mask = size - 1;
		if (fwds[f].table.slot == NULL)
			return 2;
	}
	/* Every connection opened and established: the tables as they stand. */
	for (uint32_t c = 0; c < conns; c++) {
		unsigned a = ecmp(c, 1), r = ecmp(c, 2);

		set_add(&fwds[a].table, c);
		emit(a, c, SYNC_OP_UPSERT, CONN_S_SYN_SENT);
		/* The SYN's record is there before the SYN-ACK's pull (the hold waits for it). */
		for (unsigned t = 0; t < n_fwd; t++)
			flush(&fwds[a], t);
		if (r != a) {
			if (!set_has(&fwds[r].table, c))
				pull(r, c);
			set_add(&fwds[r].table, c);
			emit(r, c, SYNC_OP_UPSERT, CONN_S_SYN_RECV);
		}
		emit(a, c, SYNC_OP_UPSERT, CONN_S_ESTABLISHED);
	}
	flush_all();
	for (unsigned f = 0; f < n_fwd; f++) {
		entries_max = fwds[f].table.n > entries_max ? fwds[f].table.n : entries_max;
		entries_sum += fwds[f].table.n;
	}
	/* k-way: the last forwarder leaves; each survivor sends the connections it carries to
	 * their backups new since (the rebalance). */
	if (replicas > 0) {
		uint32_t old_ids[MAX_FWD], new_out[3], old_out[3];

		memcpy(old_ids, ids, sizeof(ids));
		for (uint32_t c = 0; c < conns; c++) {
			unsigned carriers[2] = {ecmp(c, 1), ecmp(c, 2)};

			for (unsigned k = 0; k < 2; k++) {
				unsigned a = carriers[k];
				unsigned nn, no;

				if (a == n_fwd - 1 || (k == 1 && carriers[1] == carriers[0]))
					continue;
				nn = hrw_pick(key_of(c), ids, n_fwd - 1, fwds[a].id, replicas, new_out);
				no = hrw_pick(key_of(c), old_ids, n_fwd, fwds[a].id, replicas, old_out);
				for (unsigned i = 0; i < nn; i++) {
					bool had = false;

					for (unsigned j = 0; j < no; j++)
						had |= new_out[i] == old_out[j];
					rebalance += !had;
				}
			}
		}
	}
	/* The rest of each life: refreshes, both FINs, both ends. The load counts from here on
	 * and includes the opening above. */
	for (uint32_t c = 0; c < conns; c++) {
		unsigned a = ecmp(c, 1), r = ecmp(c, 2);

		for (uint32_t i = 0; i < refreshes; i++) {
			emit(a, c, SYNC_OP_UPSERT, CONN_S_ESTABLISHED);
			if (r != a)
				emit(r, c, SYNC_OP_UPSERT, CONN_S_ESTABLISHED);
		}
		emit(a, c, SYNC_OP_UPSERT, CONN_S_FIN_WAIT);
		if (r != a)
			emit(r, c, SYNC_OP_UPSERT, CONN_S_TIME_WAIT);
		emit(a, c, SYNC_OP_DELETE, 0);
		if (r != a)
			emit(r, c, SYNC_OP_DELETE, 0);
		if ((c & 1023) == 1023)
			flush_all();
	}
	flush_all();
	for (unsigned f = 0; f < n_fwd; f++) {
		rx_max = fwds[f].rx_recs > rx_max ? fwds[f].rx_recs : rx_max;
		rx_sum += fwds[f].rx_recs;
	}
	/* Arrivals C / L a second, each bringing its whole life's records: a second's load is
	 * the run's total over L. */
	printf("{\"forwarders\": %u, \"replicas\": %u, \"conns\": %u, \"lifetime_s\": %u, "
	       "\"entries_max\": %" PRIu64 ", \"entries_mean\": %.0f, "
	       "\"rx_recs_per_s_max\": %.1f, \"rx_recs_per_s_mean\": %.1f, "
	       "\"rebalance_recs\": %" PRIu64 "}\n",
	       n_fwd, replicas, conns, life_s, entries_max, (double)entries_sum / n_fwd,
	       (double)rx_max / life_s, (double)rx_sum / n_fwd / life_s, rebalance);
	return 0;
}
