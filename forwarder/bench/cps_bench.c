/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * TCP connections per second on one worker core (docs/benchmarks.md, "TCP connections per
 * second"), run by fwd_bench --mode cps. Each connection is a whole exchange through the real
 * worker loop (worker_poll_once) on the benchmark's memory-fed ring ports, eight packets:
 *
 *   client SYN -> NF SYN-ACK -> client ACK -> client request -> NF reply
 *   -> client FIN -> NF FIN -> client ACK
 *
 * The client side is written from the connection's number; the NF side answers the very frame
 * the forwarder sent it (addresses and ports swapped, as a TCP stack would), so a wrong rewrite
 * shows as a connection that never completes. Connections go in waves of CPS_WAVE, each wave
 * step by step: put the wave's packets on an RX ring, run the worker until the ring is empty,
 * take what it sent. Only the worker's own cycles are counted (rdtsc around each
 * worker_poll_once): the generator shares the thread but not the figure, so the result is
 * connections per second of one worker core whatever the generator costs. Under callgrind
 * (--single N, --toggle-collect=worker_poll_once) the same run gives instructions per
 * connection.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <rte_cycles.h>
#include <rte_mbuf.h>
#include <rte_ring.h>

#include "cps_bench.h"
#include "csum.h"
#include "worker_loop.h"

#define CPS_WAVE 1024
#define FRAME_LEN 60
#define REQ_LEN 6 /* bytes of request and of reply: both fit a minimum frame */

static const uint8_t mac_port0[6] = {0x02, 0, 0, 0, 0, 0x01};
static const uint8_t mac_port1[6] = {0x02, 0, 0, 0, 0, 0x02};
static const uint8_t mac_router[6] = {0x02, 0, 0, 0, 0x09, 0x01};
static const uint8_t mac_nf[6] = {0x02, 0, 0, 0, 0x01, 0x11};

/* Client of connection i: 10.0.0.0 + i / 60000, port 1024 + i % 60000: unique per run. */
static void
client_of(uint64_t i, uint32_t *addr_be, uint16_t *port_be)
{
	uint32_t a = 0x0a000000u + (uint32_t)(i / 60000) + 1;
	uint16_t p = (uint16_t)(1024 + i % 60000);

	*addr_be = rte_cpu_to_be_32(a);
	*port_be = rte_cpu_to_be_16(p);
}

/* A TCP segment with right checksums: Ethernet, IPv4 (no options), TCP (no options). */
static void
write_seg(uint8_t *p, const uint8_t *eth_dst, const uint8_t *eth_src, uint32_t src, uint32_t dst,
	  uint16_t sport, uint16_t dport, uint8_t flags, uint16_t payload)
{
	uint8_t *ip = p + 14, *l4 = ip + 20;
	uint16_t tot = (uint16_t)(40 + payload), c;

	memset(p, 0, FRAME_LEN);
	memcpy(p, eth_dst, 6);
	memcpy(p + 6, eth_src, 6);
	p[12] = 0x08;
	ip[0] = 0x45;
	ip[2] = (uint8_t)(tot >> 8);
	ip[3] = (uint8_t)tot;
	ip[8] = 64;
	ip[9] = 6;
	memcpy(ip + 12, &src, 4);
	memcpy(ip + 16, &dst, 4);
	c = csum_ipv4_hdr(ip, 20);
	memcpy(ip + 10, &c, 2);
	memcpy(l4, &sport, 2);
	memcpy(l4 + 2, &dport, 2);
	l4[7] = 1;  /* seq 1, ack 1: the forwarder tracks flags, not sequence numbers */
	l4[11] = 1;
	l4[12] = 5 << 4;
	l4[13] = flags;
	l4[14] = 0xfa;
	memset(l4 + 20, 'q', payload);
	c = csum_l4_verify4(src, dst, 6, l4, (unsigned)(20 + payload));
	memcpy(l4 + 16, &c, 2);
}

struct cps_run {
	struct fwd *f;
	const struct cps_rings *r;
	uint64_t cycles;   /* inside worker_poll_once */
	uint64_t lost;     /* packets that did not come out where they should */
};

/* Run the worker until its RX rings are empty; count its cycles. */
static void
cps_work(struct cps_run *run)
{
	struct worker *w = run->f->workers[0];

	do {
		uint64_t t0 = rte_rdtsc();
		worker_poll_once(w);
		run->cycles += rte_rdtsc() - t0;
	} while (rte_ring_count(run->r->rx0) + rte_ring_count(run->r->rx1) > 0);
	/* One more round: the last burst's TX buffers are flushed at the end of a poll. */
	uint64_t t0 = rte_rdtsc();
	worker_poll_once(w);
	run->cycles += rte_rdtsc() - t0;
}

/* Take up to n frames the worker sent out of a port (both of its TX rings). */
static unsigned
cps_take(struct rte_ring *const tx[2], struct rte_mbuf **out, unsigned n)
{
	unsigned got = rte_ring_sc_dequeue_burst(tx[0], (void **)out, n, NULL);

	got += rte_ring_sc_dequeue_burst(tx[1], (void **)out + got, n - got, NULL);
	return got;
}

static void
cps_put(struct cps_run *run, struct rte_ring *rx, struct rte_mbuf **m, unsigned n)
{
	unsigned done = rte_ring_sp_enqueue_burst(rx, (void **)m, n, NULL);

	if (done < n) {
		run->lost += n - done;
		rte_pktmbuf_free_bulk(m + done, n - done);
	}
}

/* The clients of connections first..first+n-1 send flags (and payload bytes). */
static void
cps_client_step(struct cps_run *run, uint64_t first, unsigned n, uint8_t flags, uint16_t payload)
{
	struct rte_mbuf *m[CPS_WAVE];
	uint32_t vip = rte_cpu_to_be_32(0x0a640001u), client;
	uint16_t vport = rte_cpu_to_be_16(80), cport;

	if (rte_pktmbuf_alloc_bulk(run->r->pool, m, n) != 0) {
		run->lost += n;
		return;
	}
	for (unsigned i = 0; i < n; i++) {
		uint8_t *p = (uint8_t *)rte_pktmbuf_append(m[i], FRAME_LEN);

		client_of(first + i, &client, &cport);
		write_seg(p, mac_port0, mac_router, client, vip, cport, vport, flags, payload);
		m[i]->port = 0;
	}
	cps_put(run, run->r->rx0, m, n);
	cps_work(run);
}

/* What reached the clients (port 0's TX): count it, free it. */
static void
cps_client_receive(struct cps_run *run, unsigned want)
{
	struct rte_mbuf *m[CPS_WAVE];
	unsigned got = cps_take(run->r->tx0, m, CPS_WAVE);

	if (got < want)
		run->lost += want - got;
	rte_pktmbuf_free_bulk(m, got);
}

/* The NF answers each frame the forwarder sent it (port 1's TX) with flags, in the same mbuf. */
static void
cps_nf_step(struct cps_run *run, unsigned want, uint8_t flags, uint16_t payload)
{
	struct rte_mbuf *m[CPS_WAVE];
	unsigned got = cps_take(run->r->tx1, m, CPS_WAVE);

	if (got < want)
		run->lost += want - got;
	for (unsigned i = 0; i < got; i++) {
		uint8_t *p = rte_pktmbuf_mtod(m[i], uint8_t *);
		uint32_t src, dst;
		uint16_t sport, dport;

		memcpy(&src, p + 26, 4);
		memcpy(&dst, p + 30, 4);
		memcpy(&sport, p + 34, 2);
		memcpy(&dport, p + 36, 2);
		if (flags == 0) { /* the client's last ACK: the exchange is over, nothing to say */
			rte_pktmbuf_free(m[i]);
			continue;
		}
		rte_pktmbuf_reset(m[i]);
		p = (uint8_t *)rte_pktmbuf_append(m[i], FRAME_LEN);
		write_seg(p, mac_port1, mac_nf, dst, src, dport, sport, flags, payload);
		m[i]->port = 1;
	}
	if (flags != 0) {
		cps_put(run, run->r->rx1, m, got);
		cps_work(run);
	}
}

enum { SYN = 0x02, FIN = 0x01, PSH = 0x08, ACK = 0x10 };

/* One wave: n connections, every step of each. */
static void
cps_wave(struct cps_run *run, uint64_t first, unsigned n)
{
	cps_client_step(run, first, n, SYN, 0);
	cps_nf_step(run, n, SYN | ACK, 0);
	cps_client_receive(run, n);
	cps_client_step(run, first, n, ACK, 0);
	cps_nf_step(run, n, 0, 0);
	cps_client_step(run, first, n, PSH | ACK, REQ_LEN);
	cps_nf_step(run, n, PSH | ACK, REQ_LEN);
	cps_client_receive(run, n);
	cps_client_step(run, first, n, FIN | ACK, 0);
	cps_nf_step(run, n, FIN | ACK, 0);
	cps_client_receive(run, n);
	cps_client_step(run, first, n, ACK, 0);
	cps_nf_step(run, n, 0, 0);
}

int
cps_bench_run(struct fwd *f, const struct cps_rings *r, uint64_t n_conns)
{
	struct cps_run run = {.f = f, .r = r};
	uint64_t hz = rte_get_tsc_hz();

	for (uint64_t first = 0; first < n_conns; first += CPS_WAVE) {
		unsigned n = (unsigned)RTE_MIN((uint64_t)CPS_WAVE, n_conns - first);
		cps_wave(&run, first, n);
	}
	struct worker *w = f->workers[0];
	uint64_t drops = 0;
	for (int i = 1; i < HVLB_DROP_MAX; i++)
		drops += w->stats.drops[i];
	double secs = (double)run.cycles / (double)hz;
	printf("{\"mode\":\"cps\",\"conns\":%" PRIu64 ",\"packets_per_conn\":8,\"tcp_cps\":%.0f,"
	       "\"worker_seconds\":%.4f,\"lost\":%" PRIu64 ",\"drops\":%" PRIu64
	       ",\"table\":%u}\n",
	       n_conns, secs > 0 ? (double)n_conns / secs : 0.0, secs, run.lost, drops,
	       conn_count(w->conns));
	return run.lost == 0 && drops == 0 ? 0 : 1;
}
