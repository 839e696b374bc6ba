/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Start-up placement logs (placement.h). Crossing sockets matters: the paper measured 11-14 %
 * of throughput and 4x the latency lost to it.
 */
#include <rte_eal.h>
#include <rte_ethdev.h>
#include <rte_flow.h>
#include <rte_lcore.h>
#include <rte_log.h>
#include <rte_mempool.h>

#include "placement.h"

#define LOG(l, ...) RTE_LOG(l, USER1, __VA_ARGS__)

/* Whether the port would take a per-flow rule sending an IPv4/UDP 5-tuple to a queue (what
 * hardware steering of a moved connection would need). Validated, never created. */
static bool
port_has_flow_rules(uint16_t port_id)
{
	struct rte_flow_attr attr = {.ingress = 1};
	struct rte_flow_item_ipv4 ip = {.hdr = {.src_addr = RTE_BE32(0x0a000002),
						.dst_addr = RTE_BE32(0x0a640001)}};
	struct rte_flow_item_ipv4 ip_mask = {.hdr = {.src_addr = RTE_BE32(0xffffffff),
						     .dst_addr = RTE_BE32(0xffffffff)}};
	struct rte_flow_item_udp udp = {.hdr = {.src_port = RTE_BE16(1234),
						.dst_port = RTE_BE16(53)}};
	struct rte_flow_item_udp udp_mask = {.hdr = {.src_port = RTE_BE16(0xffff),
						     .dst_port = RTE_BE16(0xffff)}};
	struct rte_flow_item pattern[] = {
		{.type = RTE_FLOW_ITEM_TYPE_ETH},
		{.type = RTE_FLOW_ITEM_TYPE_IPV4, .spec = &ip, .mask = &ip_mask},
		{.type = RTE_FLOW_ITEM_TYPE_UDP, .spec = &udp, .mask = &udp_mask},
		{.type = RTE_FLOW_ITEM_TYPE_END},
	};
	struct rte_flow_action_queue q = {.index = 0};
	struct rte_flow_action actions[] = {
		{.type = RTE_FLOW_ACTION_TYPE_QUEUE, .conf = &q},
		{.type = RTE_FLOW_ACTION_TYPE_END},
	};
	struct rte_flow_error err;

	return rte_flow_validate(port_id, &attr, pattern, actions, &err) == 0;
}

static void
log_steering(const struct fwd *f)
{
	for (uint16_t p = 0; p < f->ports.n; p++) {
		const struct fwd_port *fp = &f->ports.p[p];
		bool rules = port_has_flow_rules(fp->port_id);

		/* The software path is complete on every port; a port that takes flow rules
		 * could spare the handoff of moved connections, which hvlb does not do yet. */
		LOG(INFO, "steering: port%u (%s): %s; owner = hash of the client endpoint, "
			  "overrides per connection in software; rte_flow rules %s\n",
		    p, fp->name, fp->steering, rules ? "supported (not used)" : "not supported");
	}
	if (f->env.n_workers > 1)
		LOG(INFO, "steering: RSS-A %s: Q %.2f epsilon %.2f theta_h %.2f, %u samples per "
			  "%u ms period, cooldown %u periods\n",
		    f->rssa->on ? "on" : "off", f->rssa->rssa.p.q, f->rssa->rssa.p.epsilon,
		    f->rssa->rssa.p.theta_h, f->rssa->rssa.p.n_sam, f->rssa->period_ms,
		    f->rssa->rssa.p.cooldown);
}

/* One dispatch stage: its socket, what it polls, a warning for each port on another socket
 * and for a stage with no queue to poll. */
static void
log_dispatch(const struct fwd *f, const struct dispatcher *d)
{
	char polls[8 * DISPATCH_MAX_RXQ + 1] = "";
	size_t off = 0;
	unsigned sock = rte_lcore_to_socket_id(d->lcore);

	for (uint16_t q = 0; q < d->n_rxq; q++)
		off += (size_t)snprintf(polls + off, sizeof(polls) - off, " port%u/q%u",
					d->rxq[q].port, d->rxq[q].queue);
	LOG(INFO, "numa: dispatch stage %u on lcore %u, socket %u; polls%s\n", d->id, d->lcore,
	    sock, d->n_rxq > 0 ? polls : " nothing");
	if (d->n_rxq == 0)
		LOG(WARNING, "dispatch: stage %u has no RX queue to poll (more stages than queues): "
			     "its lcore is wasted\n", d->id);
	for (uint16_t q = 0; q < d->n_rxq; q++) {
		const struct fwd_port *fp = &f->ports.p[d->rxq[q].port];

		if (fp->socket >= 0 && fp->socket != (int)sock)
			LOG(WARNING, "numa: dispatch stage %u (socket %u) polls port%u on socket %d: "
				     "its packets cross sockets\n", d->id, sock, d->rxq[q].port,
			    fp->socket);
	}
}

/* One worker: its socket, what it polls, and a warning for each port on another socket. */
static void
log_worker(const struct fwd *f, const struct worker *w)
{
	char polls[8 * WORKER_MAX_RXQ + 1] = "";
	size_t off = 0;

	for (uint16_t q = 0; q < w->n_rxq; q++)
		off += (size_t)snprintf(polls + off, sizeof(polls) - off, " port%u/q%u",
					w->rxq[q].port, w->rxq[q].queue);
	LOG(INFO, "numa: worker %u on lcore %u, socket %u; connection table (%u entries) and "
		  "inbox on socket %d; polls%s\n",
	    w->id, w->lcore, rte_lcore_to_socket_id(w->lcore), conn_capacity(w->conns),
	    w->socket, w->n_rxq > 0 ? polls : f->disp.n > 0 ? " its inbox (the dispatch stages feed it)"
					     : " nothing (more workers than RX queues)");
	for (uint16_t q = 0; q < w->n_rxq; q++) {
		const struct fwd_port *fp = &f->ports.p[w->rxq[q].port];

		if (fp->socket != (int)rte_lcore_to_socket_id(w->lcore))
			LOG(WARNING, "numa: worker %u (socket %u) polls port%u on socket %d: its "
				     "packets cross sockets; list lcores of socket %d first\n",
			    w->id, rte_lcore_to_socket_id(w->lcore), w->rxq[q].port, fp->socket,
			    fp->socket);
	}
}

void
placement_log(const struct fwd *f)
{
	int pool_socket = f->pool->socket_id;

	log_steering(f);
	LOG(INFO, "numa: %u socket(s); memory %s; mbuf pool (%u mbufs) on socket %d; control "
		  "thread on lcore %u, socket %u\n",
	    rte_socket_count(), rte_eal_has_hugepages() ? "in huge pages" :
	    "NOT in huge pages (--no-huge: for tests only, slower)", f->pool->size, pool_socket,
	    rte_lcore_id(), rte_socket_id());
	for (uint16_t p = 0; p < f->ports.n; p++) {
		LOG(INFO, "numa: port%u (%s) on socket %d\n", p, f->ports.p[p].name,
		    f->ports.p[p].socket);
		if (f->ports.p[p].socket != pool_socket)
			LOG(WARNING, "numa: port%u is on socket %d, its mbufs on socket %d\n", p,
			    f->ports.p[p].socket, pool_socket);
	}
	for (uint16_t i = 0; i < f->disp.n; i++)
		log_dispatch(f, f->disp.d[i]);
	for (uint16_t i = 0; i < f->env.n_workers; i++)
		log_worker(f, f->workers[i]);
}
