/* SPDX-License-Identifier: BSD-3-Clause */
/* The forwarder's ports (port.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <rte_lcore.h>
#include <rte_log.h>

#include "parse_fast.h"
#include "port.h"
#include "toeplitz.h"

#define LOG(l, ...) RTE_LOG(l, USER1, __VA_ARGS__)

int
port_socket(const struct port_settings *s, uint16_t idx)
{
	uint16_t pid = idx;

	if (s->dev[0] != '\0' && rte_eth_dev_get_port_by_name(s->dev, &pid) != 0)
		return -1;
	return rte_eth_dev_is_valid_port(pid) ? rte_eth_dev_socket_id(pid) : -1;
}

/* The DPDK port s names, or -ENODEV (logged). */
static int
port_find(const struct port_settings *s, uint16_t idx, uint16_t *pid)
{
	if (s->dev[0] != '\0') {
		if (rte_eth_dev_get_port_by_name(s->dev, pid) != 0) {
			LOG(ERR, "port%u: no DPDK device '%s' (check --vdev / -a)\n", idx, s->dev);
			return -ENODEV;
		}
		return 0;
	}
	*pid = idx;
	if (!rte_eth_dev_is_valid_port(*pid)) {
		LOG(ERR, "port%u: no DPDK port %u\n", idx, *pid);
		return -ENODEV;
	}
	return 0;
}

/* The ring_plan kind of a device, by its driver. */
static enum ring_kind
ring_kind_of(const struct rte_eth_dev_info *info)
{
	static const char *const soft[] = {"net_ring", "net_null", "net_vhost"};
	const char *d = info->driver_name != NULL ? info->driver_name : "";

	if (strcmp(d, "net_af_xdp") == 0)
		return RING_KIND_AF_XDP;
	if (strcmp(d, "net_af_packet") == 0)
		return RING_KIND_AF_PACKET;
	for (unsigned i = 0; i < RTE_DIM(soft); i++)
		if (strcmp(d, soft[i]) == 0)
			return RING_KIND_SOFT;
	return RING_KIND_DEVICE;
}

const char *
port_ring_kind_name(uint8_t kind)
{
	switch (kind) {
	case RING_KIND_AF_XDP:
		return "af_xdp";
	case RING_KIND_AF_PACKET:
		return "af_packet";
	case RING_KIND_SOFT:
		return "software";
	default:
		return "device";
	}
}

int
port_plan(const struct port_settings *s, uint16_t idx, uint16_t n_workers,
	  struct ring_port *rp)
{
	struct rte_eth_dev_info info;
	char name[RTE_ETH_NAME_MAX_LEN] = "";
	uint16_t pid;

	if (port_find(s, idx, &pid) != 0 || rte_eth_dev_info_get(pid, &info) != 0)
		return -1;
	rte_eth_dev_get_name_by_port(pid, name);
	*rp = (struct ring_port){.kind = (uint8_t)ring_kind_of(&info),
				 .nb_rxq = RTE_MIN(n_workers, info.max_rx_queues),
				 .nb_txq = n_workers, .rx_ring = s->rx_desc};
	if (rp->kind == RING_KIND_AF_PACKET) {
		/* Its rings are the kernel's, sized by the devarg (port_afp_argv gives one). */
		if (s->rx_desc != 0) {
			LOG(ERR, "[port%u] rx_desc: %s is an af_packet port, whose ring is its "
			    "--vdev's framecnt (%u now): set framecnt there instead\n", idx, name,
			    port_afp_framecnt(pid));
			return -1;
		}
		rp->rx_ring = port_afp_framecnt(pid);
	}
	ring_port_fill(rp);
	return 0;
}

/* RSS types hvlb needs hashed, ports included, for the NIC's hash to be its tables' own. */
#define NIC_HASH_TYPES                                                                             \
	(RTE_ETH_RSS_NONFRAG_IPV4_TCP | RTE_ETH_RSS_NONFRAG_IPV4_UDP |                             \
	 RTE_ETH_RSS_NONFRAG_IPV6_TCP | RTE_ETH_RSS_NONFRAG_IPV6_UDP)

/* Whether the device can give each packet the connection table's hash (port_setup's
 * nic_hash): Toeplitz over addresses and ports for TCP and UDP on both families, with a key it
 * takes from us, delivered in the mbuf. */
static bool
port_can_nic_hash(const struct rte_eth_dev_info *info)
{
	return (info->flow_type_rss_offloads & NIC_HASH_TYPES) == NIC_HASH_TYPES &&
	       (info->rx_offload_capa & RTE_ETH_RX_OFFLOAD_RSS_HASH) != 0 &&
	       info->hash_key_size >= TOEPLITZ_KEY_LEN;
}

/* Configure the queues, with RSS where the device has it, and say how flows get spread. */
static int
port_configure(struct fwd_port *p, uint16_t idx, const struct rte_eth_dev_info *info,
	       uint16_t n_workers, bool nic_hash)
{
	/* A device's key (at most 255 bytes) may be longer than the 40 that 36 bytes of input
	 * use: zeros after them. */
	static uint8_t key[255];
	struct rte_eth_conf conf = {0};
	int rc;

	p->nb_rxq = RTE_MIN(n_workers, info->max_rx_queues);
	p->nb_txq = n_workers;
	if (p->nb_txq > info->max_tx_queues) {
		LOG(ERR, "port%u (%s): needs %u TX queues (one per worker), has %u\n", idx, p->name,
		    p->nb_txq, info->max_tx_queues);
		return -EINVAL;
	}
	if (p->nb_rxq > 1 && info->flow_type_rss_offloads != 0) {
		conf.rxmode.mq_mode = RTE_ETH_MQ_RX_RSS;
		conf.rx_adv_conf.rss_conf.rss_hf = info->flow_type_rss_offloads &
						   (RTE_ETH_RSS_IP | RTE_ETH_RSS_TCP | RTE_ETH_RSS_UDP);
		snprintf(p->steering, sizeof(p->steering), "hardware RSS over %u queues + handoff",
			 p->nb_rxq);
	} else if (p->nb_rxq > 1) {
		snprintf(p->steering, sizeof(p->steering), "driver spread over %u queues + handoff",
			 p->nb_rxq);
	} else {
		/* Without dispatch stages, worker 0 reads it and passes on what it does not own. */
		snprintf(p->steering, sizeof(p->steering), "1 queue (worker 0) + handoff");
	}
	p->nic_hash = 0;
	if (nic_hash && port_can_nic_hash(info)) {
		struct rte_eth_conf hc = conf;

		memcpy(key, toeplitz_key, TOEPLITZ_KEY_LEN);
		hc.rxmode.mq_mode = RTE_ETH_MQ_RX_RSS;
		hc.rxmode.offloads |= RTE_ETH_RX_OFFLOAD_RSS_HASH;
		hc.rx_adv_conf.rss_conf = (struct rte_eth_rss_conf){
			.rss_key = key, .rss_key_len = info->hash_key_size,
			.rss_hf = NIC_HASH_TYPES | (info->flow_type_rss_offloads & RTE_ETH_RSS_IP)};
		rc = rte_eth_dev_configure(p->port_id, p->nb_rxq, p->nb_txq, &hc);
		if (rc == 0) {
			p->nic_hash = 1;
			return 0;
		}
		LOG(WARNING, "port%u (%s): RSS with hvlb's key: %s; configured without it\n", idx,
		    p->name, strerror(-rc));
	}
	rc = rte_eth_dev_configure(p->port_id, p->nb_rxq, p->nb_txq, &conf);
	if (rc != 0)
		LOG(ERR, "port%u (%s): configure: %s\n", idx, p->name, strerror(-rc));
	return rc;
}

int
port_setup(struct port_set *ps, uint16_t idx, const struct port_settings *s,
	   uint16_t n_workers, struct rte_mempool *pool, bool nic_hash)
{
	struct fwd_port *p = &ps->p[idx];
	struct rte_eth_dev_info info;
	uint16_t pid;
	int rc;

	if ((rc = port_find(s, idx, &pid)) != 0)
		return rc;
	if (port_plan(s, idx, n_workers, &p->ring) != 0)
		return -EINVAL;
	p->port_id = pid;
	ps->index[pid] = (uint8_t)idx;
	rte_eth_dev_get_name_by_port(pid, p->name);
	rc = rte_eth_dev_info_get(pid, &info);
	if (rc != 0)
		return rc;
	p->mtu = s->mtu != 0 ? s->mtu : PORT_MTU_DEFAULT;
	p->tx_max = (uint32_t)p->mtu + RTE_ETHER_HDR_LEN;
	p->rx_frame = port_afp_framesz(pid);
	if (p->rx_frame != 0)
		p->rx_frame -= PORT_AFP_FRAME_HDR;
	p->socket = rte_eth_dev_socket_id(pid);
	if (p->socket < 0)
		p->socket = (int)rte_socket_id();
	if ((rc = port_configure(p, idx, &info, n_workers, nic_hash)) != 0)
		return rc;
	for (uint16_t q = 0; q < p->nb_rxq; q++) {
		struct port_ksock_snap snap;

		port_ksock_xdp_before(&snap); /* af_xdp opens a queue's socket here */
		if ((rc = rte_eth_rx_queue_setup(pid, q, (uint16_t)p->ring.rx_ring, p->socket,
						  NULL, pool)) != 0)
			return rc;
		port_ksock_xdp_after(&p->ks, q, &snap);
	}
	port_ksock_find_packet(&p->ks, info.if_index);
	port_kfp_find(&p->kfp, info.if_index); /* the af_xdp PMD attached it at queue setup */
	for (uint16_t q = 0; q < p->nb_txq; q++)
		if ((rc = rte_eth_tx_queue_setup(pid, q, (uint16_t)p->ring.tx_ring, p->socket,
						  NULL)) != 0)
			return rc;
	if (s->has_mac) {
		rc = rte_eth_dev_default_mac_addr_set(pid, (struct rte_ether_addr *)&s->mac);
		if (rc != 0)
			LOG(WARNING, "port%u (%s): cannot set MAC: %s\n", idx, p->name, strerror(-rc));
	}
	rte_eth_macaddr_get(pid, &p->mac);
	if (s->has_mac)
		p->mac = s->mac; /* frames are addressed to the configured MAC */
	p->mac48 = parse_fast_mac48(p->mac.addr_bytes);
	return 0;
}

/* The port's rings and what they hold, as chosen (port_plan). */
static void
port_log_rings(uint16_t i, const struct fwd_port *p)
{
	char note[64] = "";

	if (p->ring.kind == RING_KIND_AF_PACKET)
		snprintf(note, sizeof(note), " (framecnt, the kernel's rings)");
	else if (p->ring.kind == RING_KIND_AF_XDP)
		snprintf(note, sizeof(note), " (and %u mbufs in each fill ring)", RING_XDP_FILL);
	LOG(INFO, "port%u: %s port, rings of %u (rx) and %u (tx) per queue%s; they hold up to %u "
	    "mbufs\n", i, port_ring_kind_name(p->ring.kind), p->ring.rx_ring, p->ring.tx_ring,
	    note, p->ring.held);
}

int
port_start_all(struct port_set *ps)
{
	for (uint16_t i = 0; i < ps->n; i++) {
		struct fwd_port *p = &ps->p[i];
		int rc = rte_eth_dev_start(p->port_id);

		if (rc != 0) {
			LOG(ERR, "port%u (%s): start: %s\n", i, p->name, strerror(-rc));
			return rc;
		}
		rte_eth_promiscuous_enable(p->port_id);
		LOG(INFO, "port%u: %s mac " RTE_ETHER_ADDR_PRT_FMT " socket %d rxq %u txq %u: %s\n",
		    i, p->name, RTE_ETHER_ADDR_BYTES(&p->mac), p->socket, p->nb_rxq, p->nb_txq,
		    p->steering);
		if (p->rx_frame != 0)
			LOG(INFO, "port%u: af_packet frames up to %u bytes received whole (IPv4 "
			    "datagrams the kernel reassembles up to %u), sent on in pieces of mtu %u\n",
			    i, p->rx_frame, p->rx_frame - RTE_ETHER_HDR_LEN, p->mtu);
		port_log_rings(i, p);
		if (p->ks.kind != PORT_KSOCK_NONE)
			LOG(INFO, "port%u: %u %s socket(s) of the kernel, their receive drops counted "
			    "as kernel_rx_drops\n", i, p->ks.n, port_ksock_kind_name(&p->ks));
		if (p->kfp.flows_fd >= 0)
			LOG(INFO, "port%u: hvlb's XDP program (id %u) in front of its sockets: the "
			    "in-kernel fast path, used with kernel_fast_path = on "
			    "(docs/kernel-fast-path.md)\n", i, p->kfp.prog_id);
	}
	return 0;
}

void
port_close_all(struct port_set *ps)
{
	for (uint16_t i = 0; i < ps->n; i++) {
		rte_eth_dev_stop(ps->p[i].port_id);
		rte_eth_dev_close(ps->p[i].port_id);
		port_kfp_detach(&ps->p[i].kfp);
	}
}
