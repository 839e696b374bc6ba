/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The client's address for the NF of a FullNAT service (docs/mode-fullnat.md), as DPVS's TOA
 * ("TCP option address"): a TCP option in the SYN the forwarder sends on, which the NF's
 * kernel module (or a raw-socket reader) takes the real client from.
 *
 *   IPv4 client: kind 254, length 8:  port (2 bytes), address (4), network order
 *   IPv6 client: kind 254, length 20: port (2 bytes), address (16)
 *
 * Only in a SYN without payload whose options leave room for it (the TCP header stays at most
 * 60 bytes): otherwise the SYN goes on without it (counted by the caller). The option makes
 * the frame longer: the caller gives toa_insert a frame that starts `len` bytes earlier than
 * the received one (room the mbuf had in front).
 */
#ifndef HVLB_CORE_TOA_H
#define HVLB_CORE_TOA_H

#include <stdint.h>

#include "parse.h"
#include "types.h"

#define TOA_KIND 254
#define TOA_LEN4 8
#define TOA_LEN6 20

/* The bytes a TOA for a client of family af adds to the parsed SYN frame (pi), or 0 when it
 * does not fit or is not wanted there (not a SYN, a SYN with payload, no option room). frame
 * is the received frame (the TCP header's data offset is read from it). */
uint16_t toa_room(const uint8_t *frame, const struct pkt_info *pi, uint8_t af);

/* Insert the option for client:cport (network order) into the SYN that starts len bytes
 * (toa_room's answer) after frame: the headers move len bytes to the front, the option goes
 * after the existing ones, the IP length, TCP data offset and both checksums (the TCP one
 * computed again over the short SYN; the IPv4 header's updated) follow. pi is the SYN's
 * parse, before the move; its offsets stay valid for the moved frame. */
void toa_insert(uint8_t *frame, const struct pkt_info *pi, uint16_t len,
		const union hvlb_addr *client, uint16_t cport);

/* UDP: the same facts as a trailer after each datagram's payload, read from its end (the last
 * byte is the length, the one before it the kind, as the TOA's first two bytes reversed):
 *
 *   IPv4 client: address (4), port (2), kind 254, length 8
 *   IPv6 client: address (16), port (2), kind 254, length 20
 *
 * The NF takes the trailer off when the last two bytes say so. Only while the IP packet stays
 * within TOA_UDP_MAX_L3 bytes (the Ethernet MTU: the forwarder does not fragment). */
#define TOA_UDP_MAX_L3 1500

/* The bytes the trailer adds to the parsed UDP datagram (pi), or 0 when it would not fit. */
uint16_t toa_udp_room(const struct pkt_info *pi, uint8_t af);

/* Write the trailer for client:cport at frame + l3_off + l3_len (the caller made the frame
 * that long plus len, any Ethernet padding dropped) and update the IP and UDP lengths, the
 * IPv4 header checksum and the UDP checksum (incrementally; a UDP/IPv4 checksum of 0 stays
 * 0). */
void toa_udp_insert(uint8_t *frame, const struct pkt_info *pi, uint16_t len,
		    const union hvlb_addr *client, uint16_t cport);

/* Read a TOA from a TCP header of hlen bytes (the tests, and a lab NF's model): 0 and the
 * client, or -1 when there is none. */
int toa_find(const uint8_t *tcp, unsigned hlen, union hvlb_addr *client, uint16_t *cport,
	     uint8_t *af);

#endif
