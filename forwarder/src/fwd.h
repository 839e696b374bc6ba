/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The forwarder process: a plain composition of the modules that own its state (the map is in
 * docs/architecture.md). fwd.c sets them up in order, wires the pointers the lcores share
 * (lcore_env.h), runs the control thread's periodic work and tears everything down. main.c,
 * the fixture runner and the benchmark all go through it.
 */
#ifndef HVLB_FWD_H
#define HVLB_FWD_H

#include <stdint.h>

#include <rte_mempool.h>
#include <rte_rcu_qsbr.h>

#include "capture_ctl.h"
#include "cfgstore.h"
#include "csum_watch.h"
#include "drop_log.h"
#include "dispatch.h"
#include "exception.h"
#include "lcore_env.h"
#include "fwd_limits.h"
#include "neigh.h"
#include "persist.h"
#include "port.h"
#include "rssa_ctl.h"
#include "snapshot.h"
#include "stats.h"
#include "slot_totals.h"
#include "stats_zero.h"
#include "steer_ctl.h"
#include "sync.h"
#include "worker.h"

struct ctl_server;

struct fwd {
	struct port_set ports;          /* port.h: set up at start, read by all */
	struct rte_mempool *pool;       /* every received and built frame */
	struct rte_mempool *rx_big;     /* af_packet ports' RX buffers (port.h), or NULL */
	struct rte_rcu_qsbr *rcu;       /* readers: workers, then dispatch stages */
	struct cfgstore *cfg;           /* cfgstore.h: the desired configuration */
	struct snap_pub snap;           /* snapshot.h: what the lcores read of it */
	struct neigh_table neigh;       /* neigh.h */
	struct persist persist;         /* persist.h: what survives a restart */
	struct lcore_env env;           /* lcore_env.h: pointers into the above, for the lcores */
	struct worker *workers[FWD_MAX_WORKERS]; /* env.n_workers of them */
	struct dispatch_set disp;       /* dispatch.h: 0 stages by default */
	struct steer_ctl *sc;           /* steer_ctl.h: overrides and moves */
	struct rssa_ctl *rssa;          /* rssa_ctl.h: RSS-A */
	struct sync_ctl *sync;          /* sync.h: connection sync with peer forwarders */
	struct ctl_server *ctl;         /* ctl.h: the local API's socket (main.c) */
	uint64_t last_reclaim;          /* TSC of the last reclaim of retired RS slots and
					   services */
	struct csum_watch csum;         /* csum_watch.h: ports whose peer offloads checksums */
	struct drop_log drop_log;       /* drop_log.h: the drops' summary in the log */
	struct stats_zero *zero;        /* stats_zero.h: baselines of zeroed counters */
	struct slot_totals *totals;     /* slot_totals.h: services' and reals' totals from the
					   workers' raw counters */
	struct capture_ctl *cap;        /* capture_ctl.h: the packet capture, one at a time */
	struct exc_set exc;             /* exception.h: the exception path to the kernel */
	struct fnat_pool local_pool;    /* fullnat.h: FullNAT's local addresses and ports, from
					   the start-up file; never changed while running */
	struct toeplitz tz;             /* the connection tables' hash, when it is the NIC's
					   (conn_set_hash; fwd.c setup_conn_hash) */
};

/* Read the config file, set up its ports (not started), memory, the first snapshot and the
 * n_lcores lcores (dispatch stages first, then workers; ordered by socket). NULL after logging
 * why. */
struct fwd *fwd_create(const char *config_path, uint16_t n_lcores, const unsigned *lcores);

/* Start the ports and ask for the next hops the configuration needs. 0 or -errno, logged. */
int fwd_start(struct fwd *f);

/* One round of control-thread work that is not the socket: neighbour learning, resolution,
 * refresh, steering, RSS-A, reclaiming RS slots and retired services (once a second; a
 * forgotten service is published, which waits for the readers' grace period), watching for
 * checksum offload. */
void fwd_control_poll(struct fwd *f);

/* Read config_path again and apply what can change while running: [timeouts], the RSS-A
 * settings, idle_sleep_max_us and neigh_retry_ms (SIGHUP). The rest needs a restart and is
 * logged when it differs. 0, or -EINVAL (logged) with nothing changed. */
int fwd_reload(struct fwd *f, const char *config_path);

/* Before a clean stop (the lcores have returned): save what a restart needs. */
void fwd_save(struct fwd *f);

/* Stop ports and free everything (the lcores must have returned). NULL is a no-op. */
void fwd_destroy(struct fwd *f);

/* Build a snapshot from f->cfg and publish it (snap_publish). 0, or -errno with err set. */
int fwd_publish(struct fwd *f, char *err);

/* Replace the connection-sync setting (docs/sync.md): validated, put in force (the socket
 * opened), then kept in the store (so saved with it). 0, or -errno with err naming the field;
 * nothing changed then. */
int fwd_sync_set(struct fwd *f, const struct cfg_sync *s, char *err);

/* Counters summed over workers (and what the dispatch stages received). */
void fwd_sum_worker_stats(const struct fwd *f, struct worker_stats *out);
/* Per-slot counters summed over workers, from the slot's birth (slot_totals.h); a service's
 * packets and bytes are its reals'; active = connections now. Any thread (the lock's). */
void fwd_sum_rs(const struct fwd *f, uint16_t slot, struct slot_stats *out, uint64_t *active);
void fwd_sum_vs(const struct fwd *f, uint16_t slot, struct slot_stats *out, uint64_t *active);
/* An RS slot's handshake RTT over workers: the sample-weighted mean of their EWMAs in
 * microseconds (0 with no sample), how many samples they took and the sum of them (µs). */
void fwd_rs_rtt(const struct fwd *f, uint16_t slot, double *srtt_us, uint64_t *samples,
		uint64_t *sum_us);

#endif
