/* SPDX-License-Identifier: BSD-3-Clause */
/* A forwarder on ring ports, stepped on one thread (ringfwd.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_errno.h>
#include <rte_eth_ring.h>

#include "cfgfile.h"
#include "parse.h"
#include "ringfwd.h"
#include "worker_loop.h"

/* The exception devices named net_ring_*: one queue each, after the data ports. */
static int
ringfwd_make_exc(struct ringfwd_ports *rp, const struct fwd_settings *s, unsigned ring_size,
		 const char *tag)
{
	char name[64];

	rp->n_exc = 0;
	for (uint16_t p = 0; p < s->n_ports; p++) {
		const char *dev = s->port[p].exception;
		uint16_t i = (uint16_t)(s->n_ports + rp->n_exc);

		if (strncmp(dev, "net_ring_", 9) != 0)
			continue;
		if (i >= FWD_MAX_PORTS)
			return -1;
		snprintf(name, sizeof(name), "%s_exrx%u", tag, p);
		rp->rx[i][0] = rte_ring_create(name, ring_size, 0, RING_F_SP_ENQ | RING_F_SC_DEQ);
		snprintf(name, sizeof(name), "%s_extx%u", tag, p);
		rp->tx[i][0] = rte_ring_create(name, ring_size, 0, RING_F_SP_ENQ | RING_F_SC_DEQ);
		if (rp->rx[i][0] == NULL || rp->tx[i][0] == NULL ||
		    rte_eth_from_rings(dev + 9, rp->rx[i], 1, rp->tx[i], 1, 0) < 0) {
			fprintf(stderr, "cannot create ring exception port %s\n", dev);
			return -1;
		}
		rp->n_exc++;
	}
	return 0;
}

int
ringfwd_make_ports(struct ringfwd_ports *rp, const char *config, uint16_t n_queues,
		   unsigned ring_size, const char *tag)
{
	struct fwd_settings s;
	struct cfgini *cfg = cfgfile_load(config, &s);
	char name[64];

	if (cfg == NULL)
		return -1;
	cfgini_free(cfg);
	if (n_queues == 0 || n_queues > FWD_MAX_WORKERS) {
		fprintf(stderr, "ring ports: %u queues (1 to %u)\n", n_queues, FWD_MAX_WORKERS);
		return -1;
	}
	rp->n_ports = s.n_ports;
	rp->n_queues = n_queues;
	for (uint16_t p = 0; p < s.n_ports; p++) {
		const char *dev = s.port[p].dev;

		for (uint16_t q = 0; q < n_queues; q++) {
			snprintf(name, sizeof(name), "%s_rx%u_%u", tag, p, q);
			rp->rx[p][q] = rte_ring_create(name, ring_size, 0,
						       RING_F_SP_ENQ | RING_F_SC_DEQ);
			snprintf(name, sizeof(name), "%s_tx%u_%u", tag, p, q);
			rp->tx[p][q] = rte_ring_create(name, ring_size, 0,
						       RING_F_SP_ENQ | RING_F_SC_DEQ);
			if (rp->rx[p][q] == NULL || rp->tx[p][q] == NULL)
				return -1;
		}
		if (strncmp(dev, "net_ring_", 9) != 0) {
			fprintf(stderr, "[port%u] dev: ring ports need net_ring_<name>\n", p);
			return -1;
		}
		/* The ring PMD names a port "net_ring_" + the name it is given. */
		if (rte_eth_from_rings(dev + 9, rp->rx[p], n_queues, rp->tx[p], n_queues, 0) < 0) {
			fprintf(stderr, "cannot create ring port %s: %s\n", dev,
				rte_strerror(rte_errno));
			return -1;
		}
	}
	return ringfwd_make_exc(rp, &s, ring_size, tag);
}

int
ringfwd_config_with(const char *path, char *tmpl, const char *lines)
{
	FILE *in = fopen(path, "r"), *out = NULL;
	char line[1024];
	int fd = mkstemp(tmpl);

	if (in == NULL || fd < 0 || (out = fdopen(fd, "w")) == NULL) {
		fprintf(stderr, "cannot copy %s with %s", path, lines);
		if (in != NULL)
			fclose(in);
		return -1;
	}
	while (fgets(line, sizeof(line), in) != NULL) {
		fputs(line, out);
		if (strncmp(line, "[forwarder]", 11) == 0)
			fputs(lines, out);
	}
	fclose(in);
	fclose(out);
	return 0;
}

int
ringfwd_config_with_dispatch(const char *path, char *tmpl)
{
	return ringfwd_config_with(path, tmpl, "dispatch = on\n");
}

void
ringfwd_readers_offline(struct fwd *f, bool off)
{
	for (uint16_t i = 0; i < f->env.n_workers + f->disp.n; i++) {
		unsigned id = i < f->env.n_workers ? i : f->disp.d[i - f->env.n_workers]->rcu_id;

		if (off)
			rte_rcu_qsbr_thread_offline(f->rcu, id);
		else
			rte_rcu_qsbr_thread_online(f->rcu, id);
	}
}

void
ringfwd_run_until_idle(struct fwd *f)
{
	for (int quiet = 0; quiet < 2;) {
		unsigned n = 0;

		for (uint16_t i = 0; i < f->disp.n; i++)
			n += dispatch_poll_once(f->disp.d[i]);
		for (uint16_t w = 0; w < f->env.n_workers; w++)
			n += worker_poll_once(f->workers[w]);
		ringfwd_readers_offline(f, true);
		fwd_control_poll(f);
		ringfwd_readers_offline(f, false);
		quiet = n == 0 ? quiet + 1 : 0;
	}
}

void
ringfwd_nic_hash(struct rte_mbuf *m, const struct toeplitz *tz, uint32_t spoil)
{
	struct pkt_info pi;
	uint8_t in[32];
	unsigned alen;

	if (parse_frame(rte_pktmbuf_mtod(m, const uint8_t *), rte_pktmbuf_data_len(m), &pi) !=
		    HVLB_DROP_NONE ||
	    pi.kind != PKT_IP)
		return;
	if (pi.key.proto == HVLB_PROTO_TCP || pi.key.proto == HVLB_PROTO_UDP) {
		m->hash.rss = toeplitz_flow_hash(tz, &pi.key);
	} else {
		alen = pi.key.af == HVLB_AF_INET ? 4 : 16;
		memcpy(in, pi.key.src.b, alen);
		memcpy(in + alen, pi.key.dst.b, alen);
		m->hash.rss = toeplitz_bytes(tz, in, 2 * alen);
	}
	m->hash.rss ^= spoil;
	m->ol_flags |= RTE_MBUF_F_RX_RSS_HASH;
}
