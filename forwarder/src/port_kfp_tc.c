/* SPDX-License-Identifier: BSD-3-Clause */
/* The in-kernel fast path's TC program on an AF_XDP port's ingress (port_kfp_tc.h). */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include <rte_log.h>

#include "port_kfp_tc.h"

#define LOG(l, ...) RTE_LOG(l, USER1, __VA_ARGS__)

/* bpf/embed.py's. */
extern const unsigned char hvlb_tc_fast_obj[];
extern const size_t hvlb_tc_fast_obj_len;

/* The filter's place in the ingress hook: hvlb's own handle ("hv"), ahead of other filters. */
#define KFP_TC_HANDLE 0x6876
#define KFP_TC_PRIORITY 1

/* The program, loaded on first use (its object stays loaded while the forwarder runs). */
static int
tc_prog_fd(void)
{
	static struct bpf_object *obj;
	static int fd = -1;
	struct bpf_program *p;
	int rc;

	if (fd >= 0)
		return fd;
	if (obj == NULL) {
		obj = bpf_object__open_mem(hvlb_tc_fast_obj, hvlb_tc_fast_obj_len, NULL);
		if (obj == NULL)
			return -errno;
		if ((rc = bpf_object__load(obj)) != 0) {
			bpf_object__close(obj);
			obj = NULL;
			return rc;
		}
	}
	if ((p = bpf_object__find_program_by_name(obj, "hvlb_fast_tc")) == NULL)
		return -ENOENT;
	fd = bpf_program__fd(p);
	return fd;
}

int
kfp_tc_attach(uint32_t ifindex)
{
	LIBBPF_OPTS(bpf_tc_hook, hook, .ifindex = (int)ifindex, .attach_point = BPF_TC_INGRESS);
	LIBBPF_OPTS(bpf_tc_opts, opts, .handle = KFP_TC_HANDLE, .priority = KFP_TC_PRIORITY,
		    .flags = BPF_TC_F_REPLACE);
	int fd = tc_prog_fd(), rc;

	if (fd < 0) {
		LOG(WARNING, "interface %u: hvlb's TC program does not load: %s\n", ifindex,
		    strerror(-fd));
		return fd;
	}
	rc = bpf_tc_hook_create(&hook);
	if (rc != 0 && rc != -EEXIST) {
		LOG(WARNING, "interface %u: no clsact qdisc for hvlb's TC program: %s\n", ifindex,
		    strerror(-rc));
		return rc;
	}
	opts.prog_fd = fd;
	if ((rc = bpf_tc_attach(&hook, &opts)) != 0)
		LOG(WARNING, "interface %u: hvlb's TC program not attached: %s\n", ifindex,
		    strerror(-rc));
	return rc;
}

void
kfp_tc_detach(uint32_t ifindex)
{
	LIBBPF_OPTS(bpf_tc_hook, hook, .ifindex = (int)ifindex, .attach_point = BPF_TC_INGRESS);
	LIBBPF_OPTS(bpf_tc_opts, opts, .handle = KFP_TC_HANDLE, .priority = KFP_TC_PRIORITY);
	struct bpf_prog_info info = {0};
	uint32_t len = sizeof(info);
	int fd;

	if (bpf_tc_query(&hook, &opts) != 0)
		return; /* gone with its interface, or never there */
	if ((fd = bpf_prog_get_fd_by_id(opts.prog_id)) < 0)
		return;
	if (bpf_obj_get_info_by_fd(fd, &info, &len) == 0 && strcmp(info.name, "hvlb_fast_tc") == 0) {
		LIBBPF_OPTS(bpf_tc_opts, del, .handle = KFP_TC_HANDLE,
			    .priority = KFP_TC_PRIORITY);

		bpf_tc_detach(&hook, &del);
	}
	close(fd);
}
