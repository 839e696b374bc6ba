/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The in-kernel fast path's flow entry (docs/kernel-fast-path.md): what bpf/xdp_fast.bpf.c
 * looks an arriving frame up by (xdp_fast_key) and how it rewrites and sends a frame it finds
 * (xdp_fast_val), shared by the program and the forwarder that fills its map. An entry is
 * learnt from a frame the forwarder itself forwarded (xdp_fast_learn): the key from the frame
 * as it arrived, the rewrite from the frame as it left, so the kernel repeats exactly what the
 * forwarder did, for the later frames of the same connection and direction.
 *
 * Types from linux/types.h only: this header is compiled for the BPF target too.
 */
#ifndef HVLB_CORE_XDP_FAST_ENTRY_H
#define HVLB_CORE_XDP_FAST_ENTRY_H

#include <linux/types.h>

/* An IPv4 TCP or UDP frame's tuple as it arrives (network order). One map per port: the
 * port is not in the key. */
struct xdp_fast_key {
	__be32 saddr;
	__be32 daddr;
	__be16 sport;
	__be16 dport;
	__u8 proto;
	__u8 pad[3];
};

/* An IPv6 TCP or UDP frame's tuple as it arrives (its own map, hvlb_fast_flow6: an IPv4 key
 * stays 16 bytes to hash). */
struct xdp_fast_key6 {
	__u8 saddr[16];
	__u8 daddr[16];
	__be16 sport;
	__be16 dport;
	__u8 proto;
	__u8 pad[3];
};

/* Entries a port's program holds at most (its hvlb_fast_flows), and slots of its counts
 * (hvlb_fast_count): the forwarder's workers share them, each its own range of slots. */
#define XDP_FAST_SLOTS 262144

/* What the frame becomes. The checksum changes are the same for every frame of a connection
 * and direction, so they are summed once, at learning (RFC 1624), as rewrite_nat4_deltas does
 * for the forwarder's own fast path: the result is its bytes. */
struct xdp_fast_val {
	__u8 dmac[6];
	__u8 smac[6];
	__be32 saddr;
	__be32 daddr;
	__be16 sport;
	__be16 dport;
	__u32 oif;     /* the egress interface's index (the ingress one: XDP_TX) */
	__u16 d_ip;    /* the IPv4 checksum's change: addresses and the TTL's decrement, folded */
	__u16 d_l4;    /* the TCP or UDP checksum's: addresses and ports, folded */
	__u8 ttl_dec;  /* 1: the TTL is decremented (a frame arriving with TTL <= 1 goes up) */
	__u8 via;      /* how the frame leaves: XDP_FAST_VIA_REDIRECT or XDP_FAST_VIA_STACK */
	__u16 max_len; /* the longest frame sent on (the egress port's MTU and Ethernet header;
			  longer goes up, to be fragmented or refused there); 0: any */
	__u32 slot;    /* its counts' slot in hvlb_fast_count (< XDP_FAST_SLOTS; the forwarder's) */
};

/* What an IPv6 frame becomes: xdp_fast_val's fields, IPv6's addresses, and no header checksum
 * (the hop limit's decrement changes no checksum). */
struct xdp_fast_val6 {
	__u8 dmac[6];
	__u8 smac[6];
	__u8 saddr[16];
	__u8 daddr[16];
	__be16 sport;
	__be16 dport;
	__u32 oif;
	__u16 d_l4;    /* the TCP or UDP checksum's change: addresses and ports, folded */
	__u8 hop_dec;  /* 1: the hop limit is decremented (a frame arriving with 1 or 0 goes up) */
	__u8 via;
	__u16 max_len;
	__u16 pad;
	__u32 slot;
};

/* The program's counts of an entry, in the slot its value names of the port's hvlb_fast_count:
 * an array the forwarder maps into its memory (BPF_F_MMAPABLE) and reads without a system
 * call. Written by the program only, and never zeroed: the forwarder keeps what it has folded
 * and takes the difference, so a slot passes from one entry to the next as it is. */
struct xdp_fast_count {
	__u64 packets;
	__u64 bytes;
	__u64 last_ns; /* bpf_ktime_get_ns() of the last frame sent: CLOCK_MONOTONIC */
};

/* How a rewritten frame reaches its egress interface. An XDP redirect (XDP_TX to the interface
 * it came in by) is the cheapest, but a veth takes redirected frames only where its peer has
 * NAPI (GRO on, or an XDP program of its own), and drops them otherwise. Through the stack, the
 * program passes the rewritten frame up with an xdp_fast_meta in front of it, and the port's
 * TC ingress program (bpf/tc_fast.bpf.c) redirects its socket buffer to the egress interface:
 * any interface takes that, at the cost of a socket buffer. */
enum xdp_fast_via {
	XDP_FAST_VIA_REDIRECT = 0,
	XDP_FAST_VIA_STACK = 1,
};

/* The XDP metadata a frame passed up through the stack carries to the TC program. */
#define XDP_FAST_META_MAGIC 0x68766c62u /* "hvlb" */
struct xdp_fast_meta {
	__u32 magic;
	__u32 oif;
};

/* The program's counters (a per-CPU array, one slot each). */
enum xdp_fast_stat {
	XDP_FAST_STAT_FAST_PKTS,  /* frames rewritten and sent in the kernel */
	XDP_FAST_STAT_FAST_BYTES,
	XDP_FAST_STAT_UP_PKTS,    /* frames given to the forwarder's socket */
	XDP_FAST_STAT_MAX,
};

#ifndef __bpf__
#include <stdint.h>

/* The entry that turns frame in (as it arrived on a port) into frame out (as the forwarder sent
 * it): 0 and *k, *v filled (counts zero, oif left 0 for the caller), or -1 where the kernel
 * could not repeat it: not IPv4 TCP or UDP without options and fragments and VLAN tags, a
 * length, protocol or anything but the MACs, the addresses, the ports, the TTL (by at most 1)
 * and the checksums changed. */
int xdp_fast_learn(const uint8_t *in, uint32_t in_len, const uint8_t *out, uint32_t out_len,
		   struct xdp_fast_key *k, struct xdp_fast_val *v);

/* The same for IPv6 TCP or UDP without extension headers (a UDP checksum of 0 refused: IPv6
 * has none such, RFC 8200 8.1), the hop limit for the TTL. */
int xdp_fast_learn6(const uint8_t *in, uint32_t in_len, const uint8_t *out, uint32_t out_len,
		    struct xdp_fast_key6 *k, struct xdp_fast_val6 *v);

/* An entry of either family, as the forwarder hands it over: key and val as the family's map
 * takes them (memory holds the family's struct at the union's start). */
struct xdp_fast_entry {
	__u8 af; /* 4 or 6 */
	union {
		struct xdp_fast_key k4;
		struct xdp_fast_key6 k6;
	} key;
	union {
		struct xdp_fast_val v4;
		struct xdp_fast_val6 v6;
	} val;
};

/* xdp_fast_learn or xdp_fast_learn6 by the frame's EtherType, behind one VLAN tag the same on
 * both frames (the entry is then the untagged frame's: the program keeps a frame's tag as the
 * forwarder does): 0 and *e filled (the whole key union zeroed first, so that two keys compare
 * with memcmp), or -1. */
int xdp_fast_learn_any(const uint8_t *in, uint32_t in_len, const uint8_t *out, uint32_t out_len,
		       struct xdp_fast_entry *e);

/* How e's frames leave, and its counts' slot: the fields the forwarder sets once learnt. */
static inline void
xdp_fast_entry_egress(struct xdp_fast_entry *e, uint32_t oif, uint8_t via, uint16_t max_len,
		      uint32_t slot)
{
	if (e->af == 6) {
		e->val.v6.oif = oif;
		e->val.v6.via = via;
		e->val.v6.max_len = max_len;
		e->val.v6.slot = slot;
	} else {
		e->val.v4.oif = oif;
		e->val.v4.via = via;
		e->val.v4.max_len = max_len;
		e->val.v4.slot = slot;
	}
}

/* Whether an entry taught at since_ns whose last frame the program sent at last_ns (0: none
 * yet) has carried nothing for idle_ns at now_ns (all CLOCK_MONOTONIC). The program counts on
 * other cores while the forwarder looks: a frame sent after the forwarder read now_ns has a
 * last_ns past it, and is as fresh as can be, not 2^64 ns old. */
static inline int
xdp_fast_idle(uint64_t now_ns, uint64_t last_ns, uint64_t since_ns, uint64_t idle_ns)
{
	uint64_t last = last_ns > since_ns ? last_ns : since_ns;

	return now_ns > last && now_ns - last >= idle_ns;
}
#endif

#endif
