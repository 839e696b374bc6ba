/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The in-kernel fast path's side of an AF_XDP port (docs/kernel-fast-path.md): hvlb's XDP
 * program (bpf/xdp_fast.bpf.c, carried in the binary) given to every net_af_xdp device in
 * place of the PMD's default one, its maps found once the port is set up, its counts read,
 * and the program taken off the interface when the forwarder stops (or left over by one that
 * was killed, before the next one starts).
 */
#ifndef HVLB_PORT_KFP_H
#define HVLB_PORT_KFP_H

#include <stdbool.h>
#include <stdint.h>

#include "xdp_fast_entry.h"

struct port_kfp {
	int flows_fd;     /* hvlb_fast_flows; -1: the port has no fast path */
	int flows6_fd;    /* hvlb_fast_flow6, IPv6's */
	int stats_fd;     /* hvlb_fast_stats (per CPU) */
	const struct xdp_fast_count *counts; /* hvlb_fast_count, mapped read-only: each entry's
						counts by its slot (the program writes them) */
	uint32_t n_counts; /* its slots */
	uint32_t ifindex; /* the port's interface */
	uint32_t prog_id;
	uint8_t via;      /* how frames leave by it: enum xdp_fast_via (port_kfp_via) */
	bool tc;          /* the TC program attached to its ingress (this run did it) */
};

/* argv with every --vdev net_af_xdp... given the program (devarg xdp_prog, a memfd holding
 * it) unless it names one already; any XDP program left on such a device's interface by
 * an earlier forwarder (hvlb's, or the PMD's default) is taken off first. The returned count,
 * or -1 (logged to stderr). */
int port_kfp_argv(int argc, char **argv, char ***out);

/* The maps of the hvlb program attached to interface if_index (k->flows_fd -1 when there is
 * none: not an AF_XDP port, or one given another program), its counts mapped; with them, the TC program attached
 * to the interface's ingress (for frames its XDP program passes up: XDP_FAST_VIA_STACK) and the
 * way frames leave by it chosen (port_kfp_via). Without the TC program, no fast path. */
void port_kfp_find(struct port_kfp *k, uint32_t if_index);

/* How the program sends frames out of interface ifindex: an XDP redirect
 * (XDP_FAST_VIA_REDIRECT) where it runs hvlb's program in its driver (native XDP) and is no
 * veth, else through the stack (XDP_FAST_VIA_STACK). A veth takes a redirect only where its
 * peer, in another namespace, has NAPI on, which the forwarder cannot see; through the stack
 * any interface takes the frame, and on veths it measured the same (docs/kernel-fast-path.md). */
uint8_t port_kfp_via(uint32_t ifindex);

/* One of the program's counts (enum xdp_fast_stat) over every CPU; 0 without a fast path. */
uint64_t port_kfp_stat(const struct port_kfp *k, unsigned stat);

/* Take the program off the interface (at stop, after the port is closed). */
void port_kfp_detach(struct port_kfp *k);

#endif
