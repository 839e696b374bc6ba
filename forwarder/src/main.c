/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * hvlb-forwarder: set up EAL, read the configuration, start one worker per worker lcore and
 * run the control thread (socket, neighbours) on the main lcore until SIGINT / SIGTERM (which
 * save the state a restart needs, with state_dir). SIGHUP reloads the file (fwd_reload).
 * With --check-config it only reads the file (cfgfile_check), without EAL.
 */
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_eal.h>
#include <rte_ethdev.h>
#include <rte_lcore.h>
#include <rte_log.h>

#include "cfgfile.h"
#include "ctl.h"
#include "ctl_state.h"
#include "log_json.h"
#include "log_kv.h"
#include "fwd.h"
#include "placement.h"
#include "stats.h"
#include "sync.h"
#include "telemetry.h"
#include "worker_loop.h"

static volatile sig_atomic_t stop, reload;

static void
on_signal(int sig)
{
	if (sig == SIGHUP)
		reload = 1;
	else
		stop = 1;
}

static void
usage(const char *prog)
{
	fprintf(stderr,
		"usage: %s [EAL options] -- -c CONFIG [-s SOCKET]\n"
		"       %s [-- ] -c CONFIG --check-config\n"
		"       %s --list-counters\n"
		"  -c CONFIG        configuration file (docs/forwarder-config.md)\n"
		"  -s SOCKET        control socket (default /run/hvlb/fwd.sock)\n"
		"  --check-config   read CONFIG, print it as understood (defaults filled in) and\n"
		"                   exit 0, or print what is wrong and exit 1; needs no EAL\n"
		"                   options, huge pages, ports or root (EAL options are ignored)\n"
		"  --list-counters  print every counter (group, name, help: tab-separated), exit\n"
		"  --log-format F   text (DPDK's lines, the default) or json (one object a line, with\n"
		"                   the Go components' field names: docs/operations.md, \"Logs\")\n"
		"  --id ID          the forwarder's id (the agent's --id): every log line carries it\n"
		"                   as forwarder=ID\n",
		prog, prog, prog);
}

static void
print_counter(void *group, const char *name, const char *help)
{
	printf("%s\t%s\t%s\n", (const char *)group, name, help);
}

/* The counter registries (stats.h, sync.h), for the Go side's metrics and the docs, which a
 * test compares with them; needs no EAL. */
static int
list_counters(void)
{
	stats_list(print_counter, "worker");
	sync_list_counters(print_counter, "sync");
	return fflush(stdout) == 0 ? 0 : 1;
}

/* --check-config: the options after "--" (all of them without one), and no EAL at all, so
 * that an operator can check a file on any machine, as any user. */
static int
check_config(int argc, char **argv)
{
	static const struct option longopts[] = {{"check-config", no_argument, NULL, 'k'},
						 {"log-format", required_argument, NULL, 'L'},
						 {"id", required_argument, NULL, 'I'},
						 {NULL, 0, NULL, 0}};
	const char *config = NULL;
	int first = 0, opt;

	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], "--") == 0) {
			first = i;
			break;
		}
	/* The program's name where "--" was: getopt then sees what follows it. */
	argv[first] = argv[0];
	argc -= first;
	argv += first;
	while ((opt = getopt_long(argc, argv, "c:s:h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'c':
			config = optarg;
			break;
		case 's':
		case 'k':
		case 'L':
		case 'I':
			break;
		default:
			usage(argv[0]);
			return 2;
		}
	}
	if (config == NULL || optind != argc) {
		usage(argv[0]);
		return 2;
	}
	return cfgfile_check(config, stdout) == 0 ? 0 : 1;
}

int
main(int argc, char **argv)
{
	const char *config = NULL, *sock = "/run/hvlb/fwd.sock";
	unsigned lcores[FWD_MAX_WORKERS];
	uint16_t n = 0;
	struct fwd *f;
	int rc, opt;

	static const struct option longopts[] = {{"log-format", required_argument, NULL, 'L'},
						 {"id", required_argument, NULL, 'I'},
						 {NULL, 0, NULL, 0}};
	const char *id;
	int json;

	if (argc == 2 && strcmp(argv[1], "--list-counters") == 0)
		return list_counters();
	/* Before EAL's own lines, so that every line of the log is in the format asked for. */
	if (log_format_arg(argc, argv, &json) != 0 || log_id_arg(argc, argv, &id) != 0)
		return 2;
	if (json) {
		FILE *lf = log_json_stream(stderr);

		if (lf == NULL || rte_openlog_stream(lf) != 0)
			fprintf(stderr, "hvlb-forwarder: cannot log as JSON; logging as text\n");
		else
			log_kv_set_json(true);
	}
	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], "--check-config") == 0)
			return check_config(argc, argv);
	/* af_packet devices get a frame that holds what the kernel reassembles (port.h). */
	if (port_afp_argv(argc, argv, &argv) < 0) {
		fprintf(stderr, "hvlb-forwarder: out of memory\n");
		return 1;
	}
	/* af_xdp devices get hvlb's XDP program (docs/kernel-fast-path.md). */
	if (port_kfp_argv(argc, argv, &argv) < 0)
		return 1;
	rc = rte_eal_init(argc, argv);
	if (rc < 0) {
		fprintf(stderr, "hvlb-forwarder: EAL init failed: %s\n", rte_strerror(rte_errno));
		return 1;
	}
	argc -= rc;
	argv += rc;
	while ((opt = getopt_long(argc, argv, "c:s:h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'c':
			config = optarg;
			break;
		case 's':
			sock = optarg;
			break;
		case 'L': /* taken before the EAL (log_format_arg, log_id_arg) */
		case 'I':
			break;
		default:
			usage(argv[0]);
			return 2;
		}
	}
	if (config == NULL) {
		usage(argv[0]);
		return 2;
	}
	unsigned lc;
	RTE_LCORE_FOREACH_WORKER(lc)
	{
		if (n < FWD_MAX_WORKERS)
			lcores[n++] = lc;
	}
	if (n == 0) {
		fprintf(stderr, "hvlb-forwarder: needs at least 2 lcores (-l): one control thread "
				"and one worker\n");
		return 2;
	}
	/* The saved configuration as the local API's messages (state_dir). */
	persist_set_codec(&ctl_state_codec);
	f = fwd_create(config, n, lcores);
	if (f == NULL)
		return 1;
	if (fwd_start(f) != 0)
		goto out;
	placement_log(f);
	f->ctl = ctl_open(f, sock);
	if (f->ctl == NULL)
		goto out;
	if (telem_register(f) != 0)
		RTE_LOG(WARNING, USER1, "telemetry commands not registered\n");
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	signal(SIGHUP, on_signal);
	/* fwd_create may have reordered the lcores (the ports' socket first). */
	for (uint16_t i = 0; i < f->env.n_workers; i++)
		rte_eal_remote_launch(worker_main, f->workers[i], f->workers[i]->lcore);
	for (uint16_t i = 0; i < f->disp.n; i++)
		rte_eal_remote_launch(dispatch_main, f->disp.d[i], f->disp.d[i]->lcore);
	if (f->disp.n > 0)
		RTE_LOG(INFO, USER1, "hvlb-forwarder ready: %u worker(s) behind %u dispatch "
			"stage(s), control socket %s\n", f->env.n_workers, f->disp.n, sock);
	else
		RTE_LOG(INFO, USER1, "hvlb-forwarder ready: %u worker(s), control socket %s\n",
			f->env.n_workers, sock);
	while (!stop) {
		ctl_poll(f->ctl, 1, f->sync->fd);
		fwd_control_poll(f);
		if (reload) {
			reload = 0;
			fwd_reload(f, config);
		}
	}
	RTE_LOG(INFO, USER1, "stopping\n");
	f->env.quit = 1;
	rte_eal_mp_wait_lcore();
	fwd_save(f);
	rc = 0;
out:
	if (f->ctl != NULL)
		ctl_close(f->ctl);
	fwd_destroy(f);
	rte_eal_cleanup();
	return rc == 0 ? 0 : 1;
}
