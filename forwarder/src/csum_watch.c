/* SPDX-License-Identifier: BSD-3-Clause */
/* Spotting transmit checksum offload on the far side of a port (csum_watch.h). */
#include <net/if.h>

#include <rte_ethdev.h>
#include <rte_log.h>

#include "csum_watch.h"

void
csum_watch_init(struct csum_watch *cw, uint64_t hz, uint64_t now)
{
	memset(cw, 0, sizeof(*cw));
	cw->period = hz / 10;
	cw->next = now;
}

void
csum_watch_sum(struct worker *const *workers, uint16_t n_workers, uint16_t port, uint64_t *bad,
	       uint64_t *unfilled)
{
	*bad = *unfilled = 0;
	/* Read while the workers count: each an aligned 64-bit load, never torn. */
	for (uint16_t i = 0; i < n_workers; i++) {
		*bad += workers[i]->csum.bad[port];
		*unfilled += workers[i]->csum.unfilled[port];
	}
}

/* Once per port: what happens and what to do. The kernel's name of the interface, when the
 * port has one (AF_PACKET, AF_XDP, TAP), says which veth's peer to look at. */
static void
log_flagged(const struct fwd_port *p, uint16_t idx, uint64_t bad, uint64_t unfilled)
{
	struct rte_eth_dev_info info;
	char ifname[IF_NAMESIZE] = "";

	if (rte_eth_dev_info_get(p->port_id, &info) == 0 && info.if_index > 0 &&
	    if_indextoname(info.if_index, ifname) == NULL)
		ifname[0] = '\0';
	RTE_LOG(WARNING, USER1,
		"port %u (%s%s%s): %" PRIu64 " of its %" PRIu64 " bad_l4_csum drops carry a TCP/UDP "
		"checksum their sender left for a NIC to fill in: transmit checksum offload is on "
		"where these frames are sent (a veth or tap peer), and this port receives them as "
		"they are, so new connections arriving here are dropped. Turn it off on the sending "
		"side: ethtool -K <%s> tx off\n",
		idx, p->name, ifname[0] ? ", interface " : "", ifname, unfilled, bad,
		ifname[0] ? "the peer of this interface" : "the sending interface");
}

void
csum_watch_poll(struct csum_watch *cw, struct worker *const *workers, uint16_t n_workers,
		const struct port_set *ports, uint64_t now)
{
	uint64_t bad, unfilled;

	if (now < cw->next)
		return;
	cw->next = now + cw->period;
	for (uint16_t p = 0; p < ports->n; p++) {
		if (cw->flagged[p])
			continue;
		csum_watch_sum(workers, n_workers, p, &bad, &unfilled);
		if (unfilled < CSUM_WATCH_MIN)
			continue;
		/* The log first: whoever sees the flag finds the line. */
		log_flagged(&ports->p[p], p, bad, unfilled);
		cw->flagged[p] = 1;
	}
}
