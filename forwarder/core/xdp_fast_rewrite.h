/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-3-Clause) */
/*
 * How the in-kernel fast path rewrites a frame its entry names (xdp_fast_entry.h): the XDP
 * program's own code (bpf/xdp_fast.bpf.c), in a header so that the forwarder's tests run the
 * very same on frames of their own (fuzz/fuzz_kfp.c: an entry learnt from a frame as it came
 * and as it left must turn the first into the second). Types from linux/types.h only.
 */
#ifndef HVLB_CORE_XDP_FAST_REWRITE_H
#define HVLB_CORE_XDP_FAST_REWRITE_H

#include <linux/types.h>

#include "xdp_fast_entry.h"

#ifndef __always_inline
#define __always_inline inline __attribute__((always_inline))
#endif

#define XDP_FAST_TCP 6
#define XDP_FAST_UDP 17

/* A checksum (as memory holds it) with a folded change added: rewrite_nat4_pre's arithmetic. */
static __always_inline __u16
xdp_fast_adjust(__u16 c, __u16 d)
{
	__u32 s = (__u32)(__u16)~c + d;

	return (__u16)~((s & 0xffff) + (s >> 16));
}

/* The IPv4 frame at eth (ip, l4 its headers, within the frame) rewritten as entry v says. */
static __always_inline void
xdp_fast_rewrite4(__u8 *eth, __u8 *ip, __u8 *l4, const struct xdp_fast_val *v)
{
	__u16 c;

	__builtin_memcpy(eth, v->dmac, 6);
	__builtin_memcpy(eth + 6, v->smac, 6);
	__builtin_memcpy(ip + 12, &v->saddr, 8);
	__builtin_memcpy(l4, &v->sport, 4);
	ip[8] -= v->ttl_dec;
	__builtin_memcpy(&c, ip + 10, 2);
	c = xdp_fast_adjust(c, v->d_ip);
	__builtin_memcpy(ip + 10, &c, 2);
	if (ip[9] == XDP_FAST_TCP) {
		__builtin_memcpy(&c, l4 + 16, 2);
		c = xdp_fast_adjust(c, v->d_l4);
		__builtin_memcpy(l4 + 16, &c, 2);
	} else {
		__builtin_memcpy(&c, l4 + 6, 2);
		if (c != 0) { /* UDP without a checksum stays so */
			c = xdp_fast_adjust(c, v->d_l4);
			if (c == 0) /* 0 would say "no checksum" (RFC 768) */
				c = 0xffff;
			__builtin_memcpy(l4 + 6, &c, 2);
		}
	}
}

/* The same for an IPv6 frame (ip, l4 its headers): no header checksum; the hop limit's
 * decrement is in none. */
static __always_inline void
xdp_fast_rewrite6(__u8 *eth, __u8 *ip, __u8 *l4, const struct xdp_fast_val6 *v)
{
	__u16 c;

	__builtin_memcpy(eth, v->dmac, 6);
	__builtin_memcpy(eth + 6, v->smac, 6);
	__builtin_memcpy(ip + 8, v->saddr, 32);
	__builtin_memcpy(l4, &v->sport, 4);
	ip[7] -= v->hop_dec;
	if (ip[6] == XDP_FAST_TCP) {
		__builtin_memcpy(&c, l4 + 16, 2);
		c = xdp_fast_adjust(c, v->d_l4);
		__builtin_memcpy(l4 + 16, &c, 2);
	} else {
		__builtin_memcpy(&c, l4 + 6, 2);
		c = xdp_fast_adjust(c, v->d_l4);
		if (c == 0) /* IPv6's UDP has no "no checksum" (RFC 8200 8.1) */
			c = 0xffff;
		__builtin_memcpy(l4 + 6, &c, 2);
	}
}

#endif
