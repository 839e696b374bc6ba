/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * RS selection for new connections. Everything here reads the immutable VS and writes only the
 * calling worker's sched_worker, so workers never share a cache line. Every scheduler returns
 * an index into vs->rs of a usable RS (health 1, weight > 0), or -1 when there is none.
 */
#include "hash.h"
#include "maglev.h"
#include "scheduler.h"

static const char *const sched_names[HVLB_SCHED_MAX] = {
	[HVLB_SCHED_MAGLEV] = "maglev",
	[HVLB_SCHED_RANDOM] = "random",
	[HVLB_SCHED_RR] = "rr",
	[HVLB_SCHED_WRR] = "wrr",
	[HVLB_SCHED_SH] = "sh",
	[HVLB_SCHED_LC] = "lc",
};

static const char *const vs_mode_names[VS_MODE_MAX] = {
	[VS_MODE_NAT] = "nat",
	[VS_MODE_DR] = "dr",
	[VS_MODE_TUNNEL] = "tunnel",
	[VS_MODE_FULLNAT] = "fullnat",
	[VS_MODE_VXLAN] = "vxlan",
};

static const char *const vs_down_conns_names[VS_DOWN_MAX] = {
	[VS_DOWN_KEEP] = "keep",
	[VS_DOWN_RESCHEDULE] = "reschedule",
};

static const char *const vs_all_down_names[VS_ALL_DOWN_MAX] = {
	[VS_ALL_DOWN_DROP] = "drop",
	[VS_ALL_DOWN_KEEP_LAST] = "keep_last",
};

static const char *const vs_synproxy_names[VS_SYNPROXY_MAX] = {
	[VS_SYNPROXY_OFF] = "off",
	[VS_SYNPROXY_ON] = "on",
	[VS_SYNPROXY_AUTO] = "auto",
};

static const char *const vs_hash_names[VS_HASH_MAX] = {
	[VS_HASH_5TUPLE] = "5tuple",
	[VS_HASH_SIP_CALL_ID] = "sip_call_id",
};

/* The index of s in names[n], or -1. */
static int
name_index(const char *const *names, unsigned n, const char *s)
{
	for (unsigned i = 0; i < n; i++)
		if (names[i] != NULL && strcmp(names[i], s) == 0)
			return (int)i;
	return -1;
}

void
sched_worker_init(struct sched_worker *s, uint64_t seed, const uint32_t *rs_active)
{
	/* splitmix64 of the seed, so workers seeded 0, 1, 2... start from unrelated states;
	 * 0 is xorshift's fixed point and never allowed. */
	uint64_t z = seed + 0x9E3779B97F4A7C15ull;

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	z ^= z >> 31;
	s->rng = z != 0 ? z : 0x9E3779B97F4A7C15ull;
	memset(s->cursor, 0, sizeof(s->cursor));
	s->rs_active = rs_active;
}

/* xorshift64* (Vigna 2016): its high 32 bits pass BigCrush, and it costs a few cycles. */
static inline uint64_t
sched_rand(struct sched_worker *s)
{
	uint64_t x = s->rng;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	s->rng = x;
	return x * 0x2545F4914F6CDD1Dull;
}

/* The paper's mechanism: draw r in [0, total) and find the RS whose range
 * tr_k = [cum_weight[k-1], cum_weight[k]) contains it, i.e. the first k with cum_weight[k] > r.
 * total < 2^32 (vs_table_build checks), so scaling the draw's high 32 bits is exact, and its
 * bias is below total / 2^32. */
static inline int
sched_random(const struct vs *vs, struct sched_worker *s)
{
	uint64_t r = ((sched_rand(s) >> 32) * vs->weight_total) >> 32;
	uint32_t lo = 0, hi = vs->n_usable - 1u;

	while (lo < hi) {
		uint32_t mid = (lo + hi) / 2;

		if (vs->cum_weight[mid] > r)
			hi = mid;
		else
			lo = mid + 1;
	}
	return vs->usable[lo];
}

/* A per-VS-slot cursor over a sequence of length n. The stored value may be stale (from an
 * older table with a longer sequence), so it is reduced on read instead of trusted. */
static inline uint32_t
sched_cursor_next(struct sched_worker *s, uint16_t slot, uint32_t n)
{
	uint32_t i = s->cursor[slot];

	if (i >= n)
		i = 0;
	s->cursor[slot] = i + 1;
	return i;
}

/* Least connections, weighted: the usable RS with the smallest active / weight, compared as
 * active_a * weight_b < active_b * weight_a (exact in 64 bits). The scan starts at the cursor
 * and ties keep the first seen, so equal RSs take turns. */
static inline int
sched_lc(const struct vs *vs, struct sched_worker *s)
{
	const uint32_t *active = s->rs_active;
	uint32_t n = vs->n_usable;
	uint32_t pos = s->cursor[vs->slot];
	uint32_t best = 0;
	uint64_t best_a = 0, best_w = 0;

	if (pos >= n)
		pos = 0;
	for (uint32_t k = 0; k < n; k++, pos = pos + 1 < n ? pos + 1 : 0) {
		const struct rs_config *r = &vs->rs[vs->usable[pos]];
		uint64_t a = active != NULL ? active[r->slot] : 0;

		if (k == 0 || a * best_w < best_a * r->weight) {
			best = pos;
			best_a = a;
			best_w = r->weight;
		}
	}
	s->cursor[vs->slot] = best + 1;
	return vs->usable[best];
}

static inline int
pick_by(const struct vs *vs, unsigned kind, const struct flow_key *key, uint32_t hash,
	struct sched_worker *s)
{
	if (hvlb_unlikely(vs->n_usable == 0))
		return -1;
	switch (kind) {
	case HVLB_SCHED_MAGLEV:
		return sched_table(vs, hash);
	case HVLB_SCHED_SH:
		return sched_table(vs, addr_hash(&key->src));
	case HVLB_SCHED_RANDOM:
		return sched_random(vs, s);
	case HVLB_SCHED_RR:
		return vs->usable[sched_cursor_next(s, vs->slot, vs->n_usable)];
	case HVLB_SCHED_WRR:
		return vs->wrr_seq[sched_cursor_next(s, vs->slot, vs->wrr_len)];
	case HVLB_SCHED_LC:
		return sched_lc(vs, s);
	case HVLB_SCHED_PAYLOAD:
		return SCHED_PICK_PAYLOAD;
	default:
		return -1;
	}
}

int
sched_pick_other(const struct vs *vs, const struct flow_key *key, uint32_t hash,
		 struct sched_worker *s)
{
	return pick_by(vs, vs->pick, key, hash, s);
}

int
sched_pick_5tuple(const struct vs *vs, const struct flow_key *key, uint32_t hash,
		  struct sched_worker *s)
{
	return pick_by(vs, vs->sched, key, hash, s);
}

int
sched_pick_by_hash(const struct vs *vs, uint32_t hash)
{
	if (hvlb_unlikely(vs->n_usable == 0) ||
	    (vs->sched != HVLB_SCHED_MAGLEV && vs->sched != HVLB_SCHED_SH))
		return -1;
	return sched_table(vs, hash);
}

const char *
vs_hash_name(unsigned v)
{
	return v < VS_HASH_MAX ? vs_hash_names[v] : "invalid";
}

int
vs_hash_from_name(const char *s)
{
	return name_index(vs_hash_names, VS_HASH_MAX, s);
}

const char *
sched_name(unsigned kind)
{
	return kind < HVLB_SCHED_MAX ? sched_names[kind] : "invalid";
}

int
sched_from_name(const char *s)
{
	return name_index(sched_names, HVLB_SCHED_MAX, s);
}

const char *
vs_mode_name(unsigned mode)
{
	return vs_mode_valid(mode) ? vs_mode_names[mode] : "invalid";
}

int
vs_mode_from_name(const char *s)
{
	return name_index(vs_mode_names, VS_MODE_MAX, s);
}

const char *
vs_down_conns_name(unsigned v)
{
	return v < VS_DOWN_MAX ? vs_down_conns_names[v] : "invalid";
}

int
vs_down_conns_from_name(const char *s)
{
	return name_index(vs_down_conns_names, VS_DOWN_MAX, s);
}

int
vs_down_conns_default(uint8_t proto)
{
	return proto == HVLB_PROTO_UDP ? VS_DOWN_RESCHEDULE : VS_DOWN_KEEP;
}

const char *
vs_all_down_name(unsigned v)
{
	return v < VS_ALL_DOWN_MAX ? vs_all_down_names[v] : "invalid";
}

int
vs_all_down_from_name(const char *s)
{
	return name_index(vs_all_down_names, VS_ALL_DOWN_MAX, s);
}

const char *
vs_synproxy_name(unsigned v)
{
	return v < VS_SYNPROXY_MAX ? vs_synproxy_names[v] : "invalid";
}

int
vs_synproxy_from_name(const char *s)
{
	return name_index(vs_synproxy_names, VS_SYNPROXY_MAX, s);
}
