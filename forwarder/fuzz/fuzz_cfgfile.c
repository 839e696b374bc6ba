/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * libFuzzer harness of the start-up configuration file (cfgfile.h): arbitrary file contents,
 * written to a temporary file, through cfgfile_load and, when it accepts them, cfgfile_apply
 * into a fresh store and an emptied neighbour table. Checks what fwd_create relies on: the
 * settings it accepts are in range, and a store that cfgfile_apply accepted builds a snapshot
 * (the store never holds what the snapshot builder would refuse). What cfgfile_load accepts also
 * goes through --check-config's cfgfile_check, whose printer reads the store back.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <rte_hash.h>
#include <rte_lcore.h>

#include "cfgfile.h"
#include "fuzz_check.h"
#include "fuzz_env.h"
#include "snapshot.h"

static char path[] = "/tmp/hvlb_fuzz_cfg_XXXXXX";
static int fd = -1;
static FILE *devnull;
static struct neigh_table neigh;
static struct port_set ports;

static void
remove_file(void)
{
	unlink(path);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	fuzz_eal_init((*argv)[0]);
	fd = mkstemp(path);
	FUZZ_CHECK(fd >= 0);
	atexit(remove_file);
	devnull = fopen("/dev/null", "w");
	FUZZ_CHECK(devnull != NULL);
	/* Static neighbours only: no port or pool is ever used for requests here. */
	FUZZ_CHECK(neigh_init(&neigh, SOCKET_ID_ANY, &ports, NULL, 0) == 0);
	return 0;
}

/* Empty the table's index, so that every input has all its room (a slot's old value is
 * overwritten when neigh_set takes it again). */
static void
neigh_clear(void)
{
	rte_hash_reset(neigh.h);
}

static void
apply(struct cfgini *cfg, const struct fwd_settings *s)
{
	struct cfgstore *st = calloc(1, sizeof(*st));
	struct cfgfile_target t = {.st = st, .neigh = &neigh, .n_ports = s->n_ports};
	struct fwd_snapshot *snap;
	char err[CFG_ERR_LEN] = "";

	FUZZ_CHECK(st != NULL);
	cfg_init(st, s->n_ports);
	if (cfgfile_apply(cfg, &t) == 0) {
		snap = snap_build(st, SOCKET_ID_ANY, err);
		if (snap == NULL)
			fprintf(stderr, "snapshot refused a store cfgfile_apply took: %s\n", err);
		FUZZ_CHECK(snap != NULL);
		snap_free(snap);
	}
	cfg_free(st);
	neigh_clear();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fwd_settings s;
	struct cfgini *cfg;

	FUZZ_CHECK(ftruncate(fd, 0) == 0 && pwrite(fd, data, size, 0) == (ssize_t)size);
	cfg = cfgfile_load(path, &s);
	if (cfg == NULL)
		return 0;
	FUZZ_CHECK(s.n_ports >= 1 && s.n_ports <= FWD_MAX_PORTS);
	FUZZ_CHECK(s.conn_max >= 64 && s.conn_max <= 1u << 26);
	FUZZ_CHECK(s.dispatch <= FWD_MAX_DISPATCH);
	apply(cfg, &s);
	cfgini_free(cfg);
	cfgfile_check(path, devnull);
	return 0;
}
