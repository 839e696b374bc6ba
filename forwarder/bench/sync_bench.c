/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Connection sync, how fast (docs/sync.md, docs/benchmarks.md): one forwarder with one worker
 * on memory-fed ring ports, sync on, its one peer a UDP socket of this program on the
 * loopback.
 *
 *  - publish: new TCP connections (a SYN each, a new client every packet) as fast as the
 *    worker and the control thread, stepped in turn on one core, turn them into records in
 *    datagrams: connections a second that reach the peer's socket;
 *  - absorb: the peer sends records of new connections (messages built and tagged before the
 *    clock starts) as fast as the control thread verifies them and the worker inserts them,
 *    both stepped on one core: connections a second in the table;
 *  - lag: the worker on its own lcore, the control thread as main.c runs it (waiting up to
 *    1 ms in poll() between rounds), and a thread that offers SYNs at a steady rate and takes
 *    the records at the peer's socket: the time from a SYN reaching the worker's RX ring to
 *    its record reaching the peer, p50 and p99.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <rte_cycles.h>
#include <rte_eal.h>
#include <rte_launch.h>
#include <rte_lcore.h>
#include <rte_mbuf.h>

#include "csum.h"
#include "fwd.h"
#include "ringfwd.h"
#include "sync_bench.h"
#include "worker_loop.h"

#define CONN_MAX (1u << 21)
#define PHASE_MAX (700u * 1000u) /* connections a phase creates at most: both fit */
#define IN_FLIGHT 2048
#define KEY "sync-bench-key-0123456789abcdef"

static const char config_ini[] =
	"[forwarder]\nconn_max = %u\nidle_sleep_max_us = 0\nmbufs = 8191\n"
	"[port0]\ndev = net_ring_sb_p0\nmac = 02:00:00:00:00:01\naddr = 10.9.0.2/24\n"
	"[port1]\ndev = net_ring_sb_p1\nmac = 02:00:00:00:00:02\naddr = 10.1.0.1/24\n"
	"[route.clients]\nprefix = 0.0.0.0/0\nvia = 10.9.0.1\nport = 0\n"
	"[neigh.nf]\naddr = 10.1.0.11\nmac = 02:00:00:00:01:11\nport = 1\n"
	"[neigh.rtr]\naddr = 10.9.0.1\nmac = 02:00:00:00:09:01\nport = 0\n"
	"[vs.tcp]\nprotocol = tcp\nvip = 10.100.0.1\nport = 80\nrs.1 = 10.1.0.11:8080\n";

static struct ringfwd_ports rp;
static struct sync_key key;
static int peer_fd;
static struct sockaddr_in fwd_sa;

/* Connection seq's client: 172.16.0.0/12 + seq >> 15, port 32768 + (seq & 0x7fff). */
static void
client_of(uint32_t seq, uint8_t *addr, uint16_t *port)
{
	uint32_t a = 0xac100000u + (seq >> 15);

	addr[0] = (uint8_t)(a >> 24);
	addr[1] = (uint8_t)(a >> 16);
	addr[2] = (uint8_t)(a >> 8);
	addr[3] = (uint8_t)a;
	*port = (uint16_t)(0x8000 | (seq & 0x7fff));
}

static uint32_t
seq_of(const struct sync_rec *r)
{
	uint32_t a = ntohl(r->orig.src.w[0]);

	return (a - 0xac100000u) << 15 | (ntohs(r->orig.sport) & 0x7fff);
}

/* A client's SYN to the VIP, checksums right. */
static void
write_syn(struct rte_mbuf *m, uint32_t seq)
{
	static const uint8_t eth[14] = {2, 0, 0, 0, 0, 1, 2, 0, 0, 0, 9, 1, 0x08, 0x00};
	uint8_t *p, *ip, *l4;
	uint16_t sport, c;
	uint32_t src, dst;

	rte_pktmbuf_reset(m);
	rte_pktmbuf_append(m, 60);
	p = rte_pktmbuf_mtod(m, uint8_t *);
	ip = p + 14;
	l4 = ip + 20;
	memset(p, 0, 60);
	memcpy(p, eth, sizeof(eth));
	ip[0] = 0x45;
	ip[3] = 40;
	ip[6] = 0x40;
	ip[8] = 64;
	ip[9] = HVLB_PROTO_TCP;
	client_of(seq, ip + 12, &sport);
	memcpy(ip + 16, (uint8_t[]){10, 100, 0, 1}, 4);
	c = csum_ipv4_hdr(ip, 20);
	memcpy(ip + 10, &c, 2);
	l4[0] = (uint8_t)(sport >> 8);
	l4[1] = (uint8_t)sport;
	l4[3] = 80;
	l4[12] = 5 << 4;
	l4[13] = HVLB_TCP_SYN;
	l4[14] = 0xfa;
	memcpy(&src, ip + 12, 4);
	memcpy(&dst, ip + 16, 4);
	c = csum_l4_verify4(src, dst, HVLB_PROTO_TCP, l4, 20);
	memcpy(l4 + 16, &c, 2);
	m->port = 0;
}

/* Mbufs the forwarder sent (SYNs to the NF), back for new SYNs; fresh ones when too few are
 * in flight. */
static unsigned
take_tx(struct rte_mbuf **out, unsigned max)
{
	unsigned n = 0;

	for (uint16_t p = 0; p < rp.n_ports; p++)
		n += rte_ring_dequeue_burst(rp.tx[p][0], (void **)out + n, max - n, NULL);
	return n;
}

/* Offer SYNs first..first+n-1 (as many as there is room and mbufs for); returns how many. */
static unsigned
offer(struct fwd *f, uint32_t first, unsigned n)
{
	struct rte_mbuf *m[64];
	unsigned k = take_tx(m, RTE_MIN(n, 64u));

	if (k < RTE_MIN(n, 64u) && rte_ring_count(rp.rx[0][0]) < IN_FLIGHT &&
	    rte_pktmbuf_alloc_bulk(f->pool, m + k, RTE_MIN(n, 64u) - k) == 0)
		k = RTE_MIN(n, 64u);
	for (unsigned i = 0; i < k; i++)
		write_syn(m[i], first + i);
	unsigned done = rte_ring_enqueue_burst(rp.rx[0][0], (void **)m, k, NULL);

	if (done < k)
		rte_pktmbuf_free_bulk(m + done, k - done);
	return done;
}

static void
step(struct fwd *f)
{
	worker_poll_once(f->workers[0]);
	ringfwd_readers_offline(f, true);
	fwd_control_poll(f);
	ringfwd_readers_offline(f, false);
}

/* Records in the datagrams waiting at the peer's socket (each tag checked when check). */
static uint64_t
peer_take(bool check, void (*each)(const struct sync_rec *r, uint64_t now, void *arg),
	  void *arg)
{
	uint8_t buf[SYNC_MAX_DGRAM];
	uint64_t n = 0;
	ssize_t len;

	while ((len = recv(peer_fd, buf, sizeof(buf), MSG_DONTWAIT)) > 0) {
		struct sync_hdr h;
		uint64_t now = rte_rdtsc();

		if (check || each != NULL) {
			if (sync_msg_verify(buf, (size_t)len, &key, &h) != SYNC_OK)
				continue;
		} else {
			h.count = (uint16_t)(buf[6] << 8 | buf[7]);
		}
		const uint8_t *p = sync_msg_recs(buf);
		for (unsigned i = 0; each != NULL && i < h.count; i++) {
			struct sync_rec r;

			p = sync_msg_rec(p, &r);
			each(&r, now, arg);
		}
		n += h.count;
	}
	return n;
}

/* ---- publish ---- */

static double
publish(struct fwd *f, double seconds)
{
	uint64_t hz = rte_get_tsc_hz(), start = rte_rdtsc(), end = start + (uint64_t)(seconds * hz);
	uint64_t got = 0, t;
	uint32_t seq = 0;

	while ((t = rte_rdtsc()) < end && seq < PHASE_MAX) {
		seq += offer(f, seq, PHASE_MAX - seq);
		step(f);
		got += peer_take(false, NULL, NULL);
	}
	for (int i = 0; i < 8; i++) { /* what is on its way */
		step(f);
		got += peer_take(false, NULL, NULL);
	}
	t = rte_rdtsc();
	return (double)got / ((double)(t - start) / (double)hz);
}

/* ---- absorb ---- */

static double
absorb(struct fwd *f, double seconds)
{
	const unsigned n_msgs = PHASE_MAX / SYNC_MAX_RECS;
	size_t per = SYNC_HDR_LEN + SYNC_MAX_RECS * SYNC_REC_LEN + SYNC_TAG_LEN;
	uint8_t *msgs = malloc((size_t)n_msgs * per);
	uint64_t hz = rte_get_tsc_hz(), start, end, in0 = f->workers[0]->stats.sync_in, t;
	unsigned sent = 0;
	double rate;

	if (msgs == NULL)
		return 0;
	for (unsigned m = 0; m < n_msgs; m++) {
		struct sync_builder b;

		sync_msg_begin(&b, msgs + (size_t)m * per, SYNC_MSG_CONNS, 2, 1, m + 1);
		for (unsigned i = 0; i < SYNC_MAX_RECS; i++) {
			struct sync_rec r = {.op = SYNC_OP_UPSERT, .state = CONN_S_ESTABLISHED,
					     .flags = SYNC_RF_NAT, .timeout_ms = 900000};
			uint16_t port;

			r.orig.proto = HVLB_PROTO_TCP;
			r.orig.af = HVLB_AF_INET;
			/* Clients the publish phase did not use: from PHASE_MAX on. */
			client_of(PHASE_MAX + m * SYNC_MAX_RECS + i, r.orig.src.b, &port);
			r.orig.sport = htons(port);
			memcpy(r.orig.dst.b, (uint8_t[]){10, 100, 0, 1}, 4);
			r.orig.dport = htons(80);
			memcpy(r.nf_addr.b, (uint8_t[]){10, 1, 0, 11}, 4);
			r.nf_port = htons(8080);
			sync_msg_add(&b, &r);
		}
		sync_msg_finish(&b, &key);
	}
	start = rte_rdtsc();
	end = start + (uint64_t)(seconds * hz);
	while ((t = rte_rdtsc()) < end) {
		/* Keep at most 256 messages queued at the forwarder's socket (2.7 MB of its 8). */
		uint64_t done = f->sync->ctr.rx_msgs + f->sync->ctr.rejects[SYNC_REJ_REPLAY];

		while (sent < n_msgs && sent - done < 256) {
			sendto(peer_fd, msgs + (size_t)sent * per, per, 0, (struct sockaddr *)&fwd_sa,
			       sizeof(fwd_sa));
			sent++;
		}
		step(f);
		/* The worker runs on its own core in the forwarder: here it catches up. */
		while (!rte_ring_empty(f->workers[0]->sync_in))
			worker_poll_once(f->workers[0]);
		if (f->workers[0]->stats.sync_in - in0 >= (uint64_t)n_msgs * SYNC_MAX_RECS)
			break;
	}
	t = rte_rdtsc();
	rate = (double)(f->workers[0]->stats.sync_in - in0) / ((double)(t - start) / (double)hz);
	free(msgs);
	return rate;
}

/* ---- lag ---- */

struct lag {
	struct fwd *f;
	double seconds;
	unsigned per_ms;     /* SYNs offered a millisecond */
	uint32_t first;      /* the first seq offered */
	uint32_t n;          /* offered */
	uint64_t *offered;   /* TSC each was put on the RX ring, by seq - first */
	uint64_t *lags;      /* ticks, by arrival */
	uint32_t n_lags;
	uint32_t cap;
	volatile int done;
};

static void
lag_one(const struct sync_rec *r, uint64_t now, void *arg)
{
	struct lag *x = arg;
	uint32_t s = seq_of(r) - x->first;

	if (r->state == CONN_S_SYN_SENT && s < x->n && x->n_lags < x->cap)
		x->lags[x->n_lags++] = now - x->offered[s];
}

/* The offering and receiving peer: a burst every millisecond, the records as they come. */
static void *
lag_peer(void *arg)
{
	struct lag *x = arg;
	uint64_t hz = rte_get_tsc_hz(), start = rte_rdtsc(), next = start;
	uint64_t end = start + (uint64_t)(x->seconds * hz);

	while (rte_rdtsc() < end + hz / 10) {
		uint64_t now = rte_rdtsc();

		if (now >= next && now < end && x->n + x->per_ms <= x->cap) {
			unsigned k = 0;

			while (k < x->per_ms) {
				unsigned d = offer(x->f, x->first + x->n + k, x->per_ms - k);

				for (unsigned i = 0; i < d; i++)
					x->offered[x->n + k + i] = now;
				k += d;
				if (d == 0)
					break;
			}
			x->n += k;
			next += hz / 1000;
		}
		peer_take(false, lag_one, x);
		usleep(100);
	}
	x->done = 1;
	return NULL;
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* The control thread as main.c runs it: a round, then up to 1 ms in poll() on the sync
 * socket. */
static void
control_loop(struct fwd *f, struct lag *x)
{
	while (!x->done) {
		struct pollfd p = {.fd = f->sync->fd, .events = POLLIN};

		poll(&p, 1, 1);
		fwd_control_poll(f);
	}
}

static int
lag(struct fwd *f, const struct sync_bench_opts *o, double *p50, double *p99, uint32_t *n)
{
	unsigned lc = rte_get_next_lcore(rte_lcore_id(), 1, 0);
	struct lag x = {.f = f, .seconds = o->seconds, .per_ms = o->lag_kcps,
			.first = 2 * PHASE_MAX};
	pthread_t th;
	double hz = (double)rte_get_tsc_hz();

	if (lc >= RTE_MAX_LCORE)
		return -1;
	x.cap = (uint32_t)(o->seconds * 1000 * o->lag_kcps) + x.per_ms;
	x.offered = calloc(x.cap, sizeof(uint64_t));
	x.lags = calloc(x.cap, sizeof(uint64_t));
	if (x.offered == NULL || x.lags == NULL)
		return -1;
	f->env.quit = 0;
	rte_eal_remote_launch(worker_main, f->workers[0], lc);
	pthread_create(&th, NULL, lag_peer, &x);
	control_loop(f, &x);
	pthread_join(th, NULL);
	f->env.quit = 1;
	rte_eal_mp_wait_lcore();
	qsort(x.lags, x.n_lags, sizeof(uint64_t), cmp_u64);
	*n = x.n_lags;
	*p50 = x.n_lags ? (double)x.lags[x.n_lags / 2] / hz * 1000 : 0;
	*p99 = x.n_lags ? (double)x.lags[(uint64_t)x.n_lags * 99 / 100] / hz * 1000 : 0;
	free(x.offered);
	free(x.lags);
	return 0;
}

/* ---- set-up ---- */

int
sync_bench_enable(struct fwd *f)
{
	struct sockaddr_in sa = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
	socklen_t len = sizeof(sa);
	struct cfg_sync s = {.id = 1, .n_peers = 1};
	char err[CFG_ERR_LEN] = "";
	int big = 8 << 20;

	peer_fd = socket(AF_INET, SOCK_DGRAM, 0);
	if (peer_fd < 0 || bind(peer_fd, (struct sockaddr *)&sa, sizeof(sa)) != 0 ||
	    getsockname(peer_fd, (struct sockaddr *)&sa, &len) != 0) {
		perror("sync bench: peer socket");
		return -1;
	}
	if (setsockopt(peer_fd, SOL_SOCKET, SO_RCVBUFFORCE, &big, sizeof(big)) != 0)
		setsockopt(peer_fd, SOL_SOCKET, SO_RCVBUF, &big, sizeof(big));
	sync_key_set(&key, KEY, strlen(KEY));
	s.listen.af = HVLB_AF_INET;
	s.listen.addr.w[0] = htonl(INADDR_LOOPBACK);
	s.peers[0] = s.listen;
	s.peers[0].port = sa.sin_port;
	s.key_len = key.len;
	memcpy(s.key, key.b, key.len);
	if (fwd_sync_set(f, &s, err) != 0) {
		fprintf(stderr, "sync bench: %s\n", err);
		return -1;
	}
	fwd_sa = (struct sockaddr_in){.sin_family = AF_INET, .sin_port = f->sync->bound.port,
				      .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
	return 0;
}

void
sync_bench_drain(struct fwd *f)
{
	ringfwd_readers_offline(f, true);
	fwd_control_poll(f);
	ringfwd_readers_offline(f, false);
	peer_take(false, NULL, NULL);
}

static struct fwd *
setup(void)
{
	char path[] = "/tmp/hvlb_syncb_XXXXXX";
	unsigned lcores[1] = {rte_lcore_id()};
	struct fwd *f;
	int fd = mkstemp(path);

	if (fd < 0 || dprintf(fd, config_ini, CONN_MAX) < 0)
		return NULL;
	close(fd);
	if (ringfwd_make_ports(&rp, path, 1, 4096, "sb") != 0)
		return NULL;
	f = fwd_create(path, 1, lcores);
	unlink(path);
	if (f == NULL || fwd_start(f) != 0 || sync_bench_enable(f) != 0)
		return NULL;
	step(f); /* its dump request to the peer */
	peer_take(false, NULL, NULL);
	return f;
}

int
sync_bench_run(const struct sync_bench_opts *o)
{
	struct fwd *f = setup();
	double pub, abs_, p50 = 0, p99 = 0;
	uint32_t n_lag = 0;

	if (f == NULL)
		return 1;
	pub = publish(f, o->seconds);
	abs_ = absorb(f, o->seconds);
	if (lag(f, o, &p50, &p99, &n_lag) != 0) {
		fprintf(stderr, "sync bench: the lag phase needs 2 lcores (-l 0,1)\n");
		return 2;
	}
	printf("{\"mode\":\"sync\",\"publish_conns_per_s\":%.0f,\"absorb_conns_per_s\":%.0f,"
	       "\"sync_conns_per_s\":%.0f,\"lag_kcps\":%u,\"lag_samples\":%u,"
	       "\"sync_lag_p50_ms\":%.3f,\"sync_lag_p99_ms\":%.3f,\"ring_full\":%lu,"
	       "\"worker_ring_full\":%lu,\"send_failed\":%lu}\n",
	       pub, abs_, RTE_MIN(pub, abs_), o->lag_kcps, n_lag, p50, p99,
	       (unsigned long)f->workers[0]->stats.sync_ring_full,
	       (unsigned long)f->sync->ctr.worker_full, (unsigned long)f->sync->ctr.tx_failed);
	return 0;
}
