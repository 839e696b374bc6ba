/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The multi-worker benchmark (fwd_bench --mode skew): N workers on memory-fed net_ring ports,
 * with the offered load spread evenly or skewed over their RX queues, RSS-A on or off.
 *
 * It runs on one thread and models one core per worker. Time advances in ticks of 20 us; in
 * each tick the generator puts that tick's packets on the RX rings, then each worker runs its
 * real loop (worker_poll_once) until it has no work or has spent the tick's cycles (what it
 * overspends is taken from its next tick), then the control thread (steering, RSS-A) runs at
 * the simulated time. The generator and the control thread are charged to nobody (a NIC and
 * a control core).
 *
 * What a worker is charged for a loop iteration is its work priced at this machine's costs:
 * a fixed cost per iteration, and per packet it received and processed, handed off, or took
 * from its inbox, each with and without steering active. The prices are measured at start on
 * the same loop (calibrate: the first quartile of many 32-packet batches, the two sets in
 * turn). Why not time each iteration:
 * this 2-vCPU VM is shared, and a neighbour on the sibling hyperthread or a preemption swings
 * the cycles of an iteration by 2x or more in the middle of a run, which would measure the
 * neighbours. Why not real threads: 2 workers plus a generator on 2 vCPUs would measure the
 * scheduler. So the figure for N workers is what N dedicated cores of this machine would do,
 * with the real code deciding every hand-off and move.
 *
 * A flow's RX queue is the one RSS would give it: here its default owner (a NIC hashing like
 * steer_owner_of_tuple, so that without moves no packet is handed off). A moved flow keeps arriving on
 * that queue and is handed off in software, as on every port hvlb drives today; with --steer
 * nic the generator also applies the steering table, as a NIC with flow rules (the paper's
 * Flow Director) would. With --steer dispatch a software dispatch stage (src/dispatch.c) polls
 * every RX queue and puts each packet on its owner's inbox; it is one more core, priced like a
 * worker by its own measured costs (per iteration and per packet). --stages N runs N of them,
 * stage i polling queues i, i + N, ...
 *
 * Flows: 80 UDP flows to a NAT service. Uniform: equal rates, spread evenly over the queues.
 * Skewed (the paper's RSS-A scenario): 6 groups of 10 flows whose rates grow as 0.02, 0.03,
 * 0.04, 0.05, 0.06 and 0.1, plus 20 even flows of 0.01 spread over the queues. With 6 workers
 * group g is on queue g, as in the paper; with 2, groups 1-3 on queue 0 and 4-6 on queue 1
 * (31 % / 69 % of the load); otherwise group g on queue g mod N.
 *
 * Prints one JSON line: offered and delivered Mpps over the measured window (after a warm-up
 * in which RSS-A settles), the loss, the moves, and the prices. bench/run.sh searches the
 * highest rate with at most 0.1 % loss.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <rte_cycles.h>
#include <rte_eth_ring.h>
#include <rte_ethdev.h>
#include <rte_mbuf.h>
#include <rte_ring.h>

#include "csum.h"
#include "fwd.h"
#include "worker_loop.h"
#include "skew.h"

#define SK_FLOWS SKEW_FLOWS
#define SK_MAXW 16 /* cores: workers and dispatch stages */
#define SK_TICK_US 20
#define SK_RX_SIZE 1024 /* a NIC RX ring */
#define SK_TX_SIZE 4096
#define FRAME_LEN 60
#define SK_CAL_ROUNDS 4000 /* batches timed per price */

struct sk_flow {
	uint8_t frame[FRAME_LEN];
	double share;     /* of the offered rate */
	double credit;    /* packets owed */
	uint16_t queue;   /* the RX queue RSS gives it */
	struct flow_key key;
	uint32_t hash;
};

static struct sk_flow flows[SK_FLOWS];

/* What a worker's loop iteration costs, in cycles: per iteration, and per packet received
 * and processed, received and handed off, taken from the inbox. [1]: with steering active. */
struct sk_price {
	double iter, own, out, in;
};
static struct sk_price price[2];
/* The dispatch stage's: per iteration and per packet; [1] with a steering table. */
struct sk_dprice {
	double iter, pkt;
};
static struct sk_dprice dprice[2];
static struct rte_ring *rxr[2][SK_MAXW], *txr[2][SK_MAXW];
static struct rte_mempool *pool;

static const char config_ini[] =
	"[forwarder]\nconn_max = 4096\nidle_sleep_max_us = 0\nmbufs = 1023\n"
	"rssa = %s\nrssa_period_ms = %u\ndispatch = %u\n"
	"[port0]\ndev = net_ring_sk_p0\nmac = 02:00:00:00:00:01\naddr = 10.9.0.2/24\n"
	"[port1]\ndev = net_ring_sk_p1\nmac = 02:00:00:00:00:02\naddr = 10.1.0.1/24\n"
	"[route.clients]\nprefix = 10.0.0.0/9\nvia = 10.9.0.1\nport = 0\n"
	"[neigh.nf]\naddr = 10.1.0.11\nmac = 02:00:00:00:01:11\nport = 1\n"
	"[neigh.rtr]\naddr = 10.9.0.1\nmac = 02:00:00:00:09:01\nport = 0\n"
	"[vs.bench]\nprotocol = udp\nvip = 10.100.0.1\nport = 53\nrs.1 = 10.1.0.11:5353\n";

/* Flow i from client 10.0.0.(10 + i) on the first port >= 1024 whose default owner is q. */
static void
flow_make(struct sk_flow *fl, unsigned i, uint16_t n_workers, uint16_t q, double share)
{
	static const uint8_t hdr[34] = {
		0x02, 0, 0, 0, 0, 0x01, 0x02, 0, 0, 0, 0x09, 0x01, 0x08, 0x00,
		0x45, 0, 0, 46, 0, 0, 0x40, 0, 64, 17, 0, 0, 10, 0, 0, 0, 10, 100, 0, 1};
	uint16_t port = 1024, c;

	memset(fl, 0, sizeof(*fl));
	hvlb_addr_set4(&fl->key.src, rte_cpu_to_be_32(0x0a000000u + 10 + i));
	hvlb_addr_set4(&fl->key.dst, rte_cpu_to_be_32(0x0a640001u));
	while (steer_owner(n_workers, &fl->key.src, rte_cpu_to_be_16(port)) != q)
		port++;
	fl->key.sport = rte_cpu_to_be_16(port);
	fl->key.dport = rte_cpu_to_be_16(53);
	fl->key.proto = HVLB_PROTO_UDP;
	fl->key.af = HVLB_AF_INET;
	fl->hash = flow_hash(&fl->key);
	fl->queue = q;
	fl->share = share;
	memcpy(fl->frame, hdr, sizeof(hdr));
	fl->frame[29] = (uint8_t)(10 + i);
	fl->frame[34] = (uint8_t)(port >> 8);
	fl->frame[35] = (uint8_t)port;
	fl->frame[37] = 53;
	fl->frame[39] = 26;
	memset(fl->frame + 42, 0xab, FRAME_LEN - 42);
	c = csum_ipv4_hdr(fl->frame + 14, 20);
	memcpy(fl->frame + 24, &c, 2);
}

void
skew_flow_plan(unsigned i, uint16_t n_workers, bool skewed, double *weight, uint16_t *queue)
{
	static const double growth[6] = {0.02, 0.03, 0.04, 0.05, 0.06, 0.1};
	unsigned g = i / 10; /* 0-5 the growth groups, 6-7 the even background */

	*weight = !skewed ? 1.0 : g < 6 ? growth[g] : 0.01;
	*queue = n_workers == 1 ? 0
		 : !skewed || g >= 6 ? (uint16_t)(i % n_workers)
		 : n_workers == 2 ? (uint16_t)(g / 3)
				  : (uint16_t)(g % n_workers);
}

static void
flows_make(uint16_t n_workers, bool skewed)
{
	double w[SK_FLOWS], sum = 0;
	uint16_t q[SK_FLOWS];

	for (unsigned i = 0; i < SK_FLOWS; i++) {
		skew_flow_plan(i, n_workers, skewed, &w[i], &q[i]);
		sum += w[i];
	}
	for (unsigned i = 0; i < SK_FLOWS; i++)
		flow_make(&flows[i], i, n_workers, q[i], w[i] / sum);
}

static int
ports_make(uint16_t n)
{
	char name[32];

	for (int p = 0; p < 2; p++) {
		for (uint16_t q = 0; q < n; q++) {
			snprintf(name, sizeof(name), "sk_rx%d_%u", p, q);
			rxr[p][q] = rte_ring_create(name, SK_RX_SIZE, 0,
						    RING_F_SP_ENQ | RING_F_SC_DEQ);
			snprintf(name, sizeof(name), "sk_tx%d_%u", p, q);
			txr[p][q] = rte_ring_create(name, SK_TX_SIZE, 0,
						    RING_F_SP_ENQ | RING_F_SC_DEQ);
			if (rxr[p][q] == NULL || txr[p][q] == NULL)
				return -1;
		}
		snprintf(name, sizeof(name), "sk_p%d", p);
		if (rte_eth_from_rings(name, rxr[p], n, txr[p], n, 0) < 0)
			return -1;
	}
	pool = rte_pktmbuf_pool_create("sk_gen", 32767, 256, 0, RTE_MBUF_DEFAULT_BUF_SIZE, 0);
	return pool == NULL ? -1 : 0;
}

struct sk_stats {
	uint64_t offered, delivered, lost, dropped;
};

static void drain_tx(uint16_t n, struct sk_stats *st);

/* One tick's packets, each flow on its queue (or where the steering table puts it, nic). */
static void
generate(struct fwd *f, double pkts_per_tick, bool nic, uint16_t n, struct sk_stats *st)
{
	static struct rte_mbuf *q[SK_MAXW][2048];
	unsigned nq[SK_MAXW] = {0};
	const struct steer_table *t = nic ? f->sc->link.table : NULL;

	for (unsigned i = 0; i < SK_FLOWS; i++) {
		struct sk_flow *fl = &flows[i];
		int to = t != NULL ? steer_lookup(t, &fl->key, fl->hash) : -1;
		uint16_t queue = to >= 0 ? (uint16_t)to : fl->queue;

		fl->credit += pkts_per_tick * fl->share;
		for (; fl->credit >= 1 && nq[queue] < RTE_DIM(q[0]); fl->credit -= 1) {
			struct rte_mbuf *m = rte_pktmbuf_alloc(pool);

			if (m == NULL)
				break;
			memcpy(rte_pktmbuf_append(m, FRAME_LEN), fl->frame, FRAME_LEN);
			m->port = f->ports.p[0].port_id;
			q[queue][nq[queue]++] = m;
		}
	}
	for (uint16_t k = 0; k < n; k++) {
		unsigned done = rte_ring_sp_enqueue_burst(rxr[0][k], (void **)q[k], nq[k], NULL);

		st->offered += nq[k];
		st->lost += nq[k] - done;
		rte_pktmbuf_free_bulk(q[k] + done, nq[k] - done);
	}
}

/* Run worker w for up to *budget cycles (its core's share of the tick), each iteration priced
 * by its work; what it overspends stays in *budget as a debt. */
static void
run_worker(struct worker *w, int64_t *budget)
{
	const struct worker_stats *s = &w->stats;

	while (*budget > 0) {
		uint64_t rx = s->rx_pkts, out = s->handoff_out, in = s->handoff_in;
		unsigned n = worker_poll_once(w);
		const struct sk_price *p = &price[w->steer_on];
		double own;

		rx = s->rx_pkts - rx;
		out = s->handoff_out - out;
		in = s->handoff_in - in;
		own = rx > out ? (double)(rx - out) : 0;
		uint64_t dt = (uint64_t)(p->iter + own * p->own + out * p->out + in * p->in);
		*budget -= (int64_t)dt;
		if (n == 0)
			break;
		w->stats.busy_cycles += dt; /* as worker_main counts it */
	}
}

/* The dispatch stage for up to *budget cycles of its own core, as run_worker. */
static void
run_dispatcher(struct dispatcher *d, int64_t *budget)
{
	while (*budget > 0) {
		unsigned n = dispatch_poll_once(d);
		const struct sk_dprice *p = &dprice[d->env->steer->table != NULL];
		uint64_t dt = (uint64_t)(p->iter + n * p->pkt);

		*budget -= (int64_t)dt;
		if (n == 0)
			break;
		d->stats.busy_cycles += dt;
	}
}

/* One round of everything but the control thread, unpriced (set-up and calibration). */
static void
poll_all(struct fwd *f)
{
	for (uint16_t i = 0; i < f->disp.n; i++)
		dispatch_poll_once(f->disp.d[i]);
	for (uint16_t w = 0; w < f->env.n_workers; w++)
		worker_poll_once(f->workers[w]);
}

/* ---- prices ---- */

/* 32 packets on RX queue q, taken in turn from the n flows in list (from *next on). */
static void
feed(const unsigned *list, unsigned n, unsigned *next, uint16_t q, uint16_t port_id)
{
	struct rte_mbuf *m[32];

	if (rte_pktmbuf_alloc_bulk(pool, m, 32) != 0)
		return;
	for (unsigned k = 0; k < 32; k++) {
		memcpy(rte_pktmbuf_append(m[k], FRAME_LEN), flows[list[(*next)++ % n]].frame,
		       FRAME_LEN);
		m[k]->port = port_id;
	}
	rte_ring_sp_enqueue_bulk(rxr[0][q], (void **)m, 32, NULL);
}

static uint64_t
timed_poll(struct worker *w)
{
	uint64_t t0 = rte_rdtsc();

	worker_poll_once(w);
	return rte_rdtsc() - t0;
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* The first quartile of n timings: a neighbour on the shared VM only ever adds time, and the
 * first quartile is what the loop costs when none does, without the luck of the very best. */
static double
quartile(uint64_t *t, unsigned n)
{
	qsort(t, n, sizeof(*t), cmp_u64);
	return (double)t[n / 4];
}

/* The two price sets, measured side by side: round r runs set r % 2 (0: no steering table;
 * 1: the table), so a neighbour's burst on this shared VM lands on both alike. A round times:
 * an empty iteration of worker 0; one with 32 packets of its own flows (own); one with 32 it
 * hands to worker 1 (out: worker 1's default flows in set 0, the moved ones in set 1); worker
 * 1's iteration taking those from its inbox (in). Per-packet prices into p[0..1]. Switching the table
 * pointer here is safe: this one thread runs every worker, and no control-thread step runs
 * in between. */
static void
measure(struct fwd *f, const unsigned *own, unsigned n_own, const unsigned *plain, unsigned n_plain,
	const unsigned *moved, unsigned n_moved, struct sk_price *p)
{
	static uint64_t t[2][4][SK_CAL_ROUNDS];
	struct worker *w0 = f->workers[0], *w1 = f->workers[f->env.n_workers - 1];
	struct steer_table *table = f->sc->link.table;
	uint16_t pid = f->ports.p[0].port_id;
	unsigned i = 0, j = 0, k = 0, n[2] = {0};

	for (unsigned r = 0; r < SK_CAL_ROUNDS; r++) {
		unsigned set = table == NULL ? 0 : r % 2, m = n[set]++;

		f->sc->link.table = set == 0 ? NULL : table;
		t[set][0][m] = timed_poll(w0);
		feed(own, n_own, &i, 0, pid);
		t[set][1][m] = timed_poll(w0);
		t[set][2][m] = t[set][3][m] = 0;
		if (f->env.n_workers > 1) {
			if (set == 0)
				feed(plain, n_plain, &j, 0, pid);
			else
				feed(moved, n_moved, &k, 0, pid);
			t[set][2][m] = timed_poll(w0);
			t[set][3][m] = timed_poll(w1);
		}
		drain_tx(f->env.n_workers, &(struct sk_stats){0});
	}
	f->sc->link.table = table;
	drain_tx(f->env.n_workers, &(struct sk_stats){0});
	for (unsigned set = 0; set < 2; set++) {
		double q[4];

		if (n[set] == 0) {
			p[set] = p[0];
			continue;
		}
		for (int c = 0; c < 4; c++)
			q[c] = quartile(t[set][c], n[set]);
		p[set].iter = q[0];
		p[set].own = RTE_MAX(q[1] - q[0], 0.0) / 32;
		p[set].out = RTE_MAX(q[2] - q[0], 0.0) / 32;
		p[set].in = RTE_MAX(q[3] - q[0], 0.0) / 32;
	}
}

/* The dispatch stage's prices, the two sets side by side as in measure: an empty iteration,
 * and one with 32 packets of queue 0's flows (own: worker 0's, and in set 1 the moved ones
 * too, which the table sends to worker 1). The workers then take what it sent, untimed. */
static void
measure_dispatch(struct fwd *f, const unsigned *own, unsigned n_own, const unsigned *moved,
		 unsigned n_moved)
{
	static uint64_t t[2][2][SK_CAL_ROUNDS];
	unsigned mix[SK_FLOWS], n_mix = 0, i = 0, j = 0, n[2] = {0};
	struct steer_table *table = f->sc->link.table;
	uint16_t pid = f->ports.p[0].port_id;

	for (unsigned k = 0; k < n_own; k++)
		mix[n_mix++] = own[k];
	for (unsigned k = 0; k < n_moved; k++)
		mix[n_mix++] = moved[k];
	for (unsigned r = 0; r < SK_CAL_ROUNDS; r++) {
		unsigned set = table == NULL ? 0 : r % 2, m = n[set]++;
		uint64_t t0;

		f->sc->link.table = set == 0 ? NULL : table;
		t0 = rte_rdtsc();
		dispatch_poll_once(f->disp.d[0]);
		t[set][0][m] = rte_rdtsc() - t0;
		if (set == 0)
			feed(own, n_own, &i, 0, pid);
		else
			feed(mix, n_mix, &j, 0, pid);
		t0 = rte_rdtsc();
		dispatch_poll_once(f->disp.d[0]);
		t[set][1][m] = rte_rdtsc() - t0;
		for (uint16_t w = 0; w < f->env.n_workers; w++)
			worker_poll_once(f->workers[w]);
		drain_tx(f->env.n_workers, &(struct sk_stats){0});
	}
	f->sc->link.table = table;
	for (unsigned set = 0; set < 2; set++) {
		double q0, q1;

		if (n[set] == 0) {
			dprice[set] = dprice[0];
			continue;
		}
		q0 = quartile(t[set][0], n[set]);
		q1 = quartile(t[set][1], n[set]);
		dprice[set].iter = q0;
		dprice[set].pkt = RTE_MAX(q1 - q0, 0.0) / 32;
	}
}

/* Let the moves in progress finish. */
static void
settle(struct fwd *f, uint64_t *now)
{
	for (int r = 0; r < 10000 && (f->sc->n_mig > 0 || f->workers[0]->n_moved > 0 ||
				      f->workers[f->env.n_workers - 1]->n_moved > 0); r++) {
		poll_all(f);
		drain_tx(f->env.n_workers, &(struct sk_stats){0});
		*now += rte_get_tsc_hz() / 1000;
		steer_ctl_poll(f->sc, *now);
		rssa_ctl_poll(f->rssa, *now);
	}
}

/* Price the work (measure): a quarter of worker 0's flows moved to worker 1, so that with the
 * steering table worker 0 hands them off by their override; without it, worker 1's own flows
 * arriving on queue 0 are the hand-offs. They go home afterwards: the run starts with no
 * override. */
static void
skew_calibrate(struct fwd *f)
{
	unsigned a[SK_FLOWS], b[SK_FLOWS], c[SK_FLOWS], na = 0, nb = 0, nc = 0, x = 0;
	uint64_t now = rte_rdtsc();

	for (unsigned i = 0; i < SK_FLOWS; i++) {
		if (flows[i].queue == 0 && (i % 4 != 0 || f->env.n_workers == 1))
			a[na++] = i;
		else if (flows[i].queue == 0)
			c[nc++] = i;
		else
			b[nb++] = i;
	}
	if (f->env.n_workers == 1) {
		measure(f, a, na, NULL, 0, NULL, 0, price);
		return;
	}
	for (unsigned i = 0; i < nc; i++) { /* their connections exist on worker 0 ... */
		feed(c, nc, &x, 0, f->ports.p[0].port_id);
		poll_all(f);
		drain_tx(f->env.n_workers, &(struct sk_stats){0});
	}
	for (unsigned i = 0; i < nc; i++) /* ... and move to worker 1 */
		steer_ctl_move(f->sc, &flows[c[i]].key, 1, 1, 0, true, 0, now);
	settle(f, &now);
	if (f->disp.n > 0)
		measure_dispatch(f, a, na, c, nc);
	else
		measure(f, a, na, b, nb, c, nc, price);
	for (unsigned i = 0; i < nc; i++)
		steer_ctl_move(f->sc, &flows[c[i]].key, 1, 0, 0, true, 0, now);
	settle(f, &now);
}

static void
drain_tx(uint16_t n, struct sk_stats *st)
{
	struct rte_mbuf *m[256];
	unsigned k;

	for (int p = 0; p < 2; p++)
		for (uint16_t q = 0; q < n; q++)
			while ((k = rte_ring_sc_dequeue_burst(txr[p][q], (void **)m, 256, NULL)) > 0) {
				st->delivered += p == 1 ? k : 0;
				rte_pktmbuf_free_bulk(m, k);
			}
}

static uint64_t
drops(const struct fwd *f)
{
	uint64_t d = 0;

	for (uint16_t w = 0; w < f->env.n_workers; w++)
		for (int r = 1; r < HVLB_DROP_MAX; r++)
			d += f->workers[w]->stats.drops[r];
	struct dispatch_stats ds;

	dispatch_sum(&f->disp, &ds);
	return d + ds.full;
}

/* Simulate `seconds` at rate_mpps; returns what was offered, delivered and lost. */
static void
simulate(struct fwd *f, const struct skew_opts *o, double seconds, uint64_t *now,
	 struct sk_stats *st)
{
	uint64_t tick = rte_get_tsc_hz() * SK_TICK_US / 1000000, ticks = (uint64_t)(seconds * 1e6 /
									      SK_TICK_US);
	double per_tick = o->rate_mpps * SK_TICK_US;
	int64_t budget[SK_MAXW] = {0}, dbudget[FWD_MAX_DISPATCH] = {0};
	uint64_t d0 = drops(f);

	memset(st, 0, sizeof(*st));
	for (uint64_t k = 0; k < ticks; k++) {
		generate(f, per_tick, o->nic_steer, f->env.n_workers, st);
		for (uint16_t i = 0; i < f->disp.n; i++) {
			dbudget[i] += (int64_t)tick;
			run_dispatcher(f->disp.d[i], &dbudget[i]);
			if (dbudget[i] > 0)
				dbudget[i] = 0;
		}
		for (uint16_t i = 0; i < f->env.n_workers; i++) {
			/* Alternate the order: neither worker always sees the other's handoffs a
			 * tick late. */
			uint16_t w = (uint16_t)((i + k) % f->env.n_workers);

			budget[w] += (int64_t)tick;
			run_worker(f->workers[w], &budget[w]);
			if (budget[w] > 0)
				budget[w] = 0; /* idle time is not saved up */
		}
		drain_tx(f->env.n_workers, st);
		*now += tick;
		steer_ctl_poll(f->sc, *now);
		rssa_ctl_poll(f->rssa, *now);
	}
	st->dropped = drops(f) - d0;
	st->lost += st->dropped;
}

/* The prices, as --prices (or --dispatch-prices) takes them back. */
static void
print_prices(const struct fwd *f)
{
	if (f->disp.n > 0) {
		printf("{\"dispatch_prices\":\"%.1f,%.2f,%.1f,%.2f\",\"hz\":%" PRIu64 "}\n",
		       dprice[0].iter, dprice[0].pkt, dprice[1].iter, dprice[1].pkt,
		       rte_get_tsc_hz());
		return;
	}
	printf("{\"prices\":\"%.1f,%.2f,%.2f,%.2f,%.1f,%.2f,%.2f,%.2f\",\"hz\":%" PRIu64 "}\n",
	       price[0].iter, price[0].own, price[0].out, price[0].in, price[1].iter, price[1].own,
	       price[1].out, price[1].in, rte_get_tsc_hz());
}

int
skew_run(const struct skew_opts *o)
{
	char path[] = "/tmp/hvlb_skew_XXXXXX";
	unsigned lcores[SK_MAXW] = {0};
	struct sk_stats warm, st;
	struct dispatch_stats ds0, ds1;
	uint64_t now;
	struct fwd *f;
	int fd;

	if (o->workers < 1 || o->workers > 8 || o->workers + o->dispatch > SK_MAXW ||
	    o->dispatch > FWD_MAX_DISPATCH ||
	    (o->dispatch && o->workers < 2) ||
	    ports_make(o->workers) != 0)
		return 2;
	flows_make(o->workers, o->skewed);
	fd = mkstemp(path);
	dprintf(fd, config_ini, o->rssa ? "on" : "off", o->period_ms, o->dispatch);
	close(fd);
	/* A dispatch stage takes one more lcore (the first ones). */
	f = fwd_create(path, (uint16_t)(o->workers + o->dispatch), lcores);
	unlink(path);
	if (f == NULL || fwd_start(f) != 0)
		return 1;
	if (o->calibrate || o->price[0] == 0 || (o->dispatch && o->dprice[0] == 0))
		skew_calibrate(f);
	if (!o->calibrate && o->price[0] != 0)
		memcpy(price, o->price, sizeof(price));
	if (!o->calibrate && o->dprice[0] != 0)
		memcpy(dprice, o->dprice, sizeof(dprice));
	if (o->calibrate) {
		print_prices(f);
		return 0;
	}
	now = rte_rdtsc();
	simulate(f, o, o->warmup_s, &now, &warm);
	dispatch_sum(&f->disp, &ds0);
	simulate(f, o, o->seconds, &now, &st);
	dispatch_sum(&f->disp, &ds1);
	printf("{\"workers\":%u,\"scenario\":\"%s\",\"rssa\":%s,\"steer\":\"%s\","
	       "\"dispatch_load\":%.3f,",
	       o->workers, o->skewed ? "skewed" : "uniform", o->rssa ? "true" : "false",
	       o->dispatch ? "dispatch" : o->nic_steer ? "nic" : "software",
	       f->disp.n > 0 ? (double)(ds1.busy_cycles - ds0.busy_cycles) /
				       (o->seconds * (double)rte_get_tsc_hz() * f->disp.n)
			     : 0.0);
	printf(
	       "\"offered_mpps\":%.4f,\"delivered_mpps\":%.4f,\"loss\":%.6f,\"moves\":%" PRIu64
	       ",\"overrides\":%u,\"dropped\":%" PRIu64 ",\"load\":[",
	       st.offered / o->seconds / 1e6,
	       st.delivered / o->seconds / 1e6, st.offered ? (double)st.lost / st.offered : 0,
	       f->sc->moves_done, f->sc->n_ovr, st.dropped);
	for (uint16_t i = 0; i < o->workers; i++)
		printf("%s%.3f", i ? "," : "", f->rssa->rssa.w[i].load);
	printf("]}\n");
	return 0;
}
