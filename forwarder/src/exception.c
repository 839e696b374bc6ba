/* SPDX-License-Identifier: BSD-3-Clause */
/* The exception path (exception.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <rte_dev.h>
#include <rte_ethdev.h>
#include <rte_log.h>

#include "exception.h"
#include "idle.h"
#include "neigh.h"

#define LOG(l, ...) RTE_LOG(l, USER1, __VA_ARGS__)
#define EXC_RING 1024
#define EXC_BURST 32

/* "tap" or "tap:IFNAME": a TAP of ours, its kernel interface named IFNAME (default hvlbN for
 * data port N); anything else names a DPDK device given on the command line (--vdev). */
static int
exc_make_dev(struct exc_port *x, const char *spec, uint16_t data, const struct rte_ether_addr *mac)
{
	char args[128];
	int rc;

	if (strcmp(spec, "tap") != 0 && strncmp(spec, "tap:", 4) != 0) {
		snprintf(x->dev, sizeof(x->dev), "%s", spec);
		return 0;
	}
	if (spec[3] == ':' && (spec[4] == '\0' || strlen(spec + 4) > 15)) {
		LOG(ERR, "port%u exception: '%s': a kernel interface name is 1 to 15 characters\n",
		    data, spec);
		return -EINVAL;
	}
	if (spec[3] == ':')
		snprintf(x->ifname, sizeof(x->ifname), "%s", spec + 4);
	else
		snprintf(x->ifname, sizeof(x->ifname), "hvlb%u", data);
	/* The kernel interface takes the data port's MAC: frames from the wire reach it as they
	 * are, and what it sends leaves the data port with the right source. */
	snprintf(x->dev, sizeof(x->dev), "net_tap_hvlb%u", data);
	snprintf(args, sizeof(args), "iface=%s,mac=" RTE_ETHER_ADDR_PRT_FMT, x->ifname,
		 RTE_ETHER_ADDR_BYTES(mac));
	rc = rte_eal_hotplug_add("vdev", x->dev, args);
	if (rc != 0)
		LOG(ERR, "port%u exception: cannot create %s (%s): %s (is /dev/net/tun there?)\n",
		    data, x->dev, args, strerror(-rc));
	return rc;
}

static int
exc_setup_one(struct exc_port *x, uint16_t data, int socket, struct rte_mempool *pool)
{
	struct rte_eth_conf conf = {0};
	int rc;

	if (rte_eth_dev_get_port_by_name(x->dev, &x->port_id) != 0) {
		LOG(ERR, "port%u exception: no DPDK device '%s' (check --vdev)\n", data, x->dev);
		return -ENODEV;
	}
	x->data = data;
	if ((rc = rte_eth_dev_configure(x->port_id, 1, 1, &conf)) != 0 ||
	    (rc = rte_eth_rx_queue_setup(x->port_id, 0, EXC_DESC, socket, NULL, pool)) != 0 ||
	    (rc = rte_eth_tx_queue_setup(x->port_id, 0, EXC_DESC, socket, NULL)) != 0)
		LOG(ERR, "port%u exception: %s: set-up: %s\n", data, x->dev, strerror(-rc));
	return rc;
}

int
exc_setup(struct exc_set *e, const struct port_set *ps, const struct port_settings *set,
	  uint16_t n_ports, struct rte_mempool *pool, int socket)
{
	int rc;

	memset(e, 0, sizeof(*e));
	memset(e->of, EXC_NONE, sizeof(e->of));
	for (uint16_t p = 0; p < n_ports; p++) {
		struct exc_port *x = &e->p[e->n];

		if (set[p].exception[0] == '\0')
			continue;
		if ((rc = exc_make_dev(x, set[p].exception, p, &ps->p[p].mac)) != 0 ||
		    (rc = exc_setup_one(x, p, socket, pool)) != 0)
			return rc;
		e->of[p] = (uint8_t)e->n++;
	}
	if (e->n == 0)
		return 0;
	e->to_kernel = rte_ring_create("hvlb_exc", EXC_RING, socket, RING_F_SC_DEQ);
	return e->to_kernel == NULL ? -ENOMEM : 0;
}

int
exc_start(struct exc_set *e)
{
	for (uint16_t i = 0; i < e->n; i++) {
		struct exc_port *x = &e->p[i];
		int rc = rte_eth_dev_start(x->port_id);

		if (rc != 0) {
			LOG(ERR, "port%u exception: %s: start: %s\n", x->data, x->dev,
			    strerror(-rc));
			return rc;
		}
		LOG(INFO, "port%u: exception path to the kernel through %s%s%s\n", x->data, x->dev,
		    x->ifname[0] != '\0' ? ", interface " : "", x->ifname);
	}
	return 0;
}

/* The workers' frames for the kernel, to the device of the data port each came in on. */
static void
exc_to_devices(struct exc_set *e, const struct port_set *ps)
{
	struct rte_mbuf *m[EXC_BURST];
	unsigned n = rte_ring_sc_dequeue_burst(e->to_kernel, (void **)m, EXC_BURST, NULL);

	for (unsigned i = 0; i < n; i++) {
		const struct exc_port *x = &e->p[e->of[ps->index[m[i]->port]]];

		if (rte_eth_tx_burst(x->port_id, 0, &m[i], 1) == 0) {
			e->lost++;
			rte_pktmbuf_free(m[i]);
		}
	}
}

/* The kernel's frames, sent out of their data port unchanged by worker 0. */
static void
exc_from_device(struct exc_set *e, const struct exc_port *x, const struct port_set *ps,
		struct neigh_table *nt)
{
	struct rte_mbuf *m[EXC_BURST];
	uint16_t n = rte_eth_rx_burst(x->port_id, 0, m, EXC_BURST);

	for (uint16_t i = 0; i < n; i++) {
		m[i]->port = ps->p[x->data].port_id;
		if (rte_ring_sp_enqueue(nt->tx, m[i]) != 0) {
			e->lost++;
			rte_pktmbuf_free(m[i]);
			continue;
		}
		e->from_kernel++;
	}
	if (n > 0 && nt->tx_wake != NULL)
		idle_wake_kick(nt->tx_wake);
}

void
exc_poll(struct exc_set *e, const struct port_set *ps, struct neigh_table *nt)
{
	if (e->n == 0)
		return;
	exc_to_devices(e, ps);
	for (uint16_t i = 0; i < e->n; i++)
		exc_from_device(e, &e->p[i], ps, nt);
}

void
exc_close(struct exc_set *e)
{
	struct rte_mbuf *m;

	for (uint16_t i = 0; i < e->n; i++) {
		rte_eth_dev_stop(e->p[i].port_id);
		rte_eth_dev_close(e->p[i].port_id);
		if (e->p[i].ifname[0] != '\0')
			rte_eal_hotplug_remove("vdev", e->p[i].dev);
	}
	if (e->to_kernel != NULL)
		while (rte_ring_dequeue(e->to_kernel, (void **)&m) == 0)
			rte_pktmbuf_free(m);
	rte_ring_free(e->to_kernel);
	e->n = 0;
	e->to_kernel = NULL;
}
