/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What every polling lcore (workers and dispatch stages) shares: pointers to the pieces of
 * state that their owning modules create and the control thread writes. fwd.c fills it in
 * once, before the lcores start; nothing in it changes afterwards except through the pieces'
 * own publication rules (snapshot.h, neigh.h, steer_msg.h).
 */
#ifndef HVLB_LCORE_ENV_H
#define HVLB_LCORE_ENV_H

#include <stdint.h>

#include <rte_rcu_qsbr.h>

#include "fullnat.h"
#include "fwd_limits.h"
#include "neigh.h"
#include "port.h"
#include "snapshot.h"
#include "steer_msg.h"
#include "synproxy.h"
#include "tunnel_settings.h"

struct worker;
struct capture_pub;
struct exc_set;

struct lcore_env {
	const struct port_set *ports;
	struct snap_pub *snap;
	struct neigh_table *neigh;
	struct steer_link *steer;
	struct rte_rcu_qsbr *rcu;       /* reader ids: workers 0..n-1, then dispatch stages */
	struct worker **workers;        /* n_workers, each with its inbox */
	const struct exc_set *exc;      /* exception.h: data ports with a path to the kernel */
	struct rte_mempool *pool;       /* the main mbuf pool: frames a worker builds (fragments) */
	uint16_t n_workers;
	uint32_t conn_max;              /* connections per worker */
	uint32_t idle_sleep_max_us;
	uint32_t idle_sleep_wake_max_us; /* the ceiling of a worker every urgent work wakes */
	volatile uint8_t idle_wake_rx;  /* idle workers wake on their kernel sockets (idle.h) */
	volatile uint8_t kernel_fast_path; /* workers hand established connections to their AF_XDP
					      ports' XDP program (worker_kfp.h) */
	uint32_t worker_slice_us;       /* each worker's scheduling slice, set as it starts
					   (idle.h idle_set_slice); 0: the kernel's */
	uint8_t frag_forward;           /* fragments = forward: workers keep a fragment table
					   (worker_frag.h); read-only after start */
	uint8_t nic_hash;               /* every port's NIC gives each packet its conn_key_hash
					   (port.h nic_hash; conn_set_hash): workers use it */
	uint64_t hz;
	volatile int quit;              /* set by the control thread: lcores return */
	volatile uint8_t sync_on;       /* connection sync on (sync.h): workers record changes */
	/* k-way replication (cfg_sync.replicas, docs/sync.md): not 0, a worker that misses a
	 * connection mid-stream asks its holders (a pull) before the mid-stream rule. */
	volatile uint8_t sync_replicas;
	struct synproxy_key sp_key;     /* the SYN cookies' secret, random at start */
	uint64_t sp_epoch;              /* TSC at start: the cookies' time counter counts from it */
	struct tunnel_settings tunnel;  /* [tunnel]: tunnel mode's MTU, GUE port, sources */
	/* FullNAT's local addresses and ports (fullnat.h): set at start-up, changed in place
	 * by the control thread (SetLocalPool) under fnat_pool_change_check's rule, which then
	 * bumps fnat_gen; each worker lays its allocator out again at the top of its loop,
	 * keeping the first fnat_keep addresses' ports, and acknowledges in its fnat_gen. */
	struct fnat_pool *fnat_pool;
	uint32_t fnat_gen;
	uint16_t fnat_keep;
	/* The packet capture running (worker_capture.h), published by the control thread
	 * (capture_ctl.c) with a release store; NULL: none. */
	struct capture_pub *capture;
};

#endif
