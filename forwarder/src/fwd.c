/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Setting the forwarder up (fwd.h): each module in turn, then the lcores, then wiring what
 * they share; the control thread's periodic work; counters summed over workers. Shared by
 * main.c, the fixture runner and the benchmark.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include <rte_cycles.h>
#include <rte_lcore.h>
#include <rte_log.h>
#include <rte_malloc.h>
#include <rte_mbuf.h>

#include "cfgfile.h"
#include "fwd.h"
#include "log_kv.h"

#define LOG(l, ...) RTE_LOG(l, USER1, __VA_ARGS__)

int
fwd_publish(struct fwd *f, char *err)
{
	return snap_publish(&f->snap, f->cfg, err);
}

int
fwd_sync_set(struct fwd *f, const struct cfg_sync *s, char *err)
{
	struct cfgstore probe;
	int rc;

	/* Validate on a scratch store first: the socket is only opened for a valid setting. */
	memset(&probe, 0, sizeof(probe));
	rc = cfg_sync_set(&probe, s, err);
	/* Before sync exists (a saved configuration replayed at start-up), the store alone: sync
	 * starts from it (start_sync). */
	if (rc == 0 && f->sync != NULL)
		rc = sync_ctl_apply(f->sync, s, err);
	if (rc == 0)
		rc = cfg_sync_set(f->cfg, s, err);
	return rc;
}

static void slot_born(void *arg, int rs, uint16_t slot, uint16_t vs_slot);

/* Workers on the ports' socket first (stable): worker i polls RX queue i of every port, so
 * the first workers carry the traffic when there are more lcores than queues. */
static void
order_lcores(const unsigned *in, uint16_t n, int socket, unsigned *out)
{
	uint16_t k = 0;

	for (int pass = 0; pass < 2; pass++)
		for (uint16_t i = 0; i < n; i++)
			if ((socket < 0 || (int)rte_lcore_to_socket_id(in[i]) == socket) == (pass == 0))
				out[k++] = in[i];
}

/* RX queue q of every port goes to worker q % n_workers; with dispatch stages, they poll the
 * queues (dispatch_create) and the workers only their inboxes. */
static void
assign_queues(struct fwd *f)
{
	if (f->disp.n > 0)
		return;
	for (uint16_t p = 0; p < f->ports.n; p++)
		for (uint16_t q = 0; q < f->ports.p[p].nb_rxq; q++) {
			struct worker *w = f->workers[q % f->env.n_workers];
			if (w->n_rxq == WORKER_MAX_RXQ)
				continue;
			w->rxq[w->n_rxq].port = p;
			w->rxq[w->n_rxq++].queue = q;
		}
}

/* What the connection tables file keys by (conn_set_hash), before any table is made: the
 * Toeplitz hash the ports' NICs give every packet, where each port does (auto) or where the
 * file asks for it (toeplitz: in software for what no NIC hashed); else the flow hash. */
static void
setup_conn_hash(struct fwd *f, uint8_t setting)
{
	bool all = f->ports.n > 0;

	for (uint16_t p = 0; p < f->ports.n; p++)
		all = all && f->ports.p[p].nic_hash;
	conn_set_hash(NULL);
	f->env.nic_hash = 0;
	if (setting == CONN_HASH_TOEPLITZ || (setting == CONN_HASH_AUTO && all)) {
		toeplitz_init(&f->tz, toeplitz_key);
		conn_set_hash(&f->tz);
		f->env.nic_hash = all;
	}
	LOG(INFO, "connection tables hash keys by %s\n",
	    conn_hash_tz == NULL ? "the flow hash (CRC32C)"
	    : all ? "the ports' RSS hash (Toeplitz), as each packet comes with it"
		  : "Toeplitz, in software (not every port gives it)");
}

/* The pool of the af_packet ports' RX buffers, when their frames (port.h PORT_AFP_FRAMESZ)
 * are longer than the main pool's buffers: the PMD copies each frame into one mbuf, so each
 * buffer holds the longest of them. The PMD takes one per frame, which the workers then send
 * or drop; the fragments worker_tx_big makes come from the main pool. -1: a framesz no mbuf
 * can hold, or no memory (logged). */
static int
setup_rx_big(struct fwd *f, const struct fwd_settings *set, int socket, uint32_t n)
{
	int room = 0;

	for (uint16_t p = 0; p < set->n_ports; p++) {
		int r = port_rx_room(&set->port[p], p);

		if (r < 0)
			return -1;
		room = RTE_MAX(room, r);
	}
	if (room == 0)
		return 0;
	f->rx_big = rte_pktmbuf_pool_create("hvlb_mbufs_afp", n, 256, 0, (uint16_t)room, socket);
	if (f->rx_big == NULL) {
		LOG(ERR, "cannot create %u mbufs of %d bytes for af_packet ports: %s\n", n, room,
		    rte_strerror(rte_errno));
		return -1;
	}
	LOG(INFO, "af_packet RX pool: %u mbufs of %d bytes\n", n, room);
	return 0;
}

/* The pools' sizes from the ports' rings (core/ring_plan.h): the main pool's is mbufs, or
 * when unset (0) what the rings, the lcores' caches and a backlog need; the af_packet pool's
 * always the latter. -1 (logged, naming the setting): a port that cannot be planned, or mbufs
 * set below what the rings hold (the AF_XDP PMD would fail to fill its rings, a NIC run dry). */
static int
plan_pools(const struct fwd *f, const struct fwd_settings *set, uint32_t *mbufs, uint32_t *afp)
{
	struct ring_port rp[FWD_MAX_PORTS];
	struct ring_need need;
	uint64_t held = 0;

	for (uint16_t p = 0; p < set->n_ports; p++) {
		if (port_plan(&set->port[p], p, f->env.n_workers, &rp[p]) != 0)
			return -1;
		if (set->port[p].exception[0] != '\0')
			rp[p].held += 2 * EXC_DESC; /* its tap's rings, from the main pool */
		held += rp[p].held;
	}
	ring_need(rp, set->n_ports, f->env.n_workers, rte_lcore_count(), &need);
	if (set->mbufs != 0 && set->mbufs < need.main_min) {
		for (uint16_t p = 0; p < set->n_ports; p++)
			LOG(ERR, "port%u: %s port, %u queue(s), rings of %u (rx) and %u (tx): holds "
			    "up to %u mbufs\n", p, port_ring_kind_name(rp[p].kind), rp[p].nb_rxq,
			    rp[p].rx_ring, rp[p].tx_ring, rp[p].held);
		LOG(ERR, "[forwarder] mbufs: %u cannot back the ports' rings: they hold up to "
		    "%" PRIu64 " mbufs, and %u lcores' caches and bursts take more; it needs at "
		    "least %" PRIu64 " (unset, it would be %" PRIu64 "): raise mbufs, unset it, or "
		    "lower the ports' rx_desc\n", set->mbufs, held, rte_lcore_count(), need.main_min,
		    need.main_size);
		return -1;
	}
	if (need.main_size > UINT32_MAX || need.afp_size > UINT32_MAX) {
		LOG(ERR, "[forwarder] mbufs: the ports' rings need %" PRIu64 " mbufs, too many\n",
		    need.main_size);
		return -1;
	}
	*mbufs = set->mbufs != 0 ? set->mbufs : (uint32_t)need.main_size;
	*afp = (uint32_t)need.afp_size;
	LOG(INFO, "mbuf pool: %u mbufs (%s); the ports' rings hold up to %" PRIu64 ", at least "
	    "%" PRIu64 " needed\n", *mbufs, set->mbufs != 0 ? "mbufs" : "auto, mbufs unset", held,
	    need.main_min);
	return 0;
}

/* The ports, the mbuf pool, RCU, the neighbour table and the configuration (applied from the
 * file and published): everything the lcores need before they exist. */
static int
setup_state(struct fwd *f, const struct fwd_settings *set, struct cfgini *cfg,
	    const char *config_path, int socket)
{
	struct cfgfile_target t = {.neigh = &f->neigh, .n_ports = set->n_ports};
	uint32_t readers = f->env.n_workers + FWD_MAX_DISPATCH;
	char err[CFG_ERR_LEN];
	uint32_t mbufs, afp;

	if (plan_pools(f, set, &mbufs, &afp) != 0)
		return -EINVAL;
	f->pool = rte_pktmbuf_pool_create("hvlb_mbufs", mbufs, 256, 0, RTE_MBUF_DEFAULT_BUF_SIZE,
					  socket);
	if (f->pool == NULL) {
		LOG(ERR, "cannot create %u mbufs: %s\n", mbufs, rte_strerror(rte_errno));
		return -ENOMEM;
	}
	f->ports.n = set->n_ports;
	if (setup_rx_big(f, set, socket, afp) != 0)
		return -ENOMEM;
	for (uint16_t p = 0; p < f->ports.n; p++) {
		struct rte_mempool *rx = port_rx_room(&set->port[p], p) > 0 ? f->rx_big : f->pool;

		if (port_setup(&f->ports, p, &set->port[p], f->env.n_workers, rx,
			       set->conn_hash != CONN_HASH_FLOW) != 0)
			return -ENODEV;
	}
	setup_conn_hash(f, set->conn_hash);
	if (exc_setup(&f->exc, &f->ports, set->port, set->n_ports, f->pool, socket) != 0)
		return -ENODEV;
	/* Reader ids: the workers 0..n-1, then the dispatch stages. */
	f->rcu = rte_zmalloc_socket("rcu", rte_rcu_qsbr_get_memsize(readers), RTE_CACHE_LINE_SIZE,
				    socket);
	f->cfg = calloc(1, sizeof(*f->cfg));
	f->zero = stats_zero_create();
	f->totals = slot_totals_create();
	f->cap = capture_ctl_create(&f->env);
	if (f->rcu == NULL || rte_rcu_qsbr_init(f->rcu, readers) != 0 || f->cfg == NULL ||
	    f->zero == NULL || f->totals == NULL || f->cap == NULL ||
	    neigh_init(&f->neigh, socket, &f->ports, f->pool, set->neigh_retry_ms) != 0) {
		LOG(ERR, "out of memory for rings / neighbour table\n");
		return -ENOMEM;
	}
	f->neigh.first_retry_ms = set->neigh_first_retry_ms;
	f->snap = (struct snap_pub){.rcu = f->rcu, .socket = f->ports.p[0].socket};
	cfg_init(f->cfg, f->ports.n);
	f->cfg->slot_born = slot_born;
	f->cfg->slot_born_arg = f;
	if (persist_open(&f->persist, set->state_dir, f->env.hz) != 0)
		return -EIO;
	/* A restart runs what the last run had; the file gives its static neighbours only. */
	t.neigh_only = persist_load_config(&f->persist, f, f->cfg, f->ports.n);
	/* And the pool of that run, when SetLocalPool changed it: its connections come back
	 * holding indexes into it. In place: conn_set_local points at it already. */
	if (t.neigh_only)
		persist_load_local_pool(&f->persist, &f->local_pool);
	t.st = f->cfg;
	if (cfgfile_apply(cfg, &t) != 0)
		return -EINVAL;
	if (fwd_publish(f, err) != 0) {
		LOG_KV(ERR, "configuration refused", LOG_S("path", config_path),
		       LOG_S(LOG_K_ERR, err));
		return -EINVAL;
	}
	return 0;
}

/* The dispatch stages on the first lcores (on the ports' socket), then the workers; then the
 * steering and RSS-A, which need the workers. */
static int
setup_lcores(struct fwd *f, const struct fwd_settings *set, const unsigned *order, int socket)
{
	uint16_t n_workers = f->env.n_workers;

	for (uint16_t i = 0; i < set->dispatch; i++) {
		struct dispatcher *d = dispatch_create(&f->env, i, set->dispatch, order[i],
						       (int)rte_lcore_to_socket_id(order[i]));
		if (d == NULL)
			return -ENOMEM;
		f->disp.d[f->disp.n++] = d;
		rte_rcu_qsbr_thread_register(f->rcu, d->rcu_id);
		rte_rcu_qsbr_thread_online(f->rcu, d->rcu_id);
	}
	for (uint16_t p = 0; p < f->ports.n && f->disp.n > 0; p++)
		snprintf(f->ports.p[p].steering, sizeof(f->ports.p[p].steering),
			 "%u queue(s), %u software dispatch stage(s) to %u workers",
			 f->ports.p[p].nb_rxq, f->disp.n, n_workers);
	for (uint16_t w = 0; w < n_workers; w++) {
		unsigned lc = order[w + set->dispatch];

		/* A worker's table and inbox are on its own lcore's socket: it alone reads them. */
		int sock = (int)rte_lcore_to_socket_id(lc);
		void *cmem = persist_conn_alloc(&f->persist, w,
						conn_table_mem_size(f->env.conn_max),
						f->env.conn_max, sock);

		f->workers[w] = cmem == NULL ? NULL : worker_create(&f->env, w, lc, sock, cmem);
		if (f->workers[w] == NULL) {
			persist_conn_free(&f->persist, w, cmem);
			LOG(ERR, "worker %u: out of memory (conn_max %u)\n", w, f->env.conn_max);
			return -ENOMEM;
		}
		rte_rcu_qsbr_thread_register(f->rcu, w);
		rte_rcu_qsbr_thread_online(f->rcu, w);
	}
	f->neigh.tx_wake = &f->workers[0]->wake; /* its control frames wake it (idle.h) */
	f->sc = steer_ctl_create(&f->env, f->disp.n > 0, socket);
	if (f->sc != NULL)
		f->rssa = rssa_ctl_create(&f->env, f->sc, f->cfg, &set->rssa, socket);
	if (f->sc == NULL || f->rssa == NULL) {
		LOG(ERR, "out of memory for flow steering\n");
		return -ENOMEM;
	}
	f->env.steer = &f->sc->link;
	f->sync = sync_ctl_create(&f->env);
	if (f->sync == NULL) {
		LOG(ERR, "out of memory for connection sync\n");
		return -ENOMEM;
	}
	assign_queues(f);
	persist_restore_conns(&f->persist, f->workers, n_workers);
	for (uint16_t w = 0; w < n_workers; w++)
		worker_fullnat_restore(f->workers[w]);
	return 0;
}

/* The sync setting the store came with (the file's [sync], or the saved one). */
static int
start_sync(struct fwd *f)
{
	char err[CFG_ERR_LEN];

	if (f->cfg->sync.n_peers == 0)
		return 0;
	if (sync_ctl_apply(f->sync, &f->cfg->sync, err) != 0) {
		LOG(ERR, "[sync] %s\n", err);
		return -EINVAL;
	}
	return 0;
}

struct fwd *
fwd_create(const char *config_path, uint16_t n_lcores, const unsigned *lcores)
{
	struct fwd_settings set;
	struct worker_stats ws;
	struct cfgini *cfg;
	unsigned order[FWD_MAX_WORKERS];
	struct fwd *f = NULL;
	int socket;

	cfg = cfgfile_load(config_path, &set);
	if (cfg == NULL)
		return NULL;
	if (set.dispatch > 0 && n_lcores <= set.dispatch) {
		LOG(ERR, "config [forwarder] dispatch: %u stage(s) need at least %u worker lcores "
			 "(-l): the first %u dispatch, the others forward\n", set.dispatch,
		    set.dispatch + 1, set.dispatch);
		goto fail;
	}
	if (n_lcores - set.dispatch > FWD_MAX_WORKERS)
		goto fail;
	f = rte_zmalloc("fwd", sizeof(*f), RTE_CACHE_LINE_SIZE);
	if (f == NULL)
		goto fail;
	/* The lcores' view: every pointer into f, which does not move from here on. */
	f->env = (struct lcore_env){.ports = &f->ports, .snap = &f->snap, .neigh = &f->neigh,
				    .workers = f->workers, .exc = &f->exc,
				    .n_workers = (uint16_t)(n_lcores - set.dispatch),
				    .conn_max = set.conn_max,
				    .idle_sleep_max_us = set.idle_sleep_max_us,
				    .idle_sleep_wake_max_us = set.idle_sleep_wake_max_us,
				    .tunnel = set.tunnel,
				    .idle_wake_rx = set.idle_wake_rx,
				    .kernel_fast_path = set.kernel_fast_path,
				    .worker_slice_us = set.worker_slice_us,
				    .frag_forward = set.frag_forward,
				    .hz = rte_get_tsc_hz()};
	/* The SYN cookies' secret: from the kernel's random pool, new at each start (a cookie
	 * outlives no restart; only the clients between their SYN and ACK then retry). */
	if (getrandom(&f->env.sp_key, sizeof(f->env.sp_key), 0) != sizeof(f->env.sp_key)) {
		LOG(ERR, "getrandom: %s\n", strerror(errno));
		goto fail;
	}
	f->env.sp_epoch = rte_rdtsc();
	/* FullNAT's pool (workers' port lists are built from it; SetLocalPool changes it under
	 * its rule, docs/mode-fullnat.md), or the last run's from state_dir (setup_state). */
	f->local_pool = set.local_pool;
	f->env.fnat_pool = &f->local_pool;
	conn_set_local(f->local_pool.addrs);
	/* Memory goes where the packets arrive: the first port's socket (virtual devices have
	 * none; then the control thread's). */
	socket = port_socket(&set.port[0], 0);
	if (socket < 0)
		socket = (int)rte_socket_id();
	if (setup_state(f, &set, cfg, config_path, socket) != 0)
		goto fail;
	f->env.rcu = f->rcu;
	f->env.pool = f->pool;
	order_lcores(lcores, n_lcores, socket, order);
	if (setup_lcores(f, &set, order, socket) != 0)
		goto fail;
	csum_watch_init(&f->csum, f->env.hz, rte_rdtsc());
	fwd_sum_worker_stats(f, &ws);
	drop_log_init(&f->drop_log, f->env.hz, rte_rdtsc(), ws.drops);
	if (start_sync(f) != 0)
		goto fail;
	cfgini_free(cfg);
	return f;
fail:
	cfgini_free(cfg);
	fwd_destroy(f);
	return NULL;
}

int
fwd_start(struct fwd *f)
{
	int rc = port_start_all(&f->ports);

	if (rc == 0)
		rc = exc_start(&f->exc);
	if (rc != 0)
		return rc;
	exc_give_addresses(&f->exc, f->cfg);
	neigh_poll_timers(&f->neigh, snap_current(&f->snap), 1);
	return 0;
}

int
fwd_reload(struct fwd *f, const char *config_path)
{
	struct cfgini *cfg;
	struct fwd_settings set;
	uint64_t version = f->cfg->version;
	char err[CFG_ERR_LEN];

	cfg = cfgfile_load(config_path, &set);
	if (cfg == NULL)
		return -EINVAL;
	if (cfgfile_apply_timeouts(cfg, f->cfg) != 0) {
		cfgini_free(cfg);
		return -EINVAL;
	}
	cfgini_free(cfg);
	if (f->cfg->version != version && fwd_publish(f, err) != 0) {
		LOG_KV(ERR, "reload refused", LOG_S("path", config_path), LOG_S(LOG_K_ERR, err));
		return -EINVAL;
	}
	rssa_ctl_set(f->rssa, &set.rssa);
	f->env.idle_sleep_max_us = set.idle_sleep_max_us; /* read at each idle step */
	f->env.idle_sleep_wake_max_us = set.idle_sleep_wake_max_us;
	f->env.idle_wake_rx = set.idle_wake_rx;
	f->env.kernel_fast_path = set.kernel_fast_path;
	f->neigh.retry_ms = set.neigh_retry_ms;
	f->neigh.first_retry_ms = set.neigh_first_retry_ms;
	if (set.conn_max != f->env.conn_max || set.n_ports != f->ports.n ||
	    set.dispatch != f->disp.n || strcmp(set.state_dir, f->persist.dir) != 0 ||
	    set.worker_slice_us != f->env.worker_slice_us)
		LOG(WARNING, "reload %s: conn_max, ports, dispatch, mbufs, state_dir and "
			     "worker_slice_us change only with a restart\n", config_path);
	LOG_KV(INFO, "reloaded: timeouts, rssa_*, idle_sleep_*max_us, idle_wake, kernel_fast_path, "
	       "neigh_*retry_ms",
	       LOG_S("path", config_path), LOG_U("version", f->cfg->version));
	return 0;
}

void
fwd_save(struct fwd *f)
{
	persist_poll(&f->persist, f, f->cfg, &f->neigh, rte_rdtsc(), true);
}

void
fwd_destroy(struct fwd *f)
{
	if (f == NULL)
		return;
	exc_close(&f->exc);
	port_close_all(&f->ports);
	sync_ctl_free(f->sync);
	rssa_ctl_free(f->rssa);
	steer_ctl_free(f->sc);
	capture_ctl_free(f->cap);
	for (uint16_t i = 0; i < f->disp.n; i++)
		dispatch_free(f->disp.d[i]);
	for (uint16_t w = 0; w < f->env.n_workers; w++) {
		void *cmem = f->workers[w] != NULL ? (void *)f->workers[w]->conns : NULL;

		worker_free(f->workers[w]);
		persist_conn_free(&f->persist, w, cmem);
	}
	if (conn_hash_tz == &f->tz)
		conn_set_hash(NULL);
	snap_free(f->snap.cur);
	cfg_free(f->cfg);
	stats_zero_free(f->zero);
	slot_totals_free(f->totals);
	neigh_free(&f->neigh);
	rte_free(f->rcu);
	rte_mempool_free(f->pool);
	rte_mempool_free(f->rx_big);
	rte_free(f);
}

static uint64_t
slot_active(void *arg, uint16_t slot)
{
	struct slot_stats s;
	uint64_t active;

	fwd_sum_rs(arg, slot, &s, &active);
	return active;
}

static uint64_t
vs_slot_active(void *arg, uint16_t slot)
{
	struct slot_stats s;
	uint64_t active;

	fwd_sum_vs(arg, slot, &s, &active);
	return active;
}

/* Free the slots of reals removed softly and forget the retired services whose connections
 * are all gone; such a service's VIP is answered no more from the publication on. */
static void
reclaim(struct fwd *f)
{
	char err[CFG_ERR_LEN];

	cfg_rs_reclaim(f->cfg, slot_active, f);
	if (cfg_vs_reclaim(f->cfg, vs_slot_active, f) > 0 && fwd_publish(f, err) != 0)
		LOG(WARNING, "publishing after forgetting retired services: %s\n", err);
}

void
fwd_control_poll(struct fwd *f)
{
	const struct fwd_snapshot *s = f->snap.cur; /* the control thread is its only writer */
	uint64_t now = rte_rdtsc();

	neigh_poll_rings(&f->neigh, s);
	neigh_poll_timers(&f->neigh, s, 0);
	exc_poll(&f->exc, &f->ports, &f->neigh);
	steer_ctl_poll(f->sc, now);
	rssa_ctl_poll(f->rssa, now);
	persist_poll(&f->persist, f, f->cfg, &f->neigh, now, false);
	csum_watch_poll(&f->csum, f->workers, f->env.n_workers, &f->ports, now);
	sync_ctl_poll(f->sync, now);
	if (drop_log_due(&f->drop_log, now)) {
		struct worker_stats ws;

		fwd_sum_worker_stats(f, &ws);
		drop_log_note(&f->drop_log, ws.drops);
	}
	capture_ctl_poll(f->cap, now);
	/* Not while a connection is between two workers: neither counts it as active. */
	if ((f->cfg->n_retired > 0 || f->cfg->n_vs_retired > 0) &&
	    now - f->last_reclaim > f->env.hz && !steer_ctl_busy(f->sc)) {
		f->last_reclaim = now;
		reclaim(f);
	}
}

void
fwd_sum_worker_stats(const struct fwd *f, struct worker_stats *out)
{
	memset(out, 0, sizeof(*out));
	for (uint16_t i = 0; i < f->env.n_workers; i++)
		stats_add(out, &f->workers[i]->stats);
	if (f->disp.n > 0) {
		/* What the dispatch stages received and sent on; their raw packets a worker
		 * counts. */
		struct dispatch_stats ds;

		dispatch_sum(&f->disp, &ds);
		out->rx_pkts += ds.rx_pkts;
		out->rx_bytes += ds.rx_bytes;
		out->drops[HVLB_DROP_HANDOFF_FULL] += ds.full;
	}
	out->exc_from_kernel += f->exc.from_kernel;
	out->drops[HVLB_DROP_EXCEPTION_FULL] += f->exc.lost;
}

/* Real slot slot's raw totals over the workers (none before they exist: at start-up). */
static void
raw_rs(const struct fwd *f, uint16_t slot, struct slot_stats *out)
{
	memset(out, 0, sizeof(*out));
	for (uint16_t i = 0; i < f->env.n_workers; i++) {
		const struct worker *w = f->workers[i];

		if (w == NULL)
			continue;
		out->pkts += w->rs[slot].stats.pkts;
		out->bytes += w->rs[slot].stats.bytes;
		out->conns_total += w->rs[slot].stats.conns_total;
	}
}

static uint64_t
raw_vs_conns(const struct fwd *f, uint16_t slot)
{
	uint64_t n = 0;

	for (uint16_t i = 0; i < f->env.n_workers; i++)
		if (f->workers[i] != NULL)
			n += f->workers[i]->vs_conns[slot];
	return n;
}

/* cfgstore's slot_born: the slot's totals start from its raw ones now. */
static void
slot_born(void *arg, int rs, uint16_t slot, uint16_t vs_slot)
{
	struct fwd *f = arg;
	struct slot_stats raw;

	rte_spinlock_lock(&f->totals->lock);
	if (rs) {
		raw_rs(f, slot, &raw);
		slot_totals_rs_born(f->totals, slot, vs_slot, &raw);
	} else {
		slot_totals_vs_born(f->totals, slot, raw_vs_conns(f, slot));
	}
	rte_spinlock_unlock(&f->totals->lock);
}

/* Real slot slot's totals from its birth, under the lock. */
static void
rs_totals(const struct fwd *f, uint16_t slot, struct slot_stats *out)
{
	const struct slot_stats *base = &f->totals->rs_base[slot];

	raw_rs(f, slot, out);
	out->pkts -= base->pkts;
	out->bytes -= base->bytes;
	out->conns_total -= base->conns_total;
}

void
fwd_sum_rs(const struct fwd *f, uint16_t slot, struct slot_stats *out, uint64_t *active)
{
	*active = 0;
	for (uint16_t i = 0; i < f->env.n_workers; i++)
		*active += f->workers[i]->rs_active[slot];
	rte_spinlock_lock(&f->totals->lock);
	rs_totals(f, slot, out);
	rte_spinlock_unlock(&f->totals->lock);
}

void
fwd_rs_rtt(const struct fwd *f, uint16_t slot, double *srtt_us, uint64_t *samples,
	   uint64_t *sum_us)
{
	double weighted = 0;

	*samples = *sum_us = 0;
	for (uint16_t i = 0; i < f->env.n_workers; i++) {
		const struct rs_rtt *r = &f->workers[i]->rs_rtt[slot];
		weighted += (double)r->samples * r->srtt8_us / 8.0;
		*samples += r->samples;
		*sum_us += r->sum_us;
	}
	*srtt_us = *samples > 0 ? weighted / (double)*samples : 0;
}

void
fwd_sum_vs(const struct fwd *f, uint16_t slot, struct slot_stats *out, uint64_t *active)
{
	struct slot_totals *t = f->totals;
	struct slot_stats r;

	*active = 0;
	for (uint16_t i = 0; i < f->env.n_workers; i++)
		*active += f->workers[i]->vs_active[slot];
	rte_spinlock_lock(&t->lock);
	*out = t->vs_gone[slot];
	for (uint32_t s = t->vs_first[slot]; s != 0; s = t->rs_next[s]) {
		rs_totals(f, (uint16_t)s, &r);
		out->pkts += r.pkts;
		out->bytes += r.bytes;
	}
	out->conns_total = raw_vs_conns(f, slot) - t->vs_conns_base[slot];
	rte_spinlock_unlock(&t->lock);
}
