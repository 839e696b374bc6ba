/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * hvlb-nf-echo: the smallest network function that answers real packets on a DPDK port, for
 * the container and VM port labs (docs/ports.md): an NF on a memif or virtio-user port behind
 * the forwarder. It owns one IPv4 address and answers ARP requests for it, ICMP echo requests
 * to it and every UDP datagram to it (sent back to where it came from, payload unchanged).
 * Replies go back to the MAC they came from, so it needs no routes.
 *
 *   hvlb-nf-echo [EAL options, one --vdev] -- -a 10.1.0.11 [-q]
 *
 * -q: quiet. It counts what it answered and dropped and prints it once a second when it
 * changed, and at exit (SIGINT, SIGTERM).
 */
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <arpa/inet.h>

#include <rte_arp.h>
#include <rte_cycles.h>
#include <rte_eal.h>
#include <rte_ethdev.h>
#include <rte_icmp.h>
#include <rte_ip.h>
#include <rte_mbuf.h>
#include <rte_udp.h>

#define BURST 32

static volatile int stop;

struct nf_counts {
	uint64_t arp, echo, udp, other;
};

static void
on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static void
swap_mac(struct rte_ether_hdr *eh)
{
	struct rte_ether_addr t = eh->dst_addr;

	eh->dst_addr = eh->src_addr;
	eh->src_addr = t;
}

/* An ARP request for our address becomes its reply. */
static int
answer_arp(struct rte_ether_hdr *eh, struct rte_mbuf *m, rte_be32_t ip,
	   const struct rte_ether_addr *mac)
{
	struct rte_arp_hdr *a = (struct rte_arp_hdr *)(eh + 1);

	if (m->data_len < sizeof(*eh) + sizeof(*a) ||
	    a->arp_opcode != RTE_BE16(RTE_ARP_OP_REQUEST) || a->arp_data.arp_tip != ip)
		return -1;
	a->arp_opcode = RTE_BE16(RTE_ARP_OP_REPLY);
	a->arp_data.arp_tha = a->arp_data.arp_sha;
	a->arp_data.arp_tip = a->arp_data.arp_sip;
	a->arp_data.arp_sha = *mac;
	a->arp_data.arp_sip = ip;
	eh->dst_addr = eh->src_addr;
	eh->src_addr = *mac;
	return 0;
}

/* An ICMP echo request or a UDP datagram to our address goes back where it came from:
 * addresses (and ports) swapped, which leaves every checksum as it was; an echo request
 * becomes a reply (its checksum adjusted for the type). 0: answered; 1: echo; -1: not ours. */
static int
answer_ipv4(struct rte_ether_hdr *eh, struct rte_mbuf *m, rte_be32_t ip, struct nf_counts *n)
{
	struct rte_ipv4_hdr *h = (struct rte_ipv4_hdr *)(eh + 1);
	size_t l3 = sizeof(*eh), ihl;
	rte_be32_t t;

	if (m->data_len < l3 + sizeof(*h) || h->dst_addr != ip)
		return -1;
	ihl = (size_t)(h->version_ihl & 0xf) * 4;
	if (ihl < sizeof(*h) || m->data_len < l3 + ihl + 8 ||
	    (h->fragment_offset & RTE_BE16(0x3fff)) != 0)
		return -1;
	if (h->next_proto_id == IPPROTO_UDP) {
		struct rte_udp_hdr *u = (struct rte_udp_hdr *)((uint8_t *)h + ihl);
		rte_be16_t p = u->src_port;

		u->src_port = u->dst_port;
		u->dst_port = p;
		n->udp++;
	} else if (h->next_proto_id == IPPROTO_ICMP) {
		struct rte_icmp_hdr *c = (struct rte_icmp_hdr *)((uint8_t *)h + ihl);
		uint32_t sum;

		if (c->icmp_type != RTE_IP_ICMP_ECHO_REQUEST || c->icmp_code != 0)
			return -1;
		c->icmp_type = RTE_IP_ICMP_ECHO_REPLY;
		/* RFC 1624: the type went from 8 to 0 in the high byte of the first word. */
		sum = (uint32_t)(uint16_t)~rte_be_to_cpu_16(c->icmp_cksum) + 0xffffu - 0x0800u;
		sum = (sum & 0xffff) + (sum >> 16);
		sum = (sum & 0xffff) + (sum >> 16);
		c->icmp_cksum = rte_cpu_to_be_16((uint16_t)~sum);
		n->echo++;
	} else {
		return -1;
	}
	t = h->src_addr;
	h->src_addr = h->dst_addr;
	h->dst_addr = t;
	swap_mac(eh);
	return 0;
}

static int
port_init(uint16_t pid, struct rte_mempool *pool)
{
	struct rte_eth_conf conf = {0};

	if (rte_eth_dev_configure(pid, 1, 1, &conf) != 0 ||
	    rte_eth_rx_queue_setup(pid, 0, 512, rte_eth_dev_socket_id(pid), NULL, pool) != 0 ||
	    rte_eth_tx_queue_setup(pid, 0, 512, rte_eth_dev_socket_id(pid), NULL) != 0 ||
	    rte_eth_dev_start(pid) != 0)
		return -1;
	rte_eth_promiscuous_enable(pid);
	return 0;
}

static void
print_counts(const struct nf_counts *n)
{
	printf("nf-echo: answered arp %lu echo %lu udp %lu, dropped %lu\n",
	       (unsigned long)n->arp, (unsigned long)n->echo, (unsigned long)n->udp,
	       (unsigned long)n->other);
	fflush(stdout);
}

static void
serve(uint16_t pid, rte_be32_t ip, const struct rte_ether_addr *mac, int quiet)
{
	struct nf_counts n = {0}, shown = {0};
	uint64_t hz = rte_get_tsc_hz(), next = rte_rdtsc() + hz;
	struct rte_mbuf *pkts[BURST], *out[BURST];

	while (!stop) {
		uint16_t nb = rte_eth_rx_burst(pid, 0, pkts, BURST), k = 0;

		for (uint16_t i = 0; i < nb; i++) {
			struct rte_ether_hdr *eh =
				rte_pktmbuf_mtod(pkts[i], struct rte_ether_hdr *);
			int rc = -1;

			if (pkts[i]->data_len < sizeof(*eh))
				rc = -1;
			else if (eh->ether_type == RTE_BE16(RTE_ETHER_TYPE_ARP))
				rc = answer_arp(eh, pkts[i], ip, mac) == 0 ? (n.arp++, 0) : -1;
			else if (eh->ether_type == RTE_BE16(RTE_ETHER_TYPE_IPV4))
				rc = answer_ipv4(eh, pkts[i], ip, &n);
			if (rc == 0) {
				out[k++] = pkts[i];
			} else {
				n.other++;
				rte_pktmbuf_free(pkts[i]);
			}
		}
		if (k > 0) {
			uint16_t sent = rte_eth_tx_burst(pid, 0, out, k);

			while (sent < k)
				rte_pktmbuf_free(out[sent++]);
		}
		if (nb == 0)
			usleep(50);
		if (!quiet && rte_rdtsc() > next) {
			next = rte_rdtsc() + hz;
			if (memcmp(&n, &shown, sizeof(n)) != 0)
				print_counts(&n);
			shown = n;
		}
	}
	print_counts(&n);
}

int
main(int argc, char **argv)
{
	struct rte_ether_addr mac;
	struct rte_mempool *pool;
	struct in_addr ip = {0};
	int n, opt, quiet = 0;
	uint16_t pid;

	n = rte_eal_init(argc, argv);
	if (n < 0) {
		fprintf(stderr, "nf-echo: EAL init failed\n");
		return 1;
	}
	argc -= n;
	argv += n;
	while ((opt = getopt(argc, argv, "a:q")) != -1) {
		if (opt == 'a' && inet_pton(AF_INET, optarg, &ip) == 1)
			continue;
		if (opt == 'q') {
			quiet = 1;
			continue;
		}
		fprintf(stderr, "usage: hvlb-nf-echo [EAL options] -- -a IPV4 [-q]\n");
		return 2;
	}
	if (ip.s_addr == 0 || rte_eth_dev_count_avail() != 1) {
		fprintf(stderr, "nf-echo: needs -a IPV4 and exactly one port (--vdev), has %u\n",
			rte_eth_dev_count_avail());
		return 2;
	}
	pid = (uint16_t)rte_eth_find_next(0);
	pool = rte_pktmbuf_pool_create("nf_echo", 2047, 64, 0, RTE_MBUF_DEFAULT_BUF_SIZE,
				       (int)rte_socket_id());
	if (pool == NULL || port_init(pid, pool) != 0) {
		fprintf(stderr, "nf-echo: cannot set port %u up\n", pid);
		return 1;
	}
	rte_eth_macaddr_get(pid, &mac);
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	printf("nf-echo: %s on port %u mac " RTE_ETHER_ADDR_PRT_FMT ", ready\n", inet_ntoa(ip),
	       pid, RTE_ETHER_ADDR_BYTES(&mac));
	fflush(stdout);
	serve(pid, ip.s_addr, &mac, quiet);
	rte_eth_dev_stop(pid);
	rte_eth_dev_close(pid);
	rte_eal_cleanup();
	return 0;
}
