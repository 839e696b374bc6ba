/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-3-Clause) */
/*
 * The in-kernel fast path of an AF_XDP port (docs/kernel-fast-path.md): the XDP program the
 * net_af_xdp PMD loads on the port's interface in place of its default one. A frame of an
 * established TCP or UDP connection whose entry the forwarder put in hvlb_fast_flows (IPv4) or
 * hvlb_fast_flow6 (IPv6) is rewritten as the forwarder would (MACs, addresses, ports, TTL, checksums: the entry says how,
 * xdp_fast_entry.h), counted in the entry's slot of hvlb_fast_count, and sent out of its
 * egress interface from here, never copied to user space and back. Every other frame goes to
 * the port's AF_XDP socket as before (xsks_map, the map the PMD fills), so the forwarder sees
 * every SYN, FIN and RST, every first frame and everything it has not handed down.
 */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_endian.h>

#include "xdp_fast_entry.h"
#include "xdp_fast_rewrite.h"

/* The PMD's: one AF_XDP socket per queue, by queue index. */
struct {
	__uint(type, BPF_MAP_TYPE_XSKMAP);
	__uint(max_entries, 64);
	__type(key, __u32);
	__type(value, __u32);
} xsks_map SEC(".maps");

/* The forwarder's entries, one per connection and direction arriving on this port; allocated
 * as they are added (the program only reads them). */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, XDP_FAST_SLOTS);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, struct xdp_fast_key);
	__type(value, struct xdp_fast_val);
} hvlb_fast_flows SEC(".maps");

/* The same for IPv6 connections (a map's name keeps 15 characters: hvlb_fast_flows6 would be
 * this one's to the forwarder). */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, XDP_FAST_SLOTS);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, struct xdp_fast_key6);
	__type(value, struct xdp_fast_val6);
} hvlb_fast_flow6 SEC(".maps");

/* Each entry's counts (of either family), in the slot its value names: an array the forwarder maps into its own
 * memory, so that keeping its books costs it no system call per entry. */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, XDP_FAST_SLOTS);
	__uint(map_flags, BPF_F_MMAPABLE);
	__type(key, __u32);
	__type(value, struct xdp_fast_count);
} hvlb_fast_count SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, XDP_FAST_STAT_MAX);
	__type(key, __u32);
	__type(value, __u64);
} hvlb_fast_stats SEC(".maps");

#define TCP_FIN 0x01
#define TCP_SYN 0x02
#define TCP_RST 0x04
#define TCP_PSH 0x08
#define TCP_ACK 0x10
#define TCP_ECE 0x40
#define TCP_CWR 0x80

static __always_inline void
stat_add(__u32 i, __u64 n)
{
	__u64 *c = bpf_map_lookup_elem(&hvlb_fast_stats, &i);

	if (c)
		*c += n; /* per CPU: no other writer */
}

static __always_inline int
up(struct xdp_md *ctx)
{
	stat_add(XDP_FAST_STAT_UP_PKTS, 1);
	return bpf_redirect_map(&xsks_map, ctx->rx_queue_index, XDP_PASS);
}

/* A frame (len bytes) sent on, in its entry's counts n and the port's. */
static __always_inline void
count(struct xdp_fast_count *n, __u64 len)
{
	__sync_fetch_and_add(&n->packets, 1);
	__sync_fetch_and_add(&n->bytes, len);
	n->last_ns = bpf_ktime_get_ns();
	stat_add(XDP_FAST_STAT_FAST_PKTS, 1);
	stat_add(XDP_FAST_STAT_FAST_BYTES, len);
}

/* Entry v's frame passed up through the stack for the TC program to send on (XDP_FAST_VIA_STACK):
 * an xdp_fast_meta put in front of it first (which moves the frame's pointers), then the
 * rewrite. Without room for the metadata, the frame goes to the forwarder untouched. */
static __always_inline int
via_stack(struct xdp_md *ctx, const void *v, int v6, __u32 l2, struct xdp_fast_count *n,
	  __u64 len)
{
	__u32 ip_len = v6 ? 40 : 20;
	void *data, *end, *meta;
	struct xdp_fast_meta *m;

	if (bpf_xdp_adjust_meta(ctx, -(int)sizeof(*m)) != 0)
		return up(ctx);
	data = (void *)(long)ctx->data;
	end = (void *)(long)ctx->data_end;
	meta = (void *)(long)ctx->data_meta;
	m = meta;
	if ((void *)(m + 1) > data || data + l2 + ip_len + 20 > end) {
		bpf_xdp_adjust_meta(ctx, (int)sizeof(*m));
		return up(ctx);
	}
	m->magic = XDP_FAST_META_MAGIC;
	if (v6) {
		m->oif = ((const struct xdp_fast_val6 *)v)->oif;
		xdp_fast_rewrite6(data, (__u8 *)data + l2, (__u8 *)data + l2 + 40, v);
	} else {
		m->oif = ((const struct xdp_fast_val *)v)->oif;
		xdp_fast_rewrite4(data, (__u8 *)data + l2, (__u8 *)data + l2 + 20, v);
	}
	count(n, len);
	return XDP_PASS;
}

/* Whether TCP flags fl are an ACK, maybe with PSH and ECN's flags: anything else the forwarder
 * tracks. */
static __always_inline int
flags_common(__u8 fl)
{
	return (fl & TCP_ACK) && !(fl & ~(TCP_ACK | TCP_PSH | TCP_ECE | TCP_CWR));
}

/* The slot's counts of an entry, NULL for a slot past the array (never written so). */
static __always_inline struct xdp_fast_count *
counts(__u32 slot)
{
	return bpf_map_lookup_elem(&hvlb_fast_count, &slot);
}

/* An IPv6 frame (eth at data; ip, l4 its headers at l2 and l2 + 40, l4 + 20 within the
 * frame): sent on as its entry says, or up. */
static __always_inline int
fast6(struct xdp_md *ctx, __u8 *eth, __u8 *ip, __u8 *l4, __u32 l2, __u64 len)
{
	struct xdp_fast_key6 k = {};
	struct xdp_fast_count *n;
	struct xdp_fast_val6 *v;

	if ((ip[0] >> 4) != 6)
		return up(ctx);
	if (ip[6] == XDP_FAST_TCP) {
		if (!flags_common(l4[13]))
			return up(ctx);
	} else if (ip[6] != XDP_FAST_UDP) {
		return up(ctx); /* an extension header (a fragment's too), ICMPv6, anything else */
	}
	__builtin_memcpy(k.saddr, ip + 8, 32);
	__builtin_memcpy(&k.sport, l4, 4);
	k.proto = ip[6];
	v = bpf_map_lookup_elem(&hvlb_fast_flow6, &k);
	if (!v || (v->hop_dec && ip[7] <= 1))
		return up(ctx); /* the forwarder answers an expired hop limit */
	if (v->max_len && len - (l2 - 14) > v->max_len)
		return up(ctx); /* longer than the egress port takes: the forwarder's to refuse */
	n = counts(v->slot);
	if (!n)
		return up(ctx);
	if (v->via == XDP_FAST_VIA_STACK)
		return via_stack(ctx, v, 1, l2, n, len);
	xdp_fast_rewrite6(eth, ip, l4, v);
	count(n, len);
	if (v->oif == ctx->ingress_ifindex)
		return XDP_TX;
	return bpf_redirect(v->oif, 0);
}

/* A frame whose IP header is at l2 (14, or 18 behind one VLAN tag, which stays as it is: the
 * forwarder keeps a frame's tag, and the entry is the untagged frame's): sent on as its entry
 * says, or up. l2 is a constant in each copy, which the verifier follows. */
static __always_inline int
fast(struct xdp_md *ctx, const __u32 l2)
{
	void *data = (void *)(long)ctx->data, *end = (void *)(long)ctx->data_end;
	__u8 *eth = data, *ip = eth + l2, *l4 = ip + 20;
	struct xdp_fast_key k = {};
	struct xdp_fast_count *n;
	struct xdp_fast_val *v;
	__u64 len = end - data;

	if ((void *)(l4 + 20) > end) /* room for a TCP header: a shorter frame is rare, goes up */
		return up(ctx);
	if (ip[-2] == 0x86 && ip[-1] == 0xdd) {
		if ((void *)(ip + 40 + 20) > end)
			return up(ctx);
		return fast6(ctx, eth, ip, ip + 40, l2, len);
	}
	if (ip[-2] != 0x08 || ip[-1] != 0x00 || ip[0] != 0x45)
		return up(ctx); /* not IPv4 or IPv6, or IP options */
	if ((ip[6] & 0x3f) || ip[7])
		return up(ctx); /* a fragment */
	if (ip[9] == XDP_FAST_TCP) {
		if (!flags_common(l4[13]))
			return up(ctx);
	} else if (ip[9] != XDP_FAST_UDP) {
		return up(ctx);
	}
	__builtin_memcpy(&k.saddr, ip + 12, 8);
	__builtin_memcpy(&k.sport, l4, 4);
	k.proto = ip[9];
	v = bpf_map_lookup_elem(&hvlb_fast_flows, &k);
	if (!v || (v->ttl_dec && ip[8] <= 1))
		return up(ctx); /* the forwarder answers an expired TTL */
	/* The tag is no part of the MTU (the forwarder sends such a frame as it is). */
	if (v->max_len && len - (l2 - 14) > v->max_len)
		return up(ctx); /* longer than the egress port takes: the forwarder's to fragment */
	n = counts(v->slot);
	if (!n)
		return up(ctx); /* a slot past the array: never written so */

	if (v->via == XDP_FAST_VIA_STACK)
		return via_stack(ctx, v, 0, l2, n, len);
	xdp_fast_rewrite4(eth, ip, l4, v);
	count(n, len);
	if (v->oif == ctx->ingress_ifindex)
		return XDP_TX;
	return bpf_redirect(v->oif, 0);
}

SEC("xdp")
int hvlb_fast(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data, *end = (void *)(long)ctx->data_end;
	__u8 *eth = data;

	if ((void *)(eth + 14) > end)
		return up(ctx);
	if (eth[12] == 0x81 && eth[13] == 0x00) /* one 802.1Q tag (a second one, QinQ: up) */
		return fast(ctx, 18);
	return fast(ctx, 14);
}

char _license[] SEC("license") = "Dual BSD/GPL";
