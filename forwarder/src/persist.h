/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What survives a restart of the forwarder ([forwarder] state_dir; docs/forwarder-config.md,
 * "Restarts"). Two kinds of file in the state directory:
 *
 *  - conns.<worker>: each worker's connection table itself, in a file mapped shared, so that
 *    every change the worker makes is in the file the moment it makes it and a crash loses
 *    nothing. At start-up the previous run's files are renamed *.restore, mapped again, and
 *    every connection in them is inserted into the table of the worker that owns it now
 *    (the worker count may have changed); then they are removed.
 *  - config: the configuration (services, reals with their counter slots and generations,
 *    addresses, routes, timeouts, sync, neighbours) as a SavedConfig message (proto/state.proto:
 *    the local API's own messages), written by the control thread whenever it changed (at
 *    most every PERSIST_SAVE_MS, and at a clean stop), atomically (a temporary file renamed).
 *    A restart replays it through the API's handlers instead of applying the file's services,
 *    each real getting the slot and generation it had, so the connections find their
 *    services, and an established connection keeps its NF even when weights or reals
 *    changed since it opened. A message reads across builds: fields one build does not know
 *    are skipped, those a file lacks take their defaults.
 *  - local_pool: FullNAT's local pool, once SetLocalPool changed it (written at once, as that
 *    request's message), read back with the configuration: the restored connections hold
 *    indexes into it.
 *
 * A connection file's first page says how its entries are laid out (conn_layout.h: every
 * field's name, offset and size): a file of this build's layout is attached as it is; one of
 * another build's (an upgrade, or a downgrade, that added, moved or grew fields) is read by
 * field into this build's entries, its unknown fields dropped, this build's new ones left at
 * their default (zero). Another boot (the TSC deadlines in the tables would be meaningless),
 * clock, or file format starts empty; every file refused is logged with the reason and
 * counted. Without state_dir the tables are in DPDK memory as before and nothing is written.
 */
#ifndef HVLB_PERSIST_H
#define HVLB_PERSIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cfgstore.h"
#include "fwd_limits.h"
#include "neigh.h"
#include "worker.h"

#define PERSIST_SAVE_MS 100

/* What saved connections carry that a replayed configuration may number anew: by the index a
 * connection holds, the one it holds now (identity until a configuration is replayed). */
struct persist_remap {
	uint16_t tenant[VXLAN_MAX_TENANTS + 1]; /* conn.orig.pad; 0: no overlay (or gone) */
	uint8_t to_set[CONN_TO_SETS];
};

/* How the configuration is saved and replayed (ctl_state.h, set by main): arg is the one
 * persist_load_config and persist_poll are given. save: the message, malloc'd, in *buf;
 * load: replay it into the store, filling map; both 0 or -errno (load: err set). */
struct persist_codec {
	int (*save)(void *arg, uint8_t **buf, size_t *len);
	int (*load)(void *arg, const uint8_t *buf, size_t len, struct persist_remap *map,
		    char *err, size_t err_len);
};

/* Set the codec for every persist of the process (without one, no configuration is saved). */
void persist_set_codec(const struct persist_codec *c);

struct persist {
	bool on;
	char dir[192];
	char boot_id[40];
	uint64_t hz;
	struct {
		void *map;   /* the whole mapping (header first); NULL when not file-backed */
		size_t len;
	} conns[FWD_MAX_WORKERS];
	uint64_t saved_cfg;      /* the store's version last saved (0: never) */
	uint64_t saved_neigh;    /* the neighbour table's version last saved */
	uint64_t last_save;      /* TSC */
	uint64_t restored;       /* connections brought back at start-up */
	uint64_t restore_failed; /* connections in the old files that found no room or fit */
	uint64_t config_refused; /* a saved configuration that could not be replayed */
	struct persist_remap map;
	uint64_t files_refused;  /* old connection files that could not be read at all */
};

/* Start with state in dir ("" or NULL: none): create it (mode 0700) and set the previous run's
 * connection files aside for persist_restore_conns. 0, or -errno after logging why. */
int persist_open(struct persist *p, const char *dir, uint64_t hz);

/* Replay the saved configuration into st (cfg_init'ed for n_ports) through the codec, arg
 * its argument. Returns whether it did (false: none, or one this binary or port set cannot
 * use, logged and counted; st is then left as cfg_init made it). */
bool persist_load_config(struct persist *p, void *arg, struct cfgstore *st, uint16_t n_ports);

/* Memory for worker id's connection table of size bytes (conn_table_mem_size) on socket:
 * DPDK memory without state, else a new state file. NULL when out of memory. */
void *persist_conn_alloc(struct persist *p, uint16_t id, size_t size, uint32_t conn_max,
			 int socket);
/* Give it back (the file stays: it is the state). */
void persist_conn_free(struct persist *p, uint16_t id, void *mem);

/* Insert the connections of the previous run's files into the tables of workers[0..n) (the
 * owner of each by the default rule, steer_owner_of_tuple), counting them in their slots,
 * then remove the files (none when a saved configuration was refused: they refer to it). Call before any lcore runs. Returns how many came back. */
uint64_t persist_restore_conns(struct persist *p, struct worker *const *workers, uint16_t n);

/* FullNAT's local pool set at run time (SetLocalPool), in state_dir/local_pool: save it
 * (0 or -errno; 0 without state_dir), and read it back at start-up in place of the file's
 * [local_pool] (whether it did; only when the configuration was restored too, since the
 * restored connections hold indexes into the pool of that run). */
int persist_save_local_pool(struct persist *p, const struct fnat_pool *pool);
bool persist_load_local_pool(struct persist *p, struct fnat_pool *pool);

/* On the control thread: save the configuration (the codec's message, arg its argument)
 * when the store or the neighbours changed (now: TSC), or at once when force. */
void persist_poll(struct persist *p, void *arg, const struct cfgstore *st,
		  const struct neigh_table *nt, uint64_t now, bool force);

#endif
