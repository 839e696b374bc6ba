/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * VXLAN decapsulation and re-encapsulation in place (vxlan.h).
 */
#include <string.h>

#include "csum.h"
#include "rewrite.h"
#include "vxlan.h"

#define VXLAN_ETH_HLEN 14

enum hvlb_drop
vxlan_decap(const uint8_t *frame, const struct pkt_info *outer, uint32_t *vni,
	    struct pkt_info *inner)
{
	const uint8_t *vx = frame + outer->l4_off + 8;
	uint32_t off = (uint32_t)outer->l4_off + 8 + VXLAN_HLEN;
	uint32_t end = (uint32_t)outer->l3_off + outer->l3_len;
	enum hvlb_drop r;

	if (outer->l4_len < 8 + VXLAN_HLEN + VXLAN_ETH_HLEN || !(vx[0] & VXLAN_FLAG_I))
		return HVLB_DROP_VXLAN_MALFORMED;
	/* Options in the outer header are dropped by parse_frame: the headers are fixed. */
	if (outer->l4_off != vxlan_outer_l3(frame) + 20)
		return HVLB_DROP_VXLAN_MALFORMED;
	r = parse_verify_l4_csum(frame, outer); /* a zero checksum (the usual) passes */
	if (r != HVLB_DROP_NONE)
		return r;
	*vni = (uint32_t)vx[4] << 16 | (uint32_t)vx[5] << 8 | vx[6];
	r = parse_frame(frame + off, end - off, inner);
	if (r != HVLB_DROP_NONE)
		return r;
	if (inner->kind != PKT_IP || inner->key.af != HVLB_AF_INET ||
	    (inner->key.proto != HVLB_PROTO_TCP && inner->key.proto != HVLB_PROTO_UDP) ||
	    inner->has_vlan)
		return HVLB_DROP_VXLAN_INNER_UNHANDLED;
	inner->l3_off = (uint16_t)(inner->l3_off + off);
	inner->l4_off = (uint16_t)(inner->l4_off + off);
	return HVLB_DROP_NONE;
}

void
vxlan_encap(uint8_t *frame, const struct pkt_info *inner, uint32_t our_be, uint32_t peer_be,
	    uint16_t sport_be)
{
	uint16_t l3 = vxlan_outer_l3(frame);
	uint8_t *ip = frame + l3, *udp = ip + 20;
	uint8_t *eth = frame + inner->l3_off - VXLAN_ETH_HLEN;
	uint16_t zero = 0;

	memcpy(ip + 12, &our_be, 4);
	memcpy(ip + 16, &peer_be, 4);
	ip[8] = 64;
	memcpy(ip + 10, &zero, 2);
	uint16_t c = csum_ipv4_hdr(ip, 20);
	memcpy(ip + 10, &c, 2);
	memcpy(udp, &sport_be, 2);
	memcpy(udp + 6, &zero, 2);
	vxlan_vtep_mac(eth, peer_be);
	vxlan_vtep_mac(eth + 6, our_be);
	rewrite_ttl_dec(frame, inner);
}
