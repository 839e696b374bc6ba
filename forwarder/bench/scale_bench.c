/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Several workers on dedicated cores (fwd_bench --mode scale): the real forwarder with N
 * workers, each on its own lcore running worker_main, on two net_ring ports with a TX queue
 * per worker. G generator lcores keep them fed: generator g serves the workers w = g, g + G,
 * ...: it takes back what w sent out of port 1's TX queue, rewrites each frame as the next of
 * w's flows and puts it on the RX queue w's flows arrive on (as the one-core bench does, per
 * worker; at most SC_IN_FLIGHT frames in flight a worker, about a NIC's RX ring).
 *
 * Every flow is one its worker owns by the default rule (steer_owner: as a NIC's RSS would
 * give them), so no packet is handed off: what is measured is N copies of the worker loop
 * sharing the machine's caches and memory. Established: F UDP flows per worker, each opened
 * in the warm-up. New: every packet a flow not seen before, from a list per worker made at
 * start (the flows for the whole run).
 *
 * Port 0 has an RX queue per worker; with --stages S, S dispatch stages (src/dispatch.c,
 * `dispatch = S`) on lcores of their own poll it, and it has S RX queues (S = 1: a virtual
 * port without RSS, the case the stage is for): worker w's flows arrive on queue w mod S,
 * which several generators then fill (multi-producer), and the stage puts each packet on its
 * owner's inbox.
 *
 * With --rate R (Mpps) the load is offered instead of recycled, as a NIC would deliver it:
 * the skew bench's 80 flows (skew.c: uniform, or the paper's skewed scenario with --load
 * skewed), each on the RX queue of its default owner, at R times its share, paced by the
 * generators (the flows dealt out to them by rate); a frame whose RX queue is full is lost,
 * as at a NIC. RSS-A (--rssa on) runs in the control thread (fwd_control_poll, on the main
 * lcore), and a moved flow's packets are handed off by the worker that reads them, or, with
 * --stages S, put on their owner's inbox by the dispatch stages, which then poll the port's
 * N RX queues (stage i: i, i + S, ...). bench/scale.py searches the highest R with at most
 * 0.1 % loss: the skew model's figures (skew.py) on real cores.
 *
 * Unlike skew.c (a model on one thread, for a 2-core machine), this needs S + N + G + 1
 * cores: its figures are a machine's with that many (docs/benchmarks.md, "Several workers on
 * dedicated cores"). Prints one JSON line: Mpps in all and per worker, drops.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <rte_cycles.h>
#include <rte_eth_ring.h>
#include <rte_ethdev.h>
#include <rte_launch.h>
#include <rte_lcore.h>
#include <rte_malloc.h>
#include <rte_mbuf.h>
#include <rte_ring.h>

#include "bench_frame.h"
#include "csum.h"
#include "fwd.h"
#include "dispatch.h"
#include "rssa_ctl.h"
#include "steer_ctl.h"
#include "worker_loop.h"
#include "scale_bench.h"
#include "skew.h"

#define SC_MAXQ 32
#define SC_RING 2048
#define SC_IN_FLIGHT 1024
#define SC_FRAME_LEN BENCH_FRAME_LEN
#define SC_NEW_MPPS 6

/* One worker's flows: client address (host order) and source port, packed. */
struct sc_flows {
	uint64_t *flows;
	uint32_t n_flows, next, wraps;
} __rte_cache_aligned;

/* A generator's frames in flight: put on the RX queues, taken back from its workers' TX. */
struct sc_gen {
	uint64_t in;
	volatile uint64_t out;
} __rte_cache_aligned;

static struct sc_flows wflows[SC_MAXQ];

/* --rate: one offered flow, paced by its generator. */
struct sc_pflow {
	uint64_t tuple;   /* client << 16 | source port */
	uint16_t queue;   /* its default owner's RX queue (RSS) */
	double per_cycle; /* packets owed per TSC cycle */
	double credit;    /* packets owed */
};
#define SC_PFLOWS SKEW_FLOWS
#define SC_CREDIT_MAX 64.0 /* owed beyond this the generator could not send: "behind" */

/* A paced generator's flows and counts (read by the main lcore between windows). */
struct sc_pgen {
	struct sc_pflow f[SC_PFLOWS];
	unsigned n;
	double rate;                 /* its share of the offered Mpps */
	volatile uint64_t offered;   /* frames sent to the RX queues, lost ones included */
	volatile uint64_t lost;      /* RX queue full (a NIC's drop) */
	volatile uint64_t delivered; /* frames out of its workers' TX queues */
	volatile uint64_t behind;    /* frames owed and not sent: it could not keep the pace */
} __rte_cache_aligned;

static struct sc_pgen pgens[SC_MAXQ];
static struct sc_gen gens[SC_MAXQ];
static struct rte_ring *rxr[2][SC_MAXQ], *txr[2][SC_MAXQ];
static struct rte_mempool *pool;
static volatile int gen_stop;
static uint16_t n_workers, n_rxq, n_gens;

static const char config_ini[] =
	"[forwarder]\nconn_max = %u\nidle_sleep_max_us = %u\ndispatch = %u\n"
	"rssa = %s\nrssa_period_ms = %u\n"
	"[port0]\ndev = net_ring_sc_p0\nmac = 02:00:00:00:00:01\naddr = 10.9.0.2/24\n"
	"[port1]\ndev = net_ring_sc_p1\nmac = 02:00:00:00:00:02\naddr = 10.1.0.1/24\n"
	"[route.clients]\nprefix = 10.0.0.0/8\nvia = 10.9.0.1\nport = 0\n"
	"[neigh.nf]\naddr = 10.1.0.11\nmac = 02:00:00:00:01:11\nport = 1\n"
	"[neigh.rtr]\naddr = 10.9.0.1\nmac = 02:00:00:00:09:01\nport = 0\n"
	"[vs.bench]\nprotocol = udp\nvip = 10.100.0.1\nport = 53\nmode = nat\n"
	"scheduler = maglev\nrs.1 = 10.1.0.11:5353 weight=100\n";

/* Every worker's flows: clients 10.x.y.z (from 10.0.0.1 up), each source port >= 1024 going
 * to the worker that owns it (steer_owner), until each has want. Returns 0, or -1. */
static int
flows_make(uint32_t want)
{
	uint32_t client = 1, full = 0;

	for (uint16_t w = 0; w < n_workers; w++) {
		wflows[w].flows = malloc(sizeof(uint64_t) * want);
		if (wflows[w].flows == NULL)
			return -1;
	}
	for (; full < n_workers; client++) {
		union hvlb_addr a;

		hvlb_addr_set4(&a, rte_cpu_to_be_32(0x0a000000u + client));
		for (uint32_t port = 1024; port < 65536 && full < n_workers; port++) {
			uint16_t w = steer_owner(n_workers, &a, rte_cpu_to_be_16((uint16_t)port));
			struct sc_flows *wf = &wflows[w];

			if (wf->n_flows == want)
				continue;
			wf->flows[wf->n_flows++] = (uint64_t)client << 16 | port;
			full += wf->n_flows == want;
		}
	}
	return 0;
}

/* Frame for flow f (client << 16 | port): UDP to 10.100.0.1:53. */
static void
frame_write(uint8_t *p, uint64_t f)
{
	bench_frame_write(p, (uint32_t)(f >> 16), (uint16_t)f);
}

/* Generator g's turn at worker w: take back what w sent out of port 1, top up to
 * SC_IN_FLIGHT per worker served, rewrite as w's next frames, put them on w's RX queue. */
static void
gen_worker(struct sc_gen *g, uint16_t w, unsigned served)
{
	struct sc_flows *wf = &wflows[w];
	struct rte_mbuf *pkts[64];
	unsigned n = rte_ring_sc_dequeue_burst(txr[1][w], (void **)pkts, 64, NULL);

	g->out += n;
	if (n == 0 && g->in - g->out < (uint64_t)SC_IN_FLIGHT * served &&
	    rte_pktmbuf_alloc_bulk(pool, pkts, 32) == 0)
		n = 32;
	for (unsigned i = 0; i < n; i++) {
		struct rte_mbuf *m = pkts[i];

		rte_pktmbuf_reset(m);
		frame_write((uint8_t *)rte_pktmbuf_append(m, SC_FRAME_LEN), wf->flows[wf->next]);
		if (++wf->next == wf->n_flows)
			wf->next = 0, wf->wraps++;
		m->port = 0;
	}
	unsigned done = rte_ring_enqueue_burst(rxr[0][w % n_rxq], (void **)pkts, n, NULL);

	g->in += done;
	if (done < n)
		rte_pktmbuf_free_bulk(pkts + done, n - done);
	/* What went to the clients (none, for UDP to a NAT service) must not fill the ring. */
	n = rte_ring_sc_dequeue_burst(txr[0][w], (void **)pkts, 64, NULL);
	rte_pktmbuf_free_bulk(pkts, n);
}

static int
gen_main(void *arg)
{
	uint16_t id = (uint16_t)(uintptr_t)arg;
	unsigned served = (unsigned)(n_workers - id + n_gens - 1) / n_gens;
	struct sc_gen *g = &gens[id];

	while (!gen_stop)
		for (uint16_t w = id; w < n_workers; w = (uint16_t)(w + n_gens))
			gen_worker(g, w, served);
	return 0;
}

/* The skew bench's flows (skew.c): 80 UDP flows, uniform, or the paper's groups 1-6 of 10
 * flows with rates growing as 0.02 ... 0.1 plus 20 even flows of 0.01; flow i from client
 * 10.0.0.(10 + i) on the first port >= 1024 whose default owner is its queue (group g on
 * queue g mod N, 2 workers: groups 1-3 on queue 0, 4-6 on queue 1; the even ones i mod N).
 * Dealt out to the generators heaviest first, each to the least loaded. */
static void
paced_flows_make(bool skewed, double rate_mpps)
{
	double w[SC_PFLOWS], sum = 0, hz = (double)rte_get_tsc_hz();
	uint16_t q[SC_PFLOWS];
	unsigned order[SC_PFLOWS];

	for (unsigned i = 0; i < SC_PFLOWS; i++) {
		skew_flow_plan(i, n_workers, skewed, &w[i], &q[i]);
		sum += w[i];
		order[i] = i;
	}
	for (unsigned i = 1; i < SC_PFLOWS; i++) /* heaviest first (stable) */
		for (unsigned j = i; j > 0 && w[order[j]] > w[order[j - 1]]; j--) {
			unsigned t = order[j];

			order[j] = order[j - 1], order[j - 1] = t;
		}
	for (unsigned k = 0; k < SC_PFLOWS; k++) {
		unsigned i = order[k], best = 0;
		uint32_t client = 10 + i, port = 1024;
		union hvlb_addr a;

		hvlb_addr_set4(&a, rte_cpu_to_be_32(0x0a000000u + client));
		while (steer_owner(n_workers, &a, rte_cpu_to_be_16((uint16_t)port)) != q[i])
			port++;
		for (unsigned gi = 1; gi < n_gens; gi++)
			if (pgens[gi].rate < pgens[best].rate)
				best = gi;
		struct sc_pgen *pg = &pgens[best];

		pg->f[pg->n++] = (struct sc_pflow){.tuple = (uint64_t)client << 16 | port, .queue = q[i],
						   .per_cycle = rate_mpps * 1e6 * w[i] / sum / hz};
		pg->rate += rate_mpps * w[i] / sum;
	}
}

#define SC_STASH 512

/* A paced generator's frames taken back, to be sent again (no mempool round trip). */
struct sc_stash {
	struct rte_mbuf *m[SC_STASH];
	unsigned n;
};

/* Take back what workers g, g + G, ... sent (both ports), counting port 1's as delivered;
 * into the stash while it has room. */
static void
paced_drain(struct sc_pgen *pg, uint16_t id, struct sc_stash *st)
{
	struct rte_mbuf *pkts[64];

	for (uint16_t w = id; w < n_workers; w = (uint16_t)(w + n_gens)) {
		for (int p = 1; p >= 0; p--) {
			unsigned n;

			while ((n = rte_ring_sc_dequeue_burst(txr[p][w], (void **)pkts, 64, NULL)) > 0) {
				unsigned keep = RTE_MIN(n, SC_STASH - st->n);

				if (p == 1)
					pg->delivered += n;
				memcpy(st->m + st->n, pkts, keep * sizeof(pkts[0]));
				st->n += keep;
				rte_pktmbuf_free_bulk(pkts + keep, n - keep);
			}
		}
	}
}

/* k frames for the turn: from the stash, the rest from the pool; none taken if the pool
 * has too few (the stash keeps its own). 0, or -1. */
static int
paced_take(struct sc_stash *st, struct rte_mbuf **out, unsigned k)
{
	unsigned from = RTE_MIN(k, st->n);

	if (from < k && rte_pktmbuf_alloc_bulk(pool, out + from, k - from) != 0)
		return -1;
	st->n -= from;
	memcpy(out, st->m + st->n, from * sizeof(out[0]));
	for (unsigned i = 0; i < from; i++)
		rte_pktmbuf_reset(out[i]);
	return 0;
}

/* A paced generator: each turn, every flow's frames owed since the last, batched per RX
 * queue; a queue that is full loses the rest. */
static int
paced_main(void *arg)
{
	uint16_t id = (uint16_t)(uintptr_t)arg;
	struct sc_pgen *pg = &pgens[id];
	struct rte_mbuf *q[SC_MAXQ][64];
	struct sc_stash st = {.n = 0};
	unsigned nq[SC_MAXQ];
	uint64_t last = rte_rdtsc();

	while (!gen_stop) {
		paced_drain(pg, id, &st);
		uint64_t now = rte_rdtsc();
		double dt = (double)(now - last);

		last = now;
		memset(nq, 0, sizeof(nq));
		for (unsigned i = 0; i < pg->n; i++) {
			struct sc_pflow *f = &pg->f[i];
			unsigned k;

			f->credit += dt * f->per_cycle;
			if (f->credit > SC_CREDIT_MAX) {
				pg->behind += (uint64_t)(f->credit - SC_CREDIT_MAX);
				f->credit = SC_CREDIT_MAX;
			}
			k = RTE_MIN((unsigned)f->credit, 64 - nq[f->queue]);
			if (k == 0 || paced_take(&st, q[f->queue] + nq[f->queue], k) != 0)
				continue;
			for (unsigned j = 0; j < k; j++) {
				struct rte_mbuf *m = q[f->queue][nq[f->queue] + j];

				frame_write((uint8_t *)rte_pktmbuf_append(m, SC_FRAME_LEN), f->tuple);
				m->port = 0;
			}
			nq[f->queue] += k;
			f->credit -= k;
		}
		for (uint16_t r = 0; r < n_rxq; r++) {
			unsigned n = nq[r], done;

			if (n == 0)
				continue;
			done = rte_ring_enqueue_burst(rxr[0][r], (void **)q[r], n, NULL);
			pg->offered += n;
			if (done < n) {
				pg->lost += n - done;
				rte_pktmbuf_free_bulk(q[r] + done, n - done);
			}
		}
	}
	rte_pktmbuf_free_bulk(st.m, st.n);
	return 0;
}

/* The paced generators' counts summed. */
static void
paced_sum(uint64_t *offered, uint64_t *lost, uint64_t *delivered, uint64_t *behind)
{
	*offered = *lost = *delivered = *behind = 0;
	for (uint16_t g = 0; g < n_gens; g++) {
		*offered += pgens[g].offered;
		*lost += pgens[g].lost;
		*delivered += pgens[g].delivered;
		*behind += pgens[g].behind;
	}
}

/* --moves: the next offered flow moved to the worker after its owner, as an operator's
 * `hvlbctl steer` would (steer_ctl_move); what moving costs, apart from RSS-A's choices. */
static void
move_next(struct fwd *f, unsigned *next)
{
	for (unsigned tries = 0; tries < n_gens * SC_PFLOWS; tries++) {
		unsigned k = (*next)++ % (n_gens * SC_PFLOWS);
		struct sc_pgen *pg = &pgens[k / SC_PFLOWS];
		struct flow_key key = {.sport = 0};

		if (k % SC_PFLOWS >= pg->n)
			continue;
		uint64_t t = pg->f[k % SC_PFLOWS].tuple;

		hvlb_addr_set4(&key.src, rte_cpu_to_be_32(0x0a000000u + (uint32_t)(t >> 16)));
		hvlb_addr_set4(&key.dst, rte_cpu_to_be_32(0x0a640001u));
		key.sport = rte_cpu_to_be_16((uint16_t)t);
		key.dport = rte_cpu_to_be_16(53);
		key.proto = HVLB_PROTO_UDP;
		key.af = HVLB_AF_INET;
		uint16_t to = (uint16_t)((steer_ctl_owner(f->sc, &key) + 1) % n_workers);

		if (steer_ctl_move(f->sc, &key, 1, to, 0, true, 0, rte_rdtsc()) == 0)
			return;
	}
}

/* The control thread's loop (steering, RSS-A) for s seconds; moves_per_s operator moves. */
static void
control_for(struct fwd *f, double s, double moves_per_s)
{
	uint64_t hz = rte_get_tsc_hz(), end = rte_rdtsc() + (uint64_t)(s * (double)hz);
	uint64_t gap = moves_per_s > 0 ? (uint64_t)((double)hz / moves_per_s) : 0;
	uint64_t next_move = rte_rdtsc() + gap;
	static unsigned next;

	while (rte_rdtsc() < end) {
		fwd_control_poll(f);
		if (gap && rte_rdtsc() >= next_move) {
			move_next(f, &next);
			next_move += gap;
		}
		rte_delay_us_sleep(100);
	}
}

/* Two ring ports with n TX queues (one per worker); port 0 with n_rxq RX queues, which
 * several generators fill when there are fewer than workers, or paced. */
static int
ports_make(uint16_t n, bool paced)
{
	char name[32];

	for (int p = 0; p < 2; p++) {
		for (uint16_t q = 0; q < n; q++) {
			/* filled by several generators */
			bool many = p == 0 && (n_rxq < n || paced);

			snprintf(name, sizeof(name), "sc_rx%d_%u", p, q);
			rxr[p][q] = rte_ring_create(name, SC_RING * (many ? rte_align32pow2(n) : 1), 0,
						    (many ? 0 : RING_F_SP_ENQ) | RING_F_SC_DEQ);
			snprintf(name, sizeof(name), "sc_tx%d_%u", p, q);
			txr[p][q] = rte_ring_create(name, SC_RING, 0, RING_F_SP_ENQ | RING_F_SC_DEQ);
			if (rxr[p][q] == NULL || txr[p][q] == NULL)
				return -1;
		}
		snprintf(name, sizeof(name), "sc_p%d", p);
		if (rte_eth_from_rings(name, rxr[p], p == 0 ? n_rxq : n, txr[p], n, 0) < 0)
			return -1;
	}
	/* Paced: every RX, TX and inbox ring full at once, the stashes and the lcore caches. */
	pool = rte_pktmbuf_pool_create("sc_gen", (unsigned)n * (paced ? SC_RING * 8 : SC_IN_FLIGHT * 2),
				       256, 0, RTE_MBUF_DEFAULT_BUF_SIZE, 0);
	return pool == NULL ? -1 : 0;
}

static uint64_t
out_total(void)
{
	uint64_t t = 0;

	for (uint16_t g = 0; g < n_gens; g++)
		t += gens[g].out;
	return t;
}

/* The paced run's figures over the window, one JSON line. */
static void
paced_report(const struct fwd *f, const struct scale_opts *o, const uint64_t c0[4],
	     const uint64_t c1[4], double secs)
{
	double offered = (double)(c1[0] - c0[0]), delivered = (double)(c1[2] - c0[2]);

	printf("{\"mode\":\"scale\",\"workers\":%u,\"stages\":%u,\"gens\":%u,\"load\":\"%s\","
	       "\"rssa\":%s,\"rate_mpps\":%.3f,\"offered_mpps\":%.3f,\"delivered_mpps\":%.3f,"
	       "\"loss\":%.6f,\"rx_full\":%" PRIu64 ",\"behind\":%" PRIu64 ",\"moves\":%" PRIu64
	       ",\"overrides\":%u,\"load_per_worker\":[",
	       n_workers, o->stages, n_gens, o->skewed ? "skewed" : "uniform",
	       o->rssa ? "true" : "false", o->rate_mpps, offered / secs / 1e6,
	       delivered / secs / 1e6, offered > 0 ? RTE_MAX(offered - delivered, 0.0) / offered : 1.0,
	       c1[1] - c0[1], c1[3] - c0[3], f->sc->moves_done, f->sc->n_ovr);
	for (uint16_t i = 0; i < n_workers; i++)
		printf("%s%.3f", i ? "," : "", f->rssa->rssa.w[i].load);
	/* Where the forwarder lost or passed frames (the whole run's counts, warm-up included). */
	struct worker_stats ws;

	fwd_sum_worker_stats(f, &ws);
	printf("],\"handoff_out\":%" PRIu64 ",\"moved_packets\":%" PRIu64
	       ",\"moves_failed\":%" PRIu64 ",\"drops\":{", ws.handoff_out, ws.steer_fwd,
	       ws.steer_failed);
	for (int r = 1, first = 1; r < HVLB_DROP_MAX; r++)
		if (ws.drops[r] > 0) {
			printf("%s\"%s\":%" PRIu64, first ? "" : ",", hvlb_drop_name(r), ws.drops[r]);
			first = 0;
		}
	printf("}}\n");
}

int
scale_bench_run(const struct scale_opts *o)
{
	unsigned lcores[2 * SC_MAXQ], gen_lcores[SC_MAXQ], lc = rte_lcore_id(), nl = 0, ng = 0;
	uint16_t stages = o->stages;
	bool paced = o->rate_mpps > 0;
	char path[] = "/tmp/hvlb_scale_XXXXXX";
	/* New flows: enough for the warm-up and the window at up to SC_NEW_MPPS a worker (a
	 * faster one would come round to flows it has: the JSON line's "wrapped" says so). */
	uint32_t want = paced ? 0
			: o->new_flows ? (uint32_t)((o->seconds + 0.15) * SC_NEW_MPPS * 1e6)
				       : o->flows;
	uint64_t hz = rte_get_tsc_hz(), t0, t1, n0, n1, c0[4], c1[4];
	int fd;

	n_workers = o->workers;
	/* Paced, the port has a queue per worker (RSS) and the stages poll them. */
	n_rxq = stages > 0 && !paced ? stages : n_workers;
	n_gens = o->gens;
	if (n_workers == 0 || n_workers > SC_MAXQ || n_gens == 0 || n_gens > n_workers ||
	    stages > n_workers || (paced && o->skewed && n_workers < 2)) {
		fprintf(stderr, "fwd_bench --mode scale: 1 to %u workers (skewed: 2 or more), at "
			"most as many stages and generators\n", SC_MAXQ);
		return 2;
	}
	/* The stages' lcores first (fwd_create: the first `dispatch` of them dispatch). */
	while (nl < (unsigned)stages + n_workers || ng < n_gens) {
		lc = rte_get_next_lcore(lc, 1, 0);
		if (lc >= RTE_MAX_LCORE) {
			fprintf(stderr, "fwd_bench --mode scale: needs %u worker lcores (-l): %u "
				"stages, %u workers, %u generators\n", stages + n_workers + n_gens,
				stages, n_workers, n_gens);
			return 2;
		}
		if (nl < (unsigned)stages + n_workers)
			lcores[nl++] = lc;
		else
			gen_lcores[ng++] = lc;
	}
	if ((!paced && flows_make(want) != 0) || ports_make(n_workers, paced) != 0)
		return 1;
	if (paced)
		paced_flows_make(o->skewed, o->rate_mpps);
	fd = mkstemp(path);
	if (fd < 0)
		return 1;
	/* A table per worker for its flows, at most half full; new flows: the whole run's at
	 * most two thirds (a power of two above: about 700 MiB a worker for 0.2 s). */
	dprintf(fd, config_ini,
		RTE_MAX(paced ? 0 : o->new_flows ? want + want / 2 : 2 * want, 65536u), o->idle_us,
		stages,
		o->rssa ? "on" : "off", o->period_ms ? o->period_ms : 50);
	close(fd);
	struct fwd *f = fwd_create(path, (uint16_t)nl, lcores);
	unlink(path);
	if (f == NULL || fwd_start(f) != 0)
		return 1;
	for (uint16_t i = 0; i < f->env.n_workers; i++)
		rte_eal_remote_launch(worker_main, f->workers[i], f->workers[i]->lcore);
	for (uint16_t i = 0; i < f->disp.n; i++)
		rte_eal_remote_launch(dispatch_main, f->disp.d[i], f->disp.d[i]->lcore);
	for (uint16_t g = 0; g < n_gens; g++)
		rte_eal_remote_launch(paced ? paced_main : gen_main, (void *)(uintptr_t)g,
				      gen_lcores[g]);
	/* Warm-up: caches, each established flow opened (a pass over its queue's list), RSS-A
	 * settled. */
	control_for(f, paced ? o->warmup_s : o->new_flows ? 0.1 : 0.3, 0);
	n0 = out_total();
	paced_sum(&c0[0], &c0[1], &c0[2], &c0[3]);
	t0 = rte_rdtsc();
	control_for(f, o->seconds, paced ? o->moves_per_s : 0);
	n1 = out_total();
	paced_sum(&c1[0], &c1[1], &c1[2], &c1[3]);
	t1 = rte_rdtsc();
	gen_stop = 1;
	f->env.quit = 1;
	rte_eal_mp_wait_lcore();

	double secs = (double)(t1 - t0) / (double)hz, mpps = (double)(n1 - n0) / secs / 1e6;
	uint64_t drops = 0, conns = 0, handoffs = 0;
	struct dispatch_stats ds;
	bool wrapped = false;

	if (paced) {
		paced_report(f, o, c0, c1, secs);
		return 0;
	}
	for (uint16_t w = 0; w < n_workers; w++)
		wrapped = wrapped || (o->new_flows && wflows[w].wraps > 0);
	for (uint16_t i = 0; i < f->env.n_workers; i++) {
		struct worker *w = f->workers[i];

		for (int r = 1; r < HVLB_DROP_MAX; r++)
			drops += w->stats.drops[r];
		conns += conn_count(w->conns);
		handoffs += w->stats.handoff_out;
	}
	dispatch_sum(&f->disp, &ds);
	printf("{\"mode\":\"scale\",\"workers\":%u,\"stages\":%u,\"gens\":%u,\"flows\":\"%s\","
	       "\"flows_per_worker\":%u,\"seconds\":%.3f,\"mpps\":%.3f,\"mpps_per_worker\":%.3f,"
	       "\"drops\":%" PRIu64 ",\"inbox_full\":%" PRIu64 ",\"conns\":%" PRIu64
	       ",\"handoffs\":%" PRIu64 ",\"wrapped\":%s}\n",
	       n_workers, stages, n_gens, o->new_flows ? "new" : "established", want, secs, mpps,
	       mpps / n_workers, drops, ds.full, conns, handoffs, wrapped ? "true" : "false");
	return 0;
}
