/* SPDX-License-Identifier: BSD-3-Clause */
/* The in-kernel fast path's side of an AF_XDP port (port_kfp.h). */
#define _GNU_SOURCE
#include <errno.h>
#include <net/if.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <linux/ethtool.h>
#include <linux/if_link.h>
#include <linux/sockios.h>

#include <rte_common.h>
#include <rte_log.h>

#include "port_kfp.h"
#include "port_kfp_tc.h"
#include "vdev_args.h"

#define LOG(l, ...) RTE_LOG(l, USER1, __VA_ARGS__)

/* bpf/embed.py's. */
extern const unsigned char hvlb_xdp_fast_obj[];
extern const size_t hvlb_xdp_fast_obj_len;

#define KFP_PROG_NAME "hvlb_fast"

/* The program's bytes in a memfd, once: its /proc/self/fd path, or NULL. */
static const char *
prog_path(void)
{
	static char path[64];
	int fd;

	if (path[0] != '\0')
		return path;
	fd = memfd_create("hvlb_xdp_fast", MFD_CLOEXEC);
	if (fd < 0 || write(fd, hvlb_xdp_fast_obj, hvlb_xdp_fast_obj_len) !=
			      (ssize_t)hvlb_xdp_fast_obj_len) {
		fprintf(stderr, "hvlb-forwarder: the XDP program's memfd: %s\n", strerror(errno));
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	return path;
}

/* What XDP program is attached to ifindex: its id (0: none) and name. */
static uint32_t
attached(uint32_t ifindex, char *name, size_t len)
{
	struct bpf_prog_info info = {0};
	uint32_t id = 0, ilen = sizeof(info);
	int fd;

	name[0] = '\0';
	if (bpf_xdp_query_id((int)ifindex, 0, &id) != 0 || id == 0)
		return 0;
	fd = bpf_prog_get_fd_by_id(id);
	if (fd >= 0 && bpf_obj_get_info_by_fd(fd, &info, &ilen) == 0)
		snprintf(name, len, "%s", info.name);
	if (fd >= 0)
		close(fd);
	return id;
}

/* Before the PMD attaches ours (it refuses an interface that has one): a program an earlier
 * forwarder left (killed before it could take it off), ours or the PMD's default (libxdp's
 * xsk_def_prog, or its dispatcher). Any other is the operator's, and stays (the PMD then
 * fails, and says so). */
static void
clear_leftover(const char *iface)
{
	uint32_t ifindex = if_nametoindex(iface), id;
	char name[BPF_OBJ_NAME_LEN];

	if (ifindex == 0 || (id = attached(ifindex, name, sizeof(name))) == 0)
		return;
	if (strcmp(name, KFP_PROG_NAME) != 0 && strcmp(name, "xsk_def_prog") != 0 &&
	    strcmp(name, "xdp_dispatcher") != 0)
		return;
	if (bpf_xdp_detach((int)ifindex, 0, NULL) == 0)
		fprintf(stderr, "hvlb-forwarder: %s: took off the XDP program %s (id %u) an earlier "
			"run left\n", iface, name, id);
}

/* devargs with xdp_prog added (a new string), or devargs itself where it is not an af_xdp
 * device's or names a program; NULL when out of memory. */
static char *
with_prog(char *devargs)
{
	const char *p, *iface;
	char name[IF_NAMESIZE] = "", *n;

	if (strncmp(devargs, "net_af_xdp", 10) != 0 || vdev_arg(devargs, "xdp_prog") != NULL)
		return devargs;
	if ((iface = vdev_arg(devargs, "iface")) != NULL) {
		size_t l = strcspn(iface, ",");

		if (l < sizeof(name)) {
			memcpy(name, iface, l);
			name[l] = '\0';
			clear_leftover(name);
		}
	}
	if ((p = prog_path()) == NULL)
		return devargs; /* the PMD's default program, then: no fast path */
	if (asprintf(&n, "%s,xdp_prog=%s", devargs, p) < 0)
		return NULL;
	return n;
}

int
port_kfp_argv(int argc, char **argv, char ***out)
{
	int n = vdev_argv_map(argc, argv, out, with_prog);

	if (n < 0)
		fprintf(stderr, "hvlb-forwarder: out of memory\n");
	return n;
}

/* Map the program's counts (map fd mfd, described by mi) into k: read-only, shared with the
 * kernel. 0, or -1 where it is not the array this forwarder's program has. */
static int
map_counts(struct port_kfp *k, int mfd, const struct bpf_map_info *mi)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE), len;
	void *p;

	if (mi->value_size != sizeof(struct xdp_fast_count) || !(mi->map_flags & BPF_F_MMAPABLE) ||
	    mi->max_entries == 0)
		return -1;
	len = ((size_t)mi->max_entries * mi->value_size + page - 1) / page * page;
	p = mmap(NULL, len, PROT_READ, MAP_SHARED, mfd, 0);
	if (p == MAP_FAILED) {
		LOG(WARNING, "interface %u: mapping the fast path's counts: %s\n", k->ifindex,
		    strerror(errno));
		return -1;
	}
	k->counts = p;
	k->n_counts = mi->max_entries;
	return 0;
}

static void
unmap_counts(struct port_kfp *k)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);

	if (k->counts != NULL)
		munmap((void *)(uintptr_t)k->counts,
		       ((size_t)k->n_counts * sizeof(*k->counts) + page - 1) / page * page);
	k->counts = NULL;
	k->n_counts = 0;
}

void
port_kfp_find(struct port_kfp *k, uint32_t if_index)
{
	struct bpf_prog_info info = {0};
	uint32_t ids[8], ilen = sizeof(info);
	char name[BPF_OBJ_NAME_LEN];
	int pfd;

	uint32_t id;

	*k = (struct port_kfp){.flows_fd = -1, .flows6_fd = -1, .stats_fd = -1,
			       .ifindex = if_index};
	if (if_index == 0 || (id = attached(if_index, name, sizeof(name))) == 0 ||
	    strcmp(name, KFP_PROG_NAME) != 0)
		return;
	k->prog_id = id;
	if ((pfd = bpf_prog_get_fd_by_id(k->prog_id)) < 0)
		return;
	info.nr_map_ids = RTE_DIM(ids);
	info.map_ids = (uint64_t)(uintptr_t)ids;
	if (bpf_obj_get_info_by_fd(pfd, &info, &ilen) == 0) {
		for (uint32_t i = 0; i < info.nr_map_ids && i < RTE_DIM(ids); i++) {
			struct bpf_map_info mi = {0};
			uint32_t mlen = sizeof(mi);
			int mfd = bpf_map_get_fd_by_id(ids[i]);

			if (mfd < 0)
				continue;
			if (bpf_obj_get_info_by_fd(mfd, &mi, &mlen) != 0)
				mi.name[0] = '\0';
			if (strcmp(mi.name, "hvlb_fast_flows") == 0 && k->flows_fd < 0) {
				k->flows_fd = mfd;
				continue;
			}
			if (strcmp(mi.name, "hvlb_fast_flow6") == 0 && k->flows6_fd < 0) {
				k->flows6_fd = mfd;
				continue;
			}
			if (strcmp(mi.name, "hvlb_fast_stats") == 0 && k->stats_fd < 0) {
				k->stats_fd = mfd;
				continue;
			}
			/* The mapping keeps the map: its descriptor is not needed. */
			if (strcmp(mi.name, "hvlb_fast_count") == 0 && k->counts == NULL)
				map_counts(k, mfd, &mi);
			close(mfd);
		}
	}
	close(pfd);
	if (k->flows_fd >= 0 && k->flows6_fd >= 0 && k->stats_fd >= 0 && k->counts != NULL)
		k->tc = kfp_tc_attach(if_index) == 0;
	if (k->flows_fd < 0 || k->flows6_fd < 0 || k->stats_fd < 0 || k->counts == NULL ||
	    !k->tc) {
		LOG(WARNING, "interface %u: hvlb's XDP program without its maps or TC program: no "
		    "fast path\n", if_index);
		if (k->flows_fd >= 0)
			close(k->flows_fd);
		if (k->flows6_fd >= 0)
			close(k->flows6_fd);
		if (k->stats_fd >= 0)
			close(k->stats_fd);
		k->flows_fd = k->flows6_fd = k->stats_fd = -1;
		unmap_counts(k);
		return;
	}
	k->via = port_kfp_via(if_index);
}

uint8_t
port_kfp_via(uint32_t ifindex)
{
	struct ethtool_drvinfo di = {.cmd = ETHTOOL_GDRVINFO};
	LIBBPF_OPTS(bpf_xdp_query_opts, q);
	struct ifreq ifr = {0};
	int s;

	/* Generic (skb) XDP redirects through the stack anyway. */
	if (bpf_xdp_query((int)ifindex, 0, &q) != 0 || q.attach_mode != XDP_ATTACHED_DRV)
		return XDP_FAST_VIA_STACK;
	if (if_indextoname(ifindex, ifr.ifr_name) == NULL ||
	    (s = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0)) < 0)
		return XDP_FAST_VIA_STACK;
	ifr.ifr_data = (void *)&di;
	if (ioctl(s, SIOCETHTOOL, &ifr) != 0)
		di.driver[0] = '\0';
	close(s);
	if (di.driver[0] == '\0' || strcmp(di.driver, "veth") == 0)
		return XDP_FAST_VIA_STACK;
	return XDP_FAST_VIA_REDIRECT;
}

uint64_t
port_kfp_stat(const struct port_kfp *k, unsigned stat)
{
	int ncpu = libbpf_num_possible_cpus();
	uint64_t sum = 0;
	uint32_t key = stat;

	if (k->stats_fd < 0 || ncpu <= 0 || ncpu > 1024)
		return 0;
	uint64_t v[ncpu];
	if (bpf_map_lookup_elem(k->stats_fd, &key, v) != 0)
		return 0;
	for (int c = 0; c < ncpu; c++)
		sum += v[c];
	return sum;
}

void
port_kfp_detach(struct port_kfp *k)
{
	char name[BPF_OBJ_NAME_LEN];

	if (k->prog_id == 0)
		return;
	/* Only ours, and only the one this run attached (the PMD may have taken it off). */
	if (attached(k->ifindex, name, sizeof(name)) == k->prog_id)
		bpf_xdp_detach((int)k->ifindex, 0, NULL);
	if (k->tc)
		kfp_tc_detach(k->ifindex);
	k->tc = false;
	if (k->flows_fd >= 0)
		close(k->flows_fd);
	if (k->flows6_fd >= 0)
		close(k->flows6_fd);
	if (k->stats_fd >= 0)
		close(k->stats_fd);
	k->flows_fd = k->flows6_fd = k->stats_fd = -1;
	unmap_counts(k);
	k->prog_id = 0;
}
