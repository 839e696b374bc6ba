/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The forwarder as a VXLAN tunnel endpoint (RFC 7348; docs/mode-vxlan.md), as pure packet
 * logic: no DPDK, so the fixtures, the fuzzers and the worker run the same code.
 *
 * A VXLAN packet to one of the forwarder's addresses is decapsulated logically: the inner
 * frame is parsed where it lies (its offsets are from the start of the whole frame), its
 * tuple is keyed by the tenant of its VNI, and the packet is later sent on by rewriting the
 * outer headers in place (same length: no headroom needed, no copy).
 *
 * Tenants: each configured VNI has a small index (1 .. VXLAN_MAX_TENANTS) for as long as a
 * service has that VNI. The index goes in struct flow_key's pad, so that the same inner
 * addresses in two tenants are two keys, in the connection table and in steering, with no
 * growth of the key or of struct conn.
 */
#ifndef HVLB_CORE_VXLAN_H
#define HVLB_CORE_VXLAN_H

#include <stdint.h>

#include "drop.h"
#include "parse.h"
#include "types.h"

#define VXLAN_UDP_PORT 4789     /* IANA */
#define VXLAN_HLEN 8            /* flags (1), reserved (3), VNI (3), reserved (1) */
#define VXLAN_FLAG_I 0x08       /* the VNI is valid: the one flag a receiver checks */
#define VXLAN_VNI_MAX 0xffffffu /* 24 bits; 0 means "no overlay" in hvlb's configuration */
#define VXLAN_MAX_TENANTS 255   /* VNIs in use at once */
/* Outer headers from the outer IPv4 header to the inner Ethernet header. */
#define VXLAN_OUTER_L3_HLEN (20 + 8 + VXLAN_HLEN)

/* The VNIs in use and their tenant indexes, sorted by VNI for a binary search. */
struct vxlan_tenants {
	uint16_t n;
	uint32_t vni[VXLAN_MAX_TENANTS];
	uint16_t idx[VXLAN_MAX_TENANTS];
};

/* The tenant of vni, or 0 when no service has it. */
static inline uint16_t
vxlan_tenant_of(const struct vxlan_tenants *t, uint32_t vni)
{
	uint32_t lo = 0, hi = t->n;

	while (lo < hi) {
		uint32_t mid = (lo + hi) / 2;

		if (t->vni[mid] == vni)
			return t->idx[mid];
		if (t->vni[mid] < vni)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

/* The VNI of tenant index tenant, or 0 when none has it. A walk: for sync records, not
 * packets. */
static inline uint32_t
vxlan_vni_of(const struct vxlan_tenants *t, uint16_t tenant)
{
	for (uint32_t i = 0; i < t->n; i++)
		if (t->idx[i] == tenant)
			return t->vni[i];
	return 0;
}

/* Whether a parsed frame is UDP to the VXLAN port (the caller knows it is to our address). */
static inline bool
vxlan_is_vxlan(const struct pkt_info *outer)
{
	return outer->key.proto == HVLB_PROTO_UDP && outer->key.af == HVLB_AF_INET &&
	       outer->key.dport == __builtin_bswap16(VXLAN_UDP_PORT);
}

/* Decapsulate logically the VXLAN packet frame[0..len) that parse_frame described in *outer:
 * the VNI in *vni and the inner frame parsed in *inner, its offsets from frame (not from the
 * inner frame). The inner frame ends where the outer UDP datagram does. Returns
 * HVLB_DROP_NONE, VXLAN_MALFORMED (too short for a VXLAN header and an Ethernet header, the
 * I flag clear), BAD_L4_CSUM (an outer UDP checksum that is set and wrong), the inner
 * frame's own reason from parse_frame, or VXLAN_INNER_UNHANDLED (an inner frame that is not
 * TCP or UDP over IPv4: ARP, ICMP, IPv6 in the overlay are not served). */
enum hvlb_drop vxlan_decap(const uint8_t *frame, const struct pkt_info *outer, uint32_t *vni,
			   struct pkt_info *inner);

/* The outer UDP source port for an inner flow of hash h: 49152 .. 65535, as RFC 7348 5
 * advises, so that ECMP and RSS on the way spread the tenant's flows. Network order. */
static inline uint16_t
vxlan_src_port(uint32_t h)
{
	return __builtin_bswap16((uint16_t)(49152u + ((h ^ (h >> 16)) & 0x3fffu)));
}

/* The inner MAC of a VTEP: 02:00 and its IPv4 address (a locally administered unicast
 * address). hvlb has no inner ARP: every VTEP of a tenant answers to this MAC inside it
 * (docs/mode-vxlan.md: `ip link set vxlanN address ...`). */
static inline void
vxlan_vtep_mac(uint8_t mac[6], uint32_t vtep_be)
{
	mac[0] = 0x02;
	mac[1] = 0x00;
	memcpy(mac + 2, &vtep_be, 4);
}

/* Send a decapsulated packet on to another VTEP, in place: outer IPv4 source our_be (the
 * address it came to), destination peer_be, TTL 64, header checksum; outer UDP source port
 * sport_be, checksum 0 (allowed over IPv4, RFC 7348 5); the VNI as it came; the inner
 * Ethernet from our inner MAC to the peer's (vxlan_vtep_mac); the inner TTL decremented
 * (the forwarder routes the inner packet). inner is vxlan_decap's description of it. */
void vxlan_encap(uint8_t *frame, const struct pkt_info *inner, uint32_t our_be, uint32_t peer_be,
		 uint16_t sport_be);

/* The outer IPv4 header's offset of a frame vxlan_decap accepted (after the outer Ethernet
 * header and its 802.1Q tag, if any). */
static inline uint16_t
vxlan_outer_l3(const uint8_t *frame)
{
	return frame[12] == 0x81 && frame[13] == 0x00 ? 18 : 14;
}

/* The outer IPv4 source of such a frame: the VTEP it came from. */
static inline uint32_t
vxlan_outer_src(const uint8_t *frame)
{
	uint32_t a;

	memcpy(&a, frame + vxlan_outer_l3(frame) + 12, 4);
	return a;
}

#endif
