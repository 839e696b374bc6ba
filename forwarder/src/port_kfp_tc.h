/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The in-kernel fast path's TC program (bpf/tc_fast.bpf.c, carried in the binary) on an AF_XDP
 * port's ingress: it sends on the frames the port's XDP program rewrote and passed up through
 * the stack (XDP_FAST_VIA_STACK, docs/kernel-fast-path.md). Loaded once, attached to each such
 * port as the filter of a fixed handle and priority (replacing one an earlier, killed forwarder
 * left there), taken off when the forwarder stops.
 */
#ifndef HVLB_PORT_KFP_TC_H
#define HVLB_PORT_KFP_TC_H

#include <stdint.h>

/* Attach it to interface ifindex's ingress (a clsact qdisc added where there is none): 0, or a
 * negative errno (logged). */
int kfp_tc_attach(uint32_t ifindex);

/* Take it off interface ifindex (where it is still ours). */
void kfp_tc_detach(uint32_t ifindex);

#endif
