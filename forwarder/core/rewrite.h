/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * In-place rewrites of a parsed frame. None of them changes the frame's length, so the worker
 * forwards the same buffer it received. Every checksum is updated incrementally.
 */
#ifndef HVLB_CORE_REWRITE_H
#define HVLB_CORE_REWRITE_H

#include <stdint.h>

#include "parse.h"
#include "types.h"

/* NAT, client -> NF: destination address and port become the RS's (dport 0 keeps the
 * client's port), TTL / hop limit decremented. IPv4 header and L4 checksums updated (a UDP/IPv4
 * checksum of 0 stays 0). The caller has checked ttl > 1. pi->key is not updated. */
void rewrite_nat_to_rs(uint8_t *frame, const struct pkt_info *pi, const union hvlb_addr *rs_addr,
		       uint16_t rs_port);

/* NAT, NF -> client: source address and port become the VIP's, TTL decremented. */
void rewrite_nat_to_client(uint8_t *frame, const struct pkt_info *pi, const union hvlb_addr *vip,
			   uint16_t vport);

/* A later fragment of a datagram (pi->frag TAIL) of a NAT or FullNAT connection: source and
 * destination addresses set to src and dst (NULL: kept), TTL / hop limit decremented, the
 * IPv4 header checksum updated. Nothing past the IP header: the L4 checksum is in the first
 * fragment, whose rewrite updated it for the whole datagram (docs/fragments.md). */
void rewrite_frag_tail(uint8_t *frame, const struct pkt_info *pi, const union hvlb_addr *src,
		       const union hvlb_addr *dst);

/* Decrement TTL / hop limit only (DR mode and plain routing), IPv4 checksum updated. */
void rewrite_ttl_dec(uint8_t *frame, const struct pkt_info *pi);

/* Set the Ethernet destination and source MACs. The VLAN tag, if any, is kept. Inline: every
 * forwarded packet gets it. */
static inline void
rewrite_l2(uint8_t *frame, const uint8_t dst[6], const uint8_t src[6])
{
	memcpy(frame, dst, HVLB_ETHER_ADDR_LEN);
	memcpy(frame + HVLB_ETHER_ADDR_LEN, src, HVLB_ETHER_ADDR_LEN);
}

/* ICMP error about a client <-> VIP connection, arriving for the VIP, to be sent to the
 * connection's NF: outer destination VIP -> rs_addr; embedded packet's source VIP:vport ->
 * rs_addr:rs_port (its IP header checksum and L4 checksum field updated); ICMP checksum
 * recomputed over the message (ICMPv6: with its pseudo-header); outer TTL decremented.
 * inner_l3_off as returned by parse_icmp_inner. */
void rewrite_icmp_err_to_rs(uint8_t *frame, const struct pkt_info *pi, uint16_t inner_l3_off,
			    const union hvlb_addr *rs_addr, uint16_t rs_port);

/* Turn an ARP request for one of our addresses into its reply, in place: op 2, sender = (our
 * mac, the requested address), target = the requester, Ethernet addresses swapped. */
void rewrite_arp_reply(uint8_t *frame, const struct pkt_info *pi, const uint8_t our_mac[6]);

/* Turn an ICMP / ICMPv6 echo request into the echo reply, in place: addresses swapped, type
 * set, TTL 64, checksums updated, Ethernet addresses swapped; an IPv6 request's extension
 * headers left out, the message moved up. Returns how many bytes were left out: when not 0,
 * the reply ends at pi->l3_off + pi->l3_len minus that (its Ethernet padding gone too). */
uint32_t rewrite_echo_reply(uint8_t *frame, const struct pkt_info *pi);

/* Turn a neighbour solicitation for one of our addresses (target) into the solicited
 * neighbour advertisement, in place: flags S (and O), target LLA option = our mac, IPv6
 * source = target, destination = the solicitor (or all-nodes if it was unspecified), hop
 * limit 255, ICMPv6 checksum recomputed, Ethernet addresses set. The NA is never longer than
 * the NS (an NS without a source LLA option gets an NA without target LLA, and the NS's IPv6
 * extension headers are not carried: the NA follows the IPv6 header). Returns the new
 * frame length (it may shrink), or 0 when the NS cannot be answered. */
uint32_t rewrite_nd_advert(uint8_t *frame, const struct pkt_info *pi, const uint8_t our_mac[6]);

/* Build an ARP request (broadcast) asking for target_ip, from sender_ip/our_mac, into buf
 * (at least 60 bytes; padded to the Ethernet minimum). vlan_tci 0 means untagged. Returns
 * the frame length. */
uint32_t build_arp_request(uint8_t *buf, const uint8_t our_mac[6], uint32_t sender_ip_be,
			   uint32_t target_ip_be, uint16_t vlan_tci);

/* Build a multicast neighbour solicitation for target from src (with a source LLA option)
 * into buf (at least 90 bytes). Returns the frame length. */
uint32_t build_nd_solicit(uint8_t *buf, const uint8_t our_mac[6], const union hvlb_addr *src,
			  const union hvlb_addr *target, uint16_t vlan_tci);

#endif
