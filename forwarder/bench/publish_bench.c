/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The control side at scale (docs/benchmarks.md, "Control side at scale"), run by
 * fwd_bench --mode publish:
 *
 *  - maglev: one weighted Maglev table of MAGLEV_TABLE_SIZE (65,537) entries over 1,000 NFs
 *    of weights 1..1,000 (maglev_build alone, as the Maglev paper and Envoy measure it);
 *  - publish: a forwarder holding 1, 100 and then 1,000 services of 10 NFs each (Maglev); one
 *    NF's weight in one service changes and the control thread publishes (cfg_rs_update and
 *    fwd_publish: the new snapshot built, swapped in, the old one freed), timed per change;
 *    beside it, in the same run, a snapshot built from nothing (snap_build), which is what
 *    every publish cost before services that did not change shared their tables.
 *
 * The best build of the repetitions, the medians of the publishes; one JSON line.
 */
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <rte_cycles.h>
#include <rte_lcore.h>

#include "cfgstore.h"
#include "fwd.h"
#include "maglev.h"
#include "publish_bench.h"
#include "ringfwd.h"
#include "snapshot.h"

#define NFS_PER_SERVICE 10
#define MAGLEV_NFS 1000

static const char config_ini[] =
	"[forwarder]\nconn_max = 1024\nidle_sleep_max_us = 0\nmbufs = 1023\n"
	"[port0]\ndev = net_ring_pb_p0\nmac = 02:00:00:00:00:01\naddr = 10.9.0.2/24\n"
	"[port1]\ndev = net_ring_pb_p1\nmac = 02:00:00:00:00:02\naddr = 10.1.0.1/16\n";

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double
median(double *v, unsigned n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static double
ms_since(uint64_t t0)
{
	return (double)(rte_rdtsc() - t0) * 1e3 / (double)rte_get_tsc_hz();
}

/* maglev_build over MAGLEV_NFS backends, weights 1..MAGLEV_NFS: the best of reps, ms (what
 * one build costs on a quiet core; a shared machine only adds to it). */
static double
maglev_ms(unsigned reps)
{
	static struct maglev_backend b[MAGLEV_NFS];
	static uint32_t scratch[MAGLEV_SCRATCH_WORDS(MAGLEV_NFS)];
	uint16_t *table = malloc(MAGLEV_TABLE_SIZE * sizeof(*table));
	double best = 1e30;

	if (table == NULL)
		return -1;
	for (unsigned i = 0; i < MAGLEV_NFS; i++) {
		uint32_t a = htonl(0x0a010000u + i), p = htons(80);

		memset(b[i].id, 0, sizeof(b[i].id));
		memcpy(b[i].id, &a, 4);
		memcpy(b[i].id + 16, &p, 2);
		b[i].weight = i + 1;
	}
	for (unsigned r = 0; r < reps; r++) {
		uint64_t t0 = rte_rdtsc();

		maglev_build(table, MAGLEV_TABLE_SIZE, b, MAGLEV_NFS, scratch);
		best = RTE_MIN(best, ms_since(t0));
	}
	free(table);
	return best;
}

/* Services up to n: VIP 10.100.0.0 + i, port 80, NFs 10.1.(i / 25).(i % 25 * 10 + k). */
static int
add_services(struct fwd *f, unsigned from, unsigned n)
{
	char err[CFG_ERR_LEN];

	for (unsigned i = from; i < n; i++) {
		union hvlb_addr vip = {0};
		struct cfg_vs *vs;

		vip.w[0] = htonl(0x0a640000u + i);
		if (cfg_vs_add(f->cfg, HVLB_PROTO_TCP, &vip, HVLB_AF_INET, htons(80), VS_MODE_NAT,
			       HVLB_SCHED_MAGLEV, err) != 0) {
			fprintf(stderr, "publish bench: service %u: %s\n", i, err);
			return -1;
		}
		vs = cfg_vs_find(f->cfg, HVLB_PROTO_TCP, &vip, HVLB_AF_INET, htons(80));
		for (unsigned k = 0; k < NFS_PER_SERVICE; k++) {
			union hvlb_addr nf = {0};

			nf.w[0] = htonl(0x0a010000u + (i / 25) * 256 + (i % 25) * 10 + k + 1);
			if (cfg_rs_add(f->cfg, vs, &nf, HVLB_AF_INET, htons(80), 100, 1, err) != 0) {
				fprintf(stderr, "publish bench: service %u NF %u: %s\n", i, k, err);
				return -1;
			}
		}
	}
	return fwd_publish(f, err) == 0 ? 0 : -1;
}

/* One weight change in one of n services, published: the median of reps, ms; *full gets a
 * snapshot built from nothing beside it. */
static double
publish_ms(struct fwd *f, unsigned n, unsigned reps, double *full)
{
	double t[64], u[64];
	char err[CFG_ERR_LEN];

	reps = RTE_MIN(reps, 64u);
	for (unsigned r = 0; r < reps; r++) {
		union hvlb_addr vip = {0};
		struct cfg_vs *vs;
		struct fwd_snapshot *s;
		uint64_t t0;

		vip.w[0] = htonl(0x0a640000u + (r * 7919u) % n);
		vs = cfg_vs_find(f->cfg, HVLB_PROTO_TCP, &vip, HVLB_AF_INET, htons(80));
		t0 = rte_rdtsc();
		if (cfg_rs_update(f->cfg, vs, &vs->rs[r % NFS_PER_SERVICE], 100 + r % 2 * 50 + 1, -1,
				  err) != 0 || fwd_publish(f, err) != 0) {
			fprintf(stderr, "publish bench: %s\n", err);
			return -1;
		}
		t[r] = ms_since(t0);
		t0 = rte_rdtsc();
		s = snap_build(f->cfg, (int)rte_socket_id(), err);
		u[r] = ms_since(t0);
		snap_free(s);
	}
	*full = median(u, reps);
	return median(t, reps);
}

int
publish_bench_run(unsigned reps)
{
	static const unsigned sizes[] = {1, 100, 1000};
	char path[] = "/tmp/hvlb_pubb_XXXXXX";
	unsigned lcores[1] = {rte_lcore_id()};
	struct ringfwd_ports rp;
	double pub[3], full[3];
	unsigned have = 0;
	struct fwd *f;
	int fd = mkstemp(path);

	if (fd < 0 || dprintf(fd, config_ini) < 0)
		return 1;
	close(fd);
	if (ringfwd_make_ports(&rp, path, 1, 1024, "pb") != 0)
		return 1;
	f = fwd_create(path, 1, lcores);
	unlink(path);
	if (f == NULL || fwd_start(f) != 0)
		return 1;
	/* No worker runs: offline, publishing does not wait for it. */
	ringfwd_readers_offline(f, true);
	double mg = maglev_ms(reps);
	for (unsigned i = 0; i < 3; i++) {
		if (add_services(f, have, sizes[i]) != 0)
			return 1;
		have = sizes[i];
		pub[i] = publish_ms(f, have, reps, &full[i]);
		if (pub[i] < 0)
			return 1;
	}
	printf("{\"mode\":\"publish\",\"maglev_65537_1000_nfs_ms\":%.3f,\"nfs_per_service\":%u,"
	       "\"publish_ms\":{\"1\":%.3f,\"100\":%.3f,\"1000\":%.3f},"
	       "\"full_build_ms\":{\"1\":%.3f,\"100\":%.3f,\"1000\":%.3f},\"reps\":%u}\n",
	       mg, NFS_PER_SERVICE, pub[0], pub[1], pub[2], full[0], full[1], full[2], reps);
	return 0;
}
