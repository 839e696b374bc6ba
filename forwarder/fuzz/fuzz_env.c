/* SPDX-License-Identifier: BSD-3-Clause */
/* The harnesses' forwarder on ring ports (fuzz_env.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <rte_cfgfile.h>
#include <rte_eal.h>
#include <rte_errno.h>
#include <rte_eth_ring.h>
#include <rte_ethdev.h>
#include <rte_log.h>
#include <rte_mbuf.h>
#include <rte_ring.h>

#include "cfgfile.h"
#include "fuzz_env.h"
#include "worker_loop.h"

#define FUZZ_RING_SIZE 1024

static struct rte_ring *rx_rings[FWD_MAX_PORTS][FWD_MAX_WORKERS];
static struct rte_ring *tx_rings[FWD_MAX_PORTS][FWD_MAX_WORKERS];
static uint16_t n_ports, n_queues;
static struct fwd *the_fwd;

/* At exit, before LeakSanitizer looks (its own handler was registered first, so runs last):
 * what the forwarder's DPDK memory points to would otherwise look leaked. */
static void
fwd_teardown(void)
{
	fwd_destroy(the_fwd);
	rte_eal_cleanup();
}

const char *
fuzz_config_path(void)
{
	const char *p = getenv("HVLB_FUZZ_CONFIG");

	return p != NULL && p[0] != '\0' ? p : HVLB_FUZZ_DEFAULT_CONFIG;
}

void
fuzz_eal_init(const char *argv0)
{
	const char *log = getenv("HVLB_FUZZ_LOG");
	/* A publication builds the new snapshot before freeing the old one: two sets of LPM
	 * tables (about 130 MB each) besides the mbufs and connection tables. */
	char *eal[] = {(char *)(uintptr_t)argv0, "--no-huge", "--no-pci", "--no-shconf", "-m",
		       "1024", "-l", "0", "--log-level=*:emerg"};
	int n = (int)RTE_DIM(eal);

	/* Every rejected input logs why: thousands of lines a second, unless asked for. */
	if (log != NULL && strcmp(log, "1") == 0)
		eal[--n] = NULL;
	if (rte_eal_init(n, eal) < 0) {
		fprintf(stderr, "fuzz: rte_eal_init failed\n");
		abort();
	}
}

/* Ring ports named as the config file's [portN] dev (net_ring_<name>), n_queues each. */
static int
make_ports(const char *config)
{
	struct fwd_settings s;
	struct rte_cfgfile *cfg = cfgfile_load(config, &s);
	char name[64];

	if (cfg == NULL)
		return -1;
	rte_cfgfile_close(cfg);
	n_ports = s.n_ports;
	for (uint16_t p = 0; p < n_ports; p++) {
		const char *dev = s.port[p].dev;

		for (uint16_t q = 0; q < n_queues; q++) {
			snprintf(name, sizeof(name), "fz_rx%u_%u", p, q);
			rx_rings[p][q] = rte_ring_create(name, FUZZ_RING_SIZE, 0,
							 RING_F_SP_ENQ | RING_F_SC_DEQ);
			snprintf(name, sizeof(name), "fz_tx%u_%u", p, q);
			tx_rings[p][q] = rte_ring_create(name, FUZZ_RING_SIZE, 0,
							 RING_F_SP_ENQ | RING_F_SC_DEQ);
			if (rx_rings[p][q] == NULL || tx_rings[p][q] == NULL)
				return -1;
		}
		if (strncmp(dev, "net_ring_", 9) != 0) {
			fprintf(stderr, "fuzz: [port%u] dev: needs net_ring_<name>\n", p);
			return -1;
		}
		/* The ring PMD names a port "net_ring_" + the name it is given. */
		if (rte_eth_from_rings(dev + 9, rx_rings[p], n_queues, tx_rings[p], n_queues,
				       0) < 0) {
			fprintf(stderr, "fuzz: cannot create ring port %s: %s\n", dev,
				rte_strerror(rte_errno));
			return -1;
		}
	}
	return 0;
}

/* A copy of the config file at path (mkstemp template tmpl) with dispatch = on. */
static int
config_with_dispatch(const char *path, char *tmpl)
{
	FILE *in = fopen(path, "r"), *out = NULL;
	char line[1024];
	int fd = mkstemp(tmpl);

	if (in == NULL || fd < 0 || (out = fdopen(fd, "w")) == NULL) {
		if (in != NULL)
			fclose(in);
		return -1;
	}
	while (fgets(line, sizeof(line), in) != NULL) {
		fputs(line, out);
		if (strncmp(line, "[forwarder]", 11) == 0)
			fputs("dispatch = on\n", out);
	}
	fclose(in);
	fclose(out);
	return 0;
}

struct fwd *
fuzz_fwd_create(const char *config, uint16_t n_workers, int dispatch)
{
	unsigned lcores[FWD_MAX_WORKERS + 1] = {0};
	char with_dispatch[] = "/tmp/hvlb_fuzz_dispatch_XXXXXX";
	struct fwd *f = NULL;

	n_queues = n_workers;
	if (n_workers > 0 && n_workers < FWD_MAX_WORKERS && make_ports(config) == 0 &&
	    (!dispatch || config_with_dispatch(config, with_dispatch) == 0)) {
		f = fwd_create(dispatch ? with_dispatch : config, n_workers + !!dispatch, lcores);
		if (dispatch)
			unlink(with_dispatch);
	}
	if (f == NULL || fwd_start(f) != 0) {
		fprintf(stderr, "fuzz: cannot start a forwarder on %s (HVLB_FUZZ_LOG=1 says why)\n",
			config);
		abort();
	}
	/* Ask again at once for a next hop still missing: nothing here waits for a timer. */
	f->neigh.retry_ms = 0;
	fuzz_run_until_idle(f);
	fuzz_drain_tx(f, NULL);
	the_fwd = f;
	atexit(fwd_teardown);
	return f;
}

int
fuzz_rx(uint16_t p, uint16_t q, struct rte_mbuf *m)
{
	if (p >= n_ports || q >= n_queues)
		return -1;
	return rte_ring_enqueue(rx_rings[p][q], m) == 0 ? 0 : -1;
}

void
fuzz_readers_offline(struct fwd *f)
{
	for (uint16_t w = 0; w < f->env.n_workers; w++)
		rte_rcu_qsbr_thread_offline(f->rcu, w);
	for (uint16_t i = 0; i < f->disp.n; i++)
		rte_rcu_qsbr_thread_offline(f->rcu, f->disp.d[i]->rcu_id);
}

void
fuzz_readers_online(struct fwd *f)
{
	for (uint16_t w = 0; w < f->env.n_workers; w++)
		rte_rcu_qsbr_thread_online(f->rcu, w);
	for (uint16_t i = 0; i < f->disp.n; i++)
		rte_rcu_qsbr_thread_online(f->rcu, f->disp.d[i]->rcu_id);
}

void
fuzz_run_until_idle(struct fwd *f)
{
	for (int quiet = 0; quiet < 2;) {
		unsigned n = 0;

		for (uint16_t i = 0; i < f->disp.n; i++)
			n += dispatch_poll_once(f->disp.d[i]);
		for (uint16_t w = 0; w < f->env.n_workers; w++)
			n += worker_poll_once(f->workers[w]);
		/* The readers run on this thread: online, a publication the control thread makes
		 * (reclaiming a retired service) would wait for them forever. */
		fuzz_readers_offline(f);
		fwd_control_poll(f);
		fuzz_readers_online(f);
		quiet = n == 0 ? quiet + 1 : 0;
	}
}

unsigned
fuzz_drain_tx(struct fwd *f, void (*check)(const struct rte_mbuf *m))
{
	struct rte_mbuf *m;
	unsigned n = 0;

	(void)f;
	for (uint16_t p = 0; p < n_ports; p++)
		for (uint16_t q = 0; q < n_queues; q++)
			while (rte_ring_dequeue(tx_rings[p][q], (void **)&m) == 0) {
				if (check != NULL)
					check(m);
				rte_pktmbuf_free(m);
				n++;
			}
	return n;
}

unsigned
fuzz_held_mbufs(const struct fwd *f)
{
	unsigned n = 0;

	for (uint16_t w = 0; w < f->env.n_workers; w++)
		for (unsigned i = 0; i < NEIGH_HOLD_NEXTHOPS; i++)
			n += f->workers[w]->neigh.held[i].n;
	return n + rte_ring_count(f->neigh.tx) + rte_ring_count(f->neigh.learn);
}
