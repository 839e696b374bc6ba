/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-3-Clause) */
/*
 * The in-kernel fast path's second half (docs/kernel-fast-path.md): the TC ingress program of an
 * AF_XDP port whose XDP program (xdp_fast.bpf.c) passes a rewritten frame up through the stack
 * (XDP_FAST_VIA_STACK: its egress is a veth whose peer would drop an XDP redirect). Such a
 * frame carries an xdp_fast_meta naming its egress interface; its socket buffer is redirected
 * there, out of that interface, before the stack looks at it. Every other socket buffer goes
 * on as it would without this program.
 */
#include <linux/bpf.h>
#include <linux/pkt_cls.h>
#include <bpf/bpf_helpers.h>

#include "xdp_fast_entry.h"

SEC("tc")
int hvlb_fast_tc(struct __sk_buff *skb)
{
	void *data = (void *)(long)skb->data;
	struct xdp_fast_meta *m = (void *)(long)skb->data_meta;

	if ((void *)(m + 1) > data || m->magic != XDP_FAST_META_MAGIC)
		return TC_ACT_OK;
	return bpf_redirect(m->oif, 0);
}

char _license[] SEC("license") = "Dual BSD/GPL";
