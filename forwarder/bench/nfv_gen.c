/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * nfv_gen: the traffic generator and sink of the NFV datapath benchmark (bench/nfv.py): one
 * DPDK process on one lcore with two virtio-user ports, as a VM's virtio-net would attach to a
 * vSwitch through vhost-user. Port "client" sends 64-byte frames to a VIP; port "nf" plays
 * the NFs behind the load balancer under test (hvlb-forwarder or OVS-DPDK, which serves both
 * ports with net_vhost / dpdkvhostuserclient) and counts what reaches it, checking each frame
 * as a load balancer doing NAT must have left it: to one of the NFs' MAC and address, the
 * NAT port, TTL decremented, the IPv4 checksum right (the UDP checksum on one frame in 64,
 * the TCP one on one in 16).
 *
 *   nfv_gen [EAL: --vdev net_virtio_user0,...,server=1 --vdev net_virtio_user1,...] --
 *       [--flows N] [--seconds S] [--warmup S] [--new-max N] [--phases est,new,cps]
 *       [--ready-timeout S] [--nfs N] [--any] [--cps-max N] [--cps-window N] [--marks]
 *
 * Phases (all three by default): est: --flows established flows (each opened during the
 * warm-up, in which the NFs answer every frame, so that a connection tracker has seen each
 * flow both ways), counted for --seconds; new: a new flow every packet (source address and port never seen before) for
 * --seconds or until --new-max frames were sent. The generator sends as fast as the client
 * port's ring takes frames (the load balancer's receive paces it: nothing is lost in front of
 * it), so the sink's rate is the load balancer's. cps: short TCP connections (below), at
 * most --cps-window open at once, for --seconds or --cps-max connections. --any: every frame
 * counts, unchecked, and UDP is not answered (the floor: a plain forwarder between the ports).
 * --marks: around each measured phase, "mark PHASE begin|end" on stdout and a line read from
 * stdin (the caller reads the load balancer's counters meanwhile). Prints one JSON line.
 */
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_byteorder.h>
#include <rte_cycles.h>
#include <rte_eal.h>
#include <rte_ethdev.h>
#include <rte_ip.h>
#include <rte_mbuf.h>
#include <rte_tcp.h>
#include <rte_udp.h>

#define BURST 32
#define FRAME_LEN 60 /* 64 on the wire with the FCS */
#define MAX_NFS 16
#define NEW_BASE (1u << 20) /* new flows' sequence numbers start above every established one */

/* Addresses of the benchmark's site (bench/nfv.py configures both load balancers so). */
static const uint8_t lb_mac0[6] = {0x02, 0, 0, 0, 0, 0x01};   /* the LB's client-side port */
static const uint8_t lb_mac1[6] = {0x02, 0, 0, 0, 0, 0x02};   /* the LB's NF-side port */
static const uint8_t rtr_mac[6] = {0x02, 0, 0, 0, 0x09, 0x01}; /* the clients' router */
static const uint8_t nf_mac_prefix[5] = {0x02, 0, 0, 0, 0x01};  /* NF k: ...:01:(0x11 + k) */
#define VIP RTE_IPV4(10, 100, 0, 1)
#define VPORT 53
#define NF_PORT 9000
#define NF_BASE RTE_IPV4(10, 1, 0, 11) /* NF k: 10.1.0.(11 + k) */
#define CLIENT_BASE RTE_IPV4(172, 16, 0, 0)

static volatile int stop;
static uint32_t n_flows = 10000, n_nfs = 4, new_max = 500000, cps_max = 500000, cps_window = 1024;
static double secs = 2.0, warmup = 1.0, ready_timeout = 30.0;
static bool any_frame; /* --any: count every frame, unchecked (a plain forwarder as the floor) */
static bool marks;     /* --marks: say where each measured phase begins and ends, and wait */
static uint16_t p_client, p_nf;
static struct rte_mempool *pool;
static uint8_t *templates; /* the established flows' frames, FRAME_LEN each */

struct counts {
	bool answer; /* the NFs answer what they receive */
	uint64_t tx, rx, bad, back;
	uint64_t per_nf[MAX_NFS];
};

static void
on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

/* Flow seq's frame: client 172.16.0.0 + seq / 32768, source port 1024 + seq % 32768, to the
 * VIP, checksums right. */
static void
write_frame(uint8_t *p, uint32_t seq)
{
	struct rte_ipv4_hdr *ip = (struct rte_ipv4_hdr *)(p + 14);
	struct rte_udp_hdr *udp = (struct rte_udp_hdr *)(ip + 1);

	memcpy(p, lb_mac0, 6);
	memcpy(p + 6, rtr_mac, 6);
	p[12] = 0x08, p[13] = 0x00;
	*ip = (struct rte_ipv4_hdr){
		.version_ihl = 0x45,
		.total_length = rte_cpu_to_be_16(FRAME_LEN - 14),
		.time_to_live = 64,
		.next_proto_id = IPPROTO_UDP,
		.src_addr = rte_cpu_to_be_32(CLIENT_BASE + (seq >> 15)),
		.dst_addr = rte_cpu_to_be_32(VIP),
	};
	udp->src_port = rte_cpu_to_be_16((uint16_t)(1024 + (seq & 0x7fff)));
	udp->dst_port = rte_cpu_to_be_16(VPORT);
	udp->dgram_len = rte_cpu_to_be_16(FRAME_LEN - 34);
	udp->dgram_cksum = 0;
	memset(udp + 1, 0xab, FRAME_LEN - 42);
	ip->hdr_checksum = rte_ipv4_cksum(ip);
	udp->dgram_cksum = rte_ipv4_udptcp_cksum(ip, udp);
}

/* Whether frame p of len bytes is what NAT to one of the NFs leaves; *nf its index. */
static int
frame_ok(const uint8_t *p, uint32_t len, bool check_l4, unsigned *nf)
{
	const struct rte_ipv4_hdr *ip = (const struct rte_ipv4_hdr *)(p + 14);
	const struct rte_udp_hdr *udp = (const struct rte_udp_hdr *)(ip + 1);
	uint32_t k;

	if (any_frame) {
		*nf = 0;
		return 1;
	}
	if (len < FRAME_LEN || p[12] != 0x08 || p[13] != 0x00 || ip->version_ihl != 0x45 ||
	    ip->next_proto_id != IPPROTO_UDP)
		return 0;
	k = rte_be_to_cpu_32(ip->dst_addr) - NF_BASE;
	if (k >= n_nfs || memcmp(p, nf_mac_prefix, 5) != 0 || p[5] != 0x11 + k ||
	    memcmp(p + 6, lb_mac1, 6) != 0 || ip->time_to_live != 63 ||
	    udp->dst_port != rte_cpu_to_be_16(NF_PORT) || rte_ipv4_cksum(ip) != 0)
		return 0;
	if (check_l4 && udp->dgram_cksum != 0 &&
	    __rte_ipv4_udptcp_cksum(ip, udp) != 0xffff)
		return 0;
	*nf = k;
	return 1;
}

/* The first wrong frame of a phase, in hex on stderr: what the load balancer got wrong. */
static void
show_bad(const struct rte_mbuf *m)
{
	const uint8_t *p = rte_pktmbuf_mtod(m, const uint8_t *);

	fprintf(stderr, "nfv_gen: a wrong frame (%u bytes):", m->data_len);
	for (unsigned i = 0; i < m->data_len && i < FRAME_LEN; i++)
		fprintf(stderr, "%s%02x", i % 16 ? " " : "\n  ", p[i]);
	fprintf(stderr, "\n");
}

/* Frame p, which reached NF k, turned into the NF's answer: back to the client it came from,
 * through the load balancer's NF-side port. */
static void
answer(uint8_t *p, unsigned k)
{
	struct rte_ipv4_hdr *ip = (struct rte_ipv4_hdr *)(p + 14);
	struct rte_udp_hdr *udp = (struct rte_udp_hdr *)(ip + 1);
	rte_be32_t a = ip->src_addr;
	rte_be16_t port = udp->src_port;

	memcpy(p, lb_mac1, 6);
	memcpy(p + 6, nf_mac_prefix, 5);
	p[11] = (uint8_t)(0x11 + k);
	ip->src_addr = ip->dst_addr;
	ip->dst_addr = a;
	udp->src_port = udp->dst_port;
	udp->dst_port = port; /* the UDP checksum is the same sum: nothing moved but places */
	ip->time_to_live = 64;
	ip->hdr_checksum = 0;
	ip->hdr_checksum = rte_ipv4_cksum(ip);
}

/* What reached the NFs, counted and checked; with c->answer, each frame is answered (the
 * warm-up: a connection tracker calls a flow established once it has seen both ways). */
static void
sink(struct counts *c)
{
	struct rte_mbuf *pkts[BURST], *out[BURST];
	uint16_t n, k = 0;

	for (int round = 0; round < 4; round++) {
		n = rte_eth_rx_burst(p_nf, 0, pkts, BURST);
		k = 0;
		for (uint16_t i = 0; i < n; i++) {
			uint8_t *p = rte_pktmbuf_mtod(pkts[i], uint8_t *);
			unsigned nf;

			if (frame_ok(p, pkts[i]->data_len, ((c->rx + i) & 63) == 0, &nf)) {
				c->per_nf[nf]++;
				if (c->answer) {
					answer(p, nf);
					out[k++] = pkts[i];
					continue;
				}
			} else if (c->bad++ == 0) {
				show_bad(pkts[i]);
			}
			rte_pktmbuf_free(pkts[i]);
		}
		c->rx += n;
		if (k > 0) {
			uint16_t sent = rte_eth_tx_burst(p_nf, 0, out, k);

			if (sent < k)
				rte_pktmbuf_free_bulk(out + sent, k - sent);
		}
		if (n < BURST)
			break;
	}
	/* The answers coming back to the clients (nothing else should) are counted and freed. */
	n = rte_eth_rx_burst(p_client, 0, pkts, BURST);
	c->back += n;
	rte_pktmbuf_free_bulk(pkts, n);
}

/* Short TCP connections (the cps phase): each one eight frames through the load balancer,
 * client SYN, NF SYN-ACK, client ACK and a 6-byte request, the NF's 6-byte reply, client
 * FIN, NF FIN, client ACK; sequence numbers right (a connection tracker checks them). Both
 * ends are stateless: each frame that arrives says what to send. */
#define TCP_VPORT 80
#define TCP_DATA 6
#define CPS_BASE (1u << 28) /* client endpoints above every UDP flow's */
#define TH_FIN 0x01
#define TH_SYN 0x02
#define TH_PSH 0x08
#define TH_ACK 0x10

struct tcp_ends {
	const uint8_t *dst_mac, *src_mac;
	uint8_t src_mac_last; /* src_mac's last byte, for an NF's */
	uint32_t sip, dip;    /* host order */
	uint16_t sport, dport;
};

static uint32_t tcp_checked; /* frames tcp_seen looked at */

struct cps_counts {
	uint64_t opened, done, bad, late, rx_client, rx_nf, tx;
	uint64_t per_nf[MAX_NFS];
};

/* A whole TCP frame at p (60 bytes with the padding): e's endpoints, seq, ack, flags and
 * len bytes of data; checksums right. */
static void
tcp_frame(uint8_t *p, const struct tcp_ends *e, uint32_t seq, uint32_t ack, uint8_t flags,
	  uint16_t len)
{
	struct rte_ipv4_hdr *ip = (struct rte_ipv4_hdr *)(p + 14);
	struct rte_tcp_hdr *th = (struct rte_tcp_hdr *)(ip + 1);

	memcpy(p, e->dst_mac, 6);
	memcpy(p + 6, e->src_mac, 6);
	p[11] = e->src_mac_last;
	p[12] = 0x08, p[13] = 0x00;
	*ip = (struct rte_ipv4_hdr){
		.version_ihl = 0x45,
		.total_length = rte_cpu_to_be_16(40 + len),
		.time_to_live = 64,
		.next_proto_id = IPPROTO_TCP,
		.src_addr = rte_cpu_to_be_32(e->sip),
		.dst_addr = rte_cpu_to_be_32(e->dip),
	};
	*th = (struct rte_tcp_hdr){
		.src_port = rte_cpu_to_be_16(e->sport),
		.dst_port = rte_cpu_to_be_16(e->dport),
		.sent_seq = rte_cpu_to_be_32(seq),
		.recv_ack = rte_cpu_to_be_32(ack),
		.data_off = 5 << 4,
		.tcp_flags = flags,
		.rx_win = RTE_BE16(65535),
	};
	memset(th + 1, 0x61, FRAME_LEN - 54);
	ip->hdr_checksum = rte_ipv4_cksum(ip);
	th->cksum = rte_ipv4_udptcp_cksum(ip, th);
}

static struct rte_mbuf *
frame_mbuf(void)
{
	struct rte_mbuf *m = rte_pktmbuf_alloc(pool);

	if (m != NULL)
		rte_pktmbuf_append(m, FRAME_LEN);
	return m;
}

/* The client's SYN of connection seq. */
static void
cps_syn(uint8_t *p, uint32_t seq)
{
	struct tcp_ends e = {lb_mac0, rtr_mac, rtr_mac[5], CLIENT_BASE + (seq >> 15), VIP,
			     (uint16_t)(1024 + (seq & 0x7fff)), TCP_VPORT};

	tcp_frame(p, &e, 1000, 0, TH_SYN, 0);
}

/* A frame that came out of the load balancer as TCP, checked as one the far end must
 * accept (the right MACs, addresses and ports, TTL, checksums: on the client side from the
 * VIP, on the NF side to an NF); its fields. Returns 0 when it is not. */
static int
tcp_seen(const struct rte_mbuf *m, bool nf_side, uint32_t *seq, uint32_t *ack, uint8_t *flags,
	 uint16_t *len, unsigned *nf)
{
	const uint8_t *p = rte_pktmbuf_mtod(m, const uint8_t *);
	const struct rte_ipv4_hdr *ip = (const struct rte_ipv4_hdr *)(p + 14);
	const struct rte_tcp_hdr *th = (const struct rte_tcp_hdr *)(ip + 1);
	uint16_t tot;

	if (any_frame) { /* the floor: frames come through untouched */
		tot = rte_be_to_cpu_16(ip->total_length);
		*nf = 0;
		goto fields;
	}
	if (m->data_len < 54 || p[12] != 0x08 || p[13] != 0x00 || ip->version_ihl != 0x45 ||
	    ip->next_proto_id != IPPROTO_TCP || ip->time_to_live != 63 ||
	    rte_ipv4_cksum(ip) != 0)
		return 0;
	tot = rte_be_to_cpu_16(ip->total_length);
	/* The TCP checksum on one frame in 16 (as the UDP one in 64): it is the generator's
	 * core, not the load balancer's, that pays for it. */
	if (tot < 40 || tot + 14u > m->data_len || (th->data_off >> 4) != 5 ||
	    ((++tcp_checked & 15) == 0 && __rte_ipv4_udptcp_cksum(ip, th) != 0xffff))
		return 0;
	if (nf_side) {
		uint32_t k = rte_be_to_cpu_32(ip->dst_addr) - NF_BASE;

		if (k >= n_nfs || memcmp(p, nf_mac_prefix, 5) != 0 || p[5] != 0x11 + k ||
		    memcmp(p + 6, lb_mac1, 6) != 0 || th->dst_port != RTE_BE16(NF_PORT))
			return 0;
		*nf = k;
	} else if (memcmp(p, rtr_mac, 6) != 0 || memcmp(p + 6, lb_mac0, 6) != 0 ||
		   ip->src_addr != rte_cpu_to_be_32(VIP) || th->src_port != RTE_BE16(TCP_VPORT)) {
		return 0;
	}
fields:
	*seq = rte_be_to_cpu_32(th->sent_seq);
	*ack = rte_be_to_cpu_32(th->recv_ack);
	*flags = th->tcp_flags;
	*len = (uint16_t)(tot - 40);
	return 1;
}

/* The NF's answer to frame m in place (a SYN-ACK, the reply to a request, a FIN-ACK), or
 * false when it needs none (an ACK). */
static bool
nf_answer(struct rte_mbuf *m, unsigned k, uint32_t seq, uint32_t ack, uint8_t flags,
	  uint16_t len)
{
	uint8_t *p = rte_pktmbuf_mtod(m, uint8_t *);
	const struct rte_ipv4_hdr *ip = (const struct rte_ipv4_hdr *)(p + 14);
	const struct rte_tcp_hdr *th = (const struct rte_tcp_hdr *)(ip + 1);
	struct tcp_ends e = {lb_mac1, nf_mac_prefix, (uint8_t)(0x11 + k),
			     rte_be_to_cpu_32(ip->dst_addr), rte_be_to_cpu_32(ip->src_addr),
			     NF_PORT, rte_be_to_cpu_16(th->src_port)};

	if (flags == TH_SYN)
		tcp_frame(p, &e, 5000, seq + 1, TH_SYN | TH_ACK, 0);
	else if (len > 0)
		tcp_frame(p, &e, ack, seq + len, TH_PSH | TH_ACK, TCP_DATA);
	else if (flags & TH_FIN)
		tcp_frame(p, &e, ack, seq + 1, TH_FIN | TH_ACK, 0);
	else
		return false;
	m->data_len = m->pkt_len = FRAME_LEN;
	return true;
}

/* The client's next frame(s) after frame m from the VIP: the ACK and the request after a
 * SYN-ACK (m and *more), a FIN after the reply, the last ACK after the NF's FIN (then the
 * connection is done). Returns how many of m and *more to send. */
static int
client_next(struct rte_mbuf *m, struct rte_mbuf **more, uint32_t seq, uint32_t ack,
	    uint8_t flags, uint16_t len, struct cps_counts *c)
{
	uint8_t *p = rte_pktmbuf_mtod(m, uint8_t *);
	const struct rte_ipv4_hdr *ip = (const struct rte_ipv4_hdr *)(p + 14);
	const struct rte_tcp_hdr *th = (const struct rte_tcp_hdr *)(ip + 1);
	struct tcp_ends e = {lb_mac0, rtr_mac, rtr_mac[5], rte_be_to_cpu_32(ip->dst_addr), VIP,
			     rte_be_to_cpu_16(th->dst_port), TCP_VPORT};

	m->data_len = m->pkt_len = FRAME_LEN;
	if (flags == (TH_SYN | TH_ACK)) {
		*more = frame_mbuf();
		if (*more == NULL)
			return 0;
		tcp_frame(rte_pktmbuf_mtod(*more, uint8_t *), &e, ack, seq + 1, TH_PSH | TH_ACK,
			  TCP_DATA);
		tcp_frame(p, &e, ack, seq + 1, TH_ACK, 0);
		return 2;
	}
	if (len > 0) {
		tcp_frame(p, &e, ack, seq + len, TH_FIN | TH_ACK, 0);
		return 1;
	}
	if (flags & TH_FIN) {
		tcp_frame(p, &e, ack, seq + 1, TH_ACK, 0);
		c->done++;
		return 1;
	}
	return 0;
}

/* One side's burst: what arrived on port answered (through the load balancer) or freed. */
static void
cps_side(bool nf_side, struct cps_counts *c)
{
	struct rte_mbuf *pkts[BURST], *out[2 * BURST];
	uint16_t port = nf_side ? p_nf : p_client, n, k = 0;

	n = rte_eth_rx_burst(port, 0, pkts, BURST);
	for (uint16_t i = 0; i < n; i++) {
		uint32_t seq, ack;
		uint8_t flags;
		uint16_t len;
		unsigned nf = 0;
		struct rte_mbuf *more = NULL;
		int send = 0;

		if (!tcp_seen(pkts[i], nf_side, &seq, &ack, &flags, &len, &nf)) {
			/* A UDP frame of the phases before, NATed right, that the load balancer
			 * held past their drain (its thread descheduled for over 50 ms on a busy
			 * machine): late, not wrong. */
			if (nf_side && frame_ok(rte_pktmbuf_mtod(pkts[i], const uint8_t *),
						pkts[i]->data_len, true, &nf))
				c->late++;
			else if (c->bad++ == 0)
				show_bad(pkts[i]);
		} else if (nf_side) {
			c->per_nf[nf] += flags == TH_SYN;
			send = nf_answer(pkts[i], nf, seq, ack, flags, len);
		} else {
			send = client_next(pkts[i], &more, seq, ack, flags, len, c);
		}
		if (send == 0) {
			rte_pktmbuf_free(pkts[i]);
			continue;
		}
		out[k++] = pkts[i];
		if (send == 2)
			out[k++] = more;
	}
	if (nf_side)
		c->rx_nf += n;
	else
		c->rx_client += n;
	if (k > 0) {
		uint16_t sent = rte_eth_tx_burst(port, 0, out, k);

		c->tx += sent;
		if (sent < k)
			rte_pktmbuf_free_bulk(out + sent, k - sent);
	}
}

/* Opens connections (at most window outstanding, max in all) and runs both ends for s
 * seconds. */
static double
run_cps(struct cps_counts *c, double s, uint32_t window, uint64_t max, uint32_t *seq)
{
	uint64_t hz = rte_get_tsc_hz(), t0 = rte_rdtsc(), end = t0 + (uint64_t)(s * hz);
	uint64_t base_open = c->opened, base_done = c->done;

	while (!stop && rte_rdtsc() < end) {
		/* Outstanding counts from the start of the run (what an earlier one left does
		 * not block it). */
		if ((c->opened - base_open) - (c->done - base_done) + BURST <= window &&
		    c->opened < max) {
			struct rte_mbuf *pkts[BURST];

			if (rte_pktmbuf_alloc_bulk(pool, pkts, BURST) == 0) {
				uint16_t sent;

				for (unsigned i = 0; i < BURST; i++)
					cps_syn((uint8_t *)rte_pktmbuf_append(pkts[i], FRAME_LEN),
						CPS_BASE + *seq + i);
				sent = rte_eth_tx_burst(p_client, 0, pkts, BURST);
				if (sent < BURST)
					rte_pktmbuf_free_bulk(pkts + sent, BURST - sent);
				*seq += sent;
				c->opened += sent;
				c->tx += sent;
			}
		}
		cps_side(true, c);
		cps_side(false, c);
	}
	return (double)(rte_rdtsc() - t0) / hz;
}

/* One burst to the client port: established flow frames from the templates (round robin), or
 * new flows from *seq on. Returns the frames the port took. */
static uint16_t
send_burst(bool new_flows, uint32_t *seq)
{
	struct rte_mbuf *pkts[BURST];
	uint16_t sent;

	if (rte_pktmbuf_alloc_bulk(pool, pkts, BURST) != 0)
		return 0;
	for (unsigned i = 0; i < BURST; i++) {
		uint8_t *p = (uint8_t *)rte_pktmbuf_append(pkts[i], FRAME_LEN);

		if (new_flows) {
			write_frame(p, NEW_BASE + *seq + i);
		} else {
			memcpy(p, templates + (size_t)((*seq + i) % n_flows) * FRAME_LEN, FRAME_LEN);
		}
	}
	sent = rte_eth_tx_burst(p_client, 0, pkts, BURST);
	if (sent < BURST)
		rte_pktmbuf_free_bulk(pkts + sent, BURST - sent);
	*seq += sent;
	return sent;
}

/* After a phase: what is still in flight through the load balancer (up to a ring's worth)
 * received until nothing came for 50 ms, checked (its wrong frames count in c) but not
 * counted as received, so that the next phase starts on empty rings. */
static void
drain(struct counts *c)
{
	uint64_t hz = rte_get_tsc_hz(), quiet = rte_rdtsc() + hz / 20, cap = rte_rdtsc() + hz;
	struct counts d;

	memset(&d, 0, sizeof(d));
	while (rte_rdtsc() < quiet && rte_rdtsc() < cap) {
		uint64_t before = d.rx + d.back;

		sink(&d);
		if (d.rx + d.back != before)
			quiet = rte_rdtsc() + hz / 20;
	}
	c->bad += d.bad;
}

/* Sends for s seconds (or until max frames, 0: no limit) and counts what the sink gets. */
static double
run(struct counts *c, bool new_flows, double s, uint64_t max, uint32_t *seq)
{
	uint64_t hz = rte_get_tsc_hz(), t0 = rte_rdtsc(), end = t0 + (uint64_t)(s * hz), t;

	bool answer = c->answer;

	memset(c, 0, sizeof(*c));
	c->answer = answer;
	while (!stop && (t = rte_rdtsc()) < end) {
		if (max == 0 || c->tx < max)
			c->tx += send_burst(new_flows, seq);
		else
			break;
		sink(c);
	}
	return (double)(rte_rdtsc() - t0) / hz;
}

static void
print_phase(const char *name, const struct counts *c, double s)
{
	printf(", \"%s\": {\"mpps\": %.4f, \"offered_mpps\": %.4f, \"tx\": %" PRIu64
	       ", \"rx\": %" PRIu64 ", \"bad\": %" PRIu64 ", \"seconds\": %.3f, \"per_nf\": [",
	       name, c->rx / s / 1e6, c->tx / s / 1e6, c->tx, c->rx, c->bad, s);
	for (uint32_t k = 0; k < n_nfs; k++)
		printf("%s%" PRIu64, k ? ", " : "", c->per_nf[k]);
	printf("]}");
}

static void
print_cps(const struct cps_counts *c, double s)
{
	/* Frames through the load balancer: what each side received. */
	printf(", \"cps\": {\"cps\": %.0f, \"mpps\": %.4f, \"opened\": %" PRIu64
	       ", \"done\": %" PRIu64 ", \"rx\": %" PRIu64 ", \"bad\": %" PRIu64
	       ", \"late_udp\": %" PRIu64 ", \"seconds\": %.3f, \"per_nf\": [",
	       c->done / s, (c->rx_client + c->rx_nf) / s / 1e6, c->opened, c->done,
	       c->rx_client + c->rx_nf, c->bad, c->late, s);
	for (uint32_t k = 0; k < n_nfs; k++)
		printf("%s%" PRIu64, k ? ", " : "", c->per_nf[k]);
	printf("]}");
}

/* --marks: "mark PHASE begin|end" on stdout, then a line on stdin before going on, so that
 * the caller can read the load balancer's own counters (its busy cycles) around each measured
 * phase while no frame is being sent. */
static void
mark(const char *phase, const char *what)
{
	char line[16];

	if (!marks)
		return;
	printf("mark %s %s\n", phase, what);
	fflush(stdout);
	if (fgets(line, sizeof(line), stdin) == NULL)
		stop = 1;
}

static int
port_init(uint16_t pid)
{
	struct rte_eth_conf conf = {0};

	if (rte_eth_dev_configure(pid, 1, 1, &conf) != 0 ||
	    rte_eth_rx_queue_setup(pid, 0, 1024, rte_eth_dev_socket_id(pid), NULL, pool) != 0 ||
	    rte_eth_tx_queue_setup(pid, 0, 1024, rte_eth_dev_socket_id(pid), NULL) != 0 ||
	    rte_eth_dev_start(pid) != 0)
		return -1;
	rte_eth_promiscuous_enable(pid);
	return 0;
}

/* Until both links are up and the established flows' frames come through (the load balancer
 * connected and configured), or ready_timeout. */
static int
wait_ready(uint32_t *seq)
{
	uint64_t hz = rte_get_tsc_hz(), end = rte_rdtsc() + (uint64_t)(ready_timeout * hz);
	struct counts c;

	memset(&c, 0, sizeof(c));
	while (!stop && rte_rdtsc() < end) {
		struct rte_eth_link l0, l1;

		if (rte_eth_link_get_nowait(p_client, &l0) != 0 ||
		    rte_eth_link_get_nowait(p_nf, &l1) != 0 || !l0.link_status || !l1.link_status) {
			rte_delay_ms(10);
			continue;
		}
		c.tx += send_burst(false, seq);
		sink(&c);
		if (c.rx - c.bad >= 1000)
			return 0;
		rte_delay_us(100); /* no flood while the LB is still setting up */
	}
	fprintf(stderr, "nfv_gen: not ready after %.0f s (sent %" PRIu64 ", received %" PRIu64
		", bad %" PRIu64 ")\n", ready_timeout, c.tx, c.rx, c.bad);
	return -1;
}

static int
parse_args(int argc, char **argv, bool *do_est, bool *do_new, bool *do_cps)
{
	static const struct option opts[] = {
		{"flows", 1, NULL, 'f'},   {"seconds", 1, NULL, 's'}, {"warmup", 1, NULL, 'w'},
		{"new-max", 1, NULL, 'n'}, {"phases", 1, NULL, 'p'},  {"ready-timeout", 1, NULL, 'r'},
		{"nfs", 1, NULL, 'k'},     {"any", 0, NULL, 'a'},
		{"cps-max", 1, NULL, 'c'}, {"cps-window", 1, NULL, 'W'}, {"marks", 0, NULL, 'M'},
		{NULL, 0, NULL, 0},
	};
	int opt;

	while ((opt = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (opt) {
		case 'f': n_flows = (uint32_t)strtoul(optarg, NULL, 0); break;
		case 's': secs = strtod(optarg, NULL); break;
		case 'w': warmup = strtod(optarg, NULL); break;
		case 'n': new_max = (uint32_t)strtoul(optarg, NULL, 0); break;
		case 'r': ready_timeout = strtod(optarg, NULL); break;
		case 'k': n_nfs = (uint32_t)strtoul(optarg, NULL, 0); break;
		case 'a': any_frame = true; break;
		case 'M': marks = true; break;
		case 'c': cps_max = (uint32_t)strtoul(optarg, NULL, 0); break;
		case 'W': cps_window = (uint32_t)strtoul(optarg, NULL, 0); break;
		case 'p':
			*do_est = strstr(optarg, "est") != NULL;
			*do_new = strstr(optarg, "new") != NULL;
			*do_cps = strstr(optarg, "cps") != NULL;
			break;
		default: return -1;
		}
	}
	if (n_flows == 0 || n_flows >= NEW_BASE || new_max >= CPS_BASE - NEW_BASE ||
	    cps_window < BURST || n_nfs == 0 || n_nfs > MAX_NFS || secs <= 0)
		return -1;
	return 0;
}

int
main(int argc, char **argv)
{
	bool do_est = true, do_new = true, do_cps = true;
	struct counts est, nw;
	struct cps_counts cps;
	double est_s = 0, new_s = 0, cps_s = 0;
	uint32_t seq = 0, nseq = 0, cseq = 0;
	int n;

	/* A vhost-user peer that hangs up while a port is being set up (OVS's reconnecting
	 * client did, once in 10 runs on a loaded machine) is an error of that port's probe
	 * (exit 4 below), not a SIGPIPE that kills the generator. */
	signal(SIGPIPE, SIG_IGN);
	n = rte_eal_init(argc, argv);
	if (n < 0) {
		fprintf(stderr, "nfv_gen: EAL init failed\n");
		return 1;
	}
	if (parse_args(argc - n, argv + n, &do_est, &do_new, &do_cps) != 0) {
		fprintf(stderr, "usage: nfv_gen [EAL] -- [--flows N] [--seconds S] [--warmup S] "
				"[--new-max N] [--phases est,new,cps] [--ready-timeout S] [--nfs N] [--any] "
				"[--cps-max N] [--cps-window N] [--marks]\n");
		return 2;
	}
	if (rte_eth_dev_get_port_by_name("net_virtio_user0", &p_client) != 0 ||
	    rte_eth_dev_get_port_by_name("net_virtio_user1", &p_nf) != 0) {
		fprintf(stderr, "nfv_gen: no port net_virtio_user0 (client) or net_virtio_user1 "
				"(NF side): not given (--vdev), or its vhost-user connection failed "
				"while being set up (the EAL's messages above)\n");
		return 4;
	}
	pool = rte_pktmbuf_pool_create("nfv_gen", 8191, 256, 0, RTE_MBUF_DEFAULT_BUF_SIZE,
				       (int)rte_socket_id());
	templates = malloc((size_t)n_flows * FRAME_LEN);
	if (pool == NULL || templates == NULL || port_init(p_client) != 0 || port_init(p_nf) != 0) {
		fprintf(stderr, "nfv_gen: cannot set the ports up\n");
		return 1;
	}
	for (uint32_t f = 0; f < n_flows; f++)
		write_frame(templates + (size_t)f * FRAME_LEN, f);
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	if (wait_ready(&seq) != 0)
		return 3;
	memset(&est, 0, sizeof(est));
	memset(&nw, 0, sizeof(nw));
	if (do_est) {
		est.answer = !any_frame;
		run(&est, false, warmup, 0, &seq);
		if (est.back == 0 && !any_frame) {
			fprintf(stderr, "nfv_gen: no NF answer came back to the clients in the "
					"warm-up\n");
			return 3;
		}
		fprintf(stderr, "nfv_gen: warm-up: %" PRIu64 " sent, %" PRIu64 " received, %"
			PRIu64 " answers back\n", est.tx, est.rx, est.back);
		est.answer = false;
		mark("est", "begin");
		est_s = run(&est, false, secs, 0, &seq);
		drain(&est);
		mark("est", "end");
	}
	if (do_new) {
		mark("new", "begin");
		new_s = run(&nw, true, secs, new_max, &nseq);
		drain(&nw);
		mark("new", "end");
	}
	memset(&cps, 0, sizeof(cps));
	if (do_cps) {
		run_cps(&cps, warmup / 4, cps_window, cps_max, &cseq);
		memset(&cps, 0, sizeof(cps));
		mark("cps", "begin");
		cps_s = run_cps(&cps, secs, cps_window, cps_max, &cseq);
		mark("cps", "end");
	}
	printf("{\"flows\": %u, \"nfs\": %u, \"tsc_hz\": %" PRIu64, n_flows, n_nfs,
	       rte_get_tsc_hz());
	if (do_est)
		print_phase("est", &est, est_s);
	if (do_new)
		print_phase("new", &nw, new_s);
	if (do_cps)
		print_cps(&cps, cps_s);
	printf("}\n");
	fflush(stdout);
	rte_eth_dev_stop(p_client);
	rte_eth_dev_stop(p_nf);
	rte_eal_cleanup();
	return stop ? 1 : 0;
}
