/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * IPv4 fragmentation (RFC 791 3.2) of a packet longer than the link it leaves by: what the
 * forwarder does to a datagram an af_packet port's kernel reassembled before the forwarder
 * read it (docs/fragments.md "Ports over kernel interfaces"). DPDK-free: it writes one
 * fragment at a time into a buffer the caller gives; worker_mtu.c allocates, sends and counts.
 */
#ifndef HVLB_IPFRAG_H
#define HVLB_IPFRAG_H

#include <stdbool.h>
#include <stdint.h>

#define IP4_FLAG_DF 0x4000
#define IP4_FLAG_MF 0x2000
#define IP4_OFF_MASK 0x1fff

/* The header length of the fragments after the first: the 20-byte base header and the options
 * whose copied flag is set, padded to a multiple of 4 (options without it go in the first
 * fragment only). ip: an IPv4 header whose IHL the caller checked. */
uint16_t ip4frag_later_hlen(const uint8_t *ip);

/* The payload a fragment with a header of hlen carries within mtu: a multiple of 8 (the
 * fragment offset's unit), 0 when mtu leaves no 8 bytes. */
static inline uint16_t
ip4frag_chunk(uint16_t mtu, uint16_t hlen)
{
	return mtu > hlen + 7 ? (uint16_t)((mtu - hlen) & ~7u) : 0;
}

/* Write into out the fragment of the IPv4 packet at ip (its total length l3_len, header
 * included) that carries the payload bytes [off, off + len): the whole header when off is 0,
 * the copied options only (ip4frag_later_hlen) after; length, flags, offset and checksum
 * set. A packet that is a fragment already keeps its place in its datagram (its offset added,
 * MF kept on every piece of a non-last fragment). off must be a multiple of 8, len too unless
 * the piece ends the packet. Returns the fragment's length. */
uint16_t ip4frag_write(uint8_t *out, const uint8_t *ip, uint16_t l3_len, uint16_t off,
		       uint16_t len);

#endif
