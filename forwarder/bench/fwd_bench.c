/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Per-core forwarding benchmark. Two net_ring ports made from rings this program owns: a
 * generator on a second lcore keeps port 0's RX ring full of 64-byte UDP frames to a NAT
 * virtual service and recycles what comes out of port 1's TX ring; the measured lcore runs
 * either the real worker loop (worker_poll_once) or DPDK's floor on the same path (a bare
 * rx_burst -> tx_burst loop). With --single N everything runs in one thread for N packets
 * (for valgrind --tool=callgrind --toggle-collect=worker_poll_once: instructions per packet).
 * --mode skew runs N workers under uniform or skewed load, with or without RSS-A (skew.c).
 *
 *   fwd_bench [EAL] -- --mode fwd|floor --flows N|new [--proto udp|tcp|sctp|vxlan] [--seconds S]
 *                       [--service nat|fullnat|ipip|gue]   (the service's mode: NAT, FullNAT
 *                       (docs/mode-fullnat.md), or tunnel mode's IPIP / GUE encapsulation,
 *                       docs/mode-tunnel.md)
 *                      [--single N] [--sync]   (--sync: connection sync on, a loopback peer)
 *                      [--nic-hash]  (each frame with its RSS hash, the tables filed by it)
 *                      [--steered]  (an override in force, for a flow none of these is: as
 *                      after a flow move, by RSS-A or an operator)
 *                      [--moved]  (--steered, and every flow's connection one moved here: as
 *                      at the worker a flow move sent it to)
 *                      [--random]  (once every flow is open, their packets in an order
 *                      unrelated to the one they opened in) [--table N]  (conn_max N: a
 *                      table sized for the flows, as bench/conns.py sizes its own)
 *   (vxlan: the same UDP flows, inside VXLAN to a vxlan service: docs/mode-vxlan.md;
 *    big: the same UDP flows as whole 1,900-byte datagrams without DF, as an af_packet port's
 *    kernel reassembles them, each sent on in two fragments: docs/fragments.md)
 *   fwd_bench [EAL] -- --mode sync [--seconds S] [--lag-kcps K]   (sync_bench.c)
 *   fwd_bench [EAL] -- --mode publish [--reps N]   (publish_bench.c)
 *   fwd_bench [EAL] -- --mode conns   (conns_bench.c)
 *   fwd_bench [EAL] -- --mode cps --flows N   (cps_bench.c: N TCP connections, each whole)
 *   fwd_bench [EAL] -- --mode scale --workers N [--stages S] --gens G --flows N|new
 *                      [--seconds S]
 *                      | --rate MPPS --load uniform|skewed --rssa on|off [--warmup S]
 *                        [--period-ms MS] [--moves PER_S] [--idle-us US]
 *                        (the skew bench's flows offered, paced; operator moves)
 *                      (scale_bench.c: N workers and G generators on lcores of their own)
 *   fwd_bench [EAL] -- --mode skew --workers N --load uniform|skewed --rssa on|off
 *                      [--steer software|nic|dispatch] [--stages N] --rate MPPS
 *                      [--warmup S] [--seconds S]
 *                      [--period-ms MS] [--calibrate | --prices P,P,P,P,P,P,P,P
 *                      [--dispatch-prices P,P,P,P]]
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <rte_cycles.h>
#include <rte_eal.h>
#include <rte_malloc.h>
#include <rte_eth_ring.h>
#include <rte_ethdev.h>
#include <rte_launch.h>
#include <rte_lcore.h>
#include <rte_mbuf.h>
#include <rte_ring.h>

#include <valgrind/callgrind.h>

#include "bench_frame.h"
#include "csum.h"
#include "fwd.h"
#include "ringfwd.h"
#include "sctp.h"
#include "steer.h"
#include "steer_msg.h"
#include "toeplitz.h"
#include "worker_loop.h"
#include "skew.h"
#include "scale_bench.h"
#include "conns_bench.h"
#include "cps_bench.h"
#include "publish_bench.h"
#include "sync_bench.h"

#define FRAME_LEN BENCH_FRAME_LEN
#define SCTP_FRAME_MORE 6 /* --proto sctp: 14 + 20 + 12 + a 20-byte chunk */
#define BIG_FRAME_LEN (14 + 1900) /* --proto big: longer than the 1500-byte MTU */
#define IN_FLIGHT 8192
#define RING_SIZE 16384

static struct rte_ring *rx0, *tx0[2], *rx1, *tx1[2];
static struct rte_mempool *gen_pool;
static volatile int gen_stop;
static uint32_t n_flows; /* 0: a new flow per packet */
static bool tcp;          /* --proto tcp: each flow's first packet a SYN, the rest ACKs */
static bool vxlan;        /* --proto vxlan: the UDP frames in VXLAN, VNI 100 */
static bool sctp;         /* --proto sctp: each flow's first packet an INIT, the rest DATA
			     (to 3868, its real on 3869: every packet's CRC32c computed again) */
static bool big;          /* --proto big: whole 1,900-byte UDP datagrams, DF clear */
static bool nic_hash;     /* --nic-hash: each frame comes with its RSS hash, as from a NIC */
static struct toeplitz nic_tz;
static uint64_t gen_seq;
/* --random: once every flow is open, packets of the established flows in an order unrelated to
 * the one they opened in (so to where their connections sit in the table), as real traffic
 * comes: seq * SCRAMBLE_PRIME mod n_flows, a permutation (the prime exceeds any n_flows). */
static volatile int gen_scramble;
#define SCRAMBLE_PRIME 2654435761u
#define WINDOW_MS 50 /* mpps_best_window's */
static volatile uint64_t gen_out; /* frames that came out of port 1's TX ring */

static const char config_ini[] =
	"[forwarder]\nconn_max = %u\nidle_sleep_max_us = 0\nmbufs = 1023\n%s"
	"[port0]\ndev = net_ring_bench_p0\nmac = 02:00:00:00:00:01\naddr = 10.9.0.2/24\n"
	"[port1]\ndev = net_ring_bench_p1\nmac = 02:00:00:00:00:02\naddr = 10.1.0.1/24\n"
	"[route.clients]\nprefix = 10.0.0.0/8\nvia = 10.9.0.1\nport = 0\n"
	"[neigh.nf]\naddr = 10.1.0.11\nmac = 02:00:00:00:01:11\nport = 1\n"
	"[neigh.rtr]\naddr = 10.9.0.1\nmac = 02:00:00:00:09:01\nport = 0\n"
	"[vs.bench]\nprotocol = %s\nvip = 10.100.0.1\nport = %u\nmode = %s\n"
	"scheduler = maglev\nrs.1 = 10.1.0.11%s weight=100\n%s";

/* --service fullnat: the service is FullNAT, with a local pool on port 1's segment. */
static const char fullnat_pool[] = "[local_pool]\naddrs = 10.1.0.100\nports = 1024-65535\n";

/* --proto vxlan: tenant 100's UDP service on the inner VIP, its NF's VTEP 10.1.0.11. */
static const char config_vxlan[] =
	"[vs.vxbench]\nprotocol = udp\nvip = 192.168.0.100\nport = 53\nmode = vxlan\nvni = 100\n"
	"rs.1 = 10.1.0.11 weight=100\n";
#define VXLAN_OUTER 50 /* Ethernet, IPv4, UDP, VXLAN in front of the inner frame */

/* Write frame seq: client 10.x.y.z:port -> 10.100.0.1:53, UDP checksum 0 (none); 32,768
 * ports an address, so that every seq is a flow of its own (up to 2^39). */
static void
write_frame(uint8_t *p, uint64_t seq)
{
	bench_frame_write(p, (uint32_t)(seq >> 15), (uint16_t)(1024 + (seq & 0x7FFF)));
}

/* Frame seq as a whole 1,900-byte UDP datagram without DF (its checksum 0: none), which the
 * NAT rewrite leaves too long for port 1's MTU: worker_mtu.c sends it in two fragments. */
static void
write_big(uint8_t *p, uint64_t seq)
{
	uint8_t *ip = p + 14, *l4 = ip + 20;
	uint16_t c, l3 = BIG_FRAME_LEN - 14;

	write_frame(p, seq);
	memset(p + FRAME_LEN, 0xAB, BIG_FRAME_LEN - FRAME_LEN);
	ip[2] = (uint8_t)(l3 >> 8), ip[3] = (uint8_t)l3;
	ip[6] = 0; /* DF clear */
	memset(ip + 10, 0, 2);
	c = csum_ipv4_hdr(ip, 20);
	memcpy(ip + 10, &c, 2);
	l4[4] = (uint8_t)((l3 - 20) >> 8), l4[5] = (uint8_t)(l3 - 20);
	memset(l4 + 6, 0, 2);
}

/* Frame seq as TCP to 10.100.0.1:80, a SYN or an ACK. The checksum is right: a SYN's is
 * checked. */
static void
write_tcp(uint8_t *p, uint64_t seq, bool syn)
{
	uint8_t *ip = p + 14, *l4 = ip + 20;
	uint32_t src, dst;
	uint16_t c;

	write_frame(p, seq);
	ip[3] = 40; /* total length: 20 + 20, the rest is padding */
	ip[9] = 6;
	memset(ip + 10, 0, 2);
	c = csum_ipv4_hdr(ip, 20);
	memcpy(ip + 10, &c, 2);
	memset(l4 + 2, 0, 18);
	l4[3] = 80;
	l4[12] = 5 << 4;
	l4[13] = syn ? 0x02 : 0x10;
	l4[14] = 0xfa;
	memcpy(&src, ip + 12, 4);
	memcpy(&dst, ip + 16, 4);
	c = csum_l4_verify4(src, dst, 6, l4, 20);
	memcpy(l4 + 16, &c, 2);
	memset(p + 54, 0, FRAME_LEN - 54);
}

/* Frame seq as SCTP to 10.100.0.1:3868: an INIT (tag 0) or a DATA chunk of 4 bytes (the NF's
 * tag), 52 bytes of IP either way; the CRC32c is right (every packet's is checked). */
static void
write_sctp(uint8_t *p, uint64_t seq, bool init)
{
	static const uint8_t data[20] = {0, 3, 0, 20, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 46,
					 'd', 'a', 't', 'a'};
	static const uint8_t init_chunk[20] = {1, 0, 0, 20, 0x11, 0x11, 0x11, 0x11, 0, 1, 0, 0,
					       0, 1, 0, 1, 0, 0, 0, 1};
	uint8_t *ip = p + 14, *l4 = ip + 20;
	uint16_t c;

	write_frame(p, seq);
	ip[3] = 52;
	ip[9] = HVLB_PROTO_SCTP;
	memset(ip + 10, 0, 2);
	c = csum_ipv4_hdr(ip, 20);
	memcpy(ip + 10, &c, 2);
	l4[2] = 3868 >> 8, l4[3] = 3868 & 0xff;
	memset(l4 + 4, init ? 0 : 0x22, 4);
	memcpy(l4 + SCTP_HLEN, init ? init_chunk : data, 20);
	sctp_csum_set(l4, 32);
}

/* Frame seq in VXLAN from the client VTEP 10.9.0.2x to our 10.9.0.2, VNI 100: the outer UDP
 * source port from the flow, as a VTEP would; inside, write_frame's to 192.168.0.100:53. */
static void
write_vxlan(uint8_t *p, uint64_t seq)
{
	static const uint8_t hdr[] = {
		0x02, 0, 0, 0, 0, 0x01, 0x02, 0, 0, 0, 0x09, 0x21, 0x08, 0x00, /* Ethernet */
		0x45, 0, 0, 96, 0, 0, 0x40, 0, 64, 17, 0, 0,                    /* IPv4 */
		10, 9, 0, 21, 10, 9, 0, 2,                                      /* src, dst */
		0xc0, 0, 0x12, 0xb5, 0, 76, 0, 0,                               /* UDP to 4789 */
		0x08, 0, 0, 0, 0, 0, 100, 0,                                    /* VXLAN, VNI 100 */
	};
	uint8_t *in = p + VXLAN_OUTER, *ip = in + 14;
	uint16_t c;

	memcpy(p, hdr, sizeof(hdr));
	p[35] = (uint8_t)seq; /* the outer source port varies with the flow */
	c = csum_ipv4_hdr(p + 14, 20);
	memcpy(p + 24, &c, 2);
	write_frame(in, seq);
	ip[16] = 192, ip[17] = 168, ip[18] = 0, ip[19] = 100;
	memset(ip + 10, 0, 2);
	c = csum_ipv4_hdr(ip, 20);
	memcpy(ip + 10, &c, 2);
}

/* --nic-hash: the RSS hash a NIC set up as port.c does gives the frame in m. */
static void
nic_hash_give(struct rte_mbuf *m)
{
	if (nic_hash)
		ringfwd_nic_hash(m, &nic_tz, 0);
}

/* The NF's side of the TCP warm-up: each SYN the forwarder sent it (on port 1's TX ring)
 * answered with a SYN-ACK on port 1's RX ring (addresses, ports and MACs swapped, as its stack
 * would), so the connections are established when the count starts; every other frame there,
 * and what the forwarder sent the client (port 0's TX), is freed. Returns the SYN-ACKs sent. */
static unsigned
nf_answer_syns(void)
{
	static const uint8_t nf_mac[6] = {0x02, 0, 0, 0, 0x01, 0x11};
	static const uint8_t p1_mac[6] = {0x02, 0, 0, 0, 0, 0x02};
	struct rte_mbuf *pkts[64];
	unsigned n = rte_ring_sc_dequeue_burst(tx1[0], (void **)pkts, 64, NULL), sent = 0;

	for (unsigned i = 0; i < n; i++) {
		uint8_t *p = rte_pktmbuf_mtod(pkts[i], uint8_t *), *ip = p + 14, *l4 = ip + 20;
		uint32_t a[2];
		uint16_t port, c;

		bool is_init = ip[9] == HVLB_PROTO_SCTP && l4[SCTP_HLEN] == 1;

		if ((!is_init && (ip[9] != 6 || l4[13] != 0x02)) ||
		    rte_ring_sp_enqueue(rx1, pkts[i]) != 0) {
			rte_pktmbuf_free(pkts[i]);
			continue;
		}
		memcpy(p, p1_mac, 6);
		memcpy(p + 6, nf_mac, 6);
		memcpy(a, ip + 12, 8);
		memcpy(ip + 12, &a[1], 4);
		memcpy(ip + 16, &a[0], 4);
		memcpy(&port, l4, 2);
		memcpy(l4, l4 + 2, 2);
		memcpy(l4 + 2, &port, 2);
		ip[8] = 64;
		memset(ip + 10, 0, 2);
		c = csum_ipv4_hdr(ip, 20);
		memcpy(ip + 10, &c, 2);
		if (is_init) { /* INIT-ACK, tagged with the INIT's initiate tag */
			memcpy(l4 + 4, l4 + SCTP_HLEN + 4, 4);
			l4[SCTP_HLEN] = 2;
			memset(l4 + SCTP_HLEN + 4, 0x22, 4);
			sctp_csum_set(l4, 32);
		} else {
			l4[13] = 0x12; /* SYN, ACK */
			memset(l4 + 16, 0, 2);
			c = csum_l4_verify4(a[1], a[0], 6, l4, 20);
			memcpy(l4 + 16, &c, 2);
		}
		pkts[i]->port = 1;
		pkts[i]->ol_flags = 0;
		nic_hash_give(pkts[i]);
		sent++;
	}
	n = rte_ring_sc_dequeue_burst(tx0[0], (void **)pkts, 64, NULL);
	rte_pktmbuf_free_bulk(pkts, n);
	return sent;
}

/* Connections in the table in state ESTABLISHED (conn_walk). */
static int
count_established(void *arg, const struct conn *c)
{
	*(uint32_t *)arg += c->state == CONN_S_ESTABLISHED;
	return 0;
}

/* --moved: c is one a flow move brought to this worker (worker_steer.c import marks it so
 * where it is not its client's default owner, which with one worker it cannot be). */
static int
mark_moved(void *arg, const struct conn *c)
{
	(void)arg;
	((struct conn *)(uintptr_t)c)->flags |= CONN_FL_STEERED;
	return 0;
}

static void
refill(struct rte_mbuf *m)
{
	uint64_t n = gen_seq++;
	uint64_t seq = n_flows ? n % n_flows : n;

	if (gen_scramble)
		seq = seq * SCRAMBLE_PRIME % n_flows;
	uint8_t *p = (uint8_t *)rte_pktmbuf_append((rte_pktmbuf_reset(m), m),
						  big ? BIG_FRAME_LEN
						      : FRAME_LEN + (vxlan ? VXLAN_OUTER : 0) +
								(sctp ? SCTP_FRAME_MORE : 0));

	/* TCP: SYNs first, until every flow has had one and two whole bursts have gone (an ACK
	 * looked up in the burst of its own flow's SYN finds no connection yet), then ACKs. */
	if (sctp)
		write_sctp(p, seq, n_flows == 0 || n < RTE_MAX(n_flows, 2u * FWD_BURST));
	else if (tcp)
		write_tcp(p, seq, n_flows == 0 || n < RTE_MAX(n_flows, 2u * FWD_BURST));
	else if (vxlan)
		write_vxlan(p, seq);
	else if (big)
		write_big(p, seq);
	else
		write_frame(p, seq);
	m->port = 0;
	nic_hash_give(m);
}

/* Recycle transmitted frames into new input; top up what the forwarder dropped. */
static unsigned
gen_step(void)
{
	struct rte_mbuf *pkts[64];
	unsigned n = rte_ring_sc_dequeue_burst(tx1[0], (void **)pkts, 64, NULL);

	gen_out += n;
	if (n == 0 && rte_ring_count(rx0) < IN_FLIGHT / 2 &&
	    rte_pktmbuf_alloc_bulk(gen_pool, pkts, 64) == 0)
		n = 64;
	for (unsigned i = 0; i < n; i++)
		refill(pkts[i]);
	unsigned done = rte_ring_sp_enqueue_burst(rx0, (void **)pkts, n, NULL);
	if (done < n)
		rte_pktmbuf_free_bulk(pkts + done, n - done);
	return n;
}

static int
gen_main(void *arg)
{
	(void)arg;
	while (!gen_stop)
		gen_step();
	return 0;
}

static int
make_ports(void)
{
	rx0 = rte_ring_create("b_rx0", RING_SIZE, 0, RING_F_SP_ENQ | RING_F_SC_DEQ);
	rx1 = rte_ring_create("b_rx1", RING_SIZE, 0, RING_F_SP_ENQ | RING_F_SC_DEQ);
	for (int q = 0; q < 2; q++) {
		char name[32];
		snprintf(name, sizeof(name), "b_tx0_%d", q);
		tx0[q] = rte_ring_create(name, RING_SIZE, 0, RING_F_SP_ENQ | RING_F_SC_DEQ);
		snprintf(name, sizeof(name), "b_tx1_%d", q);
		tx1[q] = rte_ring_create(name, RING_SIZE, 0, RING_F_SP_ENQ | RING_F_SC_DEQ);
	}
	if (rte_eth_from_rings("bench_p0", &rx0, 1, tx0, 2, 0) < 0 ||
	    rte_eth_from_rings("bench_p1", &rx1, 1, tx1, 2, 0) < 0)
		return -1;
	gen_pool = rte_pktmbuf_pool_create("bench_gen", IN_FLIGHT * 2 - 1, 256, 0,
					   RTE_MBUF_DEFAULT_BUF_SIZE, 0);
	return gen_pool == NULL ? -1 : 0;
}

/* DPDK's floor on the same path: port 0 RX straight to port 1 TX. */
static unsigned
floor_poll(struct fwd *f)
{
	struct rte_mbuf *pkts[FWD_BURST];
	uint16_t n = rte_eth_rx_burst(f->ports.p[0].port_id, 0, pkts, FWD_BURST);
	uint16_t sent = rte_eth_tx_burst(f->ports.p[1].port_id, 0, pkts, n);

	if (sent < n)
		rte_pktmbuf_free_bulk(pkts + sent, n - sent);
	return sent;
}

static uint64_t
out_pkts(void)
{
	/* Frames forwarded, counted where they leave port 1 (top-ups of dropped frames, which
	 * gen_seq also counts, are not throughput). */
	return gen_out;
}

/* --steered: the overrides' table a flow move leaves in force (steer_ctl.c publishes it for
 * as long as any moved connection lives), with one override, for a flow none of the bench's
 * is. Put where the control thread would put it: the workers read it at their next loop. */
static int
steer_one_override(struct fwd *f)
{
	struct steer_rule r = {.worker = 0};
	void *mem = rte_zmalloc("bench_steer", steer_table_mem_size(1), RTE_CACHE_LINE_SIZE);

	if (mem == NULL)
		return -1;
	r.key.src.w[0] = htonl(0xc6336401u); /* 198.51.100.1:4242, to the VIP */
	r.key.dst.w[0] = htonl(0x0a640001u);
	r.key.sport = htons(4242);
	r.key.dport = htons(53);
	r.key.proto = HVLB_PROTO_UDP;
	r.key.af = HVLB_AF_INET;
	r.client_hash = steer_client_hash_of(&r.key, true);
	__atomic_store_n(&f->env.steer->table, steer_table_build(mem, &r, 1), __ATOMIC_RELEASE);
	return 0;
}

int
main(int argc, char **argv)
{
	static const struct option opts[] = {
		{"mode", required_argument, NULL, 'm'},  {"flows", required_argument, NULL, 'f'},
		{"seconds", required_argument, NULL, 's'}, {"single", required_argument, NULL, 'n'},
		{"workers", required_argument, NULL, 'w'}, {"load", required_argument, NULL, 'l'},
		{"rssa", required_argument, NULL, 'r'}, {"steer", required_argument, NULL, 't'},
		{"rate", required_argument, NULL, 'R'}, {"warmup", required_argument, NULL, 'W'},
		{"period-ms", required_argument, NULL, 'p'}, {"calibrate", no_argument, NULL, 'C'},
		{"prices", required_argument, NULL, 'P'},
		{"dispatch-prices", required_argument, NULL, 'D'},
		{"stages", required_argument, NULL, 'S'}, {"proto", required_argument, NULL, 'T'},
		{"lag-kcps", required_argument, NULL, 'K'}, {"sync", no_argument, NULL, 'Y'},
		{"reps", required_argument, NULL, 'N'}, {"service", required_argument, NULL, 'V'},
		{"nic-hash", no_argument, NULL, 'H'}, {"gens", required_argument, NULL, 'G'},
		{"moves", required_argument, NULL, 'M'}, {"idle-us", required_argument, NULL, 'I'},
		{"steered", no_argument, NULL, 'O'}, {"moved", no_argument, NULL, 'X'},
		{"random", no_argument, NULL, 'Z'}, {"table", required_argument, NULL, 'B'},
		{NULL, 0, NULL, 0}};
	struct skew_opts sk = {.workers = 2, .rate_mpps = 1, .warmup_s = 1.0, .period_ms = 200};
	struct sync_bench_opts sy = {.lag_kcps = 100};
	uint16_t gens = 1;
	double moves_per_s = 0;
	uint32_t idle_us = 0;
	bool sk_rate_set = false;
	bool sync_on = false;
	bool steered = false, moved = false;
	bool random_order = false;
	uint32_t table = 0; /* --table: conn_max, in place of the rule below */
	unsigned reps = 15;
	const char *mode = "fwd";
	const char *service = "nat";
	double seconds = 2.0;
	uint64_t single = 0;
	char path[] = "/tmp/hvlb_bench_XXXXXX";
	unsigned lcores[1];
	int rc, opt, fd;

	rc = rte_eal_init(argc, argv);
	if (rc < 0)
		return 2;
	argc -= rc;
	argv += rc;
	while ((opt = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		if (opt == 'm')
			mode = optarg;
		else if (opt == 'f')
			n_flows = strcmp(optarg, "new") == 0 ? 0 : (uint32_t)atoi(optarg);
		else if (opt == 's')
			seconds = atof(optarg);
		else if (opt == 'n')
			single = strtoull(optarg, NULL, 10);
		else if (opt == 'w')
			sk.workers = (uint16_t)atoi(optarg);
		else if (opt == 'l')
			sk.skewed = strcmp(optarg, "skewed") == 0;
		else if (opt == 'r')
			sk.rssa = strcmp(optarg, "on") == 0;
		else if (opt == 'H')
			nic_hash = true;
		else if (opt == 'O')
			steered = true;
		else if (opt == 'X')
			steered = moved = true;
		else if (opt == 'Z')
			random_order = true;
		else if (opt == 'B')
			table = (uint32_t)atoi(optarg);
		else if (opt == 'G')
			gens = (uint16_t)atoi(optarg);
		else if (opt == 'M')
			moves_per_s = atof(optarg);
		else if (opt == 'I')
			idle_us = (uint32_t)atoi(optarg);
		else if (opt == 't') {
			sk.nic_steer = strcmp(optarg, "nic") == 0;
			sk.dispatch = strcmp(optarg, "dispatch") == 0 ? RTE_MAX(sk.dispatch, 1) : 0;
		} else if (opt == 'S') {
			sk.dispatch = (uint16_t)atoi(optarg);
		}
		else if (opt == 'T') {
			tcp = strcmp(optarg, "tcp") == 0;
			vxlan = strcmp(optarg, "vxlan") == 0;
			sctp = strcmp(optarg, "sctp") == 0;
			big = strcmp(optarg, "big") == 0;
		}
		else if (opt == 'K')
			sy.lag_kcps = (unsigned)atoi(optarg);
		else if (opt == 'Y')
			sync_on = true;
		else if (opt == 'N')
			reps = (unsigned)atoi(optarg);
		else if (opt == 'V')
			service = optarg;
		else if (opt == 'R')
			sk.rate_mpps = atof(optarg), sk_rate_set = true;
		else if (opt == 'W')
			sk.warmup_s = atof(optarg);
		else if (opt == 'p')
			sk.period_ms = (uint32_t)atoi(optarg);
		else if (opt == 'C')
			sk.calibrate = true;
		else if (opt == 'P') {
			if (sscanf(optarg, "%lf,%lf,%lf,%lf,%lf,%lf,%lf,%lf", &sk.price[0],
				   &sk.price[1], &sk.price[2], &sk.price[3], &sk.price[4],
				   &sk.price[5], &sk.price[6], &sk.price[7]) != 8)
				return 2;
		} else if (opt == 'D') {
			if (sscanf(optarg, "%lf,%lf,%lf,%lf", &sk.dprice[0], &sk.dprice[1],
				   &sk.dprice[2], &sk.dprice[3]) != 4)
				return 2;
		}
		else
			return 2;
	}
	if (strcmp(mode, "sync") == 0) {
		sy.seconds = seconds;
		return sync_bench_run(&sy);
	}
	if (strcmp(mode, "publish") == 0)
		return publish_bench_run(reps);
	if (strcmp(mode, "conns") == 0)
		return conns_bench_run();
	if (strcmp(mode, "scale") == 0) {
		struct scale_opts so = {.workers = sk.workers, .stages = sk.dispatch, .gens = gens,
					.flows = n_flows, .rate_mpps = sk_rate_set ? sk.rate_mpps : 0,
					.skewed = sk.skewed, .rssa = sk.rssa, .warmup_s = sk.warmup_s,
					.period_ms = sk.period_ms, .moves_per_s = moves_per_s,
					.idle_us = idle_us,
					.new_flows = n_flows == 0, .seconds = seconds};

		return scale_bench_run(&so);
	}
	if (strcmp(mode, "skew") == 0) {
		sk.seconds = seconds;
		return skew_run(&sk);
	}
	unsigned gen_lcore = rte_get_next_lcore(rte_lcore_id(), 1, 0);
	if (single == 0 && gen_lcore >= RTE_MAX_LCORE && strcmp(mode, "cps") != 0) {
		fprintf(stderr, "fwd_bench: needs 2 lcores (-l 0,1), or --single N\n");
		return 2;
	}
	/* New flows need room for every flow of the run; established ones a table of their
	 * number at most half full (a small one for up to 32,768). The connections of cps stay
	 * in TIME_WAIT for the whole run. */
	bool cps = strcmp(mode, "cps") == 0;
	uint32_t conn_max = cps ? RTE_MAX(n_flows, 65536u)
			    : n_flows ? RTE_MAX(2 * n_flows, 65536u)
				      : (single ? (uint32_t)single * 2 : 1u << 22);
	if (table != 0)
		conn_max = table;
	tcp = tcp || cps;
	fd = mkstemp(path);
	/* Tunnel mode keeps the port: its real has none. FullNAT adds a local pool on port 1's
	 * segment. */
	bool tunnel = strcmp(service, "ipip") == 0 || strcmp(service, "gue") == 0;
	bool fullnat = strcmp(service, "fullnat") == 0;
	char svc_mode[32], rs_port[8] = "";

	if (!tunnel && !fullnat && strcmp(service, "nat") != 0)
		return 2;
	snprintf(svc_mode, sizeof(svc_mode), tunnel ? "tunnel\nencap = %s" : "%s", service);
	if (!tunnel)
		snprintf(rs_port, sizeof(rs_port), ":%u", sctp ? 3869u : tcp ? 8080u : 5353u);
	dprintf(fd, config_ini, conn_max, nic_hash ? "conn_hash = toeplitz\n" : "",
		sctp ? "sctp" : tcp ? "tcp" : "udp", sctp ? 3868u : tcp ? 80u : 53u, svc_mode, rs_port,
		fullnat ? fullnat_pool : "");
	if (vxlan)
		dprintf(fd, "%s", config_vxlan);
	close(fd);
	lcores[0] = rte_lcore_id();
	if (make_ports() != 0)
		return 1;
	struct fwd *f = fwd_create(path, 1, lcores);
	unlink(path);
	if (f == NULL || fwd_start(f) != 0 || (sync_on && sync_bench_enable(f) != 0))
		return 1;
	/* --nic-hash: ring ports give no hash; the generator is their NIC (refill), and the
	 * worker trusts it from the first packet. */
	if (nic_hash) {
		toeplitz_init(&nic_tz, toeplitz_key);
		f->env.nic_hash = 1;
		f->workers[0]->key_hash = WORKER_HASH_NIC;
		f->workers[0]->nic_hash_checks = 0;
	}
	if (steered && steer_one_override(f) != 0)
		return 1;
	if (cps) {
		struct cps_rings r = {.rx0 = rx0, .tx0 = {tx0[0], tx0[1]}, .rx1 = rx1,
				      .tx1 = {tx1[0], tx1[1]}, .pool = gen_pool};
		return cps_bench_run(f, &r, n_flows);
	}
	int floor = strcmp(mode, "floor") == 0;
	struct worker *w = f->workers[0];
	uint64_t hz = rte_get_tsc_hz(), start, end, n0, n1;

	if (single) {
		uint64_t done = 0;

		/* Established flows are measured established: each flow's first packet (a new
		 * connection) goes through once first, as in the timed run's warm-up, and
		 * callgrind's counts start after it (a no-op outside valgrind). Without this, 10,000
		 * flows in 20,000 packets would count half new flows. */
		if ((n_flows > 1 || moved) && !floor && !tcp && !sctp) {
			while (done < n_flows) {
				gen_step();
				done += worker_poll_once(w);
			}
			if (moved) {
				uint32_t cursor = 0;

				conn_walk(w->conns, &cursor, conn_capacity(w->conns), mark_moved,
					  NULL);
			}
			CALLGRIND_ZERO_STATS;
			done = 0;
		}
		/* TCP: the SYNs go first (refill), the NF answers each (nf_answer_syns), and the
		 * client's ACKs that follow establish them: two a flow after the last SYN-ACK left,
		 * so that each flow has had one after its SYN-ACK came back through. */
		if (n_flows > 0 && !floor && (tcp || sctp)) {
			uint32_t answered = 0;
			uint64_t acks = 0;

			for (uint64_t k = 0; answered < n_flows || k < 4 * FWD_BURST; k++) {
				gen_step();
				worker_poll_once(w);
				answered += nf_answer_syns();
			}
			while (acks < 2ull * n_flows + FWD_BURST) {
				gen_step();
				acks += worker_poll_once(w);
				nf_answer_syns();
			}
			CALLGRIND_ZERO_STATS;
		}
		while (done < single) {
			gen_step();
			done += floor ? floor_poll(f) : worker_poll_once(w);
			if (sync_on)
				sync_bench_drain(f);
		}
		uint64_t drops = 0;
		for (int r = 1; r < HVLB_DROP_MAX; r++)
			drops += w->stats.drops[r];
		uint32_t est = 0, cursor = 0;

		conn_walk(w->conns, &cursor, conn_capacity(w->conns), count_established, &est);
		printf("{\"mode\":\"%s\",\"packets\":%" PRIu64 ",\"drops\":%" PRIu64
		       ",\"conns\":%u,\"established\":%u}\n", mode, done, drops,
		       conn_count(w->conns), est);
		return 0;
	}
	rte_eal_remote_launch(gen_main, NULL, gen_lcore);
	/* Warm up (caches, and the connection table for established flows: every flow sent
	 * once first, which for millions of them takes longer than the warm-up itself). */
	while (n_flows > 0 && !floor && *(volatile uint64_t *)&gen_seq < n_flows)
		worker_poll_once(w);
	gen_scramble = random_order && n_flows > 0;
	for (end = rte_rdtsc() + hz / (n_flows ? 2 : 10); rte_rdtsc() < end;)
		floor ? floor_poll(f) : worker_poll_once(w);
	n0 = out_pkts();
	start = rte_rdtsc();
	end = start + (uint64_t)(seconds * hz);
	/* Also the best window of WINDOW_MS: on a shared VM a whole run's rate carries whatever
	 * else ran meanwhile, and the quietest window compares like with like between runs.
	 * (The worker's own busy cycles were tried as the rate too: they moved with the
	 * windows' rates, so the worker's core, not the generator, is what slows.) */
	uint64_t win = hz * WINDOW_MS / 1000, win_end = start + win, win_n = n0, t;
	double best = 0;

	while ((t = rte_rdtsc()) < end) {
		if (t >= win_end) {
			uint64_t o = out_pkts();
			double r = (double)(o - win_n) / ((double)(t - win_end + win) / hz) / 1e6;

			best = RTE_MAX(best, r);
			win_n = o;
			win_end = t + win;
		}
		floor ? floor_poll(f) : worker_poll_once(w);
	}
	n1 = out_pkts();
	end = rte_rdtsc();
	gen_stop = 1;
	rte_eal_mp_wait_lcore();
	double mpps = (double)(n1 - n0) / ((double)(end - start) / hz) / 1e6;
	uint64_t drops = 0;
	for (int r = 1; r < HVLB_DROP_MAX; r++)
		drops += w->stats.drops[r];
	printf("{\"mode\":\"%s\",\"flows\":%u,\"mpps\":%.3f,\"mpps_best_window\":%.3f,"
	       "\"drops\":%" PRIu64 ",\"conns\":%u}\n",
	       mode, n_flows, mpps, best, drops, conn_count(w->conns));
	return 0;
}
