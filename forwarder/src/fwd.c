/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Setting the forwarder up (ports, memory, workers, the first snapshot), publishing
 * configuration, and summing counters. Shared by main.c, the fixture runner and the benchmark.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include <rte_cfgfile.h>
#include <rte_cycles.h>
#include <rte_ethdev.h>
#include <rte_lcore.h>
#include <rte_log.h>
#include <rte_malloc.h>
#include <rte_mbuf.h>

#include "cfgstore.h"
#include "config.h"
#include "fwdinit.h"
#include "neigh.h"
#include "dispatch.h"
#include "steer_ctl.h"

#define LOG(l, ...) RTE_LOG(l, USER1, __VA_ARGS__)
#define RX_DESC 1024
#define TX_DESC 1024

int
fwd_publish(struct fwd *f, char *err)
{
	struct fwd_snapshot *s, *old;

	s = cfg_snapshot_build(f->cfg, f->ports[0].socket, err);
	if (s == NULL)
		return -EINVAL;
	old = f->snap;
	__atomic_store_n(&f->snap, s, __ATOMIC_RELEASE);
	if (old == NULL)
		return 0;
	/* Every worker reports a quiescent point at the top of its loop (or is offline while
	 * idle), after which none can still hold the old snapshot: free it then. */
	rte_rcu_qsbr_synchronize(f->rcu, RTE_QSBR_THRID_INVALID);
	cfg_snapshot_free(old);
	return 0;
}

static int
port_setup(struct fwd *f, uint16_t idx, const struct fwd_settings *s)
{
	struct fwd_port *p = &f->ports[idx];
	struct rte_eth_conf conf = {0};
	struct rte_eth_dev_info info;
	uint16_t pid;
	int rc;

	if (s->port[idx].dev[0] != '\0') {
		if (rte_eth_dev_get_port_by_name(s->port[idx].dev, &pid) != 0) {
			LOG(ERR, "port%u: no DPDK device '%s' (check --vdev / -a)\n", idx,
			    s->port[idx].dev);
			return -ENODEV;
		}
	} else {
		pid = idx;
		if (!rte_eth_dev_is_valid_port(pid)) {
			LOG(ERR, "port%u: no DPDK port %u\n", idx, pid);
			return -ENODEV;
		}
	}
	p->port_id = pid;
	f->port_index[pid] = (uint8_t)idx;
	rte_eth_dev_get_name_by_port(pid, p->name);
	rc = rte_eth_dev_info_get(pid, &info);
	if (rc != 0)
		return rc;
	p->socket = rte_eth_dev_socket_id(pid);
	if (p->socket < 0)
		p->socket = (int)rte_socket_id();
	p->nb_rxq = RTE_MIN(f->n_workers, info.max_rx_queues);
	p->nb_txq = f->n_workers;
	if (p->nb_txq > info.max_tx_queues) {
		LOG(ERR, "port%u (%s): needs %u TX queues (one per worker), has %u\n", idx, p->name,
		    p->nb_txq, info.max_tx_queues);
		return -EINVAL;
	}
	if (p->nb_rxq > 1 && info.flow_type_rss_offloads != 0) {
		conf.rxmode.mq_mode = RTE_ETH_MQ_RX_RSS;
		conf.rx_adv_conf.rss_conf.rss_hf = info.flow_type_rss_offloads &
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
	rc = rte_eth_dev_configure(pid, p->nb_rxq, p->nb_txq, &conf);
	if (rc != 0) {
		LOG(ERR, "port%u (%s): configure: %s\n", idx, p->name, strerror(-rc));
		return rc;
	}
	for (uint16_t q = 0; q < p->nb_rxq; q++)
		if ((rc = rte_eth_rx_queue_setup(pid, q, RX_DESC, p->socket, NULL, f->pool)) != 0)
			return rc;
	for (uint16_t q = 0; q < p->nb_txq; q++)
		if ((rc = rte_eth_tx_queue_setup(pid, q, TX_DESC, p->socket, NULL)) != 0)
			return rc;
	if (s->port[idx].has_mac) {
		rc = rte_eth_dev_default_mac_addr_set(pid, (struct rte_ether_addr *)&s->port[idx].mac);
		if (rc != 0)
			LOG(WARNING, "port%u (%s): cannot set MAC: %s\n", idx, p->name, strerror(-rc));
	}
	rte_eth_macaddr_get(pid, &p->mac);
	if (s->port[idx].has_mac)
		p->mac = s->port[idx].mac; /* frames are addressed to the configured MAC */
	return 0;
}

/* The NUMA socket of the device [portN] names, before it is set up; -1 when unknown. */
static int
port_socket(const struct fwd_settings *s, uint16_t idx)
{
	uint16_t pid = idx;

	if (s->port[idx].dev[0] != '\0' && rte_eth_dev_get_port_by_name(s->port[idx].dev, &pid) != 0)
		return -1;
	return rte_eth_dev_is_valid_port(pid) ? rte_eth_dev_socket_id(pid) : -1;
}

/* Workers on the ports' socket first (stable): worker i polls RX queue i of every port, so
 * the first workers carry the traffic when there are more lcores than queues. */
static void
order_lcores(const unsigned *in, uint16_t n, int socket, unsigned *out)
{
	uint16_t k = 0;

	for (int pass = 0; pass < 2; pass++)
		for (uint16_t i = 0; i < n; i++)
			if ((socket < 0 || (int)rte_lcore_to_socket_id(in[i]) == socket) == (pass == 0))
				out[k++] = in[i];
}

static int
rings_create(struct fwd *f, int socket)
{
	f->ctrl_ring = rte_ring_create("hvlb_ctrl", 1024, socket, RING_F_SC_DEQ);
	f->miss_ring = rte_ring_create_elem("hvlb_miss", sizeof(struct neigh_key), 1024, socket,
					    RING_F_SC_DEQ);
	f->ctrl_tx_ring = rte_ring_create("hvlb_ctrl_tx", 256, socket,
					  RING_F_SP_ENQ | RING_F_SC_DEQ);
	if (f->ctrl_ring == NULL || f->miss_ring == NULL || f->ctrl_tx_ring == NULL)
		return -ENOMEM;
	/* Reader ids: the workers 0..n-1, then the dispatch stages. */
	size_t sz = rte_rcu_qsbr_get_memsize(f->n_workers + FWD_MAX_DISPATCH);
	f->rcu = rte_zmalloc_socket("rcu", sz, RTE_CACHE_LINE_SIZE, socket);
	if (f->rcu == NULL || rte_rcu_qsbr_init(f->rcu, f->n_workers + FWD_MAX_DISPATCH) != 0)
		return -ENOMEM;
	return 0;
}

/* RX queue q of every port goes to worker q % n_workers; with dispatch stages, they poll the
 * queues (dispatch_create) and the workers only their inboxes. */
static void
assign_queues(struct fwd *f)
{
	if (f->n_disp > 0)
		return;
	for (uint16_t p = 0; p < f->n_ports; p++)
		for (uint16_t q = 0; q < f->ports[p].nb_rxq; q++) {
			struct worker *w = f->workers[q % f->n_workers];
			if (w->n_rxq == WORKER_MAX_RXQ)
				continue;
			w->rxq[w->n_rxq].port = p;
			w->rxq[w->n_rxq++].queue = q;
		}
}

struct fwd *
fwd_create(const char *config_path, uint16_t n_lcores, const unsigned *lcores)
{
	uint16_t n_workers = n_lcores;
	struct fwd_settings set;
	struct rte_cfgfile *cfg;
	struct fwd *f;
	char err[CFG_ERR_LEN];
	unsigned order[FWD_MAX_WORKERS];
	int socket;

	cfg = config_load(config_path, &set);
	if (cfg == NULL)
		return NULL;
	if (set.dispatch > 0 && n_lcores <= set.dispatch) {
		LOG(ERR, "config [forwarder] dispatch: %u stage(s) need at least %u worker lcores "
			 "(-l): the first %u dispatch, the others forward\n", set.dispatch,
		    set.dispatch + 1, set.dispatch);
		rte_cfgfile_close(cfg);
		return NULL;
	}
	n_workers = (uint16_t)(n_lcores - set.dispatch);
	f = rte_zmalloc("fwd", sizeof(*f), RTE_CACHE_LINE_SIZE);
	if (f == NULL || n_workers == 0 || n_workers > FWD_MAX_WORKERS)
		goto fail;
	f->cfg = calloc(1, sizeof(*f->cfg));
	if (f->cfg == NULL)
		goto fail;
	f->n_workers = n_workers;
	f->n_ports = set.n_ports;
	f->conn_max = set.conn_max;
	f->idle_sleep_max_us = set.idle_sleep_max_us;
	f->neigh_retry_ms = set.neigh_retry_ms;
	f->hz = rte_get_tsc_hz();
	/* Memory goes where the packets arrive: the first port's socket (virtual devices have
	 * none; then the control thread's). */
	socket = port_socket(&set, 0);
	if (socket < 0)
		socket = (int)rte_socket_id();
	f->pool = rte_pktmbuf_pool_create("hvlb_mbufs", set.mbufs, 256, 0,
					  RTE_MBUF_DEFAULT_BUF_SIZE, socket);
	if (f->pool == NULL) {
		LOG(ERR, "cannot create %u mbufs: %s\n", set.mbufs, rte_strerror(rte_errno));
		goto fail;
	}
	for (uint16_t p = 0; p < f->n_ports; p++)
		if (port_setup(f, p, &set) != 0)
			goto fail;
	if (rings_create(f, socket) != 0 || neigh_init(f, socket) != 0) {
		LOG(ERR, "out of memory for rings / neighbour table\n");
		goto fail;
	}
	cfg_init(f->cfg, f->n_ports);
	if (config_apply(cfg, f) != 0)
		goto fail;
	if (fwd_publish(f, err) != 0) {
		LOG(ERR, "config %s: %s\n", config_path, err);
		goto fail;
	}
	order_lcores(lcores, n_lcores, socket, order);
	/* The first lcores (on the ports' socket) dispatch. */
	for (uint16_t i = 0; i < set.dispatch; i++) {
		f->disp[i] = dispatch_create(f, i, set.dispatch, order[i],
					     (int)rte_lcore_to_socket_id(order[i]));
		if (f->disp[i] == NULL)
			goto fail;
		f->n_disp++;
		rte_rcu_qsbr_thread_register(f->rcu, f->disp[i]->rcu_id);
		rte_rcu_qsbr_thread_online(f->rcu, f->disp[i]->rcu_id);
	}
	for (uint16_t p = 0; p < f->n_ports && f->n_disp > 0; p++)
		snprintf(f->ports[p].steering, sizeof(f->ports[p].steering),
			 "%u queue(s), %u software dispatch stage(s) to %u workers",
			 f->ports[p].nb_rxq, f->n_disp, n_workers);
	for (uint16_t w = 0; w < n_workers; w++) {
		unsigned lc = order[w + set.dispatch];

		/* A worker's table and inbox are on its own lcore's socket: it alone reads them. */
		f->workers[w] = worker_create(f, w, lc, (int)rte_lcore_to_socket_id(lc));
		if (f->workers[w] == NULL) {
			LOG(ERR, "worker %u: out of memory (conn_max %u)\n", w, f->conn_max);
			goto fail;
		}
		rte_rcu_qsbr_thread_register(f->rcu, w);
		rte_rcu_qsbr_thread_online(f->rcu, w);
	}
	if (steer_ctl_init(f, &set.rssa, socket) != 0) {
		LOG(ERR, "out of memory for flow steering\n");
		goto fail;
	}
	assign_queues(f);
	rte_cfgfile_close(cfg);
	return f;
fail:
	rte_cfgfile_close(cfg);
	fwd_destroy(f);
	return NULL;
}

int
fwd_start(struct fwd *f)
{
	for (uint16_t p = 0; p < f->n_ports; p++) {
		struct fwd_port *fp = &f->ports[p];
		int rc = rte_eth_dev_start(fp->port_id);
		if (rc != 0) {
			LOG(ERR, "port%u (%s): start: %s\n", p, fp->name, strerror(-rc));
			return rc;
		}
		rte_eth_promiscuous_enable(fp->port_id);
		LOG(INFO, "port%u: %s mac " RTE_ETHER_ADDR_PRT_FMT " socket %d rxq %u txq %u: %s\n",
		    p, fp->name, RTE_ETHER_ADDR_BYTES(&fp->mac), fp->socket, fp->nb_rxq, fp->nb_txq,
		    fp->steering);
	}
	fwd_log_placement(f);
	neigh_poll_timers(f, 1);
	return 0;
}

void
fwd_destroy(struct fwd *f)
{
	if (f == NULL)
		return;
	for (uint16_t p = 0; p < f->n_ports; p++) {
		rte_eth_dev_stop(f->ports[p].port_id);
		rte_eth_dev_close(f->ports[p].port_id);
	}
	steer_ctl_free(f);
	for (uint16_t i = 0; i < f->n_disp; i++)
		dispatch_free(f->disp[i]);
	for (uint16_t w = 0; w < f->n_workers; w++)
		worker_free(f->workers[w]);
	cfg_snapshot_free(f->snap);
	if (f->cfg != NULL)
		for (unsigned i = 0; i < f->cfg->n_vs; i++)
			free(f->cfg->vs[i].rs);
	if (f->cfg != NULL)
		free(f->cfg->vs);
	free(f->cfg);
	rte_ring_free(f->ctrl_ring);
	rte_ring_free(f->miss_ring);
	rte_ring_free(f->ctrl_tx_ring);
	rte_free(f->rcu);
	rte_mempool_free(f->pool);
	rte_free(f);
}

static uint64_t
slot_active(void *arg, uint16_t slot)
{
	struct slot_stats s;
	uint64_t active;

	fwd_sum_rs(arg, slot, &s, &active);
	return active;
}

void
fwd_control_poll(struct fwd *f)
{
	static uint64_t last_reclaim;
	uint64_t now = rte_rdtsc();

	neigh_poll_rings(f);
	neigh_poll_timers(f, 0);
	steer_ctl_poll(f, now);
	/* Not while a connection is between two workers: neither counts it as active. */
	if (f->cfg->n_retired > 0 && now - last_reclaim > f->hz && !steer_ctl_busy(f)) {
		last_reclaim = now;
		cfg_rs_reclaim(f->cfg, slot_active, f);
	}
}

void
fwd_sum_worker_stats(struct fwd *f, struct worker_stats *out)
{
	memset(out, 0, sizeof(*out));
	for (uint16_t i = 0; i < f->n_workers; i++) {
		const struct worker_stats *s = &f->workers[i]->stats;
		const uint64_t *src = (const uint64_t *)s;
		uint64_t *dst = (uint64_t *)out;
		for (size_t k = 0; k < sizeof(*s) / sizeof(uint64_t); k++)
			dst[k] += src[k];
	}
	if (f->n_disp > 0) {
		/* What the dispatch stages received and sent on; their raw packets a worker
		 * counts. */
		struct dispatch_stats ds;

		dispatch_sum(f, &ds);
		out->rx_pkts += ds.rx_pkts;
		out->rx_bytes += ds.rx_bytes;
		out->drops[HVLB_DROP_HANDOFF_FULL] += ds.full;
	}
}

void
fwd_sum_rs(struct fwd *f, uint16_t slot, struct slot_stats *out, uint64_t *active)
{
	memset(out, 0, sizeof(*out));
	*active = 0;
	for (uint16_t i = 0; i < f->n_workers; i++) {
		const struct worker *w = f->workers[i];
		out->pkts += w->rs_stats[slot].pkts;
		out->bytes += w->rs_stats[slot].bytes;
		out->conns_total += w->rs_stats[slot].conns_total;
		*active += w->rs_active[slot];
	}
}

void
fwd_rs_rtt(struct fwd *f, uint16_t slot, double *srtt_us, uint64_t *samples)
{
	double weighted = 0;

	*samples = 0;
	for (uint16_t i = 0; i < f->n_workers; i++) {
		const struct rs_rtt *r = &f->workers[i]->rs_rtt[slot];
		weighted += (double)r->samples * r->srtt8_us / 8.0;
		*samples += r->samples;
	}
	*srtt_us = *samples > 0 ? weighted / (double)*samples : 0;
}

void
fwd_sum_vs(struct fwd *f, uint16_t slot, struct slot_stats *out, uint64_t *active)
{
	memset(out, 0, sizeof(*out));
	*active = 0;
	for (uint16_t i = 0; i < f->n_workers; i++) {
		const struct worker *w = f->workers[i];
		out->pkts += w->vs_stats[slot].pkts;
		out->bytes += w->vs_stats[slot].bytes;
		out->conns_total += w->vs_stats[slot].conns_total;
		*active += w->vs_active[slot];
	}
}
