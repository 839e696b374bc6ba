/* SPDX-License-Identifier: BSD-3-Clause */
/* The harnesses' forwarder on ring ports (fuzz_env.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <rte_eal.h>
#include <rte_errno.h>
#include <rte_eth_ring.h>
#include <rte_ethdev.h>
#include <rte_log.h>
#include <rte_mbuf.h>
#include <rte_ring.h>

#include "cfgfile.h"
#include "fuzz_env.h"
#include "ringfwd.h"
#include "worker_frag.h"
#include "worker_loop.h"

#define FUZZ_RING_SIZE 1024

static struct ringfwd_ports ports;
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

struct fwd *
fuzz_fwd_create(const char *config, uint16_t n_workers, int dispatch)
{
	unsigned lcores[FWD_MAX_WORKERS + 1] = {0};
	char with_dispatch[] = "/tmp/hvlb_fuzz_dispatch_XXXXXX";
	struct fwd *f = NULL;

	if (n_workers > 0 && n_workers < FWD_MAX_WORKERS &&
	    ringfwd_make_ports(&ports, config, n_workers, FUZZ_RING_SIZE, "fz") == 0 &&
	    (!dispatch || ringfwd_config_with_dispatch(config, with_dispatch) == 0)) {
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
	/* The SYN cookies' secret of the packet fixtures, so that the seeds from
	 * fixtures_synproxy.txt carry valid cookies (fuzz_worker.c restarts their clock). */
	f->env.sp_key = (struct synproxy_key){{0x0706050403020100ull, 0x0f0e0d0c0b0a0908ull}};
	ringfwd_run_until_idle(f);
	fuzz_drain_tx(f, NULL);
	the_fwd = f;
	atexit(fwd_teardown);
	return f;
}

int
fuzz_rx(uint16_t p, uint16_t q, struct rte_mbuf *m)
{
	if (p >= ports.n_ports || q >= ports.n_queues)
		return -1;
	return rte_ring_enqueue(ports.rx[p][q], m) == 0 ? 0 : -1;
}

unsigned
fuzz_drain_tx(struct fwd *f, void (*check)(const struct rte_mbuf *m))
{
	struct rte_mbuf *m;
	unsigned n = 0;

	(void)f;
	for (uint16_t p = 0; p < ports.n_ports; p++)
		for (uint16_t q = 0; q < ports.n_queues; q++)
			while (rte_ring_dequeue(ports.tx[p][q], (void **)&m) == 0) {
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
	for (uint16_t w = 0; w < f->env.n_workers; w++)
		n += f->workers[w]->sp_n_held; /* client packets waiting for an NF's SYN-ACK */
	for (uint16_t w = 0; w < f->env.n_workers; w++) /* fragments waiting for their first */
		if (f->workers[w]->frag != NULL)
			n += f->workers[w]->frag->n_held + f->workers[w]->frag->n_def;
	return n + rte_ring_count(f->neigh.tx) + rte_ring_count(f->neigh.learn);
}
