/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * SCTP (RFC 9260) as a load balancer sees it: the common header and the chunks of a packet
 * checked, the packet reduced to the TCP flags the connection table's state machine already
 * knows (docs/sctp.md: INIT is a SYN, INIT-ACK a SYN-ACK, SHUTDOWN and SHUTDOWN-ACK a FIN each
 * way, ABORT and SHUTDOWN-COMPLETE an RST, anything else an ACK), and the CRC32c checksum.
 * No DPDK; never writes to a packet except sctp_csum_set and sctp_hide_addrs.
 */
#ifndef HVLB_CORE_SCTP_H
#define HVLB_CORE_SCTP_H

#include <stdbool.h>
#include <stdint.h>

#include "drop.h"

#define SCTP_HLEN 12       /* source port, destination port, verification tag, checksum */
#define SCTP_CHUNK_HLEN 4  /* type, flags, length */
#define SCTP_INIT_LEN 20   /* an INIT or INIT-ACK chunk's fixed part */

/* Chunk types hvlb tells apart (IANA's registry). */
#define SCTP_CT_DATA 0
#define SCTP_CT_INIT 1
#define SCTP_CT_INIT_ACK 2
#define SCTP_CT_ABORT 6
#define SCTP_CT_SHUTDOWN 7
#define SCTP_CT_SHUTDOWN_ACK 8
#define SCTP_CT_COOKIE_ECHO 10
#define SCTP_CT_SHUTDOWN_COMPLETE 14
#define SCTP_CT_ASCONF_ACK 0x80
#define SCTP_CT_ASCONF 0xc1

/* The T bit of ABORT and SHUTDOWN-COMPLETE: the tag is the receiver's own, reflected. */
#define SCTP_CHUNK_FLAG_T 0x01

/* Address parameters of INIT and INIT-ACK (RFC 9260 3.3.2.1), and the padding parameter
 * (RFC 4820) sctp_hide_addrs turns them into: its type's top bits say "skip, do not report". */
#define SCTP_PARAM_IPV4 5
#define SCTP_PARAM_IPV6 6
#define SCTP_PARAM_PAD 0x8005

/* Check the SCTP packet l4[0..len) (len >= SCTP_HLEN; parse_frame made sure) and reduce its
 * chunks to TCP flags in *fl (parse.h HVLB_TCP_*). Returns HVLB_DROP_NONE or (docs/sctp.md):
 * SCTP_BAD_CHUNK (no chunk, a chunk length below 4 or past the packet, an INIT / INIT-ACK
 * shorter than its fixed part or with an initiate tag of 0, INIT, INIT-ACK or
 * SHUTDOWN-COMPLETE bundled with another chunk), SCTP_BAD_VTAG (an INIT whose verification
 * tag is not 0, any other packet whose tag is 0 without the T bit), SCTP_UNKNOWN_CHUNK (a
 * chunk type not in RFC 9260 or its extensions whose top bits tell the receiver to discard
 * the packet: it would be dropped there anyway), SCTP_ASCONF (ASCONF / ASCONF-ACK: adding or
 * removing an address of an association behind NAT is refused, docs/sctp.md). */
enum hvlb_drop sctp_parse(const uint8_t *l4, uint32_t len, uint8_t *fl);

/* Match the verification tag of the packet l4[0..len) (sctp_parse passed it, whole: not a
 * fragment) of an association, sent in direction dir (0 from the client, 1 from the NF),
 * against the association's tags, and learn what the packet teaches. tags[d] is the tag the
 * packets of direction d carry (their receiver's), 0 while not known. An INIT opens the
 * association: its initiate tag is its sender's (tags[dir ^ 1]); tags[dir] is not known
 * until the INIT-ACK's initiate tag says it. An INIT on an association whose tags are known
 * (a restart, or forged) makes both unknown: learnt again from the next packets. A T-bit ABORT or SHUTDOWN-COMPLETE
 * carries its sender's own tag (tags[dir ^ 1]). A tag not known is taken from the first
 * packet without the T bit that carries it (an association learnt by sync has none).
 * Returns HVLB_DROP_NONE, or HVLB_DROP_SCTP_BAD_VTAG (tags unchanged). */
enum hvlb_drop sctp_vtag_check(const uint8_t *l4, unsigned dir, uint32_t tags[2]);

/* CRC32c (Castagnoli, as SCTP uses it) of p[0..len), seeded with crc (~0 to start) and not
 * inverted at the end; sctp_csum_* finish it. SSE4.2's crc32 instruction where the build has
 * it (8 bytes a step), else a table. */
uint32_t sctp_crc32c(uint32_t crc, const uint8_t *p, uint32_t len);

/* Whether the checksum of the SCTP packet l4[0..len) is right. */
bool sctp_csum_ok(const uint8_t *l4, uint32_t len);

/* Write the checksum of the SCTP packet l4[0..len) (after a port changed). */
void sctp_csum_set(uint8_t *l4, uint32_t len);

/* In an INIT or INIT-ACK packet (sctp_parse passed it), turn every IPv4 / IPv6 address
 * parameter into a padding parameter of the same length, so the peer knows only the address
 * the packet came from: behind NAT, an NF's own addresses or a client's other addresses are
 * paths the forwarder cannot carry (docs/sctp.md, multi-homing). Returns how many it hid; the
 * caller recomputes the checksum when it is not 0. */
unsigned sctp_hide_addrs(uint8_t *l4, uint32_t len);

#endif
