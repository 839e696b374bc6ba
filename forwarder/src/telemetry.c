/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * hvlb in DPDK telemetry. The callbacks run in DPDK's telemetry thread, not on the control
 * thread that owns the configuration, so they never touch f->cfg or a snapshot (either may be
 * changed or freed meanwhile): the services come from a copy the control thread swaps in
 * under telem_lock after each publish, and counters are read from the workers directly.
 * telem_lock is held for a whole callback, so telem_close knows when none is running.
 *
 * DPDK 22.11 limits an answer to 16 KiB and a dict to 256 entries, and names to letters,
 * digits, '_' and '/'; /hvlb/vs and /hvlb/workers take an index to show one entry of a
 * configuration too big to fit.
 */
#include <ctype.h>
#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_byteorder.h>
#include <rte_common.h>
#include <rte_mempool.h>
#include <rte_telemetry.h>

#include "scheduler.h"
#include "telemetry.h"

#define TELEM_NAME_LEN 64
/* Dict entries left for services or real services once the fixed fields are in. */
#define TELEM_DICT_ROOM (RTE_TEL_MAX_DICT_ENTRIES - 16)

struct telem_rs {
	char name[TELEM_NAME_LEN]; /* "10.1.0.1:8080" */
	char key[TELEM_NAME_LEN];  /* as a dict name: "10_1_0_1_8080" */
	uint32_t weight;
	uint16_t slot;
	uint8_t health;
};

struct telem_vs {
	char name[TELEM_NAME_LEN]; /* "tcp 10.0.0.1:80" */
	char key[TELEM_NAME_LEN];  /* "tcp_10_0_0_1_80" */
	uint32_t hash_key;
	uint16_t slot;
	uint8_t mode;
	uint8_t sched;
	unsigned n_rs;
	struct telem_rs *rs;
};

/* The services as last published; one allocation. */
struct telem_view {
	uint64_t version;
	unsigned n_vs;
	struct telem_vs *vs;
};

static pthread_mutex_t telem_lock = PTHREAD_MUTEX_INITIALIZER;
static struct fwd *telem_fwd;         /* NULL: not registered, or closed */
static struct telem_view *telem_view; /* under telem_lock */

/* ---- the copy of the services (control thread) ---- */

/* name: "10.0.0.1:80" / "[fd00::1]:80"; key: the same with every other character as '_'. */
static void
endpoint_names(const union hvlb_addr *a, uint8_t af, uint16_t port, const char *prefix,
	       char *name, char *key)
{
	char ip[INET6_ADDRSTRLEN];

	cfg_format_addr(a, af, ip, sizeof(ip));
	snprintf(name, TELEM_NAME_LEN, af == HVLB_AF_INET6 ? "%s[%s]:%u" : "%s%s:%u", prefix, ip,
		 rte_be_to_cpu_16(port));
	snprintf(key, TELEM_NAME_LEN, "%s%s_%u", prefix, ip, rte_be_to_cpu_16(port));
	for (char *p = key; *p != '\0'; p++)
		if (!isalnum((unsigned char)*p))
			*p = '_';
}

static void
view_fill_vs(struct telem_vs *tv, const struct cfg_vs *v, struct telem_rs *rs)
{
	endpoint_names(&v->vip, v->af, v->vport, v->proto == HVLB_PROTO_TCP   ? "tcp "
		       : v->proto == HVLB_PROTO_UDP ? "udp "
						    : "sctp",
		       tv->name, tv->key);
	tv->hash_key = vs_key(v->proto, &v->vip, v->vport);
	tv->slot = v->slot;
	tv->mode = v->mode;
	tv->sched = v->sched;
	tv->n_rs = v->n_rs;
	tv->rs = rs;
	for (unsigned j = 0; j < v->n_rs; j++) {
		const struct rs_config *c = &v->rs[j];

		endpoint_names(&c->addr, c->af, c->port, "", rs[j].name, rs[j].key);
		rs[j].weight = c->weight;
		rs[j].slot = c->slot;
		rs[j].health = c->health;
	}
}

static struct telem_view *
view_build(const struct cfgstore *st)
{
	struct telem_view *tv;
	struct telem_rs *rs;
	size_t n_rs = 0;

	for (unsigned i = 0; i < st->n_vs; i++)
		n_rs += st->vs[i].n_rs;
	tv = calloc(1, sizeof(*tv) + st->n_vs * sizeof(tv->vs[0]) + n_rs * sizeof(*rs));
	if (tv == NULL)
		return NULL;
	tv->version = st->version;
	tv->n_vs = st->n_vs;
	tv->vs = (struct telem_vs *)(tv + 1);
	rs = (struct telem_rs *)(tv->vs + st->n_vs);
	for (unsigned i = 0; i < st->n_vs; i++) {
		view_fill_vs(&tv->vs[i], &st->vs[i], rs);
		rs += st->vs[i].n_rs;
	}
	return tv;
}

void
telem_refresh(struct fwd *f)
{
	struct telem_view *tv, *old;

	/* telem_fwd is only written on this (the control) thread. */
	if (telem_fwd == NULL)
		return;
	tv = view_build(f->cfg);
	if (tv == NULL)
		return; /* keep showing the previous services rather than none */
	pthread_mutex_lock(&telem_lock);
	old = telem_view;
	telem_view = tv;
	pthread_mutex_unlock(&telem_lock);
	free(old);
}

/* ---- answers (telemetry thread, under telem_lock) ---- */

/* An index from the command's parameters; -1 when none was given, -2 when not a number. */
static long
param_index(const char *params)
{
	char *end;
	long i;

	if (params == NULL || params[0] == '\0')
		return -1;
	i = strtol(params, &end, 10);
	return *end != '\0' || i < 0 ? -2 : i;
}

/* One counter of stats_each into a telemetry dictionary. */
static void
add_counter(void *arg, const char *name, uint64_t value)
{
	rte_tel_data_add_dict_u64(arg, name, value);
}

static int
stats_fill(struct fwd *f, const char *params, struct rte_tel_data *d)
{
	struct rte_tel_data *dr = rte_tel_data_alloc();
	struct worker_stats t;
	uint64_t active = 0;

	RTE_SET_USED(params);
	if (dr == NULL)
		return -ENOMEM;
	fwd_sum_worker_stats(f, &t);
	for (uint16_t i = 0; i < f->env.n_workers; i++)
		active += conn_count(f->workers[i]->conns);
	rte_tel_data_start_dict(d);
	stats_each(&t, add_counter, d);
	rte_tel_data_add_dict_u64(d, "active_conns", active);
	rte_tel_data_add_dict_u64(d, "config_version", telem_view ? telem_view->version : 0);
	if (f->pool != NULL) {
		rte_tel_data_add_dict_u64(d, "mempool_in_use", rte_mempool_in_use_count(f->pool));
		rte_tel_data_add_dict_u64(d, "mempool_size", f->pool->size);
	}
	/* Every reason, zeros included, so scripts always find the same keys. */
	rte_tel_data_start_dict(dr);
	for (unsigned i = 1; i < HVLB_DROP_MAX; i++)
		rte_tel_data_add_dict_u64(dr, hvlb_drop_name(i), t.drops[i]);
	rte_tel_data_add_dict_container(d, "drops", dr, 0);
	return 0;
}

static struct rte_tel_data *
worker_dict(const struct worker *w)
{
	struct rte_tel_data *d = rte_tel_data_alloc();
	struct worker_stats s = w->stats; /* the worker keeps counting: one read of each */
	uint64_t dropped = 0;

	if (d == NULL)
		return NULL;
	for (unsigned i = 1; i < HVLB_DROP_MAX; i++)
		dropped += s.drops[i];
	rte_tel_data_start_dict(d);
	rte_tel_data_add_dict_u64(d, "lcore", w->lcore);
	stats_each(&s, add_counter, d);
	rte_tel_data_add_dict_u64(d, "active_conns", conn_count(w->conns));
	rte_tel_data_add_dict_u64(d, "dropped", dropped);
	return d;
}

/* DPDK 22.11 telemetry has no floating point: shares as thousandths ("load_permille"). */
static void
add_permille(struct rte_tel_data *d, const char *name, double v)
{
	char key[48];

	snprintf(key, sizeof(key), "%s_permille", name);
	rte_tel_data_add_dict_u64(d, key, v > 0 ? (uint64_t)(v * 1000 + 0.5) : 0);
}

/* RSS-A's figures of worker i (written by the control thread; plain reads of doubles). */
static struct rte_tel_data *
load_dict(const struct fwd *f, uint16_t i)
{
	struct rte_tel_data *d = rte_tel_data_alloc();
	const struct rssa_ctl *rc = f->rssa;

	if (d == NULL)
		return NULL;
	rte_tel_data_start_dict(d);
	rte_tel_data_add_dict_u64(d, "socket", (uint64_t)f->workers[i]->socket);
	add_permille(d, "load", rc->w[i].load);
	add_permille(d, "load_period", rc->rssa.w[i].load);
	add_permille(d, "overload_freq", rc->rssa.w[i].foe);
	rte_tel_data_add_dict_u64(d, "overloaded", rssa_overloaded(&rc->rssa, i));
	rte_tel_data_add_dict_u64(d, "flows_moved_in", f->workers[i]->stats.steer_in);
	rte_tel_data_add_dict_u64(d, "flows_moved_out", f->workers[i]->stats.steer_out);
	return d;
}

/* RSS-A and flow steering: settings, counters and each worker's load. */
static int
steering_fill(struct fwd *f, const char *params, struct rte_tel_data *d)
{
	const struct steer_ctl *sc = f->sc;
	const struct rssa_ctl *rc = f->rssa;
	char name[32];

	RTE_SET_USED(params);
	rte_tel_data_start_dict(d);
	rte_tel_data_add_dict_u64(d, "rssa_enabled", rc->on);
	add_permille(d, "q", rc->rssa.p.q);
	add_permille(d, "epsilon", rc->rssa.p.epsilon);
	add_permille(d, "theta_h", rc->rssa.p.theta_h);
	rte_tel_data_add_dict_u64(d, "period_ms", rc->period_ms);
	rte_tel_data_add_dict_u64(d, "n_sam", rc->rssa.p.n_sam);
	rte_tel_data_add_dict_u64(d, "periods", rc->rssa.periods);
	rte_tel_data_add_dict_u64(d, "overrides", sc->n_ovr);
	rte_tel_data_add_dict_u64(d, "flows_moved", sc->moves_done);
	rte_tel_data_add_dict_u64(d, "rssa_moves", rc->moves);
	rte_tel_data_add_dict_u64(d, "moves_failed", sc->moves_failed);
	rte_tel_data_add_dict_u64(d, "moves_vanished", sc->moves_vanished);
	rte_tel_data_add_dict_u64(d, "moves_in_progress", sc->n_mig);
	rte_tel_data_add_dict_u64(d, "dispatch_stage", f->disp.n > 0);
	rte_tel_data_add_dict_u64(d, "dispatch_stages", f->disp.n);
	if (f->disp.n > 0) {
		struct dispatch_stats ds;

		dispatch_sum(&f->disp, &ds);

		rte_tel_data_add_dict_u64(d, "dispatch_rx_pkts", ds.rx_pkts);
		rte_tel_data_add_dict_u64(d, "dispatch_raw", ds.raw);
		rte_tel_data_add_dict_u64(d, "dispatch_steered", ds.steered);
		rte_tel_data_add_dict_u64(d, "dispatch_full", ds.full);
		rte_tel_data_add_dict_u64(d, "dispatch_busy_cycles", ds.busy_cycles);
		rte_tel_data_add_dict_u64(d, "dispatch_fences", ds.fences);
		rte_tel_data_add_dict_u64(d, "dispatch_fence_held", ds.fence_held);
		rte_tel_data_add_dict_u64(d, "dispatch_fence_early", ds.fence_early);
	}
	for (uint16_t i = 0; i < f->env.n_workers && i < TELEM_DICT_ROOM; i++) {
		struct rte_tel_data *w = load_dict(f, i);

		if (w == NULL)
			return -ENOMEM;
		snprintf(name, sizeof(name), "worker%u", i);
		rte_tel_data_add_dict_container(d, name, w, 0);
	}
	return 0;
}

static int
workers_fill(struct fwd *f, const char *params, struct rte_tel_data *d)
{
	long one = param_index(params);
	char name[32];

	if (one == -2 || one >= f->env.n_workers)
		return -EINVAL;
	rte_tel_data_start_dict(d);
	for (uint16_t i = 0; i < f->env.n_workers && i < TELEM_DICT_ROOM; i++) {
		struct rte_tel_data *w;

		if (one >= 0 && i != one)
			continue;
		w = worker_dict(f->workers[i]);
		if (w == NULL)
			return -ENOMEM;
		snprintf(name, sizeof(name), "worker%u", i);
		rte_tel_data_add_dict_container(d, name, w, 0);
	}
	return 0;
}

static struct rte_tel_data *
rs_dict(struct fwd *f, const struct telem_rs *rs)
{
	struct rte_tel_data *d = rte_tel_data_alloc();
	struct slot_stats ss;
	uint64_t active;

	if (d == NULL)
		return NULL;
	fwd_sum_rs(f, rs->slot, &ss, &active);
	rte_tel_data_start_dict(d);
	rte_tel_data_add_dict_string(d, "real", rs->name);
	rte_tel_data_add_dict_u64(d, "weight", rs->weight);
	rte_tel_data_add_dict_u64(d, "health", rs->health);
	rte_tel_data_add_dict_u64(d, "packets", ss.pkts);
	rte_tel_data_add_dict_u64(d, "bytes", ss.bytes);
	rte_tel_data_add_dict_u64(d, "active_conns", active);
	rte_tel_data_add_dict_u64(d, "total_conns", ss.conns_total);
	return d;
}

static struct rte_tel_data *
vs_dict(struct fwd *f, const struct telem_vs *v)
{
	struct rte_tel_data *d = rte_tel_data_alloc(), *rd = rte_tel_data_alloc(), *x;
	struct slot_stats ss;
	uint64_t active;

	if (d == NULL || rd == NULL)
		goto fail;
	fwd_sum_vs(f, v->slot, &ss, &active);
	rte_tel_data_start_dict(d);
	rte_tel_data_add_dict_string(d, "service", v->name);
	rte_tel_data_add_dict_string(d, "mode", vs_mode_name(v->mode));
	rte_tel_data_add_dict_string(d, "scheduler", sched_name(v->sched));
	rte_tel_data_add_dict_u64(d, "key", v->hash_key);
	rte_tel_data_add_dict_u64(d, "packets", ss.pkts);
	rte_tel_data_add_dict_u64(d, "bytes", ss.bytes);
	rte_tel_data_add_dict_u64(d, "active_conns", active);
	rte_tel_data_add_dict_u64(d, "total_conns", ss.conns_total);
	rte_tel_data_add_dict_u64(d, "real_services_count", v->n_rs);
	rte_tel_data_start_dict(rd);
	for (unsigned j = 0; j < v->n_rs && j < TELEM_DICT_ROOM; j++) {
		x = rs_dict(f, &v->rs[j]);
		if (x == NULL)
			goto fail;
		rte_tel_data_add_dict_container(rd, v->rs[j].key, x, 0);
	}
	rte_tel_data_add_dict_container(d, "real_services", rd, 0);
	return d;

fail:
	rte_tel_data_free(rd);
	rte_tel_data_free(d);
	return NULL;
}

static int
vs_fill(struct fwd *f, const char *params, struct rte_tel_data *d)
{
	const struct telem_view *tv = telem_view;
	unsigned n = tv != NULL ? tv->n_vs : 0;
	long one = param_index(params);

	if (one == -2 || one >= (long)n)
		return -EINVAL;
	rte_tel_data_start_dict(d);
	rte_tel_data_add_dict_u64(d, "services", n);
	for (unsigned i = 0; i < n && i < TELEM_DICT_ROOM; i++) {
		struct rte_tel_data *v;

		if (one >= 0 && i != one)
			continue;
		v = vs_dict(f, &tv->vs[i]);
		if (v == NULL)
			return -ENOMEM;
		rte_tel_data_add_dict_container(d, tv->vs[i].key, v, 0);
	}
	return 0;
}

/* Per port: what csum_watch sees and the kernel's receive drops on a kernel-interface port
 * (the port's own counters are DPDK's /ethdev/stats). */
static int
ports_fill(struct fwd *f, const char *params, struct rte_tel_data *d)
{
	uint64_t bad, unfilled;
	char name[32];

	RTE_SET_USED(params);
	rte_tel_data_start_dict(d);
	for (uint16_t i = 0; i < f->ports.n; i++) {
		struct rte_tel_data *p = rte_tel_data_alloc();

		if (p == NULL)
			return -ENOMEM;
		csum_watch_sum(f->workers, f->env.n_workers, i, &bad, &unfilled);
		rte_tel_data_start_dict(p);
		rte_tel_data_add_dict_string(p, "name", f->ports.p[i].name);
		rte_tel_data_add_dict_u64(p, "port_id", f->ports.p[i].port_id);
		rte_tel_data_add_dict_u64(p, "bad_l4_csum", bad);
		rte_tel_data_add_dict_u64(p, "csum_unfilled", unfilled);
		rte_tel_data_add_dict_u64(p, "peer_csum_offload", f->csum.flagged[i]);
		rte_tel_data_add_dict_u64(p, "kernel_rx_drops", port_ksock_rx_drops(&f->ports.p[i].ks));
		rte_tel_data_add_dict_string(p, "kernel_socket", port_ksock_kind_name(&f->ports.p[i].ks));
		snprintf(name, sizeof(name), "port%u", i);
		rte_tel_data_add_dict_container(d, name, p, 0);
	}
	return 0;
}

typedef int (*telem_fill_fn)(struct fwd *f, const char *params, struct rte_tel_data *d);

static int
answer(telem_fill_fn fill, const char *params, struct rte_tel_data *d)
{
	int rc = -ENODEV;

	pthread_mutex_lock(&telem_lock);
	if (telem_fwd != NULL)
		rc = fill(telem_fwd, params, d);
	pthread_mutex_unlock(&telem_lock);
	return rc;
}

/* Connection sync: its state and every counter (the control thread's are plain 64-bit words
 * it writes, read here as the workers' are). */
static int
sync_fill(struct fwd *f, const char *params, struct rte_tel_data *d)
{
	const struct sync_ctl *s = f->sync;

	RTE_SET_USED(params);
	rte_tel_data_start_dict(d);
	rte_tel_data_add_dict_string(d, "state", sync_state_name(s->state));
	rte_tel_data_add_dict_u64(d, "id", s->set.id);
	rte_tel_data_add_dict_u64(d, "peers", s->n_peers);
	rte_tel_data_add_dict_u64(d, "epoch", s->epoch);
	sync_ctl_each_counter(s, add_counter, d);
	return 0;
}

static int
cmd_sync(const char *cmd, const char *params, struct rte_tel_data *d)
{
	RTE_SET_USED(cmd);
	return answer(sync_fill, params, d);
}

static int
cmd_stats(const char *cmd, const char *params, struct rte_tel_data *d)
{
	RTE_SET_USED(cmd);
	return answer(stats_fill, params, d);
}

static int
cmd_workers(const char *cmd, const char *params, struct rte_tel_data *d)
{
	RTE_SET_USED(cmd);
	return answer(workers_fill, params, d);
}

static int
cmd_vs(const char *cmd, const char *params, struct rte_tel_data *d)
{
	RTE_SET_USED(cmd);
	return answer(vs_fill, params, d);
}

static int
cmd_ports(const char *cmd, const char *params, struct rte_tel_data *d)
{
	RTE_SET_USED(cmd);
	return answer(ports_fill, params, d);
}

static int
cmd_steering(const char *cmd, const char *params, struct rte_tel_data *d)
{
	RTE_SET_USED(cmd);
	return answer(steering_fill, params, d);
}

/* ---- registration ---- */

int
telem_register(struct fwd *f)
{
	static const struct {
		const char *cmd;
		telemetry_cb fn;
		const char *help;
	} cmds[] = {
		{"/hvlb/stats", cmd_stats,
		 "hvlb totals over all workers and drops by reason. Takes no parameters."},
		{"/hvlb/workers", cmd_workers,
		 "hvlb per-worker counters. Parameters: none (every worker) or a worker index."},
		{"/hvlb/vs", cmd_vs,
		 "hvlb virtual services with per-real-service counters. Parameters: none (all, as "
		 "many as fit) or a service index."},
		{"/hvlb/steering", cmd_steering,
		 "hvlb flow steering and RSS-A: settings, moves, and each worker's load and "
		 "overload frequency. Takes no parameters."},
		/* Help texts stay under RTE_TEL_MAX_STRING_LEN (128) or registration fails. */
		{"/hvlb/sync", cmd_sync,
		 "hvlb connection sync: state (off, syncing, ready) and counters. No parameters."},
		{"/hvlb/ports", cmd_ports,
		 "hvlb per port: bad_l4_csum drops, unfilled checksums, peer checksum offload, "
		 "the kernel's receive drops. No parameters."},
	};
	int rc;

	pthread_mutex_lock(&telem_lock);
	telem_fwd = f;
	pthread_mutex_unlock(&telem_lock);
	telem_refresh(f);
	for (unsigned i = 0; i < RTE_DIM(cmds); i++) {
		rc = rte_telemetry_register_cmd(cmds[i].cmd, cmds[i].fn, cmds[i].help);
		if (rc < 0) {
			RTE_LOG(ERR, USER1, "telemetry %s not registered (%d): help text of %zu "
				"characters, at most %d\n", cmds[i].cmd, rc, strlen(cmds[i].help),
				RTE_TEL_MAX_STRING_LEN - 1);
			return rc;
		}
	}
	return 0;
}

void
telem_close(void)
{
	struct telem_view *old;

	pthread_mutex_lock(&telem_lock);
	telem_fwd = NULL;
	old = telem_view;
	telem_view = NULL;
	pthread_mutex_unlock(&telem_lock);
	free(old);
}
