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

#include "csum.h"
#include "fwd.h"
#include "dispatch.h"
#include "worker_loop.h"
#include "scale_bench.h"

#define SC_MAXQ 32
#define SC_RING 2048
#define SC_IN_FLIGHT 1024
#define SC_FRAME_LEN 60
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
static struct sc_gen gens[SC_MAXQ];
static struct rte_ring *rxr[2][SC_MAXQ], *txr[2][SC_MAXQ];
static struct rte_mempool *pool;
static volatile int gen_stop;
static uint16_t n_workers, n_rxq, n_gens;

static const char config_ini[] =
	"[forwarder]\nconn_max = %u\nidle_sleep_max_us = 0\ndispatch = %u\n"
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

/* Frame for flow f (client << 16 | port): UDP to 10.100.0.1:53, its checksum 0 (none). */
static void
frame_write(uint8_t *p, uint64_t f)
{
	static const uint8_t hdr[] = {
		0x02, 0, 0, 0, 0, 0x01, 0x02, 0, 0, 0, 0x09, 0x01, 0x08, 0x00, /* Ethernet */
		0x45, 0, 0, 46, 0, 0, 0x40, 0, 64, 17, 0, 0,                    /* IPv4 */
		10, 0, 0, 0, 10, 100, 0, 1,                                     /* src, dst */
		0, 0, 0, 53, 0, 26, 0, 0,                                       /* UDP */
	};
	uint32_t client = (uint32_t)(f >> 16);
	uint16_t c;

	memcpy(p, hdr, sizeof(hdr));
	memset(p + sizeof(hdr), 0xAB, SC_FRAME_LEN - sizeof(hdr));
	p[27] = (uint8_t)(client >> 16);
	p[28] = (uint8_t)(client >> 8);
	p[29] = (uint8_t)client;
	p[34] = (uint8_t)(f >> 8);
	p[35] = (uint8_t)f;
	c = csum_ipv4_hdr(p + 14, 20);
	memcpy(p + 24, &c, 2);
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

/* Two ring ports with n TX queues (one per worker); port 0 with n_rxq RX queues, which
 * several generators fill when there are fewer than workers. */
static int
ports_make(uint16_t n)
{
	char name[32];

	for (int p = 0; p < 2; p++) {
		for (uint16_t q = 0; q < n; q++) {
			bool many = p == 0 && n_rxq < n; /* filled by several generators */

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
	pool = rte_pktmbuf_pool_create("sc_gen", (unsigned)n * SC_IN_FLIGHT * 2, 256, 0,
				       RTE_MBUF_DEFAULT_BUF_SIZE, 0);
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

int
scale_bench_run(const struct scale_opts *o)
{
	unsigned lcores[2 * SC_MAXQ], gen_lcores[SC_MAXQ], lc = rte_lcore_id(), nl = 0, ng = 0;
	uint16_t stages = o->stages;
	char path[] = "/tmp/hvlb_scale_XXXXXX";
	/* New flows: enough for the warm-up and the window at up to SC_NEW_MPPS a worker (a
	 * faster one would come round to flows it has: the JSON line's "wrapped" says so). */
	uint32_t want = o->new_flows ? (uint32_t)((o->seconds + 0.15) * SC_NEW_MPPS * 1e6)
				     : o->flows;
	uint64_t hz = rte_get_tsc_hz(), t0, t1, n0, n1;
	int fd;

	n_workers = o->workers;
	n_rxq = stages > 0 ? stages : n_workers;
	n_gens = o->gens;
	if (n_workers == 0 || n_workers > SC_MAXQ || n_gens == 0 || n_gens > n_workers ||
	    stages > n_workers) {
		fprintf(stderr, "fwd_bench --mode scale: 1 to %u workers, at most as many stages "
			"and generators\n", SC_MAXQ);
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
	if (flows_make(want) != 0 || ports_make(n_workers) != 0)
		return 1;
	fd = mkstemp(path);
	if (fd < 0)
		return 1;
	/* A table per worker for its flows, at most half full; new flows: the whole run's at
	 * most two thirds (a power of two above: about 700 MiB a worker for 0.2 s). */
	dprintf(fd, config_ini, RTE_MAX(o->new_flows ? want + want / 2 : 2 * want, 65536u),
		stages);
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
		rte_eal_remote_launch(gen_main, (void *)(uintptr_t)g, gen_lcores[g]);
	/* Warm-up: caches, and each established flow opened (a pass over its queue's list). */
	rte_delay_us_sleep(o->new_flows ? 100000 : 300000);
	n0 = out_total();
	t0 = rte_rdtsc();
	rte_delay_us_sleep((unsigned)(o->seconds * 1e6));
	n1 = out_total();
	t1 = rte_rdtsc();
	gen_stop = 1;
	f->env.quit = 1;
	rte_eal_mp_wait_lcore();

	double secs = (double)(t1 - t0) / (double)hz, mpps = (double)(n1 - n0) / secs / 1e6;
	uint64_t drops = 0, conns = 0, handoffs = 0;
	struct dispatch_stats ds;
	bool wrapped = false;

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
